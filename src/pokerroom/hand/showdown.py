"""Showdown: who shows first, hand values, and the award of every pot (SHD, POT rules).

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.hand.config import VARIANTS
>>> hi, lo = hand_values(VARIANTS["NT"], parse_cards("AsAd"), parse_cards("AcKd7h2s3c"))
>>> kings, _ = hand_values(VARIANTS["NT"], parse_cards("KsKh"), parse_cards("AcKd7h2s3c"))
>>> lo is None and hi > kings
True
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerroom import evaluate
from pokerroom.cards import Card
from pokerroom.hand.config import Variant
from pokerroom.hand.state import HandState

__all__ = ["hand_values", "showdown_order", "values_name"]


def hand_values(
    variant: Variant, hole: Sequence[Card], board: Sequence[Card]
) -> tuple[int, int | None]:
    """(high value, low value or None) of a hand; higher is better in both."""
    ev = variant.evaluation
    if ev == "holdem":
        return evaluate.holdem_high([*hole, *board]), None
    if ev == "omaha":
        return evaluate.omaha_high(hole, board), None
    if ev == "omaha_hilo":
        return evaluate.omaha_high(hole, board), evaluate.omaha_low8(hole, board)
    if ev == "short_deck":
        return evaluate.short_deck_high([*hole, *board]), None
    if ev == "deuce_seven":
        return evaluate.deuce_to_seven_low(hole), None
    return evaluate.badugi(hole), None


def values_name(variant: Variant, value: int) -> str:
    """A hand's name for the history (``"two pair, kings and sevens"``) where we have one."""
    if variant.evaluation in ("holdem", "omaha", "omaha_hilo"):
        return evaluate.hand_name(value)
    return ""


def showdown_order(s: HandState) -> list[int]:
    """The order in which the hands still in are shown (SHD-01, SHD-02).

    The last bettor or raiser of the final betting round shows first (SHD-01); with no bet on
    that round the house decides (SHD-02): the first player to act (left of the button),
    LPR's all-in players first, or GROS's last aggressor of an earlier street. Then clockwise.
    """
    n = s.n
    live = [i for i in range(n) if not s.folded[i]]
    rule = s.config.rules.showdown_order_no_river_bet
    first: int | None = None
    rules = s.config.rules
    final_round_bet = (
        rules.showdown_final_round == "last_betting_round"
        or s.bet_street == s.config.variant.streets - 1
    )
    if s.street_aggressor >= 0 and final_round_bet:
        first = s.street_aggressor  # SHD-01
    elif (
        rule == "last_aggressor_any_street"
        and s.last_aggressor >= 0
        and not s.folded[s.last_aggressor]
    ):
        first = s.last_aggressor  # SHD-02 GROS
    start = live[0] if first is None else first
    order = sorted(live, key=lambda i: (i - start) % n)
    if first is None and rule == "left_of_button_allin_first":
        # SHD-02 LPR r32: an all-in player shows first.
        order.sort(key=lambda i: s._stacks[i] != 0)
    if s.config.rules.side_pot_players_show_first:
        # SHD-02 RRP: players contesting a side pot show before a main-pot-only all-in.
        order.sort(key=lambda i: -s.contrib[i])
    return order
