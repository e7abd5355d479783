"""Dead and killed hands (RULES.md §18 DEAD, IRR-09): the floor's rulings on a player's cards.

A hand the dealer kills by mistake is dead; what its owner gets back depends on the house
(DEAD-06, ``killed_hand_refund``): LPR returns an uncalled raise, Grosvenor the raise increment
(and asks for a ruling once it was called, CONFLICTS G-16), the others nothing. Refunds come out
of the pot to the killed player; everything else he put in stays in the pot.

Grosvenor, S32: A bets 20, B raises to 60, the dealer kills B's cards: B gets 40 back and C
faces A's bet of 20.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.hand import HandConfig, BetRaise, CheckCall, legal_actions
>>> from pokerroom.house import load_house
>>> from pokerroom.floor.dealing import DealHoleCard, BurnCard, DealBoardCards
>>> from pokerroom.floor.live import LiveHand, apply
>>> cfg = HandConfig.holdem_no_limit((200,) * 3, 1, 2, rules=load_house("grosvenor", "cash"))
>>> live = LiveHand.start(cfg)
>>> for i in range(6):
...     live, _ = apply(live, DealHoleCard(i % 3, None))
>>> for a in (CheckCall(2), CheckCall(0), CheckCall(1)):
...     live, _ = apply(live, a)
>>> live, _ = apply(live, BurnCard(None))
>>> live, _ = apply(live, DealBoardCards(parse_cards("2c7d9h")))
>>> live, _ = apply(live, BetRaise(0, 20))
>>> live, _ = apply(live, BetRaise(1, 60))
>>> live, events = apply(live, KillHand(1))
>>> events[0].rule, events[0].refunds, live.engine.stacks
('DEAD-06', ((1, 40),), (178, 178, 198))
>>> legal_actions(live.engine)
LegalActions(actor=2, can_check=False, call_amount=20, min_raise_to=40, max_raise_to=198)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from pokerroom.cards import Card
from pokerroom.errors import PokerroomError
from pokerroom.floor.dealing import (
    DeadHand,
    EngineInput,
    EngineRebuilt,
    EngineStep,
    FloorError,
    FloorRuling,
    LiveEvent,
    check_position,
)
from pokerroom.floor.live import LiveHand, engine_step, evolve, run_engine, street_start
from pokerroom.hand.actions import BetRaise, CheckCall, Fold

__all__ = [
    "MUCK_IS_FINAL",
    "TOUCHING_MUCK_KILLS",
    "CardsReachMuck",
    "CardsThrownIntoHand",
    "FoldDeclared",
    "KillHand",
    "PlayerDroppedCard",
    "RefundPolicy",
    "RetrieveHand",
    "kill_events",
]

RefundPolicy = Literal["uncalled_raise_only", "raise_increment_always", "none"]


@dataclass(frozen=True, slots=True)
class KillHand:
    """Make a hand dead: mucked by the dealer (DEAD-06, house refund) or killed by the floor
    (a ruling such as DEAD-05 or DEAD-07: no refund)."""

    position: int
    by: Literal["dealer", "floor"] = "dealer"


@dataclass(frozen=True, slots=True)
class RetrieveHand:
    """Floor: give a folded or mucked hand back to its owner where the house allows (DEAD-03)."""

    position: int
    identifiable: bool = True
    touched_muck: bool = False


@dataclass(frozen=True, slots=True)
class CardsThrownIntoHand:
    """``thrower``'s cards landed in ``into``'s hand (DEAD-04)."""

    thrower: int
    into: int
    identifiable: bool = False


@dataclass(frozen=True, slots=True)
class FoldDeclared:
    """DEAD-01: the player to act said he folds (``how="said"``) or pushed his cards forward
    (``"forward_motion"``); ``next_player_acted``: a later player acted because of it.

    The engine's ``Fold`` is the plain fold; this command records how the fold was made and
    decides whether it counts: a spoken fold always does (RRP:L26, CAMB:L56, CONFLICTS C-7: any
    fold kills the hand), cards pushed forward when facing a bet do, and when not facing a bet
    only if another player then acted (RRP:L27, CAMB:L56). A fold is final except by the
    house's retrieval rule (DEAD-03, :class:`RetrieveHand`).
    """

    position: int
    how: Literal["said", "forward_motion"] = "said"
    next_player_acted: bool = False


@dataclass(frozen=True, slots=True)
class CardsReachMuck:
    """DEAD-02: ``position``'s cards touched the muck (or burn) pile; ``identifiable``: they can
    still be told apart from the muck."""

    position: int
    identifiable: bool = False


#: DEAD-02: houses where a hand that has reached the muck is dead for good and never retrieved:
#: GROS:L56 (live until it touches the muck or burn cards), CAMB:L54-56 (never made live again),
#: HIPP:L137 (folded hands are dead once they reach the muck, CONFLICTS H-12). RRP:L32 (and LPR,
#: silent, on Robert's base) may still return a clearly identifiable hand from the muck.
MUCK_IS_FINAL: frozenset[str] = frozenset({"grosvenor", "cambridge", "hippodrome"})

#: DEAD-02: houses where a live (unfolded) hand is dead as soon as it touches the muck or burn
#: pile: GROS:L56, CAMB:L54. HIPP (L137 speaks only of folded hands), RRP:L32 and LPR (silent):
#: dead unless it is clearly identifiable (floor's discretion).
TOUCHING_MUCK_KILLS: frozenset[str] = frozenset({"grosvenor", "cambridge"})


@dataclass(frozen=True, slots=True)
class PlayerDroppedCard:
    """A player dropped one of his cards on the floor or off the table (IRR-09)."""

    position: int
    card: Card | None


def _raise_to_refund(live: LiveHand, p: int) -> tuple[int | None, bool]:
    """(index of p's last raise this hand, whether anyone called or re-raised it).

    DEAD-06: a raise made in an earlier betting round was called when that round closed
    (GROS:L55 keeps "their raise" with no word of the round, so the floor must still be asked,
    CONFLICTS G-16; LPR r63 returns only a raise not yet called)."""
    inputs = live.inputs
    start = street_start(inputs)
    for i in range(len(inputs) - 1, -1, -1):
        item = inputs[i]
        if isinstance(item, BetRaise) and item.actor == p:
            before, _ = run_engine(live.config, inputs[:i])
            if before.current_bet == 0:
                return None, False  # an opening bet, not a raise
            called = i < start or any(
                isinstance(x, CheckCall | BetRaise) and x.actor != p for x in inputs[i + 1 :]
            )
            return i, called
    return None, False


def kill_events(
    live: LiveHand, p: int, rule: str, policy: RefundPolicy | None, detail: str
) -> list[LiveEvent]:
    """The events that make ``p``'s hand dead, with the refund ``policy`` (None: no refund)."""
    state = live.engine
    check_position(p, state.n)
    if state.folded[p]:
        raise FloorError(
            "already_killed", f"p{p + 1}'s hand is already folded or dead: nothing to kill"
        )
    refund, ruling_required = 0, False
    inputs: tuple[EngineInput, ...] | None = None
    if policy in ("uncalled_raise_only", "raise_increment_always"):
        index, called = _raise_to_refund(live, p)
        if index is not None and not called:
            # LPR r63 / GROS:L55: the raise increment goes back; the call stays in the pot.
            inputs = (*live.inputs[:index], CheckCall(p), *live.inputs[index + 1 :], DeadHand(p))
            try:
                after, _ = run_engine(live.config, inputs)
            except PokerroomError:
                inputs, ruling_required = None, True
            else:
                refund = state.contrib[p] - after.contrib[p]
        elif index is not None and policy == "raise_increment_always":
            ruling_required = True  # CONFLICTS G-16: the raise was called; the floor decides
    ruling = FloorRuling(
        rule,
        "dead",
        detail
        + (f"; p{p + 1} gets {refund} back" if refund else "")
        + ("; the raise was called: pot held for a floor ruling" if ruling_required else ""),
        positions=(p,),
        refunds=((p, refund),) if refund else (),
        ruling_required=ruling_required,
    )
    if inputs is not None:
        _, log = run_engine(live.config, inputs)
        return [ruling, EngineRebuilt(inputs, log)]
    _, evs = engine_step(state, DeadHand(p))
    return [ruling, EngineStep(DeadHand(p), evs)]


def _kill(live: LiveHand, cmd: KillHand) -> list[LiveEvent]:
    if cmd.by == "floor":
        return kill_events(
            live, cmd.position, "DEAD-07", None, f"p{cmd.position + 1} killed by the floor"
        )
    policy = live.config.rules.killed_hand_refund
    return kill_events(
        live,
        cmd.position,
        "DEAD-06",
        policy,
        f"p{cmd.position + 1}'s hand mucked by the dealer ({policy})",
    )


def _retrieve(live: LiveHand, cmd: RetrieveHand) -> list[LiveEvent]:
    rules = live.config.rules
    p = cmd.position
    policy = rules.muck_retrieval
    house = rules.name
    if policy == "never":
        raise FloorError(
            "retrieval_not_allowed",
            f"at {house} a hand that touched the fold pile is dead and never comes back "
            "(DEAD-02, DEAD-03)",
        )
    final = rules.rulebook in MUCK_IS_FINAL
    if (p in live.in_muck or cmd.touched_muck) and (final or _lost_in_muck(live, p)):
        # DEAD-02/03: HIPP:L137 (CONFLICTS H-12: reaching the muck or being unidentifiable,
        # either suffices), GROS:L56, CAMB:L54: cards that reached the muck are dead.
        raise FloorError(
            "retrieval_not_allowed",
            f"p{p + 1}'s cards have reached the muck: at {house} they are dead and cannot be "
            "restored (DEAD-02, DEAD-03)",
        )
    if policy == "before_touching_muck_no_further_action" and cmd.touched_muck:
        raise FloorError(
            "retrieval_not_allowed",
            f"at {house} only a hand that has not touched the muck may be retrieved (DEAD-03)",
        )
    if policy == "identifiable_at_floor_discretion" and not cmd.identifiable:
        raise FloorError(
            "retrieval_not_allowed",
            f"at {house} only a clearly identifiable hand may be retrieved (DEAD-03)",
        )
    inputs = live.inputs
    index = next(
        (
            i
            for i in range(len(inputs) - 1, -1, -1)
            if isinstance(inputs[i], Fold | DeadHand)
            and getattr(inputs[i], "position", getattr(inputs[i], "actor", -1)) == p
        ),
        None,
    )
    if index is None:
        raise FloorError("not_folded", f"p{p + 1}'s hand is live; there is nothing to retrieve")
    new_inputs = (*inputs[:index], *inputs[index + 1 :])
    try:
        _, log = run_engine(live.config, new_inputs)
    except PokerroomError as err:
        raise FloorError(
            "cannot_retrieve",
            f"p{p + 1}'s hand cannot come back: the action since depends on it ({err}); "
            "retrieve it before the next player acts",
        ) from err
    restricted = policy == "before_touching_muck_no_further_action"
    ruling = FloorRuling(
        "DEAD-03",
        "retrieved_no_further_action" if restricted else "retrieved",
        f"p{p + 1}'s hand is returned"
        + (" (check, call or fold only: GROS:L56, CONFLICTS G-17)" if restricted else ""),
        positions=(p,),
    )
    return [ruling, EngineRebuilt(new_inputs, log)]


def _thrown(live: LiveHand, cmd: CardsThrownIntoHand) -> list[LiveEvent]:
    check_position(cmd.thrower, live.engine.n, "thrower")
    check_position(cmd.into, live.engine.n, "into")
    policy = live.config.rules.thrown_into_hand
    victims = [] if live.engine.folded[cmd.thrower] else [cmd.thrower]
    if policy == "both_dead" or (
        policy == "both_dead_unless_identifiable" and not cmd.identifiable
    ):
        victims.append(cmd.into)
    events: list[LiveEvent] = []
    for p in victims:
        if live.engine.folded[p]:
            continue
        new = kill_events(
            live, p, "DEAD-04", None, f"cards thrown into p{cmd.into + 1}'s hand ({policy})"
        )
        for e in new:
            live = evolve(live, e)
        events.extend(new)
    if not events:
        events.append(
            FloorRuling(
                "DEAD-04",
                "note",
                f"thrown cards dead; p{cmd.into + 1}'s hand plays ({policy})",
                positions=(cmd.thrower,),
            )
        )
    return events


def _dropped(live: LiveHand, cmd: PlayerDroppedCard) -> list[LiveEvent]:
    p = cmd.position
    check_position(p, live.engine.n)
    if live.config.rules.player_dropped_card == "hand_dead_and_new_deck":
        return kill_events(
            live, p, "IRR-09", None, f"p{p + 1} dropped a card: hand dead, the deck is changed"
        )
    return [
        FloorRuling(
            "IRR-09",
            "exposed_in_hand",
            f"p{p + 1} dropped a card: he must play it",
            positions=(p,),
            cards=(cmd.card,),
        )
    ]


def _lost_in_muck(live: LiveHand, p: int) -> bool:
    """True if the floor found ``p``'s cards in the muck and no longer identifiable (DEAD-02)."""
    return any(
        isinstance(e, FloorRuling)
        and e.rule == "DEAD-02"
        and e.outcome == "dead"
        and p in e.positions
        for e in live.log
    )


def _fold_declared(live: LiveHand, cmd: FoldDeclared) -> list[LiveEvent]:
    state = live.engine
    p = cmd.position
    check_position(p, state.n)
    if state.actor != p:
        raise FloorError(
            "not_in_turn",
            f"p{p + 1} is not the player to act"
            + (f" (p{state.actor + 1} is)" if state.actor is not None else "")
            + "; a fold out of turn is ruled with the out-of-turn rules (OOT)",
        )
    facing = state.bets[p] < state.current_bet
    how = "said he folds" if cmd.how == "said" else "pushed his cards forward"
    if cmd.how == "forward_motion" and not facing and not cmd.next_player_acted:
        return [
            FloorRuling(
                "DEAD-01",
                "live",
                f"p{p + 1} {how} without facing a bet and nobody acted behind him: his hand "
                "is still live (RRP:L27, CAMB:L56)",
                positions=(p,),
            )
        ]
    source = "RRP:L26, CAMB:L56" if cmd.how == "said" else "RRP:L27, CAMB:L56"
    if cmd.how == "said" and not facing:
        source = "CONFLICTS C-7: any fold kills the hand"
    ruling = FloorRuling(
        "DEAD-01",
        "dead",
        f"p{p + 1} {how}" + (" facing a bet" if facing else "") + f": his hand is dead ({source})",
        positions=(p,),
    )
    _, evs = engine_step(state, Fold(p))
    return [ruling, EngineStep(Fold(p), evs)]


def _reach_muck(live: LiveHand, cmd: CardsReachMuck) -> list[LiveEvent]:
    rules = live.config.rules
    house = rules.rulebook  # DEAD-02: the rulebook's own muck rule, also for a derived club
    p = cmd.position
    state = live.engine
    check_position(p, state.n)
    if p in live.in_muck:
        raise FloorError("already_in_muck", f"p{p + 1}'s cards are already in the muck")
    if state.folded[p]:
        final = house in MUCK_IS_FINAL or not cmd.identifiable
        return [
            FloorRuling(
                "DEAD-02",
                "dead" if final else "in_muck",
                f"p{p + 1}'s folded cards reached the muck: "
                + (
                    "dead for good, they cannot be retrieved"
                    if final
                    else "still identifiable, the floor may retrieve them (RRP:L32)"
                ),
                positions=(p,),
            )
        ]
    if house in TOUCHING_MUCK_KILLS or not cmd.identifiable:
        source = {"grosvenor": "GROS:L56", "cambridge": "CAMB:L54-56"}.get(
            house, "not identifiable: RRP:L32, HIPP:L137"
        )
        events = kill_events(
            live, p, "DEAD-02", None, f"p{p + 1}'s live cards touched the muck: dead ({source})"
        )
        return events
    return [
        FloorRuling(
            "DEAD-02",
            "live",
            f"p{p + 1}'s cards touched the muck but are clearly identifiable: the hand stays "
            "live (RRP:L32, floor's discretion; HIPP:L137 and LPR by the same reading)",
            positions=(p,),
        )
    ]


RULINGS: dict[type, Callable[[LiveHand, Any], list[LiveEvent]]] = {
    KillHand: _kill,
    RetrieveHand: _retrieve,
    CardsThrownIntoHand: _thrown,
    PlayerDroppedCard: _dropped,
    FoldDeclared: _fold_declared,
    CardsReachMuck: _reach_muck,
}
