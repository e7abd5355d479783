"""Cards exposed by a player; show one, show all (RULES.md §11, EXP-01..EXP-04, CLK-03).

:func:`expose_cards` rules on a player who turns a hole card face up during the hand:

* facing action (he owes chips to the bet), per ``player_exposure_facing_action`` (EXP-01):
  the floor may rule the hand folded (LPR r50: ``may_fold_hand``, a ``Fold`` is suggested and
  nothing else changes), he loses aggressive action (GROS:L74, HIPP:L155), or the card simply
  plays (RRP:L46). Where the house sets ``exposed_facing_bet_timer_s`` (HIPP:L143) he also has
  that many seconds to act or his hand is dead (CLK-03, CONFLICTS H-13: both apply);
* not facing action, per ``player_exposure_not_facing_action`` (EXP-02): passive for the rest
  of the hand (LPR r51, GROS, HIPP) or no effect (RRP).

The lost aggression lives in :class:`Conduct`, the per-hand record of who may no longer bet or
raise; :meth:`Conduct.legal_actions` is the engine's ``legal_actions`` with that applied and
:meth:`Conduct.check` refuses a locked player's bet or raise. Every ruling names the exposed
cards to announce to the table (EXP-04).

:func:`show_to` is EXP-03, show one show all: cards shown to one player are owed to the table,
at once when the viewer may still use them in the betting (and the shower is then treated as
having exposed them, HIPP:L194), after the betting when he cannot (HIPP:L194, RRP:L74).

LPR, S20 (a): A, not facing a bet, flips a card: he may check or fold but not bet.

>>> from pokerroom.hand import BetRaise, CheckCall, HandConfig, apply, start_hand
>>> from pokerroom.hand import DealBoard, DealHole
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.house import load_house
>>> cfg = HandConfig.build("NT", (520, 520), 1, 3, rules=load_house("lpr", "cash"))
>>> s, _ = start_hand(cfg)
>>> s, _ = apply(s, DealHole(0, parse_cards("AsKs")))
>>> s, _ = apply(s, DealHole(1, parse_cards("QdQc")))
>>> s, _ = apply(s, BetRaise(1, 20))
>>> s, _ = apply(s, CheckCall(0))
>>> s, _ = apply(s, DealBoard(parse_cards("Ah8s4d")))
>>> r = expose_cards(s, 0, parse_cards("As"))
>>> r.rule, r.aggression_locked, r.conduct.legal_actions(s).describe()
('EXP-02', True, 'fold, check')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from pokerroom.cards import Card
from pokerroom.errors import IllegalAction
from pokerroom.floor.clock import Clock, start_exposure_timer
from pokerroom.hand.actions import Action, BetRaise, Fold
from pokerroom.hand.betting import LegalActions, legal_actions
from pokerroom.hand.state import BET, DONE, SHOWDOWN, HandState
from pokerroom.house.rules import HouseRules

__all__ = [
    "AggressionLocked",
    "CardsExposed",
    "Conduct",
    "ExposureError",
    "ExposureRuling",
    "RevealOwed",
    "ShowRuling",
    "expose_cards",
    "show_to",
]


class ExposureError(IllegalAction):
    """An exposure that does not fit the hand (unknown player or card); nothing changed."""


@dataclass(frozen=True, slots=True)
class CardsExposed:
    """Event: ``position`` exposed these cards; ``facing_action`` when he owed chips."""

    position: int
    cards: tuple[Card, ...]
    facing_action: bool


@dataclass(frozen=True, slots=True)
class AggressionLocked:
    """Event: ``position`` may only check, call or fold for the rest of the hand."""

    position: int
    rule: str


@dataclass(frozen=True, slots=True)
class RevealOwed:
    """Event: these cards of ``shower`` must be shown to the whole table ``when``."""

    shower: int
    viewer: int | None
    cards: tuple[Card, ...]
    when: Literal["now", "end_of_betting"]


@dataclass(frozen=True, slots=True)
class Conduct:
    """Per-hand restrictions from players' conduct: who has lost aggressive action for the
    hand (an exposed card, EXP-01/02), and who may not bet or raise on his next turn of a
    betting round because his out-of-turn check stood (OOT-06, RRP:L61).

    >>> Conduct().lock(2).locked
    frozenset({2})
    >>> c = Conduct().limit_next_turn(1, street=0)
    >>> c.limited(1, 0), c.limited(1, 1), c.acted(1).limited(1, 0)
    (True, False, False)
    """

    locked: frozenset[int] = frozenset()
    #: (position, street): OOT-06, no bet or raise on his next turn in that betting round.
    next_turn: frozenset[tuple[int, int]] = frozenset()
    #: (position, card): cards a player exposed, announced and face up to all (EXP-04).
    exposed: frozenset[tuple[int, Card]] = frozenset()

    def expose(self, position: int, cards: tuple[Card, ...]) -> Conduct:
        """EXP-04: ``position``'s ``cards`` are face up to the table from now on."""
        return replace(self, exposed=self.exposed | {(position, c) for c in cards})

    def face_up(self, position: int, hole: tuple[Card | None, ...]) -> bool:
        """Every one of ``position``'s hole cards ``hole`` has been exposed."""
        return bool(hole) and all(c is not None and (position, c) in self.exposed for c in hole)

    def lock(self, position: int) -> Conduct:
        """The same record with ``position`` limited to check, call or fold."""
        return replace(self, locked=self.locked | {position})

    def limit_next_turn(self, position: int, street: int) -> Conduct:
        """OOT-06: ``position`` may not bet or raise on his next turn in round ``street``."""
        return replace(self, next_turn=self.next_turn | {(position, street)})

    def acted(self, position: int) -> Conduct:
        """``position`` has taken his turn: a next-turn limit on him is spent."""
        if not any(p == position for p, _ in self.next_turn):
            return self
        return replace(self, next_turn=frozenset(x for x in self.next_turn if x[0] != position))

    def limited(self, position: int, street: int) -> bool:
        """True when ``position`` may not bet or raise now in round ``street``."""
        return position in self.locked or (position, street) in self.next_turn

    def legal_actions(self, state: HandState) -> LegalActions:
        """The engine's legal actions, without bet or raise for a limited player."""
        la = legal_actions(state)
        if la.actor is not None and self.limited(la.actor, state.street):
            return replace(la, min_raise_to=None, max_raise_to=None)
        return la

    def check(self, state: HandState, action: Action) -> None:
        """Refuse a bet or raise by a limited player (EXP-01/02, OOT-06); other actions pass."""
        if not isinstance(action, BetRaise):
            return
        p = action.actor
        if p in self.locked:
            raise ExposureError(
                "aggression_locked",
                f"p{p + 1} exposed a card and may not bet or raise this hand; "
                f"legal: {self.legal_actions(state).describe()}",
            )
        if (p, state.street) in self.next_turn:
            raise ExposureError(
                "oot_check_no_raise",
                f"p{p + 1} checked out of turn and the check stood: he may not bet or raise "
                f"on this turn (OOT-06, RRP:L61); legal: {self.legal_actions(state).describe()}",
            )


@dataclass(frozen=True, slots=True)
class ExposureRuling:
    """The ruling on an exposed card.

    ``aggression_locked``: he may only check, call or fold from now on (``conduct`` holds it).
    ``suggested``: an action the floor may order (LPR r50: ``Fold``, the hand ruled folded);
    the player's options are not limited until the floor rules. ``timer``: the CLK-03 clock,
    when the house has one and the exposing player is to act (``timer_s`` is its length).
    ``announce``: the cards the dealer must show and announce to everyone (EXP-04).
    """

    position: int
    facing_action: bool
    aggression_locked: bool
    suggested: Fold | None
    timer_s: int
    timer: Clock | None
    announce: tuple[Card, ...]
    conduct: Conduct
    rule: str
    explanation: str
    events: tuple[CardsExposed | AggressionLocked, ...]


@dataclass(frozen=True, slots=True)
class ShowRuling:
    """EXP-03: what showing cards to one player obliges, and the exposure ruling it causes."""

    reveal: RevealOwed | None
    exposure: ExposureRuling | None
    conduct: Conduct
    rule: str
    explanation: str


def _check_position(state: HandState, position: int, who: str) -> None:
    if not 0 <= position < state.n:
        raise ExposureError(
            "unknown_position", f"no {who} position {position}; positions are 0..{state.n - 1}"
        )


def _cards_of(state: HandState, position: int, cards: tuple[Card, ...] | None) -> tuple[Card, ...]:
    hole = state.hole_cards(position)
    if cards is None:
        return tuple(c for c in hole if c is not None)
    known = [c for c in hole if c is not None]
    if len(known) == len(hole):
        stray = [c for c in cards if c not in known]
        if stray:
            raise ExposureError(
                "not_his_card",
                f"{', '.join(map(repr, stray))} is not among p{position + 1}'s hole cards; "
                f"legal: {', '.join(map(repr, known)) or 'none dealt'}",
            )
    return tuple(cards)


def _action_pending(state: HandState, position: int) -> bool:
    """True while the player may still have a betting decision in this hand."""
    return (
        state.phase not in (SHOWDOWN, DONE)
        and not state.betting_closed
        and not state.folded[position]
        and state.stacks[position] > 0
    )


def expose_cards(
    state: HandState,
    position: int,
    cards: tuple[Card, ...] | None = None,
    conduct: Conduct | None = None,
    *,
    rules: HouseRules | None = None,
    at: float | None = None,
) -> ExposureRuling:
    """Rule on ``position`` exposing ``cards`` (default: all his known hole cards).

    ``conduct`` is the hand's record so far; the returned ruling carries the updated one.
    ``at`` (injected time) starts the CLK-03 timer where the house has one and he is to act.
    """
    rules = rules or state.config.rules
    conduct = conduct or Conduct()
    _check_position(state, position, "player")
    if state.folded[position]:
        raise ExposureError(
            "not_in_hand", f"p{position + 1} has folded: his cards are out of the hand"
        )
    shown = _cards_of(state, position, cards)
    conduct = conduct.expose(position, shown)  # EXP-04: announced, face up to all
    p = f"p{position + 1}"
    facing = state.phase == BET and state.bets[position] < state.current_bet
    if not _action_pending(state, position):
        # EXP-04: nothing left to bet; the card is only announced.
        return ExposureRuling(
            position, False, False, None, 0, None, shown, conduct, "EXP-04",
            f"{p} has no betting action left: the card is shown to all and plays.",
            (CardsExposed(position, shown, False),),
        )
    events: list[CardsExposed | AggressionLocked] = [CardsExposed(position, shown, facing)]
    lock = False
    suggested: Fold | None = None
    timer_s = 0
    timer: Clock | None = None
    if facing:
        rule = "EXP-01"
        mode_f = rules.player_exposure_facing_action
        if mode_f == "may_fold_hand":
            # EXP-01 (LPR r50): the floor may rule the hand folded; no limit until then.
            suggested = Fold(position)
            text = f"{p} exposed a card facing action: the floor may rule his hand folded."
        elif mode_f == "lock_aggression":
            # EXP-01 (GROS:L74, HIPP:L155): no further aggressive action this hand.
            lock = True
            text = f"{p} exposed a card facing action: he may only call or fold this hand."
        else:
            # EXP-01 (RRP:L46): a card flashed by a player plays.
            text = f"{p} exposed a card facing action: the card plays, no restriction."
        if rules.exposed_facing_bet_timer_s > 0:
            # CLK-03 (HIPP:L143, CONFLICTS H-13): act within the timer or the hand is dead.
            timer_s = rules.exposed_facing_bet_timer_s
            if at is not None and state.actor == position:
                timer = start_exposure_timer(state, position, at=at, rules=rules)
            text += f" He has {timer_s} s to act or his hand is dead (CLK-03)."
    else:
        rule = "EXP-02"
        if rules.player_exposure_not_facing_action == "lock_aggression":
            # EXP-02 (LPR r51, GROS:L74, HIPP:L155): passive for the rest of the hand.
            lock = True
            text = f"{p} exposed a card not facing action: he may check, call or fold, not bet."
        else:
            text = f"{p} exposed a card not facing action: it plays, no restriction (RRP:L46)."
    if lock:
        conduct = conduct.lock(position)
        events.append(AggressionLocked(position, rule))
    return ExposureRuling(
        position, facing, lock, suggested, timer_s, timer, shown, conduct, rule, text,
        tuple(events),
    )


def show_to(
    state: HandState,
    shower: int,
    viewer: int | None,
    cards: tuple[Card, ...] | None = None,
    conduct: Conduct | None = None,
    *,
    rules: HouseRules | None = None,
    at: float | None = None,
) -> ShowRuling:
    """EXP-03: ``shower`` showed ``cards`` to ``viewer`` (None: someone not dealt in).

    After the deal the table may see them at once. During it: if the viewer may still bet in
    this hand the cards go to everyone now and the shower is ruled as having exposed them
    (EXP-01/02 of the house; HIPP:L194 says he loses aggressive action); otherwise they are
    owed to the table at the end of the betting (HIPP:L194; RRP:L74 "when the deal is
    finished").
    """
    rules = rules or state.config.rules
    conduct = conduct or Conduct()
    _check_position(state, shower, "shower")
    if viewer is not None:
        _check_position(state, viewer, "viewer")
        if viewer == shower:
            raise ExposureError("show_to_self", "a player cannot show his cards to himself")
    shown = _cards_of(state, shower, cards)
    if not rules.show_one_show_all:
        return ShowRuling(None, None, conduct, "EXP-03",
                          "The house does not apply show one, show all.")
    p = f"p{shower + 1}"
    over = state.phase in (SHOWDOWN, DONE) or state.folded[shower]
    if over:
        return ShowRuling(
            RevealOwed(shower, viewer, shown, "now"), None, conduct, "EXP-03",
            f"{p}'s cards were shown to one player: every player may see them now.",
        )
    viewer_may_bet = (
        viewer is not None
        and not state.folded[viewer]
        and state.stacks[viewer] > 0
        and not state.betting_closed
    )
    if viewer_may_bet:
        exposure = expose_cards(state, shower, shown, conduct, rules=rules, at=at)
        return ShowRuling(
            RevealOwed(shower, viewer, shown, "now"), exposure, exposure.conduct, "EXP-03",
            f"{p} showed a player who may still bet: the cards are shown to all now. "
            + exposure.explanation,
        )
    return ShowRuling(
        RevealOwed(shower, viewer, shown, "end_of_betting"), None, conduct, "EXP-03",
        f"{p} showed someone who cannot use it in the betting: the cards are shown to all "
        "when the betting is over.",
    )
