"""Seats, players and positions: three different things (DESIGN.md convention 5).

A :data:`SeatNo` is a chair (1..10), a :data:`PlayerId` is a person, a :data:`Position` is the
order of a player in one hand (0 = first dealt to, left of the button seat). A :class:`Seat`
is what the table knows about the person in a chair: his stack, whether he sits out, whether he
is new to the game (NEW-01/02) and what blinds he owes (NEW-04).

>>> seat = Seat(PlayerId("ann"), stack=200)
>>> seat.owes, seat.dealable
(False, True)
>>> clockwise_after(SeatNo(9), 10)
(10, 1, 2, 3, 4, 5, 6, 7, 8, 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NewType

from pokerroom.errors import PokerroomError
from pokerroom.values import quick_init, with_fields

__all__ = [
    "PlayerId",
    "Position",
    "Seat",
    "SeatNo",
    "TableError",
    "between",
    "clockwise_after",
]

SeatNo = NewType("SeatNo", int)
"""A chair at the table, numbered clockwise from 1."""

PlayerId = NewType("PlayerId", str)
"""A person, whatever chair he sits in."""

Position = NewType("Position", int)
"""Order in one hand: 0 = first seat dealt to (left of the button seat), last = button."""


class TableError(PokerroomError):
    """A table command the rules do not allow now; the table is left unchanged."""


@quick_init  # a seat is built for every buy-in and rebuy
@dataclass(frozen=True)
class Seat:
    """One occupied chair: the player, his chips and his standing in the game."""

    player: PlayerId
    stack: int
    #: The player asked to sit out: not dealt in (cash), dealt in and killed (tournament).
    sitting_out: bool = False
    #: NEW-01/02: not dealt a hand yet since sitting down (or since a rebuy, NEW-06).
    new: bool = True
    #: NEW-04: a big blind passed the seat while the player sat out.
    missed_bb: bool = False
    #: NEW-04: a small blind passed the seat while the player sat out.
    missed_sb: bool = False
    #: NEW-04 (LPR r69): the button has passed the seat since the blind was missed.
    button_passed: bool = False
    #: NEW-02/04: the player chose to post now rather than wait for his big blind.
    will_post: bool = False
    #: STK-03: buy-ins below the minimum this session (continuous seating at this table).
    short_buyins: int = 0
    #: BTN-06: number of the last hand in which this player posted the big blind (-1: never).
    last_bb_hand: int = -1

    @property
    def owes(self) -> bool:
        """NEW-04: a missed blind is owed before the player may be dealt in off the big blind."""
        return self.missed_bb or self.missed_sb

    def with_stack(self, stack: int) -> Seat:
        """This seat with ``stack`` chips (settling a hand makes one for every stack that
        changed: a copy of the fields, quicker than ``dataclasses.replace``).

        >>> Seat(PlayerId("ann"), 200, new=False).with_stack(150)
        Seat(player='ann', stack=150, sitting_out=False, new=False, missed_bb=False, \
missed_sb=False, button_passed=False, will_post=False, short_buyins=0, last_bb_hand=-1)
        """
        return with_fields(self, {"stack": stack})

    @property
    def dealable(self) -> bool:
        """Has chips and is sitting in (cash: may be dealt in; other rules may still block)."""
        return self.stack > 0 and not self.sitting_out


@lru_cache(maxsize=128)
def clockwise_after(seat: SeatNo, seats: int) -> tuple[SeatNo, ...]:
    """Every seat number clockwise starting after ``seat`` and ending with ``seat`` itself
    (cached: the table asks for the same few orders before every hand)."""
    return tuple(SeatNo((seat + k - 1) % seats + 1) for k in range(1, seats + 1))


def between(seat: SeatNo, start: SeatNo, end: SeatNo, seats: int) -> bool:
    """True when ``seat`` lies strictly after ``start`` and strictly before ``end`` clockwise.

    >>> between(SeatNo(10), SeatNo(8), SeatNo(2), 10), between(SeatNo(3), SeatNo(8), SeatNo(2), 10)
    (True, False)
    """
    d_seat = (seat - start) % seats
    d_end = (end - start) % seats
    if d_end == 0:
        d_end = seats
    return 0 < d_seat < d_end
