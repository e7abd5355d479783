"""Tests for pokerroom.floor.exposure: EXP-01..04 (S20 under every house) and the lock."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import IllegalAction
from pokerroom.floor import (
    AggressionLocked,
    CardsExposed,
    Conduct,
    RevealOwed,
    expose_cards,
    show_to,
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
    legal_actions,
    start_hand,
)
from pokerroom.house import load_house

A, B = 0, 1  # S20 flop order


def s20(house: str) -> HandState:
    """S20: NLHE £1/£3 heads-up, flop, pot £40, £500 behind each; A to act."""
    mode = "tournament" if house == "cambridge" else "cash"
    s, _ = start_hand(HandConfig.build("NT", (520, 520), 1, 3, rules=load_house(house, mode)))  # type: ignore[arg-type]
    s, _ = apply(s, DealHole(A, parse_cards("AsKs")))
    s, _ = apply(s, DealHole(B, parse_cards("QdQc")))
    s, _ = apply(s, BetRaise(B, 20))
    s, _ = apply(s, CheckCall(A))
    s, _ = apply(s, DealBoard(parse_cards("Ah8s4d")))
    assert s.pot == 40 and s.actor == A and legal_actions(s).can_check
    return s


# ---- EXP-02: not facing action ---------------------------------------------------------------


def test_exp_02_s20a_lpr_exposer_not_facing_a_bet_goes_passive() -> None:
    s = s20("lpr")
    r = expose_cards(s, A, parse_cards("As"))
    assert (r.rule, r.facing_action, r.aggression_locked, r.suggested) == (
        "EXP-02",
        False,
        True,
        None,
    )
    assert r.announce == parse_cards("As")
    assert r.events == (CardsExposed(A, parse_cards("As"), False), AggressionLocked(A, "EXP-02"))
    conduct = r.conduct
    assert conduct.legal_actions(s).describe() == "fold, check"
    with pytest.raises(IllegalAction) as err:
        conduct.check(s, BetRaise(A, 3))
    assert err.value.code == "aggression_locked" and "legal: fold, check" in str(err.value)
    # A checks; B bets £30; A may call or fold, not raise.
    conduct.check(s, CheckCall(A))
    s, _ = apply(s, CheckCall(A))
    assert conduct.legal_actions(s).describe() == "fold, check, bet to 3..500"  # B is free
    s, _ = apply(s, BetRaise(B, 30))
    la = conduct.legal_actions(s)
    assert (la.actor, la.call_amount, la.can_raise) == (A, 30, False)
    assert la.describe() == "fold, call 30"
    with pytest.raises(IllegalAction):
        conduct.check(s, BetRaise(A, 60))


@pytest.mark.parametrize(
    "house,locked",
    [("grosvenor", True), ("hippodrome", True), ("roberts", False), ("cambridge", False)],
)
def test_exp_02_compare_other_houses(house: str, locked: bool) -> None:
    s = s20(house)
    r = expose_cards(s, A, parse_cards("Ks"))
    assert r.rule == "EXP-02" and r.aggression_locked is locked and r.timer_s == 0
    assert r.conduct.legal_actions(s).can_raise is not locked


# ---- EXP-01: facing action --------------------------------------------------------------------


def facing(house: str) -> HandState:
    """S20 (b): A bets £30; B faces it."""
    s, _ = apply(s20(house), BetRaise(A, 30))
    return s


def test_exp_01_s20b_lpr_hand_may_be_ruled_folded_options_unlimited_until_then() -> None:
    s = facing("lpr")
    r = expose_cards(s, B, parse_cards("Qd"))
    assert (r.rule, r.facing_action, r.aggression_locked) == ("EXP-01", True, False)
    assert r.suggested == Fold(B)  # kill_hand(B) offered to the floor
    la = r.conduct.legal_actions(s)
    assert la.describe() == "fold, call 30, raise to 60..500"
    r.conduct.check(s, BetRaise(B, 60))  # no limit until the floor rules


def test_exp_01_s20b_compare_grosvenor_no_further_aggression() -> None:
    s = facing("grosvenor")
    r = expose_cards(s, B, parse_cards("Qd"))
    assert r.aggression_locked and r.suggested is None and r.timer is None
    assert r.conduct.legal_actions(s).describe() == "fold, call 30"


def test_exp_01_s20b_compare_hippodrome_ten_seconds_and_no_raise() -> None:
    s = facing("hippodrome")
    r = expose_cards(s, B, parse_cards("Qd"), at=0.0)
    assert r.aggression_locked and r.timer_s == 10 and r.timer is not None
    assert r.timer.deadline == 10.0 and "10 s" in r.explanation
    assert r.conduct.legal_actions(s).describe() == "fold, call 30"
    # Not his turn yet when he exposes: the timer length is known, started when he is to act.
    s2 = s20("hippodrome")
    s2, _ = apply(s2, CheckCall(A))
    s2, _ = apply(s2, BetRaise(B, 30))
    early = expose_cards(s2, A, parse_cards("As"), at=0.0)
    assert early.timer is not None  # A faces the bet and is to act


def test_exp_01_s20b_compare_roberts_the_card_plays() -> None:
    s = facing("roberts")
    r = expose_cards(s, B, parse_cards("Qd"))
    assert not r.aggression_locked and r.suggested is None
    assert r.conduct.legal_actions(s).describe() == "fold, call 30, raise to 60..500"


# ---- EXP-03: show one, show all ---------------------------------------------------------------


def three_way() -> HandState:
    """Four players, the SB folded pre-flop; flop, positions 1, 2, 3 live, 1 to act."""
    s, _ = start_hand(
        HandConfig.build("NT", (1006,) * 4, 2, 6, rules=load_house("hippodrome", "cash"))
    )
    for p, c in enumerate(("AsKs", "QdQc", "7h7d", "2c3c")):
        s, _ = apply(s, DealHole(p, parse_cards(c)))
    for a in (CheckCall(2), CheckCall(3), Fold(0), CheckCall(1)):
        s, _ = apply(s, a)
    s, _ = apply(s, DealBoard(parse_cards("Ah8s4d")))
    return s


def test_exp_03_shown_to_a_player_who_may_still_bet_goes_to_all_now_and_locks() -> None:
    s = three_way()
    r = show_to(s, 2, 3, parse_cards("7h"))
    assert r.rule == "EXP-03"
    assert r.reveal == RevealOwed(2, 3, parse_cards("7h"), "now")
    assert r.exposure is not None and r.exposure.aggression_locked
    assert 2 in r.conduct.locked


def test_exp_03_shown_to_a_folded_player_is_owed_at_the_end_of_the_betting() -> None:
    s = three_way()
    r = show_to(s, 2, 0, parse_cards("7h7d"))
    assert r.reveal == RevealOwed(2, 0, parse_cards("7h7d"), "end_of_betting")
    assert r.exposure is None and not r.conduct.locked
    outsider = show_to(s, 2, None)
    assert outsider.reveal is not None and outsider.reveal.when == "end_of_betting"
    assert outsider.reveal.cards == parse_cards("7h7d")


def test_exp_03_after_the_hand_everyone_may_see_at_once() -> None:
    s = three_way()
    for a in (BetRaise(1, 10), Fold(2), Fold(3)):
        s, _ = apply(s, a)
    assert s.is_over
    r = show_to(s, 2, 1, parse_cards("7h"))
    assert r.reveal is not None and r.reveal.when == "now" and r.exposure is None


def test_exp_03_errors_change_nothing() -> None:
    s = three_way()
    before = s.copy()
    with pytest.raises(IllegalAction) as err:
        show_to(s, 2, 2)
    assert err.value.code == "show_to_self"
    with pytest.raises(IllegalAction) as err:
        expose_cards(s, 2, parse_cards("As"))
    assert err.value.code == "not_his_card" and "7h, 7d" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        expose_cards(s, 0)
    assert err.value.code == "not_in_hand"
    with pytest.raises(IllegalAction) as err:
        expose_cards(s, 9)
    assert err.value.code == "unknown_position"
    assert s == before


# ---- EXP-04 -----------------------------------------------------------------------------------


def test_exp_04_exposed_card_with_no_action_left_is_only_announced() -> None:
    s = s20("grosvenor")
    s, _ = apply(s, BetRaise(A, 500))
    s, _ = apply(s, CheckCall(B))
    r = expose_cards(s, A)
    assert (r.rule, r.aggression_locked, r.announce) == ("EXP-04", False, parse_cards("AsKs"))


def test_exp_04_exposed_cards_stay_face_up_for_the_rest_of_the_hand() -> None:
    # LPR r53: the dealer announces exposed cards; one card, then the other: the whole hand
    # is face up to the table (what a UI shows to all), whatever the house's lock.
    s = s20("roberts")
    one = expose_cards(s, A, parse_cards("As"))
    assert not one.conduct.face_up(A, tuple(parse_cards("AsKs")))
    both = expose_cards(s, A, parse_cards("Ks"), one.conduct)
    assert both.conduct.face_up(A, tuple(parse_cards("AsKs")))
    assert not both.conduct.face_up(B, tuple(parse_cards("AsKs")))  # his cards, not B's


def test_conduct_keeps_earlier_locks() -> None:
    s = s20("lpr")
    c = Conduct().lock(B)
    r = expose_cards(s, A, parse_cards("As"), c)
    assert r.conduct.locked == frozenset({A, B})


# ---- floor audit: the lock over later streets, multiway, pre-flop ------------------------------


def five_preflop(house: str) -> HandState:
    """Five players, blinds 1/2, 500 each: UTG (position 2) to act."""
    mode = "tournament" if house == "cambridge" else "cash"
    s, _ = start_hand(HandConfig.build("NT", (500,) * 5, 1, 2, rules=load_house(house, mode)))  # type: ignore[arg-type]
    for p, c in enumerate(("AsKs", "QdQc", "7h7d", "2c3c", "9s9h")):
        s, _ = apply(s, DealHole(p, parse_cards(c)))
    return s


@pytest.mark.parametrize(
    ("house", "rule", "locked", "suggested"),
    [
        ("lpr", "EXP-01", False, True),  # LPR r50: may be ruled folded
        ("grosvenor", "EXP-01", True, False),
        ("hippodrome", "EXP-01", True, False),
        ("roberts", "EXP-01", False, False),
    ],
)
def test_exp_01_player_behind_exposes_before_his_turn_facing_the_big_blind(
    house: str, rule: str, locked: bool, suggested: bool
) -> None:
    # The button (p5) flips a card while UTG is still to act: he faces the big blind.
    s = five_preflop(house)
    r = expose_cards(s, 4, parse_cards("9s"), at=0.0)
    assert (r.rule, r.facing_action, r.aggression_locked) == (rule, True, locked)
    assert (r.suggested == Fold(4)) is suggested
    assert r.timer is None  # CLK-03's ten seconds run only when it is his turn


@pytest.mark.parametrize("house", ["grosvenor", "hippodrome"])
def test_exp_01_lock_lasts_for_the_whole_hand_on_later_streets(house: str) -> None:
    s = five_preflop(house)
    conduct = expose_cards(s, 4, parse_cards("9s")).conduct
    for a in (CheckCall(2), Fold(3), CheckCall(4), Fold(0), CheckCall(1)):
        conduct.check(s, a)
        s, _ = apply(s, a)
    s, _ = apply(s, DealBoard(parse_cards("Ah8s4d")))
    for a in (CheckCall(1), BetRaise(2, 10)):
        s, _ = apply(s, a)
    assert s.actor == 4
    assert conduct.legal_actions(s).describe() == "fold, call 10"  # no raise on the flop
    with pytest.raises(IllegalAction) as err:
        conduct.check(s, BetRaise(4, 20))
    assert err.value.code == "aggression_locked"
    s, _ = apply(s, CheckCall(4))
    s, _ = apply(s, CheckCall(1))
    s, _ = apply(s, DealBoard(parse_cards("2d")))
    s, _ = apply(s, CheckCall(1))
    s, _ = apply(s, CheckCall(2))
    assert conduct.legal_actions(s).describe() == "fold, check"  # no bet on the turn either


def test_exp_02_big_blind_with_the_option_exposes_lpr_passive_roberts_plays() -> None:
    for house, locked in (("lpr", True), ("roberts", False)):
        s = five_preflop(house)
        for a in (CheckCall(2), CheckCall(3), CheckCall(4), CheckCall(0)):
            s, _ = apply(s, a)
        r = expose_cards(s, 1, parse_cards("Qd"))
        assert (r.rule, r.facing_action, r.aggression_locked) == ("EXP-02", False, locked)
        expected = "fold, check" if locked else "fold, check, raise to 4..500"
        assert r.conduct.legal_actions(s).describe() == expected


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "hippodrome", "roberts"])
def test_exp_03_shown_to_an_all_in_player_is_owed_after_the_betting(house: str) -> None:
    # An all-in viewer can no longer bet: the cards go to everyone after the betting (HIPP:L194,
    # RRP:L74), and the shower is not ruled as exposing them.
    s, _ = start_hand(HandConfig.build("NT", (500, 500, 40), 1, 2, rules=load_house(house, "cash")))  # type: ignore[arg-type]
    for p, c in enumerate(("AsKs", "QdQc", "7h7d")):
        s, _ = apply(s, DealHole(p, parse_cards(c)))
    s, _ = apply(s, BetRaise(2, 40))  # the button is all-in
    r = show_to(s, 0, 2, parse_cards("As"))
    assert r.reveal is not None and r.reveal.when == "end_of_betting"
    assert r.exposure is None and not r.conduct.locked
