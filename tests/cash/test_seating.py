"""Cash-floor seating: SEAT-01..05 and SEAT-07..14 (SEAT-06 is in test_cash_floor.py)."""

from __future__ import annotations

import pytest
from cashkit import ANN, BOB, CAT, DAN, GROS, HIPP, LPR, MIN, RRP

from pokerroom.cards import format_cards
from pokerroom.cash import (
    Arrival,
    Placement,
    Room,
    SeatingError,
    WaitingList,
    absence_expired,
    allocate_broken_game,
    busted_seat_released,
    choose_new_game_seats,
    condition_change_allowed,
    must_move,
    new_game_lockup_released,
    play_over_allowed,
    random_card_for_moves,
    seat_change_winner,
)
from pokerroom.deck import shuffled_deck
from pokerroom.house import load_house
from pokerroom.table import PlayerId, Seat, SeatNo, TableConfig, TableState


def _code(fn: object, code: str) -> None:
    with pytest.raises(SeatingError) as err:
        fn()  # type: ignore[operator]
    assert err.value.code == code


def test_seat_01_seats_are_assigned_by_staff() -> None:
    room = Room()
    _code(lambda: room.assign(ANN, "T1", SeatNo(3), staff=""), "needs_staff")
    room = room.assign(ANN, "T1", SeatNo(3), staff="floor:kim")
    assert room.seats == (Placement(ANN, "T1", SeatNo(3)),)
    _code(lambda: room.assign(BOB, "T1", SeatNo(3), staff="kim"), "seat_taken")


def test_seat_02_one_seat_per_player_across_tables_but_a_lock_up_is_allowed() -> None:
    room = Room().assign(ANN, "T1", SeatNo(3), staff="kim")
    _code(lambda: room.assign(ANN, "T2", SeatNo(1), staff="kim"), "already_seated")
    held = room.lock_up(ANN, "T2", SeatNo(1), staff="kim")  # HIPP:L100, finishing a hand
    assert held.lockups == (Placement(ANN, "T2", SeatNo(1)),)
    _code(lambda: held.lock_up(ANN, "T3", SeatNo(1), staff="kim"), "already_locked")
    _code(lambda: held.assign(BOB, "T2", SeatNo(1), staff="kim"), "seat_taken")
    moved = held.leave(ANN).assign(ANN, "T2", SeatNo(1), staff="kim")
    assert moved.where(ANN) == Placement(ANN, "T2", SeatNo(1)) and moved.lockups == ()


def test_seat_03_waiting_list_per_game_kept_by_staff_in_order() -> None:
    wl = WaitingList("1/2 NLH")
    _code(lambda: wl.add(ANN, 0.0, staff=""), "needs_staff")
    wl = wl.add(ANN, 0.0, staff="desk").add(BOB, 5.0, staff="desk")
    _code(lambda: wl.add(ANN, 9.0, staff="desk"), "already_listed")
    assert wl.names() == (ANN, BOB)
    other = WaitingList("2/5 PLO").add(BOB, 1.0, staff="desk")  # lists are per game
    assert other.names() == (BOB,)
    wl2, called = wl.call_next(10.0)
    assert called == ANN and wl.entry(ANN).called_at is None  # values: wl unchanged
    _, called = wl2.call_next(11.0)
    assert called == BOB
    _code(lambda: WaitingList("x").call_next(0.0), "nobody_waiting")


def test_seat_04_fifteen_minutes_to_take_the_called_seat_or_lose_the_place() -> None:
    wl = WaitingList("1/2").add(ANN, 0.0, staff="d").add(BOB, 1.0, staff="d")
    wl, _ = wl.call_next(100.0)
    assert wl.take_seat(ANN, 100.0 + 15 * MIN, HIPP).names() == (BOB,)
    _code(lambda: wl.take_seat(ANN, 100.0 + 15 * MIN + 1, HIPP), "lockup_expired")
    _code(lambda: wl.take_seat(BOB, 100.0, HIPP), "not_called")
    kept, lost = wl.expire(100.0 + 16 * MIN, HIPP)
    assert lost == (ANN,) and kept.names() == (BOB,)
    # LPR states no time: the lock-up does not run out by itself.
    assert not wl.lockup_expired(ANN, 100.0 + 600 * MIN, LPR)


def test_seat_04_new_game_lock_up_released_after_ten_minutes_if_someone_waits() -> None:
    assert not new_game_lockup_released(HIPP, 0.0, 10 * MIN, someone_waiting=True)
    assert new_game_lockup_released(HIPP, 0.0, 10 * MIN + 1, someone_waiting=True)
    assert not new_game_lockup_released(HIPP, 0.0, 60 * MIN, someone_waiting=False)
    assert not new_game_lockup_released(LPR, 0.0, 60 * MIN, someone_waiting=True)


def test_seat_05_absence_limits_per_house() -> None:
    # LPR r85: breaks over 30 minutes may cost the seat.
    assert not absence_expired(LPR, 0.0, 30 * MIN, waiting_list=False)
    assert absence_expired(LPR, 0.0, 30 * MIN + 1, waiting_list=False)
    # HIPP:L79: over 15 minutes, only while a waiting list runs.
    assert not absence_expired(HIPP, 0.0, 15 * MIN, waiting_list=True)
    assert absence_expired(HIPP, 0.0, 15 * MIN + 1, waiting_list=True)
    assert not absence_expired(HIPP, 0.0, 15 * MIN + 1, waiting_list=False)
    assert not absence_expired(RRP, 0.0, 600 * MIN, waiting_list=True)


def test_seat_05_busted_player_keeps_the_seat_ten_minutes_if_he_says_he_returns() -> None:
    assert not busted_seat_released(HIPP, 0.0, 10 * MIN, says_returning=True)
    assert busted_seat_released(HIPP, 0.0, 10 * MIN + 1, says_returning=True)
    assert busted_seat_released(HIPP, 0.0, 1.0, says_returning=False)
    assert not busted_seat_released(LPR, 0.0, 60 * MIN, says_returning=False)


def test_seat_07_transfer_needs_staff_permission() -> None:
    room = Room().assign(ANN, "T1", SeatNo(3), staff="kim")
    _code(lambda: room.transfer(ANN, "T2", SeatNo(4), staff=" "), "needs_staff")
    _code(lambda: room.transfer(ANN, "T1", SeatNo(4), staff="kim"), "same_game")
    _code(lambda: room.transfer(BOB, "T2", SeatNo(4), staff="kim"), "not_seated")
    moved = room.transfer(ANN, "T2", SeatNo(4), staff="kim")
    assert moved.where(ANN) == Placement(ANN, "T2", SeatNo(4)) and len(moved.seats) == 1


def _five() -> TableState:
    """HIPP cash, players p1..p5 in seats 1-5; last hand (1) button 1, SB 2, BB 3."""
    seats = [Seat(PlayerId(f"p{s}"), 100, new=False) for s in range(1, 6)]
    return TableState(
        TableConfig(load_house("hippodrome", "cash"), seats=6),
        (*seats, None),
        button=SeatNo(1),
        sb_seat=SeatNo(2),
        bb_seat=SeatNo(3),
        hand_no=1,
        chips_in=500,
    )


def test_seat_08_must_move_order_across_the_table() -> None:
    # HIPP:L102, two names waiting. Next hand: button 2, SB 3, BB 4.
    t = _five()
    verdicts = {
        p: must_move(HIPP, t, PlayerId(p), waiting_for_seat=3)[0]
        for p in ("p1", "p2", "p3", "p4", "p5")
    }
    # p2 (took the SB) plays his button; p3 (took the BB) plays SB and button; the others go.
    assert verdicts == {"p1": True, "p2": False, "p3": False, "p4": True, "p5": True}
    for policy in (LPR, GROS, RRP):
        assert must_move(policy, t, PlayerId("p4"), waiting_for_seat=9)[0] is False


def test_seat_08_must_move_with_two_waiting_except_to_play_the_button() -> None:
    t = _five()
    p1, p3 = PlayerId("p1"), PlayerId("p3")
    assert must_move(HIPP, t, p1, waiting_for_seat=1)[0] is False  # one name waiting
    assert must_move(HIPP, t, p1, waiting_for_seat=2)[0] is True  # had his button
    stays, why = must_move(HIPP, t, p3, waiting_for_seat=2)
    assert stays is False and "NEW-08" in why  # took the big blind: plays SB and button
    assert must_move(LPR, t, p1, waiting_for_seat=5)[0] is False  # no such rule


def test_seat_09_new_game_seat_choice_by_arrival_then_list_rank() -> None:
    arrivals = [
        Arrival(BOB, 10.0, 2, SeatNo(5)),
        Arrival(ANN, 10.0, 1, SeatNo(5)),  # same time, higher on the list: gets seat 5
        Arrival(CAT, 5.0, 3, SeatNo(2)),  # earliest: chooses first
        Arrival(DAN, 20.0, 4, SeatNo(2)),  # seat 2 gone: lowest free
    ]
    free = [SeatNo(s) for s in (1, 2, 5, 7)]
    assert choose_new_game_seats(arrivals, free) == {CAT: 2, ANN: 5, BOB: 1, DAN: 7}
    _code(lambda: choose_new_game_seats(arrivals, free[:3]), "no_free_seat")


def test_seat_09_existing_players_before_a_newcomer_first_to_ask_wins() -> None:
    requests = [(BOB, 30.0), (ANN, 12.0)]
    assert seat_change_winner(requests, CAT) == ANN
    assert seat_change_winner(requests, CAT, newcomer_dealt_in=True) == CAT
    assert seat_change_winner([], CAT) == CAT
    assert seat_change_winner([]) is None


def test_seat_10_broken_game_seats_allocated_and_swap_with_an_absent_player() -> None:
    free = [("T2", SeatNo(4)), ("T3", SeatNo(1)), ("T2", SeatNo(9))]
    out = allocate_broken_game([ANN, BOB, CAT], free, absent=frozenset({CAT}))
    assert out == {ANN: ("T2", 4), BOB: ("T3", 1), CAT: ("T2", 9)}
    swapped = allocate_broken_game(
        [ANN, BOB, CAT], free, absent=frozenset({CAT}), swaps=[(BOB, CAT)]
    )
    assert swapped[BOB] == ("T2", 9) and swapped[CAT] == ("T3", 1)
    _code(
        lambda: allocate_broken_game([ANN, BOB], free, absent=frozenset(), swaps=[(ANN, BOB)]),
        "swap_refused",
    )
    _code(lambda: allocate_broken_game([ANN, BOB, CAT, DAN], free), "not_enough_seats")


def test_seat_11_playing_over_per_house() -> None:
    assert play_over_allowed(LPR)[0] is False
    assert play_over_allowed(LPR, staff="kim")[:2] == (True, False)
    assert play_over_allowed(GROS, staff="sup")[0] is False  # the seat holder must agree too
    assert play_over_allowed(GROS, staff="sup", holder_consents=True)[:2] == (True, True)
    assert play_over_allowed(HIPP, staff="sup", holder_consents=True)[0] is False


def test_seat_12_house_keeps_two_players_apart() -> None:
    room = Room().assign(ANN, "T1", SeatNo(1), staff="kim").keep_apart(ANN, BOB, staff="kim")
    _code(lambda: room.assign(BOB, "T1", SeatNo(2), staff="kim"), "kept_apart")
    assert room.assign(BOB, "T2", SeatNo(2), staff="kim").where(BOB) is not None
    _code(lambda: room.keep_apart(ANN, ANN, staff="kim"), "same_player")
    _code(lambda: Room().keep_apart(ANN, BOB, staff=""), "needs_staff")


def test_seat_13_changing_game_conditions() -> None:
    assert condition_change_allowed(GROS, supervisor="")[0] is False
    assert condition_change_allowed(GROS, supervisor="sup", objectors=5)[0] is True
    assert condition_change_allowed(HIPP, supervisor="sup", objectors=1)[0] is True
    blocked = condition_change_allowed(HIPP, supervisor="sup", objectors=2)
    assert blocked == (False, "SEAT-13 (HIPP:L76): 2 players object; the limit stays")
    assert condition_change_allowed(HIPP, supervisor="sup", raises_limit=True)[0] is False
    assert condition_change_allowed(HIPP, supervisor="sup", raises_limit=True, management="mgr")[0]


def test_seat_14_random_card_dealt_clockwise_from_the_dealers_left() -> None:
    seed = bytes(range(32))
    seated = [(SeatNo(2), ANN), (SeatNo(5), BOB), (SeatNo(9), CAT)]
    dealt = random_card_for_moves(seated, SeatNo(5), 9, seed)
    assert [p for p, _ in dealt] == [CAT, ANN, BOB]  # left of the dealer (seat 5) first
    top3 = shuffled_deck(seed)[:3]
    assert format_cards(c for _, c in dealt) == format_cards(top3)
    assert random_card_for_moves(seated, SeatNo(5), 9, seed) == dealt  # reproducible
    _code(
        lambda: random_card_for_moves([(SeatNo(2), ANN), (SeatNo(2), BOB)], SeatNo(1), 9, seed),
        "duplicate_seat",
    )
