"""The cash-game floor: balancing same-stakes games and session fees."""

from pokerroom.cash.balancing import GameCount, seat_new_player, transfer_allowed
from pokerroom.cash.fees import FeeDecision, RefusalDecision, fee_on_refusal, fee_on_sitting

__all__ = [
    "FeeDecision",
    "GameCount",
    "RefusalDecision",
    "fee_on_refusal",
    "fee_on_sitting",
    "seat_new_player",
    "transfer_allowed",
]
