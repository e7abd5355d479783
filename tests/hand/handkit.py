"""Helpers for the hand-engine tests: play a hand action by action and check it as we go.

Every action goes through :func:`pokerroom.hand.engine.apply`; after each one the helper checks
that the input state was left untouched and that no chip was created or lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from pokerroom.cards import DECK, Card, parse_cards
from pokerroom.errors import PokerroomError
from pokerroom.hand.actions import Action, CheckCall, DealBoard, DealHole, Show
from pokerroom.hand.betting import LegalActions, legal_actions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.engine import apply, replay, start_hand
from pokerroom.hand.events import Event, PotAwarded, RakeTaken, Shown
from pokerroom.hand.state import HandState


def chips_now(state: HandState) -> int:
    """Stacks + chips in the pot (while the hand runs) + rake: must never change."""
    return sum(state.stacks) + state.rake + (0 if state.is_over else state.pot)


def make_deck(holes: Sequence[str], boards: Sequence[str] = ()) -> tuple[Card, ...]:
    """A deck (top first) dealing ``holes`` round-robin from position 0, then each board
    card group after one burn (FLOW-02, FLOW-05); burns and the rest are unused cards."""
    hands = [parse_cards(h) for h in holes]
    streets = [parse_cards(b) for b in boards]
    used = {c for h in hands for c in h} | {c for b in streets for c in b}
    spare = [c for c in DECK if c not in used]
    deck: list[Card] = []
    for r in range(max(len(h) for h in hands)):
        deck += [h[r] for h in hands if r < len(h)]
    for cards in streets:
        deck.append(spare.pop())  # burn
        deck += cards
    return (*deck, *spare)


class Hand:
    """One hand under test: config, current state and the whole event log."""

    def __init__(
        self,
        code: str,
        stacks: Sequence[int],
        small_blind: int,
        big_blind: int,
        holes: Sequence[str] = (),
        *,
        deck: Sequence[Card] | None = None,
        config: HandConfig | None = None,
        **kw: Any,
    ) -> None:
        self.config = config or HandConfig.build(code, tuple(stacks), small_blind, big_blind, **kw)
        self.deck = None if deck is None else tuple(deck)
        self.state, events = start_hand(self.config, self.deck)
        self.events: list[Event] = list(events)
        self.total = self.config.chips_in_play()
        assert chips_now(self.state) == self.total
        for p, cards in enumerate(holes):
            self.act(DealHole(p, parse_cards(cards)))

    def act(self, *actions: Action) -> tuple[Event, ...]:
        """Apply the actions in turn; return the events of the last one."""
        events: tuple[Event, ...] = ()
        for action in actions:
            before = self.state.copy()
            new, events = apply(self.state, action)
            assert self.state == before, f"apply changed its input state on {action}"
            self.state = new
            self.events += events
            assert chips_now(new) == self.total, f"chips not conserved after {action}"
        return events

    def board(self, *groups: str) -> Hand:
        """Deal board cards: each argument is one deal (flop, turn or river)."""
        for cards in groups:
            self.act(DealBoard(parse_cards(cards)))
        return self

    def refuse(
        self, action: Action, code: str, error: type[PokerroomError] = PokerroomError
    ) -> PokerroomError:
        """Assert ``action`` is refused with ``code`` and that the state is unchanged."""
        before = self.state.copy()
        with pytest.raises(error) as info:
            apply(self.state, action)
        assert info.value.code == code, info.value
        assert self.state == before
        assert str(info.value)  # a message, not just a code
        return info.value

    @property
    def legal(self) -> LegalActions:
        return legal_actions(self.state)

    @property
    def stacks(self) -> tuple[int, ...]:
        return self.state.stacks

    def of(self, kind: type) -> list[Any]:
        """Every event of this type, in order."""
        return [e for e in self.events if isinstance(e, kind)]

    def awards(self) -> list[PotAwarded]:
        return self.of(PotAwarded)

    def rakes(self) -> list[RakeTaken]:
        return self.of(RakeTaken)

    def shown(self) -> list[int]:
        return [e.position for e in self.of(Shown)]

    def replayed(self) -> HandState:
        return replay(self.config, self.events, self.deck)


def check_round(h: Hand) -> None:
    """Everyone to act checks (or calls) until the betting round is over."""
    while h.legal.actor is not None:
        h.act(CheckCall(h.legal.actor))


def show_down(h: Hand) -> None:
    """Every remaining hand shows, in the engine's order."""
    while not h.state.is_over:
        order = [p for p in h.state.show_order if h.state.shown[p] is None]
        order = [p for p in order if not h.state.mucked[p]]
        assert order, "the hand waits for something other than a show"
        h.act(Show(order[0]))


def awards(h: Hand) -> list[tuple[int, str, tuple[tuple[int, int], ...]]]:
    """Each award as (pot, half, shares)."""
    return [(a.pot, a.half, a.shares) for a in h.awards()]
