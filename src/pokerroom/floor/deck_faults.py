"""A faulty deck or stub, and flashed cards (RULES.md IRR-06, IRR-07, IRR-08, IRR-15).

* IRR-06 :class:`DifferentBackFound` — a card with a different back. In play during the hand:
  all action void, every chip back to whoever put it in (HIPP:L150, RRP:L37); found in the stub:
  the action stands and the card is taken out (RRP:L37). LPR, GROS and CAMB are silent: chosen
  default = the same rule. The redeal keeps the button (G27).
* IRR-07 :class:`MissingCards` — cards missing from the deck do not invalidate the hand
  (HIPP:L154, RRP:L44; others silent, same). Also ruled on a finished hand (the deck is counted
  after the pot). The missing cards can no longer be dealt.
* IRR-08 :class:`FlashedCard` — flashed by the dealer: an exposed card (HIPP:L155, RRP:L46), the
  IRR-01 procedure (or a MIS-04/05 misdeal) during the initial deal; at RRP the player must say so
  before looking at it (RRP:L47), else it plays. Flashed by a player: it plays (RRP:L46); at HIPP
  he loses aggressive action for the whole hand (HIPP:L155); the silent houses use their
  player-exposure parameters (EXP-01/02). Nobody may choose to keep or refuse a dealer-exposed card
  (HIPP:L156, RRP:L48): the command has no such option, the house procedure always applies.
* IRR-15 :class:`StubFouled` — the stub is disturbed (dropped): the hand is played out and the
  stub reconstituted as fairly as possible (known stub order is forgotten); stub and muck mixed
  before the hand is over: the hand is void, every chip back (HIPP:L160; others silent, same).

Roberts, a card with a red back in p2's hand after two actions: void, everything back.

>>> from pokerroom.hand import HandConfig, BetRaise, CheckCall
>>> from pokerroom.house import load_house
>>> from pokerroom.floor.dealing import DealHoleCard
>>> from pokerroom.floor.live import LiveHand, apply
>>> cfg = HandConfig.holdem_no_limit((100,) * 3, 1, 2, rules=load_house("roberts", "cash"))
>>> live = LiveHand.start(cfg)
>>> for i in range(6):
...     live, _ = apply(live, DealHoleCard(i % 3, None))
>>> live, _ = apply(live, BetRaise(2, 6))
>>> live, _ = apply(live, CheckCall(0))
>>> live, events = apply(live, DifferentBackFound(None))
>>> live.redeal.kind, live.redeal.rule, live.redeal.refunds
('void', 'IRR-06', (6, 2, 6))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pokerroom.cards import Card
from pokerroom.floor.dealing import (
    CardsRestored,
    FloorError,
    FloorRuling,
    LiveEvent,
    RedealRequired,
    check_position,
)
from pokerroom.floor.irregularities import exposed_ruling
from pokerroom.floor.live import LiveHand

__all__ = [
    "AFTER_HAND",
    "DifferentBackFound",
    "FlashedCard",
    "MissingCards",
    "StubFouled",
    "void_ruling",
]

#: RRP:L47: a player gets a replacement for a dealer-flashed card only if he says so before
#: looking at it. HIPP, LPR, GROS, CAMB do not make this condition.
ANNOUNCE_BEFORE_LOOKING: frozenset[str] = frozenset({"roberts"})


@dataclass(frozen=True, slots=True)
class DifferentBackFound:
    """IRR-06: a card with a different back; ``in_stub``: found among the undealt cards."""

    card: Card | None
    in_stub: bool = False


@dataclass(frozen=True, slots=True)
class MissingCards:
    """IRR-07: these cards (or ``count`` unknown ones) are missing from the deck."""

    cards: tuple[Card, ...] = ()
    count: int = 0


@dataclass(frozen=True, slots=True)
class FlashedCard:
    """IRR-08: ``card`` in ``position``'s hand was flashed by the dealer or by the player;
    ``looked``: the player looked at it before saying it was flashed (RRP:L47)."""

    position: int
    card: Card
    by: Literal["dealer", "player"]
    looked: bool = False


@dataclass(frozen=True, slots=True)
class StubFouled:
    """IRR-15: the stub was disturbed (dropped, scattered); ``mixed_with_muck``: the stub and the
    muck were combined."""

    mixed_with_muck: bool = False


#: Commands that may be ruled after the pot was awarded.
AFTER_HAND: tuple[type, ...] = (MissingCards,)


def void_ruling(live: LiveHand, cause: str, rule: str, detail: str) -> FloorRuling:
    """All action void: every chip back to whoever put it in; redeal (G27: same button)."""
    refunds = live.refunds()
    redeal = RedealRequired(
        "void", cause, rule, refunds, same_button=live.config.rules.void_hand_same_button
    )
    paid = tuple((p, a) for p, a in enumerate(refunds) if a)
    return FloorRuling(rule, "void", detail, refunds=paid, redeal=redeal)


def _different_back(live: LiveHand, cmd: DifferentBackFound) -> list[LiveEvent]:
    seen = live.seen()
    c = cmd.card
    if cmd.in_stub:
        if c is not None and c in seen:
            raise FloorError(
                "card_not_in_stub", f"{c!r} is {live.where(c)}, not in the stub (IRR-06)"
            )
        return [
            FloorRuling(
                "IRR-06",
                "void_card",
                "card with a different back found in the stub: it is taken out and the action "
                "stands (RRP:L37)",
                cards=(c,),
            )
        ]
    if c is not None and c not in seen:
        raise FloorError(
            "card_not_in_play",
            f"{c!r} has not been dealt ({live.where(c)}); found among the undealt cards it is "
            "DifferentBackFound(card, in_stub=True) (IRR-06)",
        )
    return [
        void_ruling(
            live,
            "different_back",
            "IRR-06",
            "card with a different back in play: all action void, chips returned (HIPP:L150, "
            "RRP:L37)",
        )
    ]


def _missing(live: LiveHand, cmd: MissingCards) -> list[LiveEvent]:
    if live.redeal is not None:
        live.check_open("MissingCards")
    if not cmd.cards and cmd.count <= 0:
        raise FloorError("nothing_missing", "name the missing cards or give their count")
    if len(set(cmd.cards)) != len(cmd.cards):
        raise FloorError("repeated_card", "a missing card is named twice")
    seen = live.seen()
    for c in cmd.cards:
        if c in seen:
            raise FloorError(
                "card_not_missing", f"{c!r} is not missing: it is {live.where(c)} (IRR-07)"
            )
    total = max(cmd.count, len(cmd.cards))
    return [
        FloorRuling(
            "IRR-07",
            "missing",
            f"{total} card(s) missing from the deck: the hand"
            + (" result stands" if live.engine.is_over else " plays on")
            + " (HIPP:L154, RRP:L44)",
            cards=cmd.cards,
        )
    ]


def _flashed(live: LiveHand, cmd: FlashedCard) -> list[LiveEvent]:
    rules = live.config.rules
    p = cmd.position
    check_position(p, live.config.players)
    if cmd.card not in live.hands[p]:
        raise FloorError(
            "card_not_in_hand", f"{cmd.card!r} is not in p{p + 1}'s hand ({live.where(cmd.card)})"
        )
    if live.engine.folded[p]:
        raise FloorError("not_in_hand", f"p{p + 1}'s hand is folded or dead")
    if cmd.by == "dealer":
        if cmd.looked and rules.rulebook in ANNOUNCE_BEFORE_LOOKING:
            return [
                FloorRuling(
                    "IRR-08",
                    "plays",
                    f"p{p + 1} looked at the flashed {cmd.card!r} before saying so: no "
                    "replacement, the card plays (RRP:L47)",
                    positions=(p,),
                    cards=(cmd.card,),
                )
            ]
        # HIPP:L155, RRP:L46: an exposed card; HIPP:L156, RRP:L48: no choice to keep it.
        return exposed_ruling(live, cmd.card, "IRR-08", f"{cmd.card!r} flashed by the dealer")
    state = live.engine
    facing = bool(live.hole_sent) and state.bets[p] < state.current_bet
    mode = (
        rules.player_exposure_facing_action if facing else rules.player_exposure_not_facing_action
    )
    source = {"hippodrome": "HIPP:L155", "roberts": "RRP:L46"}.get(
        rules.rulebook, "EXP-01/02 house parameter; IRR-08 silent"
    )
    if mode == "lock_aggression":
        return [
            FloorRuling(
                "IRR-08",
                "aggression_locked",
                f"p{p + 1} flashed {cmd.card!r}: his hand plays but he loses aggressive action "
                f"for the whole hand ({source})",
                positions=(p,),
                cards=(cmd.card,),
            )
        ]
    if mode == "may_fold_hand":
        return [
            FloorRuling(
                "IRR-08",
                "plays",
                f"p{p + 1} flashed {cmd.card!r} facing action: the floor may rule his hand "
                f"folded (EXP-01, LPR r50); until then it plays",
                positions=(p,),
                cards=(cmd.card,),
                ruling_required=True,
            )
        ]
    return [
        FloorRuling(
            "IRR-08",
            "plays",
            f"p{p + 1} flashed {cmd.card!r}: the card plays ({source})",
            positions=(p,),
            cards=(cmd.card,),
        )
    ]


def _fouled(live: LiveHand, cmd: StubFouled) -> list[LiveEvent]:
    if cmd.mixed_with_muck:
        return [
            void_ruling(
                live,
                "stub_mixed_with_muck",
                "IRR-15",
                "stub and muck combined before the hand was over: the hand is void, all stakes "
                "returned (HIPP:L160)",
            )
        ]
    return [
        FloorRuling(
            "IRR-15",
            "stub_reconstituted",
            "stub fouled: the hand is played out from the stub reconstituted as fairly as "
            "possible (HIPP:L160)",
        ),
        CardsRestored("IRR-15", (), (), live.burned, live.extra_burns),
    ]


RULINGS: dict[type, Callable[[LiveHand, Any], list[LiveEvent]]] = {
    DifferentBackFound: _different_back,
    MissingCards: _missing,
    FlashedCard: _flashed,
    StubFouled: _fouled,
}
