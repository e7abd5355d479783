"""The clock on a slow player (RULES.md §10, CLK-01..CLK-03, G14).

Time is injected: every call takes ``at``, seconds on any monotonic scale the table chooses
(the core never reads a clock). :func:`call_clock` puts the clock on the player to act and
returns a :class:`Clock`; :func:`tick` says where the clock stands at a later moment and, once
time is up, the engine action that ends the player's turn:

* facing a bet or raise, the hand is dead: ``Fold`` (CLK-02, HIPP:L140, RRP:L31, GROS:L18);
* not facing a bet: a check (G14, ``clock_expiry_not_facing_bet = "check"``) or, under the
  Grosvenor's literal text, a dead hand (``"dead"``, CONFLICTS G-4).

The time allowed is ``clock_seconds``; the final countdown of ``clock_final_countdown_s`` is
inside it or added to it (``clock_countdown_inside_minute``, CONFLICTS G-3). The same
:class:`Clock` runs the CLK-03 timer on a player who exposed his hand facing a bet
(:func:`start_exposure_timer`, HIPP:L143): at zero the hand is dead.

A clock belongs to one decision: once the player acts (or anything else changes in the hand),
the clock is stale and :func:`tick` refuses it.

>>> from pokerroom.hand import BetRaise, HandConfig, start_hand, apply, DealHole
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.house import load_house
>>> cfg = HandConfig.build("NT", (500, 500, 500), 1, 2, rules=load_house("grosvenor", "cash"))
>>> s, _ = start_hand(cfg)
>>> for p, c in enumerate(("AsKs", "QdQc", "7h7d")):
...     s, _ = apply(s, DealHole(p, parse_cards(c)))
>>> clock = call_clock(s, by=0, at=100.0)
>>> clock.position, clock.deadline
(2, 160.0)
>>> tick(clock, s, at=150.5).phase
'countdown'
>>> t = tick(clock, s, at=160.0)
>>> t.phase, t.action, t.rule
('expired', Fold(actor=2, forfeit=0), 'CLK-02')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerroom.errors import IllegalAction
from pokerroom.hand.actions import CheckCall, Fold
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.state import HandState
from pokerroom.house.rules import HouseRules

__all__ = [
    "Clock",
    "ClockCalled",
    "ClockError",
    "ClockExpired",
    "ClockTick",
    "call_clock",
    "start_exposure_timer",
    "tick",
]

ClockPhase = Literal["running", "countdown", "expired"]
"""Where a clock stands: time left, in the final countdown, or run out."""


class ClockError(IllegalAction):
    """A clock that cannot be called or read in this state; nothing was changed."""


def _decision_key(state: HandState) -> tuple[int, int, tuple[int, ...], tuple[bool, ...]]:
    """What identifies the decision the player is making: any action changes it."""
    return (state.street, state.phase, tuple(state.bets), tuple(state.folded))


@dataclass(frozen=True, slots=True)
class ClockCalled:
    """Event: the clock was put on ``position`` at ``at``, called by ``by`` (None: the floor)."""

    position: int
    by: int | None
    at: float
    deadline: float
    rule: str


@dataclass(frozen=True, slots=True)
class ClockExpired:
    """Event: time ran out for ``position``; ``outcome`` is what the hand engine records."""

    position: int
    at: float
    outcome: Literal["dead", "check"]
    rule: str


@dataclass(frozen=True, slots=True)
class Clock:
    """A running clock: whose decision, when it started, and how long he has.

    ``seconds`` is the whole time allowed; the last ``countdown_s`` of it are counted down
    aloud. ``expiry_not_facing_bet`` is what running out means when nothing is owed.
    """

    position: int
    started_at: float
    seconds: float
    countdown_s: float
    expiry_not_facing_bet: Literal["check", "dead"]
    rule: str
    called_by: int | None
    decision: tuple[int, int, tuple[int, ...], tuple[bool, ...]]

    @property
    def deadline(self) -> float:
        """The moment time is up."""
        return self.started_at + self.seconds

    @property
    def countdown_from(self) -> float:
        """The moment the final countdown starts."""
        return self.deadline - self.countdown_s

    @property
    def event(self) -> ClockCalled:
        """The event that records the clock being called."""
        return ClockCalled(self.position, self.called_by, self.started_at, self.deadline,
                           self.rule)


@dataclass(frozen=True, slots=True)
class ClockTick:
    """The clock read at one moment: ``remaining`` seconds, and the action once expired."""

    phase: ClockPhase
    remaining: float
    action: Fold | CheckCall | None
    rule: str
    explanation: str
    event: ClockExpired | None = None


def _require_actor(state: HandState, what: str) -> int:
    actor = state.actor
    if actor is None:
        raise ClockError(
            "nobody_to_act",
            f"cannot {what}: nobody is to act (phase {state.phase_name}); the clock runs only "
            "on the player whose turn it is",
        )
    return actor


def call_clock(
    state: HandState,
    *,
    by: int | None,
    at: float,
    rules: HouseRules | None = None,
) -> Clock:
    """CLK-01: put the clock on the player to act, at the request of ``by``.

    ``by`` is the position of the player who asks (``clock_who_may_call = "any_player"``: any
    player dealt in, but not the player himself), or None when the floor starts it. Whether "a
    reasonable time" has passed is the floor's judgement (FLOOR). The player gets
    ``clock_seconds`` (plus the countdown when it is not inside the minute).
    """
    rules = rules or state.config.rules
    actor = _require_actor(state, "call the clock")
    if by is not None:
        if not 0 <= by < state.n:
            raise ClockError(
                "unknown_position", f"no position {by}; players are 0..{state.n - 1}"
            )
        if by == actor:
            raise ClockError(
                "clock_on_self", f"p{by + 1} is the player to act: he cannot call the clock "
                "on himself; legal: any other player at the table"
            )
        if rules.clock_who_may_call != "any_player":  # pragma: no cover - one value today
            raise ClockError("clock_not_allowed", f"p{by + 1} may not call the clock here")
    total = rules.clock_seconds + (
        0 if rules.clock_countdown_inside_minute else rules.clock_final_countdown_s
    )
    return Clock(
        position=actor,
        started_at=at,
        seconds=total,
        countdown_s=rules.clock_final_countdown_s,
        expiry_not_facing_bet=rules.clock_expiry_not_facing_bet,
        rule="CLK-01",
        called_by=by,
        decision=_decision_key(state),
    )


def start_exposure_timer(
    state: HandState, position: int, *, at: float, rules: HouseRules | None = None
) -> Clock | None:
    """CLK-03 (HIPP:L143): the timer on a player who exposed his hand facing a bet.

    None when the house has no such timer (``exposed_facing_bet_timer_s = 0``). Refused
    (``not_facing_bet``) when the player has nothing to call: the timer is for a player facing
    a bet or raise. At expiry the hand is dead.
    """
    rules = rules or state.config.rules
    seconds = rules.exposed_facing_bet_timer_s
    if seconds <= 0:
        return None
    actor = _require_actor(state, "start the exposure timer")
    if position != actor:
        raise ClockError(
            "not_to_act",
            f"the CLK-03 timer runs when the exposing player is to act; p{actor + 1} is to "
            f"act, not p{position + 1}",
        )
    if legal_actions(state).can_check:
        # CLK-03 (HIPP:L143) times a player who exposed his hand *whilst facing a bet*; with
        # nothing to call, the exposure is an EXP-02 matter and no timer may kill the hand.
        raise ClockError(
            "not_facing_bet",
            f"p{position + 1} faces no bet: the CLK-03 timer runs only on a player who exposed "
            "his hand facing a bet or raise (HIPP:L143); the normal clock (call_clock) applies",
        )
    return Clock(position, at, seconds, seconds, "dead", "CLK-03", None, _decision_key(state))


def tick(clock: Clock, state: HandState, *, at: float) -> ClockTick:
    """Read the clock at ``at``: running, in the final countdown, or expired with the action.

    On expiry the action is ``Fold`` (the hand is dead) when the player faces a bet, and per
    ``expiry_not_facing_bet`` (G14: a check) when he does not; apply it to the hand engine.
    Raises :class:`ClockError` when the clock is stale (the player acted) or ``at`` is before
    the clock started.
    """
    if _decision_key(state) != clock.decision or state.actor != clock.position:
        raise ClockError(
            "clock_stale",
            f"the clock on p{clock.position + 1} no longer applies: the hand has moved on "
            "since it was called; call it again if needed",
        )
    if at < clock.started_at:
        raise ClockError(
            "time_before_clock",
            f"at={at} is before the clock started at {clock.started_at}; time only moves on",
        )
    remaining = max(clock.deadline - at, 0.0)
    p = clock.position
    if remaining > 0:
        phase: ClockPhase = "countdown" if at >= clock.countdown_from else "running"
        text = f"p{p + 1} has {remaining:g} s left" + (
            " (final countdown)." if phase == "countdown" else "."
        )
        return ClockTick(phase, remaining, None, clock.rule, text)
    facing = not legal_actions(state).can_check
    if facing or clock.expiry_not_facing_bet == "dead":
        # CLK-02 / CLK-03: time is up facing a bet (or the house kills it anyway): dead hand.
        why = "facing a bet" if facing else "the house kills the hand even with no bet (G14)"
        rule = clock.rule if clock.rule == "CLK-03" else "CLK-02"
        return ClockTick(
            "expired", 0.0, Fold(p), rule, f"Time is up for p{p + 1}, {why}: his hand is dead.",
            ClockExpired(p, at, "dead", rule),
        )
    # G14: not facing a bet, running out of time is a check.
    return ClockTick(
        "expired", 0.0, CheckCall(p), "G14",
        f"Time is up for p{p + 1} with no bet to face: he checks.",
        ClockExpired(p, at, "check", "G14"),
    )
