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

How play goes (rule IDs from RULES.md):

* :meth:`Director.start`: the random seat draw (seating.draw_seats), every entry sits down
  with its issued stack (TRN-01), the button is drawn at every table (BTN-01, CAMB
  ``per_table``) or once for all tables on table one (GROS:L125, ``PlaceButton``).
* :meth:`Director.play_round`: each table plays one hand with bots on the table layer (dead
  button BTN-03..05, heads-up BTN-06, all-in hands face up SHD-03 - all in the table and the
  engine). A *round* is one hand at every table; outside hand-for-hand the tables' hands end in
  an order drawn from the seed, and a player busting at one table is out before one busting
  later at another. Hand-for-hand (TRN-09 / G15, seating.hand_for_hand_due) makes a round one
  hand for the whole room: players busting in it at different tables are out *in the same
  hand*, placed by their stacks when it began (payouts.finishing_places), as are players
  busting in one hand at one table.
* After every round: busted entries are recorded; tables are broken in the event's
  ``break_order`` and balanced when sizes differ by two or more (seating.consolidate); each
  move takes the player and his chips to his new seat (table ``MoveOut`` / ``MoveIn``), the
  empty seat left behind is an ordinary empty seat to the dead button (BTN-03), and the new
  seat is the one the big blind reaches soonest (LPR:L181); tables re-draw for the button where
  the house says (BTN-08: CAMB at >= 50% new players and at the final table).
* Late entries (TRN-04) sit down at the table with the fewest players, in the seat the big
  blind reaches soonest; a new table is opened when every seat is taken.
* The end (TRN-15): one entry holds every chip. :meth:`Director.results`: finishing places,
  prizes from the payout table on the entries the house counts (TRN-12), a text report.

* Floor work between hands: :meth:`Director.disqualify` (TRN-11/13),
  :meth:`Director.set_absent` / :meth:`Director.returns` (TRN-02, BLD-07: an absent player is
  dealt in, posts, and his hand is killed by the table with the engine's ``KillHand``) and
  :meth:`Director.remove_absent_stack` (TRN-03). Disqualified and removed entries take no
  finishing place (see :meth:`Director.disqualify`).
* Chip unit and colour-ups (STR-07). Every table plays in the smallest chip in play at the
  level (``Structure.smallest_chip_at``, the table's ``chip_unit``, which the hand engine
  uses for odd chips, POT-05); blinds and antes are multiples of it. The bots bet in it:
  each bet or raise-to is rounded down to a multiple of the unit, never below the smallest
  legal multiple, and a bet at the maximum (all-in) stays as it is
  (:func:`bet_in_unit`), so every stack stays a multiple of the unit. When the clock reaches
  a level before which the structure's ``ColorUp`` removes a chip, every table first takes
  the new level's blinds (``SetLevel``, still in the old unit) and then races off its odd
  chips: ``structure.color_up`` from a seed per table and level, applied with the table's
  ``ColorUpStacks`` (nobody is raced out: the rule in ``color_up``). A late entry seated
  after a colour-up whose stack holds chips no longer in play has them raced off alone in
  the same way. Each race is kept as a :class:`ChipRace` (in :attr:`Director.chip_races`,
  :attr:`Results.chip_races` and the log).

Chips are checked after every hand, colour-up and floor command: the chips on every table plus
the chips removed from play equal the chips issued plus what the chip races added (a race
rounds each player's odd chips to the new unit, so it may add or take away less than one new
chip per player: ``chips on tables + removed == issued + race adjustment``,
``chips_conserved``).

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

import dataclasses
import hashlib
import random
from collections.abc import Callable
from datetime import date, datetime, time, timedelta

from pokerroom.errors import PokerroomError
from pokerroom.hand.actions import Action, BetRaise
from pokerroom.hand.betting import LegalActions
from pokerroom.hand.state import HandState
from pokerroom.table.commands import (
    AddChips,
    ColorUpStacks,
    DrawButton,
    MoveIn,
    MoveOut,
    PlaceButton,
    RedrawButton,
    RunOnce,
    SetLevel,
    SitDown,
    SitIn,
    SitOut,
    StartHand,
)
from pokerroom.table.config import TableConfig
from pokerroom.table.events import ButtonDrawn, HandFinished, StacksColoredUp
from pokerroom.table.host import TableHost
from pokerroom.table.runner import bot_action
from pokerroom.table.seats import PlayerId, SeatNo
from pokerroom.table.state import TableState
from pokerroom.table.table import apply, run_out_pending
from pokerroom.tournament.clock import Clock
from pokerroom.tournament.config import TournamentConfig
from pokerroom.tournament.entrants import PresenceRule, Registry, presence_rule
from pokerroom.tournament.errors import RegistrationError, SeatingError, TournamentError
from pokerroom.tournament.payouts import (
    Elimination,
    award,
    finishing_places,
    prize_amounts,
)
from pokerroom.tournament.report import ChipRace, Note, Removal, Results, RoundReport
from pokerroom.tournament.seating import (
    Move,
    Seating,
    Table,
    button_seat_for_table,
    consolidate,
    draw_seats,
    hand_for_hand_due,
    move_player,
    redraw_tables,
    seat_player,
)
from pokerroom.tournament.structure import ColorUp, Level, color_up

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


def bet_in_unit(to: int, options: LegalActions, unit: int) -> int:
    """STR-07: a bet or raise-to in whole chips of ``unit`` within the legal range.

    Rounded down to a multiple of ``unit``, but never below the smallest multiple at or above
    the minimum; the maximum (an all-in, or the pot-limit or fixed-limit maximum) stays as it
    is, and so does the maximum when no multiple of the unit is in range.

    >>> opts = LegalActions(0, min_raise_to=200, max_raise_to=1510)
    >>> bet_in_unit(437, opts, 25), bet_in_unit(201, opts, 25), bet_in_unit(1510, opts, 25)
    (425, 200, 1510)
    >>> bet_in_unit(1505, opts, 25)
    1500
    >>> bet_in_unit(410, LegalActions(0, min_raise_to=405, max_raise_to=430), 50)
    430
    """
    lo, hi = options.min_raise_to, options.max_raise_to
    assert lo is not None and hi is not None, "no bet or raise allowed"
    if to >= hi:
        return hi
    amount = max(to // unit * unit, -(-lo // unit) * unit)
    return amount if amount <= hi else hi


Strategy = Callable[[TableState, LegalActions, random.Random], Action]
"""A player's decision: the table, what he may do, and the director's seeded generator."""


class Director:
    """Runs one tournament from registration to the last hand (see the module docstring)."""

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
        table has them raced off first (STR-07, :meth:`_late_stack`).
        """
        seating = self.seating
        tables = dict(self.tables)
        open_tables = [t for t in seating.tables if t.empty_seats()]
        if not open_tables:
            number = max((t.number for t in seating.tables), default=0) + 1
            table = Table(number, (None,) * seating.seats_per_table)
            seating = dataclasses.replace(seating, tables=(*seating.tables, table))
            cfg = (
                self.tables[min(self.tables)].config
                if self.tables
                else self._table_config(self.level())
            )
            tables[number] = TableState.empty(cfg)
            open_tables = [table]
        target = min(open_tables, key=lambda t: (t.count(), t.number))
        last_bb = tables[target.number].bb_seat or 0
        seat = target.empty_after(last_bb)
        assert seat is not None
        seating = seat_player(seating, pid, target.number, seat)
        here = tables[target.number]
        stack, races = self._late_stack(pid, stack, target.number, here.config.chip_unit)
        state, _ = apply(here, SitDown(PlayerId(pid), SeatNo(seat), stack))
        tables[target.number] = state
        return seating, tables, target.number, seat, races

    # -- floor commands ----------------------------------------------------------------------

    def move_player(self, player: str, table: int, seat: int) -> Move:
        """Move a seated player with his chips to an empty seat (floor decision, TRN-09).

        Only between rounds. A taken seat, an unknown table or player raises a typed error
        (SeatingError / TableError) and changes nothing.
        """
        if not self.started or self.finished:
            raise TournamentError("not_in_play", "players are moved only while play is on")
        where = self.seating.where(player)
        if where is None:
            raise SeatingError("not_seated", f"{player} is not seated")
        seating = move_player(self.seating, player, table, seat)
        move = Move(player, where[0], where[1], table, seat, "balance")
        tables = self._apply_moves(dict(self.tables), (move,))
        self.seating, self.tables = seating, tables
        for number in (where[0], table):
            self._on_table[number] = tables[number].chips_on_table()
        self._note(
            "move",
            f"{player} from table {where[0]} seat {where[1]} to table {table} seat {seat} (floor)",
        )
        return move

    def presence(self) -> PresenceRule:
        """The house's TRN-02 presence rule (who is dealt in, when an absent hand is dead)."""
        return presence_rule(self.config.house)

    def absent(self) -> tuple[str, ...]:
        """Players marked away from their seats (TRN-02), in entry order."""
        return tuple(
            pid
            for pid, eid in self._entry_of.items()
            if (e := self.registry.entry(eid)).status == "active" and e.absent
        )

    def set_absent(self, player: str) -> None:
        """TRN-02 / BLD-07: ``player`` is away from his seat from the next hand on.

        He stays in the tournament and is dealt in; his stack posts its blinds and antes
        (``presence().absent_posts_blinds_and_antes``, true for every house's tournament
        rules) and his hand is dead: the table kills it with the engine's ``KillHand`` once
        the deal is over, so it can never win a pot. Only between hands (every
        :meth:`play_round` finishes its hands). An unknown, not seated or already absent
        player raises a typed error and changes nothing.
        """
        eid, number, _ = self._seated_entry(player)
        entry = self.registry.entry(eid)
        if entry.absent:
            raise RegistrationError("already_absent", f"{player} is already marked absent")
        reg = self.registry.set_absent(eid, True, at=self.now)
        state, _ = apply(self.tables[number], SitOut(PlayerId(player)))
        self.registry, self.tables[number] = reg, state
        self._note("absent", f"{player} is away: dealt in, blinds posted, hand dead (TRN-02)")

    def returns(self, player: str) -> None:
        """TRN-02: an absent ``player`` is back in his seat; he plays from the next hand.

        A player coming back *during* a deal is the table's :class:`ReturnToSeat` ruling
        (``presence().hand_is_live(arrival)``); the director runs whole hands, so here he is
        back before the next deal starts (TRN-16: the deal starts the hand).
        """
        eid, number, _ = self._seated_entry(player)
        if not self.registry.entry(eid).absent:
            raise RegistrationError("not_absent", f"{player} is not marked absent")
        reg = self.registry.set_absent(eid, False, at=self.now)
        state, _ = apply(self.tables[number], SitIn(PlayerId(player)))
        self.registry, self.tables[number] = reg, state
        self._note("present", f"{player} is back in his seat")

    def remove_absent_stack(self, player: str, reason: str = "could not be reached") -> int:
        """TRN-03 (LPR:L192): take an unreachable no-show's stack out of play.

        Only where the event allows it (``EntryPolicy.remove_no_shows``: LPR's rulebook says
        the director may; the other houses are silent, so the event must opt in) and only for
        a player marked absent. His chips are recorded as removed from play, he leaves his
        table (his seat is an empty seat to the dead button) and, like a disqualified player,
        he takes no finishing place (see :meth:`disqualify`). Returns the chips removed.
        """
        if not self.config.entry_policy().remove_no_shows:
            raise RegistrationError(
                "no_show_removal_not_allowed",
                f"house {self.config.house.name}: this event does not remove no-shows' stacks "
                "(TRN-03 is LPR:L192; set EntryPolicy.remove_no_shows to allow it)",
            )
        eid, number, chips = self._seated_entry(player)
        if not self.registry.entry(eid).absent:
            raise RegistrationError(
                "not_absent", f"{player} is present; only an absent entry's stack is removed"
            )
        reg = self.registry.remove_absent_stack(eid, chips, at=self.now)
        self._take_out(player, number, reg, Removal(player, "removed", chips, reason, self.now))
        return chips

    def disqualify(self, player: str, reason: str, *, deny_reentry: bool | None = None) -> int:
        """TRN-11 / PEN-03: disqualify ``player``; his chips are taken out of play.

        His whole stack is recorded as removed from play (LPR:L183, L189: "chips removed from
        play"), he leaves his table like a player moved away (table ``MoveOut``: his seat is
        an ordinary empty seat to the dead button, BTN-03..05) and the tables are balanced.

        Finishing place: none. The rulebooks only say the chips leave play (LPR:L183, L189)
        and the player is removed from the game (GROS:L160); none places a disqualified
        player, and a place (with its prize) would reward the offence. So he is listed in
        :attr:`Results.removals`, not in the awards; the players still in move up. His entry
        still counts for the prize pool (he paid it; TRN-12 counts entries, not finishers).

        Re-entry (TRN-13): refused from now on when ``deny_reentry`` is true; by default
        (None) it is refused wherever the event takes re-entries (GROS:L133 refuses re-entry
        to a chip dumper and GROS:L160 makes disqualification a removal from the game);
        events without re-entry refuse it anyway. Returns the chips removed from play.
        """
        if not reason.strip():
            raise TournamentError("reason_needed", "a disqualification needs a reason (TRN-11)")
        eid, number, chips = self._seated_entry(player)
        reg = self.registry.disqualify(eid, chips, reason, at=self.now)
        deny = self.config.entry_policy().re_entry if deny_reentry is None else deny_reentry
        if deny:
            reg = reg.deny_reentry(reg.entry(eid).player, f"disqualified: {reason}", at=self.now)
        self._take_out(
            player, number, reg, Removal(player, "disqualified", chips, reason, self.now)
        )
        return chips

    def add_on(self, player: str) -> int:
        """The event's add-on for a live, seated ``player`` between rounds; returns the chips.

        The registry decides whether the event offers one, until which level and how many
        (typed errors otherwise); the chips go onto his stack at his table and count as
        issued, so chips stay conserved.
        """
        eid, number, _ = self._seated_entry(player)
        before = self.registry.entry(eid).addon_chips
        reg = self.registry.add_on(eid, at=self.now, level=self.level())
        chips = reg.entry(eid).addon_chips - before
        state, _ = apply(self.tables[number], AddChips(PlayerId(player), chips, add_on=True))
        self.registry = reg
        self.tables[number] = state
        self._on_table[number] = state.chips_on_table()
        self._note("add_on", f"{player}: +{chips}")
        return chips

    def _seated_entry(self, player: str) -> tuple[int, int, int]:
        """(entry id, table, stack) of a player in play; typed errors otherwise."""
        if not self.started or self.finished:
            raise TournamentError("not_in_play", "only while play is on")
        eid = self.entry_id(player)
        entry = self.registry.entry(eid)
        if entry.status != "active":
            raise RegistrationError("entry_not_live", f"{player} is already {entry.status}")
        where = self.seating.where(player)
        if where is None:
            raise SeatingError("not_seated", f"{player} is not seated")
        seat = self.tables[where[0]].seat(SeatNo(where[1]))
        assert seat is not None and seat.player == player
        return eid, where[0], seat.stack

    def _take_out(self, player: str, number: int, reg: Registry, removal: Removal) -> None:
        """A player leaves play with his chips (TRN-03, TRN-11): table, seating, ledger."""
        state, _ = apply(self.tables[number], MoveOut(PlayerId(player)))
        self.registry = reg
        self.tables[number] = state
        self._on_table[number] = state.chips_on_table()
        self._removals.append(removal)
        self._note(removal.kind, f"{player}: {removal.chips} chips out of play: {removal.reason}")
        self._reseat([player])
        if self.players_left() <= 1:
            self.finished = True
            self._note("end", f"the tournament is over after {self.hands} hands")

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
            state = TableState.empty(self._table_config(level))
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
        state = self._set_level(self.tables[number], level)
        if sum(1 for s in state.seats if s is not None and s.stack > 0) < 2:
            self.tables[number] = state
            return None
        before = {k + 1: (str(s.player), s.stack) for k, s in enumerate(state.seats) if s}
        seed = self._seed(b"hand%d/%d" % (number, state.hand_no + 1))
        host = TableHost(state, keep_log=False)
        events = host.apply(StartHand(seed, at=float(self.now)))
        rng = self._rng
        unit = state.config.chip_unit

        def decide(hand: HandState, options: LegalActions) -> Action:
            action = self._strategy(host.state, options, rng)
            if isinstance(action, BetRaise):  # STR-07: the bots bet in the table's unit
                return BetRaise(action.actor, bet_in_unit(action.to, options, unit))
            return action

        while host.in_hand:
            events = host.play_hand(decide)
            if host.in_hand:
                assert run_out_pending(host.state), "the hand waits for nobody"
                events = host.apply(RunOnce())
        state = host.state
        finished = events[-1]
        assert isinstance(finished, HandFinished)
        self.tables[number] = state
        if not state.ledger_balanced():
            self.chips_conserved = False
        on_table = state.chips_on_table()
        self._on_table[number] = on_table
        busted: list[str] = []
        for seat in finished.eliminated:
            pid, stack = before[seat]
            busted.append(pid)
            # Same hand (or same hand-for-hand round): placed by the stack at its start.
            self._eliminations.append(Elimination(pid, self._slot, stack))
        self._check_chips()
        return busted

    # -- internal: colour-ups (STR-07) ------------------------------------------------------

    def _color_ups_to(self, unit: int, target: int) -> list[ColorUp]:
        """The structure's colour-ups that take the smallest chip from ``unit`` to ``target``."""
        return [cu for cu in self.config.structure.color_ups if unit <= cu.chip < target]

    def _color_up(self, level: Level) -> None:
        """Before ``level``: new blinds at every table, then the chip race of every removed chip.

        The blinds come first (the new level's blinds are multiples of the old unit too), then
        each chip the structure removes by this level is raced off with ``structure.color_up``
        from a seed per table and level, and the table applies the result (ColorUpStacks).
        """
        structure = self.config.structure
        target = structure.smallest_chip_at(level.number)
        for number in sorted(self.tables):
            state = self.tables[number]
            ups = self._color_ups_to(state.config.chip_unit, target)
            if not ups:
                continue
            state = self._set_level(state, level)
            for cu in ups:
                unit = structure.smallest_chip_at(cu.before_level)
                stacks = {str(s.player): s.stack for s in state.seats if s is not None}
                seed = self._seed(b"colorup%d/%d/%d" % (number, level.number, cu.chip))
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
                self._record_race(
                    ChipRace(
                        self.now,
                        level.number,
                        number,
                        cu.chip,
                        unit,
                        cu.rule,
                        event.removed,
                        event.added,
                        tuple((str(p), b, a) for p, _, b, a in event.changes),
                    )
                )
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

    def _set_level(self, state: TableState, level: Level) -> TableState:
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

    def _late_stack(
        self, pid: str, stack: int, number: int, unit: int
    ) -> tuple[int, list[ChipRace]]:
        """A late entrant's stack in the table's ``unit``: chips no longer in play raced off."""
        structure = self.config.structure
        level = self.level()
        races: list[ChipRace] = []
        for cu in self._color_ups_to(structure.chips[0], unit):
            if stack % cu.chip:
                break  # not in the structure's chips: color_up refuses it below
            new_unit = structure.smallest_chip_at(cu.before_level)
            if stack % new_unit == 0:
                continue
            seed = self._seed(b"colorup-late/%s/%d" % (pid.encode(), cu.chip))
            result = color_up({pid: stack}, cu.chip, new_unit, cu.rule, seed=seed)
            after = result.stacks[0][1]
            races.append(
                ChipRace(
                    self.now,
                    level.number,
                    number,
                    cu.chip,
                    new_unit,
                    cu.rule,
                    stack % new_unit,
                    after - (stack - stack % new_unit),
                    ((pid, stack, after),),
                    late_entry=True,
                )
            )
            stack = after
        return stack, races

    # -- internal: seating -------------------------------------------------------------------

    def _reseat(self, busted: list[str]) -> tuple[tuple[Move, ...], tuple[int, ...]]:
        """Busted players leave the seating; tables break and balance; buttons re-drawn."""
        seating = self.seating
        for pid in busted:
            where = seating.where(pid)
            assert where is not None
            t = seating.table(where[0])
            seats = list(t.seats)
            seats[where[1] - 1] = None
            seating = dataclasses.replace(
                seating,
                tables=tuple(
                    dataclasses.replace(t, seats=tuple(seats)) if x.number == t.number else x
                    for x in seating.tables
                ),
            )
        last_bb = {n: s.bb_seat for n, s in self.tables.items() if s.bb_seat is not None}
        after, moves, broken = consolidate(
            seating,
            self.config.house,
            seed=self._seed(b"break%d" % self.rounds),
            order=self.config.break_order,
            last_big_blind=last_bb,
        )
        tables = self._apply_moves(dict(self.tables), moves)
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
        for number in broken:
            self._on_table.pop(number, None)
        self.seating, self.tables = after, tables
        if moves:
            self._after_reseat(seating)
        self._check_chips()
        return moves, broken

    def _apply_moves(
        self, tables: dict[int, TableState], moves: tuple[Move, ...]
    ) -> dict[int, TableState]:
        """TRN-09: each move takes the player and his chips to his new seat."""
        for m in moves:
            src = tables[m.from_table]
            seat = src.seat(SeatNo(m.from_seat))
            assert seat is not None and seat.player == m.player
            src, _ = apply(src, MoveOut(PlayerId(m.player)))
            dst, _ = apply(
                tables[m.to_table], MoveIn(PlayerId(m.player), SeatNo(m.to_seat), seat.stack)
            )
            if seat.sitting_out:  # TRN-02 / BLD-07: an absent player stays absent when moved
                dst, _ = apply(dst, SitOut(PlayerId(m.player)))
            tables[m.from_table] = src
            tables[m.to_table] = dst
        return tables

    def _after_reseat(self, before: Seating) -> None:
        """BTN-08 re-draws after a re-seat; a button for tables that have none yet."""
        house = self.config.house
        final = self.seating.is_final_table() and not before.is_final_table()
        old = {t.number: set(t.players()) for t in before.tables}
        for number in redraw_tables(house, before, self.seating):
            state = self.tables[number]
            if state.button is None or len(state.players()) < 2:
                continue
            new = tuple(PlayerId(p) for p in state.players() if p not in old.get(number, set()))
            state, _ = apply(
                state,
                RedrawButton(
                    self._seed(b"redraw%d/%d" % (number, self.rounds)),
                    final_table=final,
                    new_players=new,
                ),
            )
            self.tables[number] = state
            self._note(
                "redraw",
                f"table {number} draws for the button again (BTN-08)"
                + (" - final table" if final else ""),
            )
        self._draw_buttons()

    def _draw_buttons(self) -> None:
        """BTN-01: a button at every table that has none and two players (GROS: one draw)."""
        house = self.config.house
        todo = [
            n for n, s in sorted(self.tables.items()) if s.button is None and len(s.players()) >= 2
        ]
        if not todo:
            return
        if house.tournament_button_draw_scope == "table1_seat_applies_to_all":
            # GROS:L125: one draw on table one, a card to each of its players (CONFLICTS G-18:
            # not to its empty seats); the seat drawn is the button seat of every table, or
            # the next occupied seat where it is empty. A table opened later takes it too.
            if self._common_button is None:
                one = todo.pop(0)  # table one (the lowest-numbered table, at the start)
                self.tables[one], events = apply(
                    self.tables[one], DrawButton(self._seed(b"button-all"))
                )
                (drawn,) = events
                assert isinstance(drawn, ButtonDrawn)
                self._common_button = drawn.button
                self._note(
                    "button",
                    f"seat {drawn.button} drawn on table {one} for every table (GROS:L125)",
                )
            for n in todo:
                seat = button_seat_for_table(self.seating.table(n), self._common_button)
                assert seat is not None
                self.tables[n], _ = apply(self.tables[n], PlaceButton(SeatNo(seat)))
        else:
            for n in todo:
                self.tables[n], _ = apply(self.tables[n], DrawButton(self._seed(b"button%d" % n)))

    # -- internal: clock, seeds, checks -----------------------------------------------------

    def _skip_break(self) -> None:
        while (brk := self.clock.on_break(self.now)) is not None:
            left = self.clock.time_left(self.now)
            assert left is not None
            self._note("break", f"{brk.minutes}-minute break after level {brk.after_level}")
            self.now += max(left, 1)

    def _table_config(self, level: Level) -> TableConfig:
        return TableConfig(
            self.config.house,
            seats=self.config.seats_per_table,
            small_blind=level.small_blind,
            big_blind=level.big_blind,
            ante=level.ante,
            ante_type=level.ante_type,
            chip_unit=self.config.structure.smallest_chip_at(level.number),
        )

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
