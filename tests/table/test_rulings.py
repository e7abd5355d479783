"""Floor rulings and money at the table: FLOW-11 / GOV-01 / GOV-02 (dispute window), POT-08
(impounding), POT-09 (no chops), EXP-05 (showing a hand during play), STK-07 (cash on the
table), FEE-03 (incidentals from the stack)."""

from __future__ import annotations

import pytest

from pokerroom.floor.chips import ChipPush
from pokerroom.house import load_house
from pokerroom.table import (
    AgreeChop,
    CashConverted,
    CashOnTable,
    ChipsRead,
    Dispute,
    DisputeLodged,
    FloorFlagged,
    FloorOverride,
    HandShown,
    HandStarted,
    ImpoundPot,
    IncidentalPaid,
    Override,
    PayIncidental,
    PlayerId,
    PotImpounded,
    PotReleased,
    PushChips,
    ReleasePot,
    SeatNo,
    ShowHand,
    StartHand,
    TableConfig,
    TableError,
    apply,
)

from .tablekit import SEED, Table, config

HOUSES = ("lpr", "grosvenor", "hippodrome", "roberts")


def _three(house: str = "lpr") -> Table:
    """Three players with 100 in seats 1-3, blinds 1/2; last hand button 1 (hand 1).

    Next hand: button 2, SB 3, BB 1.
    """
    return Table.seated(
        config(house, "cash", seats=6), {1: 100, 2: 100, 3: 100}, button=1, sb=2, bb=3, hand_no=1
    )


def _unchanged(t: Table, command: object, code: str) -> TableError:
    before = t.state
    with pytest.raises(TableError) as err:
        apply(before, command)  # type: ignore[arg-type]
    assert err.value.code == code
    assert t.state == before
    return err.value


def _bb_wins_blinds(t: Table) -> None:
    """Deal hand 2 and fold to the big blind (seat 1): 1 of his 2 is uncalled and comes back
    (POT-04); he collects the pot of 2."""
    t.deal()
    t.fold_out()
    assert t.stack(1) == 101 and t.stack(3) == 99 and t.stack(2) == 100
    assert t.state.ledger_balanced()


# -- FLOW-11 / GOV-02 / GOV-01 -------------------------------------------------------------


def test_flow_11_hand_started_is_the_shuffle_start_and_comes_first() -> None:
    t = _three()
    events = t(StartHand(SEED, at=1234.5))
    started = events[0]
    assert isinstance(started, HandStarted) and started.at == 1234.5 and started.hand_no == 2
    assert not any(isinstance(e, HandStarted) for e in events[1:])
    assert t.state.hand_no == 2
    assert t.replayed() == t.state


def test_gov_02_dispute_allowed_until_the_next_hand_starts() -> None:
    t = _three()
    _bb_wins_blinds(t)
    events = t(Dispute(PlayerId("p3"), 2, "my small blind was taken twice"))
    assert events == (DisputeLodged(PlayerId("p3"), 2, "my small blind was taken twice"),)
    t(StartHand(SEED, at=60.0))  # FLOW-11: hand 3 starts: hand 2 is locked
    err = _unchanged(t, Dispute(PlayerId("p3"), 2, "again"), "result_locked")
    assert "GOV-02" in err.message and "hand 3 has started" in err.message
    _unchanged(t, Dispute(PlayerId("p3"), 4, "future"), "no_such_hand")


def test_gov_01_override_reopens_a_locked_hand_and_is_recorded() -> None:
    t = _three()
    _bb_wins_blinds(t)
    t.deal()
    _unchanged(
        t, Dispute(PlayerId("p3"), 2, "x", Override("shift manager", " ")), "override_needs_reason"
    )
    events = t(Dispute(PlayerId("p3"), 2, "x", Override("shift manager", "camera review")))
    assert events == (
        FloorOverride("GOV-02", "shift manager", "camera review", 2),
        DisputeLodged(PlayerId("p3"), 2, "x"),
    )


# -- POT-08 ----------------------------------------------------------------------------------


def test_pot_08_gov_04_impound_holds_chips_and_the_game_goes_on_until_release() -> None:
    t = _three()
    _bb_wins_blinds(t)
    assert t.state.last_won == ((PlayerId("p1"), 2),)
    _unchanged(t, ImpoundPot("A", 2, ((PlayerId("p1"), 3),)), "bad_amount")  # he won 2
    _unchanged(t, ImpoundPot("A", 2, ((PlayerId("p2"), 1),)), "bad_amount")  # won nothing
    events = t(ImpoundPot("A", 2, ((PlayerId("p1"), 2),)))
    assert events == (PotImpounded("A", 2, ((PlayerId("p1"), SeatNo(1), 2),)),)
    assert t.stack(1) == 99 and t.state.held() == 2 and t.state.ledger_balanced()
    # The game continues while the ruling is pending (GOV-04).
    t.deal()
    _unchanged(t, ReleasePot("A", ((PlayerId("p3"), 2),), "camera"), "hand_in_progress")
    t.fold_out()
    stacks = {s: t.stack(s) for s in (1, 2, 3)}
    assert sum(stacks.values()) == 298
    _unchanged(t, ReleasePot("A", ((PlayerId("p3"), 3),), "camera"), "awards_do_not_match")
    _unchanged(t, ReleasePot("B", ((PlayerId("p3"), 2),), "camera"), "no_such_pot")
    _unchanged(t, ReleasePot("A", ((PlayerId("p3"), 2),), ""), "no_ruling")
    events = t(ReleasePot("A", ((PlayerId("p3"), 1), (PlayerId("p1"), 1)), "split on review"))
    assert events == (
        PotReleased(
            "A", ((PlayerId("p3"), SeatNo(3), 1), (PlayerId("p1"), SeatNo(1), 1)), "split on review"
        ),
    )
    assert t.stack(3) == stacks[3] + 1 and t.stack(1) == stacks[1] + 1
    assert t.state.held() == 0 and t.state.ledger_balanced()
    assert sum(t.stack(s) for s in (1, 2, 3)) == 300
    assert t.replayed() == t.state


def test_pot_08_impound_after_the_next_hand_started_needs_an_override() -> None:
    t = _three()
    _bb_wins_blinds(t)
    t.deal()
    t.fold_out()
    _unchanged(t, ImpoundPot("A", 2, ((PlayerId("p1"), 2),)), "result_locked")
    events = t(ImpoundPot("A", 2, ((PlayerId("p1"), 2),), Override("sup", "late camera check")))
    assert isinstance(events[0], FloorOverride) and events[0].rule == "POT-08"
    assert isinstance(events[1], PotImpounded)
    assert t.state.held() == 2 and t.state.ledger_balanced()


def test_pot_08_no_impound_during_a_hand_or_with_a_reused_id() -> None:
    t = _three()
    _bb_wins_blinds(t)
    t(ImpoundPot("A", 2, ((PlayerId("p1"), 1),)))
    _unchanged(t, ImpoundPot("A", 2, ((PlayerId("p1"), 1),)), "bad_pot_id")
    t.deal()
    _unchanged(t, ImpoundPot("B", 3, ((PlayerId("p1"), 1),)), "hand_in_progress")


# -- POT-09 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("house", HOUSES)
def test_pot_09_chop_agreement_refused_with_the_rule(house: str) -> None:
    t = _three(house)
    t.deal()
    err = _unchanged(t, AgreeChop((PlayerId("p1"), PlayerId("p3"))), "chop_not_allowed")
    assert "POT-09" in err.message


# -- EXP-05 ----------------------------------------------------------------------------------


def test_exp_05_hippodrome_showing_to_an_active_player_locks_aggression() -> None:
    t = _three("hippodrome")
    t.deal()  # button 2 acts first three-handed
    events = t(ShowHand(PlayerId("p2"), "showed", PlayerId("p3")))
    assert events[0] == HandShown(PlayerId("p2"), 2, "showed", PlayerId("p3"), "now", True)
    assert isinstance(events[1], FloorFlagged) and events[1].rule == "EXP-05"
    before = t.state
    err = _unchanged(t, ShowHand(PlayerId("p9"), "showed"), "not_seated")
    assert err
    with pytest.raises(TableError) as info:
        t.act("p2", "raise", 6)
    assert info.value.code == "aggression_locked" and t.state == before
    t.act("p2", "call")  # calling is still allowed
    assert t.replayed() == t.state
    t.fold_out()
    assert t.state.aggression_locked == frozenset()


def test_exp_05_locked_players_silent_over_call_is_read_as_a_call() -> None:
    """HIPP:L194 + CHP-05: chips pushed silently by a player whose raises are locked are read
    with no raise open: call + a full raise's worth is a call, the extra goes back."""
    t = _three("hippodrome")
    t.deal()
    t(ShowHand(PlayerId("p2"), "showed", PlayerId("p3")))  # p2 may only check, call or fold
    events = t(PushChips(PlayerId("p2"), ChipPush(chips=(2, 2))))  # facing 2: call + 2 more
    read = events[0]
    assert isinstance(read, ChipsRead)
    assert (read.action, read.chips_in, read.returned) == ("call", 2, 2)
    assert t.state.hand is not None and t.state.hand.current_bet == 2
    assert t.replayed() == t.state


def test_exp_05_hippodrome_showing_to_a_spectator_shows_after_the_deal() -> None:
    t = _three("hippodrome")
    t.deal()
    events = t(ShowHand(PlayerId("p2"), "showed"))
    assert events[0] == HandShown(PlayerId("p2"), 2, "showed", None, "after_hand", False)
    t.act("p2", "raise", 6)  # no lock


def test_exp_05_lpr_disclosure_flagged_on_repeat_showing_may_kill() -> None:
    t = _three("lpr")
    t.deal()
    first = t(ShowHand(PlayerId("p2"), "told"))
    assert first == (HandShown(PlayerId("p2"), 2, "told", None, "no", False),)
    second = t(ShowHand(PlayerId("p2"), "told"))
    assert isinstance(second[1], FloorFlagged) and "LPR r79" in second[1].reason
    shown = t(ShowHand(PlayerId("p3"), "showed", PlayerId("p1")))
    assert shown[0] == HandShown(PlayerId("p3"), 0, "showed", PlayerId("p1"), "now", False)
    assert isinstance(shown[1], FloorFlagged) and "LPR r80" in shown[1].reason
    assert dict(t.state.disclosures) == {"p2": 2, "p3": 1}


def test_exp_05_roberts_shows_after_the_deal_without_a_flag() -> None:
    t = _three("roberts")
    t.deal()
    events = t(ShowHand(PlayerId("p2"), "showed", PlayerId("p3")))
    assert events == (HandShown(PlayerId("p2"), 2, "showed", PlayerId("p3"), "after_hand", False),)


def test_exp_05_bad_show_commands() -> None:
    t = _three("lpr")
    _unchanged(t, ShowHand(PlayerId("p2"), "told"), "no_hand")
    t.deal()
    _unchanged(t, ShowHand(PlayerId("p2"), "showed", PlayerId("p2")), "bad_viewer")
    _unchanged(t, ShowHand(PlayerId("p2"), "told", PlayerId("p3")), "bad_viewer")
    t.act("p2", "fold")
    _unchanged(t, ShowHand(PlayerId("p2"), "told"), "not_in_hand")


# -- STK-07 ----------------------------------------------------------------------------------


def test_stk_07_grosvenor_announced_cash_is_converted_into_chips() -> None:
    t = _three("grosvenor")
    events = t(CashOnTable(PlayerId("p1"), 50))
    assert events == (CashConverted(PlayerId("p1"), SeatNo(1), 50, ""),)
    assert t.stack(1) == 150 and t.state.chips_in == 350 and t.state.ledger_balanced()
    _unchanged(t, CashOnTable(PlayerId("p1"), 50, announced=False), "concealed")
    _unchanged(t, CashOnTable(PlayerId("p1"), 50, kind="foreign_currency"), "foreign_currency")
    assert t.replayed() == t.state


def test_stk_07_hippodrome_cash_only_when_the_supervisor_allows() -> None:
    t = _three("hippodrome")
    err = _unchanged(t, CashOnTable(PlayerId("p1"), 50), "cash_not_authorised")
    assert "HIPP:L67" in err.message
    _unchanged(t, CashOnTable(PlayerId("p1"), 50, kind="other_room_chips"), "other_room_chips")
    _unchanged(t, CashOnTable(PlayerId("p1"), 50, kind="rack"), "chip_rack")
    events = t(CashOnTable(PlayerId("p1"), 50, authorised_by="supervisor ann"))
    assert events == (CashConverted(PlayerId("p1"), SeatNo(1), 50, "supervisor ann"),)
    assert t.stack(1) == 150 and t.state.ledger_balanced()
    t.deal()
    _unchanged(t, CashOnTable(PlayerId("p1"), 10, authorised_by="s"), "in_hand")


# -- FEE-03 ----------------------------------------------------------------------------------


def test_fee_03_lpr_incidentals_leave_the_stack_and_are_in_the_ledger() -> None:
    t = _three("lpr")
    events = t(PayIncidental(PlayerId("p2"), 7, "coffee and a sandwich"))
    assert events == (IncidentalPaid(PlayerId("p2"), SeatNo(2), 7, "coffee and a sandwich"),)
    assert t.stack(2) == 93 and t.state.incidentals == 7
    assert t.state.chips_in == 300 and t.state.chips_out == 0 and t.state.ledger_balanced()
    _unchanged(t, PayIncidental(PlayerId("p2"), 94, "dinner"), "bad_amount")
    _unchanged(t, PayIncidental(PlayerId("p2"), 3, " "), "no_item")
    t.deal()
    _unchanged(t, PayIncidental(PlayerId("p2"), 3, "water"), "in_hand")
    assert t.replayed() == t.state


@pytest.mark.parametrize("house", ["grosvenor", "hippodrome", "roberts"])
def test_fee_03_other_houses_allow_no_chips_off_the_table(house: str) -> None:
    t = _three(house)
    _unchanged(t, PayIncidental(PlayerId("p2"), 5, "coffee"), "no_removal")


def test_fee_03_tournament_chips_never_pay() -> None:
    cfg = TableConfig(load_house("lpr", "tournament"), seats=6)
    t = Table.seated(cfg, {1: 100, 2: 100})
    _unchanged(t, PayIncidental(PlayerId("p2"), 5, "coffee"), "no_removal")
