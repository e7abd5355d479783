"""What a live deal says and records: the dealer's commands, the dead-hand marker the
engine is fed, and the events of a :class:`~pokerroom.floor.live.LiveHand` (its log is the
truth: :func:`pokerroom.floor.live.replay` rebuilds the hand from it).

>>> from pokerroom.cards import parse_cards
>>> DealHoleCard(0, parse_cards("As")[0])
DealHoleCard(position=0, card=As)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerroom.cards import Card
from pokerroom.errors import PokerroomError
from pokerroom.hand.actions import Action, BetRaise, CheckCall, Fold, Muck, Show
from pokerroom.hand.events import Event

__all__ = [
    "BoardCardsDealt",
    "BurnCard",
    "BurnIrregularity",
    "BurnTaken",
    "CardFate",
    "CardsRestored",
    "DeadHand",
    "DealBoardCards",
    "DealHoleCard",
    "EngineInput",
    "EngineRebuilt",
    "EngineStep",
    "ExtraFlopCard",
    "ExtraFlopCardTurned",
    "FloorError",
    "FloorRuling",
    "HandReconstructed",
    "HoleCardPlaced",
    "LiveEvent",
    "PlayerAction",
    "PrematureCardsDealt",
    "RedealRequired",
    "check_position",
]

CardFate = Literal[
    "hole",
    "exposed",
    "burn",
    "board",
    "premature",
    "boxed",
    "scrap",
    "stub",
    "set_aside",
    "missing",
]
"""Where a physical card is: in a hand, face up in a hand, burned, on the board, dealt too
early, found face up in the deck, out of play, back in the stub, set aside (IRR-11), or
missing from the deck (IRR-07)."""

PlayerAction = Fold | CheckCall | BetRaise | Show | Muck
"""The player commands a live hand passes through to the engine."""


class FloorError(PokerroomError):
    """A floor command the rules do not allow now; says why and what is allowed instead."""


def check_position(p: int, players: int, who: str = "") -> None:
    """``p`` is a position of the hand (``bad_position`` otherwise, naming the ones there are)."""
    if not 0 <= p < players:
        name = f"{who} " if who else ""
        raise FloorError("bad_position", f"{name}p{p + 1} is not in this hand (p1..p{players})")


# ---------------------------------------------------------------------------------------
# Commands from the dealer
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealHoleCard:
    """Dealer: the next hole card went face down to ``position`` (``None``: nobody saw it)."""

    position: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class BurnCard:
    """Dealer: the next card was burned (FLOW-05); ``exposed`` if it was seen (IRR-03)."""

    card: Card | None
    exposed: bool = False


@dataclass(frozen=True, slots=True)
class DealBoardCards:
    """Dealer: these cards were turned on the board (three for the flop, one after)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ExtraFlopCard:
    """Dealer: one more card was turned face up with the flop just dealt (a fourth or fifth
    flop card, IRR-13); the supervisor then picks the flop with ``TooManyFlopCards``."""

    card: Card


@dataclass(frozen=True, slots=True)
class DeadHand:
    """Engine input: the floor made this position's hand dead, in turn or not (DEAD-06)."""

    position: int


EngineInput = Action | DeadHand
"""What the live hand feeds the engine: an engine action, or a dead-hand marker."""


# ---------------------------------------------------------------------------------------
# Results and events
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RedealRequired:
    """The hand is off (misdeal or void): give back ``refunds`` by position and deal again.

    ``same_button``: the button and blinds stay where they were (MIS-02 / G10, G27);
    ``correct_button``: move the button to the seat it should have been on (MIS-08).
    ``carry_over`` stays in the middle for the next deal (IRR-05, RRP), ``awards`` are chips the
    floor gave to a hand (IRR-05, HIPP). ``refunds + carry_over + awards`` is the whole pot.
    """

    kind: Literal["misdeal", "void"]
    cause: str
    rule: str
    refunds: tuple[int, ...]
    same_button: bool = True
    correct_button: bool = False
    carry_over: int = 0
    awards: tuple[tuple[int, int], ...] = ()
    new_deck: bool = False


@dataclass(frozen=True, slots=True)
class HoleCardPlaced:
    """A hole card went to a position; ``slot`` >= 0 when it replaced that card of his hand."""

    position: int
    card: Card | None
    slot: int = -1


@dataclass(frozen=True, slots=True)
class BurnTaken:
    """A card was burned before board street ``street`` (1 flop, 2 turn, 3 river)."""

    street: int
    card: Card | None
    exposed: bool = False


@dataclass(frozen=True, slots=True)
class BurnIrregularity:
    """IRR-14: the dealer burned twice, or dealt a street without a burn. Recorded; it stands."""

    street: int
    kind: Literal["two_burns", "no_burn"]
    rule: str = "IRR-14"


@dataclass(frozen=True, slots=True)
class BoardCardsDealt:
    """Board cards were turned for ``street`` and given to the engine."""

    street: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PrematureCardsDealt:
    """Board cards were turned before the betting was over (IRR-10/11/12): the floor rules."""

    street: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ExtraFlopCardTurned:
    """IRR-13: ``card`` was turned with the flop; ``flop`` are the flop cards turned before it
    (the three dealt, then any earlier surplus card). The flop waits for the supervisor's pick."""

    card: Card
    flop: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class EngineStep:
    """One input went to the hand engine; ``events`` are what the engine reported."""

    input: EngineInput
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class EngineRebuilt:
    """The floor changed what the engine was told (a replacement card, a refunded raise):
    the engine state is rebuilt from ``inputs``; ``events`` is its whole new log."""

    inputs: tuple[EngineInput, ...]
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class FloorRuling:
    """A ruling by the floor: which rule decided, what happened, to whom and which cards.

    ``outcome`` is a stable word (``"misdeal"``, ``"replace"``, ``"scrap"``, ``"dead"``,
    ``"stands"``, ``"reshuffle"``, ...); ``refunds`` are (position, chips) paid back from the pot.
    """

    rule: str
    outcome: str
    detail: str
    positions: tuple[int, ...] = ()
    cards: tuple[Card | None, ...] = ()
    refunds: tuple[tuple[int, int], ...] = ()
    redeal: RedealRequired | None = None
    ruling_required: bool = False
    street: int = 0


@dataclass(frozen=True, slots=True)
class CardsRestored:
    """The floor put physical cards where they belong (IRR-13/14/15).

    ``moves`` give cards a new fate; ``stub_top`` are the known cards now on top of the stub,
    in the order they must come off (later cards are those that would have come without the
    error, IRR-14); ``burned`` are the streets whose burn is done and ``extra_burns`` the
    streets that owe one more burn before their board card(s).
    """

    rule: str
    moves: tuple[tuple[Card | None, CardFate], ...]
    stub_top: tuple[Card, ...]
    burned: frozenset[int]
    extra_burns: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class HandReconstructed:
    """IRR-16: the hand is restored to what it was after its first ``keep`` logged events;
    the events after that point stay in the log (the audit trail) but no longer count."""

    keep: int
    rule: str = "IRR-16"


LiveEvent = (
    HoleCardPlaced
    | BurnTaken
    | BurnIrregularity
    | BoardCardsDealt
    | PrematureCardsDealt
    | ExtraFlopCardTurned
    | EngineStep
    | EngineRebuilt
    | FloorRuling
    | CardsRestored
    | HandReconstructed
)
