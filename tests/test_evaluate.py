"""Hand evaluators, checked against slow but obvious reference implementations in this file.

The table-driven evaluators must give exactly the class number that the reference ranking
implies: the 7,462 classes of five-card hands are checked exhaustively (one representative
each, in the reference order), every 5-card hand of the deck is counted by category, and
random 5-, 6- and 7-card hands and Omaha hands are compared with the best five cards
the reference picks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import parse_cards
from pokerroom.errors import CardError
from pokerroom.evaluate import (
    HIGH_CLASSES,
    badugi,
    deuce_to_seven_low,
    hand_category,
    hand_name,
    holdem_high,
    omaha_high,
    omaha_low8,
    short_deck_high,
)

CATEGORIES = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)


def p(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


# --- reference implementation (slow, obvious) ------------------------------------------------


def ref5(cards: Sequence[int], *, short: bool = False, wheel: bool = True) -> tuple[int, ...]:
    """Reference key of exactly five cards: (category index, tie-break ranks...).

    ``short``: short-deck order (flush above full house; A-6-7-8-9 is the low straight).
    ``wheel``: whether A-2-3-4-5 is a straight (not in deuce-to-seven).
    The category index follows CATEGORIES; in short deck flush (5) and full house (6) swap.
    """
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    g = [r for r, _ in groups]
    shape = [n for _, n in groups]
    straight = None
    if len(g) == 5:
        if ranks[0] - ranks[4] == 4:
            straight = ranks[0]
        elif wheel and not short and ranks == [12, 3, 2, 1, 0]:
            straight = 3
        elif short and ranks == [12, 7, 6, 5, 4]:
            straight = 3  # A-6-7-8-9: below 6-7-8-9-T (top 8)
    flush_cat, full_cat = (6, 5) if short else (5, 6)
    if straight is not None and flush:
        return (8, straight)
    if shape[0] == 4:
        return (7, *g)
    if shape[:2] == [3, 2]:
        return (full_cat, *g)
    if flush:
        return (flush_cat, *ranks)
    if straight is not None:
        return (4, straight)
    if shape[0] == 3:
        return (3, *g)
    if shape[:2] == [2, 2]:
        return (2, *g)
    if shape[0] == 2:
        return (1, *g)
    return (0, *ranks)


def ref_best(cards: Sequence[int], **kw: bool) -> tuple[int, ...]:
    return max(ref5(five, **kw) for five in combinations(cards, 5))


def representatives(ranks: Sequence[int]) -> list[list[int]]:
    """One five-card hand per class: every rank multiset off-suit, every rank set suited."""
    hands = []
    for multiset in combinations_with_replacement(ranks, 5):
        counts = Counter(multiset)
        if max(counts.values()) > 4:
            continue
        cards: list[int] = []
        for r, n in counts.items():
            cards += [r * 4 + s for s in range(n)]
        if len(counts) == 5:  # make it off-suit: one card of another suit
            cards[-1] += 1
        hands.append(cards)
        if len(counts) == 5:
            hands.append([r * 4 + 3 for r in multiset])
    return hands


@pytest.fixture(scope="module")
def value_of() -> dict[tuple[int, ...], int]:
    """Reference key -> our value, over all 7,462 classes (checked to be an order isomorphism)."""
    hands = representatives(range(13))
    pairs = sorted((ref5(h), holdem_high(h)) for h in hands)
    assert len(pairs) == HIGH_CLASSES
    assert [v for _, v in pairs] == list(range(1, HIGH_CLASSES + 1))
    return dict(pairs)


# --- GAME-02: ranking -----------------------------------------------------------------------


def test_game_02_hand_ranking_order(value_of: dict[tuple[int, ...], int]) -> None:
    # The fixture proves the order of all 7,462 classes; here the nine categories in order.
    hands = [
        "Kh9d7c5s3d",  # high card
        "AhAd7c5s3d",  # one pair
        "KhKd7c7s3d",  # two pair
        "JhJdJc7s3d",  # three of a kind
        "9h8d7c6s5d",  # straight
        "Ah9h7h5h3h",  # flush
        "KhKdKc7s7d",  # full house
        "QhQdQcQs7d",  # four of a kind
        "9h8h7h6h5h",  # straight flush
    ]
    values = [holdem_high(p(h)) for h in hands]
    assert values == sorted(values)
    assert [hand_category(v) for v in values] == list(CATEGORIES)
    assert holdem_high(p("7c5d4h3s2c")) == 1
    assert holdem_high(p("AsKsQsJsTs")) == HIGH_CLASSES


def test_game_02_kickers_decide_equal_categories() -> None:
    assert holdem_high(p("AhAdKc5s3d")) > holdem_high(p("AcAsQc9s8d"))
    assert holdem_high(p("AhAdKc5s4d")) > holdem_high(p("AcAsKd5c3d"))
    assert holdem_high(p("KhKd7c7s3d")) > holdem_high(p("KcKs6c6s9d"))
    assert holdem_high(p("KhKdKc2s2d")) > holdem_high(p("QhQdQcAsAd"))


def test_category_counts_over_all_five_card_hands() -> None:
    counts: Counter[int] = Counter()
    for hand in combinations(range(52), 5):
        counts[holdem_high(hand)] += 1
    by_category: Counter[str] = Counter()
    for value, n in counts.items():
        by_category[hand_category(value)] += n
    assert len(counts) == 7462
    assert by_category == {
        "straight flush": 40,
        "four of a kind": 624,
        "full house": 3744,
        "flush": 5108,
        "straight": 10200,
        "three of a kind": 54912,
        "two pair": 123552,
        "one pair": 1098240,
        "high card": 1302540,
    }


# --- GAME-04: best five of seven -------------------------------------------------------------


def test_game_04_holdem_best_five_of_seven_including_board() -> None:
    board = p("AsKsQsJsTs")
    assert hand_name(holdem_high(p("2c3d") + board)) == "royal flush"
    assert holdem_high(p("2c3d") + board) == holdem_high(p("4h5h") + board)  # both play the board
    # The best five may use one hole card, both, or none.
    assert hand_name(holdem_high(p("Ah2c") + p("AdKcKh7s3d"))) == "two pair, aces and kings"
    assert hand_name(holdem_high(p("9h8h") + p("7h6h2c3d5h"))) == "straight flush, nine high"
    assert hand_name(holdem_high(p("2c2d") + p("AhAdAcKsKd"))) == "full house, aces full of kings"
    # Six cards work too.
    assert hand_name(holdem_high(p("Ah2c3d4s5hKd"))) == "straight, five high"


@settings(max_examples=400, deadline=None)
@given(st.permutations(range(52)))
def test_holdem_high_matches_reference(deck: list[int]) -> None:
    table = _VALUE_OF
    for n in (5, 6, 7):
        assert holdem_high(deck[:n]) == table[ref_best(deck[:n])]


def test_holdem_high_matches_reference_on_5000_random_hands() -> None:
    rng = random.Random(2024)
    table = _VALUE_OF
    for _ in range(5000):
        hand = rng.sample(range(52), 7)
        assert holdem_high(hand) == table[ref_best(hand)]


def test_holdem_high_flush_heavy_hands() -> None:
    # Hands with five to seven cards of one suit, where the flush path decides.
    rng = random.Random(7)
    table = _VALUE_OF
    spades = [r * 4 + 3 for r in range(13)]
    others = [c for c in range(52) if c & 3 != 3]
    for _ in range(3000):
        k = rng.choice((5, 6, 7))
        hand = rng.sample(spades, k) + rng.sample(others, 7 - k)
        assert holdem_high(hand) == table[ref_best(hand)]


# --- GAME-05, G1 ------------------------------------------------------------------------------


def test_game_05_suits_do_not_break_ties() -> None:
    board = p("2c7d9hJsKd")
    assert holdem_high(p("AsQs") + board) == holdem_high(p("AhQh") + board)
    assert holdem_high(p("AsKsQsJs9s")) == holdem_high(p("AhKhQhJh9h"))
    assert omaha_high(p("AsQs3c4c"), board) == omaha_high(p("AhQh3d4d"), board)


def test_g1_ace_low_straight() -> None:
    wheel = holdem_high(p("Ah2c3d4s5h"))
    assert hand_name(wheel) == "straight, five high"
    assert holdem_high(p("KhKdKc2s3d")) < wheel < holdem_high(p("2h3c4d5s6h"))
    steel = holdem_high(p("Ah2h3h4h5h"))
    assert hand_name(steel) == "straight flush, five high"
    assert holdem_high(p("AcAdAhAsKd")) < steel < holdem_high(p("2h3h4h5h6h"))
    # No wrap-around straight.
    assert hand_category(holdem_high(p("QhKcAd2s3h"))) == "high card"


# --- names ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "name"),
    [
        ("9h8h7h6h5h", "straight flush, nine high"),
        ("AhKhQhJhTh", "royal flush"),
        ("QhQdQcQs7d", "four of a kind, queens"),
        ("KhKdKc7s7d", "full house, kings full of sevens"),
        ("Ah9h7h5h3h", "flush, ace high"),
        ("Ah2c3d4s5h", "straight, five high"),
        ("JhJdJc7s3d", "three of a kind, jacks"),
        ("KhKd7c7s3d", "two pair, kings and sevens"),
        ("AhAd7c5s3d", "one pair, aces"),
        ("Kh9d7c5s3d", "high card, king"),
        ("6h6d2c2s3d", "two pair, sixes and twos"),
    ],
)
def test_hand_name(hand: str, name: str) -> None:
    assert hand_name(holdem_high(p(hand))) == name


def test_hand_name_refuses_values_out_of_range() -> None:
    with pytest.raises(CardError, match=r"1\.\.7462"):
        hand_name(0)
    with pytest.raises(CardError):
        hand_category(7463)


# --- GAME-03: Omaha ---------------------------------------------------------------------------


def test_game_03_omaha_exactly_two_hole_three_board() -> None:
    # Four spades in the hand and one on the board: no flush.
    assert hand_category(omaha_high(p("AsKsQsJs"), p("2s7h8d3cTh"))) == "high card"
    # Two spades in the hand and three on the board: a flush.
    assert hand_name(omaha_high(p("AsKsQdJd"), p("2s7s8sAhTh"))) == "flush, ace high"
    # A board flush does not play with fewer than two hole cards of the suit.
    assert hand_category(omaha_high(p("AdKc2c3h"), p("5s7s9sJsQs"))) == "high card"
    # Four of a kind on board: the hand plays only three of them.
    assert hand_name(omaha_high(p("KhKd2c3h"), p("AsAhAdAcQs"))) == "full house, aces full of kings"
    # Trips on board and one hole card of the rank: four of a kind (one hole nine + a kicker).
    assert hand_name(omaha_high(p("9h2c3h4d"), p("9s9c9d5c7h"))) == "four of a kind, nines"
    # A pair in the hand is one of the two cards; a set in the hand is not a set.
    assert hand_category(omaha_high(p("7h7d7c3h"), p("2sJcKd8c4h"))) == "one pair"
    # Straight from exactly two hole cards.
    assert hand_name(omaha_high(p("AsKs7d2c"), p("QhJdTc3s4h"))) == "straight, ace high"
    assert hand_category(omaha_high(p("AsKsQdJd"), p("Th2d3c7s8h"))) == "high card"


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)), st.sampled_from((4, 5, 6)), st.sampled_from((3, 4, 5)))
def test_omaha_high_matches_reference(deck: list[int], nh: int, nb: int) -> None:
    hole, board = deck[:nh], deck[nh : nh + nb]
    best = max(ref5([*h, *b]) for h in combinations(hole, 2) for b in combinations(board, 3))
    assert omaha_high(hole, board) == _VALUE_OF[best]


def test_omaha_flush_heavy_hands_match_reference() -> None:
    rng = random.Random(11)
    hearts = [r * 4 + 2 for r in range(13)]
    others = [c for c in range(52) if c & 3 != 2]
    for _ in range(1500):
        k = rng.randint(4, 9)
        cards = rng.sample(hearts, k) + rng.sample(others, 9 - k)
        rng.shuffle(cards)
        hole, board = cards[:4], cards[4:]
        best = max(ref5([*h, *b]) for h in combinations(hole, 2) for b in combinations(board, 3))
        assert omaha_high(hole, board) == _VALUE_OF[best]


def test_omaha_card_counts_are_checked() -> None:
    with pytest.raises(CardError, match="4, 5 or 6 hole cards"):
        omaha_high(p("AsKs"), p("2c3c4c"))
    with pytest.raises(CardError, match="3 to 5 board cards"):
        omaha_high(p("AsKsQsJs"), p("2c3c"))
    with pytest.raises(CardError, match="3 to 5 board cards"):
        omaha_low8(p("AsKsQsJs"), p("2c3c4c5c6c7c"))


# --- Omaha hi-lo 8 or better -----------------------------------------------------------------


def ref_low8(hole: Sequence[int], board: Sequence[int]) -> tuple[int, ...] | None:
    """Reference: best qualifying low as descending ace-low ranks (smaller tuple = better)."""
    lows = []
    for h in combinations(hole, 2):
        for b in combinations(board, 3):
            ranks = sorted(((c >> 2) + 1) % 13 + 1 for c in (*h, *b))  # ace 1 .. king 13
            if len(set(ranks)) == 5 and ranks[-1] <= 8:
                lows.append(tuple(sorted(ranks, reverse=True)))
    return min(lows) if lows else None


def test_low8_wheel_is_best_and_straights_flushes_do_not_count() -> None:
    wheel = omaha_low8(p("As2sKdKh"), p("3s4s5s9cTd"))  # also a straight flush for high
    assert wheel == 224
    assert omaha_low8(p("Ac2dKdKh"), p("3h4c5d9cTd")) == wheel  # suits never matter


def test_low8_needs_exactly_two_hole_and_three_board_cards() -> None:
    # Only one low card in the hand: no low, however low the board.
    assert omaha_low8(p("AsKdQhJc"), p("2c3d4h5s6c")) is None
    # Only two low board cards: no low.
    assert omaha_low8(p("As2d3h4c"), p("5c6dKhQsJc")) is None
    # Three low hole cards do not make a low with two low board cards.
    assert omaha_low8(p("As2d3hKc"), p("4c5dKhQsJc")) is None


def test_low8_ranks_must_be_distinct_and_eight_or_lower() -> None:
    # Counterfeit: the hand's ace and deuce duplicate board ranks; best low is then 8-high.
    assert omaha_low8(p("AsAdKhKc"), p("2c3d4hJsQc")) is None
    assert omaha_low8(p("As2dKhKc"), p("Ac2c3h8s7c")) == 255 - 0b11000111  # 8-7-3-2-A
    # A nine does not qualify.
    assert omaha_low8(p("As2dKhKc"), p("3c4d9h9sQc")) is None


def test_low8_compares_from_the_highest_card_down() -> None:
    seven_six = omaha_low8(p("7s6dKhKc"), p("Ac2d3hQsJc"))  # 7-6-3-2-A
    eight_four = omaha_low8(p("8s4dKhKc"), p("Ac2d3hQsJc"))  # 8-4-3-2-A
    seven_five = omaha_low8(p("7s5dKhKc"), p("Ac2d3hQsJc"))  # 7-5-3-2-A
    assert seven_six is not None and eight_four is not None and seven_five is not None
    assert seven_five > seven_six > eight_four


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)), st.sampled_from((4, 5, 6)), st.sampled_from((3, 4, 5)))
def test_low8_matches_reference(deck: list[int], nh: int, nb: int) -> None:
    hole, board = deck[:nh], deck[nh : nh + nb]
    ours = omaha_low8(hole, board)
    ref = ref_low8(hole, board)
    assert (ours is None) == (ref is None)
    if ref is not None and ours is not None:
        mask = sum(1 << (r - 1) for r in ref)
        assert ours == 255 - mask


def test_low8_order_matches_reference_on_random_pairs() -> None:
    rng = random.Random(5)
    lows: list[tuple[int, tuple[int, ...]]] = []
    while len(lows) < 400:
        cards = rng.sample([c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12], 9)
        ours, ref = omaha_low8(cards[:4], cards[4:]), ref_low8(cards[:4], cards[4:])
        if ours is not None and ref is not None:
            lows.append((ours, ref))
    for (a, ra), (b, rb) in pairwise(lows):
        assert (a > b) == (ra < rb) and (a == b) == (ra == rb)


# --- short deck ------------------------------------------------------------------------------

SHORT_RANKS = range(4, 13)  # six .. ace


def test_short_deck_classes_follow_the_reference_order() -> None:
    hands = representatives(SHORT_RANKS)
    pairs = sorted((ref5(h, short=True), short_deck_high(h)) for h in hands)
    values = [v for _, v in pairs]
    assert values == sorted(set(values))  # strictly increasing: same order, no merged classes


def test_short_deck_flush_beats_full_house_and_a6789_is_lowest_straight() -> None:
    flush = short_deck_high(p("As6s7s8sJs"))
    full = short_deck_high(p("KsKdKcQhQs"))
    assert flush > full
    assert short_deck_high(p("AcAdAsAhKd")) > flush  # quads still beat a flush
    low = short_deck_high(p("Ah6d7c8s9h"))
    assert short_deck_high(p("AcAdAs8s9c")) < low < short_deck_high(p("6h7d8c9sTh"))
    assert short_deck_high(p("Ah6h7h8h9h")) > short_deck_high(p("AcAdAsAhKd"))  # straight flush
    # The 52-card wheel is no straight in a short deck (and has no deuce to five).
    with pytest.raises(CardError, match="no deuce to five"):
        short_deck_high(p("Ah2d3c4s5h"))


@settings(max_examples=200, deadline=None)
@given(st.permutations([c for c in range(52) if c >= 16]), st.sampled_from((5, 6, 7)))
def test_short_deck_matches_reference(deck: list[int], n: int) -> None:
    if not _SHORT_VALUE_OF:
        _SHORT_VALUE_OF.update(
            {ref5(h, short=True): short_deck_high(h) for h in representatives(SHORT_RANKS)}
        )
    assert short_deck_high(deck[:n]) == _SHORT_VALUE_OF[ref_best(deck[:n], short=True)]


_SHORT_VALUE_OF: dict[tuple[int, ...], int] = {}


# --- deuce to seven --------------------------------------------------------------------------


def test_deuce_to_seven_order() -> None:
    best = deuce_to_seven_low(p("7c5d4h3s2c"))
    assert best == max(deuce_to_seven_low(h) for h in representatives(range(13)))
    assert best > deuce_to_seven_low(p("7c6d4h3s2c")) > deuce_to_seven_low(p("8c5d4h3s2c"))
    # A straight counts against you: 6-5-4-3-2 is a straight, worse than any pair.
    assert deuce_to_seven_low(p("6c5d4h3s2c")) < deuce_to_seven_low(p("AcAd4h3s2c"))
    # A flush counts against you.
    flush = deuce_to_seven_low(p("7c5c4c3c2c"))
    assert flush < deuce_to_seven_low(p("6c5d4h3s2c")) < deuce_to_seven_low(p("2c2d2h3s4c"))
    assert flush > deuce_to_seven_low(p("KcKdKhQsQc"))  # a full house is worse still
    # Aces are high: A-5-4-3-2 is an ace-high hand, no straight; worse than king high.
    assert deuce_to_seven_low(p("Ac5d4h3s2c")) < deuce_to_seven_low(p("KcQdJh9s8c"))
    assert deuce_to_seven_low(p("Ac5d4h3s2c")) > deuce_to_seven_low(p("2c2d4h3s5c"))


def test_deuce_to_seven_is_reverse_of_high_without_wheel() -> None:
    hands = representatives(range(13))
    pairs = sorted((ref5(h, wheel=False), deuce_to_seven_low(h)) for h in hands)
    values = [v for _, v in pairs]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == HIGH_CLASSES


def test_deuce_to_seven_needs_five_cards() -> None:
    with pytest.raises(CardError, match="exactly 5"):
        deuce_to_seven_low(p("7c5d4h3s"))


# --- badugi ----------------------------------------------------------------------------------


def ref_badugi(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Reference: (size, minus the descending ace-low ranks) of the best subset; bigger wins."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(1, 5):
        for sub in combinations(cards, size):
            ranks = [((c >> 2) + 1) % 13 for c in sub]  # ace 0 .. king 12
            if len({c & 3 for c in sub}) == size and len(set(ranks)) == size:
                key = (size, tuple(-r for r in sorted(ranks, reverse=True)))
                best = max(best, key)
    return best


def test_badugi_examples() -> None:
    assert badugi(p("3s5d7c8h")) > badugi(p("2s4c6d9h"))
    best = badugi(p("Ac2d3h4s"))  # the best hand: A-2-3-4 rainbow
    assert best > badugi(p("Ac2d3h5s")) > badugi(p("2c3d4h5s"))
    assert all(best >= badugi(h) for h in combinations(p("AcAd2c2h3d3s4c4h5s"), 4))
    assert badugi(p("KsQdJcTh")) > badugi(p("Ac2d3h3s"))  # any four-card badugi beats three
    assert badugi(p("Ac2d3h3s")) == badugi(p("Ac2d3hKh"))  # both play A-2-3
    assert badugi(p("Ac2c3c4c")) == badugi(p("AsKsQsJs"))  # one-card hands: an ace
    assert badugi(p("Ac2d3h3s")) > badugi(p("Ac2d4h4s"))


def test_badugi_matches_reference() -> None:
    rng = random.Random(9)
    hands = [rng.sample(range(52), 4) for _ in range(3000)]
    ours = [badugi(h) for h in hands]
    refs = [ref_badugi(h) for h in hands]
    for i in range(len(hands) - 1):
        assert (ours[i] > ours[i + 1]) == (refs[i] > refs[i + 1])
        assert (ours[i] == ours[i + 1]) == (refs[i] == refs[i + 1])


def test_badugi_needs_four_distinct_cards() -> None:
    with pytest.raises(CardError, match="exactly 4"):
        badugi(p("AcAd2h"))
    with pytest.raises(CardError, match="duplicate"):
        badugi([0, 0, 5, 9])


# --- errors ----------------------------------------------------------------------------------


def test_holdem_high_refuses_bad_input() -> None:
    with pytest.raises(CardError, match="5, 6 or 7"):
        holdem_high(p("AsKd"))
    with pytest.raises(CardError, match="5, 6 or 7"):
        holdem_high(p("AsKdQcJh9s8d7c6h"))
    with pytest.raises(CardError, match="5, 6 or 7"):
        holdem_high(p("AsKsQsJs9s8s7s6s"))
    with pytest.raises(CardError, match="not a card"):
        holdem_high([0, 1, 2, 3, 52])


_VALUE_OF: dict[tuple[int, ...], int] = {}


@pytest.fixture(autouse=True, scope="module")
def _fill_value_of(value_of: dict[tuple[int, ...], int]) -> None:
    _VALUE_OF.update(value_of)


def test_saved_tables_round_trip_and_damage_is_refused() -> None:
    from pokerroom.errors import CardError
    from pokerroom.evaluate import export_tables, holdem_high, import_tables

    blob = export_tables()
    before = [holdem_high([c, c + 4, c + 9, c + 14, c + 20, c + 27, c + 31]) for c in range(20)]
    import_tables(blob)
    assert [
        holdem_high([c, c + 4, c + 9, c + 14, c + 20, c + 27, c + 31]) for c in range(20)
    ] == before
    damaged = blob[:-10] + bytes(10)
    with pytest.raises(CardError) as info:
        import_tables(damaged)
    assert info.value.code == "bad_table_blob" and "checksum" in str(info.value)
    with pytest.raises(CardError):
        import_tables(b"not a blob")
