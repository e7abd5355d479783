"""The floor's rulings on misdeals and irregularities (RULES.md §16 MIS, §17 IRR).

Each command names what went wrong at a live table; :func:`pokerroom.floor.live.apply` checks
it against the house profile and the misdeal cut-off (MIS-01), applies the house's
consequence and records it as a :class:`~pokerroom.floor.live.FloorRuling` with the rule ID that
decided. A misdeal or void hand ends the live hand with a
:class:`~pokerroom.floor.live.RedealRequired` (G10: same button, same blinds, every chip back).

Robert's Rules (S26 a): only UTG has acted, so a misplaced button is still a misdeal.

>>> from pokerroom.hand import HandConfig, Fold
>>> from pokerroom.house import load_house
>>> from pokerroom.floor.dealing import DealHoleCard
>>> from pokerroom.floor.live import LiveHand, apply
>>> cfg = HandConfig.holdem_no_limit((100,) * 4, 1, 2, rules=load_house("roberts", "cash"))
>>> live = LiveHand.start(cfg)
>>> for i in range(8):
...     live, _ = apply(live, DealHoleCard(i % 4, None))
>>> live, _ = apply(live, Fold(2))
>>> live, events = apply(live, DeclareMisdeal("button_misplaced"))
>>> live.redeal.refunds, live.redeal.correct_button, events[0].rule
((1, 2, 0, 0), True, 'MIS-08')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pokerroom.cards import Card
from pokerroom.floor.dead import kill_events
from pokerroom.floor.dealing import (
    BoardCardsDealt,
    EngineStep,
    FloorError,
    FloorRuling,
    HoleCardPlaced,
    LiveEvent,
    RedealRequired,
    check_position,
)
from pokerroom.floor.live import LiveHand, evolve
from pokerroom.hand.actions import CheckCall, DealBoard
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.engine import apply as engine_apply
from pokerroom.hand.state import BET, BOARD

__all__ = [
    "MISDEAL_CAUSES",
    "BoxedCard",
    "CardOffTable",
    "DeclareMisdeal",
    "DuplicateCardFound",
    "ExposedCard",
    "ExtraCardDealt",
    "FailureToCut",
    "JokerFound",
    "MisdealCause",
    "ReportIrregularity",
    "RulePrematureCards",
    "exposed_ruling",
    "misdeal_ruling",
]

MisdealCause = Literal[
    "first_or_second_card_exposed",
    "two_cards_exposed",
    "two_boxed_cards",
    "wrong_card_count",
    "out_of_order",
    "wrong_first_seat",
    "another_players_cards",
    "button_misplaced",
    "dealt_to_wrong_seat",
    "player_left_out",
    "card_off_table",
    "failure_to_cut",
]

#: The rule that makes each cause a misdeal.
MISDEAL_CAUSES: dict[str, str] = {
    "first_or_second_card_exposed": "MIS-04",
    "two_cards_exposed": "MIS-05",
    "two_boxed_cards": "MIS-06",
    "wrong_card_count": "MIS-07",
    "out_of_order": "MIS-08",
    "wrong_first_seat": "MIS-08",
    "another_players_cards": "MIS-08",
    "button_misplaced": "MIS-08",
    "dealt_to_wrong_seat": "MIS-09",
    "player_left_out": "MIS-09",
    "card_off_table": "MIS-10",
    "failure_to_cut": "MIS-11",
}


Role = Literal["dealer", "floor", "player"]
"""Who speaks at the table: the dealer, a floor person (supervisor), or a player."""


@dataclass(frozen=True, slots=True)
class DeclareMisdeal:
    """Dealer or floor: call a misdeal for this cause (MIS-04 .. MIS-12).

    MIS-03: only the dealer may call a misdeal (LPR r41; the floor keeps its authority,
    GOV-01); ``by="player"`` is refused: a player reports with :class:`ReportIrregularity`.
    """

    cause: MisdealCause
    by: Role = "dealer"


@dataclass(frozen=True, slots=True)
class ReportIrregularity:
    """A player points out an error (MIS-03, HIPP:L161): recorded for the dealer or floor to
    rule on; it changes nothing in the hand by itself."""

    position: int
    what: str


@dataclass(frozen=True, slots=True)
class FailureToCut:
    """The deck was not cut before the deal (DEAL-04, MIS-11).

    ``reported_by``: the position of the player who complains (``None``: the dealer or floor
    noticed); ``looked``: that player had already looked at his cards (RRP:L10).
    """

    reported_by: int | None = None
    looked: bool = False


@dataclass(frozen=True, slots=True)
class ExposedCard:
    """The dealer turned this hole card face up during the deal (IRR-01, MIS-04, MIS-05)."""

    card: Card


@dataclass(frozen=True, slots=True)
class BoxedCard:
    """The next card off the deck was found face up in it (IRR-02, MIS-06)."""

    card: Card


@dataclass(frozen=True, slots=True)
class JokerFound:
    """A player found a joker among his (unrecorded) hole cards (IRR-04)."""

    position: int


@dataclass(frozen=True, slots=True)
class DuplicateCardFound:
    """A second copy of ``card`` turned up (IRR-05 / MIS-12).

    ``knowing_player``: the floor found that this player knew and bet on it (HIPP:L151,
    RRP:L39); ``award_to``: the hand the floor gives his money to where the house says the
    pot goes to the last live hand (CONFLICTS H-14).
    """

    card: Card
    knowing_player: int | None = None
    award_to: int | None = None


@dataclass(frozen=True, slots=True)
class ExtraCardDealt:
    """A surplus card went to ``position`` in the initial deal (MIS-07, DEAD-05)."""

    position: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class CardOffTable:
    """The dealer sent this hole card off the table during the deal (MIS-10)."""

    card: Card


@dataclass(frozen=True, slots=True)
class RulePrematureCards:
    """Supervisor: rule on board cards dealt before the betting was over (IRR-10/11/12).

    GOV-05: the correction needs a supervisor (LPR r54-56): ``by="dealer"`` or a player is
    refused.
    """

    by: Role = "floor"


# ---------------------------------------------------------------------------------------


def _house(live: LiveHand) -> str:
    return live.config.rules.name


def check_cutoff(live: LiveHand, what: str) -> None:
    """MIS-01: refuse a misdeal once the house's number of actions has been taken."""
    rules = live.config.rules
    if live.misdeal_allowed:
        return
    blinds = ", blinds counted" if rules.misdeal_cutoff_counts_blinds else ", blinds not counted"
    raise FloorError(
        "misdeal_cutoff_passed",
        f"{what}: {live.cutoff_count} action(s) have been taken and {_house(live)} allows a "
        f"misdeal only before {rules.misdeal_cutoff_actions} (MIS-01{blinds}); the hand is "
        "played out: a player whose hand is fouled has a dead hand (KillHand(player, \"DEAD-05\"))",
    )


def misdeal_ruling(
    live: LiveHand, cause: str, rule: str, detail: str, *, correct_button: bool = False
) -> FloorRuling:
    """MIS-02 / G10: every chip back to whoever put it in; redeal with the same button."""
    refunds = live.refunds()
    redeal = RedealRequired(
        "misdeal",
        cause,
        rule,
        refunds,
        same_button=live.config.rules.misdeal_redeal_same_button and not correct_button,
        correct_button=correct_button,
    )
    paid = tuple((p, a) for p, a in enumerate(refunds) if a)
    return FloorRuling(rule, "misdeal", detail, refunds=paid, redeal=redeal)


def _declare(live: LiveHand, cmd: DeclareMisdeal) -> list[LiveEvent]:
    rules = live.config.rules
    rule = MISDEAL_CAUSES.get(cmd.cause)
    if rule is None:
        raise FloorError(
            "unknown_cause",
            f"{cmd.cause!r} is not a misdeal cause; known: {sorted(MISDEAL_CAUSES)}",
        )
    if cmd.by not in ("dealer", "floor"):
        raise FloorError(
            "not_permitted",
            f"a {cmd.by} may not call a misdeal (MIS-03, LPR r41: only the dealer, or the "
            "floor); report it with ReportIrregularity(position, what) and the dealer rules",
        )
    if cmd.cause == "failure_to_cut":
        return _failure_to_cut(live, FailureToCut())
    if (
        cmd.cause == "first_or_second_card_exposed"
        and not rules.misdeal_if_first_or_second_card_exposed
    ):
        raise FloorError(
            "not_a_misdeal",
            f"at {_house(live)} one exposed card is replaced, not a misdeal (MIS-04, IRR-01): "
            "report it with ExposedCard(card)",
        )
    if cmd.cause == "card_off_table" and rules.card_off_table_dealer_error != "misdeal":
        raise FloorError(
            "not_a_misdeal",
            f"at {_house(live)} a card off the table is an exposed card (MIS-10): report it "
            "with CardOffTable(card)",
        )
    check_cutoff(live, f"misdeal ({cmd.cause})")
    return [
        misdeal_ruling(
            live,
            cmd.cause,
            rule,
            f"misdeal: {cmd.cause}",
            correct_button=cmd.cause == "button_misplaced",
        )
    ]


def _in_hand(live: LiveHand, card: Card) -> int:
    for p, hand in enumerate(live.hands):
        if card in hand:
            return p
    raise FloorError(
        "card_not_dealt",
        f"{card!r} is not in anyone's hand ({live.where(card)}); "
        "only a dealt hole card can be exposed",
    )


def _deal_index(live: LiveHand, card: Card) -> int:
    """Order of this card in the initial deal (0 = the first card dealt)."""
    k = 0
    for e in live.log:
        if isinstance(e, HoleCardPlaced) and e.slot < 0:
            if e.card == card:
                return k
            k += 1
    return k


def _exposed(live: LiveHand, card: Card, rule: str, what: str) -> list[LiveEvent]:
    rules = live.config.rules
    p = _in_hand(live, card)
    if live.actions:
        raise FloorError(
            "not_initial_deal",
            f"{what}: betting has begun; an exposed-card replacement belongs to the initial "
            "deal (IRR-01); the card plays (IRR-08)",
        )
    if live.where(card).startswith("exposed"):
        raise FloorError("already_exposed", f"{card!r} was already ruled exposed")
    if live.exposed_in_deal >= 1:
        check_cutoff(live, what)
        return [misdeal_ruling(live, "two_cards_exposed", "MIS-05", f"{what}: second exposed card")]
    if _deal_index(live, card) < 2 and rules.misdeal_if_first_or_second_card_exposed:
        check_cutoff(live, what)
        return [
            misdeal_ruling(
                live,
                "first_or_second_card_exposed",
                "MIS-04",
                f"{what}: one of the first two cards of the deal exposed",
            )
        ]
    return [
        FloorRuling(
            rule,
            "replace",
            f"{what}: p{p + 1} gets the next card after the deal; {card!r} is the first burn",
            positions=(p,),
            cards=(card,),
        )
    ]


def exposed_ruling(live: LiveHand, card: Card, rule: str, what: str) -> list[LiveEvent]:
    """A dealer-exposed hole card during the initial deal: the IRR-01 replacement, or a
    MIS-04 / MIS-05 misdeal where the house says so (used by IRR-08 flashed cards)."""
    return _exposed(live, card, rule, what)


def _exposed_card(live: LiveHand, cmd: ExposedCard) -> list[LiveEvent]:
    return _exposed(live, cmd.card, "IRR-01", f"{cmd.card!r} exposed by the dealer")


def _card_off_table(live: LiveHand, cmd: CardOffTable) -> list[LiveEvent]:
    if live.config.rules.card_off_table_dealer_error == "misdeal":
        _in_hand(live, cmd.card)
        check_cutoff(live, "card off the table")
        return [misdeal_ruling(live, "card_off_table", "MIS-10", "card dealt off the table")]
    return _exposed(live, cmd.card, "MIS-10", f"{cmd.card!r} dealt off the table")


def _boxed(live: LiveHand, cmd: BoxedCard) -> list[LiveEvent]:
    rules = live.config.rules
    n, k = live.config.players, live.config.variant.hole_cards
    if cmd.card in live.seen():
        raise FloorError(
            "card_not_in_stub", f"{cmd.card!r} is {live.where(cmd.card)}, not in the deck"
        )
    in_deal = sum(len(h) for h in live.hands) < n * k
    if in_deal and live.boxed_in_deal >= 1:
        check_cutoff(live, "second boxed card")
        return [misdeal_ruling(live, "two_boxed_cards", "MIS-06", "two boxed cards in the deal")]
    if rules.boxed_card == "scrap_replace_next":
        return [
            FloorRuling(
                "IRR-02",
                "scrap",
                f"boxed {cmd.card!r} is a scrap of paper; the next card takes its place",
                cards=(cmd.card,),
            )
        ]
    if not in_deal:
        # GROS:L52 / CONFLICTS G-15: found later, it goes back into the live stub.
        return [
            FloorRuling(
                "IRR-02",
                "back_to_stub",
                f"boxed {cmd.card!r} announced and shuffled back into the stub",
                cards=(cmd.card,),
            )
        ]
    # GROS:L49: on the initial deal it is an exposed card in the hand it was dealt to.
    due = sum(len(h) for h in live.hands) % n
    placed = HoleCardPlaced(due, cmd.card)
    after = evolve(live, placed)
    events: list[LiveEvent] = [placed]
    for e in _exposed(after, cmd.card, "IRR-02", f"boxed {cmd.card!r} dealt to p{due + 1}"):
        events.append(e)
    return events


def _joker(live: LiveHand, cmd: JokerFound) -> list[LiveEvent]:
    p = cmd.position
    if not 0 <= p < live.config.players or None not in live.hands[p]:
        raise FloorError(
            "no_unseen_card",
            f"p{p + 1} holds no unrecorded card; a joker can only be a card reported as None",
        )
    if p in live.acted:
        return kill_events(
            live, p, "IRR-04", None, f"p{p + 1} acted before pointing out the joker: dead hand"
        )
    return [
        FloorRuling(
            "IRR-04",
            "replace",
            f"joker in p{p + 1}'s hand is replaced by the next card",
            positions=(p,),
            cards=(None,),
        )
    ]


def _duplicate(live: LiveHand, cmd: DuplicateCardFound) -> list[LiveEvent]:
    rules = live.config.rules
    if cmd.card not in live.seen():
        raise FloorError(
            "not_a_duplicate",
            f"{cmd.card!r} has not come out of the deck yet ({live.where(cmd.card)}); a "
            "duplicate needs a copy already dealt",
        )
    refunds = list(live.refunds())
    carry = 0
    awards: tuple[tuple[int, int], ...] = ()
    state = live.engine
    k = cmd.knowing_player
    if k is not None:
        check_position(k, state.n, "knowing_player")
        if cmd.award_to is not None:
            check_position(cmd.award_to, state.n, "award_to")
        # IRR-05: the player who knew the deck was defective and bet on it loses his refund.
        if rules.defective_deck_freeroll == "pot_to_last_live_hand":
            a = cmd.award_to
            if a is None or a == k or state.folded[a]:
                live_hands = ", ".join(
                    f"p{p + 1}" for p in range(state.n) if not state.folded[p] and p != k
                )
                raise FloorError(
                    "award_to_required",
                    f"{_house(live)} gives the knowing player's money to the last live hand "
                    f"(IRR-05, CONFLICTS H-14): name it with award_to, one of {live_hands}",
                )
            awards = ((a, refunds[k]),)
        else:
            carry = refunds[k]  # RRP:L40: stays in the pot for the next deal
        refunds[k] = 0
    void = rules.duplicate_card == "void_refund"
    rule = "IRR-05" if void else "MIS-12"
    redeal = RedealRequired(
        "void" if void else "misdeal",
        "duplicate_card",
        rule,
        tuple(refunds),
        same_button=rules.void_hand_same_button if void else rules.misdeal_redeal_same_button,
        carry_over=carry,
        awards=awards,
    )
    paid = tuple((p, a) for p, a in enumerate(refunds) if a)
    return [
        FloorRuling(
            rule,
            "void" if void else "misdeal",
            f"second {cmd.card!r}: all action void, chips returned",
            cards=(cmd.card,),
            refunds=paid,
            redeal=redeal,
        )
    ]


def _extra(live: LiveHand, cmd: ExtraCardDealt) -> list[LiveEvent]:
    rules = live.config.rules
    p = cmd.position
    check_position(p, live.engine.n)
    if cmd.card is not None and cmd.card in live.seen():
        raise FloorError("card_not_in_stub", f"{cmd.card!r} is {live.where(cmd.card)}")
    earlier = any(isinstance(e, FloorRuling) and e.outcome == "extra_to_burn" for e in live.log)
    if live.actions == 0 and rules.extra_card_before_betting == "becomes_burn" and not earlier:
        return [
            FloorRuling(
                "MIS-07",
                "extra_to_burn",
                f"surplus card to p{p + 1} before betting becomes the first burn (RRP:L45)",
                positions=(p,),
                cards=(cmd.card,),
            )
        ]
    if live.misdeal_allowed:
        return [misdeal_ruling(live, "wrong_card_count", "MIS-07", f"p{p + 1} has too many cards")]
    return kill_events(live, p, "DEAD-05", None, f"p{p + 1} holds the wrong number of cards")


def _premature(live: LiveHand, cmd: RulePrematureCards) -> list[LiveEvent]:
    rules = live.config.rules
    cards, street = live.premature, live.premature_street
    if not cards:
        raise FloorError("no_premature_cards", "no board card has been dealt too early")
    if cmd.by != "floor":
        raise FloorError(
            "supervisor_required",
            f"a {cmd.by} cannot correct premature board cards: call the floor (GOV-05, LPR r54-56)",
        )
    if street == 1 and rules.premature_flop == "reshuffle_unless_only_check_pending":
        # GROS:L44-46: if the only unfinished option was a check, that player is deemed to
        # have checked and the flop stands; any pending call/raise decision (CONFLICTS G-14)
        # sends it back.
        state = live.engine
        deemed: list[int] = []
        while state.phase == BET and state.actor is not None:
            if not legal_actions(state).can_check:
                break
            deemed.append(state.actor)
            state, _ = engine_apply(state, CheckCall(state.actor))
        if state.phase == BOARD:
            events: list[LiveEvent] = [
                FloorRuling(
                    "IRR-10",
                    "stands",
                    "only a check was pending: the flop stands, "
                    + ", ".join(f"p{p + 1}" for p in deemed)
                    + " deemed to have checked",
                    positions=tuple(deemed),
                    cards=cards,
                    street=1,
                )
            ]
            state = live.engine
            for p in deemed:
                state, evs = engine_apply(state, CheckCall(p))
                events.append(EngineStep(CheckCall(p), evs))
            events.append(BoardCardsDealt(1, cards))
            _, evs = engine_apply(state, DealBoard(cards))
            events.append(EngineStep(DealBoard(cards), evs))
            return events
    burn = "a new burn" if rules.premature_flop_new_burn else "no new burn (G18)"
    if street == 1:
        return [
            FloorRuling(
                "IRR-10",
                "reshuffle",
                f"premature flop shuffled back into the stub; after the betting, {burn}",
                cards=cards,
                street=1,
            )
        ]
    if street == 2 and rules.premature_turn == "lpr_river_as_turn_then_reshuffle":
        return [
            FloorRuling(
                "IRR-11",
                "set_aside",
                "premature turn set aside: burn and deal the turn, then the set-aside card is "
                "shuffled into the stub and the river dealt without a burn (LPR r55)",
                cards=cards,
                street=2,
            )
        ]
    rule = "IRR-11" if street == 2 else "IRR-12"
    return [
        FloorRuling(
            rule,
            "reshuffle",
            f"premature card shuffled back into the stub; after the betting, {burn}",
            cards=cards,
            street=street,
        )
    ]


def _report(live: LiveHand, cmd: ReportIrregularity) -> list[LiveEvent]:
    check_position(cmd.position, live.config.players)
    if not cmd.what.strip():
        raise FloorError("empty_report", "say what the error is")
    return [
        FloorRuling(
            "MIS-03",
            "reported",
            f"p{cmd.position + 1} reports: {cmd.what.strip()}; the dealer or floor rules on it "
            "(a player cannot call a misdeal)",
            positions=(cmd.position,),
            ruling_required=True,
        )
    ]


#: DEAL-04 / MIS-11: when a deal that was not cut can still be called off, per house.
#: GROS:L33-34 states it (a misdeal before any betting; CONFLICTS G-12: the first voluntary
#: action closes the window). RRP:L10 adds that a complaint about the cut must come before the
#: complaining player has looked at his hand. LPR, HIPP and CAMB are silent on the consequence
#: (CAMB:L34 only requires a cut every hand): chosen default = GROS's window.
CUT_COMPLAINT_BEFORE_LOOKING: frozenset[str] = frozenset({"roberts"})


def _failure_to_cut(live: LiveHand, cmd: FailureToCut) -> list[LiveEvent]:
    house = _house(live)
    p = cmd.reported_by
    if p is not None:
        check_position(p, live.config.players, "reported_by")
    if live.actions:
        raise FloorError(
            "misdeal_cutoff_passed",
            f"failure to cut: betting has begun ({live.actions} action(s)); at {house} an uncut "
            "deal is a misdeal only before any betting (DEAL-04, MIS-11, GROS:L33-34): the hand "
            "is played out",
        )
    if p is not None and cmd.looked and live.config.rules.rulebook in CUT_COMPLAINT_BEFORE_LOOKING:
        raise FloorError(
            "complaint_too_late",
            f"p{p + 1} looked at his cards before complaining about the cut; at {house} a "
            "complaint about the shuffle or cut must come first (RRP:L10, DEAL-02): the hand plays",
        )
    who = f"reported by p{p + 1}" if p is not None else "noticed by the dealer"
    return [
        misdeal_ruling(
            live,
            "failure_to_cut",
            "MIS-11",
            f"misdeal: the deck was not cut ({who}); DEAL-04: redeal after a shuffle and cut",
        )
    ]


RULINGS: dict[type, Callable[[LiveHand, Any], list[LiveEvent]]] = {
    DeclareMisdeal: _declare,
    ExposedCard: _exposed_card,
    BoxedCard: _boxed,
    JokerFound: _joker,
    DuplicateCardFound: _duplicate,
    ExtraCardDealt: _extra,
    CardOffTable: _card_off_table,
    RulePrematureCards: _premature,
    ReportIrregularity: _report,
    FailureToCut: _failure_to_cut,
}
