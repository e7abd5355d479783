"""Tests for pokerroom.floor.deck_faults: IRR-06 different back, IRR-07 missing cards,
IRR-08 flashed cards, IRR-15 fouled stub."""

from __future__ import annotations

import pytest
from livekit import conserved, deal, ruling, start, unchanged

from pokerroom.cards import parse_cards
from pokerroom.errors import DealError
from pokerroom.floor.dealing import BurnCard, DealBoardCards, DealHoleCard
from pokerroom.floor.deck_faults import DifferentBackFound, FlashedCard, MissingCards, StubFouled
from pokerroom.floor.live import LiveHand, apply, replay
from pokerroom.hand import BetRaise, CheckCall, Fold

C = parse_cards("2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d")  # C[0] = 2c


def to_turn(house: str) -> LiveHand:
    """Four players, known cards; pre-flop p3 raises to 6, p4 and p2 call, p1 folds; the flop
    is 2d 3d 4d, p2 checks, p3 bets 10, p4 calls, p2 folds: pot 39."""
    live = deal(start(house, 4), C[:8])
    for a in (BetRaise(2, 6), CheckCall(3), Fold(0), CheckCall(1)):
        live, _ = apply(live, a)
    live, _ = apply(live, BurnCard(C[8]))
    live, _ = apply(live, DealBoardCards(C[13:16]))
    for a in (CheckCall(1), BetRaise(2, 10), CheckCall(3), Fold(1)):
        live, _ = apply(live, a)
    assert live.engine.pot == 39
    return live


# --- IRR-06 card with a different back ---------------------------------------------------------


@pytest.mark.parametrize("house", ["hippodrome", "roberts", "lpr", "grosvenor"])
def test_irr_06_different_back_during_the_hand_voids_it(house: str) -> None:
    live = to_turn(house)
    live, events = apply(live, DifferentBackFound(C[5]))  # in p2's hand
    r = ruling(events)
    assert (r.rule, r.outcome) == ("IRR-06", "void")
    assert r.refunds == ((0, 1), (1, 6), (2, 16), (3, 16))
    assert live.redeal is not None and live.redeal.kind == "void" and live.redeal.same_button
    assert live.redeal.refunds == (1, 6, 16, 16) and conserved(live)
    assert replay(live.config, live.log) == live


def test_irr_06_different_back_in_the_stub_action_stands() -> None:
    live = to_turn("roberts")
    odd = parse_cards("Kh")[0]
    live, events = apply(live, DifferentBackFound(odd, in_stub=True))
    assert ruling(events).outcome == "void_card" and live.redeal is None
    assert live.where(odd) == "scrap" and live.engine.pot == 39 and conserved(live)
    with pytest.raises(DealError):  # the odd card can no longer be dealt
        apply(live, BurnCard(odd))
    unchanged(live, DifferentBackFound(C[5], in_stub=True), "card_not_in_stub")
    unchanged(live, DifferentBackFound(parse_cards("Qh")[0]), "card_not_in_play")


# --- IRR-07 missing cards ------------------------------------------------------------------


@pytest.mark.parametrize("house", ["hippodrome", "roberts"])
def test_irr_07_missing_cards_do_not_invalidate_the_hand(house: str) -> None:
    live = to_turn(house)
    kh = parse_cards("Kh")[0]
    live, events = apply(live, MissingCards((kh,)))
    assert ruling(events).rule == "IRR-07" and live.redeal is None and live.where(kh) == "missing"
    assert live.engine.pot == 39 and conserved(live)
    live, _ = apply(live, BurnCard(None))
    live, _ = apply(live, DealBoardCards(parse_cards("7h")))
    live, _ = apply(live, CheckCall(2))
    live, _ = apply(live, Fold(3))  # p3 wins 39
    assert live.engine.is_over and live.engine.stacks == (199, 194, 223, 184)
    live, events = apply(live, MissingCards(count=2))  # counted after the pot: result stands
    assert "stands" in ruling(events).detail and live.engine.stacks == (199, 194, 223, 184)
    unchanged(live, MissingCards(C[:1]), "card_not_missing")
    unchanged(live, MissingCards(), "nothing_missing")


# --- IRR-08 flashed cards ----------------------------------------------------------------


@pytest.mark.parametrize("house", ["hippodrome", "roberts"])
def test_irr_08_dealer_flash_is_an_exposed_card(house: str) -> None:
    live = deal(start(house, 3), C[:4])  # C[3] is p1's second card, not one of the first two
    live, events = apply(live, FlashedCard(0, C[3], "dealer"))
    r = ruling(events)
    assert (r.rule, r.outcome) == ("IRR-08", "replace") and live.owed == ((0, 1, "burn"),)
    live = deal(live, ())
    live, _ = apply(live, DealHoleCard(1, C[4]))
    live, _ = apply(live, DealHoleCard(2, C[5]))
    live, _ = apply(live, DealHoleCard(0, C[6]))  # the replacement: no choice to keep C[3]
    assert live.hands[0] == (C[0], C[6]) and live.where(C[3]) == "burn" and conserved(live)


def test_irr_08_dealer_flash_of_first_card_is_a_misdeal_where_the_house_says() -> None:
    live, events = apply(deal(start("hippodrome", 3), C[:1]), FlashedCard(0, C[0], "dealer"))
    assert ruling(events).rule == "MIS-04" and live.redeal is not None and conserved(live)


def test_irr_08_roberts_player_looked_before_saying_so_the_card_plays() -> None:
    live = deal(start("roberts", 3), C[:4])
    live, events = apply(live, FlashedCard(0, C[3], "dealer", looked=True))
    assert ruling(events).outcome == "plays" and not live.owed
    # HIPP has no such condition: the card is replaced
    live, events = apply(deal(start("hippodrome", 3), C[:4]), FlashedCard(0, C[3], "dealer", True))
    assert ruling(events).outcome == "replace"


def test_irr_08_hippodrome_player_flash_loses_aggressive_action() -> None:
    live = deal(start("hippodrome", 3), C[:6])
    live, events = apply(live, FlashedCard(2, C[2], "player"))
    r = ruling(events)
    assert (r.rule, r.outcome, r.positions) == ("IRR-08", "aggression_locked", (2,))
    unchanged(live, BetRaise(2, 6), "no_further_action")
    live, _ = apply(live, CheckCall(2))  # he may still call
    assert live.engine.pot == 5 and conserved(live)


def test_irr_08_roberts_player_flash_plays() -> None:
    live = deal(start("roberts", 3), C[:6])
    live, events = apply(live, FlashedCard(2, C[2], "player"))
    assert ruling(events).outcome == "plays" and not live.restricted
    live, _ = apply(live, BetRaise(2, 6))
    assert live.engine.pot == 9 and conserved(live)


def test_irr_08_bad_flash_reports_are_refused() -> None:
    live = deal(start("roberts", 3), C[:6])
    unchanged(live, FlashedCard(1, C[2], "player"), "card_not_in_hand")
    unchanged(live, FlashedCard(5, C[2], "player"), "bad_position")


# --- IRR-15 fouled stub ------------------------------------------------------------------


@pytest.mark.parametrize("house", ["hippodrome", "lpr", "grosvenor", "roberts"])
def test_irr_15_stub_mixed_with_muck_voids_the_hand(house: str) -> None:
    live, events = apply(to_turn(house), StubFouled(mixed_with_muck=True))
    r = ruling(events)
    assert (r.rule, r.outcome) == ("IRR-15", "void")
    assert live.redeal is not None and live.redeal.refunds == (1, 6, 16, 16) and conserved(live)


def test_irr_15_dropped_stub_hand_is_played_out() -> None:
    live, events = apply(to_turn("hippodrome"), StubFouled())
    assert ruling(events).outcome == "stub_reconstituted" and live.redeal is None
    live, _ = apply(live, BurnCard(None))
    live, _ = apply(live, DealBoardCards(parse_cards("7h")))
    assert live.engine.board == (*C[13:16], parse_cards("7h")[0]) and conserved(live)
    assert replay(live.config, live.log) == live
