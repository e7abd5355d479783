"""Check a dealt hand against its revealed seed: the deal was the one committed to.

A table that deals from ``deck.shuffled_deck(seed)`` publishes ``deck.commitment(seed)``
before the deal and writes both into the hand history (user fields ``_seed`` and
``_commitment``). Anyone can then recompute the deck and check every card, in dealing order:
hole cards one at a time clockwise from position 1 (FLOW-02), then a burn before each board
deal (FLOW-05).

>>> from pokerroom.deck import commitment, shuffled_deck
>>> from pokerroom.notation.phh import loads
>>> seed = bytes(range(32))
>>> d = shuffled_deck(seed)
>>> from pokerroom.cards import format_cards as f
>>> text = f'''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 {f((d[0], d[2]))}", "d dh p2 {f((d[1], d[3]))}", "p2 f"]
... _seed = "{seed.hex()}"
... _commitment = "{commitment(seed)}"
... '''
>>> verify_history(loads(text))
(True, 'all 4 dealt cards match the deck of the committed seed')
"""

from __future__ import annotations

from pokerroom.cards import DECK, format_cards
from pokerroom.deck import SHORT_DECK, commitment, shuffled_deck
from pokerroom.notation.phh import HandHistory

__all__ = ["verify_history"]


def verify_history(hh: HandHistory) -> tuple[bool, str]:
    """(ok, explanation): does the history's deal follow from its revealed, committed seed?"""
    seed_hex = hh.extra.get("_seed")
    published = hh.extra.get("_commitment")
    if not isinstance(seed_hex, str) or not isinstance(published, str):
        return False, "the history has no _seed and _commitment to verify"
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        return False, f"_seed {seed_hex!r} is not hexadecimal"
    if commitment(seed) != published:
        return False, f"the seed hashes to {commitment(seed)}, not the published {published}"
    if hh.variant in ("F2L3D", "FB", "F7S", "F7S/8", "FR"):
        return False, f"verification of variant {hh.variant} is not supported (board games only)"
    deck = shuffled_deck(seed, SHORT_DECK if hh.variant == "NS" else DECK)
    n = hh.player_count
    holes = [a for a in hh.actions if a.kind == "dh"]
    per_player = {a.target: a.cards or () for a in holes}
    hole_count = max((len(c) for c in per_player.values()), default=0)
    checked = 0
    for p, cards in per_player.items():
        assert p is not None
        expected = tuple(deck[r * n + p] for r in range(len(cards)))
        if tuple(cards) != expected:
            return (
                False,
                f"p{p + 1} was dealt {format_cards(cards)}, "
                f"the deck gives {format_cards(expected)}",
            )
        checked += len(cards)
    index = n * hole_count
    for a in hh.actions:
        if a.kind != "db":
            continue
        cards = tuple(a.cards or ())
        index += 1  # the burn (FLOW-05)
        expected = deck[index : index + len(cards)]
        if cards != expected:
            return (
                False,
                f"board {format_cards(cards)} differs from the deck's {format_cards(expected)}",
            )
        index += len(cards)
        checked += len(cards)
    return True, f"all {checked} dealt cards match the deck of the committed seed"
