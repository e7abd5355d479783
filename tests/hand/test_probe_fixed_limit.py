"""Probe of fixed-limit Omaha (FO, FO/8) and Hold'em: the bet unit of each street (STR-02),
the cap of a bet and three raises and the heads-up exception (STR-03/04, RRP:L54-55), and the
half-bet rule for short all-ins (BET-05, RRP:L56) on the big-bet streets."""

from __future__ import annotations

import pytest
from handkit import Hand

from pokerroom.errors import IllegalAction
from pokerroom.hand.actions import BetRaise, CheckCall, Fold
from pokerroom.hand.betting import LegalActions
from pokerroom.house import load_house

HOUSES = ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")
CASH = tuple(h for h in HOUSES if load_house(h, "cash").offered)
TOURNAMENT = tuple(h for h in HOUSES if load_house(h, "tournament").offered)
FOUR = ("AsKsQsJs", "7d2c3c4c", "QhQcTh9h", "JdJc8d8c")


def limp(h: Hand) -> None:
    h.act(CheckCall(2), CheckCall(3), CheckCall(0), CheckCall(1))


def checked_to_the_turn(h: Hand) -> None:
    """Four players limp, check the flop (2d7s9c), and the turn (Kd) is dealt."""
    limp(h)
    h.board("2d7s9c")
    h.act(*(CheckCall(p) for p in range(4)))
    h.board("Kd")


def checked_to_the_river(h: Hand) -> None:
    """As :func:`checked_to_the_turn`, the turn checked too, and the river (2h) dealt."""
    checked_to_the_turn(h)
    h.act(*(CheckCall(p) for p in range(4)))
    h.board("2h")


@pytest.mark.parametrize("code", ["FO", "FO/8"])
def test_str_02_fixed_limit_omaha_unit_per_street(code: str) -> None:
    # FO 5/10 (small bet 10, big bet 20): pre-flop and flop in 10s, turn and river in 20s;
    # a bet or raise is exactly one unit over the current bet, anything else is refused.
    h = Hand(code, (1000,) * 4, 5, 10, FOUR)
    assert h.legal == LegalActions(2, False, 10, 20, 20)
    h.refuse(BetRaise(2, 30), "above_maximum", IllegalAction)
    limp(h)
    h.board("2d7s9c")
    assert h.legal == LegalActions(0, True, 0, 10, 10)
    h.act(BetRaise(0, 10))
    assert h.legal == LegalActions(1, False, 10, 20, 20)
    h.act(CheckCall(1), CheckCall(2), CheckCall(3))
    h.board("Kd")
    assert h.legal == LegalActions(0, True, 0, 20, 20)
    h.act(BetRaise(0, 20))
    assert h.legal == LegalActions(1, False, 20, 40, 40)
    h.act(CheckCall(1), CheckCall(2), CheckCall(3))
    h.board("2h")
    assert h.legal == LegalActions(0, True, 0, 20, 20)


@pytest.mark.parametrize("house", CASH)
def test_str_03_04_turn_cap_stays_when_a_fold_leaves_two_after_it(house: str) -> None:
    # FO 5/10, turn (20s), 4-handed limped to the turn. Bet 20, raises to 40, 60 and 80:
    # the cap (a bet and three raises). p0 and p1 fold: heads-up, but the cap was reached
    # first (RRP:L55: a later fold does not uncap it): p2 may only call.
    h = Hand("FO", (1000,) * 4, 5, 10, FOUR, rules=load_house(house, "cash"))
    checked_to_the_turn(h)
    h.act(BetRaise(0, 20), BetRaise(1, 40), BetRaise(2, 60), BetRaise(3, 80))
    h.act(Fold(0), Fold(1))
    assert h.legal == LegalActions(2, False, 20)


@pytest.mark.parametrize("house", CASH)
def test_str_04_turn_fold_to_heads_up_before_the_cap_uncaps_in_cash(house: str) -> None:
    # Turn: p0 bets 20, p1 raises to 40, p2 to 60 (three bets), p3 and p0 fold: heads-up
    # before the cap (RRP:L55 money games): raising is unlimited for the rest of the round.
    h = Hand("FO", (1000,) * 4, 5, 10, FOUR, rules=load_house(house, "cash"))
    checked_to_the_turn(h)
    h.act(BetRaise(0, 20), BetRaise(1, 40), BetRaise(2, 60), Fold(3), Fold(0))
    for to in (80, 100, 120, 140):
        h.act(BetRaise(h.legal.actor or 0, to))
    assert h.legal == LegalActions(1, False, 20, 160, 160)


@pytest.mark.parametrize("house", TOURNAMENT)
def test_str_04_tournament_turn_cap_applies_heads_up(house: str) -> None:
    h = Hand("FO", (1000,) * 4, 5, 10, FOUR, rules=load_house(house, "tournament"))
    checked_to_the_turn(h)
    h.act(BetRaise(0, 20), BetRaise(1, 40), BetRaise(2, 60), Fold(3), Fold(0))
    h.act(BetRaise(1, 80))
    assert h.legal == LegalActions(2, False, 20)


@pytest.mark.parametrize("house", CASH)
def test_str_04_allin_on_the_flop_leaves_two_who_can_bet_on_the_turn(house: str) -> None:
    # FO/8 5/10, 3-handed, p2 has 20: limped pre-flop (10 in), all in on the flop calling 10.
    # Turn: only p0 and p1 have chips: "three or more players who are not all-in" no longer
    # holds, so in cash the turn is uncapped from its start.
    holes = FOUR[:3]
    h = Hand("FO/8", (1000, 1000, 20), 5, 10, holes, rules=load_house(house, "cash"))
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    h.board("2d7s9c")
    h.act(BetRaise(0, 10), CheckCall(1), CheckCall(2))
    h.board("Kd")
    for to in (20, 40, 60, 80, 100):
        h.act(BetRaise(h.legal.actor or 0, to))
    assert h.legal == LegalActions(1, False, 20, 120, 120)


@pytest.mark.parametrize("house", HOUSES)
def test_bet_05_turn_short_allin_completed_then_the_bettor_may_raise(house: str) -> None:
    # FO 5/10, turn (unit 20). p0 bets 20, p1 all in to 29 (9 over: under half a bet).
    # p2 may fold, call 29 or complete to 20 + 20 = 40 (RRP:L56). He completes: that is a
    # full raise over p0's bet, so p0 may raise again, to 60.
    stacks = (1000, 39, 1000, 1000)
    h = Hand("FO", stacks, 5, 10, FOUR, rules=load_house(house, "cash"))
    checked_to_the_turn(h)
    h.act(BetRaise(0, 20), BetRaise(1, 29))
    assert h.legal == LegalActions(2, False, 29, 40, 40)
    h.act(BetRaise(2, 40), CheckCall(3))
    assert h.legal == LegalActions(0, False, 20, 60, 60)


@pytest.mark.parametrize("house", HOUSES)
def test_bet_05_turn_short_allin_only_called_bettor_may_not_raise(house: str) -> None:
    stacks = (1000, 39, 1000, 1000)
    h = Hand("FO", stacks, 5, 10, FOUR, rules=load_house(house, "cash"))
    checked_to_the_turn(h)
    h.act(BetRaise(0, 20), BetRaise(1, 29), CheckCall(2), CheckCall(3))
    assert h.legal == LegalActions(0, False, 9)


@pytest.mark.parametrize("house", HOUSES)
def test_bet_05_river_half_bet_allin_over_a_bet_raise_is_allin_plus_a_bet(house: str) -> None:
    # River (unit 20): p0 bets 20, p1 all in to 30 (10 over: exactly half a bet, a full
    # raise, RRP:L56). p2 may raise to 30 + 20 = 50; p0, who bet, may raise too after calls.
    stacks = (1000, 40, 1000, 1000)
    h = Hand("FO", stacks, 5, 10, FOUR, rules=load_house(house, "cash"))
    checked_to_the_river(h)
    h.act(BetRaise(0, 20), BetRaise(1, 30))
    assert h.legal == LegalActions(2, False, 30, 50, 50)
    h.act(CheckCall(2), CheckCall(3))
    assert h.legal == LegalActions(0, False, 10, 50, 50)


@pytest.mark.parametrize("house", HOUSES)
def test_bet_05_opening_short_allin_bet_is_completed_to_a_full_bet(house: str) -> None:
    # River (unit 20): p0 checks, p1 bets all in 9 (under half a bet). p2 may call 9 or
    # complete to 20. He calls; p3 calls: p0, who checked and is in for every earlier bet,
    # may call or fold (the short bet does not reopen for him, RRP:L56). LPR is silent on
    # limit; its r26 (general betting rules) bars only a player who "has already raised", and
    # the house profile reads it literally (reopen_barred_for = already_raised, CONFLICTS
    # L-3) for every structure: there the checker may complete to 20 (AMBIG, left as is).
    stacks = (1000, 19, 1000, 1000)
    h = Hand("FO", stacks, 5, 10, FOUR, rules=load_house(house, "cash"))
    checked_to_the_river(h)
    h.act(CheckCall(0), BetRaise(1, 9))
    assert h.legal == LegalActions(2, False, 9, 20, 20)
    h.act(CheckCall(2), CheckCall(3))
    if house == "lpr":
        assert h.legal == LegalActions(0, False, 9, 20, 20)
    else:
        assert h.legal == LegalActions(0, False, 9)


@pytest.mark.parametrize("house", HOUSES)
def test_bet_05_opening_short_allin_completed_reopens_for_the_checker(house: str) -> None:
    stacks = (1000, 19, 1000, 1000)
    h = Hand("FO", stacks, 5, 10, FOUR, rules=load_house(house, "cash"))
    checked_to_the_river(h)
    h.act(CheckCall(0), BetRaise(1, 9), BetRaise(2, 20), CheckCall(3))
    assert h.legal == LegalActions(0, False, 20, 40, 40)


@pytest.mark.parametrize("house", CASH)
def test_str_03_bet_05_short_allin_under_half_is_not_a_raise_toward_the_cap(house: str) -> None:
    # Turn, 4-handed (unit 20): bet 20, raises to 40 and 60 (three bets), p3 all in to 65
    # (5 over: under half). p0 may still complete: to 60 + 20 = 80, the fourth bet, and
    # then nobody may raise (p1 and p2 only call).
    stacks = (1000, 1000, 1000, 75)
    h = Hand("FO", stacks, 5, 10, FOUR, rules=load_house(house, "cash"))
    checked_to_the_turn(h)
    h.act(BetRaise(0, 20), BetRaise(1, 40), BetRaise(2, 60), BetRaise(3, 65))
    assert h.legal == LegalActions(0, False, 45, 80, 80)
    h.act(BetRaise(0, 80))
    assert h.legal == LegalActions(1, False, 40)
