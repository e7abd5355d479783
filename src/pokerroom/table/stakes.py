"""The stakes at a table between hands: a new level of blinds and antes (BLD-06, ``SetLevel``)
and STR-07 colour-ups, when the smallest chip leaves play and the stacks are changed.

A new level may change the smallest chip that plays only when every stack is already made of
it; otherwise the chips are coloured up first.

The chip race itself (who wins the odd chips) is not the table's business: a tournament runs
it from a seed (``tournament.structure.color_up``) and hands the table the new stacks in a
:class:`~pokerroom.table.commands.ColorUpStacks`. The table checks that they are a colour-up
and records it in one :class:`~pokerroom.table.events.StacksColoredUp` event, which also puts
the race in the chip ledger: the odd chips taken off the table count as chips taken away
(``chips_out``) and the new chips handed out for them as chips added (``chips_in``), so the
ledger stays balanced and ``added - removed`` is what the race changed.

>>> from pokerroom.house import load_house
>>> from pokerroom.table.config import TableConfig
>>> from pokerroom.table.commands import ColorUpStacks, SitDown
>>> from pokerroom.table.seats import PlayerId, SeatNo
>>> from pokerroom.table.table import apply
>>> from pokerroom.table.state import TableState
>>> cfg = TableConfig(load_house("lpr", "tournament"), small_blind=100, big_blind=200,
...                   chip_unit=25)
>>> t = TableState.empty(cfg)
>>> t, _ = apply(t, SitDown(PlayerId("ann"), SeatNo(1), 1075))
>>> t, _ = apply(t, SitDown(PlayerId("bob"), SeatNo(2), 1025))
>>> t, (e,) = apply(t, ColorUpStacks(25, 100, ((PlayerId("ann"), 1100),
...                                             (PlayerId("bob"), 1000))))
>>> e.removed, e.added, t.config.chip_unit, t.ledger_balanced()
(100, 100, 100, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pokerroom.errors import ConfigError
from pokerroom.house.rules import HouseRules
from pokerroom.table.commands import ColorUpStacks, SetLevel
from pokerroom.table.events import LevelSet, StacksColoredUp, TableEvent
from pokerroom.table.guards import no_hand
from pokerroom.table.seats import PlayerId, SeatNo, TableError
from pokerroom.table.state import TableState, updated

__all__ = [
    "decide_color_up",
    "decide_set_level",
    "evolve_colored_up",
    "evolve_level",
    "wager_unit",
]


def wager_unit(rules: HouseRules, chips: Sequence[int], forced: Sequence[int]) -> int:
    """STR-07: the smallest unit that plays (a table's ``chip_unit``), from the chip
    denominations in play and the forced bets (blinds, antes), by the house's
    ``min_wager_unit``: the smallest chip in play (HIPP:L165), or the smallest chip used to
    post the blinds and antes, smaller chips not playing even in quantity (RRP:L58; LPR is
    silent: chosen default). The forced bets are made up with the largest chips first.

    >>> from pokerroom.house import load_house
    >>> chips, blinds = (5, 25, 100), (25, 50)
    >>> wager_unit(load_house("hippodrome", "cash"), chips, blinds)
    5
    >>> wager_unit(load_house("roberts", "cash"), chips, blinds)
    25
    """
    denominations = sorted(set(chips), reverse=True)
    if not denominations or denominations[-1] <= 0:
        raise ConfigError(
            "bad_chips", f"chips {tuple(chips)}: give the positive chip values in play"
        )
    if rules.min_wager_unit == "smallest_chip_in_play":
        return denominations[-1]
    smallest_used = denominations[0]
    for amount in (a for a in forced if a > 0):
        left = amount
        for chip in denominations:
            if chip <= left:
                left %= chip
                smallest_used = min(smallest_used, chip)
        if left:
            raise ConfigError(
                "forced_bet_not_in_chips",
                f"a forced bet of {amount} cannot be posted with the chips in play "
                f"{tuple(denominations[::-1])} (STR-07)",
            )
    return smallest_used


def decide_color_up(st: TableState, c: ColorUpStacks) -> list[TableEvent]:
    """STR-07: the event of a valid colour-up (TableError naming what is wrong otherwise)."""
    if st.hand is not None:
        raise TableError("hand_in_play", "a colour-up is made between hands, not during one")
    unit = st.config.chip_unit
    if c.chip != unit or c.unit <= c.chip or c.unit % c.chip:
        raise TableError(
            "bad_color_up",
            f"colour-up of chip {c.chip} to {c.unit}: the table's smallest chip is {unit}; "
            "the chip raced off must be it and the new smallest chip a larger multiple of it "
            "(STR-07)",
        )
    try:
        replace(st.config, chip_unit=c.unit)
    except ConfigError as err:
        raise TableError(err.code, err.message) from None
    given = dict(c.stacks)
    seated = {s.player: (SeatNo(k + 1), s.stack) for k, s in enumerate(st.seats) if s is not None}
    if len(given) != len(c.stacks) or set(given) != set(seated):
        raise TableError(
            "color_up_players",
            "a colour-up gives every seated player one new stack; seated: "
            f"{', '.join(sorted(seated)) or 'nobody'}; given: "
            f"{', '.join(p for p, _ in c.stacks) or 'nobody'}",
        )
    changes: list[tuple[PlayerId, SeatNo, int, int]] = []
    removed = added = 0
    for player, (seat, before) in sorted(seated.items(), key=lambda item: item[1][0]):
        after = given[player]
        odd = before % c.unit
        kept = before - odd
        if (
            after not in (kept, kept + c.unit)
            or (after > kept and not odd)
            or (before > 0 and after == 0)
        ):
            raise TableError(
                "bad_color_up_stack",
                f"{player}: {before} -> {after}; a colour-up to {c.unit} keeps the {kept} in "
                f"whole {c.unit} chips and adds one {c.unit} chip at most, only for odd chips; "
                "nobody is raced out (STR-07)",
            )
        changes.append((player, seat, before, after))
        removed += odd
        added += after - kept
    return [StacksColoredUp(c.chip, c.unit, tuple(changes), removed, added, c.rule)]


def evolve_colored_up(st: TableState, e: StacksColoredUp) -> TableState:
    """The table after a colour-up: new stacks, the new chip unit, the race in the ledger."""
    seats = list(st.seats)
    for _, seat, _, after in e.changes:
        s = seats[seat - 1]
        assert s is not None, f"seat {seat} is empty"
        seats[seat - 1] = updated(s, stack=after)
    return updated(
        st,
        seats=tuple(seats),
        config=replace(st.config, chip_unit=e.unit),
        chips_in=st.chips_in + e.added,
        chips_out=st.chips_out + e.removed,
    )


def decide_set_level(st: TableState, c: SetLevel) -> list[TableEvent]:
    no_hand(st, "a new level")
    unit = st.config.chip_unit if c.chip_unit is None else c.chip_unit
    try:
        replace(
            st.config,
            small_blind=c.small_blind,
            big_blind=c.big_blind,
            ante=c.ante,
            ante_type=c.ante_type,
            chip_unit=unit,
        )
    except ConfigError as err:
        raise TableError(err.code, err.message) from None
    odd = [f"{s.player} {s.stack}" for s in st.seats if s is not None and s.stack % unit]
    if odd:
        raise TableError(
            "chips_below_unit",
            f"the smallest chip cannot become {unit} while stacks hold smaller chips "
            f"({', '.join(odd)}): colour them up first (ColorUpStacks, STR-07)",
        )
    return [LevelSet(c.small_blind, c.big_blind, c.ante, c.ante_type, unit)]


def evolve_level(st: TableState, e: LevelSet) -> TableState:
    config = replace(
        st.config,
        small_blind=e.small_blind,
        big_blind=e.big_blind,
        ante=e.ante,
        ante_type=e.ante_type,
        chip_unit=e.chip_unit,
    )
    return updated(st, config=config)
