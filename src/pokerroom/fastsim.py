"""Random legal play compiled with numba: the reference engine's rules, a hundred times faster.

:func:`fast_simulate` plays fresh random hands of no-limit, pot-limit and fixed-limit Hold'em
and no-limit and pot-limit Omaha under the default house rules (``HouseRules()``, cash), with
the policy of :func:`pokerroom.bots.random_bot.random_action`: uniform over the legal action
types, then a bet or raise *to* an amount uniform over the legal range.

It is a second implementation of the rules of :mod:`pokerroom.hand` (not a model of them):
every function below mirrors one of the engine's (``raise_bounds``, ``_evolve_bet``,
``_after_betting_action``, ``_return_uncalled``, ``showdown_order``,
``default_showdown_action``, ``build_pots``, ``split_pot``), and ``tests/test_fastsim.py``
proves it by recording thousands of kernel hands and replaying every deck and action through
the reference engine, which must accept each action and end with the same stacks.

Cards come off the deck exactly as the engine deals them from a deck (``start_hand(config,
deck)``): hole cards one at a time round the table from position 0, then burn and three,
burn and one, burn and one (FLOW-02, FLOW-05). Hand values come from the lookup tables of
:mod:`pokerroom.evaluate` (``dense_tables``), so they equal ``holdem_high``/``omaha_high``.

numba is imported on the first call only; the compiled kernel is cached on disk.

>>> r = fast_simulate("nlhe", players=3, hands=200, seed=1)
>>> r.hands, r.chips_conserved, r.actions > 200
(200, True, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from pokerroom.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["BET_RAISE", "CHECK_CALL", "FOLD", "SUPPORTED_GAMES", "FastResult", "fast_simulate"]

#: Games the kernel plays: game name -> (variant code, structure, hole cards).
#: Structure: 0 no limit, 1 pot limit, 2 fixed limit.
SUPPORTED_GAMES: Final[dict[str, tuple[str, int, int]]] = {
    "nlhe": ("NT", 0, 2),
    "plhe": ("PT", 1, 2),
    "flhe": ("FT", 2, 2),
    "plo": ("PO", 1, 4),
    "nlo": ("NO", 0, 4),
}

#: Action kinds in the recorded log (``FastResult.log_kind``).
FOLD: Final = 0
CHECK_CALL: Final = 1
BET_RAISE: Final = 2

_NL, _PL, _FL = 0, 1, 2
# Slots of the scalar betting state array ``st`` (the engine's HandState scalars).
_CUR, _FULL, _LR, _BC, _UNC, _CURSOR, _AGG = 0, 1, 2, 3, 4, 5, 6
_LIMIT_CAP: Final = 4  # STR-03: HouseRules().limit_raise_cap (bet + 3 raises)


@dataclass(frozen=True, slots=True)
class FastResult:
    """What :func:`fast_simulate` played.

    ``hands`` and ``actions`` count hands and player decisions; ``chips_conserved`` is True
    when every hand ended with exactly the chips it started with (checked inside the kernel
    after each hand; ``bad_hands`` counts the others). ``seconds`` is the time in the kernel,
    ``seconds_compile`` the time this call spent compiling or loading it from the cache.

    With ``record=True``: ``decks`` (hands x cards used, top card first), ``final_stacks``
    (hands x players), and the action log: actions of hand ``h`` are
    ``log_start[h]:log_start[h + 1]`` of ``log_actor`` (position), ``log_kind``
    (:data:`FOLD`, :data:`CHECK_CALL`, :data:`BET_RAISE`) and ``log_to`` (the raise-to
    amount; for the others the player's bet after the action). Otherwise these are None.
    """

    game: str
    players: int
    hands: int
    actions: int
    chips_conserved: bool
    bad_hands: int
    seconds: float
    seconds_compile: float
    decks: npt.NDArray[np.int8] | None = None
    final_stacks: npt.NDArray[np.int64] | None = None
    log_start: npt.NDArray[np.int64] | None = None
    log_actor: npt.NDArray[np.int8] | None = None
    log_kind: npt.NDArray[np.int8] | None = None
    log_to: npt.NDArray[np.int64] | None = None

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of kernel time (compile time excluded)."""
        return self.hands / self.seconds if self.seconds > 0 else float("inf")


# --- compiled kernel ---------------------------------------------------------------------------
# Plain functions here; `_kernel()` replaces them by numba dispatchers on first use (so that
# importing this module does not import numba). Each mirrors the engine function it names.


def _k_needs_action(  # pragma: no cover - compiled
    i: int, n: int, stacks: Any, bets: Any, folded: Any, acted: Any, cur: int
) -> bool:
    """betting._needs_action (FLOW-04, FLOW-09)."""
    if folded[i] or stacks[i] == 0:
        return False
    if bets[i] < cur:
        return True
    if acted[i]:
        return False
    for j in range(n):  # noqa: SIM110 - a plain loop compiles best
        if j != i and not folded[j] and stacks[j] > 0:
            return True
    return False


def _k_after_action(  # pragma: no cover - compiled
    n: int, structure: int, stacks: Any, bets: Any, folded: Any, acted: Any, st: Any
) -> int:
    """engine._after_betting_action: STR-04 uncapping, then the next actor (-1: round over)."""
    alive = 0
    can_bet = 0
    for j in range(n):
        if not folded[j]:
            alive += 1
            if stacks[j] > 0:
                can_bet += 1
    if structure == 2 and can_bet <= 2 and st[4] == 0 and st[3] < 4:
        st[4] = 1  # STR-04: a cash round that becomes heads-up before the cap is uncapped
    if alive == 1:
        return -1
    first = st[5]
    for k in range(n):
        i = (first + k) % n
        if _k_needs_action(i, n, stacks, bets, folded, acted, st[0]):
            return int(i)
    return -1


def _k_raise_bounds(  # pragma: no cover - compiled
    i: int,
    n: int,
    structure: int,
    street: int,
    stacks: Any,
    bets: Any,
    contrib: Any,
    folded: Any,
    acted: Any,
    faced: Any,
    st: Any,
    min_bet: int,
    small_bet: int,
    big_bet: int,
) -> tuple[bool, int, int]:
    """betting.raise_bounds under HouseRules(): (allowed, min raise-to, max raise-to)."""
    stack = stacks[i]
    all_in_to = bets[i] + stack
    cur = st[0]
    if all_in_to <= cur:
        return False, 0, 0
    other = False
    for j in range(n):
        if j != i and not folded[j] and stacks[j] > 0:
            other = True
            break
    if not other:
        return False, 0, 0
    # BET-04 / BET-05 / G6: reopened only by a full raise, or short all-ins adding up to one.
    if acted[i] and faced[i] >= st[1] and (structure == 2 or not cur - faced[i] >= st[2]):
        return False, 0, 0
    if structure == 2:
        # STR-03 / STR-04: cap of four bets unless the round became heads-up.
        if st[3] >= 4 and st[4] == 0:
            return False, 0, 0
        unit = big_bet if street >= 2 else small_bet
        to = st[1] + unit  # BET-05: complete to the full level + one unit
        if to <= cur:
            to = cur + unit
        if to > all_in_to:
            to = all_in_to
        return True, to, to
    # BET-01 / BET-02 / G7.
    full_min = cur + st[2] if cur else max(min_bet, st[2])
    if structure == 1:
        # STR-05: the current bet plus the pot (all bets included) plus the call.
        pot = 0
        for j in range(n):
            pot += contrib[j]
        top = cur + pot + (cur - bets[i])
    else:
        top = all_in_to  # STR-06
    if top > all_in_to:
        top = all_in_to
    low = full_min if full_min < all_in_to else all_in_to  # BET-03
    return True, low, top if top > low else low


def _k_value(  # pragma: no cover - compiled
    omaha: bool, hole: Any, board: Any, ck: Any, cb: Any, t5: Any, t7: Any, fl: Any
) -> int:
    """evaluate.holdem_high (2 hole + 5 board) or evaluate.omaha_high (2 of 4 + 3 of 5)."""
    if not omaha:
        key = ck[hole[0]] + ck[hole[1]]
        m = cb[hole[0]] | cb[hole[1]]
        for j in range(5):
            key += ck[board[j]]
            m |= cb[board[j]]
        f = ((key >> 32) + 0x3333) & 0x8888
        if f:
            s = 0 if f & 0x8 else 1 if f & 0x80 else 2 if f & 0x800 else 3
            return int(fl[(m >> (16 * s)) & 0x1FFF])
        return int(t7[key & 0xFFFFFFFF])
    best = 0
    nh = hole.shape[0]
    for a in range(nh):
        for b in range(a + 1, nh):
            pk = ck[hole[a]] + ck[hole[b]]
            pm = cb[hole[a]] | cb[hole[b]]
            for x in range(3):
                for y in range(x + 1, 4):
                    for z in range(y + 1, 5):
                        key = pk + ck[board[x]] + ck[board[y]] + ck[board[z]]
                        f = ((key >> 32) + 0x3333) & 0x8888
                        if f:
                            m = pm | cb[board[x]] | cb[board[y]] | cb[board[z]]
                            s = 0 if f & 0x8 else 1 if f & 0x80 else 2 if f & 0x800 else 3
                            v = int(fl[(m >> (16 * s)) & 0x1FFF])
                        else:
                            v = int(t5[key & 0xFFFFFFFF])
                        if v > best:
                            best = v
    return best


def _k_play(  # pragma: no cover - compiled
    structure: int,
    omaha: bool,
    n: int,
    nhole: int,
    hands: int,
    seed: int,
    start_stacks: Any,
    blinds: Any,
    first_preflop: int,
    min_bet: int,
    small_bet: int,
    big_bet: int,
    record: bool,
    ck: Any,
    cb: Any,
    t5: Any,
    t7: Any,
    fl: Any,
) -> tuple[int, int, Any, Any, Any, Any, Any, Any]:
    """Play ``hands`` random hands; return counts and (when ``record``) decks and the log."""
    np.random.seed(seed)
    need = n * nhole + 8
    deck = np.arange(52).astype(np.int64)
    stacks = np.zeros(n, np.int64)
    bets = np.zeros(n, np.int64)
    contrib = np.zeros(n, np.int64)
    faced = np.zeros(n, np.int64)
    value = np.zeros(n, np.int64)
    folded = np.zeros(n, np.bool_)
    acted = np.zeros(n, np.bool_)
    mucked = np.zeros(n, np.bool_)
    shown = np.zeros(n, np.bool_)
    order = np.zeros(n, np.int64)
    levels = np.zeros(n, np.int64)
    pot_amount = np.zeros(n, np.int64)
    pot_mask = np.zeros(n, np.int64)
    hole = np.zeros(nhole, np.int64)
    board = np.zeros(5, np.int64)
    st = np.zeros(8, np.int64)
    top_blind = 0
    for i in range(n):
        if blinds[i] > top_blind:
            top_blind = blinds[i]
    kept = hands if record else 0
    decks = np.zeros((kept, need), np.int8)
    finals = np.zeros((kept, n), np.int64)
    starts = np.zeros(kept + 1, np.int64)
    cap = 4096 if record else 1
    l_actor = np.zeros(cap, np.int8)
    l_kind = np.zeros(cap, np.int8)
    l_to = np.zeros(cap, np.int64)
    nlog = 0
    actions = 0
    bad = 0
    total = 0
    for i in range(n):
        total += start_stacks[i]
    base = n * nhole  # the first card after the hole cards (the first burn)
    for h in range(hands):
        # A uniform random deck: partial Fisher-Yates of the cards the hand can use.
        for j in range(need):
            k = np.random.randint(j, 52)
            t = deck[j]
            deck[j] = deck[k]
            deck[k] = t
        if record:
            for j in range(need):
                decks[h, j] = deck[j]
            starts[h] = nlog
        for i in range(n):
            stacks[i] = start_stacks[i]
            bets[i] = 0
            contrib[i] = 0
            folded[i] = False
            mucked[i] = False
            shown[i] = False
        for j in range(8):
            st[j] = 0
        # FLOW-01 / BLD-02 / BLD-03: post the blinds (a short stack posts all it has).
        for i in range(n):
            b = blinds[i]
            if b > 0:
                a = b if b < stacks[i] else stacks[i]
                stacks[i] -= a
                bets[i] += a
                contrib[i] += a
        street = 0
        closed = False
        alive = n
        st[_AGG] = -1
        while True:
            # engine._begin_round
            for i in range(n):
                acted[i] = False
                faced[i] = 0
            st[_AGG] = -1
            st[_UNC] = 0
            if street == 0:
                cur = top_blind
                for i in range(n):
                    if bets[i] > cur:
                        cur = bets[i]
                st[_CUR] = cur
                st[_FULL] = cur
                if structure == 2:
                    st[_BC] = 1 if top_blind > 0 else 0  # G5: the big blind is the first bet
                else:
                    st[_LR] = min_bet if min_bet > top_blind else top_blind  # BET-02
                st[_CURSOR] = first_preflop  # FLOW-03
            else:
                st[_CUR] = 0
                st[_FULL] = 0
                st[_BC] = 0
                st[_LR] = min_bet
                st[_CURSOR] = 0  # FLOW-06
            actor = _k_after_action(n, structure, stacks, bets, folded, acted, st)
            while actor >= 0:
                i = actor
                cur = st[_CUR]
                owed = cur - bets[i]
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
                # bots.random_bot.random_action: uniform over the action types.
                kinds = 1
                if owed > 0:
                    kinds += 1
                if ok:
                    kinds += 1
                pick = np.random.randint(0, kinds)
                if owed > 0:
                    kind = 0 if pick == 0 else 1 if pick == 1 else 2
                else:
                    kind = 1 if pick == 0 else 2
                if kind == 0:  # engine._ev_folded
                    folded[i] = True
                    acted[i] = True
                    to = bets[i]
                elif kind == 1:  # engine._evolve_bet, check or call
                    add = 0
                    if owed > 0:
                        add = owed if owed < stacks[i] else stacks[i]
                    stacks[i] -= add
                    bets[i] += add
                    contrib[i] += add
                    acted[i] = True
                    faced[i] = cur
                    to = bets[i]
                else:  # engine._evolve_bet, bet or raise
                    to = np.random.randint(low, high + 1)
                    add = to - bets[i]
                    stacks[i] -= add
                    bets[i] += add
                    contrib[i] += add
                    increment = to - cur
                    if structure == 2:
                        unit = big_bet if street >= 2 else small_bet
                        level = cur if cur > st[_FULL] else st[_FULL]
                        if (to - level) * 2 >= unit:  # BET-05: half a bet or more is full
                            st[_FULL] = to
                            st[_BC] += 1
                    else:
                        opening = cur == 0
                        if increment >= st[_LR] or (opening and to >= min_bet):
                            if opening:
                                st[_LR] = to if to > min_bet else min_bet
                            elif increment > st[_LR]:
                                st[_LR] = increment
                            st[_FULL] = to
                    st[_CUR] = to
                    st[_AGG] = i
                    acted[i] = True
                    faced[i] = to
                st[_CURSOR] = (i + 1) % n
                actions += 1
                if record:
                    if nlog == l_kind.shape[0]:
                        grown_a = np.zeros(2 * nlog, np.int8)
                        grown_k = np.zeros(2 * nlog, np.int8)
                        grown_t = np.zeros(2 * nlog, np.int64)
                        grown_a[:nlog] = l_actor
                        grown_k[:nlog] = l_kind
                        grown_t[:nlog] = l_to
                        l_actor = grown_a
                        l_kind = grown_k
                        l_to = grown_t
                    l_actor[nlog] = i
                    l_kind[nlog] = kind
                    l_to[nlog] = to
                    nlog += 1
                actor = _k_after_action(n, structure, stacks, bets, folded, acted, st)
            # engine._return_uncalled (POT-04 / G8)
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
                    bets[owner] -= back
                    contrib[owner] -= back
            # engine._close_round
            alive = 0
            with_chips = 0
            for j in range(n):
                bets[j] = 0
                if not folded[j]:
                    alive += 1
                    if stacks[j] > 0:
                        with_chips += 1
            if alive == 1:
                break
            if with_chips <= 1:
                closed = True  # FLOW-09: nobody left to bet against
            if street >= 3:
                break
            street += 1
            if closed:
                break  # the board is run out; engine.showdown_order is taken now
        nord = 0
        if alive > 1:
            # showdown.showdown_order (SHD-01; SHD-02 first_to_act): the last aggressor of the
            # last betting round played (no round is played once the betting is closed).
            start = st[_AGG]
            if start < 0:
                for j in range(n):
                    if not folded[j]:
                        start = j
                        break
            for k in range(n):
                j = (start + k) % n
                if not folded[j]:
                    order[nord] = j
                    nord += 1
            for j in range(5):
                board[j] = deck[base + (1 + j if j < 3 else 2 + j if j == 3 else 7)]
            # engine.default_showdown_action: show unless beaten by a shown hand that is in
            # every pot this one is in (SHD-04/05); mucked hands win nothing.
            for k in range(nord):
                i = order[k]
                for r in range(nhole):
                    hole[r] = deck[r * n + i]
                value[i] = _k_value(omaha, hole, board, ck, cb, t5, t7, fl)
                show = True
                for q in range(k):
                    j = order[q]
                    if shown[j] and contrib[j] >= contrib[i] and value[j] > value[i]:
                        show = False
                        break
                shown[i] = show
                mucked[i] = not show
        # pots.build_pots (POT-01): layers by the contributions of the hands not folded
        # (mucked hands still shape the layers, engine._settle).
        nlev = 0
        for j in range(n):
            if not folded[j]:
                c = contrib[j]
                seen = False
                for q in range(nlev):
                    if levels[q] == c:
                        seen = True
                        break
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
                if npots > 0 and pot_mask[npots - 1] == mask:
                    pot_amount[npots - 1] += amount
                else:
                    pot_amount[npots] = amount
                    pot_mask[npots] = mask
                    npots += 1
            previous = level
        # engine._settle + pots.split_pot: mucked hands are dead (SHD-07); odd chips one each
        # to the winners in position order (POT-05).
        for q in range(npots):
            mask = pot_mask[q]
            for j in range(n):
                if mucked[j]:
                    mask &= ~(1 << j)
            best = -1
            winners = 0
            for j in range(n):
                if mask >> j & 1:
                    v = value[j] if alive > 1 else 0
                    if v > best:
                        best = v
                        winners = 1
                    elif v == best:
                        winners += 1
            each = pot_amount[q] // winners
            odd = pot_amount[q] - each * winners
            got = 0
            for j in range(n):
                if mask >> j & 1 and (value[j] if alive > 1 else 0) == best:
                    stacks[j] += each + (1 if got < odd else 0)
                    got += 1
        chips = 0
        for j in range(n):
            chips += stacks[j]
        if chips != total:
            bad += 1
        if record:
            for j in range(n):
                finals[h, j] = stacks[j]
    if record:
        starts[hands] = nlog
    return (
        actions,
        bad,
        decks,
        finals,
        starts,
        l_actor[:nlog].copy(),
        l_kind[:nlog].copy(),
        l_to[:nlog].copy(),
    )


_state: dict[str, Any] = {}


def _kernel() -> dict[str, Any]:
    """Import numba, wrap the kernels (compiled on first call, cached on disk), build tables."""
    if not _state:
        import numba
        import numpy as np

        from pokerroom import evaluate

        g = globals()
        g["np"] = np
        for name in (
            "_k_needs_action",
            "_k_after_action",
            "_k_raise_bounds",
            "_k_value",
            "_k_play",
        ):
            g[name] = numba.njit(cache=True)(g[name])
        keys = evaluate.RANK_KEYS
        # Per card: rank key + one in the suit's 4-bit counter at bit 32 (flush detection);
        # and the card's rank bit within a 16-bit lane per suit (flush rank masks).
        ck = np.asarray([keys[c >> 2] + (1 << (32 + 4 * (c & 3))) for c in range(52)], np.int64)
        cb = np.asarray([1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], np.int64)
        t5, t7, fl = evaluate.dense_tables()
        _state.update(ck=ck, cb=cb, t5=t5, t7=t7, fl=fl, warm=False)
    return _state


def fast_simulate(
    game: str,
    players: int,
    hands: int,
    seed: int = 0,
    stack: int = 400,
    small_blind: int = 1,
    big_blind: int = 2,
    record: bool = False,
    stacks: Sequence[int] | None = None,
) -> FastResult:
    """Play ``hands`` fresh random hands in the compiled kernel (see the module docstring).

    Equal stacks of ``stack`` (or ``stacks``, one per position from the first left of the
    button, every hand), blinds ``small_blind``/``big_blind`` (heads-up the button posts the
    small blind, FLOW-08), default house rules, no rake. The same arguments give the same
    result. ``record=True`` keeps every deck, action and final stack.
    """
    spec = SUPPORTED_GAMES.get(game)
    if spec is None:
        raise ConfigError(
            "unsupported_game",
            f"fast_simulate plays {', '.join(SUPPORTED_GAMES)}, not {game!r}: "
            "use simulation.simulate(engine='reference')",
        )
    _code, structure, nhole = spec
    if not 2 <= players <= 10:
        raise ConfigError("bad_player_count", f"fast_simulate needs 2 to 10 players, got {players}")
    if hands < 0:
        raise ConfigError("bad_hands", f"hands must be 0 or more, got {hands}")
    chips = (stack,) * players if stacks is None else tuple(stacks)
    if len(chips) != players:
        raise ConfigError("bad_length", f"{len(chips)} stacks for {players} players")
    if min(chips) <= 0:
        raise ConfigError("bad_stack", f"stacks must be positive, got {chips}")
    if small_blind < 0 or big_blind <= 0:
        raise ConfigError(
            "bad_blinds", f"blinds {small_blind}/{big_blind}: the big blind must be positive"
        )
    if sum(chips) >= 1 << 62 or not 0 <= seed < 1 << 32:
        raise ConfigError("out_of_range", "stacks must fit in 62 bits and the seed in 32 bits")
    import numpy as np

    st = _kernel()
    blinds = np.zeros(players, np.int64)
    if players == 2:
        blinds[0], blinds[1] = big_blind, small_blind  # FLOW-08: the button posts the SB
    else:
        blinds[0], blinds[1] = small_blind, big_blind
    top = int(blinds.max())
    last = max(j for j in range(players) if blinds[j] == top)
    fixed = structure == _FL
    args = (
        structure,
        nhole == 4,
        players,
        nhole,
        hands,
        seed,
        np.asarray(chips, np.int64),
        blinds,
        (last + 1) % players,
        0 if fixed else big_blind,
        big_blind if fixed else 0,
        2 * big_blind if fixed else 0,
        record,
        st["ck"],
        st["cb"],
        st["t5"],
        st["t7"],
        st["fl"],
    )
    compile_seconds = 0.0
    if not st["warm"]:
        t0 = time.perf_counter()
        _k_play(*args[:4], 0, *args[5:])  # compile (or load from the cache) on no hands
        compile_seconds = time.perf_counter() - t0
        st["warm"] = True
    t0 = time.perf_counter()
    actions, bad, decks, finals, starts, l_actor, l_kind, l_to = _k_play(*args)
    seconds = time.perf_counter() - t0
    return FastResult(
        game=game,
        players=players,
        hands=hands,
        actions=int(actions),
        chips_conserved=bad == 0,
        bad_hands=int(bad),
        seconds=seconds,
        seconds_compile=compile_seconds,
        decks=decks if record else None,
        final_stacks=finals if record else None,
        log_start=starts if record else None,
        log_actor=l_actor if record else None,
        log_kind=l_kind if record else None,
        log_to=l_to if record else None,
    )
