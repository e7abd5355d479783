"""Players changing seats and tables: in cash games NEW-07, NEW-08, STK-06 (with SEAT-07); in
tournaments the director's moves between tables (TRN-09: ``MoveOut`` / ``MoveIn``).

Each ``decide_*`` function checks a command against the table and the house and returns the
events it causes (or raises :class:`TableError`, changing nothing); each ``evolve_*`` function
is the one place its event changes the table. :mod:`pokerroom.table.table` wires them in.

* NEW-07 (HIPP:L225; LPR:L181): a seat change that takes the player further from the big
  blind, or out of a blind he was about to post, is made but flagged for the floor
  (:class:`FloorFlagged`); moving closer to the big blind carries no penalty.
* NEW-08 (HIPP:L102): :func:`must_move_now` says whether a player who must move may first
  play his button because he has already taken a blind.
* STK-06: a transfer or a broken game keeps the stack (GROS:L111, HIPP:L115, LPR r87).

>>> from pokerroom.house import load_house
>>> from pokerroom.table.config import TableConfig
>>> cfg = TableConfig(load_house("hippodrome", "cash"), seats=6, buyin_min=40, buyin_max=200)
>>> transfer_floor(cfg, 25, broken_game=True, from_big_blind=None)
True
"""

from __future__ import annotations

from pokerroom.table.button import plan_hand
from pokerroom.table.commands import ChangeSeat, MoveIn, MoveOut, TransferIn, TransferOut
from pokerroom.table.config import TableConfig
from pokerroom.table.events import (
    FloorFlagged,
    PlayerMovedIn,
    PlayerMovedOut,
    PlayerTransferredIn,
    PlayerTransferredOut,
    SeatChanged,
    TableEvent,
)
from pokerroom.table.guards import free_seat, no_hand, not_in_hand, seated, tournament_only
from pokerroom.table.seats import PlayerId, Seat, SeatNo, TableError, clockwise_after
from pokerroom.table.state import TableState, seats_with, updated

__all__ = [
    "blind_distance",
    "decide_change_seat",
    "decide_move_in",
    "decide_move_out",
    "decide_transfer_in",
    "decide_transfer_out",
    "evolve_moved_in",
    "evolve_moved_out",
    "evolve_seat_changed",
    "evolve_transferred_in",
    "evolve_transferred_out",
    "must_move_now",
    "transfer_floor",
]


def _cash_only(st: TableState, what: str) -> None:
    rules = st.config.rules
    if rules.is_tournament:
        raise TableError(
            "tournament_table",
            f"{what} is for cash tables; tournament players are moved by the director "
            "(MoveOut / MoveIn)",
        )


# -- NEW-07 ---------------------------------------------------------------------------------


def blind_distance(st: TableState, player: PlayerId) -> tuple[int, bool] | None:
    """NEW-07: (hands before the big blind reaches ``player``, does he post a blind next hand).

    0 hands: he posts the big blind next hand. None when no next hand can be planned yet
    (no button, fewer than two players): then there is no blind to skip.
    """
    try:
        plan = plan_hand(st)
    except TableError:
        return None
    seat = st.seat_of(player)
    n = st.config.seats
    occupied = [
        s
        for s in clockwise_after(SeatNo((plan.bb_seat - 2) % n + 1), n)
        if (x := st.seats[s - 1]) is not None and x.stack > 0
    ]
    hands = occupied.index(seat) if seat in occupied else len(occupied)
    posts_next = seat in (plan.bb_seat, plan.sb_seat) or seat == plan.bb_poster
    return hands, posts_next


def decide_change_seat(st: TableState, c: ChangeSeat) -> list[TableEvent]:
    """NEW-07: move the player; flag the change when it skips a blind obligation."""
    _cash_only(st, "a seat change")
    no_hand(st, "a seat change")
    old = st.seat_of(c.player)
    free_seat(st, c.seat)
    seat = st.seats[old - 1]
    assert seat is not None
    before = blind_distance(st, c.player)
    moved = updated(st, seats=_moved(st.seats, old, c.seat))
    after = blind_distance(moved, c.player)
    events: list[TableEvent] = [SeatChanged(c.player, old, c.seat)]
    if before is not None and after is not None and not seat.new and not seat.sitting_out:
        (h0, post0), (h1, post1) = before, after
        if post0 and not post1:
            events.append(
                FloorFlagged(
                    "NEW-07",
                    c.player,
                    f"{c.player} moved from seat {old} to {c.seat} just before posting a blind "
                    "there: he skips it (HIPP:L225 may penalise)",
                )
            )
        elif h1 > h0:
            events.append(
                FloorFlagged(
                    "NEW-07",
                    c.player,
                    f"{c.player} moved from seat {old} to {c.seat}: the big blind reaches him "
                    f"in {h1} hands instead of {h0}, so he skips a blind (HIPP:L225 may penalise)",
                )
            )
    return events


def _moved(seats: tuple[Seat | None, ...], old: SeatNo, new: SeatNo) -> tuple[Seat | None, ...]:
    out = list(seats)
    out[new - 1], out[old - 1] = out[old - 1], None
    return tuple(out)


def evolve_seat_changed(st: TableState, e: SeatChanged) -> TableState:
    """NEW-07: the player (with his stack and standing) is in his new seat."""
    return updated(st, seats=_moved(st.seats, e.from_seat, e.to_seat))


# -- NEW-08 ---------------------------------------------------------------------------------


def must_move_now(st: TableState, player: PlayerId) -> tuple[bool, str]:
    """NEW-08 (HIPP:L102): must ``player`` (obliged to move, SEAT-08) leave before the next hand?

    He may stay to play his button when he has already taken a blind: he posted the big or
    the small blind in the last hand and the button has not reached him yet. Otherwise he
    goes at once.
    """
    seat = st.seat_of(player)
    if st.hand is not None and st.position_of(player) is not None:
        return False, f"NEW-08: {player} finishes the hand in play first (SEAT-02, HIPP:L100)"
    if st.hand_no == 0 or st.hand is not None:
        return True, f"NEW-08: {player} has taken no blind yet: he moves now"
    try:
        plan = plan_hand(st)
    except TableError:
        return True, f"NEW-08: no next hand can be dealt: {player} moves now"
    took_blind = seat in (st.sb_seat, st.bb_seat)
    if took_blind and seat in (plan.sb_seat, plan.button):
        what = "small blind and the button" if seat == plan.sb_seat else "button"
        return False, (
            f"NEW-08: {player} has taken a blind (seat {seat}); he may play his {what} "
            "before he moves (HIPP:L102)"
        )
    return True, f"NEW-08: {player} moves now (no blind taken since his last button)"


# -- STK-06 ---------------------------------------------------------------------------------


def transfer_floor(
    config: TableConfig, chips: int, *, broken_game: bool, from_big_blind: int | None
) -> bool:
    """STK-06: may a player arrive with ``chips`` from another table? True: below the minimum.

    Same stakes: he keeps his stack. Below the minimum is allowed from a broken game when
    ``broken_game_below_min_allowed`` (HIPP:L115) and on a voluntary transfer when
    ``transfer_keeps_stack`` (GROS:L111; CONFLICTS G-21); above the maximum too, as the
    chips are the same. Moving down in stakes: no more than this game's maximum when
    ``move_down_requires_stack_le_max`` (LPR r87). Moving up: this game's limits apply.
    """
    rules = config.rules
    lo, hi = config.buyin_limits
    same = from_big_blind is None or from_big_blind == config.big_blind
    below = chips < lo
    if same:
        allowed_below = (
            rules.broken_game_below_min_allowed if broken_game else rules.transfer_keeps_stack
        )
        if below and not allowed_below:
            why = "a broken game's" if broken_game else "a transferred"
            raise TableError(
                "below_minimum",
                f"{rules.name}: {why} stack of {chips} is below the minimum {lo} (STK-06); "
                f"add {lo - chips} first",
            )
        return below
    assert from_big_blind is not None
    down = from_big_blind > config.big_blind
    if hi is not None and chips > hi and (not down or rules.move_down_requires_stack_le_max):
        raise TableError(
            "above_maximum",
            f"{rules.name}: moving {'down' if down else 'up'} with {chips} is above this "
            f"game's maximum {hi} and no chips may be removed (STK-06, LPR r87)",
        )
    if below:
        raise TableError(
            "below_minimum",
            f"{rules.name}: {chips} from another stakes game is below this game's minimum "
            f"{lo}: add {lo - chips} first (STK-06 keeps the stack only at the same stakes)",
        )
    return False


def decide_transfer_out(st: TableState, c: TransferOut) -> list[TableEvent]:
    """STK-06: the player leaves with his whole stack (it must be played at the new table)."""
    _cash_only(st, "a transfer")
    no = st.seat_of(c.player)
    if st.position_of(c.player) is not None:
        raise TableError("in_hand", f"{c.player} is in the hand in play: he moves after it")
    seat = st.seats[no - 1]
    assert seat is not None
    if seat.stack == 0:
        raise TableError("busted", f"{c.player} has no chips: he leaves, nothing to transfer")
    return [PlayerTransferredOut(c.player, no, seat.stack)]


def decide_transfer_in(st: TableState, c: TransferIn) -> list[TableEvent]:
    """STK-06 / SEAT-07: seat a transferred cash player with the stack he brings."""
    _cash_only(st, "a transfer")
    if not c.staff.strip():
        raise TableError(
            "needs_staff",
            f"{c.player} may change tables only with staff permission (SEAT-07, LPR r86, "
            "HIPP:L107): name the staff member",
        )
    if st.find(c.player) is not None:
        raise TableError(
            "already_seated", f"{c.player} already sits in seat {st.seat_of(c.player)} (SEAT-02)"
        )
    if c.staff.strip() == c.player or st.find(PlayerId(c.staff.strip())) is not None:
        raise TableError(
            "needs_staff",
            f"{c.staff!r} is a player, not staff: a transfer needs a member of staff's "
            "permission (SEAT-07, LPR r86, HIPP:L72-73)",
        )
    free_seat(st, c.seat)
    if c.chips <= 0:
        raise TableError("no_chips", f"a transferred player brings his chips; got {c.chips}")
    rules = st.config.rules
    if not rules.transfer_keeps_stack:
        raise TableError(
            "transfer_not_kept",
            f"{rules.name}: a player changing tables cashes out and buys in again (STK-06)",
        )
    below = transfer_floor(
        st.config, c.chips, broken_game=c.broken_game, from_big_blind=c.from_big_blind
    )
    return [PlayerTransferredIn(c.player, c.seat, c.chips, c.staff, below)]


def evolve_transferred_out(st: TableState, e: PlayerTransferredOut) -> TableState:
    """STK-06: the seat is empty; the stack left the table (ledger: out, not a cash-out)."""
    seats = list(st.seats)
    seats[e.seat - 1] = None
    return updated(
        st,
        seats=tuple(seats),
        chips_out=st.chips_out + e.chips,
        straddle=None if st.straddle == e.player else st.straddle,
        button_buyer=None if st.button_buyer == e.player else st.button_buyer,
    )


def evolve_transferred_in(st: TableState, e: PlayerTransferredIn) -> TableState:
    """STK-06: the player sits with his stack; he is new to this game (NEW-01/02)."""
    seats = list(st.seats)
    seats[e.seat - 1] = Seat(e.player, e.chips)
    return updated(st, seats=tuple(seats), chips_in=st.chips_in + e.chips)


# -- tournament moves (TRN-09) -----------------------------------------------------------


def decide_move_out(st: TableState, c: MoveOut) -> list[TableEvent]:
    tournament_only(st, "moving a player to another table (TRN-09)")
    no, seat = seated(st, c.player)
    not_in_hand(st, c.player, "moving to another table")
    if seat.stack == 0:
        raise TableError("busted", f"{c.player} has no chips: he is out, not moved")
    return [PlayerMovedOut(c.player, no, seat.stack)]


def decide_move_in(st: TableState, c: MoveIn) -> list[TableEvent]:
    tournament_only(st, "seating a player moved from another table (TRN-09)")
    free_seat(st, c.seat, c.player)
    if c.chips <= 0:
        raise TableError("no_chips", f"a moved player brings his chips; got {c.chips}")
    return [PlayerMovedIn(c.player, c.seat, c.chips)]


def evolve_moved_out(st: TableState, e: PlayerMovedOut) -> TableState:
    return updated(st, seats=seats_with(st, e.seat, None), chips_out=st.chips_out + e.chips)


def evolve_moved_in(st: TableState, e: PlayerMovedIn) -> TableState:
    seat = Seat(e.player, e.chips)  # new to this table (BTN-08)
    return updated(st, seats=seats_with(st, e.seat, seat), chips_in=st.chips_in + e.chips)
