"""Payouts: exact amounts, same-hand eliminations, ties, the results report (TRN-12)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.tournament import (
    STANDARD_PAYOUTS,
    Elimination,
    Finish,
    PayoutError,
    PayoutRow,
    PayoutTable,
    award,
    finishing_places,
    format_results,
    prize_amounts,
)


def test_rounding_to_a_unit_remainder_to_first_place() -> None:
    shares = STANDARD_PAYOUTS.shares_for(25)  # 45 / 27 / 17 / 11 %
    amounts = prize_amounts(2_345, shares, unit=10)
    assert amounts == (2_345 - 630 - 390 - 250, 630, 390, 250)
    assert sum(amounts) == 2_345


@given(
    st.integers(0, 10**9),
    st.integers(2, 5000),
    st.sampled_from([1, 5, 10, 25, 100, 1000]),
)
def test_payouts_always_add_up_exactly_to_the_pool(pool: int, entries: int, unit: int) -> None:
    shares = STANDARD_PAYOUTS.shares_for(entries)
    amounts = prize_amounts(pool, shares, unit=unit)
    assert sum(amounts) == pool
    assert all(a % unit == 0 for a in amounts[1:])
    assert all(a >= 0 for a in amounts)
    assert list(amounts[1:]) == sorted(amounts[1:], reverse=True) or len(set(shares)) < len(shares)


@given(
    st.integers(0, 10**7),
    st.lists(st.integers(1, 5), min_size=1, max_size=10),
    st.sampled_from([1, 5, 25]),
)
def test_awards_with_ties_add_up_exactly_to_the_pool(
    pool: int, group_sizes: list[int], unit: int
) -> None:
    eliminations = []
    n = 0
    for hand, size in enumerate(group_sizes):
        for _ in range(size):
            eliminations.append(Elimination(f"p{n}", hand, 1000))  # same stack: a tie
            n += 1
    finishes = finishing_places(eliminations, ["winner"])
    amounts = prize_amounts(pool, STANDARD_PAYOUTS.shares_for(max(n + 1, 2)), unit=unit)
    awards = award(finishes, amounts, unit=unit)
    assert sum(a.prize for a in awards) == pool
    assert len(awards) == n + 1


def test_same_hand_eliminations_ordered_by_starting_stack_and_ties_share() -> None:
    eliminations = [
        Elimination("eve", 10, 800),
        Elimination("cy", 42, 3000),
        Elimination("di", 42, 5000),
        Elimination("bo", 42, 3000),
    ]
    finishes = finishing_places(eliminations, ["ann"])
    assert [(f.player, f.place, f.tied_to) for f in finishes] == [
        ("ann", 1, 1), ("di", 2, 2), ("cy", 3, 4), ("bo", 3, 4), ("eve", 5, 5),
    ]
    awards = award(finishes, (500, 300, 125, 70), unit=5)
    # cy and bo share 3rd + 4th = 195: 95 each, the odd unit of 5 to the first listed
    assert [(a.player, a.prize) for a in awards] == [
        ("ann", 500), ("di", 300), ("cy", 100), ("bo", 95), ("eve", 0),
    ]


def test_a_sub_unit_residue_of_a_shared_prize_goes_to_the_first_of_the_tied_players() -> None:
    finishes = (Finish("a", 1, 2), Finish("b", 1, 2))
    # 35 in units of 10: 10 each, one whole odd unit to a, the odd 5 to a too
    assert [(x.player, x.prize) for x in award(finishes, (20, 15), unit=10)] == [
        ("a", 25), ("b", 10),
    ]


def test_s38_payout_places_on_unique_entries() -> None:
    assert STANDARD_PAYOUTS.places_paid(93) == 9
    assert STANDARD_PAYOUTS.places_paid(110) == 12


def test_payout_table_is_checked() -> None:
    with pytest.raises(PayoutError, match="add up to 1000"):
        PayoutTable("x", (PayoutRow(2, 0, (600, 300)),))
    with pytest.raises(PayoutError, match="expected 11"):
        PayoutTable("x", (PayoutRow(2, 10, (1000,)), PayoutRow(12, 0, (1000,))))
    with pytest.raises(PayoutError, match="starts at 2 entries; got 1"):
        STANDARD_PAYOUTS.shares_for(1)


def test_results_report() -> None:
    finishes = finishing_places([Elimination("bo", 2, 100), Elimination("cy", 2, 100)], ["ann"])
    text = format_results("Cup", award(finishes, (700, 300)), 1000, 3, 3)
    assert text.splitlines() == [
        "Cup",
        "entries 3 (counted for payouts 3), prize pool 1000",
        "  1  ann   700",
        "2-3  bo    150",
        "2-3  cy    150",
    ]
