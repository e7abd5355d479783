"""Dealing procedure at a live table: shuffle objections, self-dealt games, who is dealt in.

* DEAL-02 :class:`ShuffleObjection` — a player demands a reshuffle. CAMB:L34: any player, before
  the cards are dealt; RRP:L10: before he has looked at his hand and before betting begins (once
  cards are out, the reshuffle means a redeal: every chip back, same button, MIS-02 / G10). LPR,
  GROS and HIPP are silent: chosen default = CAMB's window (before the first card), see
  :data:`SHUFFLE_OBJECTION`. Whether the objection has merit is a human judgement (DEAL-01 is
  HUMAN-ONLY); the software records it and applies the timing.
* DEAL-03 :class:`SelfDeal` / :func:`check_self_deal` — a player-dealt hand. ``self_deal_allowed``:
  GROS competitions only (GROS:L145: cash games never self-dealt), CAMB always (L14) and RRP
  (L7-9: player-dealt games), LPR and HIPP no. GROS:L143: the player left of the dealer
  shuffles, the player on his right cuts, three people always; GROS:L144: dealing from the hand
  needs a cutting card. CAMB:L34 and RRP:L7: the cards are cut every hand (RRP recommends the
  three-person method without requiring it). The physical shuffle itself (riffle counts, cut
  sizes, DEAL-01) is HUMAN-ONLY.
* MIS-09 :class:`CardsToWrongSeat`, :class:`PlayerDealtOut` — the entitlement check
  (:func:`entitlement`): a seat is entitled to a hand if its player posted a blind or ante
  (HIPP:L131, RRP:L22), or is seated and present with chips (cash) / registered with chips
  (tournament, absent players are dealt in, BLD-07) and owes no blind (NEW-05). Dealing to a seat
  not entitled, or leaving out one that is, is a misdeal before the cut-off (MIS-01); after it the
  hand is played out (RRP:L23).

Cambridge, a player demands a reshuffle once the first card is out: too late.

>>> from pokerroom.hand import HandConfig
>>> from pokerroom.house import load_house
>>> from pokerroom.floor.dealing import DealHoleCard
>>> from pokerroom.floor.live import LiveHand, apply
>>> cfg = HandConfig.holdem_no_limit((100,) * 3, 1, 2, rules=load_house("cambridge", "tournament"))
>>> live, events = apply(LiveHand.start(cfg), ShuffleObjection(2))
>>> events[0].rule, events[0].outcome
('DEAL-02', 'reshuffle')
>>> live, _ = apply(live, DealHoleCard(0, None))
>>> try:
...     apply(live, ShuffleObjection(2))
... except FloorError as err:
...     err.code
'objection_too_late'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pokerroom.cards import Card
from pokerroom.floor.dead import kill_events
from pokerroom.floor.dealing import FloorError, FloorRuling, LiveEvent, check_position
from pokerroom.floor.irregularities import check_cutoff, misdeal_ruling
from pokerroom.floor.live import LiveHand
from pokerroom.house import HouseRules, Mode

__all__ = [
    "SHUFFLE_OBJECTION",
    "CardsToWrongSeat",
    "PlayerDealtOut",
    "SeatClaim",
    "SelfDeal",
    "ShuffleObjection",
    "check_self_deal",
    "entitlement",
]

ObjectionWindow = Literal["before_deal", "before_looking_or_betting"]

#: DEAL-02 per house: CAMB:L34 before the cards are dealt; RRP:L10 before the player looks at
#: his hand or betting begins; LPR, GROS, HIPP silent: chosen default = CAMB's window.
SHUFFLE_OBJECTION: dict[str, ObjectionWindow] = {
    "lpr": "before_deal",
    "grosvenor": "before_deal",
    "hippodrome": "before_deal",
    "cambridge": "before_deal",
    "roberts": "before_looking_or_betting",
}


def _window(rules: HouseRules) -> ObjectionWindow:
    return SHUFFLE_OBJECTION.get(rules.rulebook, "before_deal")


def _started(live: LiveHand) -> bool:
    return bool(live.trail) or any(live.hands)


@dataclass(frozen=True, slots=True)
class ShuffleObjection:
    """DEAL-02: the player at ``position`` objects to the shuffle, cut or preparation of the deck
    and demands a reshuffle; ``looked``: he has already looked at his cards."""

    position: int
    looked: bool = False


def _objection(live: LiveHand, cmd: ShuffleObjection) -> list[LiveEvent]:
    rules = live.config.rules
    p = cmd.position
    check_position(p, live.config.players)
    if not _started(live):
        return [
            FloorRuling(
                "DEAL-02",
                "reshuffle",
                f"p{p + 1} objects to the shuffle before the deal: the deck is shuffled and cut "
                "again",
                positions=(p,),
            )
        ]
    window = _window(rules)
    if window == "before_deal":
        raise FloorError(
            "objection_too_late",
            f"at {rules.name} a reshuffle may be demanded only before the cards are dealt "
            "(DEAL-02, CAMB:L34"
            + ("" if rules.rulebook == "cambridge" else "; house silent: chosen default")
            + "); the deal stands",
        )
    if cmd.looked or live.actions:
        why = "he has looked at his cards" if cmd.looked else "betting has begun"
        raise FloorError(
            "objection_too_late",
            f"p{p + 1}'s objection comes too late: {why} (DEAL-02, RRP:L10); the deal stands",
        )
    return [
        misdeal_ruling(
            live,
            "shuffle_objection",
            "DEAL-02",
            f"p{p + 1} objects to the shuffle before looking or betting (RRP:L10): the cards are "
            "gathered, shuffled, cut and dealt again",
        )
    ]


# ---------------------------------------------------------------------------------------
# DEAL-03 self-dealt hands
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SelfDeal:
    """DEAL-03: this hand is dealt by the player at ``dealer``; ``shuffler`` and ``cutter`` are
    positions (``None``: someone who is not in the hand, e.g. an official); ``cut_card``: the
    bottom of the deck is protected by a cutting card while dealing from the hand."""

    dealer: int
    shuffler: int | None
    cutter: int | None
    cut_card: bool = True


def check_self_deal(
    rules: HouseRules,
    players: int,
    dealer: int,
    shuffler: int | None,
    cutter: int | None,
    cut_card: bool = True,
) -> str:
    """Raise :class:`FloorError` unless this house lets these players deal this hand
    (DEAL-03); return the rule text that allowed it."""
    policy = rules.self_deal_allowed
    mode: Mode = rules.mode
    if policy == "no":
        raise FloorError(
            "self_deal_not_allowed",
            f"at {rules.name} every hand is dealt by a house dealer (DEAL-03, "
            "self_deal_allowed = no); players may not deal",
        )
    if policy == "competition_only" and mode == "cash":
        raise FloorError(
            "self_deal_not_allowed",
            f"at {rules.name} cash games must be dealer dealt at all times (DEAL-03, GROS:L145); "
            "players may deal only in competitions",
        )
    for name, p in (("dealer", dealer), ("shuffler", shuffler), ("cutter", cutter)):
        if p is not None:
            check_position(p, players, name)
    if policy == "competition_only":
        left = (dealer + 1) % players
        right = (dealer - 1) % players if players > 2 else None
        if shuffler != left or cutter != right:
            want_cut = f"p{right + 1}" if right is not None else "a third person (None)"
            raise FloorError(
                "wrong_shuffler_or_cutter",
                f"GROS:L143: the player left of the dealer shuffles (p{left + 1}) and the player "
                f"on his right cuts ({want_cut}); three people are always involved (DEAL-03)",
            )
        if not cut_card:
            raise FloorError(
                "cut_card_required",
                "GROS:L144: the initial deal may come from the hand only with a cutting card "
                "protecting the bottom of the deck (DEAL-03)",
            )
        return "GROS:L143-145"
    if cutter is None:
        raise FloorError(
            "cut_required",
            f"at {rules.name} the cards must be cut every hand (DEAL-03, CAMB:L34, RRP:L7): "
            "name the cutter",
        )
    return "CAMB:L14, L34; RRP:L7-9"


def _self_deal(live: LiveHand, cmd: SelfDeal) -> list[LiveEvent]:
    if _started(live):
        raise FloorError(
            "deal_started",
            "who deals, shuffles and cuts is settled before the first card (DEAL-03)",
        )
    source = check_self_deal(
        live.config.rules, live.config.players, cmd.dealer, cmd.shuffler, cmd.cutter, cmd.cut_card
    )
    people = ", ".join(
        f"{role} {'p' + str(p + 1) if p is not None else 'an official'}"
        for role, p in (("dealer", cmd.dealer), ("shuffler", cmd.shuffler), ("cutter", cmd.cutter))
    )
    return [
        FloorRuling(
            "DEAL-03",
            "self_dealt",
            f"player-dealt hand ({source}): {people}",
            positions=tuple(p for p in (cmd.dealer, cmd.shuffler, cmd.cutter) if p is not None),
        )
    ]


# ---------------------------------------------------------------------------------------
# MIS-09 dealing to the wrong seats
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatClaim:
    """What the table knows about one seat at the deal (MIS-09 entitlement)."""

    seat: int
    occupied: bool = True
    present: bool = True
    chips: int = 0
    posted: bool = False
    owes_blind: bool = False


def entitlement(claim: SeatClaim, mode: Mode) -> tuple[bool, str]:
    """MIS-09: (is this seat entitled to a hand, why)."""
    if claim.posted:
        return True, "posted a blind or ante (HIPP:L131, RRP:L22)"
    if not claim.occupied:
        return False, "the seat is empty"
    if claim.chips <= 0:
        return False, "the player has no chips"
    if claim.owes_blind:
        return False, "the player owes a blind and has not posted it (NEW-05)"
    if mode == "cash" and not claim.present:
        return False, "the player is not present at the table (cash)"
    if mode == "cash":
        return True, "seated and present with chips"
    return True, "registered with chips (absent tournament players are dealt in, BLD-07)"


@dataclass(frozen=True, slots=True)
class CardsToWrongSeat:
    """MIS-09: cards were dealt to ``claim``'s seat. ``position``: his position if the table
    put him in this hand; ``None`` (an empty seat, a player outside the hand) with the
    ``cards`` that went there."""

    claim: SeatClaim
    position: int | None = None
    cards: tuple[Card | None, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerDealtOut:
    """MIS-09: the player in ``claim``'s seat was dealt no hand."""

    claim: SeatClaim


def _wrong_seat(live: LiveHand, cmd: CardsToWrongSeat) -> list[LiveEvent]:
    rules = live.config.rules
    ok, why = entitlement(cmd.claim, rules.mode)
    seat = f"seat {cmd.claim.seat}"
    if ok:
        raise FloorError(
            "entitled",
            f"{seat} is entitled to a hand ({why}); dealing to it is no error (MIS-09)",
        )
    p = cmd.position
    if p is not None:
        check_position(p, live.config.players)
    if p is None and not cmd.cards:
        raise FloorError("no_cards", f"name the cards dealt to {seat} (None for unseen ones)")
    if live.misdeal_allowed:
        return [
            misdeal_ruling(live, "dealt_to_wrong_seat", "MIS-09", f"cards dealt to {seat}: {why}")
        ]
    # After the cut-off the hand is played out (RRP:L23, HIPP:L119).
    if p is None:
        return [
            FloorRuling(
                "MIS-09",
                "dead_cards",
                f"cards dealt to {seat} ({why}) after the misdeal cut-off: they are dead, the "
                "hand is played out (RRP:L23)",
                cards=cmd.cards,
            )
        ]
    if p in live.acted:
        return [
            FloorRuling(
                "MIS-09",
                "stands",
                f"p{p + 1} ({seat}: {why}) has acted and put chips in: his hand plays "
                "(HIPP:L223, NEW-05; RRP:L23)",
                positions=(p,),
            )
        ]
    return kill_events(
        live, p, "MIS-09", None, f"p{p + 1} ({seat}) is not entitled to a hand ({why}): dead hand"
    )


def _dealt_out(live: LiveHand, cmd: PlayerDealtOut) -> list[LiveEvent]:
    ok, why = entitlement(cmd.claim, live.config.rules.mode)
    seat = f"seat {cmd.claim.seat}"
    if not ok:
        raise FloorError(
            "not_entitled",
            f"{seat} was rightly dealt out: {why} (MIS-09, HIPP:L131, RRP:L22)",
        )
    if live.misdeal_allowed:
        check_cutoff(live, "player dealt out")
        return [misdeal_ruling(live, "player_left_out", "MIS-09", f"{seat} dealt out though {why}")]
    return [
        FloorRuling(
            "MIS-09",
            "stands",
            f"{seat} was dealt out ({why}) but the misdeal cut-off has passed: the hand is "
            "played out without him (RRP:L23)"
            + ("; his posted blind is for the floor to rule on" if cmd.claim.posted else ""),
            ruling_required=cmd.claim.posted,
        )
    ]


RULINGS: dict[type, Callable[[LiveHand, Any], list[LiveEvent]]] = {
    ShuffleObjection: _objection,
    SelfDeal: _self_deal,
    CardsToWrongSeat: _wrong_seat,
    PlayerDealtOut: _dealt_out,
}
