"""Tests for pokerroom.floor.corrections: IRR-13 too many flop cards, IRR-14 burn errors
corrected, IRR-16 reconstruction."""

from __future__ import annotations

import pytest
from livekit import HOUSES, conserved, deal, deal_unseen, preflop_limp, ruling, start, unchanged

from pokerroom.cards import parse_cards
from pokerroom.errors import DealError
from pokerroom.floor.corrections import CorrectBurnError, Reconstruct, TooManyFlopCards
from pokerroom.floor.dealing import (
    BurnCard,
    BurnIrregularity,
    DealBoardCards,
    ExtraFlopCard,
    ExtraFlopCardTurned,
)
from pokerroom.floor.live import LiveHand, apply, replay
from pokerroom.hand import BetRaise, CheckCall, Fold

C = parse_cards("2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d")  # C[0] = 2c


def limped(house: str) -> LiveHand:
    """Three players with known cards C[0..5], everyone in for 2: pot 6, flop due."""
    return preflop_limp(deal(start(house, 3), C[:6]))


def check_round(live: LiveHand) -> LiveHand:
    for p in (0, 1, 2):
        live, _ = apply(live, CheckCall(p))
    return live


# --- IRR-13 too many flop cards --------------------------------------------------------------


def test_irr_13_supervisor_picks_three_surplus_cards_are_the_next_burns() -> None:
    live, _ = apply(limped("lpr"), BurnCard(C[6]))
    five = C[7:12]
    live, events = apply(live, TooManyFlopCards(five, flop=(C[7], C[9], C[11])))
    r = ruling(events)
    assert (r.rule, r.outcome) == ("IRR-13", "flop_chosen")
    assert live.engine.board == (C[7], C[9], C[11])
    assert live.where(C[8]) == "burn" and live.where(C[10]) == "burn"
    live = check_round(live)
    live, events = apply(live, DealBoardCards((C[12],)))  # turn: C[8] was its burn
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    live = check_round(live)
    live, events = apply(live, DealBoardCards((C[13],)))  # river: C[10] was its burn
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert live.engine.board == (C[7], C[9], C[11], C[12], C[13])
    assert live.engine.pot == 6 and conserved(live) and replay(live.config, live.log) == live


def test_irr_13_seeded_pick_is_reproducible_and_bad_commands_change_nothing() -> None:
    live, _ = apply(limped("lpr"), BurnCard(C[6]))
    a, _ = apply(live, TooManyFlopCards(C[7:11], seed=7))
    b, _ = apply(live, TooManyFlopCards(C[7:11], seed=7))
    assert a.engine.board == b.engine.board and set(a.engine.board) < set(C[7:11])
    assert a.burned == frozenset({1, 2})
    unchanged(live, TooManyFlopCards(C[7:11]), "pick_required")
    unchanged(live, TooManyFlopCards(C[7:10], flop=C[7:10]), "wrong_card_count")
    unchanged(live, TooManyFlopCards(C[7:11], flop=(C[7], C[8], C[12])), "bad_pick")
    unchanged(live, TooManyFlopCards((C[0], *C[7:10]), flop=C[7:10]), "duplicate_card")
    unchanged(deal_unseen(start("lpr", 3)), TooManyFlopCards(C[7:11], seed=1), "no_flop_due")


def test_irr_13_extra_flop_card_reported_after_the_flop_waits_for_the_pick() -> None:
    # The dealer reports the flop's three cards, then a fourth turned with them: the flop is
    # taken back from the engine until the supervisor picks (the cards need not be named again).
    live, _ = apply(limped("lpr"), BurnCard(C[6]))
    live, _ = apply(live, DealBoardCards(C[7:10]))
    live, events = apply(live, ExtraFlopCard(C[10]))
    assert isinstance(events[-1], ExtraFlopCardTurned) and live.flop_turned == C[7:11]
    assert live.engine.board == () and live.engine.actor is None
    for command in (CheckCall(0), BurnCard(C[11]), DealBoardCards((C[11],)), CorrectBurnError()):
        unchanged(live, command, "flop_pick_pending")
    unchanged(live, TooManyFlopCards(C[8:12], flop=C[8:11]), "not_turned_cards")
    unchanged(live, TooManyFlopCards(flop=(C[7], C[8], C[11])), "bad_pick")
    live, events = apply(live, TooManyFlopCards(flop=(C[7], C[9], C[10])))
    assert ruling(events).outcome == "flop_chosen" and not live.flop_turned
    assert not any(isinstance(e, BurnIrregularity) for e in events)  # the flop was burned
    assert live.engine.board == (C[7], C[9], C[10]) and live.where(C[8]) == "burn"
    assert live.burned == frozenset({1, 2}) and live.engine.actor == 0
    live = check_round(live)
    live, events = apply(live, DealBoardCards((C[11],)))  # C[8] was the turn burn
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert live.engine.pot == 6 and conserved(live) and replay(live.config, live.log) == live


def test_irr_13_extra_flop_card_only_right_after_the_flop() -> None:
    live = limped("lpr")
    unchanged(live, ExtraFlopCard(C[10]), "no_flop_turned")  # no flop yet
    live, _ = apply(live, BurnCard(C[6]))
    live, _ = apply(live, DealBoardCards(C[7:10]))
    acted, _ = apply(live, CheckCall(0))
    unchanged(acted, ExtraFlopCard(C[10]), "no_flop_turned")  # acted on: the flop stands
    unchanged(live, ExtraFlopCard(C[0]), "duplicate_card")
    live, _ = apply(live, ExtraFlopCard(C[10]))
    live, _ = apply(live, ExtraFlopCard(C[11]))
    unchanged(live, ExtraFlopCard(C[12]), "wrong_card_count")  # five at most
    live, _ = apply(live, TooManyFlopCards(seed=5))
    assert live.burned == frozenset({1, 2, 3}) and conserved(live)
    unchanged(live, ExtraFlopCard(C[12]), "no_flop_turned")  # ruled: no more flop cards


def test_irr_13_flop_without_its_burn_then_a_fourth_card_logs_the_missed_burn_once() -> None:
    live, events = apply(limped("lpr"), DealBoardCards(C[6:9]))  # no burn
    assert [e.kind for e in events if isinstance(e, BurnIrregularity)] == ["no_burn"]
    live, _ = apply(live, ExtraFlopCard(C[9]))
    live, events = apply(live, TooManyFlopCards(seed=1))
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert replay(live.config, live.log) == live


def test_irr_16_reconstruct_before_a_flop_turned_with_too_many_cards() -> None:
    # Each physical card goes back on the stub once, in the order it first came off.
    live, _ = apply(limped("grosvenor"), BurnCard(C[6]))
    live, _ = apply(live, DealBoardCards(C[7:10]))
    live, _ = apply(live, ExtraFlopCard(C[10]))
    live, _ = apply(live, TooManyFlopCards(flop=(C[8], C[9], C[10])))
    live, _ = apply(live, Reconstruct(before_street=1))
    assert live.stub_top == C[6:11] and live.engine.board == () and not live.flop_turned
    live, _ = apply(live, BurnCard(C[6]))
    live, _ = apply(live, DealBoardCards(C[7:10]))
    assert live.engine.board == C[7:10] and conserved(live)


# --- IRR-14 burn errors ----------------------------------------------------------------------


@pytest.mark.parametrize("house", [*HOUSES, "cambridge"])
def test_irr_14_ruling_names_hippodrome_rule_or_the_house_silent(house: str) -> None:
    live, _ = apply(limped(house), DealBoardCards(C[6:9]))
    _, events = apply(live, CorrectBurnError())
    detail = ruling(events).detail
    assert detail.endswith("(HIPP:L159)" if house == "hippodrome" else "(HIPP:L159; house silent)")



@pytest.mark.parametrize("house", ["hippodrome", "lpr", "grosvenor", "roberts"])
def test_irr_14_missed_burn_corrected_before_action(house: str) -> None:
    live, _ = apply(limped(house), DealBoardCards(C[6:9]))  # no burn: C[6] should be the burn
    live, events = apply(live, CorrectBurnError())
    r = ruling(events)
    assert (r.rule, r.outcome) == ("IRR-14", "burn_corrected")
    assert live.where(C[6]) == "burn" and live.engine.board == () and live.stub_top == C[7:9]
    with pytest.raises(DealError) as err:
        apply(live, DealBoardCards((C[9], C[7], C[8])))
    assert err.value.code == "not_next_card"
    live, events = apply(live, DealBoardCards(C[7:10]))  # the flop that should have come
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert live.engine.board == C[7:10] and live.engine.pot == 6 and conserved(live)
    assert replay(live.config, live.log) == live


def test_irr_14_two_burns_corrected_before_action() -> None:
    live, _ = apply(limped("hippodrome"), BurnCard(C[6]))
    live, _ = apply(live, BurnCard(C[7]))  # second burn
    live, _ = apply(live, DealBoardCards(C[8:11]))
    live, events = apply(live, CorrectBurnError())
    assert ruling(events).outcome == "burn_corrected"
    assert live.engine.board == (C[7], C[8], C[9]) and live.stub_top == (C[10],)
    live = check_round(live)
    with pytest.raises(DealError):
        apply(live, BurnCard(C[11]))  # C[10] must be the turn burn
    live, _ = apply(live, BurnCard(C[10]))
    live, events = apply(live, DealBoardCards((C[11],)))
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert live.engine.board == (C[7], C[8], C[9], C[11]) and conserved(live)


def test_irr_14_second_burn_noticed_before_the_board_goes_back_on_the_stub() -> None:
    live, _ = apply(limped("hippodrome"), BurnCard(C[6]))
    live, _ = apply(live, BurnCard(C[7]))
    live, _ = apply(live, CorrectBurnError())
    assert live.where(C[7]) == "stub" and live.stub_top == (C[7],)
    live, events = apply(live, DealBoardCards(C[7:10]))
    assert live.engine.board == C[7:10] and not any(isinstance(e, BurnIrregularity) for e in events)


def test_irr_14_after_action_board_stands_later_cards_as_without_error() -> None:
    # missed burn on the flop, someone acted: the turn takes two burns
    live, _ = apply(limped("hippodrome"), DealBoardCards(C[6:9]))
    live, _ = apply(live, BetRaise(0, 4))
    live, events = apply(live, CorrectBurnError())
    assert ruling(events).outcome == "stands" and live.engine.board == C[6:9]
    live, _ = apply(live, CheckCall(1))
    live, _ = apply(live, CheckCall(2))
    live, _ = apply(live, BurnCard(C[9]))
    live, events = apply(live, BurnCard(C[10]))  # the owed second burn: no irregularity
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    live, _ = apply(live, DealBoardCards((C[11],)))  # the card that would have been the turn
    assert live.engine.pot == 18 and conserved(live)
    unchanged(live, CorrectBurnError(), "no_burn_error")


def test_irr_14_two_burns_after_action_next_street_has_no_burn() -> None:
    live, _ = apply(limped("hippodrome"), BurnCard(C[6]))
    live, _ = apply(live, BurnCard(C[7]))
    live, _ = apply(live, DealBoardCards(C[8:11]))
    live, _ = apply(live, CheckCall(0))
    live, _ = apply(live, CorrectBurnError())
    live, _ = apply(live, CheckCall(1))
    live, _ = apply(live, CheckCall(2))
    live, events = apply(live, DealBoardCards((C[11],)))  # no burn for the turn
    assert not any(isinstance(e, BurnIrregularity) for e in events)


def test_irr_14_river_corrected_only_if_intact() -> None:
    live, _ = apply(limped("hippodrome"), BurnCard(C[6]))
    live, _ = apply(live, DealBoardCards(C[7:10]))
    live = check_round(live)
    live, _ = apply(live, BurnCard(C[10]))
    live, _ = apply(live, DealBoardCards((C[11],)))
    live = check_round(live)
    live, _ = apply(live, DealBoardCards((C[12],)))  # river without a burn
    broken, events = apply(live, CorrectBurnError(intact=False))
    assert ruling(events).outcome == "stands" and broken.engine.board[-1] == C[12]
    fixed, events = apply(live, CorrectBurnError(intact=True))
    assert ruling(events).outcome == "burn_corrected" and fixed.where(C[12]) == "burn"
    fixed, _ = apply(fixed, DealBoardCards((C[13],)))
    assert fixed.engine.board[-1] == C[13] and conserved(fixed)


# --- IRR-16 reconstruction -------------------------------------------------------------------


@pytest.mark.parametrize("house", HOUSES)
def test_irr_16_reconstruct_to_before_an_action(house: str) -> None:
    live = deal(start(house, 3), C[:6])
    live, _ = apply(live, BetRaise(2, 6))
    live, _ = apply(live, BetRaise(0, 20))  # the error: say p1's raise was misread
    live, events = apply(live, Reconstruct(before_action=1))
    assert ruling(events).rule == "IRR-16"
    assert live.engine.pot == 9 and live.engine.actor == 0 and live.actions == 1
    assert live.engine.stacks == (199, 198, 194) and conserved(live)
    live, _ = apply(live, CheckCall(0))
    assert live.engine.pot == 14 and replay(live.config, live.log) == live
    unchanged(live, Reconstruct(before_action=5), "bad_point")
    unchanged(live, Reconstruct(), "bad_point")


def test_irr_16_reconstruct_before_a_street_keeps_the_same_cards_to_come() -> None:
    live, _ = apply(limped("grosvenor"), BurnCard(C[6]))
    live, _ = apply(live, DealBoardCards(C[7:10]))
    live, _ = apply(live, BetRaise(0, 4))
    live, _ = apply(live, Reconstruct(before_street=1))
    assert live.engine.board == () and live.engine.pot == 6
    assert live.stub_top == C[6:10] and live.where(C[7]) == "stub"
    live, _ = apply(live, BurnCard(C[6]))
    live, _ = apply(live, DealBoardCards(C[7:10]))
    assert live.engine.board == C[7:10] and conserved(live)
    assert replay(live.config, live.log) == live


def test_irr_16_grosvenor_may_reopen_a_finished_hand_others_may_not() -> None:
    for house in ("grosvenor", "lpr"):
        live = deal(start(house, 3), C[:6])
        for a in (BetRaise(2, 6), Fold(0), Fold(1)):
            live, _ = apply(live, a)
        assert live.engine.is_over and live.engine.stacks == (199, 198, 203)
        if house == "lpr":
            unchanged(live, Reconstruct(before_action=1), "hand_over")
            continue
        live, _ = apply(live, Reconstruct(before_action=1))  # p1's fold was a misunderstanding
        assert not live.engine.is_over and live.engine.actor == 0
        live, _ = apply(live, CheckCall(0))
        assert live.engine.pot == 14 and conserved(live)


def test_irr_14_a_burn_error_undone_by_a_reconstruction_or_a_reshuffle_is_not_ruled_again() -> None:
    from pokerroom.floor.irregularities import RulePrematureCards

    # Two burns, then the floor restores the hand before the flop (IRR-16) and the dealer
    # burns once and turns the flop correctly: no burn error is left to correct.
    live = limped("hippodrome")
    live, _ = apply(live, BurnCard(C[6]))
    live, _ = apply(live, BurnCard(C[7]))
    live, _ = apply(live, DealBoardCards(tuple(C[8:11])))
    live, _ = apply(live, Reconstruct(before_street=1))
    live, _ = apply(live, BurnCard(C[6]))
    live, _ = apply(live, DealBoardCards(tuple(C[7:10])))
    unchanged(live, CorrectBurnError(), "no_burn_error")
    # A premature flop turned without a burn is shuffled back (IRR-10); the flop dealt after
    # the betting, properly burned, is a new one.
    live = preflop_limp_but_one(deal(start("hippodrome", 3), C[:6]))
    live, _ = apply(live, DealBoardCards(tuple(C[6:9])))
    live, _ = apply(live, RulePrematureCards())
    unchanged(live, CorrectBurnError(), "no_burn_error")
    live, _ = apply(live, CheckCall(1))
    live, _ = apply(live, BurnCard(C[9]))
    live, _ = apply(live, DealBoardCards(tuple(C[10:13])))
    unchanged(live, CorrectBurnError(), "no_burn_error")


def preflop_limp_but_one(live: LiveHand) -> LiveHand:
    """Three-handed pre-flop: the button and the small blind call, the big blind still to act."""
    for p in (2, 0):
        live, _ = apply(live, CheckCall(p))
    return live


# --- floor audit: IRR-14 at the edge of "action on that street" --------------------------------


def heads_up_limped(house: str) -> LiveHand:
    """Heads-up with known cards C[0..3]; the button completes and the BB checks: pot 4."""
    live = deal(start(house, 2), C[:4])
    live, _ = apply(live, CheckCall(1))
    live, _ = apply(live, CheckCall(0))
    return live


@pytest.mark.parametrize("house", HOUSES)
def test_irr_14_heads_up_one_check_on_the_turn_makes_it_stand(house: str) -> None:
    live, _ = apply(heads_up_limped(house), BurnCard(C[4]))
    live, _ = apply(live, DealBoardCards(C[5:8]))
    live, _ = apply(live, CheckCall(0))
    live, _ = apply(live, CheckCall(1))
    live, events = apply(live, DealBoardCards((C[8],)))  # turn without its burn
    assert any(isinstance(e, BurnIrregularity) for e in events)
    before_check = live
    live, _ = apply(live, CheckCall(0))  # one check on the turn: action was taken on it
    live, events = apply(live, CorrectBurnError())
    assert ruling(events).outcome == "stands" and live.engine.board[-1] == C[8]
    live, _ = apply(live, CheckCall(1))
    live, _ = apply(live, BurnCard(C[9]))
    live, events = apply(live, BurnCard(C[10]))  # the river owes two burns
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    live, _ = apply(live, DealBoardCards((C[11],)))  # the card that would have been the river
    assert live.engine.board == (*C[5:9], C[11]) and conserved(live)
    # The same error noticed before that check is corrected: the turn card becomes the burn.
    fixed, events = apply(before_check, CorrectBurnError())
    assert ruling(events).outcome == "burn_corrected" and fixed.where(C[8]) == "burn"
    fixed, _ = apply(fixed, DealBoardCards((C[9],)))
    assert fixed.engine.board == (*C[5:8], C[9]) and conserved(fixed)


def test_irr_14_a_fold_is_action_on_the_board_card() -> None:
    live, _ = apply(limped("hippodrome"), DealBoardCards(C[6:9]))  # no burn
    live, _ = apply(live, Fold(0))  # the only action: p1 folds (HIPP:L159 "betting action")
    live, events = apply(live, CorrectBurnError())
    assert ruling(events).outcome == "stands" and live.engine.board == C[6:9]
