"""What a tournament director reports: log lines, rounds of hands, removals, chip races and
the results.

>>> race = ChipRace(at=600, level=4, table=1, chip=25, unit=100, rule="race",
...                 removed=75, added=100, stacks=(("ann", 1075, 1100),))
>>> race.added - race.removed
25
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerroom.tournament.payouts import Award, format_results
from pokerroom.tournament.seating import Move

__all__ = ["ChipRace", "Note", "Removal", "Results", "RoundReport"]


@dataclass(frozen=True, slots=True)
class Note:
    """One line of the director's log: what happened (``kind``) at simulated time ``at``."""

    at: int
    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class RoundReport:
    """What one round of hands did (given to the ``on_round`` callback of :meth:`Director.run`)."""

    round_no: int
    hands: int
    tables: int
    players_left: int
    busted: tuple[str, ...]
    moves: tuple[Move, ...]
    broken: tuple[int, ...]
    hand_for_hand: bool
    level: int


@dataclass(frozen=True, slots=True)
class Results:
    """The end of a tournament: places and prizes, entries counted, and play figures."""

    title: str
    entries: int
    counted: int
    pool: int
    awards: tuple[Award, ...]
    hands: int
    rounds: int
    tables_max: int
    hand_for_hand_rounds: int
    chips_conserved: bool
    #: Entries taken out of play by the floor (TRN-11, TRN-03): no finishing place, no prize.
    removals: tuple[Removal, ...] = ()
    #: STR-07 colour-ups played (one per table and removed chip, or per late entry).
    chip_races: tuple[ChipRace, ...] = ()

    @property
    def race_adjustment(self) -> int:
        """Chips the colour-ups added to play (negative: took away); see :class:`ChipRace`."""
        return sum(r.added - r.removed for r in self.chip_races)

    def report(self) -> str:
        """The results as a plain-text report (payouts.format_results)."""
        text = format_results(self.title, self.awards, self.pool, self.entries, self.counted)
        for r in self.removals:
            what = "disqualified" if r.kind == "disqualified" else "removed (no-show)"
            text += f"\n{r.player}: {what}, {r.chips} chips out of play: {r.reason}"
        return text


@dataclass(frozen=True, slots=True)
class Removal:
    """An entry the floor took out of play: disqualified (TRN-11) or a no-show (TRN-03)."""

    player: str
    kind: Literal["disqualified", "removed"]
    chips: int
    reason: str
    at: int


@dataclass(frozen=True, slots=True)
class ChipRace:
    """One colour-up at one table (STR-07): chip ``chip`` left play, ``unit`` is the new one.

    ``removed`` odd chips were taken off the table and ``added`` chips of ``unit`` handed out
    for them under ``rule`` (``structure.color_up``), so the chips in play changed by
    ``added - removed``. ``stacks``: (player, before, after) for everyone at the table.
    ``late_entry``: the race of one late entrant's stack as he sat down.
    """

    at: int
    level: int
    table: int
    chip: int
    unit: int
    rule: str
    removed: int
    added: int
    stacks: tuple[tuple[str, int, int], ...]
    late_entry: bool = False
