"""Tests for pokerroom.floor.procedure and the misdeal declarations: DEAL-02/03/04, MIS-03/09/11."""

from __future__ import annotations

import pytest
from livekit import HOUSES, conserved, deal_unseen, ruling, start, unchanged

from pokerroom.cards import parse_cards
from pokerroom.errors import PokerroomError
from pokerroom.floor.dealing import DealHoleCard
from pokerroom.floor.irregularities import DeclareMisdeal, FailureToCut, ReportIrregularity
from pokerroom.floor.live import apply, replay
from pokerroom.floor.procedure import (
    CardsToWrongSeat,
    PlayerDealtOut,
    SeatClaim,
    SelfDeal,
    ShuffleObjection,
    check_self_deal,
    entitlement,
)
from pokerroom.hand import BetRaise, CheckCall, Fold
from pokerroom.house import load_house

C = parse_cards("2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d")  # C[0] = 2c


# --- MIS-03 who may declare ------------------------------------------------------------------


@pytest.mark.parametrize("house", HOUSES)
def test_mis_03_a_player_cannot_call_a_misdeal(house: str) -> None:
    live = deal_unseen(start(house, 3))
    unchanged(live, DeclareMisdeal("out_of_order", by="player"), "not_permitted")
    live, events = apply(live, ReportIrregularity(2, "cards dealt out of order"))
    r = ruling(events)
    assert (r.rule, r.outcome, r.positions, r.ruling_required) == ("MIS-03", "reported", (2,), True)
    assert live.redeal is None and live.engine.pot == 3 and conserved(live)
    live, events = apply(live, DeclareMisdeal("out_of_order", by="dealer"))
    assert live.redeal is not None and live.redeal.refunds == (1, 2, 0) and conserved(live)


def test_mis_03_the_floor_may_call_a_misdeal_and_a_bad_report_is_refused() -> None:
    live = deal_unseen(start("lpr", 3))
    unchanged(live, ReportIrregularity(5, "x"), "bad_position")
    unchanged(live, ReportIrregularity(0, "  "), "empty_report")
    live, events = apply(live, DeclareMisdeal("out_of_order", by="floor"))
    assert ruling(events).rule == "MIS-08" and live.redeal is not None


# --- MIS-11 / DEAL-04 failure to cut -----------------------------------------------------------


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "hippodrome", "roberts", "cambridge"])
def test_mis_11_deal_04_failure_to_cut_before_betting_is_a_misdeal(house: str) -> None:
    live = deal_unseen(start(house, 3, mode="tournament" if house == "cambridge" else "cash"))
    live, events = apply(live, FailureToCut())
    r = ruling(events)
    assert (r.rule, r.outcome, r.refunds) == ("MIS-11", "misdeal", ((0, 1), (1, 2)))
    assert live.redeal is not None and live.redeal.same_button
    assert live.redeal.refunds == (1, 2, 0) and conserved(live)
    assert replay(live.config, live.log) == live


@pytest.mark.parametrize("house", HOUSES)
def test_deal_04_failure_to_cut_after_betting_began_the_hand_plays(house: str) -> None:
    live, _ = apply(deal_unseen(start(house, 4)), BetRaise(2, 6))
    unchanged(live, FailureToCut(), "misdeal_cutoff_passed")
    # the general cut-off (two actions at LPR) does not widen GROS:L33's "before any betting"
    unchanged(live, DeclareMisdeal("failure_to_cut"), "misdeal_cutoff_passed")


def test_mis_11_roberts_complaint_after_looking_is_too_late() -> None:
    live = deal_unseen(start("roberts", 3))
    unchanged(live, FailureToCut(reported_by=2, looked=True), "complaint_too_late")
    live, events = apply(live, FailureToCut(reported_by=2, looked=False))
    assert ruling(events).rule == "MIS-11" and live.redeal is not None
    # Grosvenor has no looking condition (GROS:L34)
    live, _ = apply(deal_unseen(start("grosvenor", 3)), FailureToCut(reported_by=2, looked=True))
    assert live.redeal is not None and live.redeal.refunds == (1, 2, 0)


# --- DEAL-02 objections to the shuffle ---------------------------------------------------------


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "hippodrome", "roberts", "cambridge"])
def test_deal_02_reshuffle_demanded_before_the_deal(house: str) -> None:
    live, events = apply(start(house, 3, mode="tournament"), ShuffleObjection(1))
    r = ruling(events)
    assert (r.rule, r.outcome, r.positions) == ("DEAL-02", "reshuffle", (1,))
    assert live.redeal is None and live.engine.pot == 3 and conserved(live)
    live = deal_unseen(live)  # the deal goes on after the reshuffle
    assert live.deal_complete


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "hippodrome", "cambridge"])
def test_deal_02_after_the_first_card_it_is_too_late(house: str) -> None:
    live, _ = apply(start(house, 3, mode="tournament"), DealHoleCard(0, None))
    unchanged(live, ShuffleObjection(1), "objection_too_late")


def test_deal_02_roberts_before_looking_or_betting_the_hand_is_redealt() -> None:
    live = deal_unseen(start("roberts", 3))
    unchanged(live, ShuffleObjection(1, looked=True), "objection_too_late")
    live2, events = apply(live, ShuffleObjection(1))
    r = ruling(events)
    assert (r.rule, r.outcome, r.refunds) == ("DEAL-02", "misdeal", ((0, 1), (1, 2)))
    assert live2.redeal is not None and live2.redeal.cause == "shuffle_objection"
    assert conserved(live2)
    live, _ = apply(live, CheckCall(2))  # betting has begun
    unchanged(live, ShuffleObjection(1), "objection_too_late")
    unchanged(live, ShuffleObjection(7), "bad_position")


# --- DEAL-03 self-dealt competitions -----------------------------------------------------------


def test_deal_03_grosvenor_competition_left_shuffles_right_cuts() -> None:
    live = start("grosvenor", 4, mode="tournament")
    live, events = apply(live, SelfDeal(dealer=3, shuffler=0, cutter=2))
    r = ruling(events)
    assert (r.rule, r.outcome, r.positions) == ("DEAL-03", "self_dealt", (3, 0, 2))
    assert "GROS:L143" in r.detail and live.engine.pot == 3 and conserved(live)
    unchanged(
        start("grosvenor", 4, mode="tournament"), SelfDeal(3, 2, 0), "wrong_shuffler_or_cutter"
    )
    unchanged(
        start("grosvenor", 4, mode="tournament"),
        SelfDeal(3, 0, 2, cut_card=False),
        "cut_card_required",
    )
    # heads-up: the third person is not a player in the hand
    live, _ = apply(start("grosvenor", 2, mode="tournament"), SelfDeal(0, 1, None))
    unchanged(
        start("grosvenor", 2, mode="tournament"), SelfDeal(0, 1, 1), "wrong_shuffler_or_cutter"
    )


@pytest.mark.parametrize("house", ["grosvenor", "lpr", "hippodrome", "roberts", "cambridge"])
def test_deal_03_cash_games_are_never_self_dealt(house: str) -> None:
    live = start(house, 4, mode="cash")
    if house in ("cambridge", "roberts"):  # CAMB:L14, RRP:L7-9 player-dealt, cash too
        live, events = apply(live, SelfDeal(3, 3, 2))
        assert ruling(events).outcome == "self_dealt"
        return
    unchanged(live, SelfDeal(3, 0, 2), "self_deal_not_allowed")
    with pytest.raises(PokerroomError) as err:
        check_self_deal(load_house(house, "cash"), 4, 3, 0, 2)
    assert err.value.code == "self_deal_not_allowed"
    if house == "grosvenor":
        assert "GROS:L145" in str(err.value)


@pytest.mark.parametrize("house", ["cambridge", "roberts"])
def test_deal_03_cambridge_any_player_deals_but_the_deck_is_cut(house: str) -> None:
    # CAMB:L34 cut every hand; RRP:L7 "the pack must be shuffled and cut before the cards are
    # dealt" (the three-person method is recommended, not required).
    live = start(house, 5, mode="tournament")
    unchanged(live, SelfDeal(2, 2, None), "cut_required")
    live, events = apply(live, SelfDeal(2, 2, 4))
    assert ruling(events).rule == "DEAL-03"
    live, _ = apply(live, DealHoleCard(0, None))
    unchanged(live, SelfDeal(2, 2, 4), "deal_started")


# --- MIS-09 dealing to the wrong seats ---------------------------------------------------------


def test_mis_09_entitlement_check() -> None:
    assert entitlement(SeatClaim(1, chips=100), "cash")[0]
    assert not entitlement(SeatClaim(1, occupied=False), "cash")[0]
    assert not entitlement(SeatClaim(1, chips=100, present=False), "cash")[0]
    assert entitlement(SeatClaim(1, chips=100, present=False), "tournament")[0]
    assert not entitlement(SeatClaim(1, chips=100, owes_blind=True), "cash")[0]
    assert not entitlement(SeatClaim(1, chips=0), "tournament")[0]
    assert entitlement(SeatClaim(1, present=False, posted=True), "cash")[0]  # HIPP:L131


@pytest.mark.parametrize("house", ["lpr", "hippodrome", "roberts"])
def test_mis_09_cards_to_an_empty_seat_before_the_cutoff_is_a_misdeal(house: str) -> None:
    live, _ = apply(deal_unseen(start(house, 4)), Fold(2))
    live, events = apply(live, CardsToWrongSeat(SeatClaim(6, occupied=False), cards=(None, None)))
    r = ruling(events)
    assert (r.rule, r.outcome, r.refunds) == ("MIS-09", "misdeal", ((0, 1), (1, 2)))
    assert live.redeal is not None and live.redeal.refunds == (1, 2, 0, 0) and conserved(live)


def test_mis_09_after_the_cutoff_the_hand_is_played_out() -> None:
    live = deal_unseen(start("hippodrome", 4))
    live, _ = apply(live, CheckCall(2))
    live, _ = apply(live, CheckCall(3))
    two = parse_cards("AsKd")
    live, events = apply(live, CardsToWrongSeat(SeatClaim(6, occupied=False), cards=two))
    assert ruling(events).outcome == "dead_cards" and live.where(two[0]) == "scrap"
    assert live.redeal is None and live.engine.pot == 7 and conserved(live)
    # p4 owed a blind and was dealt in: he acted, so his hand plays (HIPP:L223)
    owing = SeatClaim(9, chips=200, owes_blind=True)
    live, events = apply(live, CardsToWrongSeat(owing, position=3))
    assert ruling(events).outcome == "stands" and not live.engine.folded[3]


def test_mis_09_not_entitled_player_who_has_not_acted_is_dead_after_cutoff() -> None:
    live = deal_unseen(start("roberts", 5))
    live, _ = apply(live, CheckCall(2))
    live, _ = apply(live, CheckCall(3))
    absent = SeatClaim(5, chips=200, present=False)
    live, events = apply(live, CardsToWrongSeat(absent, position=4))
    assert ruling(events).rule == "MIS-09" and live.engine.folded[4]
    assert live.engine.pot == 7 and live.engine.stacks[4] == 200 and conserved(live)


def test_mis_09_entitled_seat_is_no_error_and_player_dealt_out() -> None:
    live = deal_unseen(start("roberts", 3))
    unchanged(live, CardsToWrongSeat(SeatClaim(2, chips=50), position=1), "entitled")
    unchanged(live, CardsToWrongSeat(SeatClaim(2, occupied=False)), "no_cards")
    unchanged(live, PlayerDealtOut(SeatClaim(4, chips=80, owes_blind=True)), "not_entitled")
    live2, events = apply(live, PlayerDealtOut(SeatClaim(4, chips=80)))
    assert ruling(events).rule == "MIS-09" and live2.redeal is not None
    assert live2.redeal.cause == "player_left_out" and conserved(live2)
    live, _ = apply(live, CheckCall(2))
    live, _ = apply(live, CheckCall(0))
    live, events = apply(live, PlayerDealtOut(SeatClaim(4, chips=80)))
    assert ruling(events).outcome == "stands" and live.redeal is None and conserved(live)
