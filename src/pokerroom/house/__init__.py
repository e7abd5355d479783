"""House profiles: the rule parameters of each card room.

>>> from pokerroom.house import load_house
>>> load_house("roberts", "tournament").limit_heads_up_uncapped_in_cash
False
"""

from pokerroom.house.profiles import (
    HOUSES,
    derive,
    describe_house,
    diff_houses,
    format_diff,
    list_houses,
    load_house,
    load_house_file,
    load_profile,
)
from pokerroom.house.rules import HouseRules, Mode

__all__ = [
    "HOUSES",
    "HouseRules",
    "Mode",
    "derive",
    "describe_house",
    "diff_houses",
    "format_diff",
    "list_houses",
    "load_house",
    "load_house_file",
    "load_profile",
]
