"""The cash-game floor: seating, waiting lists, transfers, balancing and session fees.

Times: every ``at``, ``away_since``, ``called_at`` and the like is seconds on the caller's
clock (a float; only differences count), the house's limits are in minutes
(``SeatingPolicy``); session fees (:func:`fee_on_sitting`) take the time of day, whole seconds
since midnight (0..86399), since they fall due at fixed minutes past the hour.
"""

from pokerroom.cash.balancing import GameCount, seat_new_player, transfer_allowed
from pokerroom.cash.fees import FeeDecision, RefusalDecision, fee_on_refusal, fee_on_sitting
from pokerroom.cash.policy import SeatingError, SeatingPolicy, seating_policy
from pokerroom.cash.seating import (
    Placement,
    Room,
    absence_expired,
    allocate_broken_game,
    busted_seat_released,
    condition_change_allowed,
    must_move,
    play_over_allowed,
    random_card_for_moves,
)
from pokerroom.cash.waitlist import (
    Arrival,
    Entry,
    WaitingList,
    choose_new_game_seats,
    new_game_lockup_released,
    seat_change_winner,
)

__all__ = [
    "Arrival",
    "Entry",
    "FeeDecision",
    "GameCount",
    "Placement",
    "RefusalDecision",
    "Room",
    "SeatingError",
    "SeatingPolicy",
    "WaitingList",
    "absence_expired",
    "allocate_broken_game",
    "busted_seat_released",
    "choose_new_game_seats",
    "condition_change_allowed",
    "fee_on_refusal",
    "fee_on_sitting",
    "must_move",
    "new_game_lockup_released",
    "play_over_allowed",
    "random_card_for_moves",
    "seat_change_winner",
    "seat_new_player",
    "seating_policy",
    "transfer_allowed",
]
