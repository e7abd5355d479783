"""The end of a hand: uncalled bets back, the showdown the engine plays, rake and the pots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pokerroom.hand.decisions import _must_show, _next_shower
from pokerroom.hand.events import (
    Event,
    HandEnded,
    Mucked,
    PotAwarded,
    RakeTaken,
    Shown,
    UncalledBetReturned,
)
from pokerroom.hand.pots import Pot, rake_pots, split_pot
from pokerroom.hand.showdown import hand_values, values_name
from pokerroom.hand.state import (
    HandState,
)
from pokerroom.hand.transitions import _emit

__all__ = ["default_showdown_action"]


def _return_uncalled(s: HandState, events: list[Event]) -> None:
    # POT-04 / G8: the part of the largest bet nobody matched goes back to its owner.
    top = second = 0
    owner = -1
    for j, b in enumerate(s.bets):
        if b > top:
            top, second, owner = b, top, j
        elif b > second:
            second = b
    if top == second or s.forfeits[owner]:
        return  # matched (or tied), or a killed hand whose house refunds nothing (DEAD-06)
    _emit(s, events, UncalledBetReturned(owner, top - second))


def _auto_show(s: HandState, events: list[Event]) -> bool:
    """Show or muck for the next player where the engine decides (SHD-03, or automated)."""
    i = _next_shower(s)
    if i is None:
        return False
    held = s.hole[i]
    if any(c is None for c in held):
        return False
    if _must_show(s):
        _emit(s, events, Shown(i, tuple(c for c in held if c is not None)))
        return True
    if not s.config.automate_showdown or (
        not all(len(b) == 5 for b in s.boards) and s.config.variant.has_board
    ):
        return False
    _emit(s, events, default_showdown_action(s, i))
    return True


def default_showdown_action(s: HandState, i: int) -> Shown | Mucked:
    """SHD-04/05: show if this hand can still win or tie a pot it is in, else muck.

    It shows when, in some pot it contests, no other hand is shown yet or it beats or ties
    every hand shown there. (Pots are nested, so that is usually the highest pot it reached;
    dead money in the main pot, ``HandConfig.antes_layered``, is contested by every hand.)
    """
    variant = s.config.variant
    held = tuple(c for c in s.hole[i] if c is not None)
    for pot in s.pots():
        if i not in pot.eligible:
            continue
        rivals = [
            cards
            for j in pot.eligible
            if j != i and not s.mucked[j] and (cards := s.shown[j]) is not None
        ]  # a hand shown and then killed (SHD-09) is dead: it beats nobody
        if not rivals:
            return Shown(i, held)
        for board in s.boards:
            hi, lo = hand_values(variant, held, board)
            theirs = [hand_values(variant, cards, board) for cards in rivals]
            if all(hi >= t[0] for t in theirs):
                return Shown(i, held)
            if lo is not None and all(t[1] is None or lo >= t[1] for t in theirs):
                return Shown(i, held)
    return Mucked(i)


def _settle(s: HandState, events: list[Event]) -> None:
    cfg = s.config
    rules = cfg.rules
    unraked = not rules.rake_percent or rules.is_tournament
    if s.folded.count(False) == 1 and (unraked or (rules.no_flop_no_drop and s.street == 0)):
        # FLOW-10: the last hand wins the whole pot without showing (no rake to take).
        winner = s.folded.index(False)
        _emit(s, events, PotAwarded(0, ((winner, sum(s.contrib) + cfg.dead_money),)))
        _emit(s, events, HandEnded(tuple(s._stacks), s.rake))
        return
    pots = s.pots()
    amounts = [p.amount for p in pots]
    # FEE-01 / POT-07: rake main pot first up to the cap; no flop, no drop.
    if rules.rake_percent and not rules.is_tournament:
        flop_seen = bool(s.boards[0]) if cfg.variant.has_board else s.street > 0
        if flop_seen or not rules.no_flop_no_drop:
            for k, r in enumerate(
                rake_pots(amounts, rules.rake_percent, rules.rake_cap, cfg.chip_unit)
            ):
                if r:
                    _emit(s, events, RakeTaken(k, r))
                    amounts[k] -= r
    if cfg.merge_pots_by_winners:
        pots, amounts = _merge_by_winners(s, pots, amounts)
    unit = cfg.chip_unit
    # POT-05 / G9: the odd-unit limit counts per pot, or over the hand (odd units held so far).
    odd = _OddUnits(rules.max_odd_units_per_player, None if rules.odd_chip_per_pot else {})
    values: dict[tuple[int, int], tuple[int, int | None]] = {}
    # POT-02: the last side pot is settled first, the main pot last.
    for k in range(len(pots) - 1, -1, -1):
        pot = pots[k]
        amount = amounts[k]
        contenders = tuple(p for p in pot.eligible if not s.mucked[p])  # SHD-07: mucked = dead
        if len(contenders) == 1:
            winner = contenders[0]
            shown = s.shown[winner]
            board = s.boards[0]
            name = (
                ""  # unshown, or won before the board was out (FLOW-05: a muck conceded)
                if shown is None or (cfg.variant.has_board and len(board) < 5)
                else values_name(cfg.variant, hand_values(cfg.variant, shown, board)[0])
            )
            _emit(s, events, PotAwarded(k, ((winner, amount),), hand=name))
            continue
        run_amounts = _halves(amount, s.runs if k in s.rit_pots else 1, unit)
        for run, run_amount in enumerate(run_amounts):
            board = s.boards[run]
            for p in contenders:
                if (p, run) not in values:
                    cards = s.shown[p]
                    assert cards is not None
                    values[p, run] = hand_values(cfg.variant, cards, board)
            _award(s, events, k, run, run_amount, contenders, values, unit, odd)
    _emit(s, events, HandEnded(tuple(s._stacks), s.rake))


def _merge_by_winners(
    s: HandState, pots: list[Pot], amounts: list[int]
) -> tuple[list[Pot], list[int]]:
    """PokerKit's settlement (``HandConfig.merge_pots_by_winners``): hands that cannot win
    any part of any pot are killed first, and neighbouring pots left with the same hands are
    one pot. The winners do not change; only the odd chips of a split do."""
    if s.rit_pots:
        return pots, amounts  # a hand run twice: PHH has no notation for it
    variant = s.config.variant
    contenders = [tuple(p for p in pot.eligible if not s.mucked[p]) for pot in pots]
    winners: set[int] = set()
    for live in contenders:
        if len(live) == 1:
            winners.add(live[0])
            continue
        values = {}
        for p in live:
            cards = s.shown[p]
            assert cards is not None
            values[p] = hand_values(variant, cards, s.boards[0])
        best_hi = max(v[0] for v in values.values())
        winners.update(p for p in live if values[p][0] == best_hi)
        lows = [v[1] for v in values.values() if v[1] is not None]
        if variant.hi_lo and lows:
            winners.update(p for p in live if values[p][1] == max(lows))
    merged: list[Pot] = []
    merged_amounts: list[int] = []
    keys: list[tuple[int, ...]] = []
    for k, pot in enumerate(pots):
        key = tuple(p for p in contenders[k] if p in winners)
        if merged and keys[-1] == key:
            merged_amounts[-1] += amounts[k]
            continue
        merged.append(pot)
        merged_amounts.append(amounts[k])
        keys.append(key)
    return merged, merged_amounts


class _OddUnits(NamedTuple):
    """POT-05 / G9: how odd units are handed out in this hand (``split_pot``'s arguments)."""

    limit: int  # max_odd_units_per_player (0: no limit)
    held: dict[int, int] | None  # odd units held so far this hand; None: counted per pot


def _halves(amount: int, parts: int, unit: int) -> list[int]:
    # G16 / POT-06: the first part (run 1, or the high half) gets the odd unit.
    if parts == 1:
        return [amount]
    units = amount // unit
    second = units // 2 * unit
    return [amount - second, second]


def _award(
    s: HandState,
    events: list[Event],
    k: int,
    run: int,
    amount: int,
    contenders: Sequence[int],
    values: dict[tuple[int, int], tuple[int, int | None]],
    unit: int,
    odd: _OddUnits,
) -> None:
    variant = s.config.variant
    best_hi = max(values[p, run][0] for p in contenders)
    hi_winners = [p for p in contenders if values[p, run][0] == best_hi]
    lows = [(lo, p) for p in contenders if (lo := values[p, run][1]) is not None]
    if variant.hi_lo and lows:
        best_lo = max(v for v, _ in lows)
        lo_winners = [p for v, p in lows if v == best_lo]
        hi_amount, lo_amount = _halves(amount, 2, unit)
        held = odd.held
        if odd.limit and held is None:
            held = {}  # RRP:L80 within this pot: the high and low splits count together
        if held is not None and hi_amount > lo_amount and len(hi_winners) == 1:
            # POT-06 (RRP:L84): the odd unit between the halves is the high hand's odd chip.
            held[hi_winners[0]] = held.get(hi_winners[0], 0) + 1
        _emit(
            s,
            events,
            PotAwarded(
                k,
                tuple(split_pot(hi_amount, hi_winners, unit, odd.limit, held)),
                run,
                "high",
                values_name(variant, best_hi),
            ),
        )
        lo_shares = split_pot(lo_amount, lo_winners, unit, odd.limit, held)
        _emit(s, events, PotAwarded(k, tuple(lo_shares), run, "low"))
        return
    _emit(
        s,
        events,
        PotAwarded(
            k,
            tuple(split_pot(amount, hi_winners, unit, odd.limit, odd.held)),
            run,
            "all",
            values_name(variant, best_hi),
        ),
    )
