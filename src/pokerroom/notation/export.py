"""Write a hand the engine played as a PHH hand history.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.hand.actions import BetRaise, Fold
>>> from pokerroom.hand.config import HandConfig
>>> from pokerroom.hand.engine import apply, start_hand
>>> cfg = HandConfig.holdem_no_limit((100, 100, 100), 1, 2)
>>> deck = parse_cards("AsKsQdQc7h2d3c4c5c6c8s9sTsJs")
>>> state, log = start_hand(cfg, deck)
>>> events = list(log)
>>> for action in (BetRaise(2, 6), Fold(0), Fold(1)):
...     state, new = apply(state, action)
...     events += new
>>> hh = history_from_events(cfg, events)
>>> [str(a) for a in hh.actions][3:]
['p3 cbr 6', 'p1 f', 'p2 f']
>>> hh.finishing_stacks
(99, 98, 103)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from pokerroom.cards import format_cards
from pokerroom.errors import NotationError
from pokerroom.hand.config import HandConfig
from pokerroom.hand.engine import replay
from pokerroom.hand.events import (
    BoardDealt,
    ChipsBet,
    Discarded,
    Event,
    Folded,
    HandEnded,
    HoleDealt,
    HolesDealt,
    Mucked,
    RunsAgreed,
    Shown,
)
from pokerroom.notation.phh import HandHistory, PHHAction, parse_action

__all__ = ["history_from_events"]


def _action_text(event: Event) -> str | None:
    if isinstance(event, HolesDealt):
        return "\n".join(
            f"d dh p{p + 1} {format_cards(cards)}" for p, cards in enumerate(event.hands)
        )
    if isinstance(event, HoleDealt):
        return f"d dh p{event.position + 1} {format_cards(event.cards)}"
    if isinstance(event, BoardDealt):
        return f"d db {format_cards(event.cards)}"
    if isinstance(event, Folded):
        if event.forfeited:
            raise NotationError(
                "not_representable", "PHH has no notation for chips forfeited on a fold (CHP-06)"
            )
        return f"p{event.position + 1} f"
    if isinstance(event, ChipsBet):
        if event.kind in ("check", "call"):
            return f"p{event.position + 1} cc"
        return f"p{event.position + 1} cbr {event.to}"
    if isinstance(event, Discarded):
        return f"p{event.position + 1} sd {format_cards(event.cards)}".rstrip()
    if isinstance(event, Shown):
        return f"p{event.position + 1} sm {format_cards(event.cards)}"
    if isinstance(event, Mucked):
        if event.killed:
            raise NotationError(
                "not_representable",
                "PHH has no notation for a hand the floor killed at the showdown (SHD-09)",
            )
        return f"p{event.position + 1} sm"
    if isinstance(event, RunsAgreed):
        raise NotationError(
            "not_representable", "PHH has no notation for running the board twice (RIT-02)"
        )
    return None  # forced bets, burns, pots: PHH derives them


def history_from_events(
    config: HandConfig,
    events: Iterable[Event],
    *,
    players: tuple[str, ...] | None = None,
    extra: Mapping[str, object] | None = None,
) -> HandHistory:
    """The PHH hand history of a hand: its config and its event log."""
    if config.dead_money:
        raise NotationError(
            "not_representable",
            f"the hand started with {config.dead_money} chips of dead money carried over from a "
            "deal called off (IRR-05); PHH has no field for chips already in the pot",
        )
    if config.blinds_before_antes and any(
        b and a and s < b + a
        for b, a, s in zip(config.blinds, config.antes, config.starting_stacks, strict=True)
    ):
        raise NotationError(
            "not_representable",
            "a player short of his blind and ante posted the blind first (BLD-03 with a "
            "big-blind ante); PHH posts antes first, so its replay would differ",
        )
    if config.preflop_first is not None:
        raise NotationError(
            "not_representable",
            "the pre-flop action started where a make-up post or a button straddle left it "
            "(FLOW-03, HandConfig.preflop_first); PHH starts it left of the largest blind",
        )
    actions: list[PHHAction] = []
    final: tuple[int, ...] | None = None
    n = config.players
    logged = tuple(events)
    for event in logged:
        if isinstance(event, HandEnded):
            final = event.stacks
        text = _action_text(event)
        if text is not None:
            actions.extend(parse_action(line, n) for line in text.split("\n"))
    blinds = list(config.blinds)
    antes = list(config.antes)
    if n == 2:  # PHH lists heads-up forced bets in reverse (FLOW-08)
        blinds.reverse()
        antes.reverse()
    fixed = config.variant.structure == "fixed_limit"
    return HandHistory(
        variant=config.variant.code,
        ante_trimming_status=_ante_trimming(config, logged),
        antes=tuple(antes),
        blinds_or_straddles=tuple(blinds),
        min_bet=None if fixed else config.min_bet,
        small_bet=config.small_bet if fixed else None,
        big_bet=config.big_bet if fixed else None,
        starting_stacks=config.starting_stacks,
        actions=tuple(actions),
        finishing_stacks=final,
        players=players,
        extra=dict(extra or {}),
    )


def _ante_trimming(config: HandConfig, events: Sequence[Event]) -> bool:
    """PHH's ``ante_trimming_status`` for a hand: true when its antes were layered with the
    bets (POT-01), false when they were dead money (``HandConfig.antes_layered``)."""
    antes = config.antes
    if not config.antes_layered or not any(antes):
        return False
    if len(set(antes)) == 1:
        return True
    # PHH trims only equal antes: unequal layered antes are written as dead money, which is
    # only the same hand if it builds the same pots.
    played = replay(config, events)
    dead = played.copy()
    dead.config = replace(config, antes_layered=False)
    if played.pots() != dead.pots():
        raise NotationError(
            "not_representable",
            f"antes {antes} differ by position and were layered with the bets (POT-01), which "
            "changes the side pots here; PHH can only record unequal antes as dead money "
            "(ante_trimming_status = false): build the hand with antes_layered=False",
        )
    return False
