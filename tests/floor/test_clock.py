"""Tests for pokerroom.floor.clock: CLK-01..CLK-03 and G14, with injected time."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import IllegalAction
from pokerroom.floor import (
    ClockCalled,
    ClockExpired,
    call_clock,
    expose_cards,
    start_exposure_timer,
    tick,
)
from pokerroom.hand import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    HandConfig,
    HandState,
    apply,
    start_hand,
)
from pokerroom.house import HouseRules, load_house

HOUSES = ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")


def _rules(house: str | HouseRules) -> HouseRules:
    if isinstance(house, HouseRules):
        return house
    return load_house(house, "tournament" if house == "cambridge" else "cash")


def heads_up_flop(house: str | HouseRules) -> HandState:
    """Heads-up flop, pot 40, 500 behind each; A (position 0) to act, no bet yet."""
    s, _ = start_hand(HandConfig.build("NT", (520, 520), 1, 3, rules=_rules(house)))
    s, _ = apply(s, DealHole(0, parse_cards("AsKs")))
    s, _ = apply(s, DealHole(1, parse_cards("QdQc")))
    s, _ = apply(s, BetRaise(1, 20))
    s, _ = apply(s, CheckCall(0))
    s, _ = apply(s, DealBoard(parse_cards("Ah8s4d")))
    assert s.pot == 40 and s.actor == 0
    return s


def facing_bet(house: str | HouseRules) -> HandState:
    """The same flop after A bets 30: B (position 1) faces the bet."""
    s, _ = apply(heads_up_flop(house), BetRaise(0, 30))
    return s


# ---- CLK-01 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("house", HOUSES)
def test_clk_01_any_other_player_may_call_the_clock(house: str) -> None:
    s = facing_bet(house)
    clock = call_clock(s, by=0, at=1000.0)
    assert clock.position == 1 and clock.called_by == 0 and clock.rule == "CLK-01"
    assert clock.event == ClockCalled(1, 0, 1000.0, 1060.0, "CLK-01")
    assert call_clock(s, by=None, at=5.0).called_by is None  # the floor itself
    with pytest.raises(IllegalAction) as err:
        call_clock(s, by=1, at=1000.0)
    assert err.value.code == "clock_on_self"
    with pytest.raises(IllegalAction) as err:
        call_clock(s, by=7, at=1000.0)
    assert err.value.code == "unknown_position"


def test_clk_01_one_minute_with_the_last_ten_seconds_counted_down_g3() -> None:
    s = facing_bet("grosvenor")
    clock = call_clock(s, by=0, at=0.0)
    assert (clock.deadline, clock.countdown_from) == (60.0, 50.0)
    first = tick(clock, s, at=0.0)
    assert (first.phase, first.remaining, first.action) == ("running", 60.0, None)
    assert tick(clock, s, at=49.9).phase == "running"
    late = tick(clock, s, at=50.0)
    assert (late.phase, late.remaining) == ("countdown", 10.0)
    assert tick(clock, s, at=59.99).action is None
    assert tick(clock, s, at=60.0).phase == "expired"


def test_clk_01_countdown_added_to_the_minute_when_the_house_says_so() -> None:
    rules = replace(load_house("grosvenor", "cash"), clock_countdown_inside_minute=False)
    s = facing_bet(rules)
    clock = call_clock(s, by=0, at=0.0)
    assert (clock.deadline, clock.countdown_from) == (70.0, 60.0)
    assert tick(clock, s, at=60.0).phase == "countdown"
    assert tick(clock, s, at=70.0).action == Fold(1)


def test_clk_01_no_clock_when_nobody_is_to_act() -> None:
    s, _ = start_hand(HandConfig.build("NT", (100, 100), 1, 2))  # hole cards not dealt yet
    with pytest.raises(IllegalAction) as err:
        call_clock(s, by=0, at=0.0)
    assert err.value.code == "nobody_to_act"


# ---- CLK-02 / G14 ---------------------------------------------------------------------------


@pytest.mark.parametrize("house", HOUSES)
def test_clk_02_time_up_facing_a_bet_the_hand_is_dead(house: str) -> None:
    s = facing_bet(house)
    clock = call_clock(s, by=0, at=10.0)
    t = tick(clock, s, at=70.0)
    assert (t.phase, t.action, t.rule) == ("expired", Fold(1), "CLK-02")
    assert t.event == ClockExpired(1, 70.0, "dead", "CLK-02")
    s, _ = apply(s, t.action)
    assert s.is_over and s.stacks == (540, 500)


@pytest.mark.parametrize("house", ["lpr", "hippodrome", "cambridge", "roberts"])
def test_clk_02_g14_time_up_with_no_bet_to_face_is_a_check(house: str) -> None:
    s = heads_up_flop(house)
    clock = call_clock(s, by=1, at=0.0)
    t = tick(clock, s, at=61.0)
    assert (t.action, t.rule) == (CheckCall(0), "G14")
    assert t.event == ClockExpired(0, 61.0, "check", "G14")
    s, _ = apply(s, t.action)
    assert s.actor == 1 and s.pot == 40


def test_clk_02_grosvenor_literal_hand_dead_even_with_no_bet_g4() -> None:
    s = heads_up_flop("grosvenor")
    t = tick(call_clock(s, by=1, at=0.0), s, at=60.0)
    assert (t.action, t.rule) == (Fold(0), "CLK-02")


def test_clk_02_clock_is_stale_once_the_player_acts() -> None:
    s = facing_bet("lpr")
    clock = call_clock(s, by=0, at=0.0)
    after, _ = apply(s, CheckCall(1))
    with pytest.raises(IllegalAction) as err:
        tick(clock, after, at=61.0)
    assert err.value.code == "clock_stale"
    with pytest.raises(IllegalAction) as err:
        tick(clock, s, at=-1.0)
    assert err.value.code == "time_before_clock"


# ---- CLK-03 ---------------------------------------------------------------------------------


def test_clk_03_hippodrome_ten_seconds_after_exposing_facing_a_bet() -> None:
    s = facing_bet("hippodrome")
    ruling = expose_cards(s, 1, parse_cards("Qd"), at=100.0)
    assert ruling.timer is not None and ruling.timer_s == 10
    assert ruling.timer.deadline == 110.0 and ruling.timer.rule == "CLK-03"
    assert tick(ruling.timer, s, at=109.0).action is None
    t = tick(ruling.timer, s, at=110.0)
    assert (t.action, t.rule) == (Fold(1), "CLK-03")


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "cambridge", "roberts"])
def test_clk_03_compare_no_exposure_timer(house: str) -> None:
    s = facing_bet(house)
    assert start_exposure_timer(s, 1, at=0.0) is None
    assert expose_cards(s, 1, parse_cards("Qd"), at=0.0).timer is None


def test_clk_03_timer_only_for_the_player_to_act() -> None:
    s = facing_bet("hippodrome")
    with pytest.raises(IllegalAction) as err:
        start_exposure_timer(s, 0, at=0.0)
    assert err.value.code == "not_to_act"


# ---- floor audit: the edges of each limit --------------------------------------------------


def three_handed_preflop(house: str | HouseRules) -> HandState:
    """Three players, blinds 1/2, 500 each: the button (position 2) faces the big blind."""
    s, _ = start_hand(HandConfig.build("NT", (500,) * 3, 1, 2, rules=_rules(house)))
    for p, c in enumerate(("AsKs", "QdQc", "7h7d")):
        s, _ = apply(s, DealHole(p, parse_cards(c)))
    assert s.actor == 2
    return s


@pytest.mark.parametrize("house", HOUSES)
def test_clk_01_exact_edges_of_the_minute_and_its_ten_second_countdown(house: str) -> None:
    s = three_handed_preflop(house)
    clock = call_clock(s, by=0, at=1000.0)
    assert (clock.deadline, clock.countdown_from) == (1060.0, 1050.0)
    phases = [tick(clock, s, at=t).phase for t in (1049.9, 1050.0, 1059.9, 1060.0, 1200.0)]
    assert phases == ["running", "countdown", "countdown", "expired", "expired"]
    assert tick(clock, s, at=1059.9).action is None
    with pytest.raises(IllegalAction) as err:
        tick(clock, s, at=999.0)
    assert err.value.code == "time_before_clock"


def test_clk_01_countdown_added_the_seventieth_second_is_the_edge() -> None:
    rules = replace(_rules("grosvenor"), clock_countdown_inside_minute=False)
    s = three_handed_preflop(rules)
    clock = call_clock(s, by=1, at=0.0, rules=rules)
    assert (clock.deadline, clock.countdown_from) == (70.0, 60.0)
    assert tick(clock, s, at=60.0).phase == "countdown" and tick(clock, s, at=69.9).action is None
    assert tick(clock, s, at=70.0).action == Fold(2)


@pytest.mark.parametrize("house", HOUSES)
def test_clk_01_a_player_who_folded_may_still_call_the_clock(house: str) -> None:
    s, _ = apply(three_handed_preflop(house), CheckCall(2))  # button calls, SB to act
    s, _ = apply(s, Fold(0))  # SB folds; BB has the option
    clock = call_clock(s, by=0, at=0.0)  # GROS:L18 "any player at the table"
    assert clock.position == 1 and clock.called_by == 0


@pytest.mark.parametrize(
    ("house", "action", "rule"),
    [
        ("lpr", CheckCall(1), "G14"),
        ("hippodrome", CheckCall(1), "G14"),
        ("cambridge", CheckCall(1), "G14"),
        ("roberts", CheckCall(1), "G14"),
        ("grosvenor", Fold(1), "CLK-02"),
    ],
)
def test_clk_02_big_blind_option_not_facing_a_bet_per_house(
    house: str, action: CheckCall | Fold, rule: str
) -> None:
    # Pre-flop, button and SB limp: the BB faces no raise. HIPP:L140 / RRP:L31 kill only a hand
    # facing a bet (G14: a check); GROS:L18 kills the hand whatever (CONFLICTS G-4).
    s, _ = apply(three_handed_preflop(house), CheckCall(2))
    s, _ = apply(s, CheckCall(0))
    t = tick(call_clock(s, by=2, at=0.0), s, at=60.0)
    assert (t.action, t.rule) == (action, rule)
    s, _ = apply(s, t.action)
    assert s.chips_total() == 1500


@pytest.mark.parametrize("house", HOUSES)
def test_clk_02_small_blind_facing_the_big_blind_is_facing_a_bet(house: str) -> None:
    s, _ = apply(three_handed_preflop(house), Fold(2))
    t = tick(call_clock(s, by=1, at=0.0), s, at=60.0)  # SB owes 1 to the big blind
    assert (t.action, t.rule) == (Fold(0), "CLK-02")
    s, _ = apply(s, t.action)
    assert s.stacks == (499, 501, 500)  # the BB wins the small blind, nothing else moves


def test_clk_03_no_timer_for_a_player_who_faces_no_bet() -> None:
    # HIPP:L143: the ten seconds are for a player who exposes "whilst facing a bet". The BB with
    # his option exposes: EXP-02 (no aggression), no timer that could kill his hand.
    s, _ = apply(three_handed_preflop("hippodrome"), CheckCall(2))
    s, _ = apply(s, CheckCall(0))
    assert s.actor == 1
    with pytest.raises(IllegalAction) as err:
        start_exposure_timer(s, 1, at=0.0)
    assert err.value.code == "not_facing_bet" and "HIPP:L143" in str(err.value)
    ruling = expose_cards(s, 1, parse_cards("Qd"), at=0.0)
    assert ruling.rule == "EXP-02" and ruling.timer is None and ruling.aggression_locked


def test_clk_03_heads_up_timer_is_exactly_ten_seconds() -> None:
    s = facing_bet("hippodrome")
    timer = start_exposure_timer(s, 1, at=5.5)
    assert timer is not None and timer.deadline == 15.5
    assert tick(timer, s, at=15.4).action is None
    assert tick(timer, s, at=15.5).action == Fold(1)
