"""Hand strength: Hold'em best five of seven, Omaha exactly two hole plus three board, and the
draw and short-deck variants that hand histories need.

Every evaluator returns an ``int`` where **higher is better**, so the engine compares hands
with ``>`` and splits a pot between equal values (suits never break a tie, GAME-05). Values
of different functions are not comparable with one another.

High hands (:func:`holdem_high`, :func:`omaha_high`) are numbered 1 (7-5-4-3-2 offsuit) to
7462 (royal flush): one number per equivalence class of five-card poker hands, so two hands
with the same value split the pot. :func:`hand_category` and :func:`hand_name` describe them.

>>> from pokerroom.cards import parse_cards as p
>>> hand_name(holdem_high(p("AsKs") + p("QsJsTs2d3c")))
'royal flush'
>>> holdem_high(p("AhAd") + p("Kc7s7d2h3c")) > holdem_high(p("KhKd") + p("Qc7s7d2h3c"))
True
>>> hand_name(omaha_high(p("AsKs7d2c"), p("QhJdTc3s4h")))
'straight, ace high'

How it is fast (published technique, our own code): every rank gets an additive key such that
the sum over any multiset of up to seven ranks (each at most four times) is unique (the
SKPokerEval constants); a table maps each sum, plus the number of cards, to the best
non-flush value. Each card also adds one to a 4-bit counter of its suit, so a single sum tells
whether five cards share a suit; only then is a 13-bit rank mask of that suit looked up in an
8192-entry flush table. The tables are built with numpy on first use (a few tens of
milliseconds), so importing this module is cheap.

Cards must be distinct ints 0..51 (``rank * 4 + suit``); the hot path does not check for
duplicates, callers that take cards from outside (the engine, notation) validate them.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, Any, Final

from pokerroom.errors import CardError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "CATEGORIES",
    "HIGH_CLASSES",
    "RANK_KEYS",
    "badugi",
    "dense_tables",
    "deuce_to_seven_low",
    "export_tables",
    "hand_category",
    "hand_name",
    "holdem_high",
    "import_tables",
    "omaha_high",
    "omaha_low8",
    "short_deck_high",
]

#: Number of distinct high-hand values: :func:`holdem_high` returns 1..HIGH_CLASSES.
HIGH_CLASSES: Final = 7462

# Additive rank keys, deuce..ace (SKPokerEval's published constants): the sum over any
# multiset of <= 7 ranks with each rank at most 4 times is unique, hence also for 5 and 6.
RANK_KEYS: Final[tuple[int, ...]] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181,
)  # fmt: skip

_SIZE_SHIFT: Final = 23  # rank sums are < 2**23; bits 23..26 count the cards
_SUIT_SHIFT: Final = 32  # four 4-bit suit counters from bit 32 up
_LOW_MASK: Final = (1 << _SUIT_SHIFT) - 1
_NIBBLE_3: Final = 0x3333  # adding 3 to a counter sets its bit 3 exactly when it is >= 5
_NIBBLE_8: Final = 0x8888

# Per-card additive key: rank key + one card + one in the suit's counter.
_CARD_KEY: Final[list[int]] = [
    RANK_KEYS[c >> 2] + (1 << _SIZE_SHIFT) + (1 << (_SUIT_SHIFT + 4 * (c & 3))) for c in range(52)
]
_RANK_BIT: Final[list[int]] = [1 << (c >> 2) for c in range(52)]

#: The nine hand categories, lowest first (GAME-02).
CATEGORIES: Final = (
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
_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
_PLURALS: Final = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)  # fmt: skip

_HC, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL, _QUADS, _SF = range(9)

#: The five-card straights of a 52-card deck, lowest (the wheel, G1) first; ranks high first.
_STRAIGHTS: Final[tuple[tuple[int, ...], ...]] = (
    (3, 2, 1, 0, 12),
    *(tuple(range(top, top - 5, -1)) for top in range(4, 13)),
)
#: Short deck (6..A): A-6-7-8-9 is the lowest straight.
_SHORT_STRAIGHTS: Final[tuple[tuple[int, ...], ...]] = (
    (7, 6, 5, 4, 12),
    *(tuple(range(top, top - 5, -1)) for top in range(8, 13)),
)


@dataclass(frozen=True, slots=True)
class _HandClass:
    """One equivalence class of five-card hands: category and the ranks that name it."""

    category: int
    ranks: tuple[int, ...]  # the five ranks in significance order (straights: high card first)


@dataclass(slots=True)
class _Tables:
    """Lookup tables of one ranking (standard, short deck, or no-wheel for 2-7)."""

    classes: list[_HandClass]  # index = value (index 0 unused)
    by_key: dict[int, int]  # (card count << 23) + rank-key sum -> best non-flush value
    flush: list[int]  # 13-bit rank mask of one suit (5..7 bits) -> best flush value
    sums: dict[int, tuple[Any, Any]]  # card count -> (rank-key sums, values), numpy arrays


def _classes(
    ranks: Sequence[int], straights: Sequence[tuple[int, ...]], order: Sequence[int]
) -> list[_HandClass]:
    """Enumerate the classes of five-card hands, weakest first, for one ranking.

    ``order`` lists the nine categories from weakest to strongest.
    """
    desc = sorted(ranks, reverse=True)
    straight_sets = {frozenset(s) for s in straights}
    distinct: list[tuple[int, ...]] = [
        c for c in combinations(desc, 5) if frozenset(c) not in straight_sets
    ]
    distinct.reverse()  # combinations of a descending list come strongest first
    by_cat: dict[int, list[tuple[int, ...]]] = {
        _HC: distinct,
        _FLUSH: distinct,
        _STRAIGHT: list(straights),
        _SF: list(straights),
    }
    pair: list[tuple[int, ...]] = []
    two_pair: list[tuple[int, ...]] = []
    trips: list[tuple[int, ...]] = []
    full: list[tuple[int, ...]] = []
    quads: list[tuple[int, ...]] = []
    for p in desc:
        others = [r for r in desc if r != p]
        pair += [(p, p, *k) for k in combinations(others, 3)]
        trips += [(p, p, p, *k) for k in combinations(others, 2)]
        quads += [(p, p, p, p, k) for k in others]
        full += [(p, p, p, k, k) for k in others]
        for q in others:
            if q < p:
                two_pair += [(p, p, q, q, k) for k in others if k != q]
    for lst in (pair, two_pair, trips, full, quads):
        lst.sort()
    by_cat.update({_PAIR: pair, _TWO_PAIR: two_pair, _TRIPS: trips, _FULL: full, _QUADS: quads})
    out = [_HandClass(-1, ())]
    for cat in order:
        out += [_HandClass(cat, r) for r in by_cat[cat]]
    return out


def _build(
    ranks: Sequence[int],
    straights: Sequence[tuple[int, ...]],
    order: Sequence[int],
    max_cards: int = 7,
) -> _Tables:
    """Build the lookup tables of one ranking (numpy, a few tens of milliseconds)."""
    import numpy as np

    classes = _classes(ranks, straights, order)
    n = len(classes) - 1
    cats = np.fromiter((hc.category for hc in classes[1:]), dtype=np.int64, count=n)
    rk = np.asarray([hc.ranks for hc in classes[1:]], dtype=np.int64)  # (n, 5)
    values = np.arange(1, n + 1, dtype=np.int64)
    keys = np.asarray(RANK_KEYS, dtype=np.int64)
    suited = (cats == _FLUSH) | (cats == _SF)
    # Non-flush classes: rank-key sum, value, and rank counts in base 8 (digit r: count of r).
    cur_k = keys[rk[~suited]].sum(axis=1)
    cur_v = values[~suited]
    cur_c = (8 ** rk[~suited]).sum(axis=1)
    sums = {5: (cur_k, cur_v)}
    # A multiset of 6 or 7 ranks is worth the best of its sub-multisets one rank smaller:
    # extend every multiset by each rank (at most four of a rank), keep the best per multiset.
    rs = np.asarray(sorted(ranks), dtype=np.int64)
    for size in range(6, max_cards + 1):
        ck = (cur_k[:, None] + keys[rs][None, :]).ravel()
        cc = (cur_c[:, None] + (8**rs)[None, :]).ravel()
        cv = np.repeat(cur_v, len(rs))
        ok = ((cc >> np.tile(3 * rs, len(cur_k))) & 7) <= 4  # only the added rank's count grows
        ck, cc, cv = ck[ok], cc[ok], cv[ok]
        o = np.argsort((ck << 13) | cv)
        ck, cc, cv = ck[o], cc[o], cv[o]
        last = np.append(ck[1:] != ck[:-1], True)
        cur_k, cur_c, cur_v = ck[last], cc[last], cv[last]
        sums[size] = (cur_k, cur_v)
    by_key: dict[int, int] = {}
    for size, (k, v) in sums.items():
        by_key.update(zip((k + (size << _SIZE_SHIFT)).tolist(), v.tolist(), strict=True))
    # Flush table: a suit with 5..7 cards is worth its best five (straight flush or flush).
    flush = np.zeros(1 << 13, dtype=np.int64)
    fm = (1 << rk[suited]).sum(axis=1)
    fv = values[suited]
    flush[fm] = fv
    bits = (1 << rs).tolist()
    extra = [0]
    for _ in range(max_cards - 5):
        extra = sorted({e | b for e in extra for b in bits if not e & b})
        ex = np.asarray(extra, dtype=np.int64)
        cand = (fm[:, None] | ex[None, :]).ravel()
        good = (fm[:, None] & ex[None, :]).ravel() == 0
        np.maximum.at(flush, cand[good], np.repeat(fv, len(ex))[good])
    return _Tables(classes, by_key, flush.tolist(), sums)


_STANDARD_ORDER: Final = (_HC, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL, _QUADS, _SF)
_SHORT_ORDER: Final = (_HC, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FULL, _FLUSH, _QUADS, _SF)

_cache: dict[str, _Tables] = {}
_dense: dict[str, tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16], npt.NDArray[np.uint16]]]
_dense = {}


def _tables(kind: str) -> _Tables:
    """The (lazily built) tables of ``kind``: 'high', 'short' or 'nowheel'."""
    t = _cache.get(kind)
    if t is None:
        if kind == "high":
            t = _build(range(13), _STRAIGHTS, _STANDARD_ORDER)
        elif kind == "short":
            t = _build(range(4, 13), _SHORT_STRAIGHTS, _SHORT_ORDER)
        else:
            t = _build(range(13), _STRAIGHTS[1:], _STANDARD_ORDER, max_cards=5)
        _cache[kind] = t
    return t


_BLOB_MAGIC: Final = b"pokerroom-hand-tables-v1\n"


def export_tables() -> bytes:
    """The built Hold'em tables as bytes, so a shell can cache them across processes.

    Building them needs numpy and some 0.15 s; loading the bytes back with
    :func:`import_tables` needs neither. The bytes carry a CRC-32 of their content, against
    damage (a cache is not a trust boundary).

    >>> blob = export_tables()
    >>> import_tables(blob)
    >>> holdem_high([51, 47, 43, 39, 35])  # the royal flush
    7462
    """
    import zlib

    t = _tables("high")
    parts: list[bytes] = []
    rows = array("b")
    for hc in t.classes[1:]:
        rows.extend((hc.category, *hc.ranks))
    parts.append(rows.tobytes())
    parts.append(array("H", t.flush).tobytes())
    for size in (5, 6, 7):
        keys, values = t.sums[size]
        parts.append(array("I", keys.tolist()).tobytes())
        parts.append(array("H", values.tolist()).tobytes())
    header = array("I", [len(p) for p in parts]).tobytes()
    payload = header + b"".join(parts)
    return _BLOB_MAGIC + zlib.crc32(payload).to_bytes(4, "big") + payload


def import_tables(blob: bytes) -> None:
    """Install Hold'em tables saved by :func:`export_tables` (checked: a damaged or foreign
    blob raises :class:`~pokerroom.errors.CardError` and installs nothing)."""
    import zlib

    def bad(why: str) -> CardError:
        return CardError("bad_table_blob", f"saved hand tables rejected: {why}; rebuild them")

    if not blob.startswith(_BLOB_MAGIC):
        raise bad("not a pokerroom hand-table blob of this version")
    start = len(_BLOB_MAGIC) + 4
    digest, payload = blob[len(_BLOB_MAGIC) : start], blob[start:]
    if zlib.crc32(payload).to_bytes(4, "big") != digest:
        raise bad("checksum mismatch")
    sizes = array("I")
    sizes.frombytes(payload[: 4 * 8])
    chunks: list[bytes] = []
    pos = 4 * 8
    for n in sizes:
        chunks.append(payload[pos : pos + n])
        pos += n
    rows, flush_raw = array("b"), array("H")
    rows.frombytes(chunks[0])
    flush_raw.frombytes(chunks[1])
    if len(rows) != 6 * HIGH_CLASSES or len(flush_raw) != 1 << 13:
        raise bad("wrong table sizes")
    classes = [_HandClass(-1, ())]
    classes += [_HandClass(rows[k], tuple(rows[k + 1 : k + 6])) for k in range(0, len(rows), 6)]
    sums: dict[int, tuple[Any, Any]] = {}
    by_key: dict[int, int] = {}
    for i, size in enumerate((5, 6, 7)):
        keys, values = array("I"), array("H")
        keys.frombytes(chunks[2 + 2 * i])
        values.frombytes(chunks[3 + 2 * i])
        if len(keys) != len(values):
            raise bad("keys and values differ in length")
        sums[size] = (keys, values)
        shift = size << _SIZE_SHIFT
        by_key.update(zip([k + shift for k in keys], values, strict=True))
    _cache["high"] = _Tables(classes, by_key, flush_raw.tolist(), sums)
    _load_high()


def dense_tables() -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16], npt.NDArray[np.uint16]]:
    """Numpy tables for compiled loops: 5-card and 7-card rank-sum tables, and the flush table.

    Index the first two by the plain sum of :data:`RANK_KEYS` of the cards (five or seven of
    them, no flush; 0 for impossible sums) and the third by the 13-bit rank mask of a suit
    holding 5..7 cards. Values are those of :func:`holdem_high`. About 31 MB, built on demand.
    """
    if "high" not in _dense:
        import numpy as np

        t = _tables("high")
        size = RANK_KEYS[-1] * 4 + RANK_KEYS[-2] * 3 + 1
        t5 = np.zeros(size, dtype=np.uint16)
        t7 = np.zeros(size, dtype=np.uint16)
        for table, n in ((t5, 5), (t7, 7)):
            k, v = t.sums[n]
            table[np.asarray(k, dtype=np.int64)] = np.asarray(v)
        _dense["high"] = (t5, t7, np.asarray(t.flush, dtype=np.uint16))
    return _dense["high"]


_HIGH: _Tables | None = None
_HIGH_KEYS: dict[int, int] = {}  # filled on first use; an empty dict makes the first call build
_HIGH_FLUSH: list[int] = []


def _load_high() -> None:
    global _HIGH, _HIGH_KEYS, _HIGH_FLUSH
    _HIGH = _tables("high")
    _HIGH_KEYS = _HIGH.by_key
    _HIGH_FLUSH = _HIGH.flush


def _flush_value(cards: Sequence[int], counters: int, flush: list[int]) -> int:
    """Value of the flush among 5..7 cards whose suit counters show a suit of five or more."""
    if not 5 <= len(cards) <= 7:
        raise CardError("card_count", f"{len(cards)} cards: a hand is 5, 6 or 7 cards")
    f = (counters + _NIBBLE_3) & _NIBBLE_8
    suit = (f.bit_length() - 4) >> 2
    m = 0
    for c in cards:
        if c & 3 == suit:
            m |= _RANK_BIT[c]
    return flush[m]


def _bad_cards(cards: Sequence[int], allowed: str) -> CardError:
    """The error for cards that no table knows: a wrong count, a duplicate or an unknown card."""
    for c in cards:
        if not isinstance(c, int) or not 0 <= c < 52:
            return CardError("bad_card", f"{c!r} is not a card: cards are ints 0..51")
    if len(set(cards)) != len(cards):
        return CardError("duplicate_card", f"duplicate card in {list(cards)!r}")
    return CardError("card_count", f"{len(cards)} cards: {allowed}")


def holdem_high(cards: Sequence[int]) -> int:
    """Value (1..7462, higher is better) of the best five of 5, 6 or 7 cards (GAME-04).

    The wheel A-2-3-4-5 is the lowest straight (G1); suits never break ties (GAME-05).

    >>> from pokerroom.cards import parse_cards as p
    >>> holdem_high(p("7c5d4h3s2c")), holdem_high(p("AsKsQsJsTs"))
    (1, 7462)
    >>> hand_name(holdem_high(p("Ah2c3d4s5h9d9c")))
    'straight, five high'
    """
    k = 0
    try:
        for c in cards:
            k += _CARD_KEY[c]
    except (TypeError, IndexError):
        raise _bad_cards(cards, "cards are ints 0..51") from None
    counters = k >> _SUIT_SHIFT
    if (counters + _NIBBLE_3) & _NIBBLE_8:
        if not _HIGH_FLUSH:
            _load_high()
        return _flush_value(cards, counters, _HIGH_FLUSH)
    try:
        return _HIGH_KEYS[k & _LOW_MASK]
    except KeyError:
        pass
    if _HIGH is None:
        _load_high()
        return holdem_high(cards)
    raise _bad_cards(cards, "Hold'em hands are evaluated from 5, 6 or 7 cards")


def _omaha_check(hole: Sequence[int], board: Sequence[int]) -> None:
    if not 4 <= len(hole) <= 6 or not 3 <= len(board) <= 5:
        raise CardError(
            "card_count",
            f"{len(hole)} hole and {len(board)} board cards: Omaha needs 4, 5 or 6 hole cards "
            "and 3 to 5 board cards",
        )


def omaha_high(hole: Sequence[int], board: Sequence[int]) -> int:
    """Value (1..7462) of the best Omaha hand: exactly two hole cards and three board cards.

    GAME-03: four spades in the hand and one on the board make no flush.

    >>> from pokerroom.cards import parse_cards as p
    >>> hand_name(omaha_high(p("AsKsQsJs"), p("2s7h8d3cTh")))
    'high card, ace'
    >>> hand_name(omaha_high(p("AsKsQdJd"), p("2s7s8sAhTh")))
    'flush, ace high'
    """
    _omaha_check(hole, board)
    if not _OMAHA_BOARD:
        _load_omaha()
    ck = _CARD_KEY
    try:
        bkey = 0
        for c in board:
            bkey += ck[c]
        hkey = 0
        for c in hole:
            hkey += ck[c]
        base = _OMAHA_BOARD[bkey & _LOW_MASK]
        ranks = [c >> 2 for c in hole]
    except (KeyError, IndexError, TypeError):
        raise _bad_cards([*hole, *board], "Omaha needs distinct cards") from None
    # Non-flush: one precomputed row per board rank multiset, one column per hole rank pair.
    table = _OMAHA_TABLE
    pi = _PAIR_INDEX
    best = max([table[base + pi[a * 13 + b]] for a, b in combinations(ranks, 2)])
    # A flush needs two hole cards and three board cards of one suit.
    if ((hkey >> _SUIT_SHIFT) + 0x6666) & ((bkey >> _SUIT_SHIFT) + 0x5555) & _NIBBLE_8:
        flush = _HIGH_FLUSH
        for suit in range(4):
            hs = [_RANK_BIT[c] for c in hole if c & 3 == suit]
            if len(hs) < 2:
                continue
            bs = [_RANK_BIT[c] for c in board if c & 3 == suit]
            if len(bs) < 3:
                continue
            for a, b in combinations(hs, 2):
                for x, y, z in combinations(bs, 3):
                    v = flush[a | b | x | y | z]
                    if v > best:
                        best = v
    return best


# Omaha tables: for every rank multiset of a 3-, 4- or 5-card board, the best non-flush value
# with each of the 91 hole rank pairs (rank pair index in _PAIR_INDEX[13 * r1 + r2]).
_OMAHA_BOARD: dict[int, int] = {}  # board key (rank sum + count) -> row offset in the table
_OMAHA_TABLE: array[int] = array("H")
_PAIR_INDEX: Final[list[int]] = [0] * 169
for _i, (_a, _b) in enumerate(combinations_with_replacement(range(13), 2)):
    _PAIR_INDEX[13 * _a + _b] = _PAIR_INDEX[13 * _b + _a] = _i


def _load_omaha() -> None:
    """Build the Omaha board x hole-pair table from the 5-card table (numpy, ~0.1 s)."""
    global _OMAHA_TABLE
    import numpy as np

    if _HIGH is None:
        _load_high()
    t5 = dense_tables()[0]
    keys = np.asarray(RANK_KEYS, dtype=np.int64)
    pair_keys = np.asarray(
        [RANK_KEYS[a] + RANK_KEYS[b] for a, b in combinations_with_replacement(range(13), 2)],
        dtype=np.int64,
    )
    rows: list[npt.NDArray[np.uint16]] = []
    offset = 0
    for size in (3, 4, 5):
        boards = np.asarray(
            [
                b
                for b in combinations_with_replacement(range(13), size)
                if max(b.count(r) for r in b) <= 4
            ],
            dtype=np.int64,
        )
        trip = np.asarray(list(combinations(range(size), 3)), dtype=np.int64)
        tk = keys[boards[:, trip]].sum(axis=2)  # (boards, triples)
        best = t5[tk[:, :, None] + pair_keys[None, None, :]].max(axis=1)  # (boards, pairs)
        bkeys = keys[boards].sum(axis=1) + (size << _SIZE_SHIFT)
        starts = offset + np.arange(len(boards)) * len(pair_keys)
        _OMAHA_BOARD.update(zip(bkeys.tolist(), starts.tolist(), strict=True))
        rows.append(best.astype(np.uint16).ravel())
        offset += best.size
    _OMAHA_TABLE = array("H", np.concatenate(rows).tobytes())


# Low ranks for 8-or-better: ace is bit 0, deuce bit 1 ... eight bit 7; nine and up: 0.
_LOW_BIT: Final[list[int]] = [
    (1 if c >> 2 == 12 else (1 << ((c >> 2) + 1)) if c >> 2 <= 6 else 0) for c in range(52)
]


def omaha_low8(hole: Sequence[int], board: Sequence[int]) -> int | None:
    """Value of the best 8-or-better low (exactly 2 hole + 3 board), or None if none qualifies.

    Five distinct ranks, all eight or lower, ace low; straights and flushes do not count.
    Higher is better: A-2-3-4-5 is the best low (224), 8-7-6-5-4 the worst qualifying one.

    >>> from pokerroom.cards import parse_cards as p
    >>> omaha_low8(p("As2sKdKh"), p("3c4d5h9sTs"))
    224
    >>> omaha_low8(p("As2sKdKh"), p("3c4d9hTsJs")) is None
    True
    >>> omaha_low8(p("Ah3c9d9s"), p("2h4d6c7sKc")) > omaha_low8(p("2c3dKcKs"), p("8h4d6c7sKd"))
    True
    """
    _omaha_check(hole, board)
    lb = _LOW_BIT
    pairs = {lb[a] | lb[b] for a, b in combinations(hole, 2) if lb[a] and lb[b] and lb[a] != lb[b]}
    if not pairs:
        return None
    triples = {
        m
        for a, b, c in combinations(board, 3)
        if (m := lb[a] | lb[b] | lb[c]).bit_count() == 3 and lb[a] and lb[b] and lb[c]
    }
    best = [255 - (p | t) for p in pairs for t in triples if not p & t]
    return max(best) if best else None


_SHORT: _Tables | None = None


def short_deck_high(cards: Sequence[int]) -> int:
    """Value of the best five of 5..7 short-deck cards (36 cards, six to ace).

    A flush beats a full house; A-6-7-8-9 is the lowest straight; otherwise the standard order.

    >>> from pokerroom.cards import parse_cards as p
    >>> short_deck_high(p("As6s7s8sJs")) > short_deck_high(p("KsKdKcQhQs"))
    True
    >>> low_straight = short_deck_high(p("Ah6d7c8s9h"))
    >>> short_deck_high(p("AcAdAs8s9c")) < low_straight < short_deck_high(p("6h7d8c9sTh"))
    True
    """
    global _SHORT
    if _SHORT is None:
        _SHORT = _tables("short")
    k = 0
    for c in cards:
        k += _CARD_KEY[c]
    counters = k >> _SUIT_SHIFT
    if (counters + _NIBBLE_3) & _NIBBLE_8:
        if any(c >> 2 < 4 for c in cards):
            raise CardError("bad_card", f"{list(cards)!r}: the short deck has no deuce to five")
        return _flush_value(cards, counters, _SHORT.flush)
    v = _SHORT.by_key.get(k & _LOW_MASK)
    if v is None:
        if any(isinstance(c, int) and 0 <= c < 16 for c in cards):
            raise CardError("bad_card", f"{list(cards)!r}: the short deck has no deuce to five")
        raise _bad_cards(cards, "short-deck hands are evaluated from 5, 6 or 7 cards")
    return v


def deuce_to_seven_low(cards: Sequence[int]) -> int:
    """Value of a five-card deuce-to-seven low; higher is better (7-5-4-3-2 offsuit is best).

    Aces are always high; straights and flushes count against the hand.

    >>> from pokerroom.cards import parse_cards as p
    >>> best = deuce_to_seven_low(p("7c5d4h3s2c"))
    >>> best > deuce_to_seven_low(p("7c6d4h3s2c")) > deuce_to_seven_low(p("6c5d4h3s2c"))
    True
    >>> deuce_to_seven_low(p("5c4d3h2sAc")) < deuce_to_seven_low(p("KcQdJh9s8c"))
    True
    """
    if len(cards) != 5:
        raise CardError("card_count", f"{len(cards)} cards: a 2-7 low is exactly 5 cards")
    t = _tables("nowheel")
    k = 0
    for c in cards:
        k += _CARD_KEY[c]
    counters = k >> _SUIT_SHIFT
    if (counters + _NIBBLE_3) & _NIBBLE_8:
        return HIGH_CLASSES + 1 - _flush_value(cards, counters, t.flush)
    v = t.by_key.get(k & _LOW_MASK)
    if v is None:
        raise _bad_cards(cards, "a 2-7 low is exactly 5 distinct cards")
    return HIGH_CLASSES + 1 - v


def badugi(cards: Sequence[int]) -> int:
    """Value of a four-card badugi hand; higher is better.

    The largest subset of cards with distinct suits and distinct ranks counts (a four-card
    badugi beats any three-card hand); within one size the lower ranks win, compared from the
    highest card down; aces are low.

    >>> from pokerroom.cards import parse_cards as p
    >>> badugi(p("3s5d7c8h")) > badugi(p("2s4c6d9h"))
    True
    >>> badugi(p("Ac2d3h4s")) > badugi(p("Ac2d3hKs")) > badugi(p("Ac2d3h3s"))
    True
    """
    if len(cards) != 4:
        raise CardError("card_count", f"{len(cards)} cards: a badugi hand is exactly 4 cards")
    if len(set(cards)) != 4 or not all(isinstance(c, int) and 0 <= c < 52 for c in cards):
        raise _bad_cards(cards, "a badugi hand is exactly 4 distinct cards")
    best = 0
    for size in (4, 3, 2, 1):
        for sub in combinations(cards, size):
            if len({c & 3 for c in sub}) != size:
                continue
            mask = 0
            for c in sub:
                mask |= 1 << ((c >> 2) + 1) % 13  # ace low: ace bit 0, deuce bit 1 ...
            if mask.bit_count() != size:
                continue
            # Equal sizes: compare masks from the highest rank down; lower is better.
            v = (size << 13) | (0x1FFF ^ mask)
            if v > best:
                best = v
        if best:
            return best
    return best


def _high_class(value: int) -> _HandClass:
    classes = _tables("high").classes
    if not isinstance(value, int) or not 1 <= value <= HIGH_CLASSES:
        raise CardError("bad_value", f"{value!r} is not a high-hand value: use 1..{HIGH_CLASSES}")
    return classes[value]


def hand_category(value: int) -> str:
    """The category of a :func:`holdem_high` / :func:`omaha_high` value, e.g. ``'flush'``.

    >>> from pokerroom.cards import parse_cards as p
    >>> hand_category(holdem_high(p("KhKd7c7s2d")))
    'two pair'
    """
    return CATEGORIES[_high_class(value).category]


def hand_name(value: int) -> str:
    """Describe a high-hand value: ``'full house, kings full of sevens'``.

    The ace-high straight flush is called ``'royal flush'``.

    >>> from pokerroom.cards import parse_cards as p
    >>> hand_name(holdem_high(p("KhKdKc7s7d")))
    'full house, kings full of sevens'
    >>> [hand_name(holdem_high(p(h))) for h in ("QhQdQcQs7d", "Kh9d7c5s3d", "9h8h7h6h5h")]
    ['four of a kind, queens', 'high card, king', 'straight flush, nine high']
    """
    hc = _high_class(value)
    cat, r = hc.category, hc.ranks
    name = CATEGORIES[cat]
    describe: dict[int, Callable[[], str]] = {
        _HC: lambda: _NAMES[r[0]],
        _PAIR: lambda: _PLURALS[r[0]],
        _TWO_PAIR: lambda: f"{_PLURALS[r[0]]} and {_PLURALS[r[2]]}",
        _TRIPS: lambda: _PLURALS[r[0]],
        _STRAIGHT: lambda: f"{_NAMES[r[0]]} high",
        _FLUSH: lambda: f"{_NAMES[r[0]]} high",
        _FULL: lambda: f"{_PLURALS[r[0]]} full of {_PLURALS[r[3]]}",
        _QUADS: lambda: _PLURALS[r[0]],
        _SF: lambda: f"{_NAMES[r[0]]} high",
    }
    if cat == _SF and r[0] == 12:
        return "royal flush"
    return f"{name}, {describe[cat]()}"
