"""Acceptance audit of the cash floor: cases the first tests did not cover, numbers worked out
by hand from RULES.md and the rulebooks (SEAT-03/04/06/08/09/10, FEE-02)."""

from __future__ import annotations

import pytest
from cashkit import ANN, BOB, CAT, DAN, GROS, HIPP, HIPP_RULES, LPR, MIN, RRP

from pokerroom.cash import (
    Arrival,
    GameCount,
    Placement,
    Room,
    SeatingError,
    WaitingList,
    allocate_broken_game,
    choose_new_game_seats,
    fee_on_refusal,
    fee_on_sitting,
    must_move,
    seat_new_player,
    transfer_allowed,
)
from pokerroom.cash.fees import last_collection, next_collection
from pokerroom.errors import ConfigError
from pokerroom.house import derive, load_house
from pokerroom.table import PlayerId, Seat, SeatNo, TableConfig, TableState


def hm(h: int, m: int, s: int = 0) -> int:
    return h * 3600 + m * 60 + s


def _code(fn: object, code: str) -> None:
    with pytest.raises(SeatingError) as err:
        fn()  # type: ignore[operator]
    assert err.value.code == code
    assert str(err.value)


# ------------------------------------------------------------------ SEAT-03 several lists


def test_seat_03_one_player_on_lists_for_several_games() -> None:
    # HIPP:L90-94 / LPR r84: a list per game. Ann waits for both 1/2 NLH and 2/5 PLO.
    nlh = WaitingList("1/2 NLH").add(ANN, 0.0, staff="desk").add(BOB, 60.0, staff="desk")
    plo = WaitingList("2/5 PLO").add(CAT, 30.0, staff="desk").add(ANN, 90.0, staff="desk")
    assert nlh.names() == (ANN, BOB) and plo.names() == (CAT, ANN)
    # Called for NLH, she takes the seat: off that list only; her PLO place is kept.
    nlh, called = nlh.call_next(120.0)
    assert called == ANN
    nlh = nlh.take_seat(ANN, 120.0 + 5 * MIN, HIPP)
    assert nlh.names() == (BOB,) and plo.names() == (CAT, ANN)
    room = Room().assign(ANN, "NLH-1", SeatNo(4), staff="floor")
    # PLO calls Cat first (first come, first served), then Ann.
    plo, first = plo.call_next(600.0)
    plo, second = plo.call_next(600.0)
    assert (first, second) == (CAT, ANN)
    # SEAT-02: Ann still holds her NLH seat; she may not take a second seat, only move.
    _code(lambda: room.assign(ANN, "PLO-1", SeatNo(2), staff="floor"), "already_seated")
    moved = room.transfer(ANN, "PLO-1", SeatNo(2), staff="floor")
    assert moved.seats == (Placement(ANN, "PLO-1", SeatNo(2)),)
    assert plo.take_seat(ANN, 600.0 + 15 * MIN, HIPP).names() == (CAT,)


def test_seat_03_list_operations_on_names_not_listed_change_nothing() -> None:
    wl = WaitingList("1/2").add(ANN, 0.0, staff="desk")
    _code(lambda: wl.remove(BOB), "not_listed")
    _code(lambda: wl.take_seat(BOB, 1.0, HIPP), "not_listed")
    _code(lambda: wl.lockup_expired(BOB, 1.0, HIPP), "not_listed")
    assert wl.names() == (ANN,) and wl.entry(ANN).called_at is None


# ------------------------------------------------------------------ SEAT-04 seat calls


def test_seat_04_each_called_player_has_his_own_fifteen_minutes() -> None:
    # Two seats free: Ann called at 20:00:00, Bob at 20:06:00. HIPP:L95 15 minutes each.
    wl = WaitingList("1/2").add(ANN, 0.0, staff="d").add(BOB, 1.0, staff="d").add(CAT, 2, staff="d")
    wl, a = wl.call_next(float(hm(20, 0)))
    wl, b = wl.call_next(float(hm(20, 6)))
    assert (a, b) == (ANN, BOB)
    # At 20:15:00 Ann is on time to the second; at 20:15:01 she has lost her place, Bob not.
    assert not wl.lockup_expired(ANN, float(hm(20, 15)), HIPP)
    kept, lost = wl.expire(float(hm(20, 15, 1)), HIPP)
    assert lost == (ANN,) and kept.names() == (BOB, CAT)
    assert kept.entry(BOB).called_at == hm(20, 6)  # Bob's call still runs
    # Bob's runs out at 20:21:00; he takes the seat at 20:21:00 exactly.
    assert kept.take_seat(BOB, float(hm(20, 21)), HIPP).names() == (CAT,)
    _code(lambda: kept.take_seat(BOB, float(hm(20, 21, 1)), HIPP), "lockup_expired")
    # The next call goes to Cat, the first name not yet called.
    _, c = kept.call_next(float(hm(20, 16)))
    assert c == CAT


def test_seat_04_houses_without_a_time_never_drop_a_called_player() -> None:
    wl = WaitingList("1/2").add(ANN, 0.0, staff="d")
    wl, _ = wl.call_next(0.0)
    for policy in (LPR, GROS, RRP):
        kept, lost = wl.expire(600 * MIN, policy)
        assert lost == () and kept == wl
        assert wl.take_seat(ANN, 600 * MIN, policy).names() == ()


# ------------------------------------------------------------------ SEAT-06 balancing


def test_seat_06_balancing_two_games_after_the_move() -> None:
    # HIPP:L96 with G25 after the move: 7/7 -> 6/8 refused; 8/6 -> 7/7 allowed; 9/7 -> 8/8.
    assert not transfer_allowed(GameCount("A", 7), GameCount("B", 7), HIPP_RULES)[0]
    assert transfer_allowed(GameCount("A", 8), GameCount("B", 6), HIPP_RULES)[0]
    ok, why = transfer_allowed(GameCount("A", 9), GameCount("B", 6), HIPP_RULES)
    assert ok and "A 8, B 7" in why
    # Moving from the shorter game to the longer is never allowed: 5/8 -> 4/9.
    assert not transfer_allowed(GameCount("A", 5), GameCount("B", 8), HIPP_RULES)[0]


def test_seat_06_new_player_goes_to_the_game_most_in_need_of_three() -> None:
    games = [GameCount("A", 9), GameCount("B", 6), GameCount("C", 6), GameCount("D", 7)]
    assert seat_new_player(games) == "B"  # fewest; B and C tie, B is listed first
    assert seat_new_player(games[2:]) == "C"


def test_seat_06_a_transfer_from_a_game_with_nobody_in_it_is_bad_input() -> None:
    # Nobody can leave a game of 0 players: a typed error naming the counts, not a verdict.
    with pytest.raises(ConfigError) as err:
        transfer_allowed(GameCount("A", 0), GameCount("B", 3), HIPP_RULES)
    assert err.value.code == "bad_count" and "A" in str(err.value)


def test_seat_06_two_games_of_the_same_name_are_refused_in_seating() -> None:
    with pytest.raises(ConfigError) as err:
        seat_new_player([GameCount("A", 3), GameCount("A", 5)])
    assert err.value.code == "same_game"


# ------------------------------------------------------------------ SEAT-08 must move


def test_seat_08_must_move_first_hand_player_moves_at_once() -> None:
    seats = [Seat(PlayerId(f"p{s}"), 100) for s in range(1, 4)]
    t = TableState(TableConfig(HIPP_RULES, seats=6), (*seats, None, None, None), chips_in=300)
    assert must_move(HIPP, t, PlayerId("p1"), waiting_for_seat=2)[0] is True


# ------------------------------------------------------------------ SEAT-09 / SEAT-10


def test_seat_09_a_wanted_seat_that_is_not_free_gets_the_lowest_free_one() -> None:
    arrivals = [Arrival(ANN, 0.0, 1, SeatNo(9)), Arrival(BOB, 0.0, 2, SeatNo(3))]
    assert choose_new_game_seats(arrivals, [SeatNo(3), SeatNo(6)]) == {ANN: 3, BOB: 6}


def test_seat_10_breaking_a_game_with_a_seat_named_twice_is_refused() -> None:
    # Two players cannot be allocated one seat: bad input, a typed error, nothing allocated.
    free = [("T2", SeatNo(4)), ("T2", SeatNo(4)), ("T3", SeatNo(1))]
    _code(lambda: allocate_broken_game([ANN, BOB], free), "duplicate_seat")
    _code(lambda: allocate_broken_game([ANN, ANN], free[1:]), "duplicate_player")


def test_seat_10_broken_game_across_two_tables_keeps_the_given_order() -> None:
    free = [("T2", SeatNo(4)), ("T3", SeatNo(1)), ("T3", SeatNo(7)), ("T2", SeatNo(9))]
    out = allocate_broken_game(
        [ANN, BOB, CAT, DAN], free, absent=frozenset({DAN}), swaps=[(ANN, DAN)]
    )
    assert out == {ANN: ("T2", 9), BOB: ("T3", 1), CAT: ("T3", 7), DAN: ("T2", 4)}


# ------------------------------------------------------------------ FEE-02 times


def test_fee_02_window_counted_in_seconds_ten_minutes_inclusive() -> None:
    # HIPP:L66 "up to ten minutes after" (CONFLICTS H-24: <= 10 min inclusive).
    assert fee_on_sitting(hm(20, 10, 0), HIPP_RULES).pays_now
    one_second_late = fee_on_sitting(hm(20, 10, 1), HIPP_RULES)
    assert not one_second_late.pays_now and one_second_late.next_due == hm(20, 30)
    # Sitting at a collection time exactly pays that collection; the next is 30 min later.
    assert fee_on_sitting(hm(20, 30), HIPP_RULES) == fee_on_sitting(hm(20, 30), HIPP_RULES)
    d = fee_on_sitting(hm(20, 30), HIPP_RULES)
    assert d.pays_now and d.next_due == hm(21, 0)
    # 20:29:59: 29 min 59 s after 20:00, nothing now, the 20:30 fee in one second.
    d = fee_on_sitting(hm(20, 29, 59), HIPP_RULES)
    assert not d.pays_now and d.next_due == hm(20, 30)


def test_fee_02_around_midnight() -> None:
    d = fee_on_sitting(hm(0, 4), HIPP_RULES)
    assert d.pays_now and d.next_due == hm(0, 30)
    d = fee_on_sitting(hm(23, 55), HIPP_RULES)
    assert not d.pays_now and d.next_due == hm(24, 0)
    assert fee_on_sitting(hm(23, 59, 59), HIPP_RULES).next_due == hm(24, 0)
    with pytest.raises(ConfigError) as err:
        fee_on_sitting(hm(24, 0), HIPP_RULES)
    assert err.value.code == "bad_time"


def test_fee_02_a_house_with_quarter_past_collections_and_a_five_minute_window() -> None:
    rules = derive(HIPP_RULES, session_fee_minutes=[15, 45], session_fee_late_seat_window_min=5)
    assert last_collection(hm(0, 10), rules) == hm(-1, 45)  # yesterday 23:45
    assert next_collection(hm(0, 10), rules) == hm(0, 15)
    assert not fee_on_sitting(hm(0, 10), rules).pays_now
    assert fee_on_sitting(hm(20, 50), rules).pays_now
    d = fee_on_sitting(hm(20, 50, 1), rules)
    assert not d.pays_now and d.next_due == hm(21, 15)


def test_fee_02_courtesy_hands_follow_the_house_value() -> None:
    none = derive(HIPP_RULES, session_fee_courtesy_hands=0)
    assert fee_on_refusal(waiting_list=False, rules=none).courtesy_hands == 0
    assert fee_on_refusal(waiting_list=True, rules=none).must_pay_or_leave_now
    for house in ("lpr", "grosvenor", "roberts"):
        with pytest.raises(ConfigError):
            fee_on_refusal(waiting_list=False, rules=load_house(house, "cash"))


# ------------------------------------------------------------------ SEAT-02 / SEAT-04 lock-ups


def test_seat_04_a_new_game_lock_up_is_picked_up_and_the_seat_freed() -> None:
    # HIPP:L80: Ann's lock-up in the new game T9 is picked up after 10 minutes with Bob
    # waiting; she keeps her seat in T1, and Bob may have the seat.
    room = Room().assign(ANN, "T1", SeatNo(3), staff="floor").lock_up(
        ANN, "T9", SeatNo(1), staff="floor"
    )
    _code(lambda: room.assign(BOB, "T9", SeatNo(1), staff="floor"), "seat_taken")
    from pokerroom.cash import new_game_lockup_released

    assert new_game_lockup_released(HIPP, 0.0, 10 * MIN + 1, someone_waiting=True)
    freed = room.release_lockup(ANN, staff="floor")
    assert freed.lockups == () and freed.where(ANN) == Placement(ANN, "T1", SeatNo(3))
    assert freed.assign(BOB, "T9", SeatNo(1), staff="floor").where(BOB) is not None
    _code(lambda: freed.release_lockup(ANN, staff="floor"), "no_lockup")
    _code(lambda: room.release_lockup(ANN, staff=""), "needs_staff")


def test_seat_02_a_lock_up_held_by_a_player_with_no_seat_can_be_released() -> None:
    room = Room().lock_up(ANN, "T2", SeatNo(1), staff="floor")
    assert room.release_lockup(ANN, staff="floor") == Room()
