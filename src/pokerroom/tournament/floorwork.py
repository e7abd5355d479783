"""Floor work between hands: the director's commands for players at the tables.

:class:`FloorWork` is the part of :class:`~pokerroom.tournament.director.Director` that the
floor uses between rounds of hands (rule IDs from RULES.md):

* :meth:`FloorWork.move_player`: a player moved with his chips to an empty seat (TRN-09);
* :meth:`FloorWork.set_absent` / :meth:`FloorWork.returns`: TRN-02 / BLD-07, an absent
  player is dealt in, posts his blinds and antes, and the table kills his hand with the
  engine's ``KillHand``;
* :meth:`FloorWork.remove_absent_stack`: TRN-03 (LPR:L192), an unreachable no-show's stack
  taken out of play;
* :meth:`FloorWork.disqualify`: TRN-11 / PEN-03, the chips out of play, re-entry refused
  (TRN-13); disqualified and removed entries take no finishing place;
* :meth:`FloorWork.add_on`: the event's add-on chips onto a live player's stack;
* :meth:`FloorWork.change_structure`: TRN-14 (GROS:L132, CAMB:L8), the house changes the
  published structure, with the reason in the clock's history and the log.

Each command checks everything first and raises a typed error
(:class:`~pokerroom.tournament.errors.TournamentError`,
:class:`~pokerroom.table.seats.TableError`) that changes nothing; the chips leaving play are
recorded as removed, so the director's chip check still holds.

>>> from pokerroom.house import load_house
>>> from pokerroom.tournament.director import Director, TournamentConfig
>>> from pokerroom.tournament.structure import load_structure
>>> d = Director(TournamentConfig(load_house("lpr", "tournament"), load_structure("sng_hands"),
...                               seats_per_table=6), seed=1)
>>> for k in range(6):
...     _ = d.register(f"p{k}")
>>> d.start()
>>> d.set_absent("p2")
>>> d.absent(), d.presence().absent_posts_blinds_and_antes
(('p2',), True)
>>> d.disqualify("p4", "abusive language"), d.players_left(), d.chips_conserved
(1500, 5, True)
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from pokerroom.table.commands import AddChips, MoveOut, SitIn, SitOut
from pokerroom.table.seats import PlayerId, SeatNo
from pokerroom.table.state import TableState
from pokerroom.table.table import apply
from pokerroom.tournament.config import TournamentConfig
from pokerroom.tournament.entrants import PresenceRule, Registry, presence_rule
from pokerroom.tournament.errors import RegistrationError, SeatingError, TournamentError
from pokerroom.tournament.report import Removal
from pokerroom.tournament.seating import Move, Seating, move_player
from pokerroom.tournament.tables import apply_moves

if TYPE_CHECKING:
    from pokerroom.tournament.clock import Clock
    from pokerroom.tournament.structure import Level, Structure

__all__ = ["FloorWork"]


class FloorWork:
    """The director's floor commands (see the module docstring); mixed into the Director."""

    # What the director holds, declared for the type checker (Director.__init__ sets it).
    config: TournamentConfig
    registry: Registry
    seating: Seating
    tables: dict[int, TableState]
    now: int
    started: bool
    finished: bool
    hands: int
    clock: Clock
    _entry_of: dict[str, int]
    _on_table: dict[int, int]
    _removals: list[Removal]

    if TYPE_CHECKING:

        def entry_id(self, player: str) -> int: ...
        def players_left(self) -> int: ...
        def level(self) -> Level: ...
        def _reseat(self, busted: list[str]) -> tuple[tuple[Move, ...], tuple[int, ...]]: ...
        def _note(self, kind: str, text: str) -> None: ...

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
        tables = apply_moves(self.tables, (move,))
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

    def change_structure(self, structure: Structure, reason: str) -> None:
        """TRN-14: the house changes the published blind/ante structure (GROS:L132; the TD
        sets the blind levels, CAMB:L8), before or during play, with an audit trail.

        The clock keeps the level in play and its time (:meth:`Clock.change_structure`); the
        tables take the new blinds from the next round and new tables, late entries and
        colour-ups read the new structure. Chips already issued stay valid, so the starting
        stack, the early-registration bonus and the chip set may not change, nor the
        colour-ups already due by the level in play. A refused change raises a typed error and
        changes nothing.
        """
        if not reason.strip():
            raise TournamentError("reason_needed", "a structure change needs a reason (TRN-14)")
        if self.finished:
            raise TournamentError("tournament_over", "the tournament is over")
        old = self.config.structure
        for key in ("starting_stack", "early_reg_bonus", "chips"):
            if getattr(structure, key) != getattr(old, key):
                raise TournamentError(
                    "structure_change_refused",
                    f"structure {structure.name!r} has {key} = {getattr(structure, key)}, the "
                    f"event {getattr(old, key)}: entries already hold those chips (TRN-14); "
                    "allowed: change levels, breaks and colour-ups still to come",
                )
        current = self.level().number
        if self.started:
            done_old = [cu for cu in old.color_ups if cu.before_level <= current]
            done_new = [cu for cu in structure.color_ups if cu.before_level <= current]
            if done_old != done_new:
                raise TournamentError(
                    "structure_change_refused",
                    f"structure {structure.name!r} changes the colour-ups due by level "
                    f"{current}, the level in play (STR-07, TRN-14); allowed: change "
                    "colour-ups before later levels only",
                )
        clock = self.clock.change_structure(self.now, structure, reason)  # ClockError if short
        config = dataclasses.replace(self.config, structure=structure)
        self.registry = dataclasses.replace(self.registry, structure=structure)
        self.config, self.clock = config, clock
        self._note(
            "structure",
            f"structure {old.name} -> {structure.name} at level {current} (TRN-14): {reason}",
        )

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
