"""What happened at a table: the ordered event log, the source of truth.

The log holds these table events and, between :class:`HandStarted` and :class:`HandFinished`,
the hand engine's own events (``pokerroom.hand.events``) unchanged. Folding
:func:`pokerroom.table.table.evolve` over the log rebuilds the table exactly.

>>> PlayerSeated(PlayerId("ann"), SeatNo(3), 200, False)
PlayerSeated(player='ann', seat=3, buy_in=200, short=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from pokerroom.cards import Card
from pokerroom.floor.dealing import LiveEvent
from pokerroom.hand.config import HandConfig
from pokerroom.hand.events import Event as HandEvent
from pokerroom.table.config import AnteType
from pokerroom.table.seats import PlayerId, SeatNo
from pokerroom.values import quick_init

__all__ = [
    "BoardCardReported",
    "ButtonBought",
    "ButtonDrawn",
    "ButtonPlaced",
    "CashConverted",
    "ChipsAdded",
    "ChipsRead",
    "DisputeLodged",
    "FloorFlagged",
    "FloorOverride",
    "HandCalledOff",
    "HandFinished",
    "HandKilled",
    "HandRevealed",
    "HandRevived",
    "HandShown",
    "HandStarted",
    "IncidentLogged",
    "IncidentalPaid",
    "LevelSet",
    "LiveStep",
    "LogEvent",
    "MoneyBehindPlaced",
    "OptionsTold",
    "PlayerLeft",
    "PlayerMovedIn",
    "PlayerMovedOut",
    "PlayerSeated",
    "PlayerTransferredIn",
    "PlayerTransferredOut",
    "PostPromised",
    "PotCounted",
    "PotImpounded",
    "PotReleased",
    "PotSpread",
    "Rebought",
    "SatIn",
    "SatOut",
    "SeatChanged",
    "StacksColoredUp",
    "StraddleDeclared",
    "TableEvent",
]


@dataclass(frozen=True, slots=True)
class PlayerSeated:
    """A player took a seat with a buy-in (``short``: below the minimum, STK-03)."""

    player: PlayerId
    seat: SeatNo
    buy_in: int
    short: bool


@dataclass(frozen=True, slots=True)
class ChipsAdded:
    """A seated player added chips between hands (STK-04)."""

    player: PlayerId
    seat: SeatNo
    amount: int


@dataclass(frozen=True, slots=True)
class Rebought:
    """A busted player bought in again; he owes nothing and is new again (NEW-06)."""

    player: PlayerId
    seat: SeatNo
    amount: int
    short: bool


@dataclass(frozen=True, slots=True)
class PlayerLeft:
    """A player left his seat taking ``cashout`` chips at time ``at`` (STK-05)."""

    player: PlayerId
    seat: SeatNo
    cashout: int
    at: float


@dataclass(frozen=True, slots=True)
class SatOut:
    """A player sits out from the next hand."""

    player: PlayerId
    seat: SeatNo


@dataclass(frozen=True, slots=True)
class SatIn:
    """A player is back; ``post``: he makes up missed blinds now (NEW-04)."""

    player: PlayerId
    seat: SeatNo
    post: bool


@dataclass(frozen=True, slots=True)
class PostPromised:
    """A new or returning player will post to be dealt in at once (NEW-02/04)."""

    player: PlayerId
    seat: SeatNo


@dataclass(frozen=True, slots=True)
class ButtonBought:
    """A new player will post both blinds next hand and take the button after it (NEW-03)."""

    player: PlayerId
    seat: SeatNo


@dataclass(frozen=True, slots=True)
class StraddleDeclared:
    """A straddle is declared for the next hand (BLD-05)."""

    player: PlayerId
    seat: SeatNo


@dataclass(frozen=True, slots=True)
class ButtonDrawn:
    """BTN-01: the cards drawn, round by round (ties draw again), and the winning seat."""

    rounds: tuple[tuple[tuple[SeatNo, Card], ...], ...]
    button: SeatNo


@dataclass(frozen=True, slots=True)
class ButtonPlaced:
    """BTN-01 (GROS:L125): the button seat drawn for every table was placed at this one."""

    button: SeatNo


@dataclass(frozen=True, slots=True)
class PlayerMovedOut:
    """TRN-09: a tournament player left for another table with his ``chips``."""

    player: PlayerId
    seat: SeatNo
    chips: int


@dataclass(frozen=True, slots=True)
class PlayerMovedIn:
    """TRN-09: a tournament player arrived from another table with his ``chips``."""

    player: PlayerId
    seat: SeatNo
    chips: int


@dataclass(frozen=True, slots=True)
class LevelSet:
    """Blinds, antes and the smallest chip in play (STR-07) from the next hand (BLD-06)."""

    small_blind: int
    big_blind: int
    ante: int
    ante_type: AnteType
    chip_unit: int = 1


@dataclass(frozen=True, slots=True)
class StacksColoredUp:
    """STR-07: chip ``chip`` left play; ``unit`` is the smallest chip from now on.

    ``changes``: (player, seat, stack before, stack after) for every seated player. In the
    chip ledger the odd chips taken off the table (``removed``) count as chips taken away and
    the ``unit`` chips handed out for them (``added``) as chips added, so ``added - removed``
    is what the race changed (less than one ``unit`` per player).
    """

    chip: int
    unit: int
    changes: tuple[tuple[PlayerId, SeatNo, int, int], ...]
    removed: int
    added: int
    rule: str = ""


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A hand was set up: who sits where in it, and what the table learned doing so.

    ``positions[p]`` is the seat of position ``p``. ``button`` may be an empty seat (dead
    button, BTN-03); ``sb_seat`` is the seat of the small-blind position (empty: dead small
    blind, BTN-04). ``entered`` are seats whose new-player and missed-blind standing is now
    settled; ``missed_bb``/``missed_sb``/``button_passed`` record NEW-04 obligations;
    ``bb_poster`` posted the big blind (BTN-06); ``mistaken`` positions were dealt in owing a
    blind (NEW-05); ``absent`` positions are dealt in with dead hands (BLD-07), folded in the
    engine when due: at the first voluntary action of the hand, or at LPR at the player's own
    first action (TRN-02), at once when no live hand could contest them.
    """

    hand_no: int
    seed: bytes
    config: HandConfig
    positions: tuple[SeatNo, ...]
    button: SeatNo
    sb_seat: SeatNo | None
    bb_seat: SeatNo
    bb_poster: SeatNo | None
    entered: tuple[SeatNo, ...] = ()
    missed_bb: tuple[SeatNo, ...] = ()
    missed_sb: tuple[SeatNo, ...] = ()
    button_passed: tuple[SeatNo, ...] = ()
    mistaken: tuple[int, ...] = ()
    absent: tuple[int, ...] = ()
    #: FLOW-11: when the deck for this hand was generated, i.e. when its shuffle began. For
    #: rulings the hand starts here, and the previous hand's result is locked (GOV-02).
    at: float = 0.0
    #: Dealt from a physical deck: the cards come as :class:`LiveStep` events.
    live: bool = False
    #: The deck in dealing order when it was given (``StartHand.deck``), not drawn from
    #: ``seed``.
    deck: tuple[Card, ...] | None = None


@dataclass(frozen=True, slots=True)
class HandKilled:
    """This position's hand is dead (NEW-05, BLD-07); the engine kills it once the deal is over."""

    position: int


@dataclass(frozen=True, slots=True)
class HandRevived:
    """TRN-02: a player back in his seat in time plays the hand his absence had killed."""

    position: int


@dataclass(frozen=True, slots=True)
class HandFinished:
    """The hand is over: stacks go back to the seats; ``eliminated`` seats are emptied."""

    hand_no: int
    stacks: tuple[tuple[SeatNo, int], ...]
    rake: int
    eliminated: tuple[SeatNo, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatChanged:
    """NEW-07: a player moved to another seat at the table between hands."""

    player: PlayerId
    from_seat: SeatNo
    to_seat: SeatNo


@dataclass(frozen=True, slots=True)
class FloorFlagged:
    """Something the floor must look at (``rule``: the rule ID); the engine decides nothing."""

    rule: str
    player: PlayerId
    reason: str


@dataclass(frozen=True, slots=True)
class FloorOverride:
    """GOV-01: the floor departed from ``rule`` (by whom, why): the audit trail."""

    rule: str
    by: str
    reason: str
    hand_no: int


@dataclass(frozen=True, slots=True)
class PlayerTransferredOut:
    """STK-06: a cash player left for another table with his whole stack (not a cash-out)."""

    player: PlayerId
    seat: SeatNo
    chips: int


@dataclass(frozen=True, slots=True)
class PlayerTransferredIn:
    """STK-06 / SEAT-07: a cash player arrived from another table with his stack."""

    player: PlayerId
    seat: SeatNo
    chips: int
    staff: str
    below_min: bool


@dataclass(frozen=True, slots=True)
class CashConverted:
    """STK-07: cash on the table was accepted and changed into ``amount`` chips."""

    player: PlayerId
    seat: SeatNo
    amount: int
    authorised_by: str


@dataclass(frozen=True, slots=True)
class IncidentalPaid:
    """FEE-03: ``amount`` chips left the stack to pay for ``item`` (recorded in the ledger)."""

    player: PlayerId
    seat: SeatNo
    amount: int
    item: str


@dataclass(frozen=True, slots=True)
class PotImpounded:
    """POT-08: chips of hand ``hand_no`` held by the house: (player, seat, chips) taken."""

    pot_id: str
    hand_no: int
    takes: tuple[tuple[PlayerId, SeatNo, int], ...]


@dataclass(frozen=True, slots=True)
class PotReleased:
    """POT-08: the held chips given out by the ruling: (player, seat, chips)."""

    pot_id: str
    awards: tuple[tuple[PlayerId, SeatNo, int], ...]
    ruling: str


@dataclass(frozen=True, slots=True)
class DisputeLodged:
    """GOV-02: a player disputed the result of hand ``hand_no`` in time (or by override)."""

    player: PlayerId
    hand_no: int
    claim: str


@dataclass(frozen=True, slots=True)
class IncidentLogged:
    """§25: an incident recorded for the floor during or after hand ``hand_no``."""

    kind: str
    players: tuple[PlayerId, ...]
    note: str
    hand_no: int


@dataclass(frozen=True, slots=True)
class HandShown:
    """EXP-05: a player disclosed his hand during play.

    ``to_table``: "now" (show one, show all at once), "after_hand", or "no";
    ``aggression_locked``: from now on he may only check, call or fold (HIPP:L194).
    """

    player: PlayerId
    position: int
    how: str
    viewer: PlayerId | None
    to_table: str
    aggression_locked: bool


@dataclass(frozen=True, slots=True)
class LiveStep:
    """One event of the hand dealt live (:mod:`pokerroom.floor.live`): a card, an action
    passed to the engine, a floor ruling."""

    event: LiveEvent


@dataclass(frozen=True, slots=True)
class BoardCardReported:
    """A flop card turned by the dealer, held until the whole flop is turned (FLOW-05)."""

    street: int
    card: Card


@dataclass(frozen=True, slots=True)
class HandCalledOff:
    """MIS-02 / IRR-05 / G10 / G27: a live hand was a misdeal or void; ``returned`` chips
    (seat, chips) went back to the stacks. ``same_button``: the table is back as before the
    deal (button, blinds, new-player and missed-blind standing) and deals again. ``carried``:
    chips that stay in the middle for the next deal (IRR-05, RRP:L39-40: a freerolling
    player's bet), with any dead money the hand itself started with."""

    hand_no: int
    kind: str
    rule: str
    cause: str
    returned: tuple[tuple[SeatNo, int], ...]
    same_button: bool
    carried: int = 0


@dataclass(frozen=True, slots=True)
class ChipsRead:
    """CHP-01..11: what a player's pushed chips were read as, and the rule that decided.

    ``pushed`` chips: ``chips_in`` stay in as the action, ``returned`` handed back,
    ``forfeited`` dead in the pot; ``option`` the player's choice, if he had one.
    """

    player: PlayerId
    seat: SeatNo
    pushed: int
    action: str
    amount_to: int
    chips_in: int
    returned: int
    forfeited: int
    rule: str
    option: str | None = None
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class PotCounted:
    """CHP-11: the dealer counted the pot for ``player``: ``pot`` is every chip in the middle,
    this round's bets included; ``bets``: how much of it is still in front of the players."""

    player: PlayerId
    seat: SeatNo
    pot: int
    bets: int


@dataclass(frozen=True, slots=True)
class PotSpread:
    """CHP-11 (LPR r59): the pot was spread flat on the table for ``player`` (no count)."""

    player: PlayerId
    seat: SeatNo


@dataclass(frozen=True, slots=True)
class OptionsTold:
    """CHP-11: ``player`` was told his options, and (HIPP:L58) which opposing hands are live."""

    player: PlayerId
    seat: SeatNo
    options: str
    live_opponents: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class HandRevealed:
    """SHD-08: after hand ``hand_no``'s showdown ``player``'s hand was shown at the request of
    ``requester``.

    ``standing``: ``"shown"`` (it was tabled or won: only shown again), ``"live"`` (the pot
    winner asked: it stays in contention), ``"dead"`` (anyone else asked: it is dead, GROS
    mucks it first). ``cards`` None where the table never saw a card (a live deal).
    """

    requester: PlayerId
    player: PlayerId
    seat: SeatNo
    hand_no: int
    cards: tuple[Card | None, ...]
    standing: str
    rule: str


@dataclass(frozen=True, slots=True)
class MoneyBehindPlaced:
    """STK-01 (HIPP:L70): chips bought but not yet delivered play, shown by a money-behind
    marker; the amount is announced to the table."""

    player: PlayerId
    seat: SeatNo
    amount: int


TableEvent = (
    PlayerSeated
    | ChipsAdded
    | Rebought
    | PlayerLeft
    | SatOut
    | SatIn
    | PostPromised
    | ButtonBought
    | StraddleDeclared
    | ButtonDrawn
    | ButtonPlaced
    | PlayerMovedOut
    | PlayerMovedIn
    | LevelSet
    | StacksColoredUp
    | HandStarted
    | HandKilled
    | HandRevived
    | HandFinished
    | SeatChanged
    | FloorFlagged
    | FloorOverride
    | PlayerTransferredOut
    | PlayerTransferredIn
    | CashConverted
    | IncidentalPaid
    | PotImpounded
    | PotReleased
    | DisputeLodged
    | IncidentLogged
    | HandShown
    | LiveStep
    | BoardCardReported
    | HandCalledOff
    | ChipsRead
    | PotCounted
    | PotSpread
    | OptionsTold
    | HandRevealed
    | MoneyBehindPlaced
)

LogEvent = TableEvent | HandEvent
"""Anything in a table's event log."""

# HandStarted, HandFinished and the rest are built every hand: quick constructors.
for _event in get_args(TableEvent):
    if _event.__module__ == __name__:
        quick_init(_event)
