"""What happened in a hand: the ordered event log, the source of truth.

Replaying a hand's events onto its start state rebuilds every later state exactly.

>>> ChipsBet(0, "raise", 6, 5, False)
ChipsBet(position=0, kind='raise', to=6, added=5, all_in=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerroom.cards import Card

__all__ = [
    "AntePosted",
    "BetCorrected",
    "BlindPosted",
    "BoardDealt",
    "CardBurned",
    "ChipsBet",
    "Discarded",
    "Event",
    "Folded",
    "HandEnded",
    "HandKilled",
    "HandRestored",
    "HoleDealt",
    "HolesDealt",
    "Mucked",
    "PotAwarded",
    "RakeTaken",
    "RoundClosed",
    "RunsAgreed",
    "Shown",
    "UncalledBetReturned",
    "UndersizedBetMade",
]


@dataclass(frozen=True, slots=True)
class AntePosted:
    """A position posted its ante (all-in for less if short)."""

    position: int
    amount: int


@dataclass(frozen=True, slots=True)
class BlindPosted:
    """A position posted its blind or straddle (BLD-01..05)."""

    position: int
    amount: int


@dataclass(frozen=True, slots=True)
class HoleDealt:
    """Hole cards went to a position; ``None`` is a card nobody saw."""

    position: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class HolesDealt:
    """Every position's hole cards, position 0 first (one event for a whole deal)."""

    hands: tuple[tuple[Card | None, ...], ...]


@dataclass(frozen=True, slots=True)
class CardBurned:
    """The dealer burned a card before dealing (FLOW-05); ``None`` when not recorded."""

    card: Card | None


@dataclass(frozen=True, slots=True)
class BoardDealt:
    """Community cards were dealt to run ``run`` (0, or 1 when run twice)."""

    cards: tuple[Card, ...]
    run: int = 0


@dataclass(frozen=True, slots=True)
class Folded:
    """A position folded, leaving ``forfeited`` chips of its stack in the pot as dead money."""

    position: int
    forfeited: int = 0


@dataclass(frozen=True, slots=True)
class HandKilled:
    """The floor made a position's hand dead out of turn (see ``actions.KillHand``)."""

    position: int
    forfeit_uncalled: bool = False


@dataclass(frozen=True, slots=True)
class HandRestored:
    """A hand killed at the deal is live again (see ``actions.ReviveHand``, TRN-02)."""

    position: int


@dataclass(frozen=True, slots=True)
class ChipsBet:
    """A check, call, bet or raise; ``to`` is the position's total this round."""

    position: int
    kind: Literal["check", "call", "bet", "raise"]
    to: int
    added: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Discarded:
    """Draw games: a position threw these cards away (empty = stood pat)."""

    position: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class UncalledBetReturned:
    """The part of a bet nobody matched went back to its owner (POT-04)."""

    position: int
    amount: int


@dataclass(frozen=True, slots=True)
class RoundClosed:
    """Betting round ``street`` is over; its bets are gathered into the pot (FLOW-04)."""

    street: int


@dataclass(frozen=True, slots=True)
class RunsAgreed:
    """The remaining board is run ``runs`` times for these pots (RIT-01); others run once."""

    runs: int
    pots: tuple[int, ...] = (0,)


@dataclass(frozen=True, slots=True)
class UndersizedBetMade:
    """A bet or raise below the legal size went in; ``correct_to`` is the legal size (BET-08)."""

    position: int
    to: int
    added: int
    correct_to: int


@dataclass(frozen=True, slots=True)
class BetCorrected:
    """BET-08: the low bet was raised to ``to`` and each call brought up: ``top_ups``."""

    position: int
    to: int
    top_ups: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class Shown:
    """A position tabled its hole cards."""

    position: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Mucked:
    """A position conceded at showdown without showing (SHD-05); ``killed``: the floor
    declared the hand dead there (SHD-09, a wrong number of cards), out of the showing order."""

    position: int
    killed: bool = False


@dataclass(frozen=True, slots=True)
class RakeTaken:
    """The house took ``amount`` from pot ``pot`` (POT-07)."""

    pot: int
    amount: int


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """Chips of pot ``pot`` (0 = main) went to these positions, for this run and half."""

    pot: int
    shares: tuple[tuple[int, int], ...]
    run: int = 0
    half: Literal["all", "high", "low"] = "all"
    hand: str = ""


@dataclass(frozen=True, slots=True)
class HandEnded:
    """The hand is over; these are the final stacks by position."""

    stacks: tuple[int, ...]
    rake: int = 0


Event = (
    AntePosted
    | BlindPosted
    | HoleDealt
    | HolesDealt
    | CardBurned
    | BoardDealt
    | Folded
    | HandKilled
    | HandRestored
    | ChipsBet
    | Discarded
    | UncalledBetReturned
    | RoundClosed
    | RunsAgreed
    | Shown
    | Mucked
    | RakeTaken
    | PotAwarded
    | HandEnded
    | UndersizedBetMade
    | BetCorrected
)
