"""A compiled fast path for replaying PHH hands: the common case in numba, the rest as before.

:func:`replay_stacks` replays many parsed hands at once and returns each hand's final stacks,
or None for a hand it leaves to the reference replayer
(:func:`pokerroom.notation.replay.replay_history`). It takes a hand only when it is a plain
one — variant ``NT``/``PT``/``FT``/``PO``/``NO``, 2 to 10 players, integer amounts, every
card known — replayed under :data:`~pokerroom.notation.replay.PHH_RULES`, and then validates
every action exactly as the engine does (turn order, check or call, the bet and raise bounds of
``betting.raise_bounds``, the raise cap, the order and size of hole and board deals, repeated
cards, the showdown order of ``showdown.showdown_order`` with ``last_betting_round``, the
show and muck rules). Anything it does not handle, and anything illegal or unusual (an action
out of turn, an illegal amount, a show out of order, a muck that would leave a pot without a
hand, an action after the end, a history that stops before the end), makes it answer None:
the caller replays that hand with ``replay_history``, which gives the real result or the real
error. So strictness and error messages never change; the fast path only ever returns what
the reference engine would. ``tests/test_fastreplay.py`` proves it on all of
``../shared/phh``, on thousands of engine-played hands and on illegal hands.

The kernel reuses the compiled betting, pot and evaluation functions of
:mod:`pokerroom.fastsim` (which mirror the engine and are proven against it there). Hands are
encoded in Python as rows of small ints (action text -> codes, cached) and replayed in one
kernel call per batch. numba is imported on the first kernel call only; the compiled kernel
is cached on disk (and dropped when ``fastsim.py``, whose functions it inlines, is newer).

>>> from pokerroom.notation.phh import loads
>>> hh = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ["d dh p1 AcKs", "d dh p2 7d2c", "d dh p3 7h6h", "p3 cbr 6", "p1 f", "p2 f"]
... ''')
>>> bad = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ["d dh p1 AcKs", "d dh p2 7d2c", "d dh p3 7h6h", "p1 cbr 6"]
... ''')
>>> replay_stacks([hh, bad])  # the second acts out of turn: left to the reference replayer
[(199, 198, 203), None]
"""

from __future__ import annotations

import os
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

# The compiled betting and evaluation functions of the simulator (plain functions until
# load_kernel() takes fastsim's numba dispatchers).
from pokerroom.fastsim import _k_after_action, _k_raise_bounds, _k_value
from pokerroom.notation.phh import HandHistory, PHHAction

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Encoded", "available", "encode", "load_kernel", "replay_stacks", "run"]

#: Variant code -> (structure: 0 no limit, 1 pot limit, 2 fixed limit; hole cards).
_VARIANTS: Final[dict[str, tuple[int, int]]] = {
    "NT": (0, 2),
    "PT": (1, 2),
    "FT": (2, 2),
    "PO": (1, 4),
    "NO": (0, 4),
}
_MAX_PLAYERS: Final = 10
_LIMIT: Final = 1 << 60  # amounts (and their sums) stay far from int64 overflow

# Action rows: kind, player, amount, number of cards, five cards.
_ROW: Final = 9
_FOLD, _CC, _CBR, _DH, _DB, _SHOW, _SHOW_DEALT, _MUCK = range(8)
# Hand header: players, structure, hole cards, min bet, small bet, big bet, then stacks, antes
# and blinds (as posted) for ten positions, then the first action row and the number of rows.
_HEAD: Final = 8 + 3 * _MAX_PLAYERS
_SETUP: Final = struct.Struct(f"<{_HEAD - 2}q")
_RANGE: Final = struct.Struct("<2q")
_PACK_ROW: Final = struct.Struct(f"<{_ROW}q")

#: Kernel answers per hand (``Encoded`` status): accepted, or why the reference must replay it.
OK: Final = 0
REJECTED: Final = 1  # something illegal or unusual: the reference engine says what
UNFINISHED: Final = 2  # the history stops before the hand is over

_EMPTY: Final[tuple[int, ...]] = ()


def _cards_row(cards: tuple[int | None, ...] | None) -> tuple[int, ...] | None:
    if cards is None or not 0 < len(cards) <= 5 or None in cards:
        return None  # unknown cards (or none): the reference engine decides
    return (len(cards), *cards, *(-1,) * (5 - len(cards)))  # type: ignore[arg-type]


def _code(a: PHHAction) -> tuple[int, ...] | None:
    """The kernel row of one action, () for a comment, None when the fast path cannot take it."""
    kind = a.kind
    if kind == "comment":
        return _EMPTY
    if kind == "db":
        board = _cards_row(a.cards)
        return None if board is None else (_DB, 0, 0, *board)
    who = a.actor if a.target is None else a.target
    if who is None or not 0 <= who < _MAX_PLAYERS:
        return None
    if kind == "f" or kind == "cc":
        return (_FOLD if kind == "f" else _CC, who, 0, 0, -1, -1, -1, -1, -1)
    if kind == "cbr":
        amount = a.amount
        if type(amount) is not int or not 0 < amount < _LIMIT:
            return None
        return (_CBR, who, amount, 0, -1, -1, -1, -1, -1)
    if kind == "sm":
        if a.muck:
            return (_MUCK, who, 0, 0, -1, -1, -1, -1, -1)
        if a.show_dealt:
            return (_SHOW_DEALT, who, 0, 0, -1, -1, -1, -1, -1)
        cards = _cards_row(a.cards)
        return None if cards is None else (_SHOW, who, 0, *cards)
    if kind == "dh":
        cards = _cards_row(a.cards)
        return None if cards is None else (_DH, who, 0, *cards)
    return None  # sd, pb: not in these games; the reference engine says why


def _plain(values: Sequence[object], n: int, low: int) -> bool:
    return len(values) == n and all(type(x) is int and low <= x < _LIMIT for x in values)


def _setup(hh: HandHistory) -> bytes | None:
    """The packed header of the hand's setup (all but the action range), or None."""
    spec = _VARIANTS.get(hh.variant)
    n = len(hh.starting_stacks)
    if spec is None or not 2 <= n <= _MAX_PLAYERS:
        return None
    stacks = list(hh.starting_stacks)
    antes = list(hh.antes)
    blinds = list(hh.blinds_or_straddles) if hh.blinds_or_straddles is not None else [0] * n
    if not (_plain(stacks, n, 1) and _plain(antes, n, 0) and _plain(blinds, n, 0)):
        return None
    if sum(stacks) >= _LIMIT:
        return None
    bets = (hh.min_bet, hh.small_bet, hh.big_bet)
    if any(x is not None and (type(x) is not int or not 0 <= x < _LIMIT) for x in bets):
        return None
    min_bet, small_bet, big_bet = (0 if x is None else int(x) for x in bets)
    structure, nhole = spec
    if (structure == 2 and (small_bet <= 0 or big_bet <= 0)) or (structure != 2 and min_bet <= 0):
        return None  # the config is refused: the reference engine says why
    if n == 2:  # PHH: heads-up forced bets are applied in reverse (FLOW-08)
        antes.reverse()
        blinds.reverse()
    pad = [0] * (_MAX_PLAYERS - n)
    values = [n, structure, nhole, min_bet, small_bet, big_bet]
    return _SETUP.pack(*values, *stacks, *pad, *antes, *pad, *blinds, *pad)


def _row(a: PHHAction) -> bytes | None:
    code = _code(a)
    return None if code is None else _PACK_ROW.pack(*code) if code else b""


#: Packed setups by the setup's values (a hit is a hand with the same numbers and variant:
#: the parser gives integral amounts as ints, so equal values mean equal types here).
_SETUPS: dict[tuple[object, ...], bytes | None] = {}
#: Packed action rows by action text (b"" for a comment, None: not handled).
_ROWS: dict[str, bytes | None] = {}
_text = attrgetter("text")


def _encode_one(hh: HandHistory, heads: list[bytes], rows: list[bytes], start: int) -> int:
    """Append the hand's header and action rows; return the rows added (-1: not handled)."""
    key = (
        hh.variant,
        hh.starting_stacks,
        hh.antes,
        hh.blinds_or_straddles,
        hh.min_bet,
        hh.small_bet,
        hh.big_bet,
    )
    setup = _SETUPS.get(key, b"")
    if setup == b"":
        setup = _setup(hh)
        if len(_SETUPS) >= 1 << 12:
            _SETUPS.clear()
        _SETUPS[key] = setup
    if setup is None:
        return -1
    actions = hh.actions
    parts = list(map(_ROWS.get, map(_text, actions)))
    if None in parts:
        for k, a in enumerate(actions):
            if parts[k] is None:
                text = a.text
                row = _ROWS[text] if text and text in _ROWS else _row(a)
                if row is None:
                    if text:
                        _ROWS[text] = None
                    return -1
                if text:
                    if len(_ROWS) >= 1 << 16:
                        _ROWS.clear()
                    _ROWS[text] = row
                parts[k] = row
    body = b"".join(parts)  # type: ignore[arg-type]
    count = len(body) // (8 * _ROW)
    heads.append(setup)
    heads.append(_RANGE.pack(start, count))
    rows.append(body)
    return count


@dataclass(frozen=True, slots=True)
class Encoded:
    """A batch of hands for the kernel: ``index[k]`` is the position in the input of the k-th
    encoded hand; ``heads`` and ``rows`` are flat int64 arrays (picklable, no numpy needed)."""

    count: int
    index: tuple[int, ...]
    heads: bytes
    rows: bytes


def encode(histories: Sequence[HandHistory]) -> Encoded:
    """Encode the hands the fast path can take (pure Python: no numpy, no numba)."""
    heads: list[bytes] = []
    rows: list[bytes] = []
    index: list[int] = []
    start = 0
    for k, hh in enumerate(histories):
        added = _encode_one(hh, heads, rows, start)
        if added >= 0:
            start += added
            index.append(k)
    return Encoded(len(histories), tuple(index), b"".join(heads), b"".join(rows))


# --- compiled kernel ---------------------------------------------------------------------------
# Plain function here; `load_kernel()` replaces it by a numba dispatcher (numba imported then).


def _k_replay(  # pragma: no cover - compiled
    heads: Any, rows: Any, ck: Any, cb: Any, t5: Any, t7: Any, fl: Any
) -> tuple[Any, Any]:
    """Replay every hand of the batch; return (status per hand, final stacks per hand)."""
    m = heads.shape[0]
    status = np.zeros(m, np.int8)
    finals = np.zeros((m, 10), np.int64)
    stacks = np.zeros(10, np.int64)
    bets = np.zeros(10, np.int64)
    contrib = np.zeros(10, np.int64)
    faced = np.zeros(10, np.int64)
    need = np.zeros(10, np.int64)
    count = np.zeros(10, np.int64)
    hole = np.zeros((10, 4), np.int64)
    folded = np.zeros(10, np.bool_)
    acted = np.zeros(10, np.bool_)
    shown = np.zeros(10, np.bool_)
    mucked = np.zeros(10, np.bool_)
    order = np.zeros(10, np.int64)
    levels = np.zeros(10, np.int64)
    amounts = np.zeros(10, np.int64)
    masks = np.zeros(10, np.int64)
    value = np.zeros(10, np.int64)
    board = np.zeros(5, np.int64)
    st = np.zeros(8, np.int64)  # the betting scalars, slots as in fastsim (_CUR.._AGG)
    for h in range(m):
        n = heads[h, 0]
        structure = heads[h, 1]
        nhole = heads[h, 2]
        min_bet = heads[h, 3]
        small_bet = heads[h, 4]
        big_bet = heads[h, 5]
        first = heads[h, 36]
        nrows = heads[h, 37]
        omaha = nhole == 4
        top_blind = 0
        last_blind = -1
        for i in range(n):
            stacks[i] = heads[h, 6 + i]
            bets[i] = 0
            contrib[i] = 0
            faced[i] = 0
            need[i] = nhole
            count[i] = 0
            folded[i] = False
            acted[i] = False
            shown[i] = False
            mucked[i] = False
            b = heads[h, 26 + i]
            if b > 0 and b >= top_blind:
                top_blind = b
                last_blind = i
        for j in range(8):
            st[j] = 0
        st[6] = -1
        # engine.start_hand (FLOW-01): antes, then blinds; a short stack posts all it has.
        for i in range(n):
            a = heads[h, 16 + i]
            if a > stacks[i]:
                a = stacks[i]
            stacks[i] -= a
            contrib[i] += a
        for i in range(n):
            b = heads[h, 26 + i]
            if b > stacks[i]:
                b = stacks[i]
            stacks[i] -= b
            bets[i] += b
            contrib[i] += b
        phase = 0  # 0 deal hole, 1 bet, 3 board, 6 showdown, 7 done (the engine's numbers)
        street = 0
        closed = False
        nboard = 0
        nord = 0
        seen = 0
        to_act = -1
        bad = False
        for r in range(first, first + nrows):
            kind = rows[r, 0]
            who = rows[r, 1]
            if phase == 7 or who >= n:
                bad = True
                break
            round_over = False
            if kind <= 2:  # engine._decide_bet / _evolve_bet / _ev_folded
                if phase != 1 or who != to_act:
                    bad = True
                    break
                i = who
                cur = st[0]
                if kind == 0:
                    folded[i] = True
                elif kind == 1:
                    add = cur - bets[i]
                    if add < 0:
                        add = 0
                    if add > stacks[i]:
                        add = stacks[i]
                    stacks[i] -= add
                    bets[i] += add
                    contrib[i] += add
                    faced[i] = cur
                else:
                    ok, low, high = _k_raise_bounds(
                        i,
                        n,
                        structure,
                        street,
                        stacks,
                        bets,
                        contrib,
                        folded,
                        acted,
                        faced,
                        st,
                        min_bet,
                        small_bet,
                        big_bet,
                    )
                    to = rows[r, 2]
                    if not ok or to < low or to > high:
                        bad = True
                        break
                    add = to - bets[i]
                    stacks[i] -= add
                    bets[i] += add
                    contrib[i] += add
                    if structure == 2:
                        unit = big_bet if street >= 2 else small_bet
                        level = cur if cur > st[1] else st[1]
                        if (to - level) * 2 >= unit:  # BET-05: half a bet or more is full
                            st[1] = to
                            st[3] += 1
                    else:
                        increment = to - cur
                        if cur == 0:
                            if to >= min_bet:
                                st[2] = to if to > min_bet else min_bet
                                st[1] = to
                        elif increment >= st[2]:
                            st[2] = increment
                            st[1] = to
                    st[0] = to
                    st[6] = i
                    faced[i] = to
                acted[i] = True
                st[5] = (i + 1) % n
                to_act = _k_after_action(n, structure, stacks, bets, folded, acted, st)
                round_over = to_act < 0
            elif kind == 3:  # engine._decide_deal_hole / _ev_hole (FLOW-02)
                p = who
                k = rows[r, 3]
                if phase != 0 or k > need[p]:
                    bad = True
                    break
                have = count[p]
                for q in range(p):
                    if need[q] > 0 and count[q] < have + k:
                        bad = True
                for q in range(p + 1, n):
                    if count[q] < have:
                        bad = True
                for c in range(k):
                    bit = 1 << rows[r, 4 + c]
                    if seen & bit:
                        bad = True
                    seen |= bit
                    hole[p, count[p] + c] = rows[r, 4 + c]
                if bad:
                    break
                count[p] += k
                need[p] -= k
                left = 0
                for q in range(n):
                    left += need[q]
                if left == 0:
                    phase = 1
                    to_act = _k_begin_round(
                        0,
                        n,
                        structure,
                        min_bet,
                        top_blind,
                        last_blind,
                        stacks,
                        bets,
                        folded,
                        acted,
                        faced,
                        st,
                    )
                    round_over = to_act < 0
            elif kind == 4:  # engine._decide_deal_board / _ev_board / _after_board (FLOW-05)
                k = rows[r, 3]
                if phase != 3 or k != (3 if nboard < 3 else 1):
                    bad = True
                    break
                for c in range(k):
                    bit = 1 << rows[r, 4 + c]
                    if seen & bit:
                        bad = True
                    seen |= bit
                    board[nboard + c] = rows[r, 4 + c]
                if bad:
                    break
                nboard += k
                if closed:
                    if nboard == 5:
                        phase = 6
                elif nboard >= 2 + street:
                    phase = 1
                    to_act = _k_begin_round(
                        street,
                        n,
                        structure,
                        min_bet,
                        top_blind,
                        last_blind,
                        stacks,
                        bets,
                        folded,
                        acted,
                        faced,
                        st,
                    )
                    round_over = to_act < 0
            else:  # engine._decide_show: show or muck, in showdown order (SHD-01/02/04)
                nxt = _k_next_shower(nord, order, shown, mucked)
                if nxt < 0 or who != nxt:
                    bad = True
                    break
                if kind == 7:
                    if _k_last_in_pot(who, n, contrib, folded, mucked, levels, amounts, masks):
                        bad = True
                        break
                    mucked[who] = True
                else:
                    if kind == 5:  # the shown cards must be exactly the dealt ones
                        k = rows[r, 3]
                        if k != count[who]:
                            bad = True
                            break
                        for x in range(count[who]):
                            hit = False
                            for c in range(k):
                                if rows[r, 4 + c] == hole[who, x]:
                                    hit = True
                            if not hit:
                                bad = True
                        if bad:
                            break
                    shown[who] = True
            if round_over:
                # engine._return_uncalled (POT-04) and engine._close_round
                top = 0
                for j in range(n):
                    if bets[j] > top:
                        top = bets[j]
                if top > 0:
                    owner = -1
                    owners = 0
                    second = 0
                    for j in range(n):
                        if bets[j] == top:
                            owners += 1
                            owner = j
                        elif bets[j] > second:
                            second = bets[j]
                    if owners == 1:
                        back = top - second
                        stacks[owner] += back
                        contrib[owner] -= back
                alive = 0
                with_chips = 0
                for j in range(n):
                    bets[j] = 0
                    acted[j] = False
                    if not folded[j]:
                        alive += 1
                        if stacks[j] > 0:
                            with_chips += 1
                st[0] = 0
                if alive == 1:
                    phase = 6
                    closed = True
                else:
                    if with_chips <= 1:
                        closed = True  # FLOW-09
                    if street >= 3:
                        phase = 6
                    else:
                        street += 1
                        phase = 3
                    if phase == 6 or closed:
                        # showdown.showdown_order, last_betting_round: the aggressor of the
                        # last round played shows first; with no bet, the first to act.
                        start = st[6]
                        if start < 0:
                            for j in range(n):
                                if not folded[j]:
                                    start = j
                                    break
                        nord = 0
                        for q in range(n):
                            j = (start + q) % n
                            if not folded[j]:
                                order[nord] = j
                                nord += 1
            if phase == 6 and _k_next_shower(nord, order, shown, mucked) < 0:
                if not _k_settle(
                    n,
                    omaha,
                    nhole,
                    stacks,
                    contrib,
                    folded,
                    mucked,
                    hole,
                    board,
                    value,
                    levels,
                    amounts,
                    masks,
                    ck,
                    cb,
                    t5,
                    t7,
                    fl,
                ):
                    bad = True
                    break
                phase = 7
        if bad:
            status[h] = 1
        elif phase != 7:
            status[h] = 2
        else:
            for i in range(n):
                finals[h, i] = stacks[i]
    return status, finals


def _k_begin_round(  # pragma: no cover - compiled
    street: int,
    n: int,
    structure: int,
    min_bet: int,
    top_blind: int,
    last_blind: int,
    stacks: Any,
    bets: Any,
    folded: Any,
    acted: Any,
    faced: Any,
    st: Any,
) -> int:
    """engine._begin_round: reset the round's betting state; return the first actor (-1: none)."""
    for i in range(n):
        acted[i] = False
        faced[i] = 0
    st[6] = -1
    st[4] = 0
    if street == 0:
        cur = top_blind
        for i in range(n):
            if bets[i] > cur:
                cur = bets[i]
        st[0] = cur
        st[1] = cur
        if structure == 2:
            st[3] = 1 if top_blind > 0 else 0  # G5: the big blind is the first bet
        else:
            st[2] = min_bet if min_bet > top_blind else top_blind  # BET-02
        st[5] = (last_blind + 1) % n  # FLOW-03 (position 0 when there is no blind)
    else:
        st[0] = 0
        st[1] = 0
        st[3] = 0
        st[2] = min_bet
        st[5] = 0  # FLOW-06
    return int(_k_after_action(n, structure, stacks, bets, folded, acted, st))


def _k_next_shower(nord: int, order: Any, shown: Any, mucked: Any) -> int:  # pragma: no cover
    """engine._next_shower: who shows or mucks next (-1: nobody; the last hand needs not)."""
    alive = 0
    alive_shown = False
    for q in range(nord):
        j = order[q]
        if not mucked[j]:
            alive += 1
            if shown[j]:
                alive_shown = True
    if alive <= 1 and not alive_shown:
        return -1
    for q in range(nord):
        j = order[q]
        if not shown[j] and not mucked[j]:
            return int(j)
    return -1


def _k_pots(  # pragma: no cover - compiled
    n: int, contrib: Any, folded: Any, levels: Any, amounts: Any, masks: Any
) -> int:
    """pots.build_pots (POT-01): layers by the contributions of the hands not folded, main pot
    first; consecutive layers with the same contestants are one pot. Returns the pot count."""
    nlev = 0
    for j in range(n):
        if not folded[j]:
            c = contrib[j]
            seen = False
            for q in range(nlev):
                if levels[q] == c:
                    seen = True
            if not seen:
                q = nlev
                while q > 0 and levels[q - 1] > c:
                    levels[q] = levels[q - 1]
                    q -= 1
                levels[q] = c
                nlev += 1
    npots = 0
    previous = 0
    for q in range(nlev):
        level = levels[q]
        amount = 0
        for j in range(n):
            upper = contrib[j] if (q == nlev - 1 or contrib[j] < level) else level
            if upper > previous:
                amount += upper - previous
        mask = 0
        for j in range(n):
            if not folded[j] and contrib[j] >= level:
                mask |= 1 << j
        if amount:
            if npots > 0 and masks[npots - 1] == mask:
                amounts[npots - 1] += amount
            else:
                amounts[npots] = amount
                masks[npots] = mask
                npots += 1
        previous = level
    return npots


def _k_last_in_pot(  # pragma: no cover - compiled
    who: int, n: int, contrib: Any, folded: Any, mucked: Any, levels: Any, amounts: Any, masks: Any
) -> bool:
    """engine._decide_show: a muck is refused to the last unmucked hand of any pot."""
    npots = _k_pots(n, contrib, folded, levels, amounts, masks)
    for q in range(npots):
        mask = masks[q]
        if mask >> who & 1:
            others = False
            for j in range(n):
                if j != who and mask >> j & 1 and not mucked[j]:
                    others = True
            if not others:
                return True
    return False


def _k_settle(  # pragma: no cover - compiled
    n: int,
    omaha: bool,
    nhole: int,
    stacks: Any,
    contrib: Any,
    folded: Any,
    mucked: Any,
    hole: Any,
    board: Any,
    value: Any,
    levels: Any,
    amounts: Any,
    masks: Any,
    ck: Any,
    cb: Any,
    t5: Any,
    t7: Any,
    fl: Any,
) -> bool:
    """engine._settle without rake: FLOW-10, side pots (POT-01), mucked hands dead (SHD-07),
    odd chips one each to the winners in position order (POT-05, chip unit 1)."""
    alive = 0
    winner = -1
    total = 0
    for j in range(n):
        total += contrib[j]
        if not folded[j]:
            alive += 1
            winner = j
    if alive == 1:
        stacks[winner] += total
        return True
    for j in range(n):
        value[j] = 0
        if not folded[j] and not mucked[j]:
            value[j] = _k_value(omaha, hole[j, :nhole], board, ck, cb, t5, t7, fl)
    npots = _k_pots(n, contrib, folded, levels, amounts, masks)
    for q in range(npots):
        mask = masks[q]
        for j in range(n):
            if mucked[j]:
                mask &= ~(1 << j)
        best = -1
        winners = 0
        for j in range(n):
            if mask >> j & 1:
                if value[j] > best:
                    best = value[j]
                    winners = 1
                elif value[j] == best:
                    winners += 1
        if winners == 0:
            return False  # a pot with no live hand: never accepted by the engine either
        each = amounts[q] // winners
        odd = amounts[q] - each * winners
        got = 0
        for j in range(n):
            if mask >> j & 1 and value[j] == best:
                stacks[j] += each + (1 if got < odd else 0)
                got += 1
    return True


_state: dict[str, Any] = {}
_COMPILED: Final = (
    "_k_begin_round",
    "_k_next_shower",
    "_k_pots",
    "_k_last_in_pot",
    "_k_settle",
    "_k_replay",
)


def available() -> bool:
    """True when numba can be imported (checked without importing it)."""
    from importlib.util import find_spec

    return find_spec("numba") is not None


def load_kernel() -> None:
    """Import numba, compile (or load from the disk cache) the kernel and build its tables."""
    if _state:
        return
    import numba
    import numpy as np

    from pokerroom import fastsim

    sim = fastsim._kernel()  # wraps fastsim's functions (and builds the evaluation tables)
    g = globals()
    g["np"] = np
    for name in ("_k_after_action", "_k_raise_bounds", "_k_value"):
        g[name] = getattr(fastsim, name)
    for name in _COMPILED:
        g[name] = numba.njit(cache=True)(g[name])
    _drop_stale_cache(g["_k_replay"], fastsim.__file__)
    _state.update(tables=(sim["ck"], sim["cb"], sim["t5"], sim["t7"], sim["fl"]))
    empty = Encoded(0, (), b"", b"")
    run(empty)  # load from the cache (or compile) now, on no hands


def _drop_stale_cache(dispatcher: Any, callee_file: str) -> None:
    # numba keys a cached kernel on its own file only; this one inlines fastsim's functions, so
    # a cache older than fastsim.py may hold their old code: drop it and compile afresh.
    cache = getattr(dispatcher, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    if cache is None or index is None or not os.path.exists(index):
        return
    if os.path.getmtime(index) < os.path.getmtime(callee_file):
        cache.flush()


def run(encoded: Encoded) -> list[tuple[int, ...] | None]:
    """Replay an encoded batch in the kernel: final stacks per input hand, or None."""
    load_kernel()
    import numpy as np

    out: list[tuple[int, ...] | None] = [None] * encoded.count
    m = len(encoded.index)
    heads = np.frombuffer(encoded.heads, np.int64).reshape(m, _HEAD)
    rows = np.frombuffer(encoded.rows, np.int64).reshape(-1, _ROW)
    status, finals = _k_replay(heads, rows, *_state["tables"])
    for k, where in enumerate(encoded.index):
        if status[k] == OK:
            out[where] = tuple(finals[k, : heads[k, 0]].tolist())
    return out


def replay_stacks(histories: Sequence[HandHistory]) -> list[tuple[int, ...] | None]:
    """Final stacks of each hand through the fast path, None where the reference must replay it
    (see the module docstring). Same hands, same stacks as ``replay_history(hh).final_stacks``."""
    return run(encode(histories))
