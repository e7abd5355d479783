"""Pots: side-pot layering, splitting with odd chips, and rake. Pure functions on ints.

>>> build_pots([100, 50, 100, 30], [True, True, True, False])
[Pot(amount=180, eligible=(0, 1, 2)), Pot(amount=100, eligible=(0, 2))]
>>> split_pot(101, (2, 0), unit=1)
[(0, 51), (2, 50)]
>>> rake_pots([100, 60], percent=10, cap=15, unit=1)
[10, 5]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Pot", "build_pots", "rake_pots", "split_pot"]


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the positions that can win it (main pot first)."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contributions: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Layer the pot by the contributions of live hands (POT-01), main pot first.

    Every contributor, folded or not, pays into each layer up to its level; a layer is
    contested by the live hands that reached it. Anything above the highest live level
    (only possible if it was not returned as uncalled) goes into the top pot, so the pots
    always add up to the chips put in. ``dead`` chips are outside the layers (antes that are
    not layered, ``HandConfig.antes_layered``): they go to the main pot, which every live
    hand contests.

    Antes of 2, 2 and 1 (the third player all in for his ante) as dead money, then blinds
    of 1 and 2 called: the antes are a pot of their own that he contests too.

    >>> build_pots([2, 2, 0], [True, True, True], dead=5)
    [Pot(amount=5, eligible=(0, 1, 2)), Pot(amount=4, eligible=(0, 1))]
    """
    levels = sorted({c for c, alive in zip(contributions, live, strict=True) if alive})
    pots: list[Pot] = []
    previous = 0
    for k, level in enumerate(levels):
        top = k == len(levels) - 1
        amount = 0
        for c in contributions:
            upper = c if top else min(c, level)
            if upper > previous:
                amount += upper - previous
        eligible = tuple(
            i
            for i, (c, alive) in enumerate(zip(contributions, live, strict=True))
            if alive and c >= level
        )
        if amount:
            if pots and pots[-1].eligible == eligible:  # same contestants: one pot
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        previous = level
    if dead:
        if pots and len(pots[0].eligible) == sum(map(bool, live)):
            pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
        else:
            everyone = tuple(i for i, alive in enumerate(live) if alive)
            pots.insert(0, Pot(dead, everyone))
    return pots


def split_pot(
    amount: int,
    winners: Sequence[int],
    unit: int = 1,
    max_odd: int = 1,
    held: dict[int, int] | None = None,
) -> list[tuple[int, int]]:
    """Share ``amount`` among tied ``winners`` (positions) equally (POT-05), by position.

    The odd amount is broken down to ``unit``. The odd units go clockwise from the first seat
    left of the button, i.e. in position order, each winner taking up to ``max_odd`` of them
    before the next (RRP:L80: one each; 0: no limit, so the first winner takes them all).
    ``held`` (G9, odd units not assigned per pot) counts the odd units each position already
    holds from this hand's other pots; the limit then counts them too, and ``held`` is
    updated. Should every winner already hold the limit, the odd units go one each, fewest
    held first. A remainder below one unit (only possible when the bets were not multiples
    of the unit; it does not play, STR-07) goes to the first winner left of the button.

    >>> split_pot(8, (2, 0, 1)), split_pot(8, (2, 0, 1), max_odd=0)
    ([(0, 3), (1, 3), (2, 2)], [(0, 4), (1, 2), (2, 2)])
    >>> held = {0: 1}
    >>> split_pot(5, (0, 1), held=held), held
    ([(0, 2), (1, 3)], {0: 1, 1: 1})
    """
    order = sorted(winners)
    k = len(order)
    units, fraction = divmod(amount, unit)
    each, odd = divmod(units, k)
    if held is None and max_odd == 1:  # RRP:L80, the usual case: one odd unit each
        shares = [(p, each * unit + (unit if i < odd else 0)) for i, p in enumerate(order)]
    else:
        extra = dict.fromkeys(order, 0)
        if odd:
            _give_odd_units(order, odd, max_odd, {} if held is None else held, extra)
        shares = [(p, (each + extra[p]) * unit) for p in order]
    if fraction:
        p, s = shares[0]
        shares[0] = (p, s + fraction)
    return shares


def _give_odd_units(
    order: Sequence[int], odd: int, limit: int, held: dict[int, int], extra: dict[int, int]
) -> None:
    # POT-05 / G9: clockwise from the first winner left of the button, each up to the limit.
    for _ in range(odd):
        count = {p: held.get(p, 0) + extra[p] for p in order}
        under = [p for p in order if not limit or count[p] < limit]
        if under:
            taker = under[0]
        else:  # every winner holds the limit already (only across pots): fewest first
            fewest = min(count.values())
            taker = next(p for p in order if count[p] == fewest)
        extra[taker] += 1
    for p in order:
        if extra[p]:
            held[p] = held.get(p, 0) + extra[p]


def rake_pots(amounts: Sequence[int], percent: int, cap: int, unit: int = 1) -> list[int]:
    """Rake per pot, main pot first, until the cap is reached (POT-07).

    Each pot is raked ``percent`` of its amount, rounded down to the unit, and never more
    than what is left under the cap (a cap of 0 means no cap), also in whole units (STR-07:
    with 5-chips and a cap of 12 the house takes 10 at most).

    >>> rake_pots([100, 100], percent=10, cap=12, unit=5)
    [10, 0]
    """
    rakes: list[int] = []
    left = cap if cap > 0 else None
    for amount in amounts:
        r = amount * percent // 100 // unit * unit
        if left is not None:
            r = min(r, left // unit * unit)  # FEE-01 / STR-07: no part of a chip is raked
            left -= r
        rakes.append(r)
    return rakes
