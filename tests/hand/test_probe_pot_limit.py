"""Probe of the pot-limit maximum (STR-05 / G3: raise to at most the current bet plus the pot
after calling, the pot being every chip put in so far) in Omaha: several callers, a short
all-in in between, a straddle's option and heads-up. The maxima were also checked against
PokerKit, where the formula is the universal one; the minima are the house's (BET-02/04)."""

from __future__ import annotations

import pytest
from handkit import Hand

from pokerroom.errors import IllegalAction
from pokerroom.hand.actions import BetRaise, CheckCall
from pokerroom.hand.betting import LegalActions
from pokerroom.house import load_house

SIX = ("AsKsQsJs", "7d2c3c4c", "QhQcTh9h", "JdJc8d8c", "5s5h6s6h", "AcAd2h3h")


def test_str_05_plo_pot_raise_behind_three_limpers_then_everyone_calls() -> None:
    # PO 5/10, 6-handed. p2, p3, p4 limp: pot 5 + 10 + 30 = 45. The button: call 10, pot
    # after the call 55: raise to 65. The SB then: call 60, pot 110 + 60 = 170: to 235; min
    # 65 + 55 = 120. The BB after the SB calls: call 55, pot 170 + 55: to 65 + 225 = 290.
    h = Hand("PO", (10_000,) * 6, 5, 10, SIX)
    h.act(CheckCall(2), CheckCall(3), CheckCall(4))
    assert h.legal == LegalActions(5, False, 10, 20, 65)
    h.refuse(BetRaise(5, 66), "above_pot_limit", IllegalAction)
    h.act(BetRaise(5, 65))
    assert h.legal == LegalActions(0, False, 60, 120, 235)
    h.act(CheckCall(0))
    assert h.legal == LegalActions(1, False, 55, 120, 290)
    for p in (1, 2, 3, 4):
        h.act(CheckCall(p))
    assert h.state.pot == 390


def test_str_05_plo_flop_pot_bet_two_callers_then_pot_raise_and_re_pot() -> None:
    # Flop pot 390 (as above). The SB checks, the BB bets the pot, 390; p2 and p3 call.
    # p4: call 390, pot 390 x 4 = 1560 + 390 = 1950: raise to 390 + 1950 = 2340.
    # The button: call 2340, pot 1560 + 2340 + 2340 = 6240: raise to 8580, min 2340 + 1950.
    h = Hand("PO", (10_000,) * 6, 5, 10, SIX)
    h.act(CheckCall(2), CheckCall(3), CheckCall(4), BetRaise(5, 65))
    for p in (0, 1, 2, 3, 4):
        h.act(CheckCall(p))
    h.board("2d7s9c")
    assert h.legal == LegalActions(0, True, 0, 10, 390)
    h.act(CheckCall(0), BetRaise(1, 390))
    assert h.legal == LegalActions(2, False, 390, 780, 1560)
    h.act(CheckCall(2), CheckCall(3))
    assert h.legal == LegalActions(4, False, 390, 780, 2340)
    h.act(BetRaise(4, 2340))
    assert h.legal == LegalActions(5, False, 2340, 4290, 8580)


@pytest.mark.parametrize("house", ["hippodrome", "roberts", "lpr"])
def test_str_05_bet_04_plo_short_allin_raise_between_callers(house: str) -> None:
    # PO 5/10, 4-handed, p2 has 60. Everyone limps: pot 40. Flop: the SB bets the pot, 40;
    # the BB calls. p2 (50 behind): call 40, a full raise is to 80 > 50: all in to 50 only
    # (BET-03). p3: call 50, pot 40 + 40 + 40 + 50 = 170 + 50: max 50 + 220 = 270; min
    # 50 + 40 = 90 (G7: the short raise does not change the raise size).
    # Back to the SB, who bet: he faces 10, an incomplete raise: call or fold (BET-04).
    # The BB, who only called: barred too where a player who has acted is barred; LPR r26
    # literally bars only a player who has raised (reopen_barred_for = already_raised): he
    # may raise, to at most 50 + (pot 230 + call 10) = 290.
    holes = ("AsKsQsJs", "7d2c3c4c", "QhQcTh9h", "JdJc8d8c")
    h = Hand("PO", (1000, 1000, 60, 1000), 5, 10, holes, rules=load_house(house, "cash"))
    h.act(CheckCall(2), CheckCall(3), CheckCall(0), CheckCall(1))
    h.board("2d7s9c")
    h.act(BetRaise(0, 40), CheckCall(1))
    assert h.legal == LegalActions(2, False, 40, 50, 50)
    h.act(BetRaise(2, 50))
    assert h.legal == LegalActions(3, False, 50, 90, 270)
    h.act(CheckCall(3))
    assert h.legal == LegalActions(0, False, 10)
    h.act(CheckCall(0))
    if house == "lpr":
        assert h.legal == LegalActions(1, False, 10, 90, 290)
    else:
        assert h.legal == LegalActions(1, False, 10)


def test_str_05_plo_short_allin_call_counts_in_the_pot() -> None:
    # PO 5/10, 4-handed, p2 has 40. Limped pot 40; flop: the SB bets 40, p2 calls all in
    # for 30 (he has 30 behind). p3: call 40, pot 40 + 40 + 30 = 110 + 40: to 190.
    holes = ("AsKsQsJs", "7d2c3c4c", "QhQcTh9h", "JdJc8d8c")
    h = Hand("PO", (1000, 1000, 40, 1000), 5, 10, holes)
    h.act(CheckCall(2), CheckCall(3), CheckCall(0), CheckCall(1))
    h.board("2d7s9c")
    h.act(BetRaise(0, 40), CheckCall(1))
    h.act(CheckCall(2))
    assert h.legal == LegalActions(3, False, 40, 80, 230)


def test_str_05_plo_straddler_option_after_limpers() -> None:
    # LPR cash (live UTG straddle), PO 5/10 straddle 20, 5-handed. p3 first: call 20, pot
    # 5 + 10 + 20 = 35 + 20: max 75; min 2 x 20 = 40 (G11: the straddle is the bet).
    # All limp: pot 100. The straddler's option: check, or raise to 20 + 100 = 120.
    holes = SIX[:5]
    h = Hand("PO", (1000,) * 5, 5, 10, holes, straddles=(20,), rules=load_house("lpr", "cash"))
    assert h.legal == LegalActions(3, False, 20, 40, 75)
    h.act(CheckCall(3), CheckCall(4), CheckCall(0), CheckCall(1))
    assert h.legal == LegalActions(2, True, 0, 40, 120)


def test_str_05_plo_heads_up_pot_re_pot_and_all_in_cap() -> None:
    # PO 5/10 heads-up: the button posts the SB and acts first: call 5, pot 15 + 5: to 30.
    # The BB: call 20, pot 40 + 20: to 90 (min 50). The button: call 60, pot 120 + 60: 270
    # (min 150); he calls: pot 180. Flop, the BB first: bet up to 180; he bets 180. The
    # button: call 180, pot 360 + 180: to 720 (min 360). The BB: call 540, pot 1080 + 540
    # would be 2340, but he has 910 in all: all in to 910 only (min 1260 > 910).
    h = Hand("PO", (1000, 1000), 5, 10, SIX[:2])
    assert h.legal == LegalActions(1, False, 5, 20, 30)
    h.act(BetRaise(1, 30))
    assert h.legal == LegalActions(0, False, 20, 50, 90)
    h.act(BetRaise(0, 90))
    assert h.legal == LegalActions(1, False, 60, 150, 270)
    h.act(CheckCall(1))
    h.board("2d7s9c")
    assert h.legal == LegalActions(0, True, 0, 10, 180)
    h.act(BetRaise(0, 180))
    assert h.legal == LegalActions(1, False, 180, 360, 720)
    h.act(BetRaise(1, 720))
    assert h.legal == LegalActions(0, False, 540, 910, 910)


@pytest.mark.parametrize("code", ["PO5", "PO6"])
def test_str_05_five_and_six_card_omaha_same_pot_limit(code: str) -> None:
    # The number of hole cards does not change the betting: PO5/PO6 5/10, 3-handed: the
    # button: call 10, pot 15 + 10: to 35; the SB: call 30, pot 50 + 30: to 115.
    n = 5 if code == "PO5" else 6
    holes = ("AsKsQsJsTs9s"[: 2 * n], "7d2c3c4c5c6c"[: 2 * n], "QhQcTh9h8h7h"[: 2 * n])
    h = Hand(code, (1000,) * 3, 5, 10, holes)
    assert h.legal == LegalActions(2, False, 10, 20, 35)
    h.act(BetRaise(2, 35))
    assert h.legal == LegalActions(0, False, 30, 60, 115)


def test_str_06_a_pot_limit_raise_beyond_the_stack_is_above_maximum_not_the_pot() -> None:
    # PLO 1/2, p2 has 20: the pot limit pre-flop is 7, so raising to 21 breaks both limits but
    # he does not have it (STR-06, table stakes): above_maximum; p0 (200) raising to 8 breaks
    # only the pot limit (STR-05): above_pot_limit. Found by probe AS13.
    h = Hand("PO", (200, 200, 20), 1, 2, ("AsAdKsKd", "QsQdJsJd", "TsTd9s9d"))
    assert h.legal.max_raise_to == 7
    h.refuse(BetRaise(2, 21), "above_maximum", IllegalAction)
    h.act(CheckCall(2))
    h.refuse(BetRaise(0, 9), "above_pot_limit", IllegalAction)
