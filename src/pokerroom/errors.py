"""One error tree for pokerroom.

Every error has a stable ``code`` (for machines) and a message that says what was wrong and
what is allowed (for people).

>>> err = IllegalAction("raise_below_minimum", "raise to 150 is below the minimum raise to 200")
>>> err.code
'raise_below_minimum'
>>> isinstance(err, PokerroomError)
True
"""

from __future__ import annotations

__all__ = [
    "CardError",
    "ConfigError",
    "DealError",
    "IllegalAction",
    "NotationError",
    "PokerroomError",
    "ReplayError",
]


class PokerroomError(Exception):
    """Base of every error pokerroom raises on purpose."""

    code: str

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return self.message


class CardError(PokerroomError, ValueError):
    """A card or card string that cannot be parsed, or a duplicate card."""


class ConfigError(PokerroomError, ValueError):
    """A hand, table or house configuration that is not allowed."""


class IllegalAction(PokerroomError):
    """An action the rules do not allow in this state; the state is left unchanged."""


class DealError(PokerroomError):
    """A card dealt out of order, unknown where it must be known, or seen twice."""


class NotationError(PokerroomError, ValueError):
    """A malformed hand history (PHH): names the field or action and what is allowed."""


class ReplayError(PokerroomError):
    """A hand history whose actions the rules reject; names the action and the rule."""
