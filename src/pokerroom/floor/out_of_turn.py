"""Action out of turn and the right to act (RULES.md §9, OOT-01..OOT-09).

The hand engine only accepts the player whose turn it is (OOT-01: ``apply`` refuses anyone else
with ``out_of_turn``). At a live table players do act out of turn, so the floor layer records
such an action *beside* the engine and rules on it when the turn reaches the offender:

1. :func:`record_out_of_turn` checks the action against the hand (the offender is still to act,
   the amount is one he could bet) and returns an :class:`OutOfTurn` record. Nothing is applied.
2. Every in-turn engine action taken meanwhile is fed to :meth:`OutOfTurn.observe`.
3. When ``state.actor`` is the offender, :func:`rule_out_of_turn` says whether the action binds
   (then :attr:`OotRuling.action` is the engine action to apply) or which options he has left
   (:attr:`OotRuling.options`), and where his out-of-turn chips go; the deciding rule ID and
   an explanation come with it. :meth:`OotRuling.accept` checks the action he then chooses.

Chips put forward out of turn are never in the engine: they sit in front of the offender until
the ruling, so a refund on a fold is simply not applying them; a forfeit must be recorded as
dead chips by the table (the engine has no dead-chips action yet).

:func:`right_to_act` raises the OOT-09 flag for the skipped player when others acted behind him.

Robert's Rules, S18: A bets 10; C raises to 40 out of turn; B calls. The call frees C.

>>> from pokerroom.hand import BetRaise, CheckCall, HandConfig, apply, start_hand
>>> from pokerroom.hand import DealBoard, DealHole, Fold
>>> from pokerroom.cards import parse_cards
>>> from pokerroom.house import load_house
>>> def flop(house):
...     cfg = HandConfig.build("NT", (1006,) * 4, 2, 6, rules=load_house(house, "cash"))
...     s, _ = start_hand(cfg)
...     for p, c in enumerate(("AsKs", "QdQc", "7h7d", "2c3c")):
...         s, _ = apply(s, DealHole(p, parse_cards(c)))
...     for a in (CheckCall(2), CheckCall(3), Fold(0), CheckCall(1)):
...         s, _ = apply(s, a)
...     s, _ = apply(s, DealBoard(parse_cards("Ah8s4d")))
...     s, _ = apply(s, BetRaise(1, 10))      # A bets 10; B (2) is to act
...     return s
>>> s = flop("roberts")
>>> oot = record_out_of_turn(s, OutOfTurnAction(3, "raise", to=40))
>>> s, events = apply(s, CheckCall(2))     # B calls in turn
>>> ruling = rule_out_of_turn(oot.observe(events), s)
>>> ruling.binds, ruling.rule, ruling.options.describe()
(False, 'OOT-02', 'fold (40 back), call 10, raise to 20..1000')
>>> s = flop("lpr")
>>> oot = record_out_of_turn(s, OutOfTurnAction(3, "raise", to=40))
>>> s, events = apply(s, CheckCall(2))
>>> rule_out_of_turn(oot.observe(events), s).action
BetRaise(actor=3, to=40)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final, Literal

from pokerroom.errors import IllegalAction
from pokerroom.hand.actions import BetRaise, CheckCall, Fold
from pokerroom.hand.betting import legal_actions, raise_bounds
from pokerroom.hand.events import ChipsBet, Event, Folded
from pokerroom.hand.state import BET, HandState
from pokerroom.house.rules import HouseRules

__all__ = [
    "InterveningAction",
    "OotKind",
    "OotOutcome",
    "OotRuling",
    "Options",
    "OutOfTurn",
    "OutOfTurnAction",
    "OutOfTurnError",
    "OutOfTurnRecorded",
    "OutOfTurnRuled",
    "RightToAct",
    "record_out_of_turn",
    "right_to_act",
    "rule_out_of_turn",
]

OotKind = Literal["fold", "check", "call", "bet", "raise", "all_in"]
"""What the offender did or said out of turn."""

PlayerAction = Fold | CheckCall | BetRaise
"""The engine actions a ruling can produce."""

_AGGRESSIVE: Final = frozenset({"bet", "raise"})
_CHIPS_KINDS: Final = frozenset({"call", "bet", "raise", "all_in"})
# CHP-01 / GROS:L89: the key words that bind in or out of turn ("pass" is read as fold).
_GROS_KEY_WORDS: Final = frozenset({"fold", "call", "raise", "all_in"})


class OutOfTurnError(IllegalAction):
    """An out-of-turn record or ruling that does not fit the hand; nothing was changed."""


@dataclass(frozen=True, slots=True)
class OutOfTurnAction:
    """What a player did out of turn: the kind, the round total it reaches, chips or words.

    ``to`` is the player's total for the betting round after the action (as ``BetRaise.to``);
    it is required for ``bet`` and ``raise`` and worked out for the other kinds. ``verbal`` is
    True when he only *said* it and released no chips.

    >>> OutOfTurnAction(2, "raise", to=40)
    OutOfTurnAction(position=2, kind='raise', to=40, verbal=False)
    """

    position: int
    kind: OotKind
    to: int | None = None
    verbal: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("fold", "check", "call", "bet", "raise", "all_in"):
            raise OutOfTurnError(
                "unknown_oot_kind",
                f"unknown action {self.kind!r}; legal: fold, check, call, bet, raise, all_in",
            )
        if self.kind in _AGGRESSIVE and self.to is None:
            raise OutOfTurnError(
                "oot_amount_missing", f"an out-of-turn {self.kind} needs the total it is to"
            )
        if self.kind not in _AGGRESSIVE and self.to is not None:
            raise OutOfTurnError(
                "oot_amount_not_allowed",
                f"an out-of-turn {self.kind} takes no amount; only bet and raise have one",
            )


@dataclass(frozen=True, slots=True)
class InterveningAction:
    """An in-turn action taken by a skipped player after the out-of-turn action."""

    position: int
    kind: Literal["fold", "check", "call", "bet", "raise"]
    to: int


@dataclass(frozen=True, slots=True)
class OutOfTurnRecorded:
    """Event: an out-of-turn action was recorded (OOT-02); ``chips`` were pushed forward."""

    position: int
    kind: OotKind
    to: int
    chips: int
    verbal: bool
    street: int


@dataclass(frozen=True, slots=True)
class OutOfTurnRuled:
    """Event: the out-of-turn action was ruled binding or released when the turn came."""

    position: int
    binds: bool
    rule: str


@dataclass(frozen=True, slots=True)
class OutOfTurn:
    """A recorded out-of-turn action and the in-turn actions taken since.

    ``to`` is the round total the action reached (for a check: what he had in; for a call or
    all-in: the call or his whole stack), ``chips`` what he pushed forward (0 for words only).
    ``skipped`` are the positions between the player whose turn it was and the offender.
    """

    action: OutOfTurnAction
    street: int
    to: int
    chips: int
    player_bet: int
    facing_bet: int
    skipped: tuple[int, ...]
    intervening: tuple[InterveningAction, ...] = ()

    @property
    def position(self) -> int:
        """The offender's position."""
        return self.action.position

    @property
    def event(self) -> OutOfTurnRecorded:
        """The event that records this action."""
        a = self.action
        return OutOfTurnRecorded(a.position, a.kind, self.to, self.chips, a.verbal, self.street)

    def observe(self, events: Iterable[Event]) -> OutOfTurn:
        """Note the in-turn actions among ``events`` (engine events since the last call)."""
        seen = list(self.intervening)
        for e in events:
            if isinstance(e, ChipsBet) and e.position != self.position:
                seen.append(InterveningAction(e.position, e.kind, e.to))
            elif isinstance(e, Folded) and e.position != self.position:
                seen.append(InterveningAction(e.position, "fold", 0))
        return replace(self, intervening=tuple(seen))


@dataclass(frozen=True, slots=True)
class Options:
    """What the offender may do once his out-of-turn action is released.

    ``call_amount`` is what a call adds (``None``: he may check instead, or nothing is owed);
    ``min_raise_to``/``max_raise_to`` are None when he may not bet or raise. ``fold`` is False
    when he must call (HIPP:L170). ``refund_on_fold`` / ``forfeit_on_fold`` say what happens to
    his out-of-turn chips if he folds.
    """

    actor: int
    fold: bool
    check: bool
    call_amount: int | None
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    refund_on_fold: int = 0
    forfeit_on_fold: int = 0

    def allows(self, action: PlayerAction) -> bool:
        """True when ``action`` is one of these options."""
        if action.actor != self.actor:
            return False
        if isinstance(action, Fold):
            return self.fold
        if isinstance(action, CheckCall):
            return self.check or self.call_amount is not None
        lo, hi = self.min_raise_to, self.max_raise_to
        return lo is not None and hi is not None and lo <= action.to <= hi

    def describe(self) -> str:
        """The options in words: ``fold (40 back), call 10, raise to 20..1000``."""
        parts: list[str] = []
        if self.fold:
            if self.refund_on_fold:
                parts.append(f"fold ({self.refund_on_fold} back)")
            elif self.forfeit_on_fold:
                parts.append(f"fold (losing {self.forfeit_on_fold})")
            else:
                parts.append("fold")
        if self.check:
            parts.append("check")
        elif self.call_amount is not None:
            parts.append(f"call {self.call_amount}")
        if self.min_raise_to is not None and self.max_raise_to is not None:
            word = "bet" if self.check else "raise"
            lo, hi = self.min_raise_to, self.max_raise_to
            parts.append(f"{word} to {lo}" if lo == hi else f"{word} to {lo}..{hi}")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class OotOutcome:
    """The offender's final action and where his out-of-turn chips went.

    ``returned`` chips go back to him (a refund, or the surplus over what the action needs),
    ``forfeited`` chips are dead in the pot; the rest of ``chips`` count toward ``action``.
    """

    action: PlayerAction
    returned: int
    forfeited: int
    rule: str


@dataclass(frozen=True, slots=True)
class OotRuling:
    """The ruling when the turn reaches the offender.

    When ``binds`` (or when he is forced, HIPP "must call"), ``action`` is the engine action to
    apply and ``options`` is None. Otherwise ``options`` lists what he may do and he chooses
    with :meth:`accept`. ``rule`` is the deciding rule ID, ``explanation`` says why.
    """

    position: int
    binds: bool
    action: PlayerAction | None
    options: Options | None
    chips: int
    rule: str
    explanation: str
    #: OOT-06: his out-of-turn check stood; on his next turn this round he may not bet or
    #: raise (``Conduct.limit_next_turn``).
    limits_next_turn: bool = False

    @property
    def event(self) -> OutOfTurnRuled:
        """The event that records this ruling."""
        return OutOfTurnRuled(self.position, self.binds, self.rule)

    def accept(self, action: PlayerAction, state: HandState) -> OotOutcome:
        """Check the offender's action against the ruling; say where his chips go.

        Raises :class:`OutOfTurnError` (an ``IllegalAction``) naming what is allowed.
        """
        if self.action is not None:
            if action != self.action:
                raise OutOfTurnError(
                    "oot_action_bound",
                    f"{action} is not allowed: the out-of-turn action is ruled as "
                    f"{self.action} ({self.rule})",
                )
        else:
            assert self.options is not None
            if not self.options.allows(action):
                raise OutOfTurnError(
                    "oot_option_not_allowed",
                    f"{action} is not allowed after the out-of-turn action ({self.rule}); "
                    f"legal: {self.options.describe()}",
                )
        if isinstance(action, Fold):
            refund = self.options.refund_on_fold if self.options else 0
            forfeit = self.options.forfeit_on_fold if self.options else self.chips
            return OotOutcome(action, refund, forfeit, self.rule)
        i = action.actor
        if isinstance(action, CheckCall):
            needed = min(max(state.current_bet - state.bets[i], 0), state.stacks[i])
        else:
            needed = action.to - state.bets[i]
        return OotOutcome(action, max(self.chips - needed, 0), 0, self.rule)


@dataclass(frozen=True, slots=True)
class RightToAct:
    """OOT-09: whether the skipped player's right to act is at risk (the floor decides)."""

    position: int
    actions_behind: int
    chips_actions_behind: int
    at_risk: bool
    rule: str
    explanation: str


# --------------------------------------------------------------------------------------------
# Recording
# --------------------------------------------------------------------------------------------


def _due(state: HandState, i: int) -> bool:
    """True when position ``i`` still has to act in this betting round."""
    if state.folded[i] or state.stacks[i] == 0:
        return False
    return state.bets[i] < state.current_bet or not state.acted[i]


def record_out_of_turn(state: HandState, action: OutOfTurnAction) -> OutOfTurn:
    """Record an out-of-turn action against the hand (OOT-02); the hand is not changed.

    Refuses an action by the player whose turn it is (that one goes to ``apply``), by a player
    who is not still to act in this round, and amounts he could not bet.
    """
    actor = state.actor
    i = action.position
    if state.phase != BET or actor is None:
        raise OutOfTurnError(
            "not_betting", f"p{i + 1} acted, but no betting round is open (phase "
            f"{state.phase_name})",
        )
    if not 0 <= i < state.n:
        raise OutOfTurnError("unknown_position", f"no position {i}; positions are 0..{state.n - 1}")
    if i == actor:
        raise OutOfTurnError(
            "in_turn", f"it is p{i + 1}'s turn: apply the action to the hand (OOT-01)"
        )
    if not _due(state, i):
        raise OutOfTurnError(
            "not_due",
            f"p{i + 1} has no action to come in this round (folded, all-in, or done)",
        )
    bet, stack, current = state.bets[i], state.stacks[i], state.current_bet
    owed = current - bet
    kind = action.kind
    if kind == "fold":
        to = bet
    elif kind == "check":
        if owed > 0:
            raise OutOfTurnError(
                "check_facing_bet",
                f"p{i + 1} cannot check: he faces {owed} to call; legal: fold, call, raise",
            )
        to = bet
    elif kind == "call":
        to = bet + min(max(owed, 0), stack)
    elif kind == "all_in":
        to = bet + stack
    else:
        assert action.to is not None
        to = action.to
        bounds = raise_bounds(state, i)
        word = "bet" if current == 0 else "raise"
        if bounds is None:
            raise OutOfTurnError("raise_not_allowed", f"p{i + 1} may not {word} here")
        lo, hi = bounds
        if not lo <= to <= hi:
            raise OutOfTurnError(
                "oot_amount_out_of_range",
                f"{word} to {to} is not possible for p{i + 1}; legal: {word} to {lo}..{hi}",
            )
    chips = 0 if action.verbal or kind in ("fold", "check") else to - bet
    skipped: list[int] = []
    j = actor
    while j != i:
        if _due(state, j):
            skipped.append(j)
        j = (j + 1) % state.n
    return OutOfTurn(action, state.street, to, chips, bet, current, tuple(skipped))


# --------------------------------------------------------------------------------------------
# Ruling when the turn arrives
# --------------------------------------------------------------------------------------------


def _bound_action(oot: OutOfTurn, state: HandState) -> PlayerAction:
    """The engine action that carries out the out-of-turn action as it was made."""
    i = oot.position
    kind = oot.action.kind
    if kind == "fold":
        return Fold(i)
    if kind in ("check", "call") or oot.to <= state.current_bet:
        return CheckCall(i)
    return BetRaise(i, oot.to)


def _released_by(oot: OutOfTurn, rules: HouseRules) -> tuple[frozenset[str], str]:
    """The intervening kinds that release the action, and the rule that says so."""
    verbal = oot.action.verbal
    if verbal and rules.oot_verbal_binding == "unless_intervening_bet_call_raise":
        return frozenset({"bet", "call", "raise"}), "CHP-01"
    if rules.oot_released_by == "bet_call_raise":
        return frozenset({"bet", "call", "raise"}), "OOT-02"
    return frozenset({"bet", "raise"}), "OOT-02"


def _full_options(oot: OutOfTurn, state: HandState, *, no_raise: bool, refund: bool) -> Options:
    la = legal_actions(state)
    allow_raise = la.can_raise and not no_raise
    return Options(
        actor=oot.position,
        fold=True,
        check=la.can_check,
        call_amount=None if la.can_check else la.call_amount,
        min_raise_to=la.min_raise_to if allow_raise else None,
        max_raise_to=la.max_raise_to if allow_raise else None,
        refund_on_fold=oot.chips if refund else 0,
        forfeit_on_fold=0 if refund else oot.chips,
    )


def rule_out_of_turn(
    oot: OutOfTurn, state: HandState, rules: HouseRules | None = None
) -> OotRuling:
    """Rule on the out-of-turn action now that it is the offender's turn (OOT-02..06, CHP-01).

    ``rules`` defaults to the house rules the hand is played under.
    """
    rules = rules or state.config.rules
    i = oot.position
    if state.street != oot.street:
        raise OutOfTurnError(
            "oot_round_over",
            f"the out-of-turn action was made in round {oot.street}; this is round "
            f"{state.street}: it no longer applies",
        )
    if state.actor != i:
        whose = "nobody's" if state.actor is None else f"p{state.actor + 1}'s"
        raise OutOfTurnError(
            "oot_not_yet", f"it is {whose} turn, not p{i + 1}'s: rule when his turn comes"
        )
    a = oot.action
    kind = a.kind
    refund = rules.oot_refund_on_fold

    def ruling(binds: bool, action: PlayerAction | None, options: Options | None, rule: str,
               text: str) -> OotRuling:
        return OotRuling(i, binds, action, options, oot.chips, rule, text)

    words_never_bind = a.verbal and rules.oot_verbal_binding == "no"
    if kind == "fold" and rules.oot_fold_binds and not words_never_bind:
        # OOT-04 (GROS:L86): an out-of-turn fold always binds. Not a fold only *said* where
        # words out of turn never bind (CHP-01, LPR r15; CONFLICTS L-1: r15 governs words):
        # the house's own rule outranks OOT-04's recommended default for silent houses.
        return ruling(True, Fold(i), None, "OOT-04", "An out-of-turn fold always binds.")
    if a.verbal:
        # CHP-01: words out of turn bind only where the house says so.
        mode = rules.oot_verbal_binding
        if mode == "no" or (mode == "key_words_always" and kind not in _GROS_KEY_WORDS):
            why = (
                "Verbal declarations out of turn do not bind"
                if mode == "no"
                else f"'{kind}' is not one of the key words that bind out of turn"
            )
            opts = _full_options(oot, state, no_raise=False, refund=True)
            return ruling(False, None, opts, "CHP-01", f"{why}: he acts afresh.")
    release, release_rule = _released_by(oot, rules)
    changes = [v for v in oot.intervening if v.kind in release]
    check_limit = kind == "check" and rules.oot_check_limits_to_check_call_fold
    if kind == "all_in":
        release_rule = "OOT-05"
    if not changes:
        action = _bound_action(oot, state)
        seen = ", ".join(v.kind for v in oot.intervening) or "no action"
        text = f"Nobody in between changed the action ({seen}): his {kind} stands."
        if check_limit:
            # OOT-06 (RRP:L61): "may not bet or raise on the next turn to act".
            text += " He may not bet or raise on his next turn this round."
            return OotRuling(i, True, action, None, oot.chips, "OOT-06", text, True)
        return ruling(True, action, None, release_rule, text)
    change = changes[0]
    what = f"p{change.position + 1} {change.kind}" + (
        f" to {change.to}" if change.kind in _AGGRESSIVE else ""
    )
    mode_opts = rules.oot_release_options
    if mode_opts == "full":
        # OOT-03 (RRP:L61): the action no longer binds; OOT-06: an OOT check may not bet/raise.
        opts = _full_options(oot, state, no_raise=check_limit, refund=refund)
        rule = "OOT-06" if check_limit else release_rule
        text = f"{what} released the out-of-turn {kind}: he may act afresh"
        text += ", but not bet or raise after his out-of-turn check." if check_limit else "."
        return ruling(False, None, opts, rule, text)
    if mode_opts == "hipp_size_compare" and state.current_bet <= oot.to:
        # OOT-03 (HIPP:L170, CONFLICTS H-7): a smaller (or equal) intervening bet must be
        # called; the surplus out-of-turn chips go back.
        text = (
            f"{what} is not more than his out-of-turn {kind} to {oot.to}: he must call "
            f"{state.current_bet}"
        )
        needed = min(state.current_bet - state.bets[i], state.stacks[i])
        surplus = max(oot.chips - needed, 0)
        if surplus:
            text += f"; {surplus} goes back"
        return ruling(False, CheckCall(i), None, "OOT-03", text + ".")
    # OOT-03 (LPR r20, GROS:L80, HIPP:L171): call the new amount or fold, no raise.
    opts = _full_options(oot, state, no_raise=True, refund=refund)
    back = "takes his chips back" if refund else "loses his chips"
    text = f"{what} released the out-of-turn {kind}: he may call or fold (and {back}), not raise."
    return ruling(False, None, opts, "OOT-03", text)


# --------------------------------------------------------------------------------------------
# OOT-09: losing the right to act
# --------------------------------------------------------------------------------------------


def right_to_act(
    state: HandState,
    behind: Iterable[OutOfTurn],
    rules: HouseRules | None = None,
    position: int | None = None,
) -> RightToAct:
    """OOT-09: count the actions taken behind a skipped player and flag the house threshold.

    ``position`` defaults to the player whose turn it is; a player whose turn has not come
    (someone in front of him has still to act) never loses it (RRP:L62). ``behind`` are the
    out-of-turn records of this round; only those made while it was his turn count against
    him: actions behind him while he waited for a player in front of him do not (RRP:L62).
    The flag only *suggests*: the floor rules (FLOOR).
    """
    rules = rules or state.config.rules
    actor = state.actor
    pos = actor if position is None else position
    if pos is None:
        raise OutOfTurnError("not_betting", "nobody is to act: no right to act is at stake")
    acts = [
        o for o in behind
        if o.street == state.street and o.position != pos and o.skipped[:1] == (pos,)
    ]
    n = len(acts)
    chips = sum(1 for o in acts if o.action.kind in _CHIPS_KINDS)
    if pos != actor:
        return RightToAct(
            pos, n, chips, False, "OOT-09",
            f"p{pos + 1}'s turn has not come: a player in front of him is still to act.",
        )
    mode = rules.lose_right_to_act_after
    if mode == "2_actions":
        at_risk, need = n >= 2, "two players acted behind him (HIPP:L172)"
    elif mode == "3_actions":
        at_risk, need = n >= 3, "three players acted behind him (RRP:L62)"
    else:
        at_risk = n >= 3 or (n >= 2 and chips >= 1)
        need = "two actions with chips, or three passive actions, behind him (GROS:L83)"
    text = (
        f"{n} action(s) behind p{pos + 1}: "
        + (f"{need}; the floor may rule he has lost the right to act." if at_risk
           else "he keeps the right to act.")
    )
    return RightToAct(pos, n, chips, at_risk, "OOT-09", text)
