"""The tournament branch of the pokerroom error tree.

Every error has a stable ``code`` and a message that says what was wrong and what is allowed.
An operation that raises changes nothing: every tournament value is immutable, so the caller
still holds the value it had before the call.

>>> err = RegistrationError("late_reg_closed", "late registration closed at the end of level 2")
>>> err.code, isinstance(err, TournamentError)
('late_reg_closed', True)
>>> isinstance(StructureError("bad_key", "x"), ConfigError)
True
"""

from __future__ import annotations

from pokerroom.errors import ConfigError, PokerroomError

__all__ = [
    "ClockError",
    "PayoutError",
    "RegistrationError",
    "SeatingError",
    "StructureError",
    "TournamentError",
]


class TournamentError(PokerroomError):
    """Base of every tournament error."""


class StructureError(TournamentError, ConfigError):
    """A blind structure (or structure file) that is not allowed: names the key and the rule."""


class ClockError(TournamentError):
    """A clock operation that cannot be done now (e.g. removing more time than is left)."""


class RegistrationError(TournamentError):
    """A registration, re-entry, add-on or entry change the event's rules do not allow."""


class SeatingError(TournamentError):
    """A seat that is taken, a player seated twice, a table that does not exist."""


class PayoutError(TournamentError):
    """A payout table or a prize pool that cannot be paid as asked."""
