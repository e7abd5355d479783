"""A table that owns its state: what a server or a self-play loop holds.

:func:`pokerroom.table.table.apply` is pure: every command copies the hand and the table
snapshot, which is what an event-sourced core should do and what a hot loop should not pay
for. A :class:`TableHost` holds one table and applies commands to it in place (DESIGN.md
convention 3: mutate inside a hot loop, never hand a caller an object that changes under
him):

* a betting action in a hand dealt from a seeded deck (the hot path) goes straight to the
  hand engine's :func:`~pokerroom.hand.engine.apply_in_place` on the hand the host owns, with
  the legal actions worked out once per turn;
* every other command, and anything unusual about an action (a dead hand at the table, a
  player whose aggression is locked, a live deal, an error to report), goes through the pure
  ``apply``, so the rules live in one place;
* :attr:`TableHost.state` is a snapshot: a value that never changes under the caller.

The host and the pure core give the same events and the same table (a property test plays
random sessions both ways under every house).

>>> from pokerroom.house import load_house
>>> from pokerroom.table.commands import Act, DrawButton, SitDown, StartHand
>>> from pokerroom.table.config import TableConfig
>>> from pokerroom.table.seats import SeatNo
>>> host = TableHost(TableConfig(load_house("lpr", "cash"), seats=6, buyin_max=400))
>>> for name, seat in (("ann", 1), ("bob", 3), ("cat", 5)):
...     _ = host.apply(SitDown(PlayerId(name), SeatNo(seat), 200))
>>> _ = host.apply(DrawButton(bytes(32)))
>>> _ = host.apply(StartHand(bytes(range(32))))
>>> player, options = host.legal()
>>> player, options.describe()
('ann', 'fold, call 2, raise to 4..200')
>>> host.apply(Act(player, "fold"))
(Folded(position=2, forfeited=0),)
>>> before = host.state
>>> _ = host.apply(Act(PlayerId("bob"), "call"))
>>> before.to_act(), host.state.to_act()
('bob', 'cat')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pokerroom.hand.actions import (
    BETTING_ACTIONS,
    Action,
    BetRaise,
    CheckCall,
    Fold,
    Muck,
    RunItTwice,
    Show,
)
from pokerroom.hand.actions import RunOnce as HandRunOnce
from pokerroom.hand.betting import LegalActions, legal_actions
from pokerroom.hand.engine import apply_in_place, default_showdown_action
from pokerroom.hand.events import Shown
from pokerroom.hand.state import DONE, HandState
from pokerroom.table.commands import (
    Act,
    AgreeRunTwice,
    Command,
    RunOnce,
    ShowOrMuck,
    check_types,
)
from pokerroom.table.config import TableConfig
from pokerroom.table.events import LogEvent
from pokerroom.table.seats import PlayerId, TableError
from pokerroom.table.state import TableState, updated
from pokerroom.table.table import advance, apply, legal, run_out_action

__all__ = ["Decide", "DecideShowdown", "TableHost", "bot_showdown"]

Decide = Callable[[HandState, LegalActions], Action]
"""A bot: the engine action for ``options.actor`` of the hand (read it, do not keep it)."""

DecideShowdown = Callable[[HandState, int], Show | Muck]
"""A bot at the showdown: show or muck for this position of the hand (SHD-05)."""


def bot_showdown(hand: HandState, position: int) -> Show | Muck:
    """A bot's choice at the showdown: show a hand that can still win or tie a pot it is in,
    muck the others (SHD-04/05, the engine's ``default_showdown_action``)."""
    if isinstance(default_showdown_action(hand, position), Shown):
        return Show(position)
    return Muck(position)


class TableHost:
    """One table, its state owned and changed in place; optionally its event log."""

    __slots__ = ("_acted", "_legal", "_log", "_playing", "_snapshot", "_state", "decisions")

    def __init__(self, start: TableConfig | TableState, *, keep_log: bool = True) -> None:
        if isinstance(start, TableConfig):
            state = TableState.empty(start)
        elif start.hand is not None:
            state = updated(start, hand=start.hand.copy())  # the caller keeps his value
        else:
            state = start
        self._state = state
        #: NEW-05: ``_state.acted`` and the voluntary actions since (kept aside, as a set that
        #: grows in place: one table copy per action would cost more than the action); None
        #: when ``_state.acted`` is current. See :meth:`_current`.
        self._acted: set[int] | None = None
        self._log: list[LogEvent] | None = [] if keep_log else None
        self._snapshot: TableState | None = None
        #: True while :meth:`play_hand` has bots deciding: a bot may read the table but not
        #: send it commands, and the table is not cached (it changes every decision).
        self._playing = False
        self._legal: tuple[PlayerId, LegalActions] | Literal[False] | None = False  # not known
        #: Decisions the bots made in :meth:`play_hand`, betting and at the showdown (SHD-05;
        #: a count for self-play).
        self.decisions = 0

    @property
    def state(self) -> TableState:
        """The table now, as a value that later commands do not change."""
        snap = self._snapshot
        if snap is None or self._playing:
            st = self._current()
            snap = st if st.hand is None else updated(st, hand=st.hand.copy())
            if not self._playing:
                self._snapshot = snap
        return snap

    @property
    def events(self) -> tuple[LogEvent, ...]:
        """Every event so far (empty when the host was made with ``keep_log=False``)."""
        return () if self._log is None else tuple(self._log)

    @property
    def in_hand(self) -> bool:
        """True while a hand is being played."""
        return self._state.hand is not None

    def dealt_in(self) -> tuple[PlayerId, ...]:
        """The players dealt into the hand in play, in position order (empty between hands),
        without the copy of the hand that :attr:`state` makes."""
        st = self._state
        seats = st.seats
        return tuple([seat.player for s in st.positions if (seat := seats[s - 1]) is not None])

    def borrow_hand(self) -> HandState:
        """The hand in play as the host holds it, not copied: read it before the next command,
        which changes it in place (``state.hand`` is the copy to keep). For bots in hot loops.
        """
        hand = self._state.hand
        if hand is None:
            raise TableError("no_hand", "no hand is in play")
        return hand

    def legal(self) -> tuple[PlayerId, LegalActions] | None:
        """Who is to act and what he may do (as :func:`pokerroom.table.table.legal`)."""
        known = self._legal
        if known is False or self._playing:
            known = legal(self._state)
            if not self._playing:
                self._legal = known
        return known

    def apply(self, command: Command) -> tuple[LogEvent, ...]:
        """Apply ``command``; return its events. A rejected command raises and changes nothing."""
        if self._playing:
            self._refuse_bot_command()
        return self._apply(command)

    def _apply(self, command: Command) -> tuple[LogEvent, ...]:
        if type(command) is Act:
            check_types(command)  # as the pure core does, before the fast path
            action = self._in_turn(command)
            if action is not None:
                return self._play(action)
        elif type(command) is RunOnce or type(command) is AgreeRunTwice:
            st = self._state
            if st.hand is not None and st.live is None and not st.killed:
                # RIT-01 in a seeded hand: the engine's answer on the hand the host owns (the
                # pure core's own translation; an error raises before anything changes).
                return self._play(run_out_action(st, command))
        self._state, events = apply(self._current(), command)
        self._snapshot = None
        self._legal = False
        if self._log is not None:
            self._log.extend(events)
        return events

    def play(self, action: Action) -> tuple[LogEvent, ...]:
        """A bot's engine action (fold, check/call, bet/raise) for the player to act: exactly
        what :meth:`apply` of the matching :class:`Act` does, without building that command.
        At the showdown (``Show``/``Muck``, SHD-05) it is the matching :class:`ShowOrMuck`."""
        if self._playing:
            self._refuse_bot_command()
        return self._play_action(action)

    def _play_action(self, action: Action) -> tuple[LogEvent, ...]:
        if isinstance(action, Show | Muck):
            return self._apply(_as_showdown(self._current(), action))  # SHD-05
        if not isinstance(action, BETTING_ACTIONS):
            raise TableError(
                "not_a_betting_action",
                f"{action!r}: a player folds, checks, calls, bets or raises (or, at the "
                "showdown, shows or mucks)",
            )
        st = self._state
        turn = self._legal
        if turn is False:
            turn = self.legal()
        if (
            turn is None
            or action.actor != turn[1].actor
            or st.live is not None
            or st.killed
            or (isinstance(action, Fold) and action.forfeit)
            or (isinstance(action, BetRaise) and action.actor in st.aggression_locked)
        ):
            return self._apply(_as_act(st, action))  # the pure core words any error
        return self._play(action)

    def play_hand(
        self, decide: Decide, showdown: DecideShowdown = bot_showdown
    ) -> tuple[LogEvent, ...]:
        """Let bots play the hand in play until it is over or waits for something other than a
        betting decision (the players' answer to running it twice, RIT-01); return the events.

        Where the players show or muck themselves (``TableConfig.showdown = "players"``,
        SHD-05) the bots also choose at the showdown, in turn: ``showdown(hand, position)``
        (by default :func:`bot_showdown`), each choice played as its :class:`ShowOrMuck`.

        ``decide(hand, options)`` gives the engine action for ``options.actor``; it may read
        the hand (or :attr:`state`, :meth:`legal`, :attr:`events`, all current) but not keep
        the hand; a command it sends the table is refused (``command_from_bot``) and changes
        nothing. The same events and table as one :meth:`play` per decision; an action the
        rules refuse raises with the decisions before it played.
        """
        hand = self._current().hand
        if hand is None:
            raise TableError("no_hand", "no hand is in play")
        if self._playing:
            self._refuse_bot_command()
        self._playing = True
        self._snapshot = None  # nothing is cached while the bots play: the table moves on
        self._legal = False
        try:
            out = self._bots_play(hand, decide)
        finally:
            self._playing = False
            self._snapshot = None
            self._legal = False
        return out + self._bots_show(showdown)

    def _bots_show(self, showdown: DecideShowdown) -> tuple[LogEvent, ...]:
        """SHD-05: the bots show or muck in turn while the showdown waits for one of them
        (through the pure core: not a hot path)."""
        out: tuple[LogEvent, ...] = ()
        while (p := self._current().shower()) is not None:
            hand = self.borrow_hand()
            self._playing = True  # a bot reads the table; a command from it is refused
            try:
                choice = showdown(hand, p)
            finally:
                self._playing = False
                self._snapshot = None
            out += self._apply(_as_showdown(self._state, choice))
            self.decisions += 1
        return out

    def _bots_play(self, hand: HandState, decide: Decide) -> tuple[LogEvent, ...]:
        st = self._state
        out: list[LogEvent] = []
        if st.live is not None or st.killed or st.aggression_locked:
            # Floor business in this hand: one decision at a time, through the pure core.
            while (turn := legal(self._current())) is not None:
                out += self._play_action(decide(self.borrow_hand(), turn[1]))
                self.decisions += 1
            return tuple(out)
        acted = self._acted
        if acted is None:
            acted = self._acted = set(st.acted)
        # NEW-05: every betting decision is a voluntary action (the pure core reads it off
        # its first event, which is always ChipsBet or Folded).
        voluntary = acted.add
        log = self._log
        decided = 0
        try:
            while (actor := (options := legal_actions(hand)).actor) is not None:
                action = decide(hand, options)
                decided += 1
                kind = type(action)
                if (
                    kind not in _PLAIN
                    or action.actor != actor  # type: ignore[union-attr]
                    or (kind is Fold and action.forfeit)  # type: ignore[union-attr]
                ):
                    # An error to word, or chips forfeited: as play() does it, then carry on.
                    out += self._play_action(action)
                    rest = self._state.hand
                    return tuple(out) if rest is None else (*out, *self._bots_play(rest, decide))
                events: tuple[LogEvent, ...] = apply_in_place(hand, action)
                voluntary(actor)
                done = hand.phase == DONE
                if done:
                    self._state, settled = advance(self._settling())
                    events += settled
                out += events
                if log is not None:
                    log += events
                if done:
                    break
        finally:
            self.decisions += decided
        return tuple(out)

    def _refuse_bot_command(self) -> None:
        raise TableError(
            "command_from_bot",
            "a bot's decide() sent the table a command: it only chooses an action "
            "(the command was refused and changed nothing)",
        )

    def _in_turn(self, c: Act) -> Fold | CheckCall | BetRaise | None:
        """The engine action of a plain :class:`Act` in turn, in a seeded hand with no dead
        hands (the hot path); None sends the command to the pure ``apply``, which also words
        every error."""
        st = self._state
        if st.hand is None or st.live is not None or st.killed or c.forfeit:
            return None
        turn = self.legal()
        if turn is None or turn[0] != c.player:
            return None
        legal = turn[1]
        p = legal.actor
        assert p is not None
        if c.seat is not None and c.seat != st.positions[p]:
            return None
        kind = c.kind
        if (c.to and kind != "bet" and kind != "raise") or type(c.to) is not int:
            return None  # an amount where none goes, or not a whole number: the pure core
        if kind == "fold":
            return Fold(p)
        if kind == "check" or kind == "call":
            return CheckCall(p) if (kind == "check") == legal.can_check else None
        if kind != "bet" and kind != "raise":
            return None  # an unknown kind: the pure core refuses it (bad_action_kind)
        return None if p in st.aggression_locked else BetRaise(p, c.to)

    def _play(
        self, action: Fold | CheckCall | BetRaise | RunItTwice | HandRunOnce
    ) -> tuple[LogEvent, ...]:
        """Play ``action`` (a betting decision checked to be in turn, or the answer to running
        it twice) on the hand the host owns."""
        hand = self._state.hand
        assert hand is not None
        events: tuple[LogEvent, ...] = apply_in_place(hand, action)  # checks first (IllegalAction)
        if not isinstance(action, (RunItTwice, HandRunOnce)):
            acted = self._acted  # NEW-05: a betting decision is a voluntary action
            if acted is not None:
                acted.add(action.actor)
            elif action.actor not in self._state.acted:
                self._acted = {*self._state.acted, action.actor}
        if hand.phase == DONE:
            self._state, settled = advance(self._settling())
            events += settled
        self._snapshot = None
        self._legal = False
        if self._log is not None:
            self._log.extend(events)
        return events

    def _settling(self) -> TableState:
        """The table whose hand just ended, for ``advance`` to settle: ``acted`` is left as it
        was (settling reads it only for dead hands, which the fast paths never have, and
        ``HandFinished`` clears it), which spares a copy of the table per hand."""
        st = self._state
        assert st.hand is not None and not st.killed
        self._acted = None
        return st

    def _current(self) -> TableState:
        """The table with every voluntary action recorded (``acted``, NEW-05)."""
        acted = self._acted
        if acted is not None:
            self._state = updated(self._state, acted=frozenset(acted))
            if not self._playing:  # bots playing a hand keep adding to the set
                self._acted = None
        return self._state


_PLAIN = frozenset(BETTING_ACTIONS)


def _player_of(state: TableState, action: Action) -> tuple[HandState, PlayerId]:
    """The hand in play and the player whose position ``action`` names."""
    hand = state.hand
    actor = getattr(action, "actor", -1)
    if hand is None or not 0 <= actor < len(state.positions):
        raise TableError("no_such_position", f"{action!r}: no hand has a position {actor} now")
    player = state.player_at(state.positions[actor])
    assert player is not None
    return hand, player


def _as_act(state: TableState, action: Fold | CheckCall | BetRaise) -> Act:
    """The :class:`Act` command for an engine action (its actor is a position of the hand)."""
    hand, player = _player_of(state, action)
    actor = action.actor
    if isinstance(action, Fold):
        return Act(player, "fold", forfeit=action.forfeit)
    if isinstance(action, CheckCall):
        return Act(player, "call" if hand.bets[actor] < hand.current_bet else "check")
    assert isinstance(action, BetRaise)
    return Act(player, "raise" if hand.current_bet else "bet", action.to)


def _as_showdown(state: TableState, action: Show | Muck) -> ShowOrMuck:
    """The :class:`ShowOrMuck` command for an engine ``Show``/``Muck`` (SHD-05)."""
    _, player = _player_of(state, action)
    return ShowOrMuck(player, "show" if isinstance(action, Show) else "muck")
