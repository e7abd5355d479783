"""Tests for pokerroom.floor.dead: DEAD-03/04/06 and IRR-09, S32 exactly, chip conservation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from livekit import HOUSES, conserved, deal, deal_unseen, ruling, start

from pokerroom.cards import parse_cards
from pokerroom.errors import IllegalAction
from pokerroom.floor.dead import (
    CardsReachMuck,
    CardsThrownIntoHand,
    FoldDeclared,
    KillHand,
    PlayerDroppedCard,
    RetrieveHand,
)
from pokerroom.floor.dealing import BurnCard, DealBoardCards, EngineRebuilt, EngineStep, FloorError
from pokerroom.floor.live import LiveHand, apply, replay
from pokerroom.hand import BetRaise, CheckCall, Fold, legal_actions
from pokerroom.hand.events import UncalledBetReturned


def s32(house: str) -> LiveHand:
    """p1 = A (SB), p2 = B (BB), p3 UTG folds, p4 = C (button); pot 20 on the flop."""
    live = deal_unseen(start(house, 4))
    for a in (CheckCall(2), BetRaise(3, 6), CheckCall(0), CheckCall(1), Fold(2)):
        live, _ = apply(live, a)
    live, _ = apply(live, BurnCard(None))
    live, _ = apply(live, DealBoardCards(parse_cards("2c7d9h")))
    assert live.engine.pot == 20
    live, _ = apply(live, BetRaise(0, 20))  # A bets 20
    live, _ = apply(live, BetRaise(1, 60))  # B raises to 60
    return live


@pytest.mark.parametrize("house", ["grosvenor", "lpr"])
def test_dead_06_s32_killed_raiser_gets_raise_back(house: str) -> None:
    live, events = apply(s32(house), KillHand(1))
    r = ruling(events)
    assert r.rule == "DEAD-06" and r.refunds == ((1, 40),) and not r.ruling_required
    assert live.engine.folded[1] and 1 in live.dead
    assert live.engine.stacks[1] == 200 - 6 - 20  # his 20 call stays in the pot
    assert live.engine.pot == 20 + 20 + 20
    la = legal_actions(live.engine)
    assert (la.actor, la.call_amount, la.min_raise_to) == (3, 20, 40)  # C faces A's 20
    assert conserved(live) and replay(live.config, live.log) == live


@pytest.mark.parametrize("house", ["hippodrome", "roberts"])
def test_dead_06_s32_compare_no_redress(house: str) -> None:
    live, events = apply(s32(house), KillHand(1))
    assert ruling(events).refunds == ()
    assert live.engine.pot == 20 + 20 + 60  # B's whole 60 stays
    la = legal_actions(live.engine)
    assert (la.actor, la.call_amount) == (3, 60)  # the bet stays at 60
    assert conserved(live)


def test_dead_06_s32_variant_lpr_called_raise_gets_nothing() -> None:
    live, _ = apply(s32("lpr"), CheckCall(3))  # C calls 60
    live, events = apply(live, KillHand(1))
    r = ruling(events)
    assert r.refunds == () and not r.ruling_required
    assert live.engine.pot == 20 + 20 + 60 + 60 and conserved(live)
    assert legal_actions(live.engine).actor == 0  # A faces 40 more


def test_dead_06_s32_variant_grosvenor_called_raise_needs_a_ruling() -> None:
    live, _ = apply(s32("grosvenor"), CheckCall(3))
    live, events = apply(live, KillHand(1))
    r = ruling(events)
    assert r.refunds == () and r.ruling_required  # CONFLICTS G-16: pot held for the floor
    assert conserved(live)


@pytest.mark.parametrize(("house", "flagged"), [("grosvenor", True), ("lpr", False)])
def test_dead_06_raise_called_on_an_earlier_street(house: str, flagged: bool) -> None:
    # DEAD-06: B's flop raise to 60 is called by C and A; on the turn the dealer kills B's
    # hand. LPR r63: the raise was called, nothing back. GROS:L55 keeps "their raise" with no
    # word of the betting round: called, so the floor rules (CONFLICTS G-16), as on the flop.
    live, _ = apply(s32(house), CheckCall(3))
    live, _ = apply(live, CheckCall(0))
    live, _ = apply(live, BurnCard(None))
    live, _ = apply(live, DealBoardCards(parse_cards("Ks")))
    live, events = apply(live, KillHand(1))
    r = ruling(events)
    assert r.refunds == () and r.ruling_required is flagged
    assert conserved(live)


def test_dead_06_killed_hand_heads_up_ends_the_hand() -> None:
    live = deal_unseen(start("lpr", 2))
    live, _ = apply(live, BetRaise(1, 6))  # button (SB heads-up) raises
    live, _ = apply(live, KillHand(0))  # the dealer kills the BB's hand
    assert live.engine.is_over and conserved(live)


def test_dead_07_floor_kill_no_refund() -> None:
    live, events = apply(s32("grosvenor"), KillHand(1, by="floor"))
    assert ruling(events).rule == "DEAD-07" and ruling(events).refunds == ()
    assert live.engine.pot == 100 and conserved(live)


def test_dead_06_kill_out_of_turn_keeps_the_actor() -> None:
    live = deal_unseen(start("roberts", 6))
    live, _ = apply(live, CheckCall(2))
    live, _ = apply(live, KillHand(5))  # button's hand mucked while p4 is to act
    assert live.engine.actor == 3 and live.engine.folded[5]


def test_dead_06_killing_a_dead_hand_is_refused() -> None:
    live, _ = apply(s32("lpr"), KillHand(1))
    with pytest.raises(FloorError) as err:
        apply(live, KillHand(1))
    assert err.value.code == "already_killed"


# --- DEAD-03 retrieving a hand --------------------------------------------------------------


def test_dead_03_roberts_identifiable_hand_retrieved() -> None:
    live = deal_unseen(start("roberts", 4))
    live, _ = apply(live, Fold(2))
    live, events = apply(live, RetrieveHand(2))
    assert ruling(events).outcome == "retrieved" and live.engine.actor == 2
    assert not live.engine.folded[2] and conserved(live)


def test_dead_03_roberts_unidentifiable_hand_stays_dead() -> None:
    live, _ = apply(deal_unseen(start("roberts", 4)), Fold(2))
    with pytest.raises(FloorError) as err:
        apply(live, RetrieveHand(2, identifiable=False))
    assert err.value.code == "retrieval_not_allowed"


def test_dead_03_hippodrome_a_hand_that_reached_the_muck_stays_dead() -> None:
    # HIPP:L137, CONFLICTS H-12: reaching the muck or being unidentifiable, either suffices
    # (probe N06); clear of the muck and identifiable it may come back (floor's discretion).
    live, _ = apply(deal_unseen(start("hippodrome", 4)), Fold(2))
    with pytest.raises(FloorError) as err:
        apply(live, RetrieveHand(2, identifiable=True, touched_muck=True))
    assert err.value.code == "retrieval_not_allowed" and "reached the muck" in str(err.value)
    live, events = apply(live, RetrieveHand(2))
    assert ruling(events).outcome == "retrieved" and not live.engine.folded[2]


def test_dead_03_cambridge_never() -> None:
    live, _ = apply(deal_unseen(start("cambridge", 4, mode="tournament")), Fold(2))
    with pytest.raises(FloorError) as err:
        apply(live, RetrieveHand(2))
    assert err.value.code == "retrieval_not_allowed" and "never" in str(err.value)


def test_dead_03_grosvenor_retrieved_hand_may_not_raise() -> None:
    live, _ = apply(deal_unseen(start("grosvenor", 4)), Fold(2))
    with pytest.raises(FloorError):
        apply(live, RetrieveHand(2, touched_muck=True))
    live, events = apply(live, RetrieveHand(2))
    assert ruling(events).outcome == "retrieved_no_further_action"
    with pytest.raises(FloorError) as err:
        apply(live, BetRaise(2, 6))
    assert err.value.code == "no_further_action" and "G-17" in str(err.value)
    live, _ = apply(live, CheckCall(2))


def test_dead_03_retrieval_after_later_action_is_refused() -> None:
    live = deal_unseen(start("roberts", 4))
    live, _ = apply(live, Fold(2))
    live, _ = apply(live, CheckCall(3))
    with pytest.raises(FloorError) as err:
        apply(live, RetrieveHand(2))
    assert err.value.code == "cannot_retrieve"


# --- DEAD-04 thrown cards, IRR-09 dropped card ----------------------------------------------


@pytest.mark.parametrize(
    ("house", "mode", "identifiable", "dead"),
    [
        ("cambridge", "tournament", True, {2, 3}),
        ("hippodrome", "cash", False, {2, 3}),
        ("hippodrome", "cash", True, {2}),
        ("roberts", "cash", False, {2}),
    ],
)
def test_dead_04_cards_thrown_into_another_hand(
    house: str, mode: str, identifiable: bool, dead: set[int]
) -> None:
    live = deal_unseen(start(house, 5, mode=mode))
    live, events = apply(live, CardsThrownIntoHand(2, 3, identifiable))
    assert {p for p in range(5) if live.engine.folded[p]} == dead
    assert ruling(events).rule == "DEAD-04" and conserved(live)


def test_irr_09_hippodrome_dropped_card_hand_dead() -> None:
    live = deal_unseen(start("hippodrome", 4))
    live, events = apply(live, PlayerDroppedCard(1, None))
    assert ruling(events).rule == "IRR-09" and live.engine.folded[1]
    assert live.engine.pot == 3 and conserved(live)


def test_irr_09_lpr_dropped_card_plays() -> None:
    live = deal(start("lpr", 4), parse_cards("AsKsQsJsTs9s8s7s"))
    live, events = apply(live, PlayerDroppedCard(1, parse_cards("Ks")[0]))
    assert ruling(events).outcome == "exposed_in_hand" and not live.engine.folded[1]


# --- conservation under random kills, refunds and misdeals in every house -------------------


@settings(max_examples=60, deadline=None)
@given(
    house=st.sampled_from(["lpr", "grosvenor", "hippodrome", "roberts"]),
    raises=st.lists(st.integers(0, 3), min_size=0, max_size=4),
    victim=st.integers(0, 3),
)
def test_dead_06_chips_conserved_for_any_kill(house: str, raises: list[int], victim: int) -> None:
    live = deal_unseen(start(house, 4))
    for r in raises:
        la = legal_actions(live.engine)
        if la.actor is None:
            break
        if r == 0 and la.min_raise_to is not None:
            live, _ = apply(live, BetRaise(la.actor, la.min_raise_to))
        elif r == 1:
            live, _ = apply(live, Fold(la.actor))
        else:
            live, _ = apply(live, CheckCall(la.actor))
    if live.engine.is_over or live.engine.folded[victim] or live.engine.phase_name != "bet":
        return
    before = live.engine.contrib[victim]
    live, events = apply(live, KillHand(victim))
    refund = sum(a for _, a in ruling(events).refunds)
    # POT-04 / G8: if the kill closes the round, the engine hands back a bet nobody matched.
    uncalled = sum(
        x.amount
        for e in events
        if isinstance(e, EngineStep | EngineRebuilt)
        for x in e.events
        if isinstance(x, UncalledBetReturned) and x.position == victim
    )
    assert live.engine.contrib[victim] in (before - refund, before - refund - uncalled)
    assert conserved(live) and replay(live.config, live.log) == live


# --- DEAD-01 folding, DEAD-02 cards reaching the muck ------------------------------------------


@pytest.mark.parametrize("house", HOUSES)
def test_dead_01_spoken_fold_facing_a_bet_is_final(house: str) -> None:
    live, _ = apply(deal_unseen(start(house, 4)), BetRaise(2, 6))
    live, events = apply(live, FoldDeclared(3))
    r = ruling(events)
    assert (r.rule, r.outcome, r.positions) == ("DEAD-01", "dead", (3,))
    assert live.engine.folded[3] and live.engine.actor == 0
    assert live.engine.pot == 9 and live.engine.stacks[3] == 200 and conserved(live)
    with pytest.raises(IllegalAction):  # a fold cannot be taken back by acting again
        apply(live, CheckCall(3))
    assert replay(live.config, live.log) == live


def test_dead_01_forward_motion_not_facing_a_bet_dead_only_if_a_later_player_acted() -> None:
    live = deal_unseen(start("roberts", 3))
    for a in (CheckCall(2), CheckCall(0)):
        live, _ = apply(live, a)
    before = live
    live, events = apply(live, FoldDeclared(1, "forward_motion"))
    assert ruling(events).outcome == "live" and not live.engine.folded[1]
    assert live.engine.actor == 1 and live.engine.pot == before.engine.pot
    live, events = apply(before, FoldDeclared(1, "forward_motion", next_player_acted=True))
    assert ruling(events).outcome == "dead" and live.engine.folded[1]
    assert live.engine.pot == 6 and conserved(live)


def test_dead_01_fold_out_of_turn_or_bad_position_changes_nothing() -> None:
    live = deal_unseen(start("cambridge", 3, mode="tournament"))
    with pytest.raises(FloorError) as err:
        apply(live, FoldDeclared(1))
    assert err.value.code == "not_in_turn"
    with pytest.raises(FloorError) as err:
        apply(live, FoldDeclared(9))
    assert err.value.code == "bad_position"


@pytest.mark.parametrize("house", ["grosvenor", "cambridge", "hippodrome"])
def test_dead_02_folded_hand_in_the_muck_is_never_retrieved(house: str) -> None:
    mode = "tournament" if house == "cambridge" else "cash"
    live, _ = apply(deal_unseen(start(house, 4, mode=mode)), Fold(2))
    live, events = apply(live, CardsReachMuck(2, identifiable=True))
    assert ruling(events).rule == "DEAD-02" and 2 in live.in_muck
    with pytest.raises(FloorError) as err:
        apply(live, RetrieveHand(2, identifiable=True))
    assert err.value.code == "retrieval_not_allowed" and "DEAD-02" in str(err.value)


def test_dead_02_roberts_identifiable_hand_in_the_muck_may_come_back() -> None:
    live, _ = apply(deal_unseen(start("roberts", 4)), Fold(2))
    kept, events = apply(live, CardsReachMuck(2, identifiable=True))
    assert ruling(events).outcome == "in_muck"
    kept, events = apply(kept, RetrieveHand(2))
    assert ruling(events).outcome == "retrieved" and not kept.engine.folded[2]
    lost, events = apply(live, CardsReachMuck(2, identifiable=False))
    assert ruling(events).outcome == "dead"
    with pytest.raises(FloorError) as err:
        apply(lost, RetrieveHand(2, identifiable=True))
    assert err.value.code == "retrieval_not_allowed"


@pytest.mark.parametrize(
    ("house", "dead"),
    [("grosvenor", True), ("cambridge", True), ("hippodrome", False), ("roberts", False)],
)
def test_dead_02_live_hand_touching_the_muck(house: str, dead: bool) -> None:
    mode = "tournament" if house == "cambridge" else "cash"
    live, _ = apply(deal_unseen(start(house, 4, mode=mode)), BetRaise(2, 6))
    live, events = apply(live, CardsReachMuck(0, identifiable=True))
    assert ruling(events).rule == "DEAD-02"
    assert live.engine.folded[0] is dead
    if not dead:  # not identifiable: dead everywhere
        gone, _ = apply(live, CardsReachMuck(0, identifiable=False))
        assert gone.engine.folded[0] and 0 in gone.in_muck
    assert live.engine.pot == 9 and live.engine.stacks[0] == 199 and conserved(live)
    if dead:
        assert 0 in live.in_muck
    with pytest.raises(FloorError) as err:
        apply(live, CardsReachMuck(7))
    assert err.value.code == "bad_position"


@pytest.mark.parametrize("house", HOUSES)
def test_dead_04_irr_05_irr_09_mis_07_positions_outside_the_hand_are_refused(house: str) -> None:
    from livekit import unchanged

    from pokerroom.cards import parse_cards
    from pokerroom.floor.dead import CardsThrownIntoHand, PlayerDroppedCard
    from pokerroom.floor.irregularities import DuplicateCardFound, ExtraCardDealt

    live = deal(start(house, 3), parse_cards("2c3c4c5c6c7c"))
    seen = parse_cards("2c")[0]
    for command in (
        CardsThrownIntoHand(9, 1),
        CardsThrownIntoHand(1, 9),
        DuplicateCardFound(seen, knowing_player=9),
        DuplicateCardFound(seen, knowing_player=0, award_to=9),
        ExtraCardDealt(9, None),
        ExtraCardDealt(-1, None),
        PlayerDroppedCard(9, None),
    ):
        unchanged(live, command, "bad_position")


def test_irr_10_a_premature_flop_naming_a_card_twice_is_refused() -> None:
    from livekit import preflop_limp, unchanged

    from pokerroom.cards import parse_cards
    from pokerroom.floor.dealing import DealBoardCards

    nine, ten = parse_cards("9cTc")
    twice = DealBoardCards((nine, nine, ten))
    live = deal(start("hippodrome", 3), parse_cards("2c3c4c5c6c7c"))
    live, _ = apply(live, CheckCall(2))  # the blinds still to act: a flop now is premature
    unchanged(live, twice, "duplicate_card")
    live = preflop_limp(deal(start("hippodrome", 3), parse_cards("2c3c4c5c6c7c")))
    unchanged(live, twice, "duplicate_card")


# ---- floor audit: DEAD-06 heads-up and multiway -------------------------------------------------


@pytest.mark.parametrize(
    ("house", "refund", "stacks"),
    [
        ("lpr", 12, (194, 206)),  # LPR r63: the uncalled re-raise (18 - 6) comes back
        ("grosvenor", 12, (194, 206)),  # GROS:L55: the raise beyond the call comes back
        ("hippodrome", 0, (182, 218)),  # HIPP:L148: no redress
        ("roberts", 0, (182, 218)),  # RRP:L36: no redress
    ],
)
def test_dead_06_heads_up_uncalled_reraise_of_a_killed_big_blind(
    house: str, refund: int, stacks: tuple[int, int]
) -> None:
    live = deal_unseen(start(house, 2))
    live, _ = apply(live, BetRaise(1, 6))  # the button raises to 6
    live, _ = apply(live, BetRaise(0, 18))  # the BB re-raises to 18
    live, events = apply(live, KillHand(0))  # the dealer mucks the BB's hand
    r = ruling(events)
    assert r.refunds == (((0, refund),) if refund else ()) and not r.ruling_required
    assert live.engine.is_over and live.engine.stacks == stacks and conserved(live)


@pytest.mark.parametrize(
    ("house", "held"),
    [("lpr", False), ("grosvenor", True), ("hippodrome", False), ("roberts", False)],
)
def test_dead_06_raise_called_by_one_player_before_the_kill(house: str, held: bool) -> None:
    # UTG raises to 6, the SB calls; the BB has not acted when UTG's hand is mucked.
    live = deal_unseen(start(house, 3))
    live, _ = apply(live, BetRaise(2, 6))
    live, _ = apply(live, CheckCall(0))
    live, events = apply(live, KillHand(2))
    r = ruling(events)
    assert r.refunds == () and r.ruling_required is held  # CONFLICTS G-16 at GROS
    assert live.engine.pot == 14 and live.engine.stacks == (194, 198, 194) and conserved(live)
    assert legal_actions(live.engine).actor == 1  # the BB still faces 4 more


@pytest.mark.parametrize(("house", "bb"), [("lpr", 203), ("grosvenor", 203), ("roberts", 207)])
def test_dead_06_uncalled_raise_everyone_else_folded(house: str, bb: int) -> None:
    # UTG raises to 6, the SB folds, UTG's hand is mucked: LPR/GROS give back the 4 over the
    # big blind (the call of 2 stays and the BB wins 5); Robert's Rules give nothing back.
    live = deal_unseen(start(house, 3))
    live, _ = apply(live, BetRaise(2, 6))
    live, _ = apply(live, Fold(0))
    live, _ = apply(live, KillHand(2))
    assert live.engine.is_over and live.engine.stacks[1] == bb and conserved(live)
