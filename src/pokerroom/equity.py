"""Exact and Monte Carlo all-in equity for Hold'em, Omaha and Omaha hi-lo.

>>> from pokerroom.cards import parse_cards as p
>>> r = equity([p("AhAs"), p("KdKc")])
>>> f"{r.equities[0]:.4%}", r.boards
('81.2555%', 1712304)
>>> r = equity([p("AhKh"), p("2c2d")], board=p("Qh7h3s"), samples=20_000, seed=7)
>>> r.boards, round(sum(r.equities), 9)
(20000, 1.0)

``samples=None`` enumerates every remaining board; otherwise boards are drawn (independently,
each without repeated cards) from ``numpy.random.default_rng(seed)``. The loop over boards is
compiled with numba (imported only when equity is first computed; compiled code is cached on
disk) and uses the lookup tables of :mod:`pokerroom.evaluate`, so results agree with
:func:`~pokerroom.evaluate.holdem_high`, :func:`~pokerroom.evaluate.omaha_high` and
:func:`~pokerroom.evaluate.omaha_low8`.

Ties split the pot: a board that two players tie is worth half a pot to each. In
``omaha_hilo`` half the pot goes to the best high hand(s) and half to the best qualifying low
hand(s), or the whole pot to the high when nobody has a low.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, Any, Final, Literal

from pokerroom.errors import CardError, ConfigError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["EquityResult", "Game", "equity"]

Game = Literal["holdem", "omaha", "omaha_hilo"]

_HOLE_COUNTS: Final[dict[str, tuple[int, ...]]] = {
    "holdem": (2,),
    "omaha": (4, 5, 6),
    "omaha_hilo": (4, 5, 6),
}
#: A pot is worth this many units, so every split among up to 10 players (and halves of it
#: for hi-lo) is a whole number of units.
_POT: Final = 5040


@dataclass(frozen=True, slots=True)
class EquityResult:
    """Equity of each hand, in the order given.

    ``equities``: expected share of the pot (ties split); they sum to 1.
    ``wins``: boards on which the hand wins the whole pot alone (scoops, in hi-lo).
    ``ties``: boards on which the hand gets part of the pot but not all of it.
    ``boards``: boards evaluated (all remaining boards, or the samples drawn).
    """

    equities: tuple[float, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    boards: int


def _validate(
    hands: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int],
    game: str,
    samples: int | None,
) -> None:
    if game not in _HOLE_COUNTS:
        raise ConfigError("bad_game", f"game {game!r} is not one of holdem, omaha, omaha_hilo")
    if not 2 <= len(hands) <= 10:
        raise ConfigError("player_count", f"{len(hands)} hands: equity needs 2 to 10 hands")
    allowed = _HOLE_COUNTS[game]
    for i, h in enumerate(hands):
        if len(h) not in allowed:
            want = " or ".join(map(str, allowed))
            raise CardError(
                "card_count", f"hand {i + 1} has {len(h)} cards: {game} hands have {want}"
            )
    if len(board) > 5:
        raise CardError("card_count", f"the board has {len(board)} cards: it has at most 5")
    seen: set[int] = set()
    for where, cards in (("hand", [c for h in hands for c in h]), ("board", board), ("dead", dead)):
        for c in cards:
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
                raise CardError("bad_card", f"{c!r} in the {where} is not a card (ints 0..51)")
            if c in seen:
                from pokerroom.cards import DECK

                raise CardError("duplicate_card", f"card {DECK[c]!r} is used twice")
            seen.add(c)
    needed = sum(len(h) for h in hands) + 5 + len(dead)
    if needed > 52:
        raise ConfigError(
            "deck_too_small",
            f"{len(hands)} hands, a 5-card board and {len(dead)} dead cards need {needed} cards: "
            "the deck has 52",
        )
    if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)
                                or samples < 1):
        raise ConfigError("bad_samples", f"samples={samples!r}: use None (exact) or an int >= 1")


def equity(
    hands: Sequence[Sequence[int]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    *,
    game: Game = "holdem",
    samples: int | None = None,
    seed: int = 0,
) -> EquityResult:
    """Share of the pot each hand wins on average over the remaining boards.

    2 to 10 hands of 2 cards (``holdem``) or 4, 5 or 6 cards (``omaha``, ``omaha_hilo``),
    a board of 0 to 5 cards, and dead cards (known to be out of the deck). ``samples=None``
    enumerates every board; an int draws that many boards from ``default_rng(seed)``.

    >>> from pokerroom.cards import parse_cards as p
    >>> r = equity([p("AsKs"), p("QhQd"), p("7c6c")], board=p("Kd7h2c3s"))
    >>> r.boards, r.wins, r.ties
    (42, (35, 2, 5), (0, 0, 0))
    >>> equity([p("AsKs"), p("AsQs")])
    Traceback (most recent call last):
    ...
    pokerroom.errors.CardError: card As is used twice
    """
    _validate(hands, board, dead, game, samples)
    import numpy as np

    used = {c for h in hands for c in h} | set(board) | set(dead)
    rest = np.asarray([c for c in range(52) if c not in used], dtype=np.int64)
    need = 5 - len(board)
    width = max(len(h) for h in hands)
    holes = np.asarray([[*h, *[0] * (width - len(h))] for h in hands], dtype=np.int64)
    nhole = np.asarray([len(h) for h in hands], dtype=np.int64)
    known = np.asarray(list(board), dtype=np.int64)
    wins = np.zeros(len(hands), dtype=np.int64)
    ties = np.zeros(len(hands), dtype=np.int64)
    share = np.zeros(len(hands), dtype=np.int64)
    if samples is None or need == 0:
        draws: npt.NDArray[np.int64] | None = None
        boards = comb(len(rest), need)
    else:
        draws = _sample(np.random.default_rng(seed), len(rest), need, samples)
        boards = samples
    _run(game, holes, nhole, known, rest, need, draws, wins, ties, share)
    total = boards * _POT
    return EquityResult(
        equities=tuple(float(s) / total for s in share.tolist()),
        wins=tuple(wins.tolist()),
        ties=tuple(ties.tolist()),
        boards=boards,
    )


def _sample(rng: Any, m: int, k: int, samples: int) -> npt.NDArray[np.int64]:
    """``samples`` rows of ``k`` distinct indices into ``range(m)`` (partial Fisher-Yates).

    Drawn in chunks of 65,536 rows to bound memory; the result depends only on the seed.
    """
    import numpy as np

    out = np.empty((samples, k), dtype=np.int64)
    chunk = 1 << 16
    for start in range(0, samples, chunk):
        rows = min(chunk, samples - start)
        idx = np.tile(np.arange(m, dtype=np.uint8), (rows, 1))
        r = np.arange(rows)
        for j in range(k):
            pick = rng.integers(j, m, size=rows)
            a = idx[r, j].copy()
            idx[r, j] = idx[r, pick]
            idx[r, pick] = a
        out[start : start + rows] = idx[:, :k]
    return out


# --- compiled kernels -------------------------------------------------------------------------
# Plain functions here; `_compile()` replaces them by numba dispatchers on first use, so that
# importing this module does not import numba. Cards are looked up in per-card key arrays:
# CK[c] = rank key + 1 in the suit's 4-bit counter at bit 32 + 4 * suit; CB[c] = 1 << (16 *
# suit + rank), so OR-ing CB gives the 13-bit rank mask of each suit.



def _k_holdem(
    holes: Any,
    known: Any,
    rest: Any,
    need: int,
    draws: Any,
    sampled: bool,
    ck: Any,
    cb: Any,
    t7: Any,
    fl: Any,
    wins: Any,
    ties: Any,
    share: Any,
) -> None:  # pragma: no cover - compiled
    """Hold'em: evaluate every board (or each sampled one) and credit the winners."""
    n = holes.shape[0]
    hk = np.zeros(n, np.int64)
    hm = np.zeros(n, np.int64)
    for p in range(n):
        hk[p] = ck[holes[p, 0]] + ck[holes[p, 1]]
        hm[p] = cb[holes[p, 0]] | cb[holes[p, 1]]
    split = np.zeros(n + 1, np.int64)
    for j in range(1, n + 1):
        split[j] = 5040 // j
    hi = np.zeros(n, np.int64)
    b = np.zeros(5, np.int64)
    nk = known.shape[0]
    for i in range(nk):
        b[i] = known[i]
    m = rest.shape[0]
    idx = np.arange(need)
    row = 0
    while True:
        if sampled:
            if row == draws.shape[0]:
                return
            for j in range(need):
                b[nk + j] = rest[draws[row, j]]
            row += 1
        else:
            for j in range(need):
                b[nk + j] = rest[idx[j]]
        bk = ck[b[0]] + ck[b[1]] + ck[b[2]] + ck[b[3]] + ck[b[4]]
        bm = cb[b[0]] | cb[b[1]] | cb[b[2]] | cb[b[3]] | cb[b[4]]
        best = 0
        nbest = 0
        for p in range(n):
            key = bk + hk[p]
            f = ((key >> 32) + 0x3333) & 0x8888
            if f:
                s = 0 if f & 0x8 else 1 if f & 0x80 else 2 if f & 0x800 else 3
                v = int(fl[((bm | hm[p]) >> (16 * s)) & 0x1FFF])
            else:
                v = int(t7[key & 0xFFFFFFFF])
            hi[p] = v
            if v > best:
                best = v
                nbest = 1
            elif v == best:
                nbest += 1
        got = split[nbest]
        for p in range(n):
            if hi[p] == best:
                share[p] += got
                if nbest == 1:
                    wins[p] += 1
                else:
                    ties[p] += 1
        if not sampled:
            i = need - 1
            while i >= 0 and idx[i] == m - need + i:
                i -= 1
            if i < 0:
                return
            idx[i] += 1
            for j in range(i + 1, need):
                idx[j] = idx[j - 1] + 1


def _k_omaha(
    holes: Any,
    nhole: Any,
    known: Any,
    rest: Any,
    need: int,
    draws: Any,
    sampled: bool,
    hilo: bool,
    ck: Any,
    cb: Any,
    lb: Any,
    t5: Any,
    fl: Any,
    wins: Any,
    ties: Any,
    share: Any,
) -> None:  # pragma: no cover - compiled
    """Omaha (hi-lo when ``hilo``): best of (2 of the hole cards) x (3 of the board) per hand."""
    n = holes.shape[0]
    pk = np.zeros((n, 15), np.int64)
    pm = np.zeros((n, 15), np.int64)
    pl = np.zeros((n, 15), np.int64)
    for p in range(n):
        q = 0
        for i in range(nhole[p]):
            for j in range(i + 1, nhole[p]):
                a = holes[p, i]
                c = holes[p, j]
                pk[p, q] = ck[a] + ck[c]
                pm[p, q] = cb[a] | cb[c]
                x = lb[a] | lb[c]
                if lb[a] & lb[c]:
                    x |= 0x100  # a paired low rank makes no low
                pl[p, q] = x
                q += 1
    split = np.zeros(n + 1, np.int64)
    for j in range(1, n + 1):
        split[j] = 5040 // j
    hi = np.zeros(n, np.int64)
    lo = np.zeros(n, np.int64)
    tk = np.zeros(10, np.int64)
    tm = np.zeros(10, np.int64)
    tl = np.zeros(10, np.int64)
    b = np.zeros(5, np.int64)
    nk = known.shape[0]
    for i in range(nk):
        b[i] = known[i]
    m = rest.shape[0]
    idx = np.arange(need)
    row = 0
    while True:
        if sampled:
            if row == draws.shape[0]:
                return
            for j in range(need):
                b[nk + j] = rest[draws[row, j]]
            row += 1
        else:
            for j in range(need):
                b[nk + j] = rest[idx[j]]
        t = 0
        for i in range(3):
            for j in range(i + 1, 4):
                for k in range(j + 1, 5):
                    tk[t] = ck[b[i]] + ck[b[j]] + ck[b[k]]
                    tm[t] = cb[b[i]] | cb[b[j]] | cb[b[k]]
                    x = lb[b[i]] | lb[b[j]] | lb[b[k]]
                    if lb[b[i]] & lb[b[j]] or lb[b[k]] & (lb[b[i]] | lb[b[j]]):
                        x |= 0x200  # a paired low rank makes no low
                    tl[t] = x
                    t += 1
        best = 0
        nbest = 0
        bestlow = -1
        nlow = 0
        for p in range(n):
            v = 0
            low = -1
            for q in range(nhole[p] * (nhole[p] - 1) // 2):
                kq = pk[p, q]
                mq = pm[p, q]
                lq = pl[p, q]
                for t in range(10):
                    key = kq + tk[t]
                    f = ((key >> 32) + 0x3333) & 0x8888
                    if f:
                        s = 0 if f & 0x8 else 1 if f & 0x80 else 2 if f & 0x800 else 3
                        w = int(fl[((mq | tm[t]) >> (16 * s)) & 0x1FFF])
                    else:
                        w = int(t5[key & 0xFFFFFFFF])
                    if w > v:
                        v = w
                    if hilo:
                        x = lq | tl[t]
                        if not (x & 0x700 or lq & tl[t]) and 255 - x > low:
                            low = 255 - x
            hi[p] = v
            lo[p] = low
            if v > best:
                best = v
                nbest = 1
            elif v == best:
                nbest += 1
            if low >= 0:
                if low > bestlow:
                    bestlow = low
                    nlow = 1
                elif low == bestlow:
                    nlow += 1
        for p in range(n):
            got = 0
            if bestlow < 0:
                if hi[p] == best:
                    got = split[nbest]
            else:
                if hi[p] == best:
                    got = split[nbest] // 2
                if lo[p] == bestlow:
                    got += split[nlow] // 2
            if got:
                share[p] += got
                if got == 5040:
                    wins[p] += 1
                else:
                    ties[p] += 1
        if not sampled:
            i = need - 1
            while i >= 0 and idx[i] == m - need + i:
                i -= 1
            if i < 0:
                return
            idx[i] += 1
            for j in range(i + 1, need):
                idx[j] = idx[j - 1] + 1


_state: dict[str, Any] = {}


def _compile() -> dict[str, Any]:
    """Import numba, compile the kernels (or load them from the cache), build the tables."""
    if not _state:
        import numba
        import numpy as np

        from pokerroom import evaluate

        g = globals()
        g["np"] = np
        for name in ("_k_holdem", "_k_omaha"):
            g[name] = numba.njit(cache=True)(g[name])
        keys = evaluate.RANK_KEYS
        ck = np.asarray([keys[c >> 2] + (1 << (32 + 4 * (c & 3))) for c in range(52)], np.int64)
        cb = np.asarray([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], np.int64)
        lb = np.asarray(
            [1 if c >> 2 == 12 else (1 << ((c >> 2) + 1)) if c >> 2 <= 6 else 0x400
             for c in range(52)],
            np.int64,
        )
        t5, t7, fl = evaluate.dense_tables()
        _state.update(ck=ck, cb=cb, lb=lb, t5=t5, t7=t7, fl=fl)
    return _state


def _run(
    game: str,
    holes: Any,
    nhole: Any,
    known: Any,
    rest: Any,
    need: int,
    draws: Any,
    wins: Any,
    ties: Any,
    share: Any,
) -> None:
    import numpy as np

    st = _compile()
    sampled = draws is not None
    if draws is None:
        draws = np.zeros((0, max(need, 1)), np.int64)
    if game == "holdem":
        _k_holdem(holes, known, rest, need, draws, sampled, st["ck"], st["cb"], st["t7"],
                  st["fl"], wins, ties, share)
    else:
        _k_omaha(holes, nhole, known, rest, need, draws, sampled, game == "omaha_hilo",
                 st["ck"], st["cb"], st["lb"], st["t5"], st["fl"], wins, ties, share)
