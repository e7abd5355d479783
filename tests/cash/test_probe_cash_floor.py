"""Independent acceptance probes of the cash-game floor (SEAT-*, FEE-02).

Every expectation comes from the rulebooks in /work/shared/seeds (cited by line) and
RULES.md, not from the code.
"""

from __future__ import annotations

import pytest
from cashkit import ANN, BOB, CAT, DAN, HIPP, HIPP_RULES, LPR, MIN

from pokerroom.cash import (
    Arrival,
    GameCount,
    Room,
    SeatingError,
    WaitingList,
    allocate_broken_game,
    choose_new_game_seats,
    fee_on_refusal,
    fee_on_sitting,
    seat_change_winner,
    seat_new_player,
    transfer_allowed,
)
from pokerroom.table import SeatNo

H = 3600


# SEAT-04 (HIPP:L95): 15 minutes to take a called seat, then the place on the list is lost.


def test_seat_04_called_seat_not_taken_in_15_minutes_and_the_next_name_is_called() -> None:
    wl = WaitingList("2/5 NLH")
    for k, p in enumerate((ANN, BOB, CAT)):
        wl = wl.add(p, float(k), staff="desk")
    wl, first = wl.call_next(100.0)
    assert first == ANN
    assert not wl.lockup_expired(ANN, 100.0 + 15 * MIN, HIPP)  # 15:00 is still in time
    wl, lost = wl.expire(100.0 + 15 * MIN + 1, HIPP)
    assert lost == (ANN,) and wl.names() == (BOB, CAT)
    wl, second = wl.call_next(100.0 + 15 * MIN + 1)
    assert second == BOB
    # Taking the seat exactly 15 minutes after the call is in time.
    assert wl.take_seat(BOB, 100.0 + 30 * MIN + 1, HIPP).names() == (CAT,)


def test_seat_04_late_arrival_is_refused_and_changes_nothing() -> None:
    wl = WaitingList("1/2 NLH").add(ANN, 0.0, staff="desk")
    wl, _ = wl.call_next(0.0)
    with pytest.raises(SeatingError) as err:
        wl.take_seat(ANN, 16 * MIN, HIPP)
    assert err.value.code == "lockup_expired"
    assert wl.names() == (ANN,)
    # LPR states no lock-up time: nothing lapses by itself.
    assert not wl.lockup_expired(ANN, 10 * H, LPR)


# SEAT-06 (HIPP:L96): balancing same-stakes games.


@pytest.mark.parametrize(
    ("left", "joined", "ok"),
    [(9, 7, True), (8, 7, False), (8, 8, False), (8, 6, True), (2, 0, True), (1, 0, False)],
)
def test_seat_06_transfer_allowed_only_if_the_game_left_is_not_then_smaller(
    left: int, joined: int, ok: bool
) -> None:
    # "not allowed if the game being left will then have fewer players than the game being
    # entered": after the move, left - 1 >= joined + 1.
    assert transfer_allowed(GameCount("A", left), GameCount("B", joined), HIPP_RULES)[0] is ok


def test_seat_06_new_player_to_the_game_most_in_need() -> None:
    games = [GameCount("A", 9), GameCount("B", 6), GameCount("C", 6), GameCount("D", 8)]
    assert seat_new_player(games) == "B"


# SEAT-09 (HIPP:L100-101) seat choice and seat changes.


def test_seat_09_new_game_earliest_arrival_chooses_then_list_rank_on_a_tie() -> None:
    arrivals = [
        Arrival(ANN, 30.0, 1, SeatNo(4)),  # top of the list but arrives last
        Arrival(BOB, 10.0, 3, SeatNo(4)),  # arrives first: takes seat 4
        Arrival(CAT, 20.0, 2, SeatNo(7)),
        Arrival(DAN, 20.0, 4, SeatNo(7)),  # same time as CAT, lower on the list
    ]
    got = choose_new_game_seats(arrivals, [SeatNo(s) for s in (2, 4, 7, 9)])
    assert got[BOB] == 4 and got[CAT] == 7
    assert got[DAN] != 7 and got[ANN] != 4


def test_seat_09_existing_player_has_precedence_until_the_newcomer_is_dealt_in() -> None:
    assert seat_change_winner([(BOB, 50.0), (CAT, 40.0)], DAN) == CAT
    assert seat_change_winner([(BOB, 50.0)], DAN, newcomer_dealt_in=True) == DAN


# SEAT-10 (HIPP:L103) broken game.


def test_seat_10_broken_game_active_player_swaps_into_an_absent_players_seat() -> None:
    free = [("T2", SeatNo(3)), ("T2", SeatNo(8)), ("T4", SeatNo(1))]
    out = allocate_broken_game([ANN, BOB, CAT], free, absent=frozenset({BOB}),
                               swaps=[(CAT, BOB)])
    assert out == {ANN: ("T2", 3), CAT: ("T2", 8), BOB: ("T4", 1)}
    with pytest.raises(SeatingError):
        allocate_broken_game([ANN, BOB], free, absent=frozenset({BOB}), swaps=[(BOB, ANN)])


# SEAT-02 / SEAT-12: one seat per player; a lock-up in another game; players kept apart.


def test_seat_02_lock_up_elsewhere_then_transfer_frees_the_old_seat() -> None:
    room = Room().assign(ANN, "T1", SeatNo(2), staff="floor")
    room = room.lock_up(ANN, "T2", SeatNo(5), staff="floor")
    with pytest.raises(SeatingError) as err:
        room.assign(BOB, "T2", SeatNo(5), staff="floor")
    assert err.value.code == "seat_taken"
    room = room.transfer(ANN, "T2", SeatNo(5), staff="floor")
    where = room.where(ANN)
    assert where is not None and (where.game, where.seat) == ("T2", 5)
    assert room.lockups == ()
    assert room.assign(BOB, "T1", SeatNo(2), staff="floor").where(BOB) is not None


def test_seat_12_kept_apart_also_against_a_lock_up() -> None:
    room = Room().keep_apart(ANN, BOB, staff="floor")
    room = room.assign(CAT, "T1", SeatNo(1), staff="floor").lock_up(ANN, "T1", SeatNo(4),
                                                                   staff="floor")
    with pytest.raises(SeatingError) as err:
        room.assign(BOB, "T1", SeatNo(6), staff="floor")
    assert err.value.code == "kept_apart"


# FEE-02 (HIPP:L65-66) session fees on the hour and at half past.


def test_fee_02_seated_at_the_collection_minute_and_within_ten_minutes_pays_it() -> None:
    at = 21 * H
    assert fee_on_sitting(at, HIPP_RULES).pays_now
    assert fee_on_sitting(at + 10 * 60, HIPP_RULES).pays_now
    late = fee_on_sitting(at + 10 * 60 + 1, HIPP_RULES)
    assert not late.pays_now and late.next_due == at + 30 * 60
    just_before = fee_on_sitting(at + 29 * 60 + 59, HIPP_RULES)
    assert not just_before.pays_now and just_before.next_due == at + 30 * 60
    half = fee_on_sitting(at + 30 * 60 + 5 * 60, HIPP_RULES)
    assert half.pays_now and half.next_due == 22 * H


def test_fee_02_refusal_courtesy_hand_only_without_a_list() -> None:
    assert fee_on_refusal(waiting_list=False, rules=HIPP_RULES).courtesy_hands == 1
    with_list = fee_on_refusal(waiting_list=True, rules=HIPP_RULES)
    assert with_list.courtesy_hands == 0 and with_list.must_pay_or_leave_now
