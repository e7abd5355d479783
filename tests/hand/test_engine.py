"""The engine as a whole: forced bets, dealing from a deck, burns, run-outs, run it twice,
replay, purity of ``apply`` and the refusals of bad dealer input (FLOW-01/02/05/09,
BLD-01/02/06, RIT-01/02, S25)."""

from __future__ import annotations

import dataclasses

import pytest
from handkit import Hand, make_deck

from pokerroom.cards import parse_card, parse_cards
from pokerroom.errors import DealError, IllegalAction
from pokerroom.hand.actions import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    RunItTwice,
    Show,
)
from pokerroom.hand.config import HandConfig
from pokerroom.hand.engine import apply, apply_in_place, deal_in_place, replay, start_hand
from pokerroom.hand.events import (
    AntePosted,
    BlindPosted,
    BoardDealt,
    CardBurned,
    HandEnded,
    HoleDealt,
    PotAwarded,
    RunsAgreed,
)
from pokerroom.house import derive, load_house
from pokerroom.house.rules import HouseRules

HIPP = load_house("hippodrome", "cash")


# ------------------------------------------------------------------ forced bets


def test_flow_01_bld_01_antes_and_blinds_before_any_card() -> None:
    h = Hand(
        "NT", (100, 100, 100, 100), 1, 2, ante=1, deck=make_deck(("AsAd", "KsKd", "QsQc", "JsJd"))
    )
    kinds = [type(e).__name__ for e in h.events]
    first_card = kinds.index("HoleDealt")
    assert kinds[:first_card] == ["AntePosted"] * 4 + ["BlindPosted"] * 2
    assert h.of(BlindPosted) == [BlindPosted(0, 1), BlindPosted(1, 2)]  # SB then BB
    assert h.stacks == (98, 97, 99, 99) and h.state.pot == 7


def test_bld_02_forced_bets_come_only_from_the_obliged_stack() -> None:
    h = Hand("NT", (100, 1, 100), 5, 10)
    assert h.of(BlindPosted) == [BlindPosted(0, 5), BlindPosted(1, 1)]
    assert h.stacks == (95, 0, 100)  # nobody posts the short BB's missing 9


def test_bld_06_per_player_antes_and_short_ante_all_in() -> None:
    h = Hand("NT", (100, 100, 1), 1, 2, ante=2)
    assert h.of(AntePosted) == [AntePosted(0, 2), AntePosted(1, 2), AntePosted(2, 1)]
    assert h.stacks == (97, 96, 0) and h.state.pot == 8


def test_bld_06_big_blind_ante() -> None:
    base = HandConfig.build("NT", (100, 100, 100), 1, 2)
    config = dataclasses.replace(base, antes=(0, 3, 0))
    h = Hand("", (), 0, 0, ("AsAd", "KsKd", "QsQc"), config=config)
    assert h.of(AntePosted) == [AntePosted(1, 3)]
    assert h.stacks == (99, 95, 100) and h.state.pot == 6
    # The ante is dead: the big blind still only has 2 in front, the call stays 2.
    assert h.state.bets == [1, 2, 0]
    assert h.legal.call_amount == 2 and h.legal.min_raise_to == 4


# ------------------------------------------------------------------ dealing from a deck


def test_flow_02_deal_order_round_robin_from_position_0() -> None:
    deck = parse_cards("AsKsQsJsTs9s") + parse_cards("2c3c4c5c6c7c8c9c")
    h = Hand("NT", (100, 100, 100), 1, 2, deck=deck)
    assert h.of(HoleDealt) == [
        HoleDealt(0, parse_cards("AsJs")),
        HoleDealt(1, parse_cards("KsTs")),
        HoleDealt(2, parse_cards("Qs9s")),
    ]


def test_flow_02_omaha_four_cards_one_at_a_time() -> None:
    deck = make_deck(("AsKsQsJs", "2c3c4c5c"))
    h = Hand("PO", (100, 100, 100), 1, 2, deck=make_deck(("AsKsQsJs", "2c3c4c5c", "6d7d8d9d")))
    assert deck[:8] == parse_cards("As2cKs3cQs4cJs5c")
    assert [h.state.hole_cards(p) for p in range(3)] == [
        parse_cards("AsKsQsJs"),
        parse_cards("2c3c4c5c"),
        parse_cards("6d7d8d9d"),
    ]


def test_flow_08_heads_up_big_blind_gets_the_first_card() -> None:
    deck = parse_cards("AsKsQsJs") + parse_cards("2c3c4c5c6c7c8c9c")
    h = Hand("NT", (100, 100), 1, 2, deck=deck)
    assert h.config.blinds == (2, 1)
    assert h.state.hole_cards(0) == parse_cards("AsQs")  # BB: first and third card
    assert h.state.hole_cards(1) == parse_cards("KsJs")


def test_flow_05_burn_before_flop_turn_and_river() -> None:
    holes = ("AsAd", "KsKd", "QsQc")
    deck = make_deck(holes, ("2c3d7h", "9s", "Jd"))
    h = Hand("NT", (100, 100, 100), 1, 2, deck=deck)
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    assert h.of(CardBurned) == [CardBurned(deck[6])]
    assert h.of(BoardDealt) == [BoardDealt(parse_cards("2c3d7h"))]
    for _ in range(3):
        h.act(CheckCall(h.legal.actor))  # type: ignore[arg-type]
    for _ in range(3):
        h.act(CheckCall(h.legal.actor))  # type: ignore[arg-type]
    assert h.of(CardBurned) == [CardBurned(deck[6]), CardBurned(deck[10]), CardBurned(deck[12])]
    assert h.state.board == parse_cards("2c3d7h9sJd")
    kinds = [type(e).__name__ for e in h.events if isinstance(e, (CardBurned, BoardDealt))]
    assert kinds == ["CardBurned", "BoardDealt"] * 3


def test_flow_05_no_cards_after_everyone_folds() -> None:
    deck = make_deck(("AsAd", "KsKd", "QsQc"), ("2c3d7h", "9s", "Jd"))
    h = Hand("NT", (100, 100, 100), 1, 2, deck=deck)
    h.act(BetRaise(2, 6), Fold(0), Fold(1))
    assert h.state.is_over and h.of(CardBurned) == [] and h.of(BoardDealt) == []


def test_flow_09_allin_runout_deals_the_board_without_betting() -> None:
    deck = make_deck(("AsAd", "KsKd", "QsQc"), ("2c3d7h", "9s", "Jd"))
    h = Hand("NT", (100, 100, 300), 1, 2, deck=deck, automate_showdown=True)
    h.act(BetRaise(2, 100), CheckCall(0), CheckCall(1))
    assert h.state.is_over
    assert h.state.board == parse_cards("2c3d7h9sJd")
    assert len(h.of(CardBurned)) == 3
    assert h.awards() == [PotAwarded(0, ((0, 300),), hand="one pair, aces")]
    assert h.stacks == (300, 0, 200)


def test_flow_09_one_player_with_chips_left_gets_no_more_betting() -> None:
    h = Hand("NT", (50, 300), 1, 2, ("AsAd", "KsKd"))
    h.act(BetRaise(1, 50), CheckCall(0))
    for cards in ("2c3d7h", "9s"):
        assert h.legal.actor is None and h.state.phase_name == "board"
        h.refuse(CheckCall(1), "not_betting", IllegalAction)
        h.board(cards)
    h.board("Jd")
    assert h.state.phase_name == "showdown"


# ------------------------------------------------------------------ RIT-01 / RIT-02 (S25)


def _allin(stacks: tuple[int, ...], sb: int = 1, bb: int = 2, rules: HouseRules = HIPP) -> Hand:
    holes = ("AsAd", "KsKd", "QsQc")[: len(stacks)]
    h = Hand("NT", stacks, sb, bb, holes, rules=rules)
    while h.legal.actor is not None:
        legal = h.legal
        if legal.max_raise_to is not None and legal.max_raise_to > h.state.current_bet:
            h.act(BetRaise(legal.actor, legal.max_raise_to))
        else:
            h.act(CheckCall(legal.actor))  # type: ignore[arg-type]
    assert h.state.phase_name == "board"
    return h


def test_s25_a_pot_600_may_run_twice() -> None:
    h = _allin((300, 300))
    assert h.state.pot == 600
    h.act(RunItTwice(agreed=(0, 1)))
    assert h.of(RunsAgreed) == [RunsAgreed(2, (0,))]


def test_s25_b_pot_480_is_below_the_minimum() -> None:
    h = _allin((240, 240))
    err = h.refuse(RunItTwice(agreed=(0, 1)), "run_twice_not_eligible", IllegalAction)
    assert "480 is below the minimum 500" in str(err)


def test_s25_c_pot_exactly_500_is_allowed() -> None:
    h = _allin((250, 250))
    h.act(RunItTwice(agreed=(0, 1)))
    assert h.of(RunsAgreed) == [RunsAgreed(2, (0,))]


def test_s25_d_a_refusing_player_blocks_every_pot_he_is_in() -> None:
    h = _allin((150, 400, 400))  # main 450 (all three), side 500 (positions 1, 2)
    h.refuse(RunItTwice(agreed=(0, 2)), "run_twice_not_eligible", IllegalAction)
    h.act(RunItTwice(agreed=(1, 2)))  # the short stack refuses: only the side pot runs twice
    assert h.of(RunsAgreed) == [RunsAgreed(2, (1,))]


def test_s25_e_per_pot_basis_neither_pot_qualifies() -> None:
    h = _allin((150, 300, 300))  # main 450, side 300
    assert HIPP.rit_basis == "per_pot"
    err = h.refuse(RunItTwice(agreed=(0, 1, 2)), "run_twice_not_eligible", IllegalAction)
    assert "basis per_pot" in str(err)


def test_s25_e_house_example_basis_runs_the_side_pot() -> None:
    rules = dataclasses.replace(HIPP, rit_basis="as_house_example")
    h = _allin((150, 300, 300), rules=rules)
    h.act(RunItTwice(agreed=(0, 1, 2)))
    assert h.of(RunsAgreed) == [RunsAgreed(2, (1,))]


def test_s25_f_two_five_pot_40_allowed_under_the_printed_minimum() -> None:
    h = _allin((20, 20), 2, 5)
    assert h.config.stakes == "2/5" and HIPP.rit_min_pot("2/5") == 10
    h.act(RunItTwice(agreed=(0, 1)))
    assert h.of(RunsAgreed) == [RunsAgreed(2, (0,))]


def test_rit_01_explicit_rules_and_houses_that_do_not_run_twice() -> None:
    rules = HouseRules(run_it_twice_allowed=True, run_it_twice_min_pot=(("1/2", 500),))
    h = _allin((300, 300), rules=rules)
    h.act(RunItTwice(agreed=(0, 1)))
    h = _allin((300, 300), rules=load_house("lpr", "cash"))
    h.refuse(RunItTwice(agreed=(0, 1)), "run_twice_not_allowed", IllegalAction)


def test_rit_01_not_while_betting_is_open() -> None:
    h = Hand("NT", (300, 300), 1, 2, ("AsAd", "KsKd"), rules=HIPP)
    h.refuse(RunItTwice(agreed=(0, 1)), "run_twice_not_now", IllegalAction)


def test_rit_02_two_boards_each_pot_halved_odd_unit_to_run_1() -> None:
    # SB folds (1 dead): pot 601 between positions 1 and 2.
    h = Hand("NT", (100, 300, 300), 1, 2, ("7c2h", "AsAd", "KsKd"), rules=HIPP)
    h.act(BetRaise(2, 300), Fold(0), CheckCall(1))
    assert h.state.pot == 601
    h.act(RunItTwice(agreed=(1, 2)))
    h.board("2c3d9h", "Td", "Jc")  # run 1: aces hold
    assert h.state.boards == [list(parse_cards("2c3d9hTdJc")), []]
    h.board("Kc8s4c", "5h", "6d")  # run 2: kings make a set
    assert [e.run for e in h.of(BoardDealt)] == [0, 0, 0, 1, 1, 1]
    order = h.state.show_order
    h.act(*(Show(p) for p in order))
    awards = h.awards()
    assert [(a.run, a.shares) for a in awards] == [(0, ((1, 301),)), (1, ((2, 300),))]
    assert h.stacks == (99, 301, 300)


def test_rit_02_allin_on_the_flop_shares_the_flop() -> None:
    h = Hand("NT", (300, 300), 1, 2, ("AsAd", "KsKd"), rules=HIPP)
    h.act(CheckCall(1), CheckCall(0))
    h.board("2c3d9h")
    h.act(BetRaise(0, 298), CheckCall(1))
    h.act(RunItTwice(agreed=(0, 1)))
    h.board("Td", "Jc", "Kh", "4s")
    assert h.state.boards == [list(parse_cards("2c3d9hTdJc")), list(parse_cards("2c3d9hKh4s"))]
    h.act(*(Show(p) for p in h.state.show_order))
    assert [(a.run, a.shares) for a in h.awards()] == [(0, ((0, 300),)), (1, ((1, 300),))]
    assert h.stacks == (300, 300)


# ------------------------------------------------------------------ purity and replay


def test_apply_never_changes_its_input_and_replay_rebuilds_the_state() -> None:
    deck = make_deck(("AsAd", "KsKd", "QsQc"), ("2c3d7h", "9s", "Jd"))
    h = Hand("NT", (100, 100, 100), 1, 2, deck=deck, automate_showdown=True)
    h.act(BetRaise(2, 6), CheckCall(0), CheckCall(1))
    h.act(BetRaise(0, 10), CheckCall(1), Fold(2))
    while not h.state.is_over:
        h.act(CheckCall(h.legal.actor))  # type: ignore[arg-type]
    assert h.replayed() == h.state
    assert h.of(HandEnded)[-1].stacks == h.stacks


def test_apply_in_place_matches_apply() -> None:
    config = HandConfig.build("NT", (100, 100, 100), 1, 2)
    state, _ = start_hand(config)
    other, _ = start_hand(config)
    for action in (
        DealHole(0, parse_cards("AsAd")),
        DealHole(1, parse_cards("KsKd")),
        DealHole(2, parse_cards("QsQc")),
        BetRaise(2, 6),
        Fold(0),
    ):
        state, events = apply(state, action)
        assert apply_in_place(other, action) == events
        assert other == state


def test_replay_without_a_deck_rebuilds_manual_deals() -> None:
    h = Hand("PO", (100, 100), 1, 2, ("AsKsQsJs", "TdTh4c5c"))
    h.act(CheckCall(1), CheckCall(0))
    h.board("2s7h8d")
    assert replay(h.config, h.events) == h.state


# ------------------------------------------------------------------ bad dealer input


def test_duplicate_card_dealt_is_refused() -> None:
    h = Hand("NT", (100, 100, 100), 1, 2)
    h.act(DealHole(0, parse_cards("AsKs")))
    err = h.refuse(DealHole(1, parse_cards("AsQd")), "duplicate_card", DealError)
    assert "As has already been dealt" in str(err)
    qd = parse_card("Qd")
    h.refuse(DealHole(1, (qd, qd)), "duplicate_card", DealError)
    h.act(DealHole(1, parse_cards("QdJd")), DealHole(2, parse_cards("2c3c")))
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    h.refuse(DealBoard(parse_cards("Ks8h9h")), "duplicate_card", DealError)


def test_deck_with_a_duplicate_card_is_refused() -> None:
    deck = (parse_card("As"), parse_card("As"), *parse_cards("KdQd2c3c4c5c6c7c8c9c"))
    config = HandConfig.build("NT", (100, 100), 1, 2)
    with pytest.raises(DealError) as info:
        start_hand(config, deck)
    assert info.value.code == "duplicate_card"


def test_short_deck_refuses_a_card_not_in_the_deck() -> None:
    h = Hand("NS", (100, 100), 1, 2)
    h.refuse(DealHole(0, parse_cards("2cAs")), "card_not_in_deck", DealError)


def test_dealing_out_of_order_is_refused() -> None:
    h = Hand("NT", (100, 100, 100), 1, 2)
    err = h.refuse(DealHole(1, parse_cards("AsKs")), "out_of_order", DealError)
    assert "p1 must be dealt before p2" in str(err)
    h.refuse(DealHole(5, parse_cards("AsKs")), "bad_position", DealError)
    h.refuse(DealHole(0, parse_cards("AsKsQs")), "wrong_card_count", DealError)
    h.refuse(DealBoard(parse_cards("2c3c4c")), "not_dealing_board", DealError)
    h.act(DealHole(0, parse_cards("As")))  # one card at a time is fine, in order
    h.refuse(DealHole(0, parse_cards("Ks")), "out_of_order", DealError)
    h.act(DealHole(1, parse_cards("Kd")), DealHole(2, parse_cards("Qd")))
    h.act(DealHole(0, parse_cards("Ks")))


def test_board_of_the_wrong_size_is_refused() -> None:
    h = Hand("NT", (100, 100), 1, 2, ("AsAd", "KsKd"))
    h.act(CheckCall(1), CheckCall(0))
    h.refuse(DealBoard(parse_cards("2c3c")), "wrong_card_count", DealError)
    h.board("2c3c4c")
    h.refuse(DealBoard(parse_cards("5c6c7c")), "not_dealing_board", DealError)  # betting due


def test_acting_after_the_hand_is_over_is_refused() -> None:
    h = Hand("NT", (100, 100, 100), 1, 2, ("AsAd", "KsKd", "QsQc"))
    h.act(BetRaise(2, 6), Fold(0), Fold(1))
    assert h.state.is_over
    for action in (
        Fold(0),
        CheckCall(2),
        BetRaise(2, 10),
        DealBoard(parse_cards("2c3c4c")),
        Show(2),
    ):
        err = h.refuse(action, "hand_over", IllegalAction)
        assert "the hand is over, nobody acts any more" in str(err)
        assert "actor=" not in str(err)  # players are named p1, p2, ... as everywhere
    assert str(h.refuse(CheckCall(2), "hand_over", IllegalAction)).startswith("p3's CheckCall")


def test_deal_in_place_is_start_hand_on_a_fresh_state() -> None:
    from pokerroom.deck import shuffled_deck
    from pokerroom.hand.state import HandState

    config = HandConfig.build("NT", (100, 100, 100), 1, 2)
    deck = shuffled_deck(bytes(32))
    expected, expected_events = start_hand(config, deck)
    fresh = HandState(config, list(reversed(deck)))
    assert deal_in_place(fresh) == expected_events
    assert fresh == expected
    with pytest.raises(DealError, match="posted once"):
        deal_in_place(fresh)  # the blinds are in: a second deal is refused, nothing changes
    assert fresh == expected


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"starting_stacks": (100, 0, 100)}, "bad_stack"),
        ({"blinds": (0, -1, 2)}, "negative_amount"),
        ({"antes": (0, 0, -5)}, "negative_amount"),
        ({"blinds": (1, 2)}, "bad_length"),
        ({"dead_at_deal": (3,)}, "bad_position"),
        ({"dead_at_deal": (0, 1, 2)}, "no_live_hand"),
        ({"chip_unit": 0}, "bad_chip_unit"),
    ],
)
def test_a_bad_hand_config_says_what_is_wrong(changes: dict[str, object], code: str) -> None:
    from pokerroom.errors import ConfigError

    config = HandConfig.build("NT", (100, 100, 100), 1, 2)
    with pytest.raises(ConfigError) as info:
        dataclasses.replace(config, **changes)  # type: ignore[arg-type]
    assert info.value.code == code


def test_bld_01_flow_08_build_refuses_blinds_it_cannot_seat() -> None:
    # A small blind above the big blind used to be built as (2, 1, 0), so the action started
    # left of the "small" blind (FLOW-03); heads-up straddles used to be dropped silently.
    from pokerroom.errors import ConfigError

    with pytest.raises(ConfigError) as info:
        HandConfig.build("NT", (100, 100, 100), 2, 1)
    assert info.value.code == "bad_blinds"
    with pytest.raises(ConfigError) as info:
        HandConfig.build("NT", (100, 100), 1, 2, straddles=(4,))
    assert info.value.code == "too_many_straddles"
    assert HandConfig.build("NT", (100, 100, 100), 0, 2).blinds == (0, 2, 0)  # dead SB


def test_flow_08_first_card_to_small_blind_heads_up_deals_the_button_first() -> None:
    # FLOW-02/08: a house with first_card_to = small_blind deals heads-up from the small
    # blind, who is the button (position 1); the engine used to ignore the parameter.
    rules = derive(load_house("lpr", "cash"), first_card_to="small_blind")
    deck = parse_cards("AsKsQsJs") + parse_cards("2c3c4c5c6c7c8c9c")
    h = Hand("NT", (100, 100), 1, 2, deck=deck, rules=rules)
    assert h.state.hole_cards(1) == parse_cards("AsQs")  # the button: first and third card
    assert h.state.hole_cards(0) == parse_cards("KsJs")
    # Dealt by hand, the big blind may not be dealt ahead of the button.
    live = Hand("NT", (100, 100), 1, 2, rules=rules)
    live.refuse(DealHole(0, parse_cards("Ks")), "out_of_order", DealError)
    live.act(DealHole(1, parse_cards("As")), DealHole(0, parse_cards("Ks")))
    live.refuse(DealHole(0, parse_cards("Js")), "out_of_order", DealError)
    live.act(DealHole(1, parse_cards("Qs")), DealHole(0, parse_cards("Js")))
    assert live.state.phase_name == "bet" and live.legal.actor == 1
    # Three or more players: position 0 (the small blind) is first either way.
    three = Hand("NT", (100, 100, 100), 1, 2, deck=make_deck(("AsAd", "KsKd", "QsQd")),
                 rules=rules)
    assert three.state.hole_cards(0) == parse_cards("AsAd")
