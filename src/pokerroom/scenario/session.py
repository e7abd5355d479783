"""The runner's working state for one house, and helpers every kind of step uses.

Local to one run of :func:`pokerroom.scenario.runner.run_scenario`; never handed out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pokerroom.cards import Card
from pokerroom.floor.chips import ChipReading, ChipRules, Situation
from pokerroom.floor.clock import Clock
from pokerroom.floor.exposure import Conduct
from pokerroom.floor.live import LiveHand
from pokerroom.floor.out_of_turn import OotRuling, OutOfTurn
from pokerroom.hand.state import HandState
from pokerroom.house import HouseRules
from pokerroom.scenario.format import CardSpec, Scenario, ScenarioError
from pokerroom.table import (
    HandStarted,
    LogEvent,
    PlayerId,
    SeatNo,
    StartHand,
    TableError,
    TableState,
    apply,
)


class _Stop(Exception):
    """An operation this build cannot perform (reported, then the run skips to a reset)."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


@dataclass
class _Session:
    """The runner's working state for one house (local to one run, never handed out)."""

    scenario: Scenario
    house: str
    rules: HouseRules
    chips: ChipRules
    table: TableState
    started: HandStarted | None = None
    #: BTN-01: the rounds of a button draw given card by card, while seats are tied.
    draw_rounds: tuple[tuple[tuple[SeatNo, Card], ...], ...] = ()
    start_events: tuple[LogEvent, ...] = ()
    events: tuple[Any, ...] = ()
    rule: str = ""
    reading: ChipReading | None = None
    situation: Situation | None = None
    reading_player: str = ""
    conduct: Conduct = field(default_factory=Conduct)
    oot: OutOfTurn | None = None
    #: out-of-turn actions made after ``oot``, each ruled in its turn once those before it are
    oot_later: tuple[OutOfTurn, ...] = ()
    oot_ruling: OotRuling | None = None
    #: OOT-02..06: whether the last out-of-turn action was ruled binding (None: not ruled yet)
    oot_binds: bool | None = None
    #: STR-07: the chip values still in play (the file's ``chips``, less those coloured up)
    denominations: tuple[int, ...] = ()
    #: OOT-09: this round's out-of-turn actions, each behind the player whose turn it was
    oot_behind: tuple[OutOfTurn, ...] = ()
    clock: Clock | None = None
    clock_state: dict[str, Any] = field(default_factory=dict)
    result: dict[str, Any] = field(default_factory=dict)
    draw: Any = None
    short: bool | None = None
    first_hand: bool = True
    #: the cards of this part's first hand: the file's ``[cards]``, or a ``reset``'s ``cards``
    cards: CardSpec = field(default_factory=CardSpec)
    #: live dealing (floor.live): the hand dealt card by card, and the cards left in the deck
    live: LiveHand | None = None
    last_live: LiveHand | None = None
    #: (``None``: a joker, IRR-04; it can only be dealt as a hole card)
    stub: list[Card | None] = field(default_factory=list)
    #: the dealer's burn error on the next street turned: "missed" or "double" (IRR-14)
    burn_error: str = ""
    #: RIT-01 dealt live: the file's next step answers on running it twice, so the dealer
    #: waits for that answer before turning the run-out's first card
    answer_next: bool = False
    #: the table before the hand in play was dealt (a misdeal or void hand goes back to it)
    before: TableState | None = None
    #: the last deal, and the table just after it (while the two are the same object, nothing
    #: has happened since: a return during the deal is dealt with it, TRN-02)
    deal: StartHand | None = None
    dealt: TableState | None = None
    #: (seat the button should have been on, seat it was put on) for the hand in play / last
    misplaced: tuple[int, int] | None = None
    refunds: dict[str, int] = field(default_factory=dict)


def _hand(s: _Session) -> HandState:
    if s.table.hand is None:
        if s.started is None:  # the file never deals: its own mistake
            raise ScenarioError("no_hand", "this step needs a hand in play; add a start_hand step")
        # The hand ended before this step (the table's doing, not the file's): a failed step.
        raise TableError(
            "no_hand", f"no hand is in play: hand {s.table.hand_no} is over; deal with start_hand"
        )
    return s.table.hand


def _pos(s: _Session, player: str) -> int:
    p = s.table.position_of(PlayerId(player))
    if p is None:
        _hand(s)  # no hand in play: that error, not this one
        # The table's state (he is not seated, or was not dealt in): a failed step.
        raise TableError(
            "not_in_hand", f"{player!r} is not dealt into the hand in play; dealt in: "
            f"{', '.join(_names(s, range(len(s.table.positions))))}"
        )
    return p


def seat_name(s: _Session, seat: SeatNo) -> str:
    """Who sits (or sat, when the hand was dealt) in ``seat``: a player knocked out leaves
    his seat as the hand ends, and the table before the deal still names him."""
    name = s.table.player_at(seat)
    if name is None and s.before is not None:
        name = s.before.player_at(seat)
    return name or f"seat {seat}"


def _name(s: _Session, position: int) -> str:
    positions = s.table.positions or (s.started.positions if s.started else ())
    return seat_name(s, positions[position])


def _names(s: _Session, positions: Any) -> list[str]:
    return [_name(s, p) for p in positions]


def deal(s: _Session, before: TableState, command: StartHand) -> HandStarted:
    """Deal ``command`` at the table ``before`` (the table in play when a step deals again)."""
    s.table = before
    events = _apply(s, command)
    started = next(e for e in events if isinstance(e, HandStarted))
    s.before = before
    s.deal = command
    s.dealt = s.table
    s.refunds = {}
    s.first_hand = False
    s.last_live = None  # a hand dealt live before this one is no longer shown
    s.started = started
    s.start_events = events
    s.conduct = Conduct()
    s.oot = None
    s.oot_later = ()
    s.oot_ruling = None
    s.oot_binds = None
    s.oot_behind = ()
    return started


def _apply(s: _Session, command: Any) -> tuple[LogEvent, ...]:
    s.table, events = apply(s.table, command)
    s.events = s.events + events
    return events


def _set_hand(s: _Session, hand: HandState, events: Sequence[Any], actor: int | None) -> None:
    acted = s.table.acted | ({actor} if actor is not None else set())
    s.table = replace(s.table, hand=hand, acted=frozenset(acted))
    s.events = s.events + tuple(events)


def _to_act(s: _Session) -> str:
    # The player to bet, or to show or muck at a showdown the players play (SHD-05).
    who = s.table.to_act()
    return "nobody" if who is None else who


def _hand_name(s: _Session, position: int) -> str:
    started = s.started
    if started is None:
        return f"p{position + 1}"
    return seat_name(s, started.positions[position])
