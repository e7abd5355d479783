"""Cash-game floor: SEAT-06 balancing (S34) and FEE-02 session fees (S35)."""

from __future__ import annotations

import pytest

from pokerroom.cash import (
    GameCount,
    fee_on_refusal,
    fee_on_sitting,
    seat_new_player,
    transfer_allowed,
)
from pokerroom.cash.fees import last_collection, next_collection, owed_on_return
from pokerroom.errors import ConfigError
from pokerroom.house import derive, load_house

HIPP = load_house("hippodrome", "cash")


def at(h: int, m: int) -> int:
    return h * 3600 + m * 60


def test_seat_06_s34a_transfer_refused_when_the_game_left_would_have_fewer() -> None:
    ok, why = transfer_allowed(GameCount("A", 8), GameCount("B", 7), HIPP)
    assert not ok and "A would have 7 and B 8" in why


def test_seat_06_s34b_transfer_allowed_when_equal_after_the_move() -> None:
    assert transfer_allowed(GameCount("A", 9), GameCount("B", 7), HIPP)[0]


def test_seat_06_s34c_new_player_goes_to_the_game_most_in_need() -> None:
    assert seat_new_player([GameCount("A", 8), GameCount("B", 7)]) == "B"
    assert seat_new_player([GameCount("A", 7), GameCount("B", 7)]) == "A"


def test_seat_06_g25_counts_before_the_move_when_the_house_says_so() -> None:
    before = derive(HIPP, balance_count_basis="before_move")
    assert transfer_allowed(GameCount("A", 8), GameCount("B", 7), before)[0]
    assert not transfer_allowed(GameCount("A", 7), GameCount("B", 8), before)[0]


def test_seat_06_bad_input() -> None:
    with pytest.raises(ConfigError):
        GameCount("A", -1)
    with pytest.raises(ConfigError):
        transfer_allowed(GameCount("A", 8), GameCount("A", 8), HIPP)
    with pytest.raises(ConfigError):
        seat_new_player([])


def test_fee_02_s35a_seated_within_ten_minutes_pays_the_last_fee() -> None:
    d = fee_on_sitting(at(20, 5), HIPP)
    assert d.pays_now and d.next_due == at(20, 30)


def test_fee_02_s35b_ten_minutes_inclusive_then_nothing_until_half_past() -> None:
    assert fee_on_sitting(at(20, 10), HIPP).pays_now
    late = fee_on_sitting(at(20, 12), HIPP)
    assert not late.pays_now and late.next_due == at(20, 30)


def test_fee_02_s35c_away_at_collection_pays_on_return() -> None:
    assert owed_on_return(away_at_collection=True)
    assert not owed_on_return(away_at_collection=False)


def test_fee_02_s35d_courtesy_hand_only_without_a_waiting_list() -> None:
    free = fee_on_refusal(waiting_list=False, rules=HIPP)
    assert free.courtesy_hands == 1 and not free.must_pay_or_leave_now
    busy = fee_on_refusal(waiting_list=True, rules=HIPP)
    assert busy.courtesy_hands == 0 and busy.must_pay_or_leave_now


def test_fee_02_collections_on_the_hour_and_half_past_across_midnight() -> None:
    assert last_collection(at(0, 5), HIPP) == 0
    assert next_collection(at(23, 45), HIPP) == at(24, 0)
    assert last_collection(at(20, 29), HIPP) == at(20, 0)


def test_fee_02_houses_without_a_session_fee_refuse() -> None:
    with pytest.raises(ConfigError) as info:
        fee_on_sitting(at(20, 5), load_house("lpr", "cash"))
    assert info.value.code == "no_session_fee"
    with pytest.raises(ConfigError):
        fee_on_sitting(-5, HIPP)


def test_fee_02_a_session_fee_needs_its_collection_minutes() -> None:
    from pokerroom.errors import ConfigError
    from pokerroom.house import derive, load_house

    with pytest.raises(ConfigError) as err:
        derive(load_house("hippodrome", "cash"), session_fee_minutes=[])
    assert err.value.code == "inconsistent_rules" and "session_fee_minutes" in str(err.value)
