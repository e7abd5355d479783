"""A simple, readable bot: plays its strong hands, calls cheap, folds the rest.

>>> from pokerroom.cards import parse_cards
>>> strength(parse_cards("AsAh"), ())
1.0
>>> strength(parse_cards("7c2d"), ()) < 0.3
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerroom import evaluate
from pokerroom.cards import Card
from pokerroom.hand.actions import Action, BetRaise, CheckCall, Fold
from pokerroom.hand.betting import LegalActions

__all__ = ["SimpleBot", "strength"]


def strength(hole: Sequence[Card], board: Sequence[Card]) -> float:
    """A rough 0..1 strength: pre-flop from ranks and pairs, later from the made hand."""
    if not board:
        ranks = sorted((c >> 2 for c in hole), reverse=True)[:2]
        if ranks[0] == ranks[1]:
            return 0.6 + 0.4 * ranks[0] / 12
        suited = len({c & 3 for c in hole}) < len(hole)
        return min(0.55, (ranks[0] + ranks[1]) / 24 * 0.5 + 0.05 * suited)
    if len(hole) == 2:
        value = evaluate.holdem_high([*hole, *board])
    else:
        value = evaluate.omaha_high(hole, board)
    order = evaluate.CATEGORIES
    return (order.index(evaluate.hand_category(value)) + 1) / len(order)


class SimpleBot:
    """Raises strong hands, calls when the price is right, otherwise checks or folds."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(
        self, legal: LegalActions, hole: Sequence[Card], board: Sequence[Card], pot: int
    ) -> Action:
        """Choose an action for ``legal.actor`` holding ``hole``."""
        actor = legal.actor
        assert actor is not None
        s = strength(hole, board)
        if legal.min_raise_to is not None and legal.max_raise_to is not None and s > 0.7:
            # About the pot, in whole chips of the smallest unit that plays (STR-07).
            return BetRaise(actor, legal.in_unit(pot))
        if legal.can_check:
            return CheckCall(actor)
        price = legal.call_amount / max(pot + legal.call_amount, 1)
        if s >= 0.4 or price < 0.2 * s + 0.05 or self.rng.random() < 0.1:
            return CheckCall(actor)
        return Fold(actor)
