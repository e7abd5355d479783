"""Tests for pokerroom.floor.irregularities: MIS and IRR rules, S26, S28, S29 and S31 exactly."""

from __future__ import annotations

import pytest
from livekit import conserved, deal, deal_unseen, preflop_limp, ruling, start

from pokerroom.cards import Card, parse_cards
from pokerroom.errors import DealError
from pokerroom.floor.dealing import (
    BurnCard,
    BurnIrregularity,
    DealBoardCards,
    DealHoleCard,
    FloorError,
    PrematureCardsDealt,
)
from pokerroom.floor.irregularities import (
    BoxedCard,
    CardOffTable,
    DeclareMisdeal,
    DuplicateCardFound,
    ExposedCard,
    ExtraCardDealt,
    JokerFound,
    RulePrematureCards,
)
from pokerroom.floor.live import LiveHand, apply, replay
from pokerroom.hand import BetRaise, CheckCall, Fold, HandConfig
from pokerroom.house import load_house

C = parse_cards("2c3c4c5c6c7c8c9cTcJcQcKcAc")  # c1..c13 of the scenarios, C[0] = c1


# --- S26: misdeal cut-off (MIS-01 / MIS-08) ----------------------------------------------


def s26(house: str) -> LiveHand:
    """Nine players; the button is on seat 5 (p9), SB seat 6 = p1, BB seat 7 = p2, UTG p3."""
    return deal_unseen(start(house, 9))


@pytest.mark.parametrize("house", ["roberts", "lpr", "hippodrome"])
def test_mis_01_s26a_one_action_still_a_misdeal(house: str) -> None:
    live, _ = apply(s26(house), Fold(2))  # UTG (seat 8) folds
    live, events = apply(live, DeclareMisdeal("button_misplaced"))
    r = live.redeal
    assert r is not None and r.kind == "misdeal" and r.rule == "MIS-08"
    assert r.refunds == (1, 2, 0, 0, 0, 0, 0, 0, 0)  # SB and BB get their blinds back
    assert r.correct_button and not r.same_button  # the button goes to seat 4
    assert ruling(events).refunds == ((0, 1), (1, 2))
    assert conserved(live)


@pytest.mark.parametrize("house", ["roberts", "lpr", "hippodrome"])
def test_mis_01_s26b_two_actions_after_blinds_no_misdeal(house: str) -> None:
    live, _ = apply(s26(house), Fold(2))
    live, _ = apply(live, CheckCall(3))  # seat 9 calls: two players after the blinds acted
    with pytest.raises(FloorError) as err:
        apply(live, DeclareMisdeal("button_misplaced"))
    assert err.value.code == "misdeal_cutoff_passed"
    assert "MIS-01" in str(err.value) and "played out" in str(err.value)
    assert live.redeal is None and live.engine.actor == 4  # unchanged, play goes on


def test_mis_01_s26_compare_grosvenor_first_action_closes_the_window() -> None:
    live, _ = apply(s26("grosvenor"), Fold(2))
    with pytest.raises(FloorError) as err:
        apply(live, DeclareMisdeal("button_misplaced"))
    assert err.value.code == "misdeal_cutoff_passed"


def test_mis_01_blinds_do_not_count_toward_cutoff() -> None:
    live = s26("roberts")
    assert live.cutoff_count == 0 and live.misdeal_allowed


def test_mis_02_misdeal_returns_every_chip_same_button() -> None:
    live = deal_unseen(start("lpr", 4))
    live, _ = apply(live, BetRaise(2, 6))
    live, _ = apply(live, DeclareMisdeal("out_of_order"))
    r = live.redeal
    assert r is not None and r.same_button and not r.correct_button
    assert r.refunds == (1, 2, 6, 0) and conserved(live)
    with pytest.raises(FloorError) as err:
        apply(live, CheckCall(3))
    assert err.value.code == "hand_called_off"


# --- exposed cards on the deal (MIS-04, MIS-05, IRR-01) ----------------------------------


@pytest.mark.parametrize("house", ["lpr", "hippodrome", "roberts"])
def test_mis_04_first_or_second_card_exposed_is_a_misdeal(house: str) -> None:
    live = deal(start(house, 3), C[:2])
    live, events = apply(live, ExposedCard(C[1]))
    assert live.redeal is not None and ruling(events).rule == "MIS-04"
    assert live.redeal.refunds == (1, 2, 0) and conserved(live)


def test_mis_04_compare_grosvenor_replaces_first_card() -> None:
    live = deal(start("grosvenor", 3), C[:1])
    live, events = apply(live, ExposedCard(C[0]))
    assert live.redeal is None and ruling(events).rule == "IRR-01"
    assert live.owed == ((0, 0, "burn"),)


def test_mis_04_declared_cause_refused_where_not_a_misdeal() -> None:
    with pytest.raises(FloorError) as err:
        apply(deal(start("grosvenor", 3), C[:1]), DeclareMisdeal("first_or_second_card_exposed"))
    assert err.value.code == "not_a_misdeal" and "ExposedCard" in str(err.value)


def test_irr_01_exposed_card_replaced_by_next_card_and_burned() -> None:
    live = deal(start("lpr", 3), C[:4])  # c4 is p1's second card: not one of the first two
    live, events = apply(live, ExposedCard(C[3]))
    assert ruling(events).outcome == "replace"
    live = deal_rest(live, C[4:6])  # c5 -> p2, c6 -> p3 finish the deal
    with pytest.raises(FloorError) as err:
        apply(live, CheckCall(2))  # no betting while a card is owed
    assert err.value.code == "replacement_owed"
    with pytest.raises(DealError):
        apply(live, DealHoleCard(1, C[6]))  # the replacement is p1's
    live, _ = apply(live, DealHoleCard(0, C[6]))  # s1 = c7 to p1
    assert live.engine.hole_cards(0) == (C[0], C[6])
    assert live.where(C[3]) == "burn" and live.burned == frozenset({1})
    live = preflop_limp(live)
    live, events = apply(live, DealBoardCards(C[7:10]))  # flop s2 s3 s4, no new burn
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert live.engine.board == C[7:10]


def deal_rest(live: LiveHand, cards: tuple[Card, ...]) -> LiveHand:
    """Continue the deal with these cards, to whoever is due."""
    n = live.config.players
    for c in cards:
        due = sum(len(h) for h in live.hands) % n
        live, _ = apply(live, DealHoleCard(due, c))
    return live


def test_irr_01_replacement_card_already_seen_is_refused() -> None:
    live = deal(start("lpr", 3), C[:4])
    live, _ = apply(live, ExposedCard(C[3]))
    live = deal_rest(live, C[4:6])
    with pytest.raises(DealError) as err:
        apply(live, DealHoleCard(0, C[4]))
    assert err.value.code == "duplicate_card"
    assert live.owed  # unchanged


def test_mis_05_second_exposed_card_is_a_misdeal_everywhere() -> None:
    live = deal(start("grosvenor", 3), C[:5])
    live, _ = apply(live, ExposedCard(C[3]))
    live, events = apply(live, ExposedCard(C[4]))
    assert ruling(events).rule == "MIS-05" and live.redeal is not None


# --- boxed cards (IRR-02, MIS-06), S28 ----------------------------------------------------


@pytest.mark.parametrize("house", ["roberts", "lpr", "hippodrome"])
def test_irr_02_s28_boxed_card_is_scrap_next_card_takes_its_place(house: str) -> None:
    # seats 1 (button) = p3, 2 (SB) = p1, 3 (BB) = p2; c4 is found face up, due to seat 2.
    live = deal(start(house, 3), C[:3])
    live, events = apply(live, BoxedCard(C[3]))
    assert ruling(events).rule == "IRR-02" and ruling(events).outcome == "scrap"
    live = deal_rest(live, C[4:7])
    assert live.hands == ((C[0], C[4]), (C[1], C[5]), (C[2], C[6]))
    live = preflop_limp(live)
    live, _ = apply(live, BurnCard(C[7]))
    live, events = apply(live, DealBoardCards(C[8:11]))
    assert live.engine.board == C[8:11]  # flop c9 c10 c11
    assert live.where(C[3]) == "scrap" and live.where(C[7]) == "burn"


def test_irr_02_s28_compare_grosvenor_boxed_card_is_exposed_and_swapped_with_burn() -> None:
    live = deal(start("grosvenor", 3), C[:3])
    live, events = apply(live, BoxedCard(C[3]))
    assert ruling(events).rule == "IRR-02" and ruling(events).outcome == "replace"
    live = deal_rest(live, C[4:6])  # c5 -> seat 3, c6 -> seat 1
    live, _ = apply(live, DealHoleCard(0, C[6]))  # c7 replaces c4 in seat 2's hand
    assert live.hands == ((C[0], C[6]), (C[1], C[4]), (C[2], C[5]))
    live = preflop_limp(live)
    live, events = apply(live, DealBoardCards(C[7:10]))  # flop c8 c9 c10: c4 was the burn
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert live.where(C[3]) == "burn" and live.engine.board == C[7:10]


def test_irr_02_grosvenor_boxed_after_the_deal_goes_back_into_the_stub() -> None:
    live = preflop_limp(deal(start("grosvenor", 3), C[:6]))
    live, events = apply(live, BoxedCard(C[6]))
    assert ruling(events).outcome == "back_to_stub" and live.where(C[6]) == "stub"
    live, _ = apply(live, BurnCard(C[7]))
    live, _ = apply(live, DealBoardCards((C[8], C[6], C[9])))  # it may come into play again
    assert live.engine.board == (C[8], C[6], C[9])


def test_mis_06_two_boxed_cards_in_the_deal_is_a_misdeal() -> None:
    live = deal(start("roberts", 3), C[:2])
    live, _ = apply(live, BoxedCard(C[2]))
    live, events = apply(live, BoxedCard(C[3]))
    assert ruling(events).rule == "MIS-06" and live.redeal is not None


# --- IRR-03 exposed burn, IRR-04 joker ----------------------------------------------------


def test_irr_03_exposed_burn_is_announced_and_burned() -> None:
    live = preflop_limp(deal(start("grosvenor", 3), C[:6]))
    live, events = apply(live, BurnCard(C[6], exposed=True))
    assert ruling(events).rule == "IRR-03" and live.where(C[6]) == "burn"


def test_irr_04_joker_before_acting_is_replaced_by_next_card() -> None:
    live = deal_unseen(start("hippodrome", 3))
    live, events = apply(live, JokerFound(1))
    assert ruling(events).outcome == "replace"
    live, events = apply(live, DealHoleCard(1, C[0]))
    assert live.engine.hole_cards(1) == (None, C[0])
    assert live.engine.actor == 2 and conserved(live)


def test_irr_04_joker_after_acting_hand_is_dead() -> None:
    live = deal_unseen(start("roberts", 4))
    live, _ = apply(live, CheckCall(2))
    live, _ = apply(live, CheckCall(3))
    live, events = apply(live, JokerFound(2))
    assert ruling(events).rule == "IRR-04" and ruling(events).outcome == "dead"
    assert live.engine.folded[2] and live.engine.pot == 7 and conserved(live)


# --- IRR-05 / MIS-12 duplicate card, S31 --------------------------------------------------


def s31(house: str) -> LiveHand:
    """p1 SB, p2 BB, p3 UTG, p4 BTN; play to the turn, which is a second As."""
    live = deal_unseen(start(house, 4))
    for a in (BetRaise(2, 6), CheckCall(3), Fold(0), CheckCall(1)):
        live, _ = apply(live, a)
    live, _ = apply(live, BurnCard(None))
    live, _ = apply(live, DealBoardCards(parse_cards("As7h7d")))
    for a in (CheckCall(1), BetRaise(2, 10), Fold(3), CheckCall(1)):
        live, _ = apply(live, a)
    live, _ = apply(live, BurnCard(None))
    assert live.engine.pot == 39
    return live


def test_irr_05_duplicate_card_voids_hand() -> None:
    live = s31("hippodrome")
    with pytest.raises(DealError):
        apply(live, DealBoardCards(parse_cards("As")))
    live, events = apply(live, DuplicateCardFound(parse_cards("As")[0]))
    r = live.redeal
    assert r is not None and r.kind == "void" and r.rule == "IRR-05" and r.same_button
    assert r.refunds == (1, 16, 16, 6) and sum(r.refunds) == 39
    assert ruling(events).refunds == ((0, 1), (1, 16), (2, 16), (3, 6))
    assert conserved(live) and replay(live.config, live.log) == live


def test_irr_05_s31_variant_knowing_player_loses_refund_to_last_live_hand() -> None:
    live = s31("hippodrome")
    a_s = parse_cards("As")[0]
    with pytest.raises(FloorError) as err:
        apply(live, DuplicateCardFound(a_s, knowing_player=2))
    assert err.value.code == "award_to_required" and "H-14" in str(err.value)
    live, _ = apply(live, DuplicateCardFound(a_s, knowing_player=2, award_to=1))
    r = live.redeal
    assert r is not None and r.refunds == (1, 16, 0, 6) and r.awards == ((1, 16),)
    assert conserved(live)


@pytest.mark.parametrize(("house", "kind"), [("lpr", "misdeal"), ("roberts", "void")])
def test_mis_12_s31_compare_same_refunds(house: str, kind: str) -> None:
    live, _ = apply(s31(house), DuplicateCardFound(parse_cards("As")[0]))
    assert live.redeal is not None and live.redeal.kind == kind
    assert live.redeal.refunds == (1, 16, 16, 6) and conserved(live)


def test_irr_05_roberts_knowing_players_money_stays_for_next_deal() -> None:
    live, _ = apply(s31("roberts"), DuplicateCardFound(parse_cards("As")[0], knowing_player=2))
    assert live.redeal is not None and live.redeal.carry_over == 16
    assert live.redeal.refunds == (1, 16, 0, 6) and conserved(live)


def test_irr_05_card_not_yet_out_is_not_a_duplicate() -> None:
    with pytest.raises(FloorError) as err:
        apply(s31("hippodrome"), DuplicateCardFound(parse_cards("Kd")[0]))
    assert err.value.code == "not_a_duplicate"


# --- MIS-07 extra card, MIS-10 card off the table -----------------------------------------


def test_mis_07_roberts_extra_card_before_betting_becomes_burn() -> None:
    live = deal(start("roberts", 3), C[:6])
    live, events = apply(live, ExtraCardDealt(0, C[6]))
    assert ruling(events).outcome == "extra_to_burn" and live.where(C[6]) == "burn"
    live = preflop_limp(live)
    live, events = apply(live, DealBoardCards(C[7:10]))
    assert not any(isinstance(e, BurnIrregularity) for e in events)


def test_mis_07_lpr_extra_card_is_a_misdeal_before_action() -> None:
    live, events = apply(deal(start("lpr", 3), C[:6]), ExtraCardDealt(0, C[6]))
    assert ruling(events).rule == "MIS-07" and live.redeal is not None


def test_mis_07_dead_05_after_cutoff_the_hand_is_dead() -> None:
    live = deal_unseen(start("lpr", 4))
    live, _ = apply(live, CheckCall(2))
    live, _ = apply(live, CheckCall(3))
    live, events = apply(live, ExtraCardDealt(3, C[0]))
    assert ruling(events).rule == "DEAD-05" and live.engine.folded[3]
    assert live.engine.pot == 7 and conserved(live)


def test_mis_10_grosvenor_card_off_table_is_a_misdeal() -> None:
    live, events = apply(deal(start("grosvenor", 3), C[:4]), CardOffTable(C[3]))
    assert ruling(events).rule == "MIS-10" and live.redeal is not None


def test_mis_10_lpr_card_off_table_is_an_exposed_card() -> None:
    live, events = apply(deal(start("lpr", 3), C[:4]), CardOffTable(C[3]))
    assert ruling(events).outcome == "replace" and live.redeal is None


def test_mis_08_out_of_order_declared_before_cutoff() -> None:
    live, events = apply(deal_unseen(start("hippodrome", 3)), DeclareMisdeal("out_of_order"))
    assert ruling(events).rule == "MIS-08" and live.redeal is not None


# --- premature board cards (IRR-10/11/12), S29 ------------------------------------------


def s29_start(house: str) -> LiveHand:
    """Five players: p1 SB, p2 BB, p3 UTG, p4 CO, p5 BTN; £1/£2."""
    return deal_unseen(start(house, 5))


def premature_flop(live: LiveHand) -> LiveHand:
    live, _ = apply(live, BurnCard(C[0]))
    live, events = apply(live, DealBoardCards(C[1:4]))
    assert any(isinstance(e, PrematureCardsDealt) for e in events)
    return live


def test_irr_10_s29a_grosvenor_check_only_pending_flop_stands() -> None:
    live = s29_start("grosvenor")
    for a in (CheckCall(2), Fold(3), CheckCall(4), CheckCall(0)):
        live, _ = apply(live, a)
    live = premature_flop(live)
    with pytest.raises(FloorError) as err:
        apply(live, CheckCall(1))
    assert err.value.code == "premature_cards_pending"
    live, events = apply(live, RulePrematureCards())
    r = ruling(events)
    assert r.rule == "IRR-10" and r.outcome == "stands" and r.positions == (1,)
    assert live.engine.board == C[1:4] and live.engine.pot == 8
    assert live.engine.actor == 0  # SB acts first on the flop


def test_gov_05_only_a_supervisor_corrects_premature_cards() -> None:
    live = s29_start("lpr")
    for a in (CheckCall(2), Fold(3), CheckCall(4), CheckCall(0)):
        live, _ = apply(live, a)
    live = premature_flop(live)
    with pytest.raises(FloorError) as err:
        apply(live, RulePrematureCards(by="dealer"))
    assert err.value.code == "supervisor_required" and "GOV-05" in str(err.value)
    live, events = apply(live, RulePrematureCards(by="floor"))
    assert ruling(events).outcome == "reshuffle"


@pytest.mark.parametrize("house", ["lpr", "hippodrome", "roberts"])
def test_irr_10_s29a_compare_premature_flop_not_used(house: str) -> None:
    live = s29_start(house)
    for a in (CheckCall(2), Fold(3), CheckCall(4), CheckCall(0)):
        live, _ = apply(live, a)
    live, events = apply(premature_flop(live), RulePrematureCards())
    assert ruling(events).outcome == "reshuffle"
    assert all(live.where(c) == "stub" for c in C[1:4]) and live.where(C[0]) == "burn"
    live, _ = apply(live, CheckCall(1))  # the BB checks his option
    live, events = apply(live, DealBoardCards((C[3], C[4], C[5])))  # G18: no new burn
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert live.engine.board == (C[3], C[4], C[5])


def test_irr_10_s29b_grosvenor_pending_call_flop_reshuffled() -> None:
    live = s29_start("grosvenor")
    for a in (BetRaise(2, 6), Fold(3), CheckCall(4), CheckCall(0)):
        live, _ = apply(live, a)
    live, events = apply(premature_flop(live), RulePrematureCards())
    assert ruling(events).outcome == "reshuffle" and ruling(events).rule == "IRR-10"
    live, _ = apply(live, CheckCall(1))  # BB calls 4
    assert live.engine.pot == 24
    live, _ = apply(live, DealBoardCards(C[4:7]))
    assert live.engine.board == C[4:7] and conserved(live)


def flop_betting(house: str) -> LiveHand:
    live = preflop_limp(deal_unseen(start(house, 3)))
    live, _ = apply(live, BurnCard(C[0]))
    live, _ = apply(live, DealBoardCards(C[1:4]))
    live, _ = apply(live, BetRaise(0, 4))
    return live


def test_irr_11_lpr_premature_turn_river_card_becomes_turn() -> None:
    live = flop_betting("lpr")
    live, _ = apply(live, BurnCard(C[4]))  # b1
    live, _ = apply(live, DealBoardCards((C[5],)))  # T, premature: p2 and p3 still to act
    live, events = apply(live, RulePrematureCards())
    assert ruling(events).rule == "IRR-11" and live.where(C[5]) == "set_aside"
    live, _ = apply(live, CheckCall(1))
    live, _ = apply(live, CheckCall(2))
    live, events = apply(live, BurnCard(C[6]))  # b2: a new burn for the turn
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    live, _ = apply(live, DealBoardCards((C[7],)))  # R dealt as the turn
    for a in (CheckCall(0), CheckCall(1), CheckCall(2)):
        live, _ = apply(live, a)
    live, events = apply(live, DealBoardCards((C[5],)))  # reshuffled T may come; no burn
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert live.engine.board == (*C[1:4], C[7], C[5])


def test_irr_11_grosvenor_premature_turn_reshuffled() -> None:
    live = flop_betting("grosvenor")
    live, _ = apply(live, BurnCard(C[4]))
    live, _ = apply(live, DealBoardCards((C[5],)))
    live, events = apply(live, RulePrematureCards())
    assert ruling(events).rule == "IRR-11" and ruling(events).outcome == "reshuffle"
    assert live.where(C[5]) == "stub"


def test_irr_12_premature_river_reshuffled() -> None:
    live = flop_betting("lpr")
    live, _ = apply(live, CheckCall(1))
    live, _ = apply(live, CheckCall(2))
    live, _ = apply(live, BurnCard(C[4]))
    live, _ = apply(live, DealBoardCards((C[5],)))
    live, _ = apply(live, BetRaise(0, 10))
    live, _ = apply(live, BurnCard(C[6]))
    live, _ = apply(live, DealBoardCards((C[7],)))  # river while p2, p3 face the bet
    live, events = apply(live, RulePrematureCards())
    assert ruling(events).rule == "IRR-12" and live.where(C[7]) == "stub"


def test_irr_10_no_premature_cards_is_a_typed_error() -> None:
    with pytest.raises(FloorError) as err:
        apply(deal_unseen(start("lpr", 3)), RulePrematureCards())
    assert err.value.code == "no_premature_cards"


# --- IRR-14 burn errors --------------------------------------------------------------------


def test_irr_14_no_burn_and_two_burns_are_recorded() -> None:
    live = preflop_limp(deal_unseen(start("hippodrome", 3)))
    live, events = apply(live, DealBoardCards(C[:3]))
    assert BurnIrregularity(1, "no_burn") in events
    for a in (CheckCall(0), CheckCall(1), CheckCall(2)):
        live, _ = apply(live, a)
    # Dealing the turn over the unruled flop error makes it stand (IRR-14, HIPP:L159): the turn
    # owes two burns so that later cards come as without the error; a third is an error.
    live, events = apply(live, BurnCard(C[3]))
    assert ruling(events).outcome == "stands" and 2 in live.extra_burns
    live, events = apply(live, BurnCard(C[4]))
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    live, events = apply(live, BurnCard(C[5]))
    assert BurnIrregularity(2, "two_burns") in events


# --- floor audit: the misdeal cut-off at its edge, per house (MIS-01) -----------------------

ALL_HOUSES = ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")
CUTOFF = {"lpr": 2, "grosvenor": 1, "hippodrome": 2, "cambridge": 2, "roberts": 2}


@pytest.mark.parametrize("house", ALL_HOUSES)
def test_mis_01_heads_up_exact_action_count_that_closes_the_window(house: str) -> None:
    # Heads-up both players are blinds: only their voluntary actions count (blinds excluded).
    live = deal_unseen(start(house, 2))
    assert live.config.blinds == (2, 1) and live.engine.actor == 1  # the button completes
    steps = [live]
    live, _ = apply(live, CheckCall(1))  # the button calls: action 1
    steps.append(live)
    live, _ = apply(live, CheckCall(0))  # the big blind checks: action 2
    steps.append(live)
    for count, hand in enumerate(steps):
        assert hand.cutoff_count == count
        assert hand.misdeal_allowed is (count < CUTOFF[house])
    last_open = steps[CUTOFF[house] - 1]
    called, _ = apply(last_open, DeclareMisdeal("out_of_order"))
    assert called.redeal is not None and called.redeal.refunds == tuple(last_open.engine.contrib)
    assert conserved(called)
    with pytest.raises(FloorError) as err:
        apply(steps[CUTOFF[house]], DeclareMisdeal("out_of_order"))
    assert err.value.code == "misdeal_cutoff_passed"


@pytest.mark.parametrize("house", ["lpr", "hippodrome", "cambridge", "roberts"])
def test_mis_01_three_handed_button_fold_then_small_blind_call_closes(house: str) -> None:
    live = deal_unseen(start(house, 3))
    live, _ = apply(live, Fold(2))  # the button folds: one action
    called, _ = apply(live, DeclareMisdeal("wrong_first_seat"))
    assert called.redeal is not None and called.redeal.refunds == (1, 2, 0)
    live, _ = apply(live, CheckCall(0))  # the small blind completes: two actions
    with pytest.raises(FloorError) as err:
        apply(live, DeclareMisdeal("wrong_first_seat"))
    assert err.value.code == "misdeal_cutoff_passed"


def test_mis_01_a_raise_counts_as_one_action_and_refunds_it_all() -> None:
    live = deal_unseen(start("hippodrome", 6))
    live, _ = apply(live, BetRaise(2, 7))  # UTG raises to 7: one action, still a misdeal
    live, events = apply(live, DeclareMisdeal("dealt_to_wrong_seat"))
    assert live.redeal is not None and live.redeal.refunds == (1, 2, 7, 0, 0, 0)
    assert ruling(events).rule == "MIS-09" and conserved(live)


@pytest.mark.parametrize("house", ["lpr", "hippodrome", "cambridge"])
def test_mis_07_wrong_card_count_one_action_misdeal_two_actions_dead(house: str) -> None:
    live = deal_unseen(start(house, 4))
    one, _ = apply(live, Fold(2))
    called, events = apply(one, ExtraCardDealt(3, None))
    assert ruling(events).rule == "MIS-07" and called.redeal is not None
    assert called.redeal.refunds == (1, 2, 0, 0) and conserved(called)
    two, _ = apply(one, CheckCall(3))
    dead, events = apply(two, ExtraCardDealt(3, None))  # p4 already called 2
    assert ruling(events).rule == "DEAD-05" and dead.redeal is None
    assert dead.engine.folded[3] and dead.engine.pot == 5 and conserved(dead)


def test_mis_07_roberts_one_surplus_card_after_an_action_is_not_a_burn() -> None:
    # RRP:L45 only before the first betting round; after one action RRP:L17 makes it a misdeal.
    live = deal_unseen(start("roberts", 4))
    live, _ = apply(live, Fold(2))
    live, events = apply(live, ExtraCardDealt(0, None))
    assert ruling(events).rule == "MIS-07" and ruling(events).outcome == "misdeal"


# --- exposed cards on the deal: heads-up and Omaha (MIS-04, IRR-01) ---------------------------


@pytest.mark.parametrize(
    ("house", "misdeal"), [(h, h not in ("grosvenor", "cambridge")) for h in ALL_HOUSES]
)
def test_mis_04_heads_up_second_card_is_one_of_the_first_two(house: str, misdeal: bool) -> None:
    live, events = apply(deal(start(house, 2), C[:2]), ExposedCard(C[1]))
    assert ruling(events).rule == ("MIS-04" if misdeal else "IRR-01")
    assert (live.redeal is not None) is misdeal
    live, events = apply(deal(start(house, 2), C[:3]), ExposedCard(C[2]))  # the third card
    assert ruling(events).rule == "IRR-01" and live.owed == ((0, 1, "burn"),)


@pytest.mark.parametrize("house", ALL_HOUSES)
def test_irr_01_omaha_last_card_of_the_deal_exposed_then_flop_from_s2(house: str) -> None:
    cards = parse_cards("2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d")
    rules = load_house(house, "tournament" if house == "cambridge" else "cash")
    live = LiveHand.start(HandConfig.build("PO", (200,) * 3, 1, 2, rules=rules))
    live = deal(live, cards[:12])
    live, events = apply(live, ExposedCard(cards[11]))  # p3's fourth card, dealt last
    assert ruling(events).rule == "IRR-01" and live.owed == ((2, 3, "burn"),)
    live, _ = apply(live, DealHoleCard(2, cards[12]))  # s1 replaces it
    assert live.engine.hole_cards(2) == (cards[2], cards[5], cards[8], cards[12])
    assert live.where(cards[11]) == "burn" and live.burned == frozenset({1})
    live = preflop_limp(live)
    live, events = apply(live, DealBoardCards(cards[13:16]))  # flop s2 s3 s4, no new burn
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert live.engine.board == cards[13:16] and conserved(live)


# --- premature flop: the betting round complete or not (IRR-10) ----------------------------


def test_irr_10_grosvenor_heads_up_only_the_big_blind_check_pending_flop_stands() -> None:
    live = deal_unseen(start("grosvenor", 2))
    live, _ = apply(live, CheckCall(1))  # the button completes; the BB still has his option
    live = premature_flop(live)
    live, events = apply(live, RulePrematureCards())
    r = ruling(events)
    assert (r.rule, r.outcome, r.positions) == ("IRR-10", "stands", (0,))
    assert live.engine.board == C[1:4] and live.engine.pot == 4
    assert live.engine.actor == 0  # heads-up the big blind acts first after the flop


def test_irr_10_grosvenor_small_blind_still_to_complete_flop_goes_back() -> None:
    # GROS:L44: a player facing a bet (the SB owes 1) was not offered his call: reshuffle.
    live = s29_start("grosvenor")
    for a in (CheckCall(2), Fold(3), CheckCall(4)):
        live, _ = apply(live, a)
    live, events = apply(premature_flop(live), RulePrematureCards())
    assert ruling(events).outcome == "reshuffle"
    assert all(live.where(c) == "stub" for c in C[1:4])
    live, _ = apply(live, CheckCall(0))
    live, _ = apply(live, CheckCall(1))
    live, _ = apply(live, DealBoardCards(C[4:7]))
    assert live.engine.board == C[4:7] and live.engine.pot == 8 and conserved(live)


@pytest.mark.parametrize("house", ["lpr", "hippodrome", "roberts"])
def test_irr_10_premature_flop_does_not_play_even_if_the_last_player_folds(house: str) -> None:
    # HIPP:L158 / RRP:L50: the cards do not play "even if a player who has not acted folds".
    live = deal_unseen(start(house, 3))
    live, _ = apply(live, BetRaise(2, 6))
    live, _ = apply(live, Fold(0))
    live = premature_flop(live)  # the BB has not acted
    live, events = apply(live, RulePrematureCards())
    assert ruling(events).outcome == "reshuffle" and live.engine.board == ()
    live, _ = apply(live, Fold(1))
    assert live.engine.is_over and live.engine.board == ()
    assert live.engine.stacks == (199, 198, 203) and conserved(live)


@pytest.mark.parametrize("house", ALL_HOUSES)
def test_irr_10_flop_after_the_betting_round_is_complete_is_not_premature(house: str) -> None:
    live = preflop_limp(deal_unseen(start(house, 3)))
    live, _ = apply(live, BurnCard(C[0]))
    live, events = apply(live, DealBoardCards(C[1:4]))
    assert not any(isinstance(e, PrematureCardsDealt) for e in events)
    assert live.engine.board == C[1:4]
    with pytest.raises(FloorError) as err:
        apply(live, RulePrematureCards())
    assert err.value.code == "no_premature_cards"
