"""Showdown at hand level: hand construction, who shows first, mucking, tournament all-ins
(GAME-03/04, SHD-01..05/07, FLOW-10, S21)."""

from __future__ import annotations

import pytest
from handkit import Hand, check_round

from pokerroom.errors import IllegalAction
from pokerroom.hand.actions import BetRaise, CheckCall, DealHole, Fold, KillHand, Muck, Show
from pokerroom.hand.events import Mucked, PotAwarded, Shown
from pokerroom.house import load_house
from pokerroom.house.rules import HouseRules

HOUSES = ("lpr", "grosvenor", "hippodrome", "roberts")



# ------------------------------------------------------------------ GAME-03 / GAME-04


def test_game_03_omaha_four_hole_spades_are_no_flush() -> None:
    # Hold'em-style (any 5 of 9) would give position 0 a flush: As Ks Qs Js + 2s.
    h = Hand("PO", (100, 100), 1, 2, ("AsKsQsJs", "TdTh4c5c"))
    h.act(CheckCall(1), CheckCall(0))
    for cards in ("2s7h8d", "9c", "3h"):
        h.board(cards)
        check_round(h)
    h.act(Show(0), Show(1))
    assert h.awards() == [PotAwarded(0, ((1, 4),), hand="one pair, tens")]
    assert h.stacks == (98, 102)


def test_game_03_omaha_cannot_play_four_board_hearts_with_one_hole_heart() -> None:
    h = Hand("PO", (100, 100), 1, 2, ("Th2c3d4s", "9c9d5s6s"))
    h.act(CheckCall(1), CheckCall(0))
    for cards in ("AhKhQh", "Jh", "2d"):
        h.board(cards)
        check_round(h)
    h.act(Show(0), Show(1))
    # Position 0 would have a royal flush in Hold'em; in Omaha 2 + 3 his best is A-K-Q-T-3
    # (no pair) while position 1 plays 9-9.
    assert h.awards()[-1].shares == ((1, 4),)


def test_game_04_holdem_may_play_the_board() -> None:
    h = Hand("NT", (100, 100), 1, 2, ("2c3d", "4c5d"))
    h.act(CheckCall(1), CheckCall(0))
    for cards in ("AhKhQh", "Jh", "Th"):
        h.board(cards)
        check_round(h)
    h.act(Show(0), Show(1))
    assert h.awards() == [PotAwarded(0, ((0, 2), (1, 2)), hand="royal flush")]


def test_game_04_holdem_best_five_of_seven_with_one_hole_card() -> None:
    h = Hand("NT", (100, 100), 1, 2, ("Ah2c", "KdKc"))
    h.act(CheckCall(1), CheckCall(0))
    for cards in ("3h4h9h", "Th", "Qs"):
        h.board(cards)
        check_round(h)
    h.act(Show(0), Show(1))
    assert h.awards()[-1].shares == ((0, 4),)  # ace-high flush with one hole card


# ------------------------------------------------------------------ SHD-01 / SHD-02 (S21)


def _s21(rules: HouseRules, *, allin: bool = False, river: str = "check") -> Hand:
    """9 seats, button seat 9 = position 8; seat 2 = position 1, seat 6 = position 5."""
    stacks = [1000] * 9
    if allin:
        stacks[5] = 100
    holes = ("2c3d", "AsKd", "4c5d", "6c7d", "8c9d", "QsQd", "Th2h", "Jc3h", "4h5h")
    h = Hand("NT", stacks, 1, 2, holes, rules=rules)
    h.act(Fold(2), Fold(3), Fold(4), CheckCall(5), Fold(6), Fold(7), Fold(8), Fold(0))
    h.act(CheckCall(1))
    h.board("7h8h9s")
    h.act(CheckCall(1), CheckCall(5))
    h.board("Js")
    h.act(CheckCall(1), BetRaise(5, 98 if allin else 50), CheckCall(1))  # seat 6 bets the turn
    h.board("2s")
    if river == "check":
        check_round(h)
    elif river == "seat2_bets":
        h.act(BetRaise(1, 100), CheckCall(5))
    elif river == "seat6_bets":
        h.act(CheckCall(1), BetRaise(5, 100), CheckCall(1))
    assert h.state.phase_name == "showdown"
    return h


@pytest.mark.parametrize(
    ("house", "first"), [("lpr", 1), ("grosvenor", 5), ("hippodrome", 1), ("roberts", 1)]
)
def test_s21_shd_02_river_checked_who_shows_first(house: str, first: int) -> None:
    h = _s21(load_house(house, "cash"))
    assert h.state.show_order[0] == first
    other = 5 if first == 1 else 1
    h.refuse(Show(other), "out_of_turn", IllegalAction)
    h.act(Show(first), Show(other))
    assert h.state.is_over
    assert h.shown() == [first, other]


@pytest.mark.parametrize("house", ["lpr", "grosvenor"])
def test_s21_shd_02_allin_on_the_turn_lpr_and_gros_show_seat_6_first(house: str) -> None:
    h = _s21(load_house(house, "cash"), allin=True)
    assert h.state.show_order[0] == 5


@pytest.mark.parametrize("house", HOUSES)
def test_s21_shd_01_river_bettor_shows_first_in_every_house(house: str) -> None:
    h = _s21(load_house(house, "cash"), river="seat2_bets")
    assert h.state.show_order[0] == 1
    h = _s21(load_house(house, "cash"), river="seat6_bets")
    assert h.state.show_order[0] == 5


@pytest.mark.parametrize(
    ("rule", "first"),
    [("first_to_act", 1), ("left_of_button_allin_first", 1), ("last_aggressor_any_street", 5)],
)
def test_shd_02_each_rule_value(rule: str, first: int) -> None:
    h = _s21(HouseRules(showdown_order_no_river_bet=rule))  # type: ignore[arg-type]
    assert h.state.show_order == [first, 5 if first == 1 else 1]


def test_shd_02_gros_no_aggression_at_all_first_left_of_button() -> None:
    # G19: nobody bet on any street: the first active player left of the button shows first.
    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQd"), rules=load_house("grosvenor"))
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    for cards in ("2c3d7h", "9s", "Jd"):
        h.board(cards)
        check_round(h)
    assert h.state.show_order == [0, 1, 2]


# ------------------------------------------------------------------ SHD-03


def test_shd_03_tournament_allin_hands_turned_up_before_the_board() -> None:
    h = Hand(
        "NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "7c2h"), rules=HouseRules(mode="tournament")
    )
    h.act(BetRaise(2, 100), CheckCall(0), Fold(1))
    assert h.state.board == ()
    # Face up at once, before the board; with no river bet the first to act is first (SHD-02).
    assert h.of(Shown) == [Shown(0, h.state.hole_cards(0)), Shown(2, h.state.hole_cards(2))]  # type: ignore[arg-type]
    h.refuse(Muck(0), "no_showdown", IllegalAction)
    h.board("3c4d9h", "Td", "Jc")
    assert h.state.is_over and h.stacks == (202, 98, 0)


def test_shd_03_tournament_muck_refused_for_an_unseen_allin_hand() -> None:
    h = Hand("NT", (100, 100), 1, 2, rules=load_house("lpr", "tournament"))
    h.act(DealHole(0, (None, None)), DealHole(1, (None, None)))
    h.act(BetRaise(1, 100), CheckCall(0))
    h.board("3c4d9h", "Td", "Jc")
    err = h.refuse(Muck(h.state.show_order[0]), "must_show", IllegalAction)
    assert "SHD-03" in str(err)


def test_shd_03_cash_allin_hands_are_not_turned_up() -> None:
    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "7c2h"))
    h.act(BetRaise(2, 100), CheckCall(0), Fold(1))
    assert h.of(Shown) == []


# ------------------------------------------------------------------ SHD-04 / 05 / 07, FLOW-10


def _to_river_showdown() -> Hand:
    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQc"))
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    for cards in ("2c3d7h", "9s", "Jd"):
        h.board(cards)
        check_round(h)
    assert h.state.show_order == [0, 1, 2]
    return h


def test_shd_04_showing_means_every_hole_card() -> None:
    h = _to_river_showdown()
    err = h.refuse(Show(0, h.state.hole_cards(0)[:1]), "wrong_cards", IllegalAction)  # type: ignore[arg-type]
    assert "must show all 2 hole cards" in str(err)
    h.refuse(Show(0, (h.state.hole_cards(1))), "wrong_cards", IllegalAction)  # type: ignore[arg-type]


def test_shd_04_last_live_hand_wins_without_showing() -> None:
    h = _to_river_showdown()
    h.act(Muck(0), Muck(1))
    assert h.state.is_over
    assert h.of(Shown) == []
    assert h.awards() == [PotAwarded(0, ((2, 6),))]
    assert h.stacks == (98, 98, 104)


def test_shd_05_07_mucked_best_hand_cannot_win() -> None:
    h = _to_river_showdown()
    h.act(Show(0))  # aces
    h.act(Show(1), Show(2))
    assert h.awards()[-1].shares == ((0, 6),)
    h = _to_river_showdown()
    h.act(Muck(0), Show(1), Show(2))  # aces concede: kings win
    assert h.of(Mucked) == [Mucked(0)]
    assert h.awards() == [PotAwarded(0, ((1, 6),), hand="one pair, kings")]
    assert h.stacks == (98, 104, 98)


def test_shd_07_mucked_hand_is_dead_in_every_pot() -> None:
    # Position 0 (aces) is all-in for the main pot, then mucks: the main pot goes to the
    # best shown hand among the others.
    h = Hand("NT", (50, 200, 200), 1, 2, ("AsAd", "KsKd", "QsQc"))
    h.act(BetRaise(2, 100), CheckCall(0), CheckCall(1))
    for cards in ("2c3d7h", "9s", "Jd"):
        h.board(cards)
        check_round(h)
    order = h.state.show_order
    assert order == [0, 1, 2]
    h.act(Muck(0), Show(1), Show(2))
    assert [(a.pot, a.shares) for a in h.awards()] == [(1, ((1, 100),)), (0, ((1, 150),))]
    assert h.stacks == (0, 350, 100)


def test_flow_10_uncontested_pot_no_showing_no_more_cards() -> None:
    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQc"))
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    h.board("2c3d7h")
    h.act(BetRaise(0, 10), Fold(1), Fold(2))
    assert h.state.is_over
    assert h.of(Shown) == [] and h.of(Mucked) == []
    assert h.state.board == tuple(h.state.board[:3])
    assert h.awards() == [PotAwarded(0, ((0, 6),))]
    assert h.stacks == (104, 98, 98)


def test_shd_05_auto_show_reads_the_pots_with_a_big_blind_ante_as_dead_money() -> None:
    # The big blind's whole stack goes into his ante (3,000 dead money), none into his blind;
    # both others call 3,000 and check down. His aces win the only pot he is in, his ante;
    # the callers' 6,000 is a side pot he is not in, so neither may muck to his shown aces.
    from pokerroom.cards import parse_cards
    from pokerroom.hand.betting import legal_actions
    from pokerroom.hand.config import VARIANTS, HandConfig
    from pokerroom.hand.engine import apply_in_place, start_hand

    config = HandConfig(
        VARIANTS["NT"], (29500, 3000, 27000), (1500, 3000, 0), (0, 3000, 0), min_bet=3000,
        rules=load_house("lpr", "tournament"), automate_showdown=True, chip_unit=500,
        antes_layered=False,
    )
    s, _ = start_hand(config, parse_cards("7cAs8s2dAd3hKhQdJc9s4c5h6d2c"))
    while (actor := legal_actions(s).actor) is not None:
        apply_in_place(s, CheckCall(actor))
    assert s.is_over and sum(s.stacks) == 59500
    assert s.stacks[1] == 3000  # his ante back: the only pot he contested
    assert sorted(s.stacks[::2]) == [24000, 32500]  # the 6,000 side pot to one caller


def test_shd_03_allin_hands_turned_up_before_the_board_when_the_engine_deals() -> None:
    # Dealing from its own deck the engine turns the all-in hands up as soon as the betting
    # is closed, before the flop, as it does when the dealer reports the cards.
    from pokerroom.cards import parse_cards
    from pokerroom.hand.config import HandConfig
    from pokerroom.hand.engine import apply, start_hand
    from pokerroom.hand.events import BoardDealt

    config = HandConfig.build("NT", (500, 500), 5, 10, rules=load_house("lpr", "tournament"))
    s, _ = start_hand(config, parse_cards("AsKsAdKd2s3h8h9c2hJd2c4s"))
    s, _ = apply(s, BetRaise(1, 500))
    s, events = apply(s, CheckCall(0))
    kinds = [type(e) for e in events]
    assert kinds.index(Shown) < kinds.index(BoardDealt)
    assert [e.position for e in events if isinstance(e, Shown)] == [0, 1]


def test_shd_03_allin_player_and_side_betting_to_the_river_every_hand_is_turned_up() -> None:
    # One player is all in pre-flop; the other two bet on to the river. When that betting is
    # over no more betting can happen: every live hand is turned up, none mucked (LPR L179,
    # GROS L128), in tournaments only.
    from pokerroom.cards import parse_cards
    from pokerroom.hand.config import HandConfig
    from pokerroom.hand.engine import apply, start_hand

    for mode, mucks in (("tournament", 0), ("cash", 1)):
        config = HandConfig.build("NT", (500, 500, 50), 5, 10, rules=load_house("lpr", mode))
        s, _ = start_hand(config, parse_cards("2cKsAs3dKdAd" + "Qc2h8h9cTcJdQh4s"))
        log = []
        for a in (BetRaise(2, 50), CheckCall(0), CheckCall(1), *[CheckCall(p) for p in (0, 1)] * 2,
                  BetRaise(0, 100), CheckCall(1)):
            s, events = apply(s, a)
            log += events
        if mode == "cash":  # the bettor shows first; the caller may concede
            for a in (Show(0), Muck(1), Show(2)):
                s, events = apply(s, a)
                log += events
        assert s.is_over
        assert sum(isinstance(e, Mucked) for e in log) == mucks


def test_shd_09_the_engine_leaves_a_pot_with_no_live_hand_to_the_floor() -> None:
    # p0 all in for 50 pre-flop, p1 and p2 call and bet on: main 150 (all), side 200 (p1, p2).
    # At the showdown the floor kills p1's hand (SHD-09): p2 is left in the side pot; killing
    # p2 too would leave that pot to nobody: refused, the floor rules on it.
    h = Hand("NT", (50, 200, 200), 1, 2, ("AsAd", "KsKd", "QsQd"), automate_showdown=False)
    h.act(CheckCall(2), BetRaise(0, 50), CheckCall(1), CheckCall(2))
    h.board("2c7d9h")
    h.act(BetRaise(1, 100), CheckCall(2))
    h.board("Js")
    h.act(CheckCall(1), CheckCall(2))
    h.board("3c")
    h.act(CheckCall(1), CheckCall(2))
    assert h.state.phase_name == "showdown"
    h.act(KillHand(1, forfeit_uncalled=True))
    assert h.state.mucked[1] and not h.state.folded[1]
    err = h.refuse(KillHand(2, forfeit_uncalled=True), "last_hand_in_pot", IllegalAction)
    assert "floor rules on that pot" in str(err)
