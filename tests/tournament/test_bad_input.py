"""Bad input to the tournament desk and the cash floor is refused with a typed error that
says what was wrong (found by a black-box review of the docs,
``tests/test_blackbox_tournament.py``)."""

from __future__ import annotations

import pytest

from pokerroom.cash import SeatingError as CashSeatingError
from pokerroom.cash import WaitingList, seating_policy
from pokerroom.house import load_house
from pokerroom.table import PlayerId
from pokerroom.tournament import (
    Clock,
    ClockError,
    RegistrationError,
    Registry,
    SeatingError,
    StructureError,
    color_up,
    load_structure,
)
from pokerroom.tournament.seating import high_card_draw

MIN = 60


def test_btn_01_a_draw_from_one_deck_never_shows_a_card_twice() -> None:
    assert high_card_draw({1: "As", 2: "Ks"}, "spades_hearts_diamonds_clubs").winner == 1
    with pytest.raises(SeatingError) as err:
        high_card_draw({1: "As", 2: "As"}, "spades_hearts_diamonds_clubs")
    assert err.value.code == "duplicate_card"


def test_trn_01_a_registration_names_the_player() -> None:
    registry = Registry(load_house("cambridge", "tournament"), load_structure("cambridge_pub"))
    with pytest.raises(RegistrationError) as err:
        registry.register(PlayerId(" "), at=0)
    assert err.value.code == "no_player"


def test_trn_14_a_structure_changed_in_play_states_its_reason() -> None:
    s = load_structure("standard_20")
    clock = Clock(s).start(0)
    with pytest.raises(ClockError) as err:
        clock.change_structure(10 * MIN, s, reason=" ")
    assert err.value.code == "no_reason"
    assert clock.change_structure(10 * MIN, s, reason="longer levels").status(10 * MIN)


def test_str_07_a_race_off_needs_a_strong_seed_even_with_nothing_to_race() -> None:
    with pytest.raises(StructureError) as err:
        color_up({"a": 1000}, 25, 100, "race_off", seed=bytes(4))
    assert err.value.code == "weak_seed"
    assert color_up({"a": 1000}, 25, 100, "race_off", seed=bytes(16)).chips_added == 0


def test_seat_04_a_lost_lockup_says_how_late_the_player_came() -> None:
    hipp = seating_policy(load_house("hippodrome", "cash"))
    wl, _ = WaitingList("1/2 NLH").add(PlayerId("ann"), 0.0, staff="desk").call_next(100.0)
    with pytest.raises(CashSeatingError) as err:
        wl.take_seat(PlayerId("ann"), 100.0 + 15 * MIN + 1, hipp)
    assert err.value.code == "lockup_expired"
    assert "came 15 min 1 s after the call" in str(err.value)
