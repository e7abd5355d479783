"""Ranks, suits and cards.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, with ranks 0..12 for deuce..ace and
suits 0..3 for clubs, diamonds, hearts, spades (the draw order s > h > d > c of BTN-01).
Cards are interned :class:`Card` objects, so they print as ``As`` and index lists at ``int`` speed.

>>> parse_cards("AsKd")
(As, Kd)
>>> format_cards(parse_cards("Th9h"))
'Th9h'
>>> Card.parse("2c") == 0, Card.parse("As") == 51
(True, True)
>>> parse_cards("AsAs")
Traceback (most recent call last):
...
pokerroom.errors.CardError: duplicate card As in 'AsAs'
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from pokerroom.errors import CardError

__all__ = [
    "DECK",
    "RANK_CHARS",
    "SHORT_DECK",
    "SUIT_CHARS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
]

RANK_CHARS: Final = "23456789TJQKA"
SUIT_CHARS: Final = "cdhs"


class Rank(IntEnum):
    """Card rank, deuce (0) to ace (12)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """The rank's PHH character, e.g. ``'T'``."""
        return RANK_CHARS[self]


class Suit(IntEnum):
    """Card suit; the value order c < d < h < s is the high-card draw order (BTN-01)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The suit's PHH character, e.g. ``'s'``."""
        return SUIT_CHARS[self]


class Card(int):
    """One card: an interned ``int`` (rank * 4 + suit) that prints as ``'As'``."""

    __slots__ = ()

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(self >> 2)

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self & 3)

    def __repr__(self) -> str:
        return RANK_CHARS[self >> 2] + SUIT_CHARS[self & 3]

    __str__ = __repr__

    @staticmethod
    def parse(text: str) -> Card:
        """Parse one card such as ``'Td'``; raise :class:`CardError` otherwise."""
        return parse_card(text)

    @staticmethod
    def of(rank: Rank, suit: Suit) -> Card:
        """The card of this rank and suit."""
        return DECK[rank * 4 + suit]


DECK: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(52))
#: The 36-card short deck (sixes to aces).
SHORT_DECK: Final[tuple[Card, ...]] = DECK[16:]
_BY_TEXT: Final[dict[str, Card]] = {repr(c): c for c in DECK}


def parse_card(text: str) -> Card:
    """Parse one two-character card, rank then suit (``'Ah'``, ``'7c'``)."""
    card = _BY_TEXT.get(text)
    if card is None:
        raise CardError(
            "bad_card",
            f"{text!r} is not a card: use a rank from {RANK_CHARS} and a suit from {SUIT_CHARS}",
        )
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse concatenated cards (``'AsKd'``); spaces are allowed; duplicates are refused."""
    compact = text.replace(" ", "")
    if len(compact) % 2:
        raise CardError("bad_card", f"{text!r} is not a list of two-character cards")
    cards = tuple(parse_card(compact[i : i + 2]) for i in range(0, len(compact), 2))
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        for c in cards:
            if c in seen:
                raise CardError("duplicate_card", f"duplicate card {c!r} in {text!r}")
            seen.add(c)
    return cards


def format_cards(cards: Iterable[int | None]) -> str:
    """Format cards back to PHH text; an unknown card (``None``) is ``'??'``."""
    return "".join("??" if c is None else repr(DECK[c]) for c in cards)
