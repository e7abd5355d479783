"""House profiles: the rule parameters of each card room."""

from pokerroom.house.rules import HouseRules, Mode

__all__ = ["HouseRules", "Mode"]
