"""How each table event changes the table: the one place where a table snapshot changes.

Every change to a :class:`~pokerroom.table.state.TableState` is made here from an event, so
replaying a table's log rebuilds it exactly; hand events go to the hand engine's ``evolve``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from pokerroom.cards import DECK, Card
from pokerroom.deck import SHORT_DECK, shuffled_deck
from pokerroom.floor.live import LiveHand
from pokerroom.hand import engine as hand_engine
from pokerroom.hand.events import ChipsBet, Folded
from pokerroom.hand.state import HandState
from pokerroom.table.button import evolve_drawn, evolve_placed
from pokerroom.table.events import (
    BoardCardReported,
    ButtonBought,
    ButtonDrawn,
    ButtonPlaced,
    CashConverted,
    ChipsAdded,
    ChipsRead,
    DisputeLodged,
    FloorFlagged,
    FloorOverride,
    HandCalledOff,
    HandFinished,
    HandKilled,
    HandRevealed,
    HandRevived,
    HandShown,
    HandStarted,
    IncidentalPaid,
    IncidentLogged,
    LevelSet,
    LiveStep,
    LogEvent,
    MoneyBehindPlaced,
    OptionsTold,
    PlayerLeft,
    PlayerMovedIn,
    PlayerMovedOut,
    PlayerSeated,
    PlayerTransferredIn,
    PlayerTransferredOut,
    PostPromised,
    PotCounted,
    PotImpounded,
    PotReleased,
    PotSpread,
    Rebought,
    SatIn,
    SatOut,
    SeatChanged,
    StacksColoredUp,
    StraddleDeclared,
)
from pokerroom.table.live import (
    evolve_board_reported,
    evolve_called_off,
    evolve_live_step,
)
from pokerroom.table.money import (
    evolve_cash_converted,
    evolve_incidental,
    evolve_money_behind,
)
from pokerroom.table.moves import (
    evolve_moved_in,
    evolve_moved_out,
    evolve_seat_changed,
    evolve_transferred_in,
    evolve_transferred_out,
)
from pokerroom.table.players import (
    evolve_added,
    evolve_bought,
    evolve_left,
    evolve_post,
    evolve_rebought,
    evolve_sat_in,
    evolve_sat_out,
    evolve_seated,
    evolve_straddle,
)
from pokerroom.table.recall import FinishedHand
from pokerroom.table.rulings import (
    evolve_hand_shown,
    evolve_impounded,
    evolve_released,
)
from pokerroom.table.seats import PlayerId
from pokerroom.table.stakes import evolve_colored_up, evolve_level
from pokerroom.table.state import TableState, updated

__all__ = ["evolve"]


def _with_hand(st: TableState, hand: HandState, acted: frozenset[int]) -> TableState:
    """The table with the hand's new state (hot path: one per engine step)."""
    return updated(st, hand=hand, acted=acted)


@lru_cache(maxsize=4)
def _deck(seed: bytes, short: bool) -> tuple[Card, ...]:
    """The deck a hand's seed gives (cached: a replay of the log and the live deal's probe ask
    for the same decks again)."""
    return shuffled_deck(seed, SHORT_DECK if short else DECK)


def evolve(state: TableState, event: LogEvent) -> TableState:
    """The table after ``event`` (never changes ``state``)."""
    handler = _EVOLVE.get(type(event))
    if handler is not None:
        return handler(state, event)
    # A hand engine event.
    hand = state.hand
    assert hand is not None, f"{event!r} with no hand in play"
    new_hand = hand.copy()
    hand_engine.evolve(new_hand, event)  # type: ignore[arg-type]
    return _with_hand(state, new_hand, _acted_after(state.acted, event))


_VOLUNTARY = frozenset({ChipsBet, Folded})


def _acted_after(acted: frozenset[int], event: object) -> frozenset[int]:
    """Positions that have made a voluntary action, after this hand event (NEW-05)."""
    if type(event) in _VOLUNTARY:
        position: int = event.position  # type: ignore[attr-defined]
        if position not in acted:
            return acted | {position}
    return acted


def _ev_started(st: TableState, e: HandStarted) -> TableState:
    seats = list(st.seats)
    for s in e.entered:
        seat = seats[s - 1]
        assert seat is not None
        if seat.new or seat.will_post or seat.missed_bb or seat.missed_sb or seat.button_passed:
            seats[s - 1] = updated(
                seat,
                new=False,
                will_post=False,
                missed_bb=False,
                missed_sb=False,
                button_passed=False,
            )
    for s in e.missed_bb:
        seat = seats[s - 1]
        assert seat is not None
        seats[s - 1] = updated(seat, missed_bb=True, button_passed=seat.button_passed and seat.owes)
    for s in e.missed_sb:
        seat = seats[s - 1]
        assert seat is not None
        seats[s - 1] = updated(seat, missed_sb=True, button_passed=seat.button_passed and seat.owes)
    for s in e.button_passed:
        seat = seats[s - 1]
        assert seat is not None
        seats[s - 1] = updated(seat, button_passed=True)
    if e.bb_poster is not None:
        seat = seats[e.bb_poster - 1]
        assert seat is not None
        seats[e.bb_poster - 1] = updated(seat, last_bb_hand=e.hand_no)
    cfg = e.config
    if e.live:
        live = LiveHand.start(cfg)
        hand = live.engine
    else:
        live = None
        deck = e.deck or _deck(e.seed, cfg.variant.deck_size == 36)
        hand = HandState(cfg, list(reversed(deck)))
    return updated(
        st,
        seats=tuple(seats),
        button=e.button,
        sb_seat=e.sb_seat,
        bb_seat=e.bb_seat,
        hand_no=e.hand_no,
        fresh_button=False,
        hand=hand,
        live=live,
        # MIS-02: a live deal called off is dealt again from here; a first hand whose button
        # was placed with the deal (StartHand.button) keeps it there.
        before_deal=(
            None if not e.live
            else st if st.button is not None
            else updated(st, button=e.button, fresh_button=True)
        ),
        board_pending=(),
        positions=e.positions,
        mistaken=frozenset(e.mistaken),
        killed=frozenset(),
        acted=frozenset(),
        straddle=None,
        button_buyer=None,
        aggression_locked=frozenset(),
        last_won=(),
        dead_money=0,  # IRR-05: now in the hand's pot (HandConfig.dead_money)
    )


def _ev_killed(st: TableState, e: HandKilled) -> TableState:
    return updated(st, killed=st.killed | {e.position})


def _ev_revived(st: TableState, e: HandRevived) -> TableState:
    return updated(st, killed=st.killed - {e.position})


def _ev_finished(st: TableState, e: HandFinished) -> TableState:
    seats = list(st.seats)
    for s, chips in e.stacks:
        seat = seats[s - 1]
        assert seat is not None
        if seat.stack != chips:
            seats[s - 1] = seat.with_stack(chips)
    hand = st.hand
    won: tuple[tuple[PlayerId, int], ...] = ()
    if hand is not None:  # POT-08: what each player collected, for an impound
        won = tuple(
            [
                (seat.player, chips)
                for s, chips in zip(st.positions, hand.winnings, strict=True)
                if chips and (seat := seats[s - 1]) is not None
            ]
        )
    at_end = tuple(seats)
    # SHD-08: the hand as it ended, for a request to see a hand (read then, not now).
    last = None if hand is None else FinishedHand(e.hand_no, hand, st.positions, at_end)
    if e.eliminated:
        for s in e.eliminated:
            seats[s - 1] = None
        at_end = tuple(seats)
    return updated(
        st,
        seats=at_end,
        last_won=won,
        last_hand=last,
        aggression_locked=frozenset(),
        hand=None,
        positions=(),
        mistaken=frozenset(),
        killed=frozenset(),
        acted=frozenset(),
        rake=st.rake + e.rake,
        live=None,
        before_deal=None,
        board_pending=(),
    )


_EVOLVE: dict[type, Callable[[TableState, Any], TableState]] = {
    PlayerSeated: evolve_seated,
    ChipsAdded: evolve_added,
    Rebought: evolve_rebought,
    PlayerLeft: evolve_left,
    SatOut: evolve_sat_out,
    SatIn: evolve_sat_in,
    PostPromised: evolve_post,
    ButtonBought: evolve_bought,
    StraddleDeclared: evolve_straddle,
    ButtonDrawn: evolve_drawn,
    ButtonPlaced: evolve_placed,
    PlayerMovedOut: evolve_moved_out,
    PlayerMovedIn: evolve_moved_in,
    LevelSet: evolve_level,
    StacksColoredUp: evolve_colored_up,
    HandStarted: _ev_started,
    HandKilled: _ev_killed,
    HandRevived: _ev_revived,
    HandFinished: _ev_finished,
    SeatChanged: evolve_seat_changed,
    PlayerTransferredOut: evolve_transferred_out,
    PlayerTransferredIn: evolve_transferred_in,
    CashConverted: evolve_cash_converted,
    IncidentalPaid: evolve_incidental,
    PotImpounded: evolve_impounded,
    PotReleased: evolve_released,
    HandShown: evolve_hand_shown,
    LiveStep: evolve_live_step,
    BoardCardReported: evolve_board_reported,
    HandCalledOff: evolve_called_off,
    ChipsRead: lambda st, e: st,  # log-only: the action follows as its own events
    # Log-only events: the audit trail (GOV-01/02, NEW-07, EXP-05).
    FloorFlagged: lambda st, e: st,
    FloorOverride: lambda st, e: st,
    DisputeLodged: lambda st, e: st,
    IncidentLogged: lambda st, e: st,
    MoneyBehindPlaced: evolve_money_behind,  # STK-01
    # Log-only: answers to a player's requests (CHP-11, SHD-08).
    PotCounted: lambda st, e: st,
    PotSpread: lambda st, e: st,
    OptionsTold: lambda st, e: st,
    HandRevealed: lambda st, e: st,
}
