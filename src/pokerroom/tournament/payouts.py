"""Payouts: places paid by number of entries, exact amounts, finishing places, results.

* A :class:`PayoutTable` has rows ``(min_entries, max_entries, shares)``; shares are in
  tenths of a percent (per mille) and add up to 1000. :data:`STANDARD_PAYOUTS` is our own
  table. The row is chosen on the entries the house counts (TRN-12: GROS counts unique
  entries, :meth:`pokerroom.tournament.entrants.Registry.counted_entries`).
* :func:`prize_amounts`: each place gets ``share x pool`` rounded **down** to the rounding
  ``unit``; the remainder (less than one unit per place, plus any part of the pool that is not a
  whole unit) goes to **first place**. The amounts always add up exactly to the pool.
* :func:`finishing_places`: later eliminations finish higher; players eliminated in the same
  hand are ordered by their stack at the start of that hand, larger first; equal stacks tie.
* :func:`award`: tied players share the money of the places they cover equally, in units;
  the odd units go one each to the tied players in the order given (the higher place first -
  the play loop lists them clockwise from the button, as POT-05 does for odd chips).

>>> amounts = prize_amounts(1000, STANDARD_PAYOUTS.shares_for(12), unit=5)
>>> amounts, sum(amounts)
((500, 300, 200), 1000)
>>> prize_amounts(1001, (650, 350), unit=5)
(651, 350)
>>> places = finishing_places([Elimination("cy", 3, 500), Elimination("di", 3, 900)], ["ann"])
>>> [(p.player, p.place) for p in places]
[('ann', 1), ('di', 2), ('cy', 3)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.tournament.errors import PayoutError

__all__ = [
    "STANDARD_PAYOUTS",
    "Award",
    "Elimination",
    "Finish",
    "PayoutRow",
    "PayoutTable",
    "award",
    "finishing_places",
    "format_results",
    "prize_amounts",
]


@dataclass(frozen=True, slots=True)
class PayoutRow:
    """Shares (per mille, 1st place first) paid when entries are in ``min..max`` (0: no max)."""

    min_entries: int
    max_entries: int
    shares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PayoutTable:
    """Rows covering entry counts from the first row's minimum upward, without gaps."""

    name: str
    rows: tuple[PayoutRow, ...]

    def __post_init__(self) -> None:
        expected = self.rows[0].min_entries if self.rows else 1
        for k, row in enumerate(self.rows):
            where = f"payout table {self.name!r} row {k}"
            if row.min_entries != expected:
                raise PayoutError(
                    "bad_payout_table", f"{where}: starts at {row.min_entries}; expected {expected}"
                )
            last = k == len(self.rows) - 1
            if (row.max_entries == 0) != last or (row.max_entries and
                                                  row.max_entries < row.min_entries):
                raise PayoutError(
                    "bad_payout_table",
                    f"{where}: max_entries = {row.max_entries}; only the last row is open (0)",
                )
            if sum(row.shares) != 1000 or any(s <= 0 for s in row.shares) or list(
                row.shares
            ) != sorted(row.shares, reverse=True):
                raise PayoutError(
                    "bad_payout_table",
                    f"{where}: shares {row.shares} must be positive, not increasing, and add "
                    "up to 1000 (per mille)",
                )
            if len(row.shares) > row.min_entries:
                raise PayoutError(
                    "bad_payout_table", f"{where}: pays more places than it has entries"
                )
            expected = row.max_entries + 1

    def shares_for(self, entries: int) -> tuple[int, ...]:
        """The shares paid for ``entries`` counted entries."""
        for row in self.rows:
            if entries >= row.min_entries and (not row.max_entries or entries <= row.max_entries):
                return row.shares
        raise PayoutError(
            "too_few_entries",
            f"payout table {self.name!r} starts at {self.rows[0].min_entries} entries; got "
            f"{entries}",
        )

    def places_paid(self, entries: int) -> int:
        """How many places are paid for ``entries`` counted entries."""
        return len(self.shares_for(entries))


#: Our own standard table (about the top 10-15% paid).
STANDARD_PAYOUTS = PayoutTable(
    "standard",
    (
        PayoutRow(2, 6, (1000,)),
        PayoutRow(7, 10, (650, 350)),
        PayoutRow(11, 20, (500, 300, 200)),
        PayoutRow(21, 30, (450, 270, 170, 110)),
        PayoutRow(31, 45, (400, 250, 160, 110, 80)),
        PayoutRow(46, 60, (360, 230, 150, 110, 80, 70)),
        PayoutRow(61, 80, (330, 210, 140, 100, 80, 70, 70)),
        PayoutRow(81, 100, (300, 190, 130, 95, 75, 65, 55, 48, 42)),
        PayoutRow(101, 150, (270, 170, 120, 90, 70, 60, 50, 45, 40, 35, 30, 20)),
        PayoutRow(
            151, 0, (250, 160, 110, 85, 65, 55, 45, 40, 35, 30, 25, 25, 20, 20, 20, 15)
        ),
    ),
)


def prize_amounts(pool: int, shares: Sequence[int], *, unit: int = 1) -> tuple[int, ...]:
    """Amounts per place: ``share x pool`` rounded down to ``unit``; the rest to first place."""
    if pool < 0 or unit < 1:
        raise PayoutError("bad_pool", f"pool = {pool}, unit = {unit}; need pool >= 0, unit >= 1")
    if not shares or sum(shares) != 1000:
        raise PayoutError("bad_shares", f"shares {tuple(shares)} must add up to 1000")
    amounts = [pool * s // 1000 // unit * unit for s in shares]
    amounts[0] += pool - sum(amounts)
    return tuple(amounts)


@dataclass(frozen=True, slots=True)
class Elimination:
    """A player out in hand ``hand_no`` with ``stack_at_start`` chips when that hand began."""

    player: str
    hand_no: int
    stack_at_start: int


@dataclass(frozen=True, slots=True)
class Finish:
    """A finishing place; ``tied_to`` > ``place`` when players tied for places."""

    player: str
    place: int
    tied_to: int


def finishing_places(
    eliminations: Sequence[Elimination], survivors: Sequence[str]
) -> tuple[Finish, ...]:
    """Places, best first. ``survivors`` are still in (one winner, or several if play stopped).

    Players knocked out in the same hand place by their stacks at its start, the bigger
    higher; equal stacks tie (TRN-15), listed in the order ``eliminations`` gives them (the
    order :func:`award` hands their whole odd units out in). A player named twice
    (eliminated twice, or eliminated and still in) would be paid twice: ``PayoutError``
    ``duplicate_player``.
    """
    names = [*survivors, *(e.player for e in eliminations)]
    if len(set(names)) != len(names):
        twice = sorted({p for p in names if names.count(p) > 1})
        raise PayoutError(
            "duplicate_player",
            f"{', '.join(twice)} named more than once among the survivors and eliminations: "
            "each player finishes once",
        )
    finishes: list[Finish] = [Finish(p, k + 1, k + 1) for k, p in enumerate(survivors)]
    place = len(survivors) + 1
    by_hand: dict[int, list[Elimination]] = {}
    for e in eliminations:
        by_hand.setdefault(e.hand_no, []).append(e)
    for hand in sorted(by_hand, reverse=True):
        group = sorted(by_hand[hand], key=lambda e: -e.stack_at_start)
        k = 0
        while k < len(group):
            same = [e for e in group[k:] if e.stack_at_start == group[k].stack_at_start]
            for e in same:
                finishes.append(Finish(e.player, place, place + len(same) - 1))
            place += len(same)
            k += len(same)
    return tuple(finishes)


@dataclass(frozen=True, slots=True)
class Award:
    """One player's result: place (and tie) and prize."""

    player: str
    place: int
    tied_to: int
    prize: int


def award(
    finishes: Sequence[Finish], amounts: Sequence[int], *, unit: int = 1
) -> tuple[Award, ...]:
    """Prizes for ``finishes`` (from :func:`finishing_places`) under place ``amounts``."""

    def money(place: int) -> int:
        return amounts[place - 1] if place <= len(amounts) else 0

    out: list[Award] = []
    k = 0
    while k < len(finishes):
        f = finishes[k]
        group = [g for g in finishes[k:] if (g.place, g.tied_to) == (f.place, f.tied_to)]
        total = sum(money(p) for p in range(f.place, f.tied_to + 1))
        base = total // len(group) // unit * unit
        rest = total - base * len(group)
        for g in group:  # whole odd units one each, in finishing order
            extra = unit if rest >= unit else 0
            rest -= extra
            out.append(Award(g.player, g.place, g.tied_to, base + extra))
        if rest:  # sub-unit residue: to the first of the group (the higher place)
            first = out[-len(group)]
            out[-len(group)] = Award(first.player, first.place, first.tied_to,
                                     first.prize + rest)
        k += len(group)
    return tuple(out)


def format_results(title: str, awards: Sequence[Award], pool: int, entries: int,
                   counted: int) -> str:
    """A plain-text results report.

    >>> print(format_results("Friday", [Award("ann", 1, 1, 700), Award("bob", 2, 2, 300)],
    ...                      1000, 8, 8))
    Friday
    entries 8 (counted for payouts 8), prize pool 1000
      1  ann   700
      2  bob   300
    """
    width = max((len(a.player) for a in awards), default=0)
    lines = [title, f"entries {entries} (counted for payouts {counted}), prize pool {pool}"]
    for a in awards:
        place = str(a.place) if a.tied_to == a.place else f"{a.place}-{a.tied_to}"
        prize = str(a.prize) if a.prize else ""
        lines.append(f"{place:>3}  {a.player:<{width}}  {prize:>{len(str(pool))}}".rstrip())
    return "\n".join(lines)
