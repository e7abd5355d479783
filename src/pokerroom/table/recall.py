"""What the table remembers of the last hand's showdown, for SHD-08 requests to see a hand.

A request to see a hand is made after the showdown and before the next deal (HIPP:L55: a
ruling about a pot is asked for before the next hand starts). The table keeps, for the last
hand that reached a showdown (two hands or more not folded), only what the rule needs: who was
dealt in (LPR r74, RRP:L73), who put money in voluntarily (HIPP:L193), what became of each hand
(tabled, conceded at the showdown, folded before it), its hole cards and what it won.
When a hand finishes, the table's ``evolve`` keeps it as a :class:`FinishedHand` (so replaying
the log rebuilds it); :func:`record_showdown` reads the record from it only when a player
asks, since the table settles every hand and few are asked about.

>>> from pokerroom.table.seats import PlayerId, SeatNo
>>> rec = ShowdownRecord(1, "NT", (), (
...     ShowdownHand(SeatNo(1), PlayerId("ann"), (), "shown", True, 10),
...     ShowdownHand(SeatNo(2), PlayerId("bob"), (), "folded", False, 0),
... ))
>>> rec.hand_of(PlayerId("bob")).fate, rec.hand_of(PlayerId("cat"))
('folded', None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pokerroom.cards import Card
from pokerroom.hand.config import VARIANTS
from pokerroom.hand.showdown import hand_values
from pokerroom.hand.state import HandState
from pokerroom.table.seats import PlayerId, Seat, SeatNo
from pokerroom.values import quick_init

__all__ = ["Fate", "FinishedHand", "ShowdownHand", "ShowdownRecord", "record_showdown"]

Fate = Literal["shown", "mucked", "unshown", "folded"]
"""What became of a hand: tabled at the showdown, conceded there without showing (SHD-05, or
the automated showdown's muck of a beaten hand), still held unshown (it won when the others
conceded), or folded before the showdown (in the muck, never shown: SHD-10)."""


@dataclass(frozen=True, slots=True)
class ShowdownHand:
    """One position of the last hand: its seat and player, hole cards and what became of it.

    ``voluntary``: he put chips in beyond his forced posts (blinds, antes, make-up posts), as
    HIPP:L193 asks ("willingly placed money into the pot"). ``won``: chips he collected.
    """

    seat: SeatNo
    player: PlayerId
    cards: tuple[Card | None, ...]
    fate: Fate
    voluntary: bool
    won: int


@dataclass(frozen=True, slots=True)
class ShowdownRecord:
    """The last hand that reached a showdown: its number, variant code, board(s) and hands."""

    hand_no: int
    variant: str
    boards: tuple[tuple[Card, ...], ...]
    hands: tuple[ShowdownHand, ...]

    def hand_of(self, player: PlayerId) -> ShowdownHand | None:
        """``player``'s hand in it (None: he was not dealt in)."""
        for h in self.hands:
            if h.player == player:
                return h
        return None

    def beats_or_ties(self, hand: ShowdownHand, winner: ShowdownHand) -> bool | None:
        """Whether ``hand`` beats or ties ``winner``'s (high or low) on some board; None when
        the table never saw one of their cards (the floor looks at the cards themselves)."""
        if None in hand.cards or None in winner.cards or not self.boards:
            return None
        variant = VARIANTS[self.variant]
        mine = tuple(c for c in hand.cards if c is not None)
        theirs = tuple(c for c in winner.cards if c is not None)
        for board in self.boards:
            if variant.has_board and len(board) < 5:
                continue
            hi, lo = hand_values(variant, mine, board)
            w_hi, w_lo = hand_values(variant, theirs, board)
            if hi >= w_hi or (lo is not None and (w_lo is None or lo >= w_lo)):
                return True
        return False


def record_showdown(
    hand: HandState, hand_no: int, positions: Sequence[SeatNo], seats: Sequence[Seat | None]
) -> ShowdownRecord | None:
    """The record of a finished ``hand`` (None when it did not reach a showdown)."""
    folded = hand.folded
    if folded.count(False) < 2:
        return None
    cfg = hand.config
    hands = []
    for p, seat_no in enumerate(positions):
        seat = seats[seat_no - 1]
        if seat is None:  # cannot happen while the hand is settled: its seats are held
            continue
        fate: Fate
        if folded[p]:
            fate = "folded"
        elif hand.mucked[p]:
            fate = "mucked"
        elif hand.shown[p] is not None:
            fate = "shown"
        else:
            fate = "unshown"
        forced = cfg.blinds[p] + cfg.antes[p]
        hands.append(
            ShowdownHand(
                seat_no,
                seat.player,
                tuple(hand.hole[p]),
                fate,
                hand.contrib[p] > forced,  # HIPP:L193 money willingly placed
                hand.winnings[p],
            )
        )
    return ShowdownRecord(
        hand_no, cfg.variant.code, tuple(tuple(b) for b in hand.boards), tuple(hands)
    )


@quick_init  # one per hand
@dataclass(frozen=True, slots=True)
class FinishedHand:
    """The last hand as it ended: its number, the engine's final state (no longer played),
    the seat of each position and the seats as they were then (before any elimination)."""

    hand_no: int
    hand: HandState
    positions: tuple[SeatNo, ...]
    seats: tuple[Seat | None, ...]

    def showdown(self) -> ShowdownRecord | None:
        """SHD-08: its showdown record (None when it ended without a showdown)."""
        return record_showdown(self.hand, self.hand_no, self.positions, self.seats)
