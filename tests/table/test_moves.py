"""Seat changes and moving between cash tables: NEW-07, NEW-08, STK-06 (with SEAT-07)."""

from __future__ import annotations

import pytest

from pokerroom.house import derive, load_house
from pokerroom.table import (
    ChangeSeat,
    FloorFlagged,
    PlayerId,
    PlayerTransferredIn,
    PlayerTransferredOut,
    SeatChanged,
    SeatNo,
    TableConfig,
    TableError,
    TableState,
    TransferIn,
    TransferOut,
    apply,
    must_move_now,
)

from .tablekit import Table, config, posts


def _ten(house: str = "hippodrome") -> Table:
    """Ten seats, players in 1-5 and 8 (100 each); last hand button 1, SB 2, BB 3."""
    return Table.seated(
        config(house, "cash", seats=10),
        {s: 100 for s in (1, 2, 3, 4, 5, 8)},
        button=1,
        sb=2,
        bb=3,
        hand_no=1,
    )


def _unchanged(t: Table, command: object, code: str) -> None:
    before = t.state
    with pytest.raises(TableError) as err:
        apply(before, command)  # type: ignore[arg-type]
    assert err.value.code == code
    assert t.state == before


def test_new_07_moving_closer_to_the_big_blind_is_not_flagged() -> None:
    # Next hand: button 2, SB 3, BB 4. p1 gets the BB in 3 hands; from seat 6 in 2.
    t = _ten()
    events = t(ChangeSeat(PlayerId("p1"), SeatNo(6)))
    assert events == (SeatChanged(PlayerId("p1"), SeatNo(1), SeatNo(6)),)
    assert t.state.player_at(SeatNo(6)) == "p1" and t.state.seat(SeatNo(1)) is None
    assert t.stack(6) == 100 and t.state.ledger_balanced()
    assert t.replayed() == t.state


def test_new_07_moving_away_from_the_big_blind_is_flagged_for_the_floor() -> None:
    # p5 would post the BB in 1 hand (after p4); from seat 10 only after p4 and p8.
    t = _ten()
    events = t(ChangeSeat(PlayerId("p5"), SeatNo(10)))
    assert events[0] == SeatChanged(PlayerId("p5"), SeatNo(5), SeatNo(10))
    flag = events[1]
    assert isinstance(flag, FloorFlagged) and flag.rule == "NEW-07" and flag.player == "p5"
    assert "in 2 hands instead of 1" in flag.reason
    # The move itself stands: the floor rules on a penalty (FLOOR tag).
    h2 = t.deal()
    assert posts(h2) == {3: 1, 4: 2}
    assert t.replayed() == t.state


def test_new_07_leaving_the_seat_that_posts_the_next_blind_is_flagged() -> None:
    # p4 is next hand's big blind; at seat 6 the big blind goes to p5 instead.
    t = _ten()
    events = t(ChangeSeat(PlayerId("p4"), SeatNo(6)))
    assert len(events) == 2 and isinstance(events[1], FloorFlagged)
    assert "skips it" in events[1].reason
    h2 = t.deal()
    assert posts(h2) == {3: 1, 5: 2}  # p4 posted nothing
    assert t.stack(6) == 100


def test_new_07_bad_seat_changes_are_typed_errors_that_change_nothing() -> None:
    t = _ten()
    _unchanged(t, ChangeSeat(PlayerId("p1"), SeatNo(2)), "seat_taken")
    _unchanged(t, ChangeSeat(PlayerId("p1"), SeatNo(11)), "no_such_seat")
    _unchanged(t, ChangeSeat(PlayerId("zed"), SeatNo(6)), "not_seated")
    t.deal()
    _unchanged(t, ChangeSeat(PlayerId("p1"), SeatNo(6)), "hand_in_progress")
    tourney = Table.seated(config("lpr", "tournament", seats=6), {1: 100, 2: 100, 3: 100})
    _unchanged(tourney, ChangeSeat(PlayerId("p1"), SeatNo(5)), "tournament_table")


def test_new_08_must_move_player_may_play_his_button_after_taking_a_blind() -> None:
    t = Table.seated(
        config("hippodrome", "cash", seats=6),
        {s: 100 for s in range(1, 6)},
        button=1,
        sb=2,
        bb=3,
        hand_no=1,
    )
    # p3 took the big blind: he may play the small blind and his button; p2 took the small
    # blind: he may play his button next; p1 has had his button and p4 took no blind yet.
    assert must_move_now(t.state, PlayerId("p3"))[0] is False
    assert must_move_now(t.state, PlayerId("p2"))[0] is False
    assert must_move_now(t.state, PlayerId("p1"))[0] is True
    assert must_move_now(t.state, PlayerId("p4"))[0] is True
    h2 = t.deal()
    assert h2.button == 2
    assert must_move_now(t.state, PlayerId("p2"))[0] is False  # finishes the hand in play
    t.fold_out()
    assert must_move_now(t.state, PlayerId("p2")) == (
        True,
        "NEW-08: p2 moves now (no blind taken since his last button)",
    )
    assert must_move_now(t.state, PlayerId("p3"))[0] is False  # his button comes next


def _cash(house: str = "hippodrome", **rules: object) -> TableState:
    hr = derive(load_house(house, "cash"), **rules) if rules else load_house(house, "cash")
    cfg = TableConfig(hr, seats=6, small_blind=1, big_blind=2, buyin_min=40, buyin_max=200)
    return Table.seated(cfg, {1: 100, 2: 100}, button=1, sb=1, bb=2, hand_no=1).state


def test_stk_06_transfer_keeps_the_stack_and_the_ledger() -> None:
    a = Table(_cash())
    events = a(TransferOut(PlayerId("p1")))
    assert events == (PlayerTransferredOut(PlayerId("p1"), SeatNo(1), 100),)
    assert a.state.seat(SeatNo(1)) is None and a.state.chips_out == 100
    assert a.state.cashouts == ()  # not a cash-out: STK-05's return rule does not start
    b = Table(_cash())
    events = b(TransferIn(PlayerId("p1x"), SeatNo(4), 100, staff="floor:kim"))
    assert events == (PlayerTransferredIn(PlayerId("p1x"), SeatNo(4), 100, "floor:kim", False),)
    seat = b.state.seat(SeatNo(4))
    assert seat is not None and seat.stack == 100 and seat.new
    assert b.state.chips_in == 300 and b.state.ledger_balanced()
    assert a.replayed() == a.state and b.replayed() == b.state


def test_seat_07_a_player_is_not_staff_for_a_transfer() -> None:
    # LPR r86, HIPP:L72-73: a transfer needs a member of staff's permission, not his own or
    # another player's.
    b = Table(_cash())
    _unchanged(b, TransferIn(PlayerId("z"), SeatNo(4), 100, staff="z"), "needs_staff")
    _unchanged(b, TransferIn(PlayerId("z"), SeatNo(4), 100, staff="p1"), "needs_staff")
    _unchanged(b, TransferIn(PlayerId("z"), SeatNo(4), 100, staff=" "), "needs_staff")


def test_stk_06_broken_game_keeps_a_stack_below_the_minimum() -> None:
    b = Table(_cash())
    events = b(TransferIn(PlayerId("z"), SeatNo(3), 25, staff="kim", broken_game=True))
    assert events == (PlayerTransferredIn(PlayerId("z"), SeatNo(3), 25, "kim", True),)
    assert b.stack(3) == 25
    strict = Table(_cash(broken_game_below_min_allowed=False))
    _unchanged(
        strict,
        TransferIn(PlayerId("z"), SeatNo(3), 25, staff="kim", broken_game=True),
        "below_minimum",
    )


def test_stk_06_moving_down_needs_a_stack_within_the_lower_maximum() -> None:
    lpr = Table(_cash("lpr"))
    down = TransferIn(PlayerId("z"), SeatNo(3), 300, staff="kim", from_big_blind=3)
    _unchanged(lpr, down, "above_maximum")
    lpr(TransferIn(PlayerId("z"), SeatNo(3), 200, staff="kim", from_big_blind=3))
    assert lpr.stack(3) == 200
    free = Table(_cash("lpr", move_down_requires_stack_le_max=False))
    free(down)
    assert free.stack(3) == 300 and free.state.ledger_balanced()
    # Moving up: the new game's minimum applies (only same stakes keep a short stack).
    _unchanged(
        lpr,
        TransferIn(PlayerId("y"), SeatNo(4), 25, staff="kim", from_big_blind=1),
        "below_minimum",
    )


def test_seat_07_stk_06_transfer_needs_staff_and_a_free_seat() -> None:
    b = Table(_cash())
    _unchanged(b, TransferIn(PlayerId("z"), SeatNo(3), 100, staff=" "), "needs_staff")
    _unchanged(b, TransferIn(PlayerId("z"), SeatNo(1), 100, staff="kim"), "seat_taken")
    _unchanged(b, TransferIn(PlayerId("p2"), SeatNo(3), 100, staff="kim"), "already_seated")
    _unchanged(b, TransferIn(PlayerId("z"), SeatNo(3), 0, staff="kim"), "no_chips")
    b.deal()
    _unchanged(b, TransferOut(PlayerId("p1")), "in_hand")
