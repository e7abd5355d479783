"""The hand engine: ``start_hand``, ``legal_actions``, ``apply`` and ``replay``.

Pure and deterministic: ``apply(state, action)`` validates the action against the rules,
returns a *new* state and the events it caused, and leaves the given state untouched. Every
change is made by :func:`evolve` from an event, so folding the event log over the start state
rebuilds the hand exactly (:func:`replay`).

With a deck (``start_hand(config, deck)``) the engine deals, burns and runs out the board
itself; without one the dealer reports every card (``DealHole``, ``DealBoard``), as when a
live hand is recorded or a hand history replayed.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.hand.actions import BetRaise, CheckCall, Fold
>>> from pokerroom.hand.config import HandConfig
>>> deck = parse_cards("AsKsQdQc7h2d") + parse_cards("3c4c5c6c8s9sTsJs")
>>> state, _ = start_hand(HandConfig.holdem_no_limit((100, 100, 100), 1, 2), deck)
>>> state.hole_cards(0), state.hole_cards(2)
((As, Qc), (Qd, 2d))
>>> state, events = apply(state, BetRaise(2, 6))
>>> state, _ = apply(state, Fold(0))
>>> state, events = apply(state, Fold(1))
>>> state.is_over, state.stacks
(True, (99, 98, 103))
>>> events[-2:]  # doctest: +NORMALIZE_WHITESPACE
(PotAwarded(pot=0, shares=((2, 5),), run=0, half='all', hand=''),
 HandEnded(stacks=(99, 98, 103), rake=0))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pokerroom.cards import Card
from pokerroom.errors import DealError, IllegalAction
from pokerroom.hand.actions import (
    Action,
)
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.decisions import _DECIDE, _board_due, _must_show, _next_shower, rit_pending
from pokerroom.hand.events import (
    AntePosted,
    BlindPosted,
    BoardDealt,
    CardBurned,
    Event,
    HandKilled,
    HoleDealt,
    RoundClosed,
)
from pokerroom.hand.settlement import (
    _auto_show,
    _return_uncalled,
    _settle,
    default_showdown_action,
)
from pokerroom.hand.state import (
    BET,
    BOARD,
    DEAL_HOLE,
    DONE,
    DRAW_DEAL,
    ROUND_END,
    SHOWDOWN,
    HandState,
)
from pokerroom.hand.transitions import _EVOLVE, _emit, evolve

__all__ = [
    "apply",
    "apply_in_place",
    "deal_in_place",
    "default_showdown_action",
    "evolve",
    "legal_actions",
    "replay",
    "rit_pending",
    "showdown_turn",
    "start_hand",
]


def start_hand(
    config: HandConfig, deck: Sequence[Card] | None = None
) -> tuple[HandState, tuple[Event, ...]]:
    """Post the antes and blinds (FLOW-01) and, with a deck, deal the hole cards.

    ``deck`` is the shuffled deck, top card first; without it the dealer reports each card.
    """
    if deck is not None:
        if len(set(deck)) != len(deck):
            raise DealError("duplicate_card", "the deck holds the same card twice")
        # FLOW-02 / FLOW-05: the hole cards, then a burn before each of the three board deals.
        variant = config.variant
        needed = config.players * variant.hole_cards + (8 if variant.has_board else 0)
        if len(deck) < needed:
            raise DealError(
                "deck_too_short",
                f"the deck has {len(deck)} cards but {config.players} hands and the board "
                f"need {needed}",
            )
    s = HandState(config, None if deck is None else list(reversed(deck)))
    return s, deal_in_place(s)


def deal_in_place(s: HandState) -> tuple[Event, ...]:
    """The first steps of a hand on a state nobody has touched yet (``HandState(config,
    stub)``): post the forced bets and, with a deck, deal the hole cards; ``s`` changes.

    :func:`start_hand` is this on a fresh state; the table uses it on the pre-deal hand its
    own ``HandStarted`` event made, so that hand is built once.
    """
    if s.phase != DEAL_HOLE or any(s.contrib) or any(s.hole):
        raise DealError("hand_started", "the forced bets are posted once, on a new hand")
    config = s.config
    events: list[Event] = []
    stacks = s._stacks
    if not config.blinds_before_antes:
        for i, ante in enumerate(config.antes):
            if ante:
                _emit(s, events, AntePosted(i, min(ante, stacks[i])))
    for i, blind in enumerate(config.blinds):
        if blind:
            # BLD-02: only the obliged position's own stack; BLD-03: short blind is all-in.
            _emit(s, events, BlindPosted(i, min(blind, stacks[i])))
    if config.blinds_before_antes:  # BLD-03 with a big-blind ante: the blind comes first
        for i, ante in enumerate(config.antes):
            if ante and stacks[i]:
                _emit(s, events, AntePosted(i, min(ante, stacks[i])))
    _run_automatic(s, events)
    return tuple(events)


def apply(state: HandState, action: Action) -> tuple[HandState, tuple[Event, ...]]:
    """Apply one action; return the new state and the events it caused.

    Raises :class:`~pokerroom.errors.IllegalAction` (or ``DealError``) naming what was wrong
    and what is allowed; the given state is never changed.
    """
    s = state.copy()
    return s, apply_in_place(s, action)


def apply_in_place(s: HandState, action: Action) -> tuple[Event, ...]:
    """Like :func:`apply` but changes ``s`` itself (for hot loops that own their state).

    On an error ``s`` is unchanged: every check happens before the first change.
    """
    decide = _DECIDE.get(type(action))
    # An unknown action or a finished hand goes through _decide, which says why it fails.
    event = _decide(s, action) if decide is None or s.phase == DONE else decide(s, action)
    _EVOLVE[type(event)](s, event)
    if s.phase == BET and s.stub is None and not s.show_order:
        return (event,)
    events: list[Event] = [event]
    _run_automatic(s, events)
    return tuple(events)


def replay(
    config: HandConfig, events: Iterable[Event], deck: Sequence[Card] | None = None
) -> HandState:
    """Rebuild a hand's state from its config and event log (the log is the truth)."""
    s = HandState(config, None if deck is None else list(reversed(deck)))
    for event in events:
        evolve(s, event)
    return s


def showdown_turn(s: HandState) -> int | None:
    """The position whose turn it is to show or muck at the showdown (SHD-01/02 order), when
    the hand waits for it: all the cards are out and the engine does not show for him
    (``HandConfig.automate_showdown`` off; SHD-03 hands are shown by the engine). None when
    the hand waits for nothing of the kind.

    >>> from pokerroom.cards import parse_cards
    >>> from pokerroom.hand.actions import BetRaise, CheckCall, Muck
    >>> from pokerroom.hand.config import HandConfig
    >>> config = HandConfig.build("NT", (100, 100), 1, 2)
    >>> deck = parse_cards("AsAhKsKh" + "2c3d4h5s7c8d9hJs")
    >>> hand, _ = start_hand(config, deck)
    >>> for action in (CheckCall(1), CheckCall(0)) + (CheckCall(0), CheckCall(1)) * 2:
    ...     hand, _ = apply(hand, action)
    >>> hand, _ = apply(hand, BetRaise(0, 10))
    >>> hand, _ = apply(hand, CheckCall(1))
    >>> showdown_turn(hand)  # SHD-01: the river bettor shows first
    0
    >>> hand, events = apply(hand, Muck(0))  # SHD-05: he concedes without showing
    >>> showdown_turn(hand), hand.is_over
    (None, True)
    """
    if s.phase != SHOWDOWN or _must_show(s):
        return None
    return _next_shower(s)


def _decide(s: HandState, action: Action) -> Event:
    if s.phase == DONE:
        actor = getattr(action, "actor", None)
        who = f"p{actor + 1}'s {type(action).__name__}" if isinstance(actor, int) else "an action"
        raise IllegalAction("hand_over", f"{who}: the hand is over, nobody acts any more")
    decide = _DECIDE.get(type(action))
    if decide is None:
        raise IllegalAction("unknown_action", f"{action!r} is not a hand action")
    return decide(s, action)


def _run_automatic(s: HandState, events: list[Event]) -> None:
    while True:
        phase = s.phase
        if phase <= DRAW_DEAL and phase != ROUND_END and s.stub is None and not s.show_order:
            return  # waiting for the dealer or a player
        if phase == BOARD and s.stub is not None and rit_pending(s):
            return  # RIT-01: waiting for the players' answer
        if phase == ROUND_END:
            dead = s.config.dead_at_deal
            if dead and s.street == 0 and not any(s.acted):
                # BLD-07 / TRN-02: the deal ended with nobody able to act: dead hands die now;
                # what they posted is dead money (absent players still pay their blinds).
                for p in dead:
                    if not s.folded[p]:
                        _emit(s, events, HandKilled(p, forfeit_uncalled=True))
            _return_uncalled(s, events)
            _emit(s, events, RoundClosed(s.street))
        elif phase in (DEAL_HOLE, DRAW_DEAL) and s.stub is not None:
            _deal_hole_from_stub(s, events)
        elif phase == BOARD and s.stub is not None and not rit_pending(s):
            if s.show_order and _must_show(s) and _auto_show(s, events):
                continue  # SHD-03: all-in hands are turned face up before the board is dealt
            run, size = _board_due(s)
            _emit(s, events, CardBurned(s.stub[-1]))  # FLOW-05
            _emit(s, events, BoardDealt(tuple(s.stub[-1 : -size - 1 : -1]), run))
        elif s.show_order and phase in (BOARD, SHOWDOWN) and _auto_show(s, events):
            continue
        elif phase == SHOWDOWN and _next_shower(s) is None:
            _settle(s, events)
            return
        else:
            return


def _deal_hole_from_stub(s: HandState, events: list[Event]) -> None:
    stub = s.stub
    assert stub is not None
    n = s.n
    need = s.need
    if s.phase == DEAL_HOLE:
        # FLOW-02: one card at a time, clockwise from the first position (FLOW-08: or from
        # the heads-up small blind, HandConfig.deal_order).
        order = s.config.deal_order
        rounds = max(need)
        hands: list[list[Card]] = [[] for _ in range(n)]
        top = len(stub) - 1
        for r in range(rounds):
            for p in order:
                if r < need[p]:
                    hands[p].append(stub[top])
                    top -= 1
        for p in range(n):
            if hands[p]:
                _emit(s, events, HoleDealt(p, tuple(hands[p])))
    else:
        for p in range(n):
            if need[p]:
                _emit(s, events, HoleDealt(p, tuple(stub[-1 : -need[p] - 1 : -1])))
