"""Commands to the hand engine: what a player, the dealer or the floor asks to do.

Player actions name their actor (a position) so that acting out of turn is caught.

>>> BetRaise(2, 600)
BetRaise(actor=2, to=600)
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.cards import Card

__all__ = [
    "BETTING_ACTIONS",
    "Action",
    "BetRaise",
    "CheckCall",
    "CorrectBet",
    "DealBoard",
    "DealHole",
    "DealHoles",
    "Discard",
    "Fold",
    "KillHand",
    "Muck",
    "ReviveHand",
    "RunItTwice",
    "RunOnce",
    "Show",
    "UndersizedBet",
]


@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand; ``forfeit`` chips already pushed forward stay in the pot as dead
    money where a house ruling says so (CHP-06, OOT-03, OOT-08)."""

    actor: int
    forfeit: int = 0


@dataclass(frozen=True, slots=True)
class CheckCall:
    """Check when nothing is owed, otherwise call (all-in for less if short)."""

    actor: int


@dataclass(frozen=True, slots=True)
class BetRaise:
    """Bet or raise *to* ``to`` chips in total for this betting round (PHH ``cbr``)."""

    actor: int
    to: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Draw games: throw away these cards (an empty tuple stands pat); ``None`` = unknown card."""

    actor: int
    cards: tuple[Card | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Show:
    """Table the hole cards at showdown; ``cards=None`` shows the cards already dealt."""

    actor: int
    cards: tuple[Card | None, ...] | None = None


@dataclass(frozen=True, slots=True)
class Muck:
    """Concede at showdown without showing (SHD-05)."""

    actor: int


@dataclass(frozen=True, slots=True)
class DealHole:
    """Dealer: these hole cards to this position (``None`` = a card nobody saw)."""

    position: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class DealHoles:
    """Dealer: every position's whole hand at once, position 0 first (as ``DealHole`` each)."""

    hands: tuple[tuple[Card | None, ...], ...]


@dataclass(frozen=True, slots=True)
class DealBoard:
    """Dealer: these board cards (the flop as three, turn and river one each)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class RunItTwice:
    """These positions agree to run the rest of the board twice (RIT-01).

    Every pot whose contestants all agree, and that reaches the house minimum, is run twice.
    """

    agreed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KillHand:
    """Floor: this position's hand is dead now, out of turn (DEAD-06, NEW-05, TRN-02, IRR).

    A dead hand can win nothing. What nobody matched of its bets goes back to it like any
    uncalled bet (POT-04), unless ``forfeit_uncalled``: then those chips stay in the pot, as
    where the house refunds nothing of a killed hand's raise (DEAD-06 ``killed_hand_refund``).
    """

    position: int
    forfeit_uncalled: bool = False


@dataclass(frozen=True, slots=True)
class ReviveHand:
    """Floor, TRN-02: give back a hand killed at the deal because its player was away, now
    that the house's presence rule says he came back in time (GROS:L127: in his seat by the
    last card). Only before anyone else has acted on the first betting round: it is his turn
    again."""

    position: int


@dataclass(frozen=True, slots=True)
class RunOnce:
    """The players did not all agree to run it twice: deal the rest of the board once."""


@dataclass(frozen=True, slots=True)
class UndersizedBet:
    """Record a bet or raise below the legal size that the table let through (BET-08).

    Live tables only: the wager stands until the floor corrects it with :class:`CorrectBet`
    before the round ends. Online, :class:`BetRaise` refuses such a wager at once.
    """

    actor: int
    to: int


@dataclass(frozen=True, slots=True)
class CorrectBet:
    """Floor: bring an improperly low bet up to the legal size, and the calls of it (BET-08)."""


Action = (
    Fold
    | CheckCall
    | BetRaise
    | Discard
    | Show
    | Muck
    | DealHole
    | DealHoles
    | DealBoard
    | RunItTwice
    | RunOnce
    | KillHand
    | ReviveHand
    | UndersizedBet
    | CorrectBet
)

BETTING_ACTIONS = (Fold, CheckCall, BetRaise)
"""A player's own betting decisions (for ``isinstance``): fold, check or call, bet or raise."""
