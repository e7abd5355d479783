"""Probe of Omaha hi-lo 8-or-better (POT-05, POT-06, GAME-03): the qualifier, no low, a
counterfeited low, side pots won high and low by different players, and odd chips in hi-lo
splits, worked out by hand from RRP:L79-84 (the house rule for hi-lo odd chips)."""

from __future__ import annotations

import dataclasses

import pytest
from handkit import Hand, awards, check_round, show_down

from pokerroom.hand.actions import BetRaise, CheckCall, Fold
from pokerroom.hand.config import HandConfig
from pokerroom.house import load_house

HOUSES = ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")
CASH = tuple(h for h in HOUSES if load_house(h, "cash").offered)





def limp_and_check_down(h: Hand, *board: str) -> None:
    check_round(h)
    for cards in board:
        h.board(cards)
        check_round(h)
    show_down(h)


@pytest.mark.parametrize("house", CASH)
def test_pot_06_counterfeited_low_loses_to_the_other_low(house: str) -> None:
    # PO/8 1/2, 3-handed, limped: pot 6. Board 2c 4d 7h Kc Th.
    # p0 Ad2d: the board's deuce counterfeits his: A2 needs three more low board cards
    # other than an ace or a deuce, and only 4 7 are left: no low at all. p1 Ah3c: A3 +
    # 2 4 7 = 7-4-3-2-A, the only low. p2 KsKd: trips kings, the high.
    holes = ("Ad2dQsQh", "Ah3cJsJd", "KsKd9c9d")
    h = Hand("PO/8", (100,) * 3, 1, 2, holes, rules=load_house(house, "cash"))
    limp_and_check_down(h, "2c4d7h", "Kc", "Th")
    assert awards(h) == [(0, "high", ((2, 3),)), (0, "low", ((1, 3),))]
    assert h.stacks == (98, 101, 101)


def test_pot_06_counterfeit_makes_a_worse_low_not_no_low() -> None:
    # Board 2c 4d 5h 8s Kc (four low cards). p0 Ad2d: A2 + 4 5 8 = 8-5-4-2-A (his deuce is
    # paired on board, so the wheel is gone). p1 Ah3c: A3 + 2 4 5 = 5-4-3-2-A, which is also
    # a straight (the wheel) and beats p2's one pair for high: p1 scoops the pot of 6.
    holes = ("Ad2dQsQh", "Ah3cJsJd", "Ks9d9c7c")
    h = Hand("PO/8", (100,) * 3, 1, 2, holes)
    limp_and_check_down(h, "2c4d5h", "8s", "Kc")
    assert awards(h) == [(0, "high", ((1, 3),)), (0, "low", ((1, 3),))]
    assert h.stacks == (98, 104, 98)


def test_pot_06_four_low_hole_cards_but_two_low_board_cards_no_low() -> None:
    # A low needs three board cards of eight or lower: 3 and 2 are not enough, whatever the
    # hole cards. The high (p2's trips) takes the whole pot.
    holes = ("As2s3h4h", "Ac5c6d7d", "KhKd9c9d")
    h = Hand("PO/8", (100,) * 3, 1, 2, holes)
    limp_and_check_down(h, "Ks9sQd", "3c", "2d")
    assert awards(h) == [(0, "all", ((2, 6),))]


def test_pot_06_nine_on_board_does_not_qualify_a_low() -> None:
    # Board 2 4 6 9 K: the only low board cards are 2 4 6: A3 + 2 4 6 = 6-4-3-2-A qualifies;
    # A9 + ... nine is no low card (8-or-better).
    holes = ("Ad3dQsQh", "As9hJsJd", "KsKh9c7c")
    h = Hand("PO/8", (100,) * 3, 1, 2, holes)
    limp_and_check_down(h, "2c4d6h", "9d", "Kc")
    assert awards(h) == [(0, "high", ((2, 3),)), (0, "low", ((0, 3),))]


@pytest.mark.parametrize("house", CASH)
def test_pot_05_06_three_pots_won_high_and_low_by_different_players(house: str) -> None:
    # PO/8 1/2, 5-handed; p2 has 7, p3 has 25. p2 raises all in to 7 (the pot limit: call 2
    # + pot 5), p3 and p4 call, the SB folds (1 dead), the BB calls. Flop: the BB bets 20,
    # p3 calls all in for 18, p4 calls; then checked down.
    # Contributions 1, 27, 7, 25, 27. Main 1 + 7 x 4 = 29 (p1..p4); side 1 18 x 3 = 54
    # (p1 p3 p4); side 2 2 x 2 = 4 (p1 p4). Board 3c 4d 8h Kc Qs.
    # p1 KdKh: trips kings, no low. p2 As2s: 8-4-3-2-A. p3 Ah5c: 8-5-4-3-A. p4 QdQh with
    # 2c5s: trips queens, 8-5-4-3-2.
    # POT-02: side 2: high p1 2, low p4 2. Side 1: high p1 27, low p3 27 (8-5-4-3-A beats
    # 8-5-4-3-2). Main 29: high half 15 (POT-06: the odd chip), low 14 to p2.
    holes = ("6c6d7c7d", "KdKh9sTs", "As2sJhJd", "Ah5c9dTd", "QdQh2c5s")
    h = Hand("PO/8", (100, 100, 7, 25, 100), 1, 2, holes, rules=load_house(house, "cash"))
    h.act(BetRaise(2, 7), CheckCall(3), CheckCall(4), Fold(0), CheckCall(1))
    h.board("3c4d8h")
    h.act(BetRaise(1, 20), CheckCall(3), CheckCall(4))
    for cards in ("Kc", "Qs"):
        h.board(cards)
        check_round(h)
    show_down(h)
    assert awards(h) == [
        (2, "high", ((1, 2),)),
        (2, "low", ((4, 2),)),
        (1, "high", ((1, 27),)),
        (1, "low", ((3, 27),)),
        (0, "high", ((1, 15),)),
        (0, "low", ((2, 14),)),
    ]
    assert h.stacks == (99, 117, 14, 27, 75)


def test_pot_06_str_07_hi_lo_halves_in_whole_chip_units() -> None:
    # PO/8 5/10 with 5-chips only (chip unit 5); the SB folds, limped: pot 5 + 10 + 10 = 25
    # = 5 units. POT-06: high 3 units (15), low 2 units (10). High tied p1/p2: 15 = 3 units:
    # p1 (first left of the button) 10, p2 5. Low 10 to p2 alone.
    holes = ("9c9dTsTd", "3c4dJsJd", "3h4sAc2c")
    config = dataclasses.replace(HandConfig.build("PO/8", (100,) * 3, 5, 10), chip_unit=5)
    h = Hand("PO/8", (100,) * 3, 5, 10, holes, config=config)
    h.act(CheckCall(2), Fold(0), CheckCall(1))
    for cards in ("5c6d7h", "Ks", "Kd"):
        h.board(cards)
        check_round(h)
    show_down(h)
    assert awards(h) == [(0, "high", ((1, 10), (2, 5))), (0, "low", ((2, 10),))]
    assert h.stacks == (95, 100, 105)


def test_pot_05_06_rrp_no_player_gets_two_odd_chips_of_one_pot() -> None:
    # RRP:L84: the odd chip between tied high hands is awarded as in a high game, the one
    # between tied low hands as in a low game (first hand left of the button, L82); RRP:L80:
    # "No player can receive more than one odd chip". Pot 6: high 3 tied p0/p1: p0 2, p1 1;
    # low 3 tied p0/p2: p0 already has this pot's odd chip, so the low one goes to p2.
    holes = ("3c4dAh2h", "3h4sJsJd", "As2sQcQh")
    h = Hand("PO/8", (100,) * 3, 1, 2, holes, rules=load_house("roberts", "cash"))
    limp_and_check_down(h, "5c6d7h", "Ks", "Kd")
    assert awards(h) == [(0, "high", ((0, 2), (1, 1))), (0, "low", ((0, 1), (2, 2)))]
    assert h.stacks == (101, 99, 100)
