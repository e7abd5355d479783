"""One tournament hand at one table, played by bots on the table layer, bets in the chip unit.

The director's play loop (:mod:`pokerroom.tournament.director`) calls :func:`play_hand` for
each table in a round. The hand itself is the table's and the engine's: dead button
(BTN-03..05), heads-up (BTN-06), all-in hands face up (SHD-03), an absent player's hand killed
(TRN-02 / BLD-07). What is the tournament's here:

* STR-07: the bots bet in the table's chip unit (:func:`bet_in_unit`), so every stack stays a
  multiple of the smallest chip in play;
* the players the hand busted, each with his stack when it began, which places players busting
  in the same hand (payouts.finishing_places).

>>> from pokerroom.house import load_house
>>> from pokerroom.table.commands import DrawButton, SitDown
>>> from pokerroom.table.config import TableConfig
>>> from pokerroom.table.runner import bot_action
>>> from pokerroom.table.seats import PlayerId, SeatNo
>>> from pokerroom.table.table import apply
>>> state = TableState.empty(TableConfig(load_house("cambridge", "tournament"), seats=2,
...                                      small_blind=50, big_blind=100, chip_unit=25))
>>> for seat, name in ((1, "ann"), (2, "bob")):
...     state, _ = apply(state, SitDown(PlayerId(name), SeatNo(seat), 1000))
>>> state, _ = apply(state, DrawButton(bytes(16)))
>>> def bots(table: TableState, options: LegalActions, rng: random.Random) -> Action:
...     assert table.hand is not None
...     return bot_action("random", table.hand, options, rng)
>>> played = play_hand(state, bytes(range(16)), 0.0, bots, random.Random(1))
>>> played.state.hand_no, played.state.chips_on_table(), played.state.ledger_balanced()
(1, 2000, True)
>>> all(s.stack % 25 == 0 for s in played.state.seats if s is not None)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from pokerroom.hand.actions import Action, BetRaise
from pokerroom.hand.betting import LegalActions
from pokerroom.hand.state import HandState
from pokerroom.table.commands import RunOnce, StartHand
from pokerroom.table.events import HandFinished
from pokerroom.table.host import TableHost
from pokerroom.table.state import TableState
from pokerroom.table.table import run_out_pending

__all__ = ["HandPlayed", "Strategy", "bet_in_unit", "play_hand"]


Strategy = Callable[[TableState, LegalActions, random.Random], Action]
"""A player's decision: the table, what he may do, and the director's seeded generator."""


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


@dataclass(frozen=True, slots=True)
class HandPlayed:
    """A hand played out: the table after it, and who it busted with his stack at its start."""

    state: TableState
    #: (player, stack when the hand began) of each player the hand eliminated, in the order
    #: the table reports them.
    busted: tuple[tuple[str, int], ...]


def play_hand(
    state: TableState, seed: bytes, at: float, strategy: Strategy, rng: random.Random
) -> HandPlayed:
    """Deal one hand at ``state`` from ``seed`` and let ``strategy`` play it to the end.

    Every bet or raise the strategy makes is put into the table's chip unit (STR-07,
    :func:`bet_in_unit`); a hand waiting for the players' run-it-twice answer is run once.
    ``rng`` is the director's seeded generator, handed to the strategy.
    """
    before = {k + 1: (str(s.player), s.stack) for k, s in enumerate(state.seats) if s}
    host = TableHost(state, keep_log=False)
    events = host.apply(StartHand(seed, at=at))
    unit = state.config.chip_unit

    def decide(hand: HandState, options: LegalActions) -> Action:
        action = strategy(host.state, options, rng)
        if isinstance(action, BetRaise):  # STR-07: the bots bet in the table's unit
            return BetRaise(action.actor, bet_in_unit(action.to, options, unit))
        return action

    while host.in_hand:
        events = host.play_hand(decide)
        if host.in_hand:
            assert run_out_pending(host.state), "the hand waits for nobody"
            events = host.apply(RunOnce())
    finished = events[-1]
    assert isinstance(finished, HandFinished)
    return HandPlayed(host.state, tuple(before[seat] for seat in finished.eliminated))
