"""Tests for pokerroom.floor.live: physical dealing, pass-through, card tracking, replay, errors."""

from __future__ import annotations

import pytest
from livekit import conserved, deal, deal_unseen, start

from pokerroom.cards import parse_cards
from pokerroom.errors import DealError, IllegalAction
from pokerroom.floor.dealing import (
    BoardCardsDealt,
    BurnCard,
    BurnIrregularity,
    DealBoardCards,
    DealHoleCard,
    FloorError,
)
from pokerroom.floor.live import apply, replay
from pokerroom.hand import BetRaise, CheckCall, Fold


def test_flow_02_hole_cards_one_at_a_time_clockwise_from_p1() -> None:
    live = start("lpr", 3)
    cards = parse_cards("AsKsQdQc7h2d")
    live, _ = apply(live, DealHoleCard(0, cards[0]))
    with pytest.raises(DealError) as err:
        apply(live, DealHoleCard(2, cards[1]))
    assert err.value.code == "out_of_order" and "p2" in str(err.value)
    live = deal(start("lpr", 3), cards)
    assert live.hands == ((cards[0], cards[3]), (cards[1], cards[4]), (cards[2], cards[5]))
    assert live.engine.hole_cards(1) == (cards[1], cards[4])
    assert live.where(cards[4]) == "hole p2"


def test_flow_05_burn_before_each_street_is_tracked() -> None:
    cards = parse_cards("AsKsQdQc7h2d")
    board = parse_cards("2c3c4c5c6c7c8c9c")
    live = deal(start("roberts", 3), cards)
    for a in (CheckCall(2), CheckCall(0), CheckCall(1)):
        live, _ = apply(live, a)
    live, _ = apply(live, BurnCard(board[0]))
    live, events = apply(live, DealBoardCards(board[1:4]))
    assert not any(isinstance(e, BurnIrregularity) for e in events)
    assert any(isinstance(e, BoardCardsDealt) for e in events)
    assert live.where(board[0]) == "burn" and live.where(board[2]) == "board"
    assert live.engine.board == board[1:4]
    assert live.burned == frozenset({1})


def test_actions_pass_through_and_count_toward_cutoff() -> None:
    live = deal_unseen(start("lpr", 4))
    assert live.actions == 0 and live.misdeal_allowed
    live, _ = apply(live, Fold(2))
    assert live.actions == 1 and live.misdeal_allowed
    live, _ = apply(live, CheckCall(3))
    assert live.actions == 2 and not live.misdeal_allowed
    with pytest.raises(IllegalAction):
        apply(live, BetRaise(1, 3))  # out of turn: the engine's own error passes through


def test_duplicate_report_is_refused_and_changes_nothing() -> None:
    cards = parse_cards("AsKsQdQc7h2d")
    live = deal(start("lpr", 3), cards[:5])
    with pytest.raises(DealError) as err:
        apply(live, DealHoleCard(2, cards[0]))
    assert err.value.code == "duplicate_card" and "DuplicateCardFound" in str(err.value)
    assert live.hands[2] == (cards[2],)


def test_board_before_deal_complete_is_refused() -> None:
    live = start("lpr", 3)
    with pytest.raises(DealError) as err:
        apply(live, DealBoardCards(parse_cards("2c3c4c")))
    assert err.value.code == "no_board_due"


def test_floor_op_on_finished_hand_is_refused() -> None:
    live = deal_unseen(start("lpr", 3))
    live, _ = apply(live, Fold(2))
    live, _ = apply(live, Fold(0))
    assert live.engine.is_over
    with pytest.raises(FloorError) as err:
        apply(live, BurnCard(None))
    assert err.value.code == "hand_over" and "GOV-01" in str(err.value)


def test_replay_rebuilds_the_live_hand_exactly() -> None:
    live = deal(start("grosvenor", 3), parse_cards("AsKsQdQc7h2d"))
    for a in (BetRaise(2, 6), CheckCall(0), CheckCall(1)):
        live, _ = apply(live, a)
    live, _ = apply(live, BurnCard(None))
    live, _ = apply(live, DealBoardCards(parse_cards("2c3c4c")))
    live, _ = apply(live, BetRaise(0, 10))
    assert replay(live.config, live.log) == live
    assert conserved(live)


def test_unknown_command_is_a_typed_error() -> None:
    with pytest.raises(FloorError) as err:
        apply(start("lpr", 3), "shuffle")
    assert err.value.code == "unknown_command"
