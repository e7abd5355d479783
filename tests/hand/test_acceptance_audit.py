"""Acceptance audit of the hand engine under each house: cases worked out by hand from the
rules (POT-01/02/04/05/06, FEE-01, STR-03/04/05, BET-04/05, BLD-03/05, FLOW-08, SHD-01..03,
RIT-02), each with the chip numbers written out in the comments."""

from __future__ import annotations

import dataclasses

import pytest
from handkit import Hand, awards, check_round, show_down

from pokerroom.cards import parse_cards
from pokerroom.errors import DealError, IllegalAction
from pokerroom.hand.actions import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    Muck,
    RunItTwice,
    RunOnce,
    Show,
)
from pokerroom.hand.betting import LegalActions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.events import RakeTaken, RunsAgreed, Shown, UncalledBetReturned
from pokerroom.house import load_house

HOUSES = ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")
CASH = tuple(h for h in HOUSES if load_house(h, "cash").offered)
TOURNAMENT = tuple(h for h in HOUSES if load_house(h, "tournament").offered)





# ------------------------------------------------------------------ POT-06 hi-lo


@pytest.mark.parametrize("house", CASH)
def test_pot_06_quartered_low_with_an_odd_pot(house: str) -> None:
    # 4-handed PO/8 1/2. SB folds (1 dead), the rest limp: pot 7. Board 2c5d7h Kc Qs.
    # p1 KdKh + A3: trips and the 7-5-3-2-A low; p2 A3 99: the same low; p3 JJ: no low.
    # POT-06 (RRP:L84): the high half takes the odd chip: high 4, p1's odd chip. The low 3 is
    # split p1/p2; its odd chip would go to the first left of the button (POT-05), but no
    # player gets two odd chips of one pot (RRP:L80): p1 1, p2 2.
    holes = ("ThTc6c6d", "As3hKdKh", "Ad3s9c9d", "JcJdTs8s")
    h = Hand("PO/8", (100,) * 4, 1, 2, holes, rules=load_house(house, "cash"))
    h.act(CheckCall(2), CheckCall(3), Fold(0), CheckCall(1))
    for cards in ("2c5d7h", "Kc", "Qs"):
        h.board(cards)
        check_round(h)
    show_down(h)
    assert awards(h) == [(0, "high", ((1, 4),)), (0, "low", ((1, 1), (2, 2)))]
    assert h.stacks == (99, 103, 100, 98)


@pytest.mark.parametrize("house", CASH)
def test_pot_06_low_in_the_main_pot_but_not_in_the_side_pot(house: str) -> None:
    # 4-handed PO/8 1/2, p2 has 10 chips. Pre-flop p2 raises to 7 (the pot limit: call 2 +
    # pot 5), p3 calls, SB folds (1 dead), BB calls. Flop: BB bets 3, p2 calls all in, p3
    # calls. Turn: BB bets 10, p3 calls. Contributions 1, 20, 10, 20.
    # Main 10 x 3 + 1 = 31 (p1 p2 p3): high 16, low 15. Side 10 x 2 = 20 (p1 p3), no low.
    # p1 trips kings (best high, no low), p2 the only low, p3 trips queens.
    holes = ("4c4d6h6s", "KdKhJhTh", "As3h9c9d", "QdQhJdTd")
    h = Hand("PO/8", (100, 100, 10, 100), 1, 2, holes, rules=load_house(house, "cash"))
    assert h.legal.max_raise_to == 7
    h.act(BetRaise(2, 7), CheckCall(3), Fold(0), CheckCall(1))
    h.board("2c5d7h")
    h.act(BetRaise(1, 3), CheckCall(2), CheckCall(3))
    h.board("Kc")
    h.act(BetRaise(1, 10), CheckCall(3))
    h.board("Qs")
    check_round(h)
    show_down(h)
    assert awards(h) == [
        (1, "all", ((1, 20),)),
        (0, "high", ((1, 16),)),
        (0, "low", ((2, 15),)),
    ]
    assert h.stacks == (99, 116, 15, 80)


def test_pot_06_tied_high_hands_and_a_scooped_low_odd_chips() -> None:
    # 3-handed PO/8 1/2, SB folds, BB and button check it down: pot 1 + 2 + 2 = 5.
    # High half 3, low half 2. p1 and p2 tie for high (same straight 3-4-5-6-7 from 3 4 of
    # the hole and 5 6 7 of the board... see below); p2 alone has the low.
    # Board 5c6d7hKsKd. p1 3c4dJsJd: 7-high straight; p2 3h4sAc2c: straight 3-7 too, low
    # 7-6-5-2-A (A2 + 567). High 3 split p1/p2: p1 2 (first left of the button), p2 1;
    # low 2 to p2. p1 100 - 2 + 2 = 100, p2 98 + 1 + 2 = 101.
    holes = ("9c9dTsTd", "3c4dJsJd", "3h4sAc2c")
    h = Hand("PO/8", (100,) * 3, 1, 2, holes)
    h.act(CheckCall(2), Fold(0), CheckCall(1))
    for cards in ("5c6d7h", "Ks", "Kd"):
        h.board(cards)
        check_round(h)
    show_down(h)
    assert awards(h) == [(0, "high", ((1, 2), (2, 1))), (0, "low", ((2, 2),))]
    assert h.stacks == (99, 100, 101)


# ------------------------------------------------------------------ POT-05 odd chips, side pots


@pytest.mark.parametrize("house", CASH)
def test_pot_05_odd_chips_in_several_side_pots_with_ties(house: str) -> None:
    # 5-handed NT 1/2, stacks 100, 15, 40, 100, 100. p2 all in 40, p3 and p4 call, SB folds
    # (1 dead), BB calls all in for 15. Flop: p3 bets 11, p4 calls; then checked down.
    # Contributions 1, 15, 40, 51, 51.
    # Main 1 + 15 x 4 = 61 (p1..p4), side 1 = 25 x 3 = 75 (p2 p3 p4), side 2 = 11 x 2 = 22.
    # Board TcJdQhKs2c: p1, p2, p3 hold an ace (Broadway), p4 the king-high straight.
    # POT-02: side 2 first: p3 22. Side 1: p2/p3 tie, 38/37 (odd chip to p2, first left
    # of the button). Main: p1/p2/p3 tie, 61 = 20 x 3 + 1: p1 21, p2 20, p3 20.
    holes = ("7s7d", "Ah3c", "Ad4c", "As5d", "9h8h")
    h = Hand("NT", (100, 15, 40, 100, 100), 1, 2, holes, rules=load_house(house, "cash"))
    h.act(BetRaise(2, 40), CheckCall(3), CheckCall(4), Fold(0), CheckCall(1))
    h.board("TcJdQh")
    h.act(BetRaise(3, 11), CheckCall(4))
    for cards in ("Ks", "2c"):
        h.board(cards)
        check_round(h)
    show_down(h)
    assert awards(h) == [
        (2, "all", ((3, 22),)),
        (1, "all", ((2, 38), (3, 37))),
        (0, "all", ((1, 21), (2, 20), (3, 20))),
    ]
    assert h.stacks == (99, 21, 58, 128, 49)


# ------------------------------------------------------------------ POT-01 antes


def test_pot_01_three_way_allin_with_per_player_antes_layered() -> None:
    # NT 10/20, ante 5, stacks 50, 100, 30, 200. After antes and blinds: behind 35, 75, 25,
    # 195. p2 all in to 25 (an incomplete raise), p3 raises all in to 195, SB calls all in
    # (bet 45), BB calls all in (bet 95). Uncalled 195 - 95 = 100 back to p3.
    # Contributions 50, 100, 30, 100. Levels 30, 50, 100: main 30 x 4 = 120 (all), side 1
    # 20 x 3 = 60 (p0 p1 p3), side 2 50 x 2 = 100 (p1 p3).
    # Hands: p2 > p0 > p1 > p3, so p2 120, p0 60, p1 100.
    holes = ("KsKd", "QsQd", "AsAd", "7c2h")
    h = Hand("NT", (50, 100, 30, 200), 10, 20, holes, ante=5)
    assert h.stacks == (35, 75, 25, 195)
    h.act(BetRaise(2, 25))
    assert h.legal.min_raise_to == 45  # BET-02 / G7: 25 + the last full raise, 20
    h.act(BetRaise(3, 195), CheckCall(0), CheckCall(1))
    assert h.of(UncalledBetReturned) == [UncalledBetReturned(3, 100)]
    assert h.state.contrib == [50, 100, 30, 100]
    h.board("3c4d9h", "Td", "Jc")
    show_down(h)
    assert awards(h) == [(2, "all", ((1, 100),)), (1, "all", ((0, 60),)), (0, "all", ((2, 120),))]
    assert h.stacks == (60, 100, 120, 100)


def test_pot_01_four_way_allin_with_a_big_blind_ante() -> None:
    # NT 10/20 with a big-blind ante of 20 (posted by p1 only), stacks 40, 60, 35, 300, 300.
    # p1 posts ante 20 + blind 20 (behind 20). p2 all in 35, p3 raises to 120, p4 folds,
    # SB calls all in (bet 40), BB calls all in (bet 40). Uncalled 120 - 40 = 80 to p3.
    # Contributions 40, 60, 35, 40, 0. Levels 35, 40, 60: main 35 x 4 = 140, side 1
    # 5 x 3 = 15 (p0 p1 p3), side 2: 20 over p1's 40 from p1 only (p3 put in 40) ... p1's
    # level is 60 and nobody else reaches it: p1's own 20 is the top layer (p1 only).
    # p2 best, p3 second, p0 third, p1 worst: p2 140, p3 15, p1 20 (his own layer).
    antes = (0, 20, 0, 0, 0)
    cfg = dataclasses.replace(HandConfig.build("NT", (40, 60, 35, 300, 300), 10, 20), antes=antes)
    holes = ("JsJd", "7c2h", "AsAd", "KsKd", "5c5d")
    h = Hand("NT", (), 0, 0, holes, config=cfg)
    assert h.stacks == (30, 20, 35, 300, 300)
    h.act(BetRaise(2, 35), BetRaise(3, 120), Fold(4), CheckCall(0), CheckCall(1))
    assert h.of(UncalledBetReturned) == [UncalledBetReturned(3, 80)]
    assert h.state.contrib == [40, 60, 35, 40, 0]
    h.board("3c4d9h", "Td", "Qc")
    show_down(h)
    assert awards(h) == [(2, "all", ((1, 20),)), (1, "all", ((3, 15),)), (0, "all", ((2, 140),))]
    assert h.stacks == (0, 20, 140, 275, 300)


# ------------------------------------------------------------------ STR-05 pot limit


def test_str_05_pot_limit_maximum_with_antes() -> None:
    # PO 1/2, ante 1, 3-handed: pot 3 antes + 3 blinds = 6. The button: call 2, pot after
    # the call 8: raise to 10. The SB then: call 9, pot after the call 6 + 10 + 9 = 25
    # (he has 1 in): raise to 10 + 25 = 35.
    holes = ("AsKsQsJs", "7d2c3c4c", "QhQcTh9h")
    h = Hand("PO", (500,) * 3, 1, 2, holes, ante=1)
    assert h.legal == LegalActions(2, False, 2, 4, 10)
    h.refuse(BetRaise(2, 11), "above_pot_limit", IllegalAction)
    h.act(BetRaise(2, 10))
    assert h.legal == LegalActions(0, False, 9, 18, 35)


def test_str_05_pot_limit_with_a_straddle_and_an_incomplete_allin() -> None:
    # LPR cash (live UTG straddle), PO 1/2 straddle 4, 5-handed; p3 has 6 chips.
    # p3 first (left of the straddler): min 8, max call 4 + pot 1+2+4+4 = 11: to 15; he has
    # only 6: all in to 6 (an incomplete raise, 2 < 4). p4: min 6 + 4 = 10, max call 6 +
    # pot 13 + 6 = ... raise to 6 + (1+2+4+6) + 6 = 25.
    holes = ("AsKsQsJs", "7d2c3c4c", "QhQcTh9h", "JdJc8d8c", "5s5h6s6h")
    rules = load_house("lpr", "cash")
    h = Hand("PO", (500, 500, 500, 6, 500), 1, 2, holes, straddles=(4,), rules=rules)
    assert h.legal == LegalActions(3, False, 4, 6, 6)
    h.act(BetRaise(3, 6))
    assert h.legal == LegalActions(4, False, 6, 10, 25)
    h.act(CheckCall(4), CheckCall(0), CheckCall(1))
    # BLD-04 / FLOW-03: the straddler has not acted: he keeps his option to raise; max
    # call 2 + pot (6+6+6+6+4) + ... = 6 + 28 + 2 = 36.
    assert h.legal == LegalActions(2, False, 2, 10, 36)


# ------------------------------------------------------------------ BLD-03 short blinds


@pytest.mark.parametrize("house", CASH)
def test_bld_03_short_small_and_big_blind_everyone_calls(house: str) -> None:
    # HIPP:L214: NT 2/5, the SB has 1, the BB 3: both all in posting. p2 must still call 5
    # and raise to at least 10. p2 calls, p3 calls: pots main 1 x 4 = 4, side 1 (p1 p2 p3)
    # 2 x 3 = 6, side 2 (p2 p3) 2 x 2 = 4. Uncalled: none (p2 and p3 both bet 5).
    holes = ("AsAd", "KsKd", "QsQd", "7c2h")
    h = Hand("NT", (1, 3, 100, 100), 2, 5, holes, rules=load_house(house, "cash"))
    assert h.legal == LegalActions(2, False, 5, 10, 100)
    h.act(CheckCall(2), CheckCall(3))
    assert h.state.phase_name == "board"
    for cards in ("3c4d9h", "Td", "Jc"):
        h.board(cards)
        check_round(h)  # p2 and p3 still have chips: they check it down
    show_down(h)
    assert awards(h) == [(2, "all", ((2, 4),)), (1, "all", ((1, 6),)), (0, "all", ((0, 4),))]
    assert h.stacks == (4, 6, 99, 95)


# ------------------------------------------------------------------ FLOW-08 heads-up


@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize("mode", ("cash", "tournament"))
def test_flow_08_heads_up_order_on_every_street(house: str, mode: str) -> None:
    rules = load_house(house, mode)
    h = Hand("NT", (100, 100), 1, 2, ("AsAd", "KsKd"), rules=rules)
    # Position 1 is the button: he posted the small blind and acts first pre-flop.
    assert h.state.bets == [2, 1]
    assert h.legal.actor == 1
    h.act(CheckCall(1))
    assert h.legal.actor == 0  # the big blind's option
    h.act(CheckCall(0))
    for cards in ("3c4d9h", "Td", "Jc"):
        h.board(cards)
        assert h.legal.actor == 0  # the big blind first after the flop
        h.act(CheckCall(0))
        assert h.legal.actor == 1  # the button last
        h.act(CheckCall(1))
    assert h.state.phase_name == "showdown"


@pytest.mark.parametrize("house", HOUSES)
def test_flow_08_heads_up_fixed_limit_order_and_uncapped_cash(house: str) -> None:
    # STR-04: heads-up from the start, cash: no cap; tournament: four bets.
    for mode in ("cash", "tournament"):
        rules = load_house(house, mode)
        h = Hand("FT", (500, 500), 1, 2, ("AsAd", "KsKd"), rules=rules)
        for to in (4, 6, 8):
            h.act(BetRaise(h.legal.actor or 0, to))
        # BB 2 + 4, 6, 8: four bets; the button (p1) made 4 and 8, p0 made 6.
        assert h.legal.actor == 0
        capped = mode == "tournament"
        assert (h.legal.min_raise_to is None) == capped, (house, mode)


# ------------------------------------------------------------------ STR-03 / STR-04 caps


@pytest.mark.parametrize("house", CASH)
def test_str_04_three_handed_with_one_allin_is_heads_up_for_the_cap(house: str) -> None:
    # FT 1/2: the SB has 1 chip and is all in posting: only two players can bet (RRP:L54
    # "three or more players who are not all-in"): in cash raising is unlimited.
    rules = load_house(house, "cash")
    h = Hand("FT", (1, 500, 500), 1, 2, ("AsAd", "KsKd", "QsQd"), rules=rules)
    for to in (4, 6, 8, 10, 12):
        h.act(BetRaise(h.legal.actor or 0, to))
    assert h.legal.min_raise_to == 14


@pytest.mark.parametrize("house", TOURNAMENT)
def test_str_04_three_handed_with_one_allin_tournament_capped(house: str) -> None:
    rules = load_house(house, "tournament")
    h = Hand("FT", (1, 500, 500), 1, 2, ("AsAd", "KsKd", "QsQd"), rules=rules)
    for to in (4, 6, 8):
        h.act(BetRaise(h.legal.actor or 0, to))
    assert h.legal.min_raise_to is None


# ------------------------------------------------------------------ BET-05 half-bet rule


@pytest.mark.parametrize("house", HOUSES)
def test_bet_05_rrp_example_allin_15_on_a_20_round_raise_to_35(house: str) -> None:
    # RRP:L56: on a 20 round an all-in bet of 15 (>= half a bet) is a full bet: a raise
    # over it is to 15 + 20 = 35, and players who checked before it may raise.
    rules = load_house(house, "tournament")
    h = Hand("FT", (500, 500, 500, 35), 10, 20, ("AsAd", "KsKd", "QsQd", "JsJd"), rules=rules)
    h.act(CheckCall(2), CheckCall(3), CheckCall(0), CheckCall(1))  # p3 has 15 behind
    h.board("3c4d9h")
    h.act(CheckCall(0), CheckCall(1), CheckCall(2), BetRaise(3, 15))
    assert h.legal == LegalActions(0, False, 15, 35, 35)


@pytest.mark.parametrize("house", HOUSES)
def test_bet_05_two_short_allins_in_a_row_on_a_limit_round(house: str) -> None:
    # FT 10/20 flop (unit 20): p0 bets 20, p1 all in 28 (8 < 10: short), p2 all in 36
    # (8 over 28: short again). p3 has not acted: he may complete to 20 + 20 = 40.
    # p0, who bet 20 and faces 36, may only call or fold (BET-05; G6 is for big-bet games).
    rules = load_house(house, "cash")
    stacks = (500, 48, 56, 500)
    h = Hand("FT", stacks, 10, 20, ("AsAd", "KsKd", "QsQd", "JsJd"), rules=rules)
    h.act(CheckCall(2), CheckCall(3), CheckCall(0), CheckCall(1))
    h.board("3c4d9h")
    h.act(BetRaise(0, 20), BetRaise(1, 28), BetRaise(2, 36))
    assert h.legal == LegalActions(3, False, 36, 40, 40)
    h.act(CheckCall(3))
    assert h.legal == LegalActions(0, False, 16, None, None)



@pytest.mark.parametrize("house", HOUSES)
def test_bet_05_completing_two_short_allins_reopens_the_bettor(house: str) -> None:
    # The same round, but p3 completes to 40: a whole bet over the last full level (20), a
    # full raise (RRP:L56: the bettor is no longer in the pot for all previous bets).
    # p0 may now raise to 60; it counts toward the cap as the first raise (STR-03).
    rules = load_house(house, "cash")
    stacks = (500, 48, 56, 500)
    h = Hand("FT", stacks, 10, 20, ("AsAd", "KsKd", "QsQd", "JsJd"), rules=rules)
    h.act(CheckCall(2), CheckCall(3), CheckCall(0), CheckCall(1))
    h.board("3c4d9h")
    h.act(BetRaise(0, 20), BetRaise(1, 28), BetRaise(2, 36), BetRaise(3, 40))
    assert h.legal == LegalActions(0, False, 20, 60, 60)
    h.act(BetRaise(0, 60))
    assert h.legal == LegalActions(3, False, 20, 80, 80)


# ------------------------------------------------------------------ BET-04 reopening


@pytest.mark.parametrize("house", CASH)
def test_bet_04_several_short_allins_reopen_only_once_they_add_up(house: str) -> None:
    # NT 5/10 flop: p0 bets 100, p1 all in 150 (+50, short), p2 all in 180 (+30, short).
    # p3 has not acted: full options, min 180 + 100 = 280. p3 calls. p0 faces 80 more
    # (< 100): call or fold under every house's G6 (LPR: he bet, so he "has raised").
    rules = load_house(house, "cash")
    stacks = (1000, 160, 190, 1000)
    h = Hand("NT", stacks, 5, 10, ("AsAd", "KsKd", "QsQd", "JsJd"), rules=rules)
    h.act(CheckCall(2), CheckCall(3), CheckCall(0), CheckCall(1))
    h.board("3c4d9h")
    h.act(BetRaise(0, 100), BetRaise(1, 150), BetRaise(2, 180))
    assert h.legal == LegalActions(3, False, 180, 280, 990)
    h.act(CheckCall(3))
    assert h.legal == LegalActions(0, False, 80, None, None)


@pytest.mark.parametrize("house", CASH)
def test_bet_04_short_allins_adding_up_to_a_full_raise_reopen(house: str) -> None:
    # As above with p2 all in to 210: 110 over p0's 100 >= the last full raise 100 (G6):
    # p0 may raise again, to at least 210 + 100 = 310.
    rules = load_house(house, "cash")
    stacks = (1000, 160, 220, 1000)
    h = Hand("NT", stacks, 5, 10, ("AsAd", "KsKd", "QsQd", "JsJd"), rules=rules)
    h.act(CheckCall(2), CheckCall(3), CheckCall(0), CheckCall(1))
    h.board("3c4d9h")
    h.act(BetRaise(0, 100), BetRaise(1, 150), BetRaise(2, 210), CheckCall(3))
    assert h.legal == LegalActions(0, False, 110, 310, 990)


# ------------------------------------------------------------------ FEE-01 rake


def test_fee_01_rake_with_side_pots_and_a_split() -> None:
    # LPR cash with 10% rake capped at 5. NT 1/2, stacks 20, 100, 100. Pre-flop p2 raises
    # to 20, SB calls all in for 20, BB calls; flop BB bets 30, p2 calls; then checked.
    # Main 60 (all three): rake 6 capped at 5 (POT-07: main pot first); side 60 (p1 p2):
    # no rake left under the cap. The board plays for everyone: every pot is split.
    # Side 60: p1 30, p2 30 (settled first, POT-02). Main 55 = 18 x 3 + 1: p0 19, p1 18,
    # p2 18.
    rules = dataclasses.replace(load_house("lpr", "cash"), rake_percent=10, rake_cap=5)
    holes = ("2c3d", "2d3c", "2h3h")
    h = Hand("NT", (20, 100, 100), 1, 2, holes, rules=rules)
    h.act(BetRaise(2, 20), CheckCall(0), CheckCall(1))
    h.board("TsJsQs")
    h.act(BetRaise(1, 30), CheckCall(2))
    h.board("Ks")
    check_round(h)
    h.board("As")
    check_round(h)
    show_down(h)
    assert h.rakes() == [RakeTaken(0, 5)]
    assert awards(h) == [(1, "all", ((1, 30), (2, 30))), (0, "all", ((0, 19), (1, 18), (2, 18)))]
    assert h.stacks == (19, 98, 98)  # 100 - 50 + 30 + 18


# ------------------------------------------------------------------ RIT-02 side pots


def test_rit_02_two_pots_run_twice_with_odd_chips_and_a_split() -> None:
    # HIPP cash 1/2 (RIT minimum 500 per pot), stacks 301, 600, 600. The button (p2) moves
    # all in, the SB calls all in for 301, the BB calls: main 903 (all three), side 598
    # (p1 p2); both pots reach 500 and everyone agrees.
    # G16: each pot halved, the odd chip to run 1: main 452 + 451, side 299 + 299.
    # Run 1 (2c3dKhJc4h): p0 aces win the main 452, p2 a pair of deuces beats p1's king high
    # for the side 299. Run 2 (5c6h7d8c9h): p1 and p2 tie with the ten-high straight (p0
    # plays the board's nine-high): main 451 = 226 p1 + 225 p2, side 299 = 150 p1 + 149 p2
    # (the odd chip to the first left of the button, POT-05).
    h = Hand(
        "NT", (301, 600, 600), 1, 2, ("AcAd", "Ts9s", "Td2d"),
        rules=load_house("hippodrome", "cash"),
    )
    h.act(BetRaise(2, 600), CheckCall(0), CheckCall(1))
    h.act(RunItTwice(agreed=(0, 1, 2)))
    assert h.of(RunsAgreed) == [RunsAgreed(2, (0, 1))]
    h.board("2c3dKh", "Jc", "4h", "5c6h7d", "8c", "9h")
    show_down(h)
    assert [(a.pot, a.run, a.shares) for a in h.awards()] == [
        (1, 0, ((2, 299),)),
        (1, 1, ((1, 150), (2, 149))),
        (0, 0, ((0, 452),)),
        (0, 1, ((1, 226), (2, 225))),
    ]
    assert h.stacks == (452, 376, 673)


# ------------------------------------------------------------------ SHD-01 / 02 / 05


def _river_checked(house: str, turn_bettor: int) -> Hand:
    # NT 1/2, stacks 100, 100, 30, 100. Pre-flop p2 raises to 6, p3 calls, SB folds, BB
    # calls. Flop: BB checks, p2 bets all in (24 more), p3 and BB call. Turn: the turn
    # bettor bets 20 and the other calls. River checked.
    holes = ("2c7d", "AsKd", "QsQd", "JcJd")
    h = Hand("NT", (100, 100, 30, 100), 1, 2, holes, rules=load_house(house, "cash"))
    h.act(BetRaise(2, 6), CheckCall(3), Fold(0), CheckCall(1))
    h.board("3c4d9h")
    h.act(CheckCall(1), BetRaise(2, 24), CheckCall(3), CheckCall(1))
    h.board("Td")
    if turn_bettor == 1:
        h.act(BetRaise(1, 20), CheckCall(3))
    else:
        h.act(CheckCall(1), BetRaise(3, 20), CheckCall(1))
    h.board("8s")
    check_round(h)
    return h


@pytest.mark.parametrize(
    ("house", "turn_bettor", "order"),
    [
        # HIPP:L195 / CAMB default: the first to act on the river (left of the button).
        ("hippodrome", 3, [1, 2, 3]),
        ("cambridge", 3, [1, 2, 3]),
        # LPR r32: from the button, but the all-in player first.
        ("lpr", 3, [2, 1, 3]),
        ("lpr", 1, [2, 1, 3]),
        # GROS:L94: the last aggressor of an earlier street (the turn bettor), clockwise.
        ("grosvenor", 3, [3, 1, 2]),
        ("grosvenor", 1, [1, 2, 3]),
        # RRP:L75: the first to act, but side-pot players before the main-pot all-in.
        ("roberts", 3, [1, 3, 2]),
    ],
)
def test_shd_02_show_order_with_an_allin_and_the_river_checked(
    house: str, turn_bettor: int, order: list[int]
) -> None:
    h = _river_checked(house, turn_bettor)
    assert h.state.show_order == order


def test_shd_05_a_beaten_hand_may_muck_but_not_the_last_hand_in_a_pot() -> None:
    # HIPP (order 1, 2, 3). p1 shows ace-king high; p2 (all in, main pot only) mucks
    # (SHD-05); p3 shows jacks and wins both pots.
    h = _river_checked("hippodrome", 3)
    h.act(Show(1), Muck(2))
    assert h.state.mucked[2]
    h.act(Show(3))
    # Contributions 1, 50, 30, 50. Main 30 x 3 + 1 (the SB) = 91; side 20 x 2 = 40; both
    # to p3's jacks.
    assert awards(h) == [(1, "all", ((3, 40),)), (0, "all", ((3, 91),))]
    assert h.stacks == (99, 50, 0, 181)


def test_shd_04_the_last_live_hand_in_a_pot_is_not_mucked() -> None:
    # HIPP: p1 mucks first; p2 (all in) shows; p3 is the last live hand of the side pot: a
    # muck is refused (it would leave the side pot without a hand); he shows and wins.
    h = _river_checked("hippodrome", 3)
    h.act(Muck(1), Show(2))
    h.refuse(Muck(3), "must_show", IllegalAction)


@pytest.mark.parametrize("house", TOURNAMENT)
def test_shd_03_tournament_allin_with_side_betting_hands_face_up_when_betting_ends(
    house: str,
) -> None:
    # Tournament, 3-handed: p2 all in pre-flop for 30, the blinds call; p1 bets the flop,
    # p0 calls; the turn: p1 bets, p0 folds: betting is over with p2 all in: every live
    # hand (p1 and p2) is turned up before the river, and muck is refused.
    holes = ("2c7d", "AsKd", "QsQd")
    h = Hand("NT", (100, 100, 30), 1, 2, holes, rules=load_house(house, "tournament"))
    h.act(BetRaise(2, 30), CheckCall(0), CheckCall(1))
    h.board("3c4d9h")
    assert h.of(Shown) == []  # p0 and p1 can still bet
    h.act(CheckCall(0), BetRaise(1, 10), CheckCall(0))
    h.board("Td")
    h.act(CheckCall(0), BetRaise(1, 10), Fold(0))
    # The uncalled 10 goes back; the hands still in are face up before the river.
    assert h.of(UncalledBetReturned) == [UncalledBetReturned(1, 10)]
    assert sorted(e.position for e in h.of(Shown)) == [1, 2]
    h.board("8s")
    assert h.state.is_over
    # Main 30 x 3 = 90 to p2's queens; side 10 x 2 = 20 to p1.
    assert h.stacks == (60, 80, 90)


# ------------------------------------------------------------------ refusals name what is allowed


def test_every_refusal_names_what_the_hand_waits_for() -> None:
    # README "Errors": a refusal says what was wrong and what is allowed, in every phase,
    # not only while a player is to act.
    h = Hand("NT", (100, 100), 1, 2)
    err = h.refuse(CheckCall(0), "not_betting", IllegalAction)
    assert "deal_hole" in str(err) and "legal: hole cards for p1 (DealHole)" in str(err)
    h.refuse(DealBoard(parse_cards("2c3c4c")), "not_dealing_board", DealError)
    h.act(DealHole(0, parse_cards("AsAd")), DealHole(1, parse_cards("KsKd")))
    err = h.refuse(DealBoard(parse_cards("2c3c4c")), "not_dealing_board", DealError)
    assert "legal: p2 to act: fold, call 1, raise to 4..100" in str(err)
    err = h.refuse(Show(1), "no_showdown", IllegalAction)
    assert "legal: p2 to act" in str(err)
    err = h.refuse(RunOnce(), "run_once_not_now", IllegalAction)
    assert "legal: p2 to act" in str(err)
    h.act(CheckCall(1), CheckCall(0))
    err = h.refuse(Fold(1), "not_betting", IllegalAction)
    assert "legal: the flop, 3 cards (DealBoard)" in str(err)
    err = h.refuse(DealHole(0, parse_cards("2d")), "not_dealing_hole_cards", DealError)
    assert "legal: the flop" in str(err)
    for cards in ("2c3c4c", "5d", "9h"):
        h.board(cards)
        check_round(h)
    err = h.refuse(CheckCall(0), "not_betting", IllegalAction)
    assert "legal: p1 to show or muck (Show, Muck)" in str(err)
    err = h.refuse(DealBoard(parse_cards("Jd")), "not_dealing_board", DealError)
    assert "legal: p1 to show or muck" in str(err)


def test_draw_refusals_name_who_draws() -> None:
    h = Hand("N2L1D", (100, 100), 1, 2, ("2c3c4c5d7h", "8c9cTcJdKh"))
    err = h.refuse(Discard(0, ()), "not_drawing", IllegalAction)
    assert "legal: p2 to act" in str(err)
    h.act(CheckCall(1), CheckCall(0))
    err = h.refuse(CheckCall(0), "not_betting", IllegalAction)
    assert "legal: p1 to draw (Discard)" in str(err)


def test_rit_02_hi_lo_run_twice_odd_chips_to_run_one_then_to_the_high_half() -> None:
    # HIPP cash PO/8 "1/2/5 PLO" (RIT minimum 10). 3-handed, p1 and p2 have 6. The button
    # (p2) raises all in to 6 (the pot limit is 7), the SB folds (1 dead), the BB calls all
    # in: pot 13. G16: run 1 gets 7, run 2 gets 6. POT-06 in each run: high 4 low 3, then
    # high 3 low 3.
    # Run 1 (KcTc7h5d3s): p1 trips kings (no low), p2 the only low: p1 4, p2 3.
    # Run 2 (6c4h8s9hJc): p2 trips nines and the 8-6-4-2-A low: p2 3 + 3.
    rules = load_house("hippodrome", "cash")
    h = Hand(
        "PO/8", (100, 6, 6), 1, 2, ("QcQhTdTh", "KsKhQdJd", "As2h9c9d"),
        rules=rules, stakes="1/2/5 PLO",
    )
    assert h.legal.max_raise_to == 6  # all in: the pot limit (7) is more than he has
    h.act(BetRaise(2, 6), Fold(0), CheckCall(1))
    h.act(RunItTwice(agreed=(1, 2)))
    h.board("Kc7h5d", "3s", "Tc", "6c4h8s", "9h", "Jc")
    show_down(h)
    assert [(a.run, a.half, a.shares) for a in h.awards()] == [
        (0, "high", ((1, 4),)),
        (0, "low", ((2, 3),)),
        (1, "high", ((2, 3),)),
        (1, "low", ((2, 3),)),
    ]
    assert h.stacks == (99, 4, 9)


def test_rit_02_only_the_eligible_pot_runs_twice_the_other_is_settled_on_run_one() -> None:
    # HIPP 1/2 (minimum 500 per pot): stacks 150, 400, 400 all in pre-flop: main 450 (not
    # eligible), side 500 (p1 p2). Run 1 (2c3dKhJc4h): p0 aces win the main 450 and p2
    # deuces beat p1 for the side's run-1 half 250. Run 2 (5c6h7d8c9h): p1 and p2 tie with
    # the ten-high straight: 125 each.
    h = Hand(
        "NT", (150, 400, 400), 1, 2, ("AcAd", "Ts9s", "Td2d"),
        rules=load_house("hippodrome", "cash"),
    )
    h.act(BetRaise(2, 400), CheckCall(0), CheckCall(1))
    h.act(RunItTwice(agreed=(0, 1, 2)))
    assert h.of(RunsAgreed) == [RunsAgreed(2, (1,))]
    h.board("2c3dKh", "Jc", "4h", "5c6h7d", "8c", "9h")
    show_down(h)
    assert [(a.pot, a.run, a.shares) for a in h.awards()] == [
        (1, 0, ((2, 250),)),
        (1, 1, ((1, 125), (2, 125))),
        (0, 0, ((0, 450),)),
    ]
    assert h.stacks == (450, 125, 375)


@pytest.mark.parametrize("house", HOUSES)
def test_str_03_bet_05_half_bet_allin_can_reach_the_cap(house: str) -> None:
    # FT 10/20, 4-handed, the SB has 70. BB 20 (the bet, G5), p2 raises to 40, p3 to 60, the
    # SB all in to 70: 10 over 60 is half a bet, a full raise (BET-05) that counts toward
    # the cap (G5 recommendation): 4 bets. The BB may call 50, not raise; p2 the same.
    # A short all-in (65, 5 over) would not count: the BB could then complete to 80.
    for allin, bb_raise in ((70, None), (65, 80)):
        rules = load_house(house, "cash")
        stacks = (allin, 500, 500, 500)
        h = Hand("FT", stacks, 10, 20, ("AsAd", "KsKd", "QsQd", "JsJd"), rules=rules)
        h.act(BetRaise(2, 40), BetRaise(3, 60), BetRaise(0, allin))
        assert h.legal == LegalActions(1, False, allin - 20, bb_raise, bb_raise)


def test_rit_02_run_twice_refused_when_the_stub_cannot_deal_the_second_board() -> None:
    # RIT-02: run 2 is dealt from the same stub, with burns. 19 players all in pre-flop at
    # HIPP 1/2 (pot 570 >= 500): 38 hole cards leave 14; run 1 takes 8 (3 burns + 5), run 2
    # would need 8 more: only 6. The agreement is refused with a typed error (it used to
    # crash with an IndexError while dealing run 2); running once stays possible.
    from pokerroom.cards import DECK

    n = 19
    rules = load_house("hippodrome", "cash")
    h = Hand("NT", (30,) * n, 1, 2, deck=DECK, rules=rules, automate_showdown=True)
    while h.legal.actor is not None:
        h.act(BetRaise(h.legal.actor, 30) if h.legal.max_raise_to else CheckCall(h.legal.actor))
    assert h.state.awaiting_runs and len(h.state.stub or ()) == 14
    err = h.refuse(RunItTwice(agreed=tuple(range(n))), "run_twice_not_eligible", IllegalAction)
    assert "14 cards left" in str(err) and "16" in str(err)
    h.act(RunOnce())
    assert h.state.is_over and sum(h.stacks) == 30 * n


def test_flow_05_a_deck_too_short_for_the_deal_and_the_board_is_refused() -> None:
    # FLOW-02 / FLOW-05: 3 Hold'em hands need 6 cards, the board 5 more and 3 burns: 14.
    # A shorter deck is refused when the hand starts (it used to fail later with an
    # IndexError at the board, or with a misleading not_in_deck during the deal).
    from pokerroom.cards import DECK
    from pokerroom.hand.engine import start_hand

    cfg = HandConfig.build("NT", (100, 100, 100), 1, 2)
    for k in (5, 6, 13):
        with pytest.raises(DealError) as info:
            start_hand(cfg, DECK[:k])
        assert info.value.code == "deck_too_short"
        assert f"{k} cards" in str(info.value) and "14" in str(info.value)
    start_hand(cfg, DECK[:14])


@pytest.mark.parametrize("house", CASH)
def test_flow_05_no_more_board_cards_once_every_other_hand_is_mucked(house: str) -> None:
    # Cash, dealer-reported: all in pre-flop, heads-up. SHD-05 (HIPP:L197): after the betting
    # a player may muck instead of showing; the first to show concedes before the flop.
    # FLOW-05 / FLOW-10 / SHD-10: with one hand left no further card is dealt: the other
    # wins 200 unshown at once.
    h = Hand("NT", (100, 100), 1, 2, ("7c2d", "AsAd"), rules=load_house(house, "cash"))
    h.act(BetRaise(1, 100), CheckCall(0))
    first = h.state.show_order[0]  # GROS: p2, the last aggressor; the others: p1
    h.act(Muck(first))
    assert h.state.is_over and h.state.board == ()
    assert awards(h) == [(0, "all", ((1 - first, 200),))]
    assert h.stacks[1 - first] == 200
    h.refuse(DealBoard(parse_cards("2c3c4c")), "hand_over", IllegalAction)


def test_flow_05_no_more_board_cards_after_a_muck_when_the_winner_has_shown() -> None:
    # HIPP cash (first to act shows first): all in on the flop; p1 (first) shows, p2 mucks:
    # the turn and river are not dealt, p1 wins the pot (no hand name: the board is not out).
    h = Hand("NT", (100, 100), 1, 2, ("AsAd", "7c2d"), rules=load_house("hippodrome", "cash"))
    h.act(CheckCall(1), CheckCall(0))
    h.board("Kc9h3s")
    h.act(BetRaise(0, 98), CheckCall(1))
    # The pot of 200 is below HIPP's minimum at 1/2 (RIT-01): nobody is asked, so an answer
    # is refused and the players show at once.
    with pytest.raises(IllegalAction) as err:
        h.act(RunOnce())
    assert err.value.code == "run_once_not_now"
    h.act(Show(0), Muck(1))
    assert h.state.is_over and len(h.state.board) == 3
    assert h.awards()[0].hand == ""
    assert h.stacks == (200, 0)
