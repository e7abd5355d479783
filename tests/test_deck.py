"""The seeded shuffle, its commitment and deal verification."""

from __future__ import annotations

from collections import Counter

import pytest

from pokerroom.cards import parse_cards
from pokerroom.deck import SHORT_DECK, commitment, shuffled_deck, verify_deal
from pokerroom.errors import DealError


def test_the_shuffle_is_pinned_so_published_seeds_stay_verifiable() -> None:
    # Changing the algorithm would break every deal already committed to: pin it.
    assert shuffled_deck(bytes(32))[:5] == parse_cards("AsTd2cKs6c")
    assert commitment(bytes(32)).startswith("66687aadf862bd77")


def test_every_deck_is_a_permutation_and_short_deck_has_36_cards() -> None:
    for k in range(50):
        seed = k.to_bytes(32, "big")
        assert sorted(shuffled_deck(seed)) == list(range(52))
        assert sorted(shuffled_deck(seed, SHORT_DECK)) == sorted(SHORT_DECK)


def test_top_card_is_uniform_over_many_seeds() -> None:
    # Chi-square over 52 cells with 10,400 draws: the 0.999 quantile (51 dof) is about 90.
    counts = Counter(shuffled_deck(k.to_bytes(32, "big"))[0] for k in range(10_400))
    expected = 10_400 / 52
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in range(52))
    assert chi2 < 90


def test_verify_deal_detects_a_wrong_seed_or_a_changed_card() -> None:
    seed = bytes(range(32))
    deck = shuffled_deck(seed)
    assert verify_deal(seed, commitment(seed), deck[:9])
    assert not verify_deal(bytes(32), commitment(seed), deck[:9])
    assert not verify_deal(seed, commitment(seed), (deck[1], *deck[1:9]))


def test_a_short_seed_is_refused() -> None:
    with pytest.raises(DealError) as info:
        shuffled_deck(b"short")
    assert info.value.code == "weak_seed"
