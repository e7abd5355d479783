"""More hand-level rules: GAME-01, STR-01, BLD-01, SHD-06, SHD-09, SHD-10, POT-03."""

from __future__ import annotations

import pytest
from handkit import Hand, make_deck, show_down

from pokerroom.cards import parse_cards
from pokerroom.errors import DealError, IllegalAction
from pokerroom.hand.actions import BetRaise, CheckCall, DealBoard, Fold, Show
from pokerroom.hand.config import VARIANTS, HandConfig
from pokerroom.hand.events import BlindPosted, BoardDealt, CardBurned, Shown
from pokerroom.house.rules import HouseRules


def test_game_01_holdem_and_omaha_in_every_structure() -> None:
    wanted = {
        ("holdem", "no_limit"),
        ("holdem", "pot_limit"),
        ("holdem", "fixed_limit"),
        ("omaha", "no_limit"),
        ("omaha", "pot_limit"),
        ("omaha", "fixed_limit"),
        ("omaha_hilo", "pot_limit"),
        ("omaha_hilo", "fixed_limit"),
    }
    offered = {(v.evaluation, v.structure) for v in VARIANTS.values()}
    assert wanted <= offered
    assert {v.hole_cards for v in VARIANTS.values() if v.evaluation == "omaha"} == {4, 5, 6}
    assert VARIANTS["NT"].hole_cards == 2 and VARIANTS["NT"].streets == 4


def test_str_01_the_structure_belongs_to_the_game() -> None:
    # A fixed-limit table needs bet sizes; a big-bet table needs a minimum bet.
    assert HandConfig.build("FT", (100, 100), 1, 2).big_bet == 4
    assert HandConfig.build("PO", (100, 100), 1, 2).min_bet == 2
    with pytest.raises(Exception) as info:
        HandConfig(VARIANTS["FT"], (100, 100), (2, 1), (0, 0))
    assert getattr(info.value, "code", "") == "missing_bet_sizes"


def test_bld_01_lpr_plays_the_game_s_stakes_and_a_club_may_require_double() -> None:
    # CONFLICTS L-6: LPR:L7 says the big blind is double the small, but r87 names a £1/£3 game
    # (and SCENARIOS S14 plays it): the stakes come from the game. A club's own profile may
    # still require double (bb_must_equal_2x_sb), and then a 1/3 table is refused.
    from pokerroom.errors import ConfigError
    from pokerroom.house import derive, load_house
    from pokerroom.table import TableConfig

    lpr = load_house("lpr", "cash")
    assert TableConfig(lpr, small_blind=1, big_blind=3).big_blind == 3
    club = derive(lpr, bb_must_equal_2x_sb=True)
    with pytest.raises(ConfigError) as err:
        TableConfig(club, small_blind=1, big_blind=3)
    assert err.value.code == "bb_not_2x_sb" and "1/3" in str(err.value)


def test_bld_01_small_blind_left_of_the_button_then_the_big_blind() -> None:
    h = Hand("NT", (100, 100, 100, 100), 5, 10)
    assert h.of(BlindPosted) == [BlindPosted(0, 5), BlindPosted(1, 10)]
    assert h.stacks == (95, 90, 100, 100)


def test_shd_06_cards_speak_the_engine_reads_the_hands() -> None:
    # The player holding the better hand wins although he bet nothing and showed second.
    deck = make_deck(("7c7d", "AhKh"), ("7s2h3c", "9h", "5h"))
    h = Hand("NT", (100, 100), 1, 2, deck=deck, automate_showdown=True)
    h.act(CheckCall(1), CheckCall(0))  # button calls, big blind checks
    for _ in range(3):
        h.act(CheckCall(0), CheckCall(1))
    assert h.state.is_over
    # AhKh makes a heart flush on the river (Ah Kh 2h 9h 5h); three sevens lose.
    assert h.awards()[0].shares == ((1, 4),) and "flush" in h.awards()[0].hand


def test_shd_09_a_hand_with_the_wrong_number_of_cards_cannot_be_shown() -> None:
    h = Hand("NT", (100, 100), 1, 2, ("AsAd", "KsKd"))
    h.act(BetRaise(1, 100), CheckCall(0))
    h.refuse(Show(0, parse_cards("AsAdKc")), "wrong_cards", IllegalAction)
    h.refuse(Show(0, parse_cards("As")), "wrong_cards", IllegalAction)


def test_shd_10_no_rabbit_hunting_after_the_hand_ends() -> None:
    deck = make_deck(("AsAd", "KsKd", "QsQc"), ("2c3d7h", "9s", "Jd"))
    h = Hand("NT", (100, 100, 100), 1, 2, deck=deck)
    h.act(BetRaise(2, 6), Fold(0), Fold(1))
    assert h.state.is_over
    assert h.of(BoardDealt) == [] and h.of(CardBurned) == []
    h.refuse(DealBoard(parse_cards("2c3d7h")), "hand_over", IllegalAction)


def test_pot_03_side_pot_players_show_first_under_rrp_rule() -> None:
    # Position 0 is all-in for the main pot only; positions 1 and 2 contest a side pot.
    rules = HouseRules(side_pot_players_show_first=True)
    h = Hand("NT", (20, 200, 200), 1, 2, ("AsAd", "KsKd", "QsQc"), rules=rules)
    h.act(BetRaise(2, 20), CheckCall(0), CheckCall(1))
    h.board("2c3d7h")
    h.act(BetRaise(1, 50), CheckCall(2))  # a side pot of 100 between positions 1 and 2
    for card in ("9s", "Jd"):
        h.board(card)
        h.act(CheckCall(1), CheckCall(2))
    assert h.state.show_order[-1] == 0  # the main-pot-only player shows last
    plain = Hand("NT", (20, 200, 200), 1, 2, ("AsAd", "KsKd", "QsQc"))
    plain.act(BetRaise(2, 20), CheckCall(0), CheckCall(1))
    plain.board("2c3d7h")
    plain.act(BetRaise(1, 50), CheckCall(2))
    for card in ("9s", "Jd"):
        plain.board(card)
        plain.act(CheckCall(1), CheckCall(2))
    assert plain.state.show_order[0] == 0  # first to act, left of the button


def test_dealing_a_seen_card_again_is_refused() -> None:
    h = Hand("NT", (100, 100), 1, 2, ("AsAd", "KsKd"))
    h.act(CheckCall(1), CheckCall(0))
    h.refuse(DealBoard(parse_cards("As2c3c")), "duplicate_card", DealError)
    assert not h.of(Shown)


def test_dead_06_killed_hand_keeps_its_uncalled_raise_in_the_pot() -> None:
    # The floor kills the raiser's hand out of turn: unlike a fold, his unmatched raise is
    # not returned as an uncalled bet (any refund is the house's ruling, killed_hand_refund).
    from pokerroom.hand.actions import KillHand
    from pokerroom.hand.events import HandKilled, UncalledBetReturned

    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQc"))
    h.act(BetRaise(2, 10))
    h.act(KillHand(2, forfeit_uncalled=True))
    assert h.of(HandKilled) == [HandKilled(2, forfeit_uncalled=True)]
    assert h.legal.actor == 0  # the betting goes on from the player whose turn it was
    h.act(Fold(0))
    assert h.state.is_over and h.of(UncalledBetReturned) == []
    assert h.stacks == (99, 111, 90)
    h.refuse(KillHand(2), "hand_over", IllegalAction)


def test_dead_05_a_dead_raise_nobody_live_can_contest_closes_the_round() -> None:
    # Probe M20: the button is all in for 50; on the flop p1 bets 100, p2 raises to 400 and
    # the floor kills p2's hand. Only p1 has chips among the live hands: he is not asked to
    # call dead money; the round closes, the dead raise stays in the pot, and p1 (the only
    # live hand in the side pot) takes it; the all-in button can win only the main pot.
    from pokerroom.hand.actions import KillHand

    h = Hand("NT", (1000, 1000, 50), 1, 2, ("KsKd", "QsQc", "AsAd"))
    h.act(BetRaise(2, 50), CheckCall(0), CheckCall(1))  # the button all in for 50: both call
    h.board("2c3d7h")
    h.act(BetRaise(0, 100), BetRaise(1, 400), KillHand(1, forfeit_uncalled=True))
    assert h.legal.actor is None
    h.board("9s")
    h.board("Jd")
    show_down(h)
    assert h.state.is_over and h.stacks == (1350, 550, 150)


def test_dead_06_a_dead_raise_stays_to_call_while_live_players_contest_it() -> None:
    # SCENARIOS S32 (recommended): with two live players still to act, the dead raise stays.
    from pokerroom.hand.actions import KillHand

    h = Hand("NT", (1000, 1000, 1000), 1, 2, ("KsKd", "QsQc", "AsAd"))
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    h.board("2c3d7h")
    h.act(BetRaise(0, 20), BetRaise(1, 60), KillHand(1, forfeit_uncalled=True))
    assert h.legal.actor == 2 and h.legal.call_amount == 60


def test_trn_02_a_hand_killed_at_the_deal_is_given_back_before_anyone_acts() -> None:
    from pokerroom.hand.actions import KillHand, ReviveHand
    from pokerroom.hand.events import HandRestored

    h = Hand("NT", (100, 100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQc", "JsJc"))
    h.refuse(ReviveHand(2), "not_revivable", IllegalAction)  # live: nothing to give back
    h.act(KillHand(2, forfeit_uncalled=True))  # under the gun, away at the deal
    assert h.legal.actor == 3
    h.act(ReviveHand(2))
    assert h.of(HandRestored) == [HandRestored(2)] and h.legal.actor == 2
    h.act(KillHand(2, forfeit_uncalled=True), CheckCall(3))
    h.refuse(ReviveHand(2), "not_revivable", IllegalAction)  # too late: p4 has acted
    h.refuse(ReviveHand(7), "bad_position", IllegalAction)


def test_pot_04_a_killed_hand_gets_its_unmatched_bet_back_by_default() -> None:
    from pokerroom.hand.actions import KillHand
    from pokerroom.hand.events import UncalledBetReturned

    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQc"))
    h.act(BetRaise(2, 10), KillHand(2), Fold(0))
    assert h.of(UncalledBetReturned) == [UncalledBetReturned(2, 8)]
    assert h.state.is_over and h.stacks == (99, 103, 98)


def test_chp_06_fold_forfeiting_chips_leaves_them_in_the_pot() -> None:
    # S17 under LPR/HIPP: C silently put in 100 facing a raise to 300 and folds losing it.
    h = Hand("NT", (1000, 1000, 1000, 1000), 5, 10, ("AsAd", "KsKd", "QsQc", "JsJc"))
    h.act(CheckCall(2), CheckCall(3), CheckCall(0), CheckCall(1))  # pot 40 after the limps
    h.board("2c3d7h")
    h.act(BetRaise(0, 100), BetRaise(1, 300), Fold(2, forfeit=100))
    assert h.stacks == (890, 690, 890, 990) and h.state.pot == 40 + 100 + 300 + 100
    h.refuse(Fold(3, forfeit=5000), "bad_forfeit", IllegalAction)


def test_flow_02_a_whole_deal_at_once_equals_dealing_each_hand() -> None:
    from pokerroom.hand.actions import DealHole, DealHoles
    from pokerroom.hand.engine import start_hand

    cfg = HandConfig.build("NT", (100, 100, 100), 1, 2)
    hands = (parse_cards("AsAd"), parse_cards("KsKd"), (None, None))
    one, _ = start_hand(cfg)
    for p, cards in enumerate(hands):
        one, _ = apply_(one, DealHole(p, cards))
    whole, _ = start_hand(cfg)
    whole, _ = apply_(whole, DealHoles(hands))
    assert whole.hole == one.hole and whole.actor == one.actor == 2
    fresh, _ = start_hand(cfg)
    for bad, code in (
        (DealHoles(hands[:2]), "wrong_card_count"),
        (DealHoles((parse_cards("AsAd"), parse_cards("AsKd"), (None, None))), "duplicate_card"),
    ):
        before = fresh.copy()
        with pytest.raises(DealError) as info:
            apply_(fresh, bad)
        assert info.value.code == code and fresh == before
    with pytest.raises(DealError):
        apply_(whole, DealHoles(hands))  # the hands are already dealt


def apply_(state, action):  # type: ignore[no-untyped-def]
    from pokerroom.hand.engine import apply

    return apply(state, action)


def test_dead_07_a_pot_always_keeps_a_live_hand() -> None:
    from pokerroom.errors import ConfigError
    from pokerroom.hand.actions import KillHand

    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQc"))
    h.act(KillHand(0), KillHand(1))  # the last live hand wins at once (and is never killed)
    # The big blind's unmatched chip goes back to the killed hand (POT-04).
    assert h.state.is_over and h.stacks == (99, 99, 102)
    g = Hand("NT", (100, 100), 1, 2, ("AsAd", "KsKd"))
    g.act(KillHand(0))
    assert g.state.is_over
    with pytest.raises(ConfigError) as info:
        HandConfig(VARIANTS["NT"], (100, 100), (2, 1), (0, 0), min_bet=2, dead_at_deal=(0, 1))
    assert info.value.code == "no_live_hand"
