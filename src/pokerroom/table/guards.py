"""Checks that several table commands share: each raises :class:`TableError` saying what is
wrong, or returns what the command needs.

>>> from pokerroom.house import load_house
>>> from pokerroom.table.config import TableConfig
>>> state = TableState.empty(TableConfig(load_house("lpr", "cash"), seats=6))
>>> try:
...     seated(state, PlayerId("ann"))
... except TableError as err:
...     print(err.code)
not_seated
"""

from __future__ import annotations

from pokerroom.table.seats import PlayerId, Seat, SeatNo, TableError
from pokerroom.table.state import TableState

__all__ = ["no_hand", "not_in_hand", "seated", "tournament_only"]


def no_hand(st: TableState, what: str) -> None:
    """``what`` happens only between hands."""
    if st.hand is not None:
        raise TableError("hand_in_progress", f"{what} only between hands; a hand is in play")


def not_in_hand(st: TableState, player: PlayerId, what: str) -> None:
    """STK-01 / STK-04: ``player`` may do ``what`` only when he is not in the hand in play."""
    if st.position_of(player) is not None:
        raise TableError(
            "in_hand", f"{player} is in the hand in play: {what} only after it (STK-01, STK-04)"
        )


def seated(st: TableState, player: PlayerId) -> tuple[SeatNo, Seat]:
    """The seat number and seat of ``player`` (``not_seated`` if he is not at the table)."""
    no = st.seat_of(player)
    seat = st.seats[no - 1]
    assert seat is not None
    return no, seat


def tournament_only(st: TableState, what: str) -> None:
    """``what`` is done at tournament tables only."""
    rules = st.config.rules
    if not rules.is_tournament:
        raise TableError(
            "not_a_tournament", f"{what} is for tournament tables; {rules.name} {rules.mode}"
        )
