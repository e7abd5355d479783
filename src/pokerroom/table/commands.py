"""Commands to a table: what players, the dealer and the floor ask for.

Player commands name the player (a person), never a position; the table finds his seat and
his position in the hand. Times (``at``) are injected seconds, seeds are injected bytes.

>>> Act(PlayerId("ann"), "raise", 6)
Act(player='ann', kind='raise', to=6, seat=None, forfeit=0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from pokerroom.cards import Card
from pokerroom.floor.chips import ChipPush, Option
from pokerroom.table.buyin import Cashout
from pokerroom.table.config import AnteType
from pokerroom.table.seats import PlayerId, SeatNo, TableError
from pokerroom.values import quick_init

__all__ = [
    "KILL_RULES",
    "Act",
    "ActKind",
    "AddChips",
    "AgreeChop",
    "AgreeRunTwice",
    "AskOptions",
    "AskPotCount",
    "AskToSeeHand",
    "BuyButton",
    "CardTarget",
    "CashOnTable",
    "ChangeSeat",
    "ColorUpStacks",
    "Command",
    "Dispute",
    "DrawButton",
    "FloorRuling",
    "ForfeitForMiscall",
    "ImpoundPot",
    "KillHand",
    "KillRule",
    "Leave",
    "LogIncident",
    "MoneyBehind",
    "MoveIn",
    "MoveOut",
    "Override",
    "PayIncidental",
    "PlaceButton",
    "PostBlind",
    "PushChips",
    "Rebuy",
    "RedrawButton",
    "ReleasePot",
    "ReportCard",
    "ReturnToSeat",
    "RunOnce",
    "SetLevel",
    "ShowHand",
    "ShowOrMuck",
    "SitDown",
    "SitIn",
    "SitOut",
    "SpreadPot",
    "StartHand",
    "Straddle",
    "TransferIn",
    "TransferOut",
    "check_types",
]


@dataclass(frozen=True, slots=True)
class SitDown:
    """Take an empty seat with a buy-in (SEAT-02, STK-02/03/05).

    ``earlier_cashout``: the floor's record of his cash-out from another game of the room
    (STK-05: the return rule of the house applies to it as to a cash-out from this table).
    """

    player: PlayerId
    seat: SeatNo
    buy_in: int
    at: float = 0.0
    earlier_cashout: Cashout | None = None


@dataclass(frozen=True, slots=True)
class AddChips:
    """Add chips between hands (STK-04); not a buy-in.

    In a tournament chips are never bought at the table; ``add_on`` marks the tournament
    director issuing an event's add-on chips (TRN: add-ons), the only chips that may be added.
    """

    player: PlayerId
    amount: int
    add_on: bool = False


@dataclass(frozen=True, slots=True)
class Rebuy:
    """Buy in again after busting (STK-02/03; NEW-06: owes nothing, counts as a new player)."""

    player: PlayerId
    amount: int
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class Leave:
    """Cash out and give up the seat (STK-05 records the chips taken away)."""

    player: PlayerId
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class SitOut:
    """Stay seated but not be dealt in from the next hand (blinds passing are missed, NEW-04)."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class SitIn:
    """Come back; ``post=True`` makes up missed blinds now instead of waiting (NEW-04)."""

    player: PlayerId
    post: bool = False


@dataclass(frozen=True, slots=True)
class PostBlind:
    """A new or returning player posts to be dealt in at once (NEW-02/04)."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class BuyButton:
    """A new player between the button and the small blind posts both blinds (NEW-03)."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class Straddle:
    """Declare a straddle for the next hand, before the deal (BLD-05)."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class DrawButton:
    """High-card draw for the button (BTN-01) from an injected seed."""

    seed: bytes


@dataclass(frozen=True, slots=True)
class RedrawButton:
    """BTN-08: draw for the button again after a re-seat or at the final table.

    ``new_players`` are the players new to the table; None counts those not yet dealt a hand.
    """

    seed: bytes
    final_table: bool = False
    new_players: tuple[PlayerId, ...] | None = None


@dataclass(frozen=True, slots=True)
class PlaceButton:
    """BTN-01 (GROS:L125, ``table1_seat_applies_to_all``): the button goes to ``seat``.

    The seat was drawn once for every table (on table one); this table takes it as its drawn
    button seat. Only before the first button of the table, and only on an occupied seat.
    """

    seat: SeatNo


@dataclass(frozen=True, slots=True)
class MoveOut:
    """TRN-09 / TRN-11: a tournament player leaves for another table, taking his chips.

    Table balancing and breaking move players with their chips (CAMB:L73: chips stay on the
    table except when changing tables). His seat is empty from the next hand on, exactly as
    if he had busted, so the dead button (BTN-03/04/05) stays right.
    """

    player: PlayerId


@dataclass(frozen=True, slots=True)
class MoveIn:
    """TRN-09: a tournament player moved from another table sits in ``seat`` with ``chips``.

    Not a buy-in: no buy-in limits apply. He is new to the table (BTN-08 counts him) and is
    dealt in from the next hand, posting wherever the dead button's blinds reach him, on the
    small blind or the button too: NEW-01's blocked positions are a cash-game rule (LPR r68;
    tournament profiles block none, LPR:L181 and L194, CAMB:L48). The director seats him where
    the big blind comes soonest, so he dodges none (LPR:L181).
    """

    player: PlayerId
    seat: SeatNo
    chips: int


@dataclass(frozen=True, slots=True)
class SetLevel:
    """New blinds and antes from the next hand (tournament levels, BLD-06).

    ``chip_unit``: a new smallest chip in play (STR-07; None keeps the table's). A larger unit
    is refused while a stack holds chips below it: colour up first (:class:`ColorUpStacks`).
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_type: AnteType = "none"
    chip_unit: int | None = None


@dataclass(frozen=True, slots=True)
class ColorUpStacks:
    """STR-07: chip ``chip`` leaves play; each seated player's stack becomes the one given.

    The caller runs the chip race (a tournament: ``structure.color_up`` from a seed; ``rule``
    and ``seed`` are kept for the record). The table checks that the result is a colour-up:
    between hands, every seated player given one stack, each a multiple of ``unit`` that keeps
    his whole ``unit`` chips and adds at most one for his odd chips, nobody left with none.
    ``unit`` is the table's smallest chip from then on.
    """

    chip: int
    unit: int
    stacks: tuple[tuple[PlayerId, int], ...]
    rule: str = ""
    seed: bytes = b""


@dataclass(frozen=True, slots=True)
class StartHand:
    """Deal the next hand from ``seed``, or (``live=True``) from a physical deck.

    A live hand starts without a deck (``seed`` is not used): the blinds are posted and the
    dealer reports every card with :class:`ReportCard`; the floor rules with
    :class:`FloorRuling` (see :mod:`pokerroom.table.live`).

    ``dealt_by_mistake`` lists players who owe a blind but were dealt in anyway (live
    dealer error, NEW-05); the floor may then kill their hands with :class:`KillHand`.
    ``button``, when given, is the seat the button was actually put on (BTN-07: a misplaced
    button, or the floor's correction after one, RRP:L35); the blinds follow it as for a
    freshly drawn button. ``deck``, when given, is the whole deck in dealing order (top card
    first) used instead of the one ``seed`` gives: a hand with chosen cards, for a test, a
    scenario or a hand recorded elsewhere.

    ``returned`` (tournaments, TRN-02) are the floor's presence rulings on absent players who
    sat down again while this hand was being dealt, one :class:`ReturnToSeat` each: back in
    time (``hand_live``), he is dealt in as a player at his seat; too late, his hand is dead
    as an absent player's (BLD-07: his blinds and antes stay in the pot) and he is back for the
    next deal. Given with the deal, the ruling also holds heads-up, where a dead hand at the
    deal leaves one live hand and the hand is over as it is dealt.
    """

    seed: bytes
    at: float = 0.0
    dealt_by_mistake: tuple[PlayerId, ...] = ()
    button: SeatNo | None = None
    live: bool = False
    deck: tuple[Card, ...] | None = None
    returned: tuple[ReturnToSeat, ...] = ()


ActKind = Literal["fold", "check", "call", "bet", "raise"]
"""What a player does in turn (:class:`Act`)."""


@dataclass(frozen=True, slots=True)
class Act:
    """A player's betting action: ``kind`` fold/check/call/bet/raise, ``to`` for bet/raise.

    ``seat``, when given, must be the player's own seat (guards acting for another player).
    ``forfeit``, with a fold only: chips he pushed forward that a ruling leaves in the pot as
    dead money (CHP-06, OOT-08).
    """

    player: PlayerId
    kind: ActKind
    to: int = 0
    seat: SeatNo | None = None
    forfeit: int = 0


@dataclass(frozen=True, slots=True)
class ShowOrMuck:
    """At the showdown, in turn (SHD-01/02): table the hand (``"show"``) or concede it
    without showing (``"muck"``, SHD-05). Only at a table where the players show or muck
    themselves (``TableConfig.showdown = "players"``); ``TableState.to_act()`` names who is
    to show. ``seat``, when given, must be the player's own seat.

    >>> ShowOrMuck(PlayerId("bob"), "muck")
    ShowOrMuck(player='bob', kind='muck', seat=None)
    """

    player: PlayerId
    kind: Literal["show", "muck"]
    seat: SeatNo | None = None


@dataclass(frozen=True, slots=True)
class AgreeRunTwice:
    """RIT-01: these players agree to run the rest of the board twice (all-in, betting over)."""

    players: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class RunOnce:
    """RIT-01: the players did not all agree; the board is run once."""


KillRule = Literal["NEW-05", "DEAD-05", "DEAD-07", "EXP-01", "EXP-05", "PEN-02"]
"""Why the floor kills a hand (:class:`KillHand`)."""
KILL_RULES: tuple[str, ...] = get_args(KillRule)


@dataclass(frozen=True, slots=True)
class KillHand:
    """Floor: kill a player's hand, under ``rule``.

    * ``"NEW-05"`` (the default): he was dealt in while owing a blind and has not acted; his
      hand is dead and folded at his turn, his blinds stay in the pot.
    * A ruling that kills a live hand at once, whatever it has done, what he put in staying in
      the pot: ``"DEAD-05"`` a hand with the wrong number of cards found after the misdeal
      cut-off (LPR r43 "the player's hand is mucked", HIPP:L138, RRP:L29, GROS:L103);
      ``"DEAD-07"`` the other triggers the floor rules on (a joker acted on, leaving the table
      during a hand CAMB:L36, a missed turn after substantial action GROS); ``"EXP-01"`` an
      exposure facing action ruled a fold (LPR r50); ``"EXP-05"`` cards shown to another
      player (LPR r80); ``"PEN-02"`` a tournament player serving a penalty, dealt in with his
      blinds and antes posted and his hand dead (LPR:L188).
    """

    player: PlayerId
    rule: KillRule = "NEW-05"


@dataclass(frozen=True, slots=True)
class ReturnToSeat:
    """TRN-02: an absent tournament player sits down again while the hand is being dealt.

    His absence killed his hand (BLD-07). ``hand_live`` is the house's presence ruling for
    when he came back (``pokerroom.tournament.presence_rule(rules).hand_is_live(arrival)``):
    True gives him the hand back; False leaves it dead (his blinds stay in the pot).
    """

    player: PlayerId
    hand_live: bool


@dataclass(frozen=True, slots=True)
class Override:
    """GOV-01: a floor decision that departs from the rule, by ``by`` for ``reason``."""

    by: str
    reason: str


@dataclass(frozen=True, slots=True)
class ChangeSeat:
    """NEW-07: a seated cash player moves to the empty ``seat`` between hands.

    A change that skips a blind the player would otherwise post is made but flagged for the
    floor (HIPP:L225; LPR:L181): the floor decides on a penalty.
    """

    player: PlayerId
    seat: SeatNo


@dataclass(frozen=True, slots=True)
class TransferOut:
    """STK-06 / SEAT-07: a cash player leaves for another table carrying his whole stack.

    Not a cash-out: no chips leave play, so the two-hour return rule (STK-05) is not started.
    """

    player: PlayerId


@dataclass(frozen=True, slots=True)
class TransferIn:
    """STK-06 / SEAT-07: a cash player from another table sits in ``seat`` with ``chips``.

    ``staff`` is who gave permission (SEAT-07; refused when empty). ``broken_game``: his game
    broke (HIPP:L115). ``from_big_blind``: the big blind of the game he comes from (None: the
    same stakes as this table).
    """

    player: PlayerId
    seat: SeatNo
    chips: int
    staff: str
    broken_game: bool = False
    from_big_blind: int | None = None


CashKind = Literal["cash", "foreign_currency", "other_room_chips", "rack"]


@dataclass(frozen=True, slots=True)
class CashOnTable:
    """STK-07: a player puts money (not this table's chips) in front of him between hands.

    ``kind``: house cash, foreign currency (GROS:L110), another room's chips (HIPP:L67), or
    chips played out of a rack (HIPP:L71). ``announced`` to the table (GROS:L108-109);
    ``authorised_by`` the supervisor who allowed it (HIPP:L67; empty: nobody).
    """

    player: PlayerId
    amount: int
    kind: CashKind = "cash"
    announced: bool = True
    authorised_by: str = ""


@dataclass(frozen=True, slots=True)
class PayIncidental:
    """FEE-03: pay for food or drink (``item``) with ``amount`` chips from the stack."""

    player: PlayerId
    amount: int
    item: str


@dataclass(frozen=True, slots=True)
class ImpoundPot:
    """POT-08 / GOV-04: the house holds chips of hand ``hand_no`` while a ruling is pending.

    ``takes`` are (player, chips) taken back from what each won in that hand. After the next
    hand has started the result is locked (GOV-02): only with an ``override`` (GOV-01).
    """

    pot_id: str
    hand_no: int
    takes: tuple[tuple[PlayerId, int], ...]
    override: Override | None = None


@dataclass(frozen=True, slots=True)
class ReleasePot:
    """POT-08: the ruling is made; the impounded chips go to ``awards`` (player, chips)."""

    pot_id: str
    awards: tuple[tuple[PlayerId, int], ...]
    ruling: str


@dataclass(frozen=True, slots=True)
class Dispute:
    """GOV-02: ``player`` disputes hand ``hand_no``; refused once the next hand has started
    (FLOW-11) unless the floor overrides with a reason (GOV-01)."""

    player: PlayerId
    hand_no: int
    claim: str
    override: Override | None = None


@dataclass(frozen=True, slots=True)
class ForfeitForMiscall:
    """SHD-06: ``offender`` deliberately miscalled his hand at the showdown of hand
    ``hand_no`` and so made ``victim`` discard a winning hand; the floor rules the pot forfeited
    to the victim (HIPP:L191, RRP:L70; ``HouseRules.miscall_forfeits_pot``).

    ``chips``: what changes hands, at most what the offender won in that hand (None: all of
    it). When he won side pots the victim did not contest, the floor names the victim's share.
    After the next hand has started the result is locked (GOV-02): only with an ``override``.
    """

    offender: PlayerId
    victim: PlayerId
    hand_no: int
    chips: int | None = None
    override: Override | None = None


@dataclass(frozen=True, slots=True)
class LogIncident:
    """§25 HUMAN-ONLY conduct the software cannot judge (language, collusion, abuse, a
    deliberate miscall penalised rather than forfeited, ...): recorded for the floor,
    ``log_incident(type, players)``. Nothing at the table changes."""

    kind: str
    players: tuple[PlayerId, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class AgreeChop:
    """POT-09: players ask to split the pot in play by agreement."""

    players: tuple[PlayerId, ...]


@dataclass(frozen=True, slots=True)
class ShowHand:
    """EXP-05: during the hand ``player`` told (``how="told"``) or showed his cards to
    ``viewer`` (a player; None: a spectator)."""

    player: PlayerId
    how: Literal["told", "showed"]
    viewer: PlayerId | None = None


CardTarget = Literal["burn", "board", "flop"]
"""Where the dealer says a burn or board card went, when it was not where dealing order puts it."""


@dataclass(frozen=True, slots=True)
class ReportCard:
    """Dealer, live hand: the next card off the physical deck, in dealing order.

    The table knows where it goes: a hole card to the next position (FLOW-02, or a replacement
    owed, IRR-01/04), else a burn, else a board card (FLOW-05; the three flop cards are held
    until the third is turned). ``card`` None: nobody saw it. ``exposed``: a burn that was
    seen (IRR-03). ``player``, when given, is who the dealer says the hole card went to; a card
    to anyone else is refused (FLOW-02) and the floor may rule a misdeal with
    ``FloorRuling(DeclareMisdeal("out_of_order"))`` (MIS-08).

    ``to`` says where the dealer put a card after the deal when it was not where dealing order
    puts it; the floor rules on the error afterwards:

    * ``"board"`` (or ``"flop"`` before the flop): turned face up where a burn was due, a
      missed burn (IRR-14); ``FloorRuling(CorrectBurnError())`` rules on it;
    * ``"burn"``: burned where a board card was due, a second burn (IRR-14);
    * ``"flop"`` right after the flop's three cards: turned with the flop, a fourth (or fifth)
      flop card (IRR-13); nothing else happens until the supervisor picks the flop with
      ``FloorRuling(TooManyFlopCards(flop=...))``.

    Where dealing order already puts the card there, ``to`` changes nothing.
    """

    card: Card | None
    exposed: bool = False
    player: PlayerId | None = None
    to: CardTarget | None = None


@dataclass(frozen=True, slots=True)
class FloorRuling:
    """Floor, live hand: a ruling of :mod:`pokerroom.floor` (``BoxedCard``, ``DeclareMisdeal``,
    ``dead.KillHand``, ...) applied to the hand in play; positions in it are the hand's."""

    command: object


@dataclass(frozen=True, slots=True)
class PushChips:
    """A player pushed chips forward (perhaps saying something): the house reads it (CHP-01..11).

    Where the reading leaves him a choice (CHP-06, OOT-08) the push is refused with the
    options listed (``choice_required``) until it comes with ``option``; a reading the floor
    must confirm (CHP-08, CONFLICTS C-5, G-7) needs ``confirmed=True``. ``aware_of_raise``
    False: he did not notice a raise (OOT-08).
    """

    player: PlayerId
    push: ChipPush
    option: Option | None = None
    confirmed: bool = False
    aware_of_raise: bool = True


@dataclass(frozen=True, slots=True)
class AskPotCount:
    """CHP-11: a player in the hand asks the dealer to count the pot."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class SpreadPot:
    """CHP-11 (LPR r59): a player in the hand asks for the pot to be spread flat (no count)."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class AskOptions:
    """CHP-11: the player to act asks what he may do (and, HIPP:L58, which hands are live)."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class AskToSeeHand:
    """SHD-08: after the showdown ``player`` asks to see ``target``'s called hand."""

    player: PlayerId
    target: PlayerId


@dataclass(frozen=True, slots=True)
class MoneyBehind:
    """STK-01 (HIPP:L70): between hands, chips bought but not yet delivered, shown by a
    money-behind marker of ``amount``, play from the next deal."""

    player: PlayerId
    amount: int


Command = (
    SitDown
    | AddChips
    | Rebuy
    | Leave
    | SitOut
    | SitIn
    | PostBlind
    | BuyButton
    | Straddle
    | DrawButton
    | RedrawButton
    | PlaceButton
    | MoveOut
    | MoveIn
    | SetLevel
    | ColorUpStacks
    | StartHand
    | Act
    | ShowOrMuck
    | AgreeRunTwice
    | RunOnce
    | KillHand
    | ReturnToSeat
    | ChangeSeat
    | TransferOut
    | TransferIn
    | CashOnTable
    | PayIncidental
    | ImpoundPot
    | ReleasePot
    | Dispute
    | ForfeitForMiscall
    | LogIncident
    | AgreeChop
    | ShowHand
    | ReportCard
    | FloorRuling
    | PushChips
    | AskPotCount
    | SpreadPot
    | AskOptions
    | AskToSeeHand
    | MoneyBehind
)

# A table gets several commands every hand: quick constructors.
for _command in get_args(Command):
    quick_init(_command)


_Check = Callable[[object], bool]


def _checker(tp: Any) -> _Check | None:
    """A test of a value against a field's type, for the whole numbers and names in it (None:
    nothing to check): ints and strs (``SeatNo``, ``PlayerId`` too), optional ones, and tuples
    of them (the chips of ``ImpoundPot.takes``, ``ReleasePot.awards``, ...)."""
    if isinstance(tp, UnionType) or get_origin(tp) is Union:
        rest = [a for a in get_args(tp) if a is not type(None)]
        inner = _checker(rest[0]) if len(rest) == 1 else None
        if inner is None:
            return None
        return lambda v, inner=inner: v is None or inner(v)  # type: ignore[misc]
    base = getattr(tp, "__supertype__", tp)
    if base is int or base is str:
        return lambda v, base=base: type(v) is base  # type: ignore[misc]
    if get_origin(tp) is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            each = _checker(args[0])
            if each is None:
                return None
            return lambda v, each=each: isinstance(v, tuple) and all(map(each, v))  # type: ignore[misc]
        parts = [_checker(a) for a in args]
        if all(c is None for c in parts):
            return None
        return lambda v, parts=parts: (  # type: ignore[misc]
            isinstance(v, tuple)
            and len(v) == len(parts)
            and all(c is None or c(x) for c, x in zip(parts, v, strict=True))
        )
    return None


def _typed_fields(cls: type) -> tuple[tuple[str, _Check, str], ...]:
    """The fields of a command holding whole numbers or names: (name, test, what to give)."""
    hints = get_type_hints(cls)
    out: list[tuple[str, _Check, str]] = []
    for f in fields(cls):
        tp = hints[f.name]
        check = _checker(tp)
        if check is not None:
            base = getattr(tp, "__supertype__", tp)
            what = (
                "a whole number" if base is int or tp == (int | None)
                else "a name (text)" if base is str
                else "whole numbers and names"
            )
            out.append((f.name, check, what))
    return tuple(out)


_TYPED: dict[type, tuple[tuple[str, _Check, str], ...]] = {
    cls: _typed_fields(cls) for cls in get_args(Command)
}


def check_types(command: object) -> None:
    """Refuse a command whose seat, chips or name is not a whole number or text (a value a
    client sent as ``"100"``, ``4.0`` or ``True``): ``TableError`` ``bad_value``, nothing
    changed. Nothing is converted: no silent repair of bad input.

    >>> check_types(SitDown(PlayerId("ann"), SeatNo(2), 200))
    >>> check_types(SitDown(PlayerId("ann"), SeatNo(2), 200.5))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.table.seats.TableError: SitDown.buy_in = 200.5: give a whole number
    """
    for name, check, what in _TYPED.get(type(command), ()):
        value = getattr(command, name)
        if not check(value):
            raise TableError(
                "bad_value", f"{type(command).__name__}.{name} = {value!r}: give {what}"
            )
