"""Colour-ups at the tables (STR-07): the chip races a level's new smallest chip calls for.

Every table plays in the smallest chip in play at the level (``Structure.smallest_chip_at``,
the table's ``chip_unit``, which the hand engine uses for odd chips, POT-05); blinds and antes
are multiples of it. When the clock reaches a level before which the structure's ``ColorUp``
removes a chip, :func:`race_table` first gives the table the new level's blinds (``SetLevel``,
still in the old unit) and then races off its odd chips: ``structure.color_up`` from a seed
per table and level, applied with the table's ``ColorUpStacks`` (nobody is raced out: the rule
in ``color_up``). A late entry seated after a colour-up whose stack holds chips no longer in
play has them raced off alone in the same way (:func:`late_stack`). Each race is kept as a
:class:`~pokerroom.tournament.report.ChipRace`.

A race rounds each player's odd chips to the new unit, so it may add or take away less than
one new chip per player: the director's chip check is ``chips on tables + removed == issued +
race adjustment``.

These are pure functions: the seeds come from the caller's ``seed_of(label)``.

>>> from pokerroom.tournament.structure import load_structure
>>> s = load_structure("cambridge_pub")  # the 25 chip goes before level 7
>>> [cu.chip for cu in color_ups_between(s, 25, 100)], color_ups_between(s, 100, 100)
([25], [])
>>> seed_of = lambda label: label.ljust(16, b".")
>>> stack, races = late_stack(s, "ann", 3025, table=2, unit=100, level=7, at=0, seed_of=seed_of)
>>> stack % 100, len(races), races[0].late_entry
(0, 1, True)
"""

from __future__ import annotations

from collections.abc import Callable

from pokerroom.table.commands import ColorUpStacks, SetLevel
from pokerroom.table.events import StacksColoredUp
from pokerroom.table.seats import PlayerId
from pokerroom.table.state import TableState
from pokerroom.table.table import apply
from pokerroom.tournament.report import ChipRace
from pokerroom.tournament.structure import ColorUp, Level, Structure, color_up

__all__ = ["Seeder", "at_level", "color_ups_between", "late_stack", "race_table"]

Seeder = Callable[[bytes], bytes]
"""The director's seed for a label (``hashlib`` of its own seed and the label)."""


def color_ups_between(structure: Structure, unit: int, target: int) -> list[ColorUp]:
    """The structure's colour-ups that take the smallest chip from ``unit`` to ``target``."""
    return [cu for cu in structure.color_ups if unit <= cu.chip < target]


def at_level(state: TableState, level: Level) -> TableState:
    """The table with ``level``'s blinds and ante (``SetLevel``; unchanged when it has them)."""
    cfg = state.config
    if (cfg.small_blind, cfg.big_blind, cfg.ante, cfg.ante_type) != (
        level.small_blind,
        level.big_blind,
        level.ante,
        level.ante_type,
    ):
        state, _ = apply(
            state, SetLevel(level.small_blind, level.big_blind, level.ante, level.ante_type)
        )
    return state


def race_table(
    state: TableState,
    structure: Structure,
    level: Level,
    table: int,
    at: int,
    seed_of: Seeder,
) -> tuple[TableState, list[ChipRace]]:
    """STR-07: before ``level``, table number ``table``'s new blinds and its chip races.

    The blinds come first (the new level's blinds are multiples of the old unit too), then
    each chip the structure removes by this level is raced off with ``structure.color_up``
    from a seed per table and level, and the table applies the result (ColorUpStacks). A table
    already in the level's unit is returned as it is, with no races.
    """
    target = structure.smallest_chip_at(level.number)
    ups = color_ups_between(structure, state.config.chip_unit, target)
    if not ups:
        return state, []
    state = at_level(state, level)
    races: list[ChipRace] = []
    for cu in ups:
        unit = structure.smallest_chip_at(cu.before_level)
        stacks = {str(s.player): s.stack for s in state.seats if s is not None}
        seed = seed_of(b"colorup%d/%d/%d" % (table, level.number, cu.chip))
        result = color_up(stacks, cu.chip, unit, cu.rule, seed=seed)
        command = ColorUpStacks(
            cu.chip,
            unit,
            tuple((PlayerId(p), n) for p, n in result.stacks),
            cu.rule,
            seed,
        )
        state, events = apply(state, command)
        (event,) = events
        assert isinstance(event, StacksColoredUp)
        races.append(
            ChipRace(
                at,
                level.number,
                table,
                cu.chip,
                unit,
                cu.rule,
                event.removed,
                event.added,
                tuple((str(p), b, a) for p, _, b, a in event.changes),
            )
        )
    return state, races


def late_stack(
    structure: Structure,
    player: str,
    stack: int,
    *,
    table: int,
    unit: int,
    level: int,
    at: int,
    seed_of: Seeder,
) -> tuple[int, list[ChipRace]]:
    """A late entrant's ``stack`` in the table's ``unit``: chips no longer in play raced off.

    ``level`` is the level in play (recorded in each race). A stack that is not in the
    structure's chips is left for ``color_up`` to refuse.
    """
    races: list[ChipRace] = []
    for cu in color_ups_between(structure, structure.chips[0], unit):
        if stack % cu.chip:
            break  # not in the structure's chips: color_up refuses it below
        new_unit = structure.smallest_chip_at(cu.before_level)
        if stack % new_unit == 0:
            continue
        seed = seed_of(b"colorup-late/%s/%d" % (player.encode(), cu.chip))
        result = color_up({player: stack}, cu.chip, new_unit, cu.rule, seed=seed)
        after = result.stacks[0][1]
        races.append(
            ChipRace(
                at,
                level,
                table,
                cu.chip,
                new_unit,
                cu.rule,
                stack % new_unit,
                after - (stack - stack % new_unit),
                ((player, stack, after),),
                late_entry=True,
            )
        )
        stack = after
    return stack, races
