"""Deck order from an injected seed, and the commitment that lets players verify a deal.

The shuffle is a Fisher-Yates shuffle driven by SHAKE-256 of the seed (rejection sampling, so
every order is exactly equally likely). Before the deal the table publishes
``commitment(seed)`` (a SHA-256 hash); after the hand it reveals the seed, and anyone can
recompute the deck and check every card that was dealt (``pokerroom verify``).

>>> seed = bytes(32)
>>> deck = shuffled_deck(seed)
>>> len(deck), len(set(deck))
(52, 52)
>>> deck == shuffled_deck(seed)
True
>>> commitment(seed)[:16]
'66687aadf862bd77'
>>> verify_deal(seed, commitment(seed), deck[:5])
True
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Sequence

from pokerroom.cards import DECK, SHORT_DECK, Card
from pokerroom.errors import DealError

__all__ = ["SHORT_DECK", "commitment", "new_seed", "shuffled_deck", "verify_deal"]



def new_seed() -> bytes:
    """A fresh 32-byte seed from the operating system's secure generator."""
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    """The hash published before the deal: SHA-256 of the seed, in hex."""
    return hashlib.sha256(seed).hexdigest()


_TOP = 1 << 64


def _words(material: bytes, count: int) -> list[int]:
    """``count`` 64-bit words of the SHAKE-256 stream of ``material``."""
    return list(struct.unpack(f">{count}Q", hashlib.shake_256(material).digest(8 * count)))


def shuffled_deck(seed: bytes, cards: Sequence[Card] = DECK) -> tuple[Card, ...]:
    """The deck order (top card first) that ``seed`` determines."""
    if len(seed) < 16:
        raise DealError("weak_seed", f"a seed needs at least 16 bytes, got {len(seed)}")
    deck = list(cards)
    n = len(deck)
    words = _words(b"pokerroom-deck-v1" + seed, 2 * n)
    k = 0
    for i in range(n - 1, 0, -1):
        bound = i + 1
        limit = _TOP - _TOP % bound  # reject the biased tail: every order equally likely
        while True:
            if k == len(words):  # pragma: no cover - probability ~2^-50
                words += _words(b"more" + seed + k.to_bytes(4, "big"), n)
            x = words[k]
            k += 1
            if x < limit:
                break
        j = x % bound
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def verify_deal(
    seed: bytes, published: str, dealt: Sequence[Card], cards: Sequence[Card] = DECK
) -> bool:
    """True when ``seed`` matches the published commitment and produced ``dealt`` in order."""
    if commitment(seed) != published:
        return False
    deck = shuffled_deck(seed, cards)
    return tuple(dealt) == deck[: len(dealt)]
