"""Betting structures: fixed-limit sizes and cap, pot-limit and no-limit maxima (STR-02..06)."""

from __future__ import annotations

from handkit import Hand

from pokerroom.errors import IllegalAction
from pokerroom.hand.actions import BetRaise, CheckCall, Fold
from pokerroom.hand.betting import LegalActions
from pokerroom.house import derive, load_house
from pokerroom.house.rules import HouseRules

HOLES = ("AsAd", "KsKd", "QcQh", "JcJh")


def call_round(h: Hand) -> None:
    street = h.state.street
    while h.state.street == street and h.legal.actor is not None:
        h.act(CheckCall(h.legal.actor))


def raise_min(h: Hand, times: int) -> None:
    for _ in range(times):
        legal = h.legal
        assert legal.actor is not None and legal.min_raise_to is not None
        h.act(BetRaise(legal.actor, legal.min_raise_to))


def test_str_02_limit_sizes_small_bet_preflop_flop_big_bet_turn_river() -> None:
    h = Hand("FT", (500, 500, 500), 1, 2, HOLES[:3])
    assert (h.config.small_bet, h.config.big_bet) == (2, 4)
    assert h.legal == LegalActions(2, False, 2, 4, 4)
    call_round(h)
    h.board("2c3d4h")
    assert h.legal == LegalActions(0, True, 0, 2, 2)
    h.refuse(BetRaise(0, 4), "above_maximum", IllegalAction)
    h.act(BetRaise(0, 2))
    assert h.legal == LegalActions(1, False, 2, 4, 4)
    call_round(h)
    h.board("5s")
    assert h.legal == LegalActions(0, True, 0, 4, 4)
    h.refuse(BetRaise(0, 2), "raise_below_minimum", IllegalAction)
    h.act(BetRaise(0, 4))
    assert h.legal == LegalActions(1, False, 4, 8, 8)
    call_round(h)
    h.board("9s")
    assert h.legal == LegalActions(0, True, 0, 4, 4)


def test_str_02_g4_big_bet_streets_are_the_houses() -> None:
    # A club that plays the big bet from the flop on, and one that keeps it for the river.
    flop_on = derive(load_house("roberts"), limit_big_bet_streets=["flop", "turn", "river"])
    h = Hand("FT", (500, 500, 500), 1, 2, HOLES[:3], rules=flop_on)
    assert h.legal == LegalActions(2, False, 2, 4, 4)  # pre-flop: still the small bet
    call_round(h)
    h.board("2c3d4h")
    assert h.legal == LegalActions(0, True, 0, 4, 4)
    h.refuse(BetRaise(0, 2), "raise_below_minimum", IllegalAction)
    h.act(BetRaise(0, 4))
    assert h.legal == LegalActions(1, False, 4, 8, 8)

    river_only = derive(load_house("roberts"), limit_big_bet_streets=["river"])
    h = Hand("FT", (500, 500, 500), 1, 2, HOLES[:3], rules=river_only)
    call_round(h)
    h.board("2c3d4h")
    call_round(h)
    h.board("5s")
    assert h.legal == LegalActions(0, True, 0, 2, 2)  # turn: small bet
    h.refuse(BetRaise(0, 4), "above_maximum", IllegalAction)
    call_round(h)
    h.board("9s")
    assert h.legal == LegalActions(0, True, 0, 4, 4)
    assert [h.config.bet_unit(street) for street in range(4)] == [2, 2, 2, 4]


def test_str_02_g4_half_bet_rule_uses_the_houses_unit() -> None:
    # BET-05 on a big-bet flop (U = 4): an all-in 1 over the bet of 4 is less than half a
    # bet, so the next player may only call it or complete to 4 + U = 8 (with U = 2 it would
    # be half a bet, a full raise, and the raise would be to 5 + 2 = 7).
    flop_on = derive(load_house("roberts"), limit_big_bet_streets=["flop", "turn", "river"])
    h = Hand("FT", (500, 500, 7, 500), 1, 2, HOLES, rules=flop_on)
    call_round(h)
    h.board("2c3d4h")
    h.act(BetRaise(0, 4), CheckCall(1), BetRaise(2, 5))  # all-in: 1 over 4
    assert h.legal == LegalActions(3, False, 5, 8, 8)


def test_str_03_cap_is_four_bets_including_the_big_blind() -> None:
    h = Hand("FT", (200,) * 4, 1, 2, HOLES)
    h.act(BetRaise(2, 4), BetRaise(3, 6), BetRaise(0, 8))
    # BB 2, then 4, 6, 8: four bets. A fifth is refused.
    assert h.legal == LegalActions(1, False, 6, None, None)
    err = h.refuse(BetRaise(1, 10), "raise_not_allowed", IllegalAction)
    assert "legal: fold, call 6" in str(err)
    h.act(CheckCall(1), CheckCall(2), CheckCall(3))
    assert h.state.pot == 32 and h.state.phase_name == "board"


def test_str_03_cap_on_a_postflop_round() -> None:
    h = Hand("FT", (200,) * 3, 1, 2, HOLES[:3])
    call_round(h)
    h.board("2c3d4h")
    h.act(BetRaise(0, 2), BetRaise(1, 4), BetRaise(2, 6), BetRaise(0, 8))
    assert h.legal == LegalActions(1, False, 4, None, None)
    h.refuse(BetRaise(1, 10), "raise_not_allowed", IllegalAction)


def test_str_04_heads_up_cash_round_is_uncapped() -> None:
    h = Hand("FT", (500, 500), 1, 2, HOLES[:2])
    raise_min(h, 8)
    assert h.state.bets == [18, 16]
    assert h.legal == LegalActions(1, False, 2, 20, 20)


def test_str_04_heads_up_tournament_stays_capped() -> None:
    for rules in (HouseRules(mode="tournament"), load_house("roberts", "tournament")):
        h = Hand("FT", (500, 500), 1, 2, HOLES[:2], rules=rules)
        raise_min(h, 3)
        assert h.state.bets == [6, 8]
        assert h.legal == LegalActions(0, False, 2, None, None)


def test_str_04_round_heads_up_before_the_cap_is_uncapped() -> None:
    h = Hand("FT", (500, 500, 500), 1, 2, HOLES[:3])
    h.act(BetRaise(2, 4), Fold(0))  # two bets so far, now heads-up
    raise_min(h, 6)
    assert h.state.bets == [1, 14, 16]
    assert h.legal == LegalActions(1, False, 2, 18, 18)


def test_str_04_cap_reached_before_the_fold_stays() -> None:
    h = Hand("FT", (500, 500, 500), 1, 2, HOLES[:3])
    h.act(BetRaise(2, 4), BetRaise(0, 6), BetRaise(1, 8))
    h.act(Fold(2))
    assert h.legal == LegalActions(0, False, 2, None, None)


def test_str_05_pot_limit_maximum_preflop() -> None:
    h = Hand("PO", (500,) * 4, 1, 2, ("AsKsQsJs", "7d2c3c4c", "QhQcTh9h", "JdJc8d8c"))
    # UTG: call 2 + pot after the call (1 + 2 + 2) = raise to 7.
    assert h.legal == LegalActions(2, False, 2, 4, 7)
    h.act(BetRaise(2, 7))
    # Button: 7 + (1 + 2 + 7 + 7) = 24.
    assert h.legal == LegalActions(3, False, 7, 12, 24)
    err = h.refuse(BetRaise(3, 25), "above_pot_limit", IllegalAction)
    assert "above the maximum raise to 24" in str(err)
    h.act(CheckCall(3))
    # SB: current 7, pot 17, call 6: 7 + 17 + 6 = 30.
    assert h.legal == LegalActions(0, False, 6, 12, 30)


def test_str_05_pot_limit_maximum_postflop() -> None:
    h = Hand("PO", (500,) * 4, 1, 2, ("AsKsQsJs", "7d2c3c4c", "QhQcTh9h", "JdJc8d8c"))
    h.act(BetRaise(2, 7))
    call_round(h)
    assert h.state.pot == 28
    h.board("2h3h4d")
    assert h.legal == LegalActions(0, True, 0, 2, 28)  # bet the pot: 28
    h.act(BetRaise(0, 28))
    # 28 to call, pot after the call 28 + 28 + 28 = 84: raise to 112.
    assert h.legal == LegalActions(1, False, 28, 56, 112)
    h.refuse(BetRaise(1, 113), "above_pot_limit", IllegalAction)
    h.act(BetRaise(1, 112))
    # 112 + (28 + 28 + 112 + 112) = 392.
    assert h.legal == LegalActions(2, False, 112, 196, 392)


def test_str_05_pot_limit_maximum_is_capped_by_the_stack() -> None:
    h = Hand("PT", (500, 500, 20), 1, 2, HOLES[:3])
    call_round(h)
    h.board("2h3h4d")
    h.act(BetRaise(0, 6))
    h.act(CheckCall(1))
    assert h.legal == LegalActions(2, False, 6, 12, 18)  # 24 by the pot, 18 all-in


def test_str_06_no_limit_maximum_is_the_whole_stack() -> None:
    h = Hand("NT", (300, 250, 200), 1, 2, HOLES[:3])
    assert h.legal == LegalActions(2, False, 2, 4, 200)
    err = h.refuse(BetRaise(2, 201), "above_maximum", IllegalAction)
    assert "raise to 201 is above the maximum raise to 200" in str(err)
    h.act(BetRaise(2, 200))
    # The SB cannot make a full raise (to 398): his only raise is all-in to 300.
    assert h.legal == LegalActions(0, False, 199, 300, 300)
