"""The hand engine: one deal of Hold'em, Omaha or a draw game, pure and event-sourced.

>>> from pokerroom.hand import HandConfig, start_hand, legal_actions
>>> state, events = start_hand(HandConfig.holdem_no_limit((100, 100), 1, 2))
>>> [type(e).__name__ for e in events]
['BlindPosted', 'BlindPosted']
"""

from pokerroom.hand.actions import (
    Action,
    BetRaise,
    CheckCall,
    CorrectBet,
    DealBoard,
    DealHole,
    DealHoles,
    Discard,
    Fold,
    KillHand,
    Muck,
    RunItTwice,
    RunOnce,
    Show,
    UndersizedBet,
)
from pokerroom.hand.betting import LegalActions, legal_actions
from pokerroom.hand.config import VARIANTS, HandConfig, Variant
from pokerroom.hand.engine import apply, apply_in_place, evolve, replay, start_hand
from pokerroom.hand.state import HandState

__all__ = [
    "VARIANTS",
    "Action",
    "BetRaise",
    "CheckCall",
    "CorrectBet",
    "DealBoard",
    "DealHole",
    "DealHoles",
    "Discard",
    "Fold",
    "HandConfig",
    "HandState",
    "KillHand",
    "LegalActions",
    "Muck",
    "RunItTwice",
    "RunOnce",
    "Show",
    "UndersizedBet",
    "Variant",
    "apply",
    "apply_in_place",
    "evolve",
    "legal_actions",
    "replay",
    "start_hand",
]
