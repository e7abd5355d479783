"""The tournament director: registration to the last hand, on the table layer.

A :class:`Director` runs one tournament. It holds immutable values - the
:class:`~pokerroom.tournament.entrants.Registry`, the
:class:`~pokerroom.tournament.seating.Seating`, the
:class:`~pokerroom.tournament.clock.Clock` and one
:class:`~pokerroom.table.state.TableState` per table - and every command computes the new
values first and stores them only when nothing failed, so a command that raises (a typed
:class:`~pokerroom.tournament.errors.TournamentError` or
:class:`~pokerroom.table.seats.TableError`) changes nothing. It is a pure core: no I/O, no
wall clock, no module-level randomness. Time is the simulated clock ``now`` (each round of
hands advances it by ``seconds_per_hand``; levels counted in hands advance by rounds) and
every deck, bot decision, seat draw and button draw comes from the integer ``seed``.

The director runs the event; the work is done in smaller modules:

* :mod:`~pokerroom.tournament.hands`: one hand at one table, bots betting in the chip unit
  (:func:`~pokerroom.tournament.hands.bet_in_unit`, STR-07);
* :mod:`~pokerroom.tournament.races`: colour-ups, the chip races at every table and for a
  late entrant's stack (STR-07);
* :mod:`~pokerroom.tournament.tables`: the seating and the table states in step - late
  entrants' seats (TRN-04), moves (TRN-09), button draws and re-draws (BTN-01, BTN-08);
* :mod:`~pokerroom.tournament.entrants`, :mod:`~pokerroom.tournament.seating`,
  :mod:`~pokerroom.tournament.clock`, :mod:`~pokerroom.tournament.payouts`: the registry,
  the seat draw and balancing, the levels and breaks, the places and prizes.

How play goes (rule IDs from RULES.md):

* :meth:`Director.start`: the random seat draw (seating.draw_seats), every entry sits down
  with its issued stack (TRN-01), the button is drawn (BTN-01).
* :meth:`Director.play_round`: breaks are skipped, a level's colour-ups are raced (STR-07),
  then each table plays one hand. A *round* is one hand at every table; outside hand-for-hand
  the tables' hands end in an order drawn from the seed, and a player busting at one table is
  out before one busting later at another. Hand-for-hand (TRN-09 / G15,
  seating.hand_for_hand_due) makes a round one hand for the whole room: players busting in it
  at different tables are out *in the same hand*, placed by their stacks when it began
  (payouts.finishing_places), as are players busting in one hand at one table.
* After every round: busted entries are recorded; tables are broken in the event's
  ``break_order`` and balanced when sizes differ by two or more (seating.consolidate), the
  players moved with their chips (TRN-09) and the buttons re-drawn where the house says
  (BTN-08).
* Late entries (TRN-04) are seated at once (:func:`~pokerroom.tournament.tables.open_seat`);
  a very late entry (CAMB, the TD's discretion) the same way, with its capped stack.
* The end (TRN-15): one entry holds every chip. :meth:`Director.results`: finishing places,
  prizes from the payout table on the entries the house counts (TRN-12), a text report.
* Floor work between hands: :meth:`Director.disqualify` (TRN-11/13),
  :meth:`Director.set_absent` / :meth:`Director.returns` (TRN-02, BLD-07: an absent player is
  dealt in, posts, and his hand is killed by the table with the engine's ``KillHand``),
  :meth:`Director.remove_absent_stack` (TRN-03), :meth:`Director.move_player` (TRN-09) and
  :meth:`Director.add_on`. Disqualified and removed entries take no finishing place (see
  :meth:`Director.disqualify`).

Chips are checked after every hand, colour-up and floor command: the chips on every table plus
the chips removed from play equal the chips issued plus what the chip races added
(``chips on tables + removed == issued + race adjustment``, ``chips_conserved``).

>>> from pokerroom.house import load_house
>>> from pokerroom.tournament.structure import load_structure
>>> cfg = TournamentConfig(load_house("cambridge", "tournament"), load_structure("sng_hands"))
>>> d = Director(cfg, seed=3)
>>> [d.register(f"p{k:02}") for k in range(12)][-1]
12
>>> d.start()
>>> d.seating.counts()
(6, 6)
>>> res = d.run()
>>> len(res.awards), res.awards[0].place, sum(a.prize for a in res.awards) == res.pool
(12, 1, True)
>>> d.chips_conserved, res.tables_max
(True, 2)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from datetime import date, datetime, time, timedelta

from pokerroom.errors import PokerroomError
from pokerroom.hand.actions import Action
from pokerroom.hand.betting import LegalActions
from pokerroom.table.commands import SitDown
from pokerroom.table.runner import bot_action
from pokerroom.table.seats import PlayerId, SeatNo
from pokerroom.table.state import TableState
from pokerroom.table.table import apply
from pokerroom.tournament.clock import Clock
from pokerroom.tournament.config import TournamentConfig
from pokerroom.tournament.entrants import Registry
from pokerroom.tournament.errors import RegistrationError, TournamentError
from pokerroom.tournament.floorwork import FloorWork
from pokerroom.tournament.hands import Strategy, bet_in_unit, play_hand
from pokerroom.tournament.payouts import (
    Elimination,
    award,
    finishing_places,
    prize_amounts,
)
from pokerroom.tournament.races import at_level, late_stack, race_table
from pokerroom.tournament.report import ChipRace, Note, Removal, Results, RoundReport
from pokerroom.tournament.seating import (
    Move,
    Seating,
    consolidate,
    draw_seats,
    hand_for_hand_due,
    remove_player,
)
from pokerroom.tournament.structure import Level
from pokerroom.tournament.tables import (
    apply_moves,
    draw_buttons,
    open_seat,
    redraw_buttons,
    sit_down,
    table_config,
)

__all__ = [
    "ChipRace",
    "Director",
    "Note",
    "Removal",
    "Results",
    "RoundReport",
    "TournamentConfig",
    "bet_in_unit",
]


class Director(FloorWork):
    """Runs one tournament from registration to the last hand (see the module docstring).

    The floor's commands between hands (moves, absent players, no-shows, disqualification,
    add-ons) come from :class:`~pokerroom.tournament.floorwork.FloorWork`.
    """

    def __init__(self, config: TournamentConfig, seed: int = 0) -> None:
        self.config = config
        self.seed = seed
        self.registry = Registry(config.house, config.structure, config.entry_policy())
        self.clock = Clock(config.structure)
        self.seating = Seating(config.seats_per_table, ())
        self.tables: dict[int, TableState] = {}
        self.now = 0
        self.started = False
        self.finished = False
        self.rounds = 0
        self.hands = 0
        self.hand_for_hand_rounds = 0
        self.tables_max = 0
        self.chips_conserved = True
        self.log: list[Note] = []
        #: table player id -> entry id, and each entry's id at the tables.
        self._entry_of: dict[str, int] = {}
        self._eliminations: list[Elimination] = []
        self._slot = 0
        self._on_table: dict[int, int] = {}
        self._rng = random.Random(seed)
        self._strategy: Strategy = self._bot
        self._ledger_of: Registry | None = None
        self._ledger = 0
        self._removals: list[Removal] = []
        self._races: list[ChipRace] = []
        self._race_net = 0
        #: GROS:L125: the button seat drawn on table one for every table (None: not drawn yet).
        self._common_button: SeatNo | None = None

    # -- queries ---------------------------------------------------------------------------

    @property
    def eliminations(self) -> tuple[Elimination, ...]:
        """Every bust so far; ``hand_no`` is the hand slot (one per hand-for-hand round)."""
        return tuple(self._eliminations)

    def entry_id(self, player: str) -> int:
        """The entry id of a table player id (``name``, or ``name#2`` for a re-entry)."""
        try:
            return self._entry_of[player]
        except KeyError:
            raise RegistrationError("no_such_entry", f"no entry plays as {player!r}") from None

    def players_left(self) -> int:
        """Entries still in (seated with chips, or registered before the start)."""
        return len(self.registry.active())

    def level(self) -> Level:
        """The level in play (level 1 before the start)."""
        if not self.started:
            return self.config.structure.level(1)
        return self.clock.level_at(self.now)

    def chips_issued(self) -> int:
        """Chips issued to every entry (TRN-01 stacks, bonuses, penalties taken off)."""
        return sum(e.chips_issued for e in self.registry.entries)

    def chips_removed(self) -> int:
        """Chips taken out of play (TRN-03 no-shows, TRN-11 disqualifications)."""
        return sum(e.chips_removed for e in self.registry.entries)

    @property
    def chip_races(self) -> tuple[ChipRace, ...]:
        """Every colour-up played so far (STR-07), in order."""
        return tuple(self._races)

    def race_adjustment(self) -> int:
        """Chips the colour-ups added to play so far (negative: took away)."""
        return self._race_net

    def chips_in_play(self) -> int:
        """Chips on every table now (in hands in play too)."""
        return sum(t.chips_on_table() for t in self.tables.values())

    def standings(self) -> tuple[tuple[str, int], ...]:
        """(player, chips) of every player still in, the chip leader first."""
        out = [
            (s.player, s.stack)
            for t in self.tables.values()
            for s in t.seats
            if s is not None and s.stack > 0
        ]
        return tuple(sorted(out, key=lambda x: (-x[1], x[0])))

    def places_paid(self) -> int:
        """Places paid for the entries counted so far (0 when too few to pay)."""
        counted = self.registry.counted_entries()
        try:
            return self.config.payouts.places_paid(counted)
        except PokerroomError:
            return 0

    # -- registration ----------------------------------------------------------------------

    def register(
        self,
        player: str,
        *,
        local_time: time | None = None,
        very_late: bool = False,
        seat_stack: int | None = None,
    ) -> int:
        """Register ``player``; after the start a late entry is seated at once (TRN-04).

        Returns the new entry's id. A registration the house does not allow (late
        registration closed, already registered) raises RegistrationError and changes nothing.
        """
        return self._enter(player, False, local_time, very_late, seat_stack)

    def re_enter(
        self,
        player: str,
        *,
        local_time: time | None = None,
        very_late: bool = False,
        seat_stack: int | None = None,
    ) -> int:
        """A new entry for a busted ``player`` where the event takes re-entries (TRN-12/13)."""
        return self._enter(player, True, local_time, very_late, seat_stack)

    def _local_time(self) -> time:
        """The room's time of day now: the event's start plus the simulated clock (TRN-01's
        early-registration bonus is for entries before a time of day)."""
        start = datetime.combine(date(2000, 1, 1), self.config.local_start)
        return (start + timedelta(seconds=self.now)).time()

    def _enter(
        self,
        player: str,
        again: bool,
        local_time: time | None,
        very_late: bool,
        seat_stack: int | None,
    ) -> int:
        if self.finished:
            raise RegistrationError("tournament_over", "the tournament is over")
        if not player or "#" in player:
            raise RegistrationError(
                "bad_player_name", f"player name {player!r}: give a non-empty name without '#'"
            )
        level = self.clock.level_at(self.now) if self.started else None
        kw = {
            "at": self.now,
            "local_time": local_time or self._local_time(),
            "level": level,
            "very_late": very_late,
            "seat_stack": seat_stack,
        }
        reg = (
            self.registry.re_enter(player, **kw)  # type: ignore[arg-type]
            if again
            else self.registry.register(player, **kw)  # type: ignore[arg-type]
        )
        entry = reg.entries[-1]
        count = len(reg.entries_of(player))
        pid = player if count == 1 else f"{player}#{count}"
        if not self.started:
            self.registry = reg
            self._entry_of[pid] = entry.entry_id
            self._note("register", f"{entry.kind} entry {entry.entry_id} {pid} {entry.stack}")
            return entry.entry_id
        seating, tables, table_no, seat, races = self._seat_late(pid, entry.stack)
        self.registry = reg
        self.seating = seating
        self.tables = tables
        self._entry_of[pid] = entry.entry_id
        self._on_table[table_no] = tables[table_no].chips_on_table()
        for race in races:
            self._record_race(race)
        self._note(
            "register",
            f"{entry.kind} entry {entry.entry_id} {pid} {entry.stack} at table {table_no} "
            f"seat {seat}",
        )
        self.tables_max = max(self.tables_max, len(self.tables))
        self._reseat([])  # a newly opened table is balanced at once (TRN-09)
        self._draw_buttons()
        return entry.entry_id

    def _seat_late(
        self, pid: str, stack: int
    ) -> tuple[Seating, dict[int, TableState], int, int, list[ChipRace]]:
        """TRN-04: the table with the fewest players, the seat the big blind reaches soonest.

        A new table takes the setup the others play with (blinds and chip unit change at every
        table together, at the next round). A stack holding chips no longer in play at the
        table has them raced off first (STR-07, :func:`~pokerroom.tournament.races.late_stack`).
        """
        seating, tables, number, seat = open_seat(
            self.seating, self.tables, table_config(self.config, self.level())
        )
        stack, races = late_stack(
            self.config.structure,
            pid,
            stack,
            table=number,
            unit=tables[number].config.chip_unit,
            level=self.level().number,
            at=self.now,
            seed_of=self._seed,
        )
        seating, tables = sit_down(seating, tables, pid, number, seat, stack)
        return seating, tables, number, seat, races

    # -- play ------------------------------------------------------------------------------

    def start(self) -> None:
        """The seat draw, every entry sits down, the button draw; the clock starts."""
        if self.started:
            raise TournamentError("already_started", "the tournament has already started")
        ids = list(self._entry_of)
        if len(ids) < 2:
            raise TournamentError(
                "too_few_entries", f"{len(ids)} entries; a tournament needs at least 2"
            )
        seating = draw_seats(ids, self.config.seats_per_table, seed=self._seed(b"draw"))
        level = self.config.structure.level(1)
        tables: dict[int, TableState] = {}
        for t in seating.tables:
            state = TableState.empty(table_config(self.config, level))
            for k, pid in enumerate(t.seats):
                if pid is not None:
                    stack = self.registry.entry(self._entry_of[pid]).stack
                    state, _ = apply(state, SitDown(PlayerId(pid), SeatNo(k + 1), stack))
            tables[t.number] = state
        self.seating, self.tables = seating, tables
        self._on_table = {n: s.chips_on_table() for n, s in tables.items()}
        self.started = True
        self.clock = self.clock.start(self.now)
        self._draw_buttons()
        self.tables_max = len(tables)
        self._note("start", f"{len(ids)} entries at {len(tables)} tables")
        self._check_chips()

    def play_round(self) -> RoundReport:
        """Every table plays one hand; then eliminations, breaking, balancing, button draws.

        A round that raises (a table where every player is away, a break order that names
        none of the tables left, ...) changes nothing: the director is as it was before.
        """
        saved = {k: v.copy() if isinstance(v, list | dict) else v for k, v in vars(self).items()}
        rng = self._rng.getstate()
        try:
            return self._play_round()
        except BaseException:
            vars(self).clear()
            vars(self).update(saved)
            self._rng.setstate(rng)
            raise

    def _play_round(self) -> RoundReport:
        if not self.started:
            raise TournamentError("not_started", "start the tournament first")
        if self.finished:
            raise TournamentError("tournament_over", "the tournament is over")
        self._skip_break()
        level = self.clock.level_at(self.now)
        self._color_up(level)
        h4h = hand_for_hand_due(
            self.config.house,
            self.seating,
            self.players_left(),
            self.places_paid(),
            self.config.hand_for_hand_from_bubble,
        )
        if h4h:
            self.hand_for_hand_rounds += 1
            self._slot += 1
        numbers = sorted(self.tables)
        order = self._rng.sample(numbers, len(numbers))  # the order the hands end in
        busted: list[str] = []
        played = 0
        for number in order:
            if not h4h:
                self._slot += 1
            out = self._play_hand(number, level)
            if out is None:
                continue
            played += 1
            busted.extend(out)
        self.hands += played
        self.rounds += 1
        self.clock = self.clock.record_hand(self.now)
        self.now += self.config.seconds_per_hand
        for pid in busted:
            self.registry = self.registry.bust(self._entry_of[pid], at=self.now)
        moves, broken = self._reseat(busted)
        left = self.players_left()
        if left <= 1:
            self.finished = True
            self._note("end", f"the tournament is over after {self.hands} hands")
        return RoundReport(
            self.rounds,
            played,
            len(self.tables),
            left,
            tuple(busted),
            moves,
            broken,
            h4h,
            level.number,
        )

    def run(
        self,
        on_round: Callable[[RoundReport], None] | None = None,
        max_rounds: int = 1_000_000,
    ) -> Results:
        """Start if needed and play rounds until one entry has every chip (TRN-15)."""
        if not self.started:
            self.start()
        while not self.finished:
            if self.rounds >= max_rounds:
                raise TournamentError(
                    "too_many_rounds", f"not finished after {max_rounds} rounds of hands"
                )
            report = self.play_round()
            if on_round is not None:
                on_round(report)
        return self.results()

    def results(self, title: str = "") -> Results:
        """Places, prizes and figures; places of players still in only once play is over."""
        reg = self.registry
        survivors = [
            pid for pid, eid in self._entry_of.items() if reg.entry(eid).status == "active"
        ]
        if len(survivors) > 1:
            survivors = [p for p, _ in self.standings()]
        finishes = finishing_places(self._eliminations, survivors)
        counted = reg.counted_entries()
        pool = self.config.entry_fee * counted
        try:
            shares = self.config.payouts.shares_for(counted)
        except PokerroomError:
            shares = (1000,)
        amounts = prize_amounts(pool, shares, unit=self.config.prize_unit)
        awards = award(finishes, amounts, unit=self.config.prize_unit)
        name = title or (
            f"{self.config.structure.title or self.config.structure.name} "
            f"({self.config.house.name})"
        )
        return Results(
            name,
            len(reg.entries),
            counted,
            pool,
            awards,
            self.hands,
            self.rounds,
            self.tables_max,
            self.hand_for_hand_rounds,
            self.chips_conserved,
            tuple(self._removals),
            tuple(self._races),
        )

    # -- internal: hands ---------------------------------------------------------------------

    def _bot(self, state: TableState, options: LegalActions, rng: random.Random) -> Action:
        hand = state.hand
        assert hand is not None
        return bot_action(self.config.bot, hand, options, rng)


    def _play_hand(self, number: int, level: Level) -> list[str] | None:
        """One hand at table ``number``; the players it busted, by stack at its start."""
        state = at_level(self.tables[number], level)
        if sum(1 for s in state.seats if s is not None and s.stack > 0) < 2:
            self.tables[number] = state
            return None
        seed = self._seed(b"hand%d/%d" % (number, state.hand_no + 1))
        played = play_hand(state, seed, float(self.now), self._strategy, self._rng)
        state = played.state
        self.tables[number] = state
        if not state.ledger_balanced():
            self.chips_conserved = False
        self._on_table[number] = state.chips_on_table()
        for pid, stack in played.busted:
            # Same hand (or same hand-for-hand round): placed by the stack at its start.
            self._eliminations.append(Elimination(pid, self._slot, stack))
        self._check_chips()
        return [pid for pid, _ in played.busted]

    # -- internal: colour-ups (STR-07) ------------------------------------------------------

    def _color_up(self, level: Level) -> None:
        """Before ``level``: each table's new blinds and chip races (races.race_table)."""
        for number in sorted(self.tables):
            state, races = race_table(
                self.tables[number], self.config.structure, level, number, self.now, self._seed
            )
            if not races:
                continue
            for race in races:
                self._record_race(race)
            self.tables[number] = state
            self._on_table[number] = state.chips_on_table()
        self._check_chips()

    def _record_race(self, race: ChipRace) -> None:
        self._races.append(race)
        self._race_net += race.added - race.removed
        who = "late entry " if race.late_entry else ""
        self._note(
            "color_up",
            f"table {race.table}: {who}chip {race.chip} raced off before level {race.level} "
            f"({race.rule}): {race.removed} in odd chips taken off, {race.added} in chips of "
            f"{race.unit} handed out, {race.added - race.removed:+d} chips in play",
        )


    # -- internal: seating -------------------------------------------------------------------

    def _reseat(self, busted: list[str]) -> tuple[tuple[Move, ...], tuple[int, ...]]:
        """Busted players leave the seating; tables break and balance; buttons re-drawn."""
        seating = self.seating
        for pid in busted:
            seating = remove_player(seating, pid)
        last_bb = {n: s.bb_seat for n, s in self.tables.items() if s.bb_seat is not None}
        after, moves, broken = consolidate(
            seating,
            self.config.house,
            seed=self._seed(b"break%d" % self.rounds),
            order=self.config.break_order,
            last_big_blind=last_bb,
        )
        tables = apply_moves(self.tables, moves)
        for number in broken:
            gone = tables.pop(number)
            assert not gone.players(), f"table {number} broke with players left"
            self._on_table.pop(number, None)
            self._note("break", f"table {number} breaks")
        for m in moves:
            for number in (m.from_table, m.to_table):
                if number in tables:
                    self._on_table[number] = tables[number].chips_on_table()
            self._note(
                m.reason,
                f"{m.player} from table {m.from_table} seat {m.from_seat} to table "
                f"{m.to_table} seat {m.to_seat}",
            )
        self.seating, self.tables = after, tables
        if moves:
            self._after_reseat(seating)
        self._check_chips()
        return moves, broken

    def _after_reseat(self, before: Seating) -> None:
        """BTN-08 re-draws after a re-seat; a button for tables that have none yet."""
        rounds = self.rounds
        self.tables, notes = redraw_buttons(
            self.tables,
            before,
            self.seating,
            self.config.house,
            lambda number: self._seed(b"redraw%d/%d" % (number, rounds)),
        )
        for text in notes:
            self._note("redraw", text)
        self._draw_buttons()

    def _draw_buttons(self) -> None:
        """BTN-01: a button at every table that has none and two players (GROS: one draw)."""
        self.tables, self._common_button, note = draw_buttons(
            self.tables, self.seating, self.config.house, self._common_button, self._seed
        )
        if note is not None:
            self._note("button", note)

    # -- internal: clock, seeds, checks -----------------------------------------------------

    def _skip_break(self) -> None:
        while (brk := self.clock.on_break(self.now)) is not None:
            left = self.clock.time_left(self.now)
            assert left is not None
            self._note("break", f"{brk.minutes}-minute break after level {brk.after_level}")
            self.now += max(left, 1)


    def _seed(self, label: bytes) -> bytes:
        return hashlib.sha256(b"pokerroom-director/%d/" % self.seed + label).digest()

    def _check_chips(self) -> None:
        """Chips on every table + removed == issued + the chip races' adjustment (STR-07)."""
        reg = self.registry
        if reg is not self._ledger_of:  # entries changed: recount the ledger once
            self._ledger_of = reg
            self._ledger = sum(e.chips_issued - e.chips_removed for e in reg.entries)
        if sum(self._on_table.values()) != self._ledger + self._race_net:
            self.chips_conserved = False

    def _note(self, kind: str, text: str) -> None:
        self.log.append(Note(self.now, kind, text))
