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

__all__ = ["free_seat", "no_hand", "not_in_hand", "seated", "tournament_only"]


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


def free_seat(st: TableState, seat: SeatNo, newcomer: PlayerId | None = None) -> None:
    """``seat`` exists and is empty, and ``newcomer`` (if given) holds no other seat (SEAT-02:
    one seat per player)."""
    n = st.config.seats
    if not 1 <= seat <= n:
        raise TableError("no_such_seat", f"seat {seat} does not exist; seats are 1..{n}")
    if newcomer is not None and st.find(newcomer) is not None:
        where = st.seat_of(newcomer)
        raise TableError("already_seated", f"{newcomer} already sits in seat {where}")
    holder = st.seats[seat - 1]
    if holder is not None:
        free = ", ".join(map(str, st.free_seats())) or "none"
        raise TableError(
            "seat_taken", f"seat {seat} is taken by {holder.player}; free seats: {free}"
        )


def tournament_only(st: TableState, what: str) -> None:
    """``what`` is done at tournament tables only."""
    rules = st.config.rules
    if not rules.is_tournament:
        raise TableError(
            "not_a_tournament", f"{what} is for tournament tables; {rules.name} {rules.mode}"
        )
