"""Pots: side pots, award order, uncalled bets, odd chips, hi-lo halves and rake
(POT-01/02/04/05/06/07, FEE-01, S23), at hand level and on the pure pot functions."""

from __future__ import annotations

import dataclasses

from handkit import Hand, check_round, show_down

from pokerroom.hand.actions import BetRaise, CheckCall, Fold
from pokerroom.hand.config import HandConfig
from pokerroom.hand.events import PotAwarded, RakeTaken, UncalledBetReturned
from pokerroom.hand.pots import Pot, build_pots, rake_pots, split_pot
from pokerroom.house import derive, load_house
from pokerroom.house.rules import HouseRules


def check_down(h: Hand, *boards: str) -> None:
    """Deal the rest of the board, everybody checking each street, then show down."""
    for cards in boards:
        h.board(cards)
        check_round(h)
    show_down(h)


# ------------------------------------------------------------------ POT-01 / 02 / 04


def test_pot_01_three_way_allin_side_pots_include_folded_chips() -> None:
    h = Hand("NT", (40, 100, 250, 300), 1, 2, ("AsAd", "KsKd", "QcQh", "8c8d"))
    h.act(BetRaise(2, 20), CheckCall(3), BetRaise(0, 40), BetRaise(1, 100))
    h.act(BetRaise(2, 250), Fold(3))
    assert h.of(UncalledBetReturned) == [UncalledBetReturned(2, 150)]
    assert h.state.contrib == [40, 100, 100, 20]
    assert build_pots(h.state.contrib, [True, True, True, False]) == [
        Pot(140, (0, 1, 2)),  # 40 x 3 + the folded player's 20
        Pot(120, (1, 2)),  # 60 x 2
    ]
    h.board("2c3d7h", "9s", "Jd")
    show_down(h)
    assert [(a.pot, a.shares) for a in h.awards()] == [(1, ((1, 120),)), (0, ((0, 140),))]
    assert h.stacks == (140, 120, 150, 280)


def test_pot_01_folded_chips_above_the_smallest_allin_go_to_the_side_pot() -> None:
    # Position 2 folds on the flop after putting in 60: 30 to the main pot, 30 to the side.
    h = Hand("NT", (30, 500, 500, 500), 1, 2, ("AsAd", "KsKd", "QcQh", "8c8d"))
    h.act(BetRaise(2, 60), CheckCall(3), CheckCall(0), CheckCall(1))
    h.board("2c3d7h")
    h.act(BetRaise(1, 100), Fold(2), CheckCall(3))
    assert h.state.contrib == [30, 160, 60, 160]
    assert build_pots(h.state.contrib, [not f for f in h.state.folded]) == [
        Pot(120, (0, 1, 3)),
        Pot(290, (1, 3)),
    ]
    check_down(h, "9s", "Jd")
    assert [(a.pot, a.shares) for a in h.awards()] == [(1, ((1, 290),)), (0, ((0, 120),))]
    assert h.stacks == (120, 630, 440, 340)


def test_pot_02_side_pots_are_awarded_before_the_main_pot() -> None:
    h = Hand("NT", (50, 100, 300, 300), 1, 2, ("AsAd", "KsKd", "QsQd", "7c2h"))
    h.act(BetRaise(2, 20), CheckCall(3), BetRaise(0, 50), BetRaise(1, 100), CheckCall(2))
    h.act(Fold(3))
    h.board("3c4d9h", "Td", "Jc")
    show_down(h)
    awards = h.awards()
    assert [a.pot for a in awards] == [1, 0]
    assert awards[0].shares == ((1, 100),)  # side 50 + 50
    assert awards[1].shares == ((0, 170),)  # main 50 x 3 + 20 folded
    assert h.stacks == (170, 100, 200, 280)


def test_pot_04_uncalled_bet_goes_back() -> None:
    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQd"))
    h.act(BetRaise(2, 50), Fold(0), Fold(1))
    assert h.of(UncalledBetReturned) == [UncalledBetReturned(2, 48)]
    assert h.awards()[0].shares == ((2, 5),)
    assert h.stacks == (99, 98, 103)


def test_pot_04_allin_call_for_less_returns_the_excess() -> None:
    h = Hand("NT", (100, 60), 1, 2, ("AsAd", "KsKd"))
    h.act(CheckCall(1), BetRaise(0, 100), CheckCall(1))
    assert h.of(UncalledBetReturned) == [UncalledBetReturned(0, 40)]
    assert h.state.contrib == [60, 60]


# ------------------------------------------------------------------ POT-05 odd chips


def test_pot_05_odd_chip_to_first_winner_left_of_the_button() -> None:
    # Antes 1: pot 3 + 6 + 6 + 2 (the BB folds) = 17, positions 0 and 2 tie.
    h = Hand("NT", (100, 100, 100), 1, 2, ("2c3d", "7c8d", "4c5d"), ante=1)
    h.act(BetRaise(2, 6), CheckCall(0), Fold(1))
    check_down(h, "AhKcQd", "Js", "Th")
    assert h.awards()[-1].shares == ((0, 9), (2, 8))
    assert h.stacks == (102, 97, 101)


def test_pot_05_odd_chip_not_to_the_button_when_he_is_not_first() -> None:
    h = Hand("NT", (100, 100, 100), 1, 2, ("7c2h", "AsKd", "AhKc"))
    h.act(CheckCall(2), Fold(0), CheckCall(1))
    check_down(h, "QsJd3c", "Th", "4s")
    assert h.awards()[-1].shares == ((1, 3), (2, 2))


def test_pot_05_odd_units_in_the_chip_unit_at_most_one_each() -> None:
    # chip_unit 5: 35 split three ways -> 7 units: 3, 2, 2 units = 15, 10, 10.
    config = dataclasses.replace(HandConfig.build("NT", (100,) * 4, 5, 10), chip_unit=5)
    h = Hand("", (), 0, 0, ("7c2h", "3d4d", "8c8h", "9s9d"), config=config)
    h.act(CheckCall(2), CheckCall(3), Fold(0), CheckCall(1))
    check_down(h, "AsKsQs", "Js", "Ts")  # royal flush on the board
    assert h.awards()[-1].shares == ((1, 15), (2, 10), (3, 10))
    assert h.stacks == (95, 105, 100, 100)


def test_pot_05_split_pot_function() -> None:
    assert split_pot(101, (2, 0)) == [(0, 51), (2, 50)]
    assert split_pot(8, (2, 0, 1)) == [(0, 3), (1, 3), (2, 2)]
    assert split_pot(25, (1, 3), unit=5) == [(1, 15), (3, 10)]
    assert split_pot(40, (4, 1, 2), unit=5) == [(1, 15), (2, 15), (4, 10)]
    shares = split_pot(1_000_003, (0, 1, 2, 3, 4))
    base = 1_000_003 // 5
    assert all(base <= s <= base + 1 for _, s in shares)
    assert sum(s for _, s in shares) == 1_000_003


def test_pot_05_each_pot_gets_its_own_odd_chip() -> None:
    # Both pots are odd and each is split on its own.
    h = Hand("NT", (31, 200, 200, 200), 1, 2, ("2c3d", "4c5d", "6c7c", "8c9c"), ante=1)
    h.act(BetRaise(2, 50), Fold(3), CheckCall(0), CheckCall(1))
    # contributions: 31, 51, 51, 1 -> main 31*3 + 1 = 94 (0, 1, 2), side 20 + 20 = 40 (1, 2)
    check_down(h, "AhKcQd", "Js", "Th")
    assert [(a.pot, a.shares) for a in h.awards()] == [
        (1, ((1, 20), (2, 20))),
        (0, ((0, 32), (1, 31), (2, 31))),
    ]


def _three_way_tie_of_eight(rules: HouseRules) -> Hand:
    # Four limp (pot 8); positions 0, 1 and 2 tie with the broadway straight, 3 loses:
    # 2 each and two odd units.
    h = Hand("NT", (100,) * 4, 1, 2, ("Tc3c", "Td4d", "Th5h", "7c7s"), rules=rules)
    h.act(CheckCall(2), CheckCall(3), CheckCall(0), CheckCall(1))
    check_down(h, "AhKcQd", "Js", "2h")
    return h


def test_pot_05_g9_at_most_one_odd_unit_each() -> None:
    h = _three_way_tie_of_eight(load_house("roberts"))  # RRP:L80
    assert h.awards()[-1].shares == ((0, 3), (1, 3), (2, 2))


def test_pot_05_g9_max_odd_units_per_player_is_the_houses() -> None:
    # A club whose first winner left of the button takes up to two odd units, or all of them.
    for limit in (2, 0):
        h = _three_way_tie_of_eight(derive(load_house("roberts"), max_odd_units_per_player=limit))
        assert h.awards()[-1].shares == ((0, 4), (1, 2), (2, 2))
        assert h.stacks == (102, 100, 100, 98)


def _odd_main_and_side(rules: HouseRules) -> Hand:
    # Position 0 is all in for 5; 3 calls 6 and folds on the flop. Contributions 5, 16, 16,
    # 6: main 20 (0, 1, 2), side 23 (1, 2). The board plays, so 0, 1 and 2 tie.
    holes = ("2c3d", "4c5d", "6h7s", "8c9h")
    h = Hand("NT", (5, 200, 200, 200), 1, 2, holes, rules=rules)
    h.act(BetRaise(2, 6), CheckCall(3), CheckCall(0), CheckCall(1))
    h.board("AhKcQd")
    h.act(BetRaise(1, 10), CheckCall(2), Fold(3))
    check_down(h, "Js", "Tc")
    return h


def test_pot_05_g9_odd_units_per_pot() -> None:
    # Side pot first (POT-02): its odd unit to 1; the main pot's two odd units to 0 and 1.
    h = _odd_main_and_side(load_house("roberts"))
    assert [(a.pot, a.shares) for a in h.awards()] == [
        (1, ((1, 12), (2, 11))),
        (0, ((0, 7), (1, 7), (2, 6))),
    ]
    assert h.stacks == (7, 203, 201, 194)


def test_pot_05_g9_odd_units_counted_over_the_hand() -> None:
    # odd_chip_per_pot = false: position 1 already holds the side pot's odd unit, so the main
    # pot's second odd unit passes him and goes to 2 (one odd unit each over the hand).
    rules = derive(load_house("roberts"), odd_chip_per_pot=False)
    h = _odd_main_and_side(rules)
    assert [(a.pot, a.shares) for a in h.awards()] == [
        (1, ((1, 12), (2, 11))),
        (0, ((0, 7), (1, 6), (2, 7))),
    ]
    assert h.stacks == (7, 202, 202, 194)
    # With no limit the count does not matter: the first winner takes every odd unit.
    h = _odd_main_and_side(derive(rules, max_odd_units_per_player=0))
    assert [(a.pot, a.shares) for a in h.awards()][-1] == (0, ((0, 8), (1, 6), (2, 6)))


def test_pot_05_g9_split_pot_odd_unit_limit() -> None:
    assert split_pot(8, (2, 0, 1), max_odd=2) == [(0, 4), (1, 2), (2, 2)]
    assert split_pot(14, (0, 1, 2, 3, 4), max_odd=2) == [(0, 4), (1, 4), (2, 2), (3, 2), (4, 2)]
    held = {1: 1}
    assert split_pot(8, (2, 0, 1), held=held) == [(0, 3), (1, 2), (2, 3)]
    assert held == {0: 1, 1: 1, 2: 1}
    # Everyone already holds the limit: the cap cannot be kept; fewest held first.
    held = {0: 2, 1: 1, 2: 1}
    assert split_pot(5, (0, 1, 2), held=held) == [(0, 1), (1, 2), (2, 2)]
    assert held == {0: 2, 1: 2, 2: 2}


def test_pot_05_sub_unit_residue_goes_to_the_first_winner_left_of_the_button() -> None:
    # Unit 5: 16 = 3 units + 1; 1 unit each, the odd unit and the residue 1 (which does not
    # play, STR-07) to the first winner clockwise from the button (POT-05), not the second.
    assert split_pot(16, (3, 1), unit=5) == [(1, 11), (3, 5)]
    assert split_pot(11, (3, 1), unit=5) == [(1, 6), (3, 5)]
    assert split_pot(16, (3, 1), unit=5, max_odd=0, held={}) == [(1, 11), (3, 5)]


# ------------------------------------------------------------------ POT-06 hi-lo


def test_pot_06_hilo_high_half_gets_the_odd_chip() -> None:
    # Pot 1 (SB folds) + 2 + 2 = 5: high 3, low 2.
    h = Hand("PO/8", (100, 100, 100), 1, 2, ("7c7d6s6h", "KdKhTsTc", "As3h4c9d"))
    h.act(CheckCall(2), Fold(0), CheckCall(1))
    check_down(h, "2c5d8h", "Kc", "Qs")
    awards = h.awards()
    assert [(a.half, a.shares) for a in awards] == [("high", ((1, 3),)), ("low", ((2, 2),))]
    assert h.stacks == (99, 101, 100)


def test_pot_06_hilo_no_qualifying_low_high_scoops() -> None:
    h = Hand("PO/8", (100, 100, 100), 1, 2, ("7c7d6s6h", "KdKhTsTc", "As3h4c9d"))
    h.act(CheckCall(2), Fold(0), CheckCall(1))
    check_down(h, "Kc9h8c", "Qs", "Jd")
    awards = h.awards()
    assert [(a.half, a.shares) for a in awards] == [("all", ((1, 5),))]


# ------------------------------------------------------------------ POT-07 / FEE-01 rake


def _s23(rules: HouseRules) -> Hand:
    # Contributions 30, 60, 60 and 10 folded: main 30 x 3 + 10 = 100, side 30 x 2 = 60.
    h = Hand("NT", (30, 60, 60, 100), 1, 2, ("AsAd", "KsKd", "QsQd", "7c2h"), rules=rules)
    h.act(BetRaise(2, 10), CheckCall(3), BetRaise(0, 30), BetRaise(1, 60), CheckCall(2))
    h.act(Fold(3))
    h.board("3c4d9h", "Td", "Jc")
    show_down(h)
    return h


def test_s23_pot_07_rake_main_pot_first_then_side_until_the_cap() -> None:
    rules = derive(load_house("lpr", "cash"), rake_percent=10, rake_cap=15)
    h = _s23(rules)
    assert h.rakes() == [RakeTaken(0, 10), RakeTaken(1, 5)]  # not 9 + 6 (proportional)
    assert [(a.pot, a.shares) for a in h.awards()] == [(1, ((1, 55),)), (0, ((0, 90),))]
    assert h.state.rake == 15
    assert h.stacks == (90, 55, 0, 90)
    assert sum(h.stacks) + h.state.rake == 250


def test_pot_07_rake_pots_function() -> None:
    assert rake_pots([100, 60], percent=10, cap=15) == [10, 5]
    assert rake_pots([60, 100], percent=10, cap=15) == [6, 9]
    assert rake_pots([100, 60], percent=10, cap=0) == [10, 6]  # no cap
    assert rake_pots([100, 60, 40], percent=10, cap=10) == [10, 0, 0]
    assert rake_pots([99], percent=10, cap=0, unit=5) == [5]


def test_fee_01_no_flop_no_drop() -> None:
    rules = HouseRules(rake_percent=10, rake_cap=15)
    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQd"), rules=rules)
    h.act(BetRaise(2, 50), CheckCall(0), Fold(1))
    assert h.state.phase_name == "board" and h.rakes() == []
    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQd"), rules=rules)
    h.act(BetRaise(2, 50), Fold(0), Fold(1))
    assert h.state.is_over and h.rakes() == [] and h.state.rake == 0
    assert h.stacks == (99, 98, 103)


def _raised_preflop_then_folds(rules: HouseRules) -> Hand:
    # 50 + 50 + 50 in, the re-raise of 50 more is returned: pot 150, nobody sees a flop.
    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQd"), rules=rules)
    h.act(BetRaise(2, 50), CheckCall(0), BetRaise(1, 100), Fold(2), Fold(0))
    assert h.of(UncalledBetReturned) == [UncalledBetReturned(1, 50)]
    return h


def test_fee_01_no_flop_no_drop_on_a_raised_pot() -> None:
    h = _raised_preflop_then_folds(HouseRules(rake_percent=10, rake_cap=15))
    assert h.rakes() == [] and h.stacks == (50, 200, 50)


def test_fee_01_drop_without_flop_when_the_house_says_so() -> None:
    rules = HouseRules(rake_percent=10, rake_cap=15, no_flop_no_drop=False)
    h = _raised_preflop_then_folds(rules)
    assert h.rakes() == [RakeTaken(0, 15)]
    assert h.awards()[-1].shares == ((1, 135),)
    assert h.stacks == (50, 185, 50)


def test_fee_01_allin_preflop_with_flop_dealt_is_raked() -> None:
    rules = HouseRules(rake_percent=10, rake_cap=15)
    h = Hand("NT", (100, 100), 1, 2, ("AsAd", "KsKd"), rules=rules)
    h.act(BetRaise(1, 100), CheckCall(0))
    h.board("3c4d9h", "Td", "Jc")
    show_down(h)
    assert h.rakes() == [RakeTaken(0, 15)]
    assert h.awards() == [PotAwarded(0, ((0, 185),), hand="one pair, aces")]
    assert h.stacks == (185, 0)


def test_pot_07_no_rake_in_tournaments() -> None:
    rules = HouseRules(mode="tournament", rake_percent=10, rake_cap=15)
    h = Hand("NT", (100, 100), 1, 2, ("AsAd", "KsKd"), rules=rules)
    h.act(BetRaise(1, 100), CheckCall(0))
    h.board("3c4d9h", "Td", "Jc")
    assert h.state.is_over and h.state.rake == 0 and h.stacks == (200, 0)
