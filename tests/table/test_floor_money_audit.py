"""Acceptance audit of money at a cash table: buy-ins (STK-02/03/04/05), transfers and
broken games (STK-06), what may play (STK-07), rake (FEE-01, POT-07), impounding (POT-08),
chops (POT-09) and the dispute window (GOV-01/02). Numbers worked out by hand from RULES.md
and the rulebook lines cited."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.hand.actions import BetRaise, CheckCall, DealBoard, DealHole, Show
from pokerroom.hand.config import HandConfig
from pokerroom.hand.engine import apply as hand_apply
from pokerroom.hand.engine import start_hand
from pokerroom.hand.events import PotAwarded, RakeTaken
from pokerroom.hand.state import HandState
from pokerroom.house import derive, load_house
from pokerroom.house.rules import HouseRules
from pokerroom.table import (
    AddChips,
    CashOnTable,
    Dispute,
    ImpoundPot,
    Leave,
    Override,
    PlayerId,
    Rebuy,
    ReleasePot,
    SeatNo,
    SitDown,
    TableConfig,
    TableError,
    TableState,
    TransferIn,
    TransferOut,
    apply,
)

from .tablekit import Table, config

ANN, BOB = PlayerId("ann"), PlayerId("bob")
HOUR = 3600.0


def _unchanged(state: TableState, command: object, code: str) -> TableError:
    with pytest.raises(TableError) as err:
        apply(state, command)  # type: ignore[arg-type]
    assert err.value.code == code, err.value
    assert str(err.value)
    return err.value


# ------------------------------------------------------------------ STK-02 / STK-03


@pytest.mark.parametrize("house", ["grosvenor", "hippodrome", "lpr"])
def test_stk_02_minimum_and_maximum_are_inclusive(house: str) -> None:
    # GROS:L107 table minimum and maximum; HIPP:L113 at least the table minimum.
    empty = TableState.empty(config(house, buyin_min=100, buyin_max=500))
    for amount in (100, 500):
        state, _ = apply(empty, SitDown(ANN, SeatNo(1), amount))
        assert state.chips_in == amount and state.ledger_balanced()
    _unchanged(empty, SitDown(ANN, SeatNo(1), 99), "below_minimum")
    err = _unchanged(empty, SitDown(ANN, SeatNo(1), 501), "above_maximum")
    assert "100..500" in err.message


def test_stk_02_rrp_limit_default_is_ten_big_bets_and_a_house_minimum_wins() -> None:
    # RRP:L3: limit 10 x the maximum bet (FL 2/4: big bet 4 -> 40); "unless designated".
    assert config("roberts", variant="FT", small_blind=2, big_blind=2).buyin_limits == (40, None)
    assert config("roberts", small_blind=2, big_blind=5).buyin_limits == (200, None)
    assert config("roberts", small_blind=1, big_blind=2, buyin_min=50).buyin_limits[0] == 50


def test_stk_03_rrp_short_buy_in_counts_per_session_at_the_table() -> None:
    # RRP:L4 one short buy-in per session (CONFLICTS R-8: session = continuous seating).
    t = Table(TableState.empty(config("roberts", seats=6, small_blind=1, big_blind=2)))
    t(SitDown(ANN, SeatNo(1), 79))  # $1 short of 80: the one short buy-in
    t(SitDown(BOB, SeatNo(2), 80))
    seat = t.state.seat(SeatNo(1))
    assert seat is not None and seat.short_buyins == 1
    t(Leave(ANN, at=0.0))
    # A new session: after the two hours (no return rule in play) a short buy-in is his again.
    t(SitDown(ANN, SeatNo(3), 60, at=2 * HOUR))
    seat = t.state.seat(SeatNo(3))
    assert seat is not None and seat.short_buyins == 1 and t.state.ledger_balanced()


def test_stk_03_rebuy_after_a_full_buy_in_may_be_the_one_short_buy_in() -> None:
    t = Table.seated(config("roberts", seats=6), {1: 0, 2: 200})
    t(Rebuy(PlayerId("p1"), 50))  # first short buy-in of the session
    assert t.stack(1) == 50
    assert t.state.ledger_balanced()


# ------------------------------------------------------------------ STK-04


def test_stk_04_hippodrome_stack_already_above_the_maximum_may_not_add() -> None:
    # HIPP:L114 resulting stack <= max (CONFLICTS H-17): a stack of 250 (won) may add nothing.
    t = Table.seated(config("hippodrome", buyin_min=40, buyin_max=200), {1: 250, 2: 100})
    err = _unchanged(t.state, AddChips(PlayerId("p1"), 1), "above_maximum")
    assert "add at most 0" in err.message
    t(AddChips(PlayerId("p2"), 100))  # 100 + 100 = 200: exactly the maximum
    assert t.stack(2) == 200
    # RRP:L5: any quantity between hands.
    r = Table.seated(config("roberts", buyin_min=40, buyin_max=200), {1: 250, 2: 100})
    r(AddChips(PlayerId("p1"), 1000))
    assert r.stack(1) == 1250 and r.state.ledger_balanced()


# ------------------------------------------------------------------ STK-05


def test_stk_05_hippodrome_return_just_inside_and_outside_two_hours() -> None:
    # HIPP:L69: back within two hours, buy in for the amount removed (350, above the 200 max).
    cfg = config("hippodrome", buyin_min=40, buyin_max=200)
    t = Table.seated(cfg, {1: 350, 2: 100})
    t(Leave(PlayerId("p1"), at=10 * HOUR))
    out = t.state
    _unchanged(out, SitDown(PlayerId("p1"), SeatNo(4), 349, at=12 * HOUR - 1), "rathole")
    _unchanged(out, SitDown(PlayerId("p1"), SeatNo(4), 351, at=12 * HOUR - 1), "above_maximum")
    state, _ = apply(out, SitDown(PlayerId("p1"), SeatNo(4), 350, at=12 * HOUR - 1))
    assert state.ledger_balanced()
    # At exactly two hours the window is over: the table limits apply again.
    state, _ = apply(out, SitDown(PlayerId("p1"), SeatNo(4), 40, at=12 * HOUR))
    _unchanged(out, SitDown(PlayerId("p1"), SeatNo(4), 350, at=12 * HOUR), "above_maximum")


def test_stk_05_only_the_player_who_left_is_bound() -> None:
    cfg = config("lpr", buyin_min=40, buyin_max=200)
    t = Table.seated(cfg, {1: 300, 2: 100})
    t(Leave(PlayerId("p1"), at=0.0))
    state, _ = apply(t.state, SitDown(ANN, SeatNo(1), 40, at=60.0))
    assert state.seat(SeatNo(1)) is not None


# ------------------------------------------------------------------ STK-06


def _cash(house: str, players: dict[int, int] | None = None, **rules: object) -> Table:
    hr = derive(load_house(house, "cash"), **rules) if rules else load_house(house, "cash")
    cfg = TableConfig(hr, seats=6, small_blind=1, big_blind=2, buyin_min=40, buyin_max=200)
    return Table.seated(cfg, players or {1: 100, 2: 100}, button=1, sb=1, bb=2, hand_no=1)


def test_stk_06_the_stack_that_moves_is_the_whole_stack_and_chips_are_conserved() -> None:
    # GROS:L111: the same chips play at the new table.
    a = _cash("grosvenor")
    a(AddChips(PlayerId("p1"), 100))  # 200
    b = _cash("grosvenor", {3: 100, 4: 100})
    before = a.state.chips_on_table() + b.state.chips_on_table()
    (out,) = a(TransferOut(PlayerId("p1")))
    assert out.chips == 200  # type: ignore[attr-defined]
    b(TransferIn(PlayerId("p1"), SeatNo(5), 200, staff="floor"))
    assert a.state.chips_on_table() + b.state.chips_on_table() == before
    assert b.stack(5) == 200 and a.state.seat(SeatNo(1)) is None
    assert a.state.ledger_balanced() and b.state.ledger_balanced()
    # Same stakes above the maximum (won chips): 350 still moves whole.
    c = _cash("hippodrome")
    c(TransferIn(PlayerId("z"), SeatNo(3), 350, staff="floor"))
    assert c.stack(3) == 350 and c.state.ledger_balanced()


def test_stk_06_grosvenor_voluntary_transfer_below_the_minimum_keeps_the_chips() -> None:
    b = _cash("grosvenor")
    events = b(TransferIn(PlayerId("z"), SeatNo(3), 25, staff="floor"))
    assert events[0].below_min  # type: ignore[attr-defined]
    assert b.stack(3) == 25


def test_stk_06_lpr_moving_down_exactly_to_the_maximum_is_allowed() -> None:
    # LPR r87: moving down (1/3 -> 1/2) is allowed if the stack does not exceed the maximum.
    lpr = _cash("lpr")
    lpr(TransferIn(PlayerId("z"), SeatNo(3), 200, staff="floor", from_big_blind=3))
    _unchanged(
        lpr.state,
        TransferIn(PlayerId("y"), SeatNo(4), 201, staff="floor", from_big_blind=3),
        "above_maximum",
    )


# ------------------------------------------------------------------ STK-07


def test_stk_07_a_busted_players_cash_is_a_buy_in_and_needs_the_minimum() -> None:
    # GROS:L108 cash plays if announced, but a player with no chips is buying in again
    # (STK-02, GROS:L107 table minimum; NEW-06 a rebuy): 10 in cash cannot restart him.
    t = Table.seated(config("grosvenor", buyin_min=100, buyin_max=500), {1: 0, 2: 300})
    err = _unchanged(t.state, CashOnTable(PlayerId("p1"), 10), "busted")
    assert "Rebuy" in err.message
    t(Rebuy(PlayerId("p1"), 100))
    t(CashOnTable(PlayerId("p1"), 10))
    assert t.stack(1) == 110 and t.state.ledger_balanced()


def test_stk_07_cash_on_the_table_respects_the_table_maximum() -> None:
    t = Table.seated(config("hippodrome", buyin_min=40, buyin_max=200), {1: 150, 2: 100})
    _unchanged(t.state, CashOnTable(PlayerId("p1"), 60, authorised_by="sup"), "above_maximum")
    t(CashOnTable(PlayerId("p1"), 50, authorised_by="sup"))
    assert t.stack(1) == 200


# ------------------------------------------------------------------ FEE-01 / POT-07 rake


def _hand(rules: HouseRules, stacks: tuple[int, ...], holes: tuple[str, ...]) -> HandState:
    cfg = HandConfig.build("NT", stacks, 1, 2, rules=rules)
    state, _ = start_hand(cfg)
    for p, cards in enumerate(holes):
        state, _ = hand_apply(state, DealHole(p, parse_cards(cards)))
    return state


def _play(state: HandState, *actions: object) -> tuple[HandState, list[object]]:
    events: list[object] = []
    for a in actions:
        state, ev = hand_apply(state, a)  # type: ignore[arg-type]
        events += ev
    return state, events


def _show_all(state: HandState) -> tuple[HandState, list[object]]:
    events: list[object] = []
    for p in list(state.show_order):
        if not state.is_over and state.shown[p] is None and not state.mucked[p]:
            state, ev = hand_apply(state, Show(p))
            events += ev
    assert state.is_over
    return state, events


def test_fee_01_pot_07_cap_reached_in_the_main_pot_leaves_the_side_pot_unraked() -> None:
    # 5% capped at 4. SB all in for 50, BB and button 200 each: main 150, side 300.
    # Main: 5% of 150 = 7.5 -> 7, capped to 4; side: nothing left under the cap.
    rules = derive(load_house("lpr", "cash"), rake_percent=5, rake_cap=4)
    s = _hand(rules, (50, 200, 200), ("AsAh", "KsKh", "QsQh"))
    s, ev = _play(s, BetRaise(2, 200), CheckCall(0), CheckCall(1))
    s, ev2 = _play(s, DealBoard(parse_cards("2c3d7h")), DealBoard(parse_cards("9s")),
                   DealBoard(parse_cards("Jd")))
    s, ev3 = _show_all(s)
    events = ev + ev2 + ev3
    assert [e for e in events if isinstance(e, RakeTaken)] == [RakeTaken(0, 4)]
    awards = [(e.pot, e.shares) for e in events if isinstance(e, PotAwarded)]
    assert awards == [(1, ((1, 300),)), (0, ((0, 146),))]
    assert s.stacks == (146, 300, 0) and s.rake == 4


def test_fee_01_pot_05_split_pot_is_raked_before_it_is_split() -> None:
    # 10% capped at 5 on a pot of 2 x 75 = 150: rake 5, 145 split, odd chip to the first
    # winner left of the button (position 0, the small blind) (POT-05, HIPP:L210, RRP:L82).
    rules = derive(load_house("lpr", "cash"), rake_percent=10, rake_cap=5)
    s = _hand(rules, (75, 75), ("AsKd", "AhKc"))  # heads-up: position 1 = button + SB
    s, _ = _play(s, BetRaise(1, 75), CheckCall(0))
    s, ev = _play(s, DealBoard(parse_cards("2c3d7h")), DealBoard(parse_cards("9s")),
                  DealBoard(parse_cards("Jd")))
    s, ev2 = _show_all(s)
    events = ev + ev2
    assert [e for e in events if isinstance(e, RakeTaken)] == [RakeTaken(0, 5)]
    assert s.rake == 5 and sum(s.stacks) == 145
    assert sorted(s.stacks) == [72, 73]


def test_fee_01_split_main_pot_and_a_side_pot_under_one_cap() -> None:
    # 10% capped at 12: A all in for 60 (ties B for the main pot), B and C 160 each.
    # Main 180 -> 18 capped to 12; side 200 -> 0. Main 168 split 84/84; side to the winner.
    rules = derive(load_house("lpr", "cash"), rake_percent=10, rake_cap=12)
    s = _hand(rules, (60, 160, 160), ("AsKd", "AhKc", "QsQh"))
    s, _ = _play(s, BetRaise(2, 160), CheckCall(0), CheckCall(1))
    s, ev = _play(s, DealBoard(parse_cards("Ac2d7h")), DealBoard(parse_cards("9s")),
                  DealBoard(parse_cards("Kh")))
    s, ev2 = _show_all(s)
    events = ev + ev2
    assert [e for e in events if isinstance(e, RakeTaken)] == [RakeTaken(0, 12)]
    assert s.stacks == (84, 84 + 200, 0)
    assert sum(s.stacks) + s.rake == 380


def test_fee_01_no_flop_no_drop_at_the_table_and_a_flop_is_raked() -> None:
    rules = derive(load_house("lpr", "cash"), rake_percent=10, rake_cap=3)
    cfg = TableConfig(rules, seats=6, small_blind=1, big_blind=2)
    t = Table.seated(cfg, {1: 100, 2: 100, 3: 100}, button=1, sb=2, bb=3, hand_no=1)
    # Hand 2: button 2, SB 3, BB 1. Button raises to 10, both fold: no flop, no drop.
    t.deal()
    t.act(2, "raise", 10)
    t.act(3, "fold")
    t.act(1, "fold")
    assert t.state.rake == 0 and t.stack(2) == 103
    # Hand 3: button 3, SB 1, BB 2. All call 10: pot 30, flop seen; a bet, both fold.
    t.deal()
    t.act(3, "raise", 10)
    t.act(1, "call")
    t.act(2, "call")
    t.act(1, "bet", 20)
    t.act(2, "fold")
    t.act(3, "fold")
    # 10% of 30 = 3 (the uncalled 20 went back first, POT-04): cap 3. Seat 1 had 98 after
    # hand 2 (his big blind of 2 lost): 98 - 10 + 27 = 115.
    assert t.state.rake == 3 and t.stack(1) == 115
    assert t.state.ledger_balanced()


# ------------------------------------------------------------------ POT-08 / POT-09 / GOV


def _three(house: str = "lpr") -> Table:
    return Table.seated(
        config(house, "cash", seats=6), {1: 100, 2: 100, 3: 100}, button=1, sb=2, bb=3, hand_no=1
    )


def _bb_wins_raise(t: Table) -> None:
    """Hand 2 (button 2, SB 3, BB 1): button raises to 20, SB folds, BB calls; flop: BB bets
    30, button folds. BB (seat 1) collects 1 + 20 + 20 = 41."""
    t.deal()
    t.act(2, "raise", 20)
    t.act(3, "fold")
    t.act(1, "call")
    t.act(1, "bet", 30)
    t.act(2, "fold")
    assert t.state.last_won == ((PlayerId("p1"), 41),)


def test_pot_08_two_impounds_cannot_hold_more_than_was_won() -> None:
    # HIPP:L56 "a pot or portion of it may be impounded": all of it at most, over every hold.
    t = _three("hippodrome")
    _bb_wins_raise(t)
    t(ImpoundPot("A", 2, ((PlayerId("p1"), 30),)))
    err = _unchanged(t.state, ImpoundPot("B", 2, ((PlayerId("p1"), 12),)), "bad_amount")
    assert "1..11" in err.message
    t(ImpoundPot("B", 2, ((PlayerId("p1"), 11),)))
    assert t.state.held() == 41 and t.state.ledger_balanced()
    t(ReleasePot("A", ((PlayerId("p2"), 30),), "camera: the button's hand was live"))
    t(ReleasePot("B", ((PlayerId("p1"), 11),), "camera"))
    assert t.state.held() == 0 and sum(t.stack(s) for s in (1, 2, 3)) == 300
    assert t.replayed() == t.state


def test_pot_08_released_chips_go_only_to_players_at_the_table() -> None:
    t = _three("hippodrome")
    _bb_wins_raise(t)
    t(ImpoundPot("A", 2, ((PlayerId("p1"), 41),)))
    _unchanged(t.state, ReleasePot("A", ((ANN, 41),), "camera"), "not_seated")
    _unchanged(
        t.state, ReleasePot("A", ((PlayerId("p2"), 41), (PlayerId("p2"), 0)), "c"), "bad_amount"
    )


def test_gov_02_dispute_on_the_current_hand_then_locked_by_the_next() -> None:
    t = _three("grosvenor")
    _bb_wins_raise(t)
    t(Dispute(PlayerId("p2"), 2, "my raise was 25"))
    t.deal()  # GROS:L9 the next hand started: hand 2 is final
    _unchanged(t.state, Dispute(PlayerId("p2"), 2, "again"), "result_locked")
    _unchanged(t.state, Dispute(PlayerId("p2"), 2, "again", Override("", "why")),
               "override_needs_reason")
    _unchanged(t.state, Dispute(PlayerId("p2"), 0, "?"), "no_such_hand")
    events = t(Dispute(PlayerId("p2"), 2, "again", Override("shift manager", "camera")))
    assert len(events) == 2


def test_pot_09_chop_refused_between_hands_too() -> None:
    from pokerroom.table import AgreeChop

    t = _three("hippodrome")
    err = _unchanged(t.state, AgreeChop((PlayerId("p1"), PlayerId("p2"))), "chop_not_allowed")
    assert "HIPP:L75" in err.message
    _unchanged(t.state, AgreeChop((PlayerId("p1"), ANN)), "not_seated")


def test_fee_01_pot_07_rake_under_the_cap_is_whole_chips() -> None:
    # STR-07: the rake is rounded to the smallest chip. With 5-chips and a cap of 12 the
    # house can take 10 at most: 10% of 100 = 10 from the main pot, nothing from the side.
    from pokerroom.hand.pots import rake_pots

    assert rake_pots([100, 100], percent=10, cap=12, unit=5) == [10, 0]
    assert rake_pots([100], percent=10, cap=7, unit=5) == [5]
    assert rake_pots([200], percent=10, cap=15, unit=5) == [15]


def test_stk_02_stk_04_buy_ins_and_adds_come_in_whole_chips() -> None:
    # STR-07: the smallest chip in play is 5: a buy-in of 103 or an add of 2 cannot be made.
    cfg = config("lpr", seats=6, small_blind=5, big_blind=10, chip_unit=5, buyin_min=100,
                 buyin_max=1000)
    empty = TableState.empty(cfg)
    err = _unchanged(empty, SitDown(ANN, SeatNo(1), 103), "not_a_chip_multiple")
    assert "100 or 105" in err.message
    t = Table(empty)
    t(SitDown(ANN, SeatNo(1), 105))
    _unchanged(t.state, AddChips(ANN, 2), "not_a_chip_multiple")
    t(AddChips(ANN, 5))
    assert t.stack(1) == 110 and t.state.ledger_balanced()
