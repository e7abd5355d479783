"""Helpers for the live-dealing floor tests: start a live hand, deal, check chips, rulings."""

from __future__ import annotations

import pytest

from pokerroom.cards import Card
from pokerroom.errors import PokerroomError
from pokerroom.floor.dealing import DealHoleCard, FloorRuling
from pokerroom.floor.live import LiveHand, apply
from pokerroom.hand import CheckCall, HandConfig
from pokerroom.house import load_house

HOUSES = ("lpr", "grosvenor", "hippodrome", "roberts")


def start(house: str, players: int, stack: int = 200, mode: str = "cash") -> LiveHand:
    """A live NLHE 1/2 hand at this house."""
    rules = load_house(house, mode)  # type: ignore[arg-type]
    return LiveHand.start(HandConfig.holdem_no_limit((stack,) * players, 1, 2, rules=rules))


def deal_unseen(live: LiveHand) -> LiveHand:
    """Deal every hole card face down, unseen, clockwise from p1."""
    n, k = live.config.players, live.config.variant.hole_cards
    for i in range(n * k):
        live, _ = apply(live, DealHoleCard(i % n, None))
    return live


def deal(live: LiveHand, cards: tuple[Card, ...]) -> LiveHand:
    """Deal these known cards one at a time clockwise from p1."""
    n = live.config.players
    for i, c in enumerate(cards):
        live, _ = apply(live, DealHoleCard(i % n, c))
    return live


def conserved(live: LiveHand) -> bool:
    """Every chip is accounted for: stacks + pot, or stacks + what a redeal hands out."""
    total = live.config.chips_in_play()
    e = live.engine
    if live.redeal is not None:
        r = live.redeal
        handed = sum(r.refunds) + r.carry_over + sum(a for _, a in r.awards)
        return sum(e.stacks) + handed == total and handed == e.pot
    return e.chips_total() == total


def ruling(events: tuple[object, ...]) -> FloorRuling:
    """The (first) floor ruling among these events."""
    return next(e for e in events if isinstance(e, FloorRuling))


def unchanged(live: LiveHand, command: object, code: str) -> None:
    """The command is refused with this error code and the live hand is left as it was."""
    before = live
    with pytest.raises(PokerroomError) as err:
        apply(live, command)
    assert err.value.code == code, str(err.value)
    assert live == before


def preflop_limp(live: LiveHand) -> LiveHand:
    """Three-handed: everyone calls or checks pre-flop."""
    for a in (CheckCall(2), CheckCall(0), CheckCall(1)):
        live, _ = apply(live, a)
    return live
