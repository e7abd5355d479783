"""A table hand dealt from a physical deck, the floor acting on it, and chips read at the table."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokerroom.cards import parse_card, parse_cards
from pokerroom.errors import PokerroomError
from pokerroom.floor.chips import ChipPush
from pokerroom.floor.corrections import CorrectBurnError, TooManyFlopCards
from pokerroom.floor.dealing import BurnIrregularity, BurnTaken, EngineStep
from pokerroom.floor.dealing import FloorRuling as Ruling
from pokerroom.floor.irregularities import BoxedCard, DeclareMisdeal, ExposedCard
from pokerroom.hand.actions import RunItTwice
from pokerroom.hand.betting import legal_actions
from pokerroom.house import load_house
from pokerroom.table import (
    Act,
    AgreeRunTwice,
    ChipsRead,
    Command,
    FloorRuling,
    HandCalledOff,
    HandFinished,
    LiveStep,
    PlayerId,
    PushChips,
    ReportCard,
    RunOnce,
    SeatNo,
    SitDown,
    SitIn,
    SitOut,
    StartHand,
    TableConfig,
    TableState,
    apply,
    replay,
    run_out_pending,
)
from pokerroom.table.events import LogEvent

from .tablekit import SEED, Table, config

# Three-handed at seats 1, 3, 5 (players p1, p3, p5): the button is seat 1, so seat 3
# (position 0) is the small blind and gets the first card (FLOW-02); seat 1 acts first pre-flop.
HOLE = parse_cards("AsKsQdQc7h2d")


def live_table(house: str = "lpr", stacks: dict[int, int] | None = None) -> Table:
    cfg = config(house, seats=6, small_blind=1, big_blind=2)
    t = Table.seated(cfg, stacks or {1: 100, 3: 100, 5: 100}, button=1)
    t.deal(b"", live=True)
    return t


def report(t: Table, cards: str) -> None:
    for card in parse_cards(cards):
        t(ReportCard(card))


def refused(t: Table, command: Command, code: str) -> None:
    """The command raises a typed error with ``code`` and the table is left as it was."""
    before = t.state
    with pytest.raises(PokerroomError) as err:
        apply(before, command)
    assert err.value.code == code, str(err.value)
    assert t.state == before


def behind(t: Table, seat: int) -> int:
    """Chips behind of the player in ``seat`` in the hand in play."""
    hand = t.state.hand
    assert hand is not None
    return hand.stacks[t.state.positions.index(SeatNo(seat))]


def test_flow_02_05_live_hand_card_by_card_to_showdown_conserves_chips_and_replays() -> None:
    t = live_table()
    assert t.state.live is not None and t.state.to_act() is None  # waiting for the cards
    report(t, "AsKsQdQc7h2d")
    assert t.state.live is not None
    assert t.state.live.where(parse_card("Qc")) == "hole p1"  # position 0, seat 3
    assert t.state.to_act() == "p1"
    t.act(1, "call")
    t.act(3, "call")
    t.act(5, "check")
    report(t, "2c")  # the burn
    assert t.state.live.where(parse_card("2c")) == "burn"
    report(t, "Ah8d")  # two flop cards are held ...
    assert t.state.board_pending == parse_cards("Ah8d")
    assert t.state.to_act() is None and not t.state.live.engine.board
    report(t, "3s")  # ... until the third is turned
    assert t.state.board_pending == () and t.state.to_act() == "p3"
    for seat in (3, 5, 1):
        t.act(seat, "check")
    report(t, "4c9h")  # burn, turn
    for seat in (3, 5, 1):
        t.act(seat, "check")
    report(t, "5cJh")  # burn, river
    for seat in (3, 5, 1):
        t.act(seat, "check")
    finished = [e for e in t.log if isinstance(e, HandFinished)]
    assert len(finished) == 1 and not t.state.in_hand and t.state.live is None
    # As on the river: seat 3 (AsQc) has aces, the best hand; the pot of 6 is his.
    assert [t.stack(s) for s in (1, 3, 5)] == [98, 104, 98]
    assert t.state.ledger_balanced()
    assert replay(t.state.config, ()) == TableState.empty(t.state.config)
    assert t.replayed() == t.state


def test_flow_02_live_card_to_the_wrong_player_changes_nothing() -> None:
    t = live_table()
    t(ReportCard(HOLE[0]))
    refused(t, ReportCard(HOLE[1], player=PlayerId("p1")), "out_of_order")  # due: seat 5
    refused(t, ReportCard(HOLE[0]), "duplicate_card")
    refused(t, Act(PlayerId("p1"), "call"), "not_your_turn")  # the deal is not over


def test_irr_01_02_boxed_and_exposed_cards_through_the_table() -> None:
    t = live_table()
    t(ReportCard(HOLE[0]))
    t(FloorRuling(BoxedCard(parse_card("9c"))))  # IRR-02: found face up, out of play
    live = t.state.live
    assert live is not None and live.where(parse_card("9c")) != "stub"
    report(t, "KsQd")
    t(FloorRuling(ExposedCard(parse_card("Qd"))))  # IRR-01: exposed in the deal
    live = t.state.live
    assert live is not None and live.owed  # a replacement is owed, not yet the deal's end
    report(t, "Qc7h2d")
    report(t, "Th")  # the replacement
    live = t.state.live
    assert live is not None and live.deal_complete and t.state.to_act() == "p1"
    assert t.state.ledger_balanced()
    assert t.replayed() == t.state


def test_mis_02_misdeal_returns_the_chips_and_deals_again_with_the_same_button() -> None:
    t = live_table()
    before = {s: t.stack(s) for s in (1, 3, 5)}
    first = t.state
    report(t, "AsKs")
    events = t(FloorRuling(DeclareMisdeal("out_of_order")))
    called = [e for e in events if isinstance(e, HandCalledOff)]
    assert called and called[0].kind == "misdeal" and called[0].same_button
    assert not t.state.in_hand and t.state.live is None
    assert {s: t.stack(s) for s in (1, 3, 5)} == before  # blinds back
    assert t.state.button == first.before_deal.button  # type: ignore[union-attr]
    assert t.state.ledger_balanced()
    assert t.replayed() == t.state
    again = t.deal(b"", live=True)
    assert again.button == 1 and again.sb_seat == 3 and again.bb_seat == 5  # G10 / G27


def test_mis_02_a_first_hand_with_its_button_placed_is_dealt_again_with_it() -> None:
    # A fresh table (no button yet) deals its first hand live with the button put on seat 3
    # (StartHand.button); a misdeal gives the chips back and the redeal keeps that button.
    t = Table(TableState.empty(config("lpr", seats=6, small_blind=1, big_blind=2)))
    for s in (1, 3, 5):
        t(SitDown(PlayerId(f"p{s}"), SeatNo(s), 100))
    assert t.state.button is None
    first = t(StartHand(b"", live=True, button=SeatNo(3)))[0]
    report(t, "AsKs")
    t(FloorRuling(DeclareMisdeal("out_of_order")))
    again = t.deal(b"", live=True)
    assert (again.button, again.sb_seat, again.bb_seat) == (3, 5, 1) == (
        first.button, first.sb_seat, first.bb_seat  # type: ignore[attr-defined]
    )
    assert t.state.ledger_balanced() and t.replayed() == t.state


def test_live_table_refuses_dealer_commands_that_are_not_floor_rulings() -> None:
    t = live_table()
    refused(t, FloorRuling(ReportCard(HOLE[0])), "not_a_floor_command")
    seeded = Table.seated(config("lpr", seats=6), {1: 100, 3: 100}, button=1)
    seeded.deal(SEED)
    refused(seeded, ReportCard(HOLE[0]), "not_live")


# --------------------------------------------------------------------------------------------
# Chips: S11 (GROS 51%), S14 (LPR single oversized chip)
# --------------------------------------------------------------------------------------------


def s11_table(house: str = "grosvenor", live: bool = False) -> Table:
    """S11: NLHE 50/100 heads-up; B (button, seat 1) raises to 300, A calls; A bets 1,000."""
    cfg = config(house, seats=6, small_blind=50, big_blind=100)
    t = Table.seated(cfg, {1: 8300, 2: 10300}, button=1)
    if live:
        t.deal(b"", live=True)
        report(t, "AsKsQdQc")
    else:
        t.deal(SEED)
    t.act(1, "raise", 300)
    t.act(2, "call")
    if live:
        report(t, "2c7h8d9s")
    t.act(2, "bet", 1000)
    return t


def test_s11_chp_05_a_gros_silent_1600_is_a_minimum_raise_made_up_to_2000() -> None:
    for live in (False, True):
        t = s11_table(live=live)
        events = t(PushChips(PlayerId("p1"), ChipPush(chips=(1000, 500, 100))))
        read = next(e for e in events if isinstance(e, ChipsRead))
        assert (read.action, read.amount_to, read.chips_in, read.rule) == (
            "raise",
            2000,
            1600,
            "CHP-05",
        )
        assert behind(t, 1) == 6000  # B
        assert t.state.to_act() == "p2" and t.state.hand is not None
        legal = legal_actions(t.state.hand)
        assert legal.call_amount == 1000 and legal.min_raise_to == 3000
        assert t.replayed() == t.state


def test_s11_chp_05_b_gros_silent_1500_is_a_call_with_500_returned() -> None:
    t = s11_table()
    events = t(PushChips(PlayerId("p1"), ChipPush(chips=(1000, 500))))
    read = next(e for e in events if isinstance(e, ChipsRead))
    assert (read.action, read.amount_to, read.returned, read.rule) == ("call", 1000, 500, "CHP-05")
    assert behind(t, 1) == 7000


def test_s11_chp_02_d_gros_single_5000_chip_is_a_call_with_4000_change() -> None:
    t = s11_table()
    events = t(PushChips(PlayerId("p1"), ChipPush(chips=(5000,))))
    read = next(e for e in events if isinstance(e, ChipsRead))
    assert (read.action, read.returned) == ("call", 4000)


def test_push_larger_than_the_stack_changes_nothing() -> None:
    t = s11_table()
    refused(t, PushChips(PlayerId("p1"), ChipPush(chips=(5000, 5000))), "push_exceeds_stack")
    refused(t, PushChips(PlayerId("p2"), ChipPush(chips=(1000,))), "not_your_turn")


def s14_table() -> Table:
    """S14: LPR NLHE £1/£3 (the scenario's stakes: BLD-01's 2 x SB is lifted as in S14);
    seat 1 button, seat 2 SB, seat 3 BB, seat 4 UTG; 200 each."""
    rules = replace(load_house("lpr", "cash"), bb_must_equal_2x_sb=False)
    cfg = TableConfig(rules, seats=6, small_blind=1, big_blind=3)
    t = Table.seated(cfg, {1: 200, 2: 200, 3: 200, 4: 200}, button=1)
    t.deal(SEED)
    return t


def test_s14_chp_02_a_lpr_single_oversized_chip_from_the_small_blind_is_a_call() -> None:
    t = s14_table()
    t.act(4, "raise", 10)
    t.act(1, "fold")
    events = t(PushChips(PlayerId("p2"), ChipPush(chips=(25,))))
    read = next(e for e in events if isinstance(e, ChipsRead))
    assert (read.action, read.amount_to, read.chips_in, read.returned, read.rule) == (
        "call",
        10,
        9,
        16,
        "CHP-02",
    )
    assert behind(t, 2) == 190
    hand = t.state.hand
    assert hand is not None
    legal = legal_actions(hand)
    assert t.state.to_act() == "p3" and legal.call_amount == 7 and legal.min_raise_to == 17
    assert t.replayed() == t.state


def test_s14_chp_02_b_lpr_single_chip_from_the_big_blind_unraised_is_a_check() -> None:
    t = s14_table()
    t.act(4, "call")
    t.act(1, "fold")
    t.act(2, "call")
    events = t(PushChips(PlayerId("p3"), ChipPush(chips=(25,))))
    read = next(e for e in events if isinstance(e, ChipsRead))
    assert (read.action, read.returned, read.rule) == ("check", 25, "CHP-02")
    hand = t.state.hand
    assert hand is not None and hand.pot == 9 and hand.street == 1  # the flop is dealt
    assert [behind(t, s) for s in (1, 2, 3, 4)] == [200, 197, 197, 197]


def test_chp_06_oot_08_a_reading_with_options_waits_for_the_players_choice() -> None:
    # S17 GROS cash: C puts 100 in, unaware of a raise to 300: 100 < 51% of 300, so he may
    # fold and take it back, or add 200 (OOT-08 -> CHP-06).
    cfg = config("grosvenor", seats=6, small_blind=50, big_blind=100)
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 5000}, button=1)
    t.deal(SEED)
    t.act(1, "raise", 300)
    push = ChipPush(chips=(100,))
    refused(t, PushChips(PlayerId("p2"), push, aware_of_raise=False), "choice_required")
    events = t(PushChips(PlayerId("p2"), push, option="fold_take_back", aware_of_raise=False))
    read = next(e for e in events if isinstance(e, ChipsRead))
    assert read.action == "fold" and read.option == "fold_take_back" and read.forfeited == 0
    assert t.replayed() == t.state


def test_bld_07_no_deal_when_every_player_is_away() -> None:
    # Every hand would be dead (BLD-07) and none could win the pot: refused, nothing changes.
    cfg = config("lpr", "tournament", seats=6, small_blind=100, big_blind=200)
    t = Table.seated(cfg, {1: 5000, 2: 5000}, button=1)
    t(SitOut(PlayerId("p1")))
    t(SitOut(PlayerId("p2")))
    refused(t, StartHand(SEED), "everyone_absent")
    t(SitIn(PlayerId("p2")))
    t.deal()
    t.fold_out()
    assert t.state.ledger_balanced() and t.replayed() == t.state


# --------------------------------------------------------------------------------------------
# Dealing mistakes reported by the dealer (ReportCard ``to``): IRR-14 burn errors, IRR-13 a
# flop turned with too many cards. The rulings are the floor's (floor.corrections).
# --------------------------------------------------------------------------------------------

ALL_HOUSES = ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")


def limped(house: str) -> Table:
    """The live table, hole cards dealt, everyone in for 2 (pot 6): the flop burn is due."""
    t = live_table(house)
    report(t, "AsKsQdQc7h2d")
    t.act(1, "call")
    t.act(3, "call")
    t.act(5, "check")
    return t


def check_round(t: Table) -> None:
    for seat in (3, 5, 1):
        t.act(seat, "check")


def live_events(t: Table, kind: type) -> list[object]:
    """The live hand's events of this kind in the table's log."""
    return [e.event for e in t.log if isinstance(e, LiveStep) and isinstance(e.event, kind)]


def floor_ruling(events: tuple[object, ...]) -> Ruling:
    """The floor's ruling among a command's table events."""
    return next(e.event for e in events if isinstance(e, LiveStep) and isinstance(e.event, Ruling))


@pytest.mark.parametrize("house", ALL_HOUSES)
def test_irr_14_missed_flop_burn_reported_and_corrected_before_action(house: str) -> None:
    t = limped(house)
    t(ReportCard(parse_card("Ah"), to="board"))  # turned face up: the burn was due
    report(t, "8d3s")
    live = t.state.live
    assert live is not None and live.engine.board == parse_cards("Ah8d3s")
    assert [(e.street, e.kind) for e in live_events(t, BurnIrregularity)] == [(1, "no_burn")]
    events = t(FloorRuling(CorrectBurnError()))
    ruling = floor_ruling(events)
    assert ruling.outcome == "burn_corrected"
    # HIPP:L159 is Hippodrome's rule; the other houses are silent and take it as the default
    assert ruling.detail.endswith(
        "(HIPP:L159)" if house == "hippodrome" else "(HIPP:L159; house silent)"
    )
    live = t.state.live
    assert live is not None and live.engine.board == () and live.where(parse_card("Ah")) == "burn"
    assert t.state.to_act() is None  # the flop is dealt again
    refused(t, ReportCard(parse_card("2c")), "not_next_card")  # 8d and 3s come off first
    report(t, "8d3s2c")  # no second burn: Ah was it
    live = t.state.live
    assert live is not None and live.engine.board == parse_cards("8d3s2c")
    assert len(live_events(t, BurnIrregularity)) == 1
    assert t.state.to_act() == "p3" and live.engine.pot == 6
    assert t.replayed() == t.state


@pytest.mark.parametrize("house", ALL_HOUSES)
def test_irr_14_missed_turn_burn_after_action_stands_and_the_river_takes_two_burns(
    house: str,
) -> None:
    t = limped(house)
    report(t, "2c8d3s4h")  # burn, flop
    check_round(t)
    t(ReportCard(parse_card("9h"), to="board"))  # the turn without its burn
    t.act(3, "bet", 4)
    events = t(FloorRuling(CorrectBurnError()))
    ruling = floor_ruling(events)
    assert ruling.outcome == "stands"
    t.act(5, "fold")
    t.act(1, "call")
    report(t, "5c6c")  # two burns: the river is the card it would have been without the error
    assert len(live_events(t, BurnTaken)) == 3
    report(t, "Jh")
    live = t.state.live
    assert live is not None and live.engine.board == parse_cards("8d3s4h9hJh")
    assert [e.kind for e in live_events(t, BurnIrregularity)] == ["no_burn"]
    assert t.state.ledger_balanced() and t.replayed() == t.state


def test_irr_14_second_burn_reported_and_corrected_before_action() -> None:
    t = limped("hippodrome")
    report(t, "2c8d3s4h")
    check_round(t)
    report(t, "5c")  # the turn burn
    t(ReportCard(parse_card("9h"), to="burn"))  # burned again where the turn card was due
    assert [e.kind for e in live_events(t, BurnIrregularity)] == ["two_burns"]
    report(t, "Jh")
    t(FloorRuling(CorrectBurnError()))
    live = t.state.live
    assert live is not None and live.engine.board == parse_cards("8d3s4h9h")  # 9h is the turn
    assert live.stub_top == parse_cards("Jh")  # Jh goes back: the river burn
    check_round(t)
    report(t, "JhTd")  # Jh burned once: no second error logged
    live = t.state.live
    assert live is not None and live.engine.board == parse_cards("8d3s4h9hTd")
    assert [e.kind for e in live_events(t, BurnIrregularity)] == ["two_burns"]
    assert t.state.ledger_balanced() and t.replayed() == t.state


@pytest.mark.parametrize("house", ALL_HOUSES)
def test_irr_13_four_card_flop_waits_for_the_supervisors_pick(house: str) -> None:
    t = limped(house)
    report(t, "2c8d3s4h")  # burn, the flop's three ...
    assert t.state.to_act() == "p3"
    t(ReportCard(parse_card("Kh"), to="flop"))  # ... and a fourth card turned with them
    live = t.state.live
    assert live is not None and live.flop_turned == parse_cards("8d3s4hKh")
    assert live.engine.board == () and t.state.to_act() is None  # nobody acts on that flop
    refused(t, Act(PlayerId("p3"), "check"), "flop_pick_pending")  # the flop is not dealt yet
    refused(t, ReportCard(parse_card("9h")), "flop_pick_pending")
    refused(t, FloorRuling(CorrectBurnError()), "flop_pick_pending")
    refused(t, FloorRuling(TooManyFlopCards(parse_cards("8d3s4h9h"), flop=parse_cards("8d3s4h"))),
            "not_turned_cards")
    refused(t, FloorRuling(TooManyFlopCards(flop=parse_cards("8d3s9h"))), "bad_pick")
    events = t(FloorRuling(TooManyFlopCards(flop=parse_cards("8d4hKh"))))
    ruling = floor_ruling(events)
    assert ruling.outcome == "flop_chosen"
    assert ruling.detail.endswith("(LPR r57)" if house == "lpr" else "(LPR r57; house silent)")
    live = t.state.live
    assert live is not None and live.engine.board == parse_cards("8d4hKh")
    assert live.where(parse_card("3s")) == "burn" and not live.flop_turned
    assert t.state.to_act() == "p3" and live.engine.pot == 6
    check_round(t)
    report(t, "9h")  # 3s was the turn burn: this card is the turn
    check_round(t)
    report(t, "5cJh")  # burn, river
    live = t.state.live
    assert live is not None and live.engine.board == parse_cards("8d4hKh9hJh")
    assert not live_events(t, BurnIrregularity)
    assert t.state.ledger_balanced() and t.replayed() == t.state


def test_irr_13_five_card_flop_the_surplus_are_the_turn_and_river_burns() -> None:
    t = limped("lpr")
    report(t, "2c8d3s4h")
    t(ReportCard(parse_card("Kh"), to="flop"))
    t(ReportCard(parse_card("Kd"), to="flop"))
    refused(t, ReportCard(parse_card("Tc"), to="flop"), "wrong_card_count")
    t(FloorRuling(TooManyFlopCards(seed=3)))
    live = t.state.live
    assert live is not None and len(live.engine.board) == 3
    assert set(live.engine.board) < set(parse_cards("8d3s4hKhKd"))
    assert live.burned == frozenset({1, 2, 3})
    check_round(t)
    report(t, "9h")  # the turn, no burn
    check_round(t)
    report(t, "Jh")  # the river, no burn
    live = t.state.live
    assert live is not None and live.engine.board[3:] == parse_cards("9hJh")
    check_round(t)
    assert t.state.live is None and not t.state.in_hand  # checked down: the hand is over
    assert not live_events(t, BurnIrregularity)
    assert t.state.ledger_balanced() and t.replayed() == t.state


def test_irr_13_a_card_with_the_flop_only_before_anyone_acts_on_it() -> None:
    t = limped("lpr")
    t(ReportCard(parse_card("Kh"), to="flop"))  # before the flop: a flop card, burn missed
    assert t.state.board_pending == parse_cards("Kh")
    t = limped("lpr")
    report(t, "2c8d3s4h")
    t.act(3, "check")
    refused(t, ReportCard(parse_card("Kh"), to="flop"), "no_flop_turned")  # acted on: it stands


def test_report_card_to_bad_input_changes_nothing() -> None:
    t = live_table()
    refused(t, ReportCard(HOLE[0], to="river"), "bad_target")  # type: ignore[arg-type]
    refused(t, ReportCard(HOLE[0], to="board"), "hole_card_due")
    t = limped("lpr")
    report(t, "2c8d")  # the burn and a flop card
    refused(t, ReportCard(parse_card("3s"), to="burn"), "flop_in_progress")
    refused(t, ReportCard(None, to="board"), "board_card_unseen")


@pytest.mark.parametrize(
    ("house", "mode", "overrides", "undercall", "unaware"),
    [
        # LPR is silent on a low call; its base is Robert's Rules (LPR:L43): brought up (RRP:L67).
        ("lpr", "cash", None, "bring_up", "call_or_fold_forfeit"),
        ("grosvenor", "cash", None, "gros_cash_51pct", "51pct_rule"),
        ("grosvenor", "tournament", None, "committed", "committed"),
        ("lpr", "cash", {"undercall_rule": "committed"}, "committed", "call_or_fold_forfeit"),
    ],
)
def test_chp_06_oot_08_chip_reading_follows_the_house_profile(
    house: str, mode: str, overrides: dict[str, object] | None, undercall: str, unaware: str
) -> None:
    from pokerroom.table.live import chip_rules

    rules = chip_rules(load_house(house, mode, overrides))  # type: ignore[arg-type]
    assert (rules.undercall_rule, rules.unaware_of_raise) == (undercall, unaware)


def test_irr_05_roberts_freerollers_chips_stay_in_the_pot_for_the_next_deal() -> None:
    """RRP:L39-40: a duplicate card voids the hand; the player who knew of the defective deck
    and bet loses his refund, and his chips stay in the pot for the next deal."""
    from pokerroom.floor.irregularities import DuplicateCardFound

    t = live_table("roberts")
    report(t, "AsKsQdQc7h2d")
    t(Act(PlayerId("p1"), "raise", 6))  # the button (position 2) raises knowing the deck
    events = t(FloorRuling(DuplicateCardFound(parse_card("As"), knowing_player=2)))
    called = [e for e in events if isinstance(e, HandCalledOff)]
    assert called and called[0].carried == 6 and called[0].same_button
    assert (t.stack(1), t.stack(3), t.stack(5)) == (94, 100, 100)  # blinds back, not the raise
    assert t.state.dead_money == 6 and t.state.ledger_balanced()
    assert t.replayed() == t.state
    started = t.deal(SEED)
    assert started.config.dead_money == 6 and started.button == 1  # same button (G27)
    hand = t.state.hand
    assert hand is not None and hand.pot == 6 + 1 + 2 and t.state.dead_money == 0
    pots = hand.pots()  # the dead money is contested by every live hand (main pot)
    assert pots[0].amount == 6 and pots[0].eligible == (0, 1, 2)
    assert sum(p.amount for p in pots) == 9 and t.state.ledger_balanced()
    t(Act(PlayerId("p1"), "fold"))
    t(Act(PlayerId("p3"), "fold"))  # the big blind takes the dead money with the blinds
    assert not t.state.in_hand and t.stack(5) == 100 + 1 + 6 and t.state.ledger_balanced()


# ---- TRN-02 / BLD-07: absent players in a hand dealt live ----------------------------------


def live_heads_up_away(house: str, away: int) -> Table:
    """Tournament heads-up dealt live; button (small blind) seat 1; ``away`` is not seated in."""
    cfg = config(house, "tournament", seats=6, small_blind=100, big_blind=200)
    t = Table.seated(cfg, {1: 5000, 2: 5000}, button=1)
    t(SitOut(PlayerId(f"p{away}")))
    t.deal(b"", live=True)
    return t


def test_trn_02_live_heads_up_back_before_the_last_card_plays_his_hand() -> None:
    # GROS:L127: at his seat by the time the last card is dealt, his hand is live. The deal
    # is reported card by card, so the ruling comes while the hand is still being dealt.
    from pokerroom.table import ReturnToSeat

    t = live_heads_up_away("grosvenor", 2)
    away = t.state.positions.index(SeatNo(2))
    assert t.state.killed == frozenset({away})  # the absent big blind's hand is dead for now
    report(t, "AsKs")  # the big blind's first card, then the button's (FLOW-08)
    t(ReturnToSeat(PlayerId("p2"), hand_live=True))
    report(t, "QdQc")
    assert not t.state.killed and t.state.to_act() == "p1"
    t.act(1, "raise", 600)
    t.act(2, "fold")
    assert (t.stack(1), t.stack(2)) == (5200, 4800) and t.replayed() == t.state


def test_bld_07_live_heads_up_absent_all_deal_the_other_hand_wins_as_the_deal_ends() -> None:
    for away, stacks in ((1, (4900, 5100)), (2, (5200, 4800))):
        t = live_heads_up_away("grosvenor", away)
        report(t, "AsKsQd")
        assert t.state.hand is not None and t.state.to_act() is None  # still dealing
        report(t, "Qc")
        # One live hand against a dead one: the hand is over, the blinds go to the live hand.
        assert t.state.hand is None and (t.stack(1), t.stack(2)) == stacks
        assert t.state.ledger_balanced() and t.replayed() == t.state


def test_trn_02_live_back_too_late_stays_dead_and_never_wins() -> None:
    from pokerroom.table import ReturnToSeat

    cfg = config("cambridge", "tournament", seats=6, small_blind=100, big_blind=200)
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 5000}, button=1)
    t(SitOut(PlayerId("p3")))
    t.deal(b"", live=True)
    report(t, "AsKs")  # p3 (big blind, position 1) has his first card: CAMB:L48 too late
    t(ReturnToSeat(PlayerId("p3"), hand_live=False))
    assert not t.state.seats[2].sitting_out and t.state.killed  # type: ignore[union-attr]
    report(t, "QdQc7h2d")
    t.act(1, "fold")  # the first voluntary action: the dead hand is folded now
    hand = t.state.hand
    assert hand is None  # the small blind was the only live hand left: he wins
    assert (t.stack(1), t.stack(2), t.stack(3)) == (5000, 5200, 4800)
    assert t.state.ledger_balanced() and t.replayed() == t.state


def test_trn_02_live_absent_first_actor_is_killed_as_the_deal_ends() -> None:
    cfg = config("grosvenor", "tournament", seats=6, small_blind=100, big_blind=200)
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 5000}, button=1)
    t(SitOut(PlayerId("p1")))  # the button acts first three-handed
    t.deal(b"", live=True)
    report(t, "AsKsQdQc7h2d")
    hand = t.state.hand
    assert hand is not None and hand.folded[t.state.positions.index(SeatNo(1))]
    assert t.state.to_act() == "p2"
    t.act(2, "call")
    t.act(3, "check")
    assert t.replayed() == t.state


def test_flow_09_live_run_out_each_street_after_its_burn() -> None:
    # An all-in called on the flop closes the betting; the dealer runs the turn and the river
    # out, each after its burn (LPR:L15-17, FLOW-05/09). Reported bug (probe E15): the live
    # hand took the river's burn card as the river, the engine's street not moving in a run-out.
    t = live_table(stacks={1: 200, 3: 200, 5: 20})
    report(t, "Kc7cAsKd2dAh")  # seat 3 (small blind) first: p3 KcKd, p5 7c2d, p1 AsAh
    t.act(1, "call")
    t.act(3, "call")
    t.act(5, "check")
    report(t, "3dKhQs9h")  # burn, flop
    t.act(3, "check")
    t.act(5, "raise", 18)  # all in
    t.act(1, "call")
    t.act(3, "fold")
    report(t, "8c4c8d")  # burn, turn, burn
    live = t.state.live
    assert live is not None and live.where(parse_card("8d")) == "burn"
    assert live.engine.board == tuple(parse_cards("KhQs9h4c"))
    report(t, "5s")  # the river
    assert t.state.hand is None
    assert (t.stack(1), t.stack(3), t.stack(5)) == (222, 198, 0)
    assert t.state.ledger_balanced() and t.replayed() == t.state


def test_irr_14_live_run_out_over_a_missed_burn_keeps_the_river() -> None:
    # HIPP:L159: whatever happens to a burn error, later cards are those that would have come.
    # The flop is all in; the dealer turns the turn without its burn and nobody rules on it:
    # dealing the river makes it stand, and the river takes two burns (probe G07).
    t = live_table("hippodrome", stacks={1: 200, 3: 200, 5: 20})
    report(t, "Kc7cAsKd2dAh")
    for seat, kind in ((1, "call"), (3, "call"), (5, "check")):
        t.act(seat, kind)
    report(t, "3dKhQs9h")
    t.act(3, "check")
    t.act(5, "raise", 18)
    t.act(1, "call")
    t.act(3, "fold")
    t(ReportCard(parse_card("8c"), to="board"))  # the turn's burn card, turned as the turn
    report(t, "4c8d")  # the river's two burns: the turn's own card, then the river's burn
    live = t.state.live
    assert live is not None and live.where(parse_card("4c")) == "burn"
    assert live.where(parse_card("8d")) == "burn"
    report(t, "5s")  # the river that would have come
    assert t.state.hand is None and t.state.ledger_balanced() and t.replayed() == t.state


# -- RIT-01/02: running it twice in a hand dealt live -----------------------------------------


def all_in_live(house: str = "hippodrome", blinds: tuple[int, int] = (2, 5)) -> Table:
    """Three players of 100 (at 2/5 by default), dealt live and all in before the flop: seat 3
    holds As Qc, seat 5 Ks 7h, seat 1 Qd 2d; the pot of 300 waits for the board."""
    cfg = config(house, seats=6, small_blind=blinds[0], big_blind=blinds[1])
    t = Table.seated(cfg, {1: 100, 3: 100, 5: 100}, button=1)
    t.deal(b"", live=True)
    report(t, "AsKsQdQc7h2d")
    t.act(1, "raise", 100)
    t.act(3, "call")
    t.act(5, "call")
    return t


def agreement() -> AgreeRunTwice:
    return AgreeRunTwice((PlayerId("p1"), PlayerId("p3"), PlayerId("p5")))


def agree(t: Table) -> tuple[LogEvent, ...]:
    return t(agreement())


def test_rit_01_02_live_hand_runs_both_boards_from_the_reported_cards() -> None:
    t = all_in_live()
    assert run_out_pending(t.state)  # RIT-01: the dealer waits for the players' answer
    events = agree(t)
    agreed = [e.event for e in events if isinstance(e, LiveStep)]
    assert not run_out_pending(t.state) and t.state.in_hand
    assert any(isinstance(e, EngineStep) and isinstance(e.input, RunItTwice) for e in agreed)
    # RIT-02: run 1 in full (burn, flop, burn, turn, burn, river), then run 2 from the same
    # stub with its own burns: every card reported in dealing order.
    report(t, "2cAh8d3s4c9h5cJh")
    live = t.state.live
    assert live is not None and live.engine.boards[0] == list(parse_cards("Ah8d3s9hJh"))
    report(t, "6cKhKd6s3c4d7c8h")
    assert not t.state.in_hand
    # Run 1 (Ah 8d 3s 9h Jh): seat 3's aces; run 2 (Kh Kd 6s 4d 8h): seat 5's three kings.
    assert [t.stack(s) for s in (1, 3, 5)] == [0, 150, 150]
    assert t.state.ledger_balanced() and t.replayed() == t.state


def test_rit_02_live_all_in_on_the_flop_second_run_shares_the_flop() -> None:
    cfg = config("hippodrome", seats=6, small_blind=2, big_blind=5)
    t = Table.seated(cfg, {1: 100, 3: 100, 5: 100}, button=1)
    t.deal(b"", live=True)
    report(t, "AsKsQdQc7h2d")
    t.act(1, "call")
    t.act(3, "call")
    t.act(5, "check")
    report(t, "2cAh8d3s")
    t.act(3, "bet", 95)
    t.act(5, "call")
    t.act(1, "call")
    assert run_out_pending(t.state)
    agree(t)
    report(t, "4c9h5cJh")  # run 1: burn, turn, burn, river
    live = t.state.live
    assert live is not None and live.engine.boards[1] == list(parse_cards("Ah8d3s"))
    report(t, "6cKh7cKd")  # run 2 burns only before its turn and river
    # Run 1 (Ah 8d 3s 9h Jh): seat 3's aces; run 2 (Ah 8d 3s Kh Kd): seat 5's three kings
    # beat seat 3's aces and kings.
    assert [t.stack(s) for s in (1, 3, 5)] == [0, 150, 150]
    assert t.state.ledger_balanced() and t.replayed() == t.state


def test_rit_01_live_answer_after_the_run_out_began_is_refused() -> None:
    t = all_in_live()
    report(t, "2c")  # the flop's burn is not a board card: the answer may still come
    assert run_out_pending(t.state)
    report(t, "Ah8d3s")  # the flop turned without an answer: the board is run once
    assert not run_out_pending(t.state)
    refused(t, agreement(), "run_out_started")
    refused(t, RunOnce(), "run_out_started")
    report(t, "4c9h5cJh")
    assert [t.stack(s) for s in (1, 3, 5)] == [0, 300, 0]
    assert t.replayed() == t.state


def test_rit_01_live_house_that_never_runs_twice_or_a_pot_below_the_minimum() -> None:
    t = all_in_live("lpr")
    assert not run_out_pending(t.state)
    refused(t, agreement(), "run_twice_not_offered")
    # HIPP L199-204 at 1/2: the minimum pot (500) is not reached by 300.
    t = all_in_live("hippodrome", (1, 2))
    assert not run_out_pending(t.state)
    refused(t, agreement(), "run_twice_not_eligible")
