"""The tournament's tables in play: the seating plan and one table state per table, in step.

The :class:`~pokerroom.tournament.seating.Seating` says who sits where; each
:class:`~pokerroom.table.state.TableState` plays the hands. These pure functions change both
together (rule IDs from RULES.md):

* :func:`open_seat`: TRN-04, a late entry sits down at the table with the fewest players, in
  the seat the big blind reaches soonest (LPR:L181); a new table is opened, with the setup the
  others play with, when every seat is taken.
* :func:`sit_down`: a player takes a seat in the seating and at the table together.
* :func:`apply_moves`: TRN-09, each move (a table broken or balanced, seating.consolidate, or
  a floor move) takes the player and his chips to his new seat (table ``MoveOut`` /
  ``MoveIn``); the empty seat left behind is an ordinary empty seat to the dead button
  (BTN-03), and an absent player stays absent (TRN-02 / BLD-07).
* :func:`redraw_buttons`: BTN-08, tables re-draw for the button where the house says (CAMB at
  >= 50% new players and at the final table).
* :func:`draw_buttons`: BTN-01, a button at every table that has none and two players: drawn
  at every table (CAMB ``per_table``) or once for all tables on table one (GROS:L125,
  ``PlaceButton``).

>>> from pokerroom.house import load_house
>>> from pokerroom.tournament.config import TournamentConfig
>>> from pokerroom.tournament.structure import load_structure
>>> cfg = TournamentConfig(load_house("grosvenor", "tournament"), load_structure("sng_hands"),
...                        seats_per_table=3)
>>> seating, tables = Seating(3, ()), {}
>>> for name in ("ann", "bob", "cy", "di"):
...     seating, tables, number, seat = open_seat(
...         seating, tables, table_config(cfg, cfg.structure.level(1)))
...     seating, tables = sit_down(seating, tables, name, number, seat, 500)
>>> seating.counts()
(3, 1)
>>> seed_of = lambda label: label.ljust(16)
>>> tables, common, note = draw_buttons(tables, seating, cfg.house, None, seed_of)
>>> [tables[n].button is not None for n in (1, 2)], note is not None
([True, False], True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from pokerroom.house.rules import HouseRules
from pokerroom.table.commands import (
    DrawButton,
    MoveIn,
    MoveOut,
    PlaceButton,
    RedrawButton,
    SitDown,
    SitOut,
)
from pokerroom.table.config import TableConfig
from pokerroom.table.events import ButtonDrawn
from pokerroom.table.seats import PlayerId, SeatNo
from pokerroom.table.state import TableState
from pokerroom.table.table import apply
from pokerroom.tournament.config import TournamentConfig
from pokerroom.tournament.races import Seeder
from pokerroom.tournament.seating import (
    Move,
    Seating,
    Table,
    button_seat_for_table,
    redraw_tables,
    seat_player,
)
from pokerroom.tournament.structure import Level

__all__ = [
    "apply_moves",
    "draw_buttons",
    "open_seat",
    "redraw_buttons",
    "sit_down",
    "table_config",
]


def table_config(config: TournamentConfig, level: Level) -> TableConfig:
    """A tournament table at ``level``: its blinds, ante and smallest chip (STR-07)."""
    return TableConfig(
        config.house,
        seats=config.seats_per_table,
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=level.ante,
        ante_type=level.ante_type,
        chip_unit=config.structure.smallest_chip_at(level.number),
    )


def open_seat(
    seating: Seating, tables: Mapping[int, TableState], new_table: TableConfig
) -> tuple[Seating, dict[int, TableState], int, int]:
    """TRN-04: (seating, tables, table, seat) for a late entry, the seat not yet taken.

    The table with the fewest players (the lowest number on a tie), the empty seat the big
    blind reaches soonest (LPR:L181). When every seat is taken a new table is opened: the
    setup of the lowest-numbered table (blinds and chip unit change at every table together,
    at the next round), or ``new_table`` when there is no table yet.
    """
    out = dict(tables)
    open_tables = [t for t in seating.tables if t.empty_seats()]
    if not open_tables:
        number = max((t.number for t in seating.tables), default=0) + 1
        table = Table(number, (None,) * seating.seats_per_table)
        seating = dataclasses.replace(seating, tables=(*seating.tables, table))
        out[number] = TableState.empty(tables[min(tables)].config if tables else new_table)
        open_tables = [table]
    target = min(open_tables, key=lambda t: (t.count(), t.number))
    seat = target.empty_after(out[target.number].bb_seat or 0)
    assert seat is not None
    return seating, out, target.number, seat


def apply_moves(
    tables: Mapping[int, TableState], moves: tuple[Move, ...]
) -> dict[int, TableState]:
    """TRN-09: each move takes the player and his chips to his new seat."""
    out = dict(tables)
    for m in moves:
        src = out[m.from_table]
        seat = src.seat(SeatNo(m.from_seat))
        assert seat is not None and seat.player == m.player
        src, _ = apply(src, MoveOut(PlayerId(m.player)))
        dst, _ = apply(
            out[m.to_table], MoveIn(PlayerId(m.player), SeatNo(m.to_seat), seat.stack)
        )
        if seat.sitting_out:  # TRN-02 / BLD-07: an absent player stays absent when moved
            dst, _ = apply(dst, SitOut(PlayerId(m.player)))
        out[m.from_table] = src
        out[m.to_table] = dst
    return out


def redraw_buttons(
    tables: Mapping[int, TableState],
    before: Seating,
    after: Seating,
    house: HouseRules,
    seed_for: Callable[[int], bytes],
) -> tuple[dict[int, TableState], list[str]]:
    """BTN-08: the re-draws a re-seat from ``before`` to ``after`` calls for; with log lines.

    Only tables that already have a button and two players re-draw (the others get theirs
    from :func:`draw_buttons`); ``seed_for(table)`` seeds each draw.
    """
    out = dict(tables)
    notes: list[str] = []
    final = after.is_final_table() and not before.is_final_table()
    old = {t.number: set(t.players()) for t in before.tables}
    for number in redraw_tables(house, before, after):
        state = out[number]
        if state.button is None or len(state.players()) < 2:
            continue
        new = tuple(PlayerId(p) for p in state.players() if p not in old.get(number, set()))
        out[number], _ = apply(
            state, RedrawButton(seed_for(number), final_table=final, new_players=new)
        )
        notes.append(
            f"table {number} draws for the button again (BTN-08)"
            + (" - final table" if final else "")
        )
    return out, notes


def draw_buttons(
    tables: Mapping[int, TableState],
    seating: Seating,
    house: HouseRules,
    common: SeatNo | None,
    seed_of: Seeder,
) -> tuple[dict[int, TableState], SeatNo | None, str | None]:
    """BTN-01: a button at every table that has none and two players (GROS: one draw).

    ``common`` is the seat drawn on table one for every table (GROS:L125; None: not drawn
    yet). Returns the tables, that seat and the log line of the draw (None: no draw now).
    """
    out = dict(tables)
    todo = [n for n, s in sorted(out.items()) if s.button is None and len(s.players()) >= 2]
    if not todo:
        return out, common, None
    if house.tournament_button_draw_scope != "table1_seat_applies_to_all":
        for n in todo:
            out[n], _ = apply(out[n], DrawButton(seed_of(b"button%d" % n)))
        return out, common, None
    note = None
    if common is None:
        # GROS:L125: one draw on table one, a card to each of its players (CONFLICTS G-18:
        # not to its empty seats); the seat drawn is the button seat of every table, or the
        # next occupied seat where it is empty. A table opened later takes it too.
        one = todo.pop(0)  # table one (the lowest-numbered table, at the start)
        out[one], events = apply(out[one], DrawButton(seed_of(b"button-all")))
        (drawn,) = events
        assert isinstance(drawn, ButtonDrawn)
        common = drawn.button
        note = f"seat {common} drawn on table {one} for every table (GROS:L125)"
    for n in todo:
        seat = button_seat_for_table(seating.table(n), common)
        assert seat is not None
        out[n], _ = apply(out[n], PlaceButton(SeatNo(seat)))
    return out, common, note


def sit_down(
    seating: Seating,
    tables: Mapping[int, TableState],
    player: str,
    table: int,
    seat: int,
    stack: int,
) -> tuple[Seating, dict[int, TableState]]:
    """``player`` takes ``seat`` at ``table`` with ``stack`` chips, in the seating and at the
    table together."""
    out = dict(tables)
    out[table], _ = apply(out[table], SitDown(PlayerId(player), SeatNo(seat), stack))
    return seat_player(seating, player, table, seat), out
