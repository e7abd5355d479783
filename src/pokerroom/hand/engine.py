"""The hand engine: ``start_hand``, ``legal_actions``, ``apply`` and ``replay``.

Pure and deterministic: ``apply(state, action)`` validates the action against the rules,
returns a *new* state and the events it caused, and leaves the given state untouched. Every
change is made by :func:`evolve` from an event, so folding the event log over the start state
rebuilds the hand exactly (:func:`replay`).

With a deck (``start_hand(config, deck)``) the engine deals, burns and runs out the board
itself; without one the dealer reports every card (``DealHole``, ``DealBoard``), as when a
live hand is recorded or a hand history replayed.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.hand.actions import BetRaise, CheckCall, Fold
>>> from pokerroom.hand.config import HandConfig
>>> deck = parse_cards("AsKsQdQc7h2d") + parse_cards("3c4c5c6c8s9sTsJs")
>>> state, _ = start_hand(HandConfig.holdem_no_limit((100, 100, 100), 1, 2), deck)
>>> state.hole_cards(0), state.hole_cards(2)
((As, Qc), (Qd, 2d))
>>> state, events = apply(state, BetRaise(2, 6))
>>> state, _ = apply(state, Fold(0))
>>> state, events = apply(state, Fold(1))
>>> state.is_over, state.stacks
(True, (99, 98, 103))
>>> events[-2:]  # doctest: +NORMALIZE_WHITESPACE
(PotAwarded(pot=0, shares=((2, 5),), run=0, half='all', hand=''),
 HandEnded(stacks=(99, 98, 103), rake=0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

from pokerroom.cards import Card
from pokerroom.errors import DealError, IllegalAction
from pokerroom.hand.actions import (
    Action,
    BetRaise,
    CheckCall,
    CorrectBet,
    DealBoard,
    DealHole,
    Discard,
    Fold,
    KillHand,
    Muck,
    RunItTwice,
    RunOnce,
    Show,
    UndersizedBet,
)
from pokerroom.hand.betting import legal_actions, next_actor, raise_bounds, scan_actor
from pokerroom.hand.config import HandConfig
from pokerroom.hand.events import (
    AntePosted,
    BetCorrected,
    BlindPosted,
    BoardDealt,
    CardBurned,
    ChipsBet,
    Discarded,
    Event,
    Folded,
    HandEnded,
    HandKilled,
    HoleDealt,
    Mucked,
    PotAwarded,
    RakeTaken,
    RoundClosed,
    RunsAgreed,
    Shown,
    UncalledBetReturned,
    UndersizedBetMade,
)
from pokerroom.hand.pots import build_pots, rake_pots, split_pot
from pokerroom.hand.showdown import hand_values, showdown_order, values_name
from pokerroom.hand.state import (
    BET,
    BOARD,
    DEAL_HOLE,
    DISCARD,
    DONE,
    DRAW_DEAL,
    ROUND_END,
    SHOWDOWN,
    HandState,
)

__all__ = ["apply", "apply_in_place", "evolve", "legal_actions", "replay", "start_hand"]

_BOARD_SIZES = (3, 1, 1)  # flop, turn, river (FLOW-05)


# ---------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------


def start_hand(
    config: HandConfig, deck: Sequence[Card] | None = None
) -> tuple[HandState, tuple[Event, ...]]:
    """Post the antes and blinds (FLOW-01) and, with a deck, deal the hole cards.

    ``deck`` is the shuffled deck, top card first; without it the dealer reports each card.
    """
    if deck is not None and len(set(deck)) != len(deck):
        raise DealError("duplicate_card", "the deck holds the same card twice")
    s = HandState(config, None if deck is None else list(reversed(deck)))
    events: list[Event] = []
    stacks = s._stacks
    for i, ante in enumerate(config.antes):
        if ante:
            _emit(s, events, AntePosted(i, min(ante, stacks[i])))
    for i, blind in enumerate(config.blinds):
        if blind:
            # BLD-02: only the obliged position's own stack; BLD-03: short blind is all-in.
            _emit(s, events, BlindPosted(i, min(blind, stacks[i])))
    _run_automatic(s, events)
    return s, tuple(events)


def apply(state: HandState, action: Action) -> tuple[HandState, tuple[Event, ...]]:
    """Apply one action; return the new state and the events it caused.

    Raises :class:`~pokerroom.errors.IllegalAction` (or ``DealError``) naming what was wrong
    and what is allowed; the given state is never changed.
    """
    s = state.copy()
    return s, apply_in_place(s, action)


def apply_in_place(s: HandState, action: Action) -> tuple[Event, ...]:
    """Like :func:`apply` but changes ``s`` itself (for hot loops that own their state).

    On an error ``s`` is unchanged: every check happens before the first change.
    """
    decide = _DECIDE.get(type(action))
    # An unknown action or a finished hand goes through _decide, which says why it fails.
    event = _decide(s, action) if decide is None or s.phase == DONE else decide(s, action)
    _EVOLVE[type(event)](s, event)
    if s.phase == BET and s.stub is None and not s.show_order:
        return (event,)
    events: list[Event] = [event]
    _run_automatic(s, events)
    return tuple(events)


def replay(
    config: HandConfig, events: Iterable[Event], deck: Sequence[Card] | None = None
) -> HandState:
    """Rebuild a hand's state from its config and event log (the log is the truth)."""
    s = HandState(config, None if deck is None else list(reversed(deck)))
    for event in events:
        evolve(s, event)
    return s


# ---------------------------------------------------------------------------------------
# decide: validate a command and turn it into its primary event
# ---------------------------------------------------------------------------------------


def _illegal(s: HandState, code: str, what: str) -> IllegalAction:
    return IllegalAction(code, f"{what}; legal: {legal_actions(s).describe()}")


def _decide(s: HandState, action: Action) -> Event:
    if s.phase == DONE:
        raise IllegalAction("hand_over", f"{action} after the hand is over")
    decide = _DECIDE.get(type(action))
    if decide is None:
        raise IllegalAction("unknown_action", f"{action!r} is not a hand action")
    return decide(s, action)


def _decide_bet(s: HandState, action: Fold | CheckCall | BetRaise) -> Event:
    actor = s.to_act if s.phase == BET and s.to_act >= 0 else None
    i = action.actor
    if actor is None:
        raise IllegalAction(
            "not_betting",
            f"{type(action).__name__} by p{i + 1}: no betting is open now (phase {s.phase_name})",
        )
    if i != actor:
        raise _illegal(s, "out_of_turn", f"p{i + 1} acted out of turn: it is p{actor + 1} to act")
    kind = type(action)
    if kind is Fold:
        assert isinstance(action, Fold)
        forfeit = action.forfeit
        if forfeit:
            # CHP-06 / OOT-08: chips a ruling leaves in the pot; never more than the stack.
            if not 0 < forfeit <= s._stacks[i]:
                raise _illegal(
                    s, "bad_forfeit", f"p{i + 1} cannot forfeit {forfeit}: 1..{s._stacks[i]} chips"
                )
            return Folded(i, forfeit)
        return Folded(i)
    owed = s.current_bet - s.bets[i]
    stack = s._stacks[i]
    if kind is CheckCall:
        if owed <= 0:
            return ChipsBet(i, "check", s.bets[i], 0, False)
        add = min(owed, stack)
        return ChipsBet(i, "call", s.bets[i] + add, add, add == stack)
    assert isinstance(action, BetRaise)
    bounds = raise_bounds(s, i)
    to = action.to
    word: Literal["bet", "raise"] = "bet" if s.current_bet == 0 else "raise"
    if bounds is None:
        raise _illegal(s, "raise_not_allowed", f"p{i + 1} may not {word} now")
    low, high = bounds
    if to < low:
        # BET-01/02/03: below the minimum only as an all-in (which is then the minimum).
        raise _illegal(
            s, "raise_below_minimum", f"{word} to {to} is below the minimum {word} to {low}"
        )
    if to > high:
        code = "above_pot_limit" if s.config.variant.structure == "pot_limit" else "above_maximum"
        raise _illegal(s, code, f"{word} to {to} is above the maximum {word} to {high}")
    add = to - s.bets[i]
    return ChipsBet(i, word, to, add, add == stack)


def _decide_deal_hole(s: HandState, action: DealHole) -> Event:
    if s.phase not in (DEAL_HOLE, DRAW_DEAL):
        raise DealError(
            "not_dealing_hole_cards", f"no hole cards are due now (phase {s.phase_name})"
        )
    p = action.position
    if not 0 <= p < s.n:
        raise DealError("bad_position", f"p{p + 1} is not in this hand (p1..p{s.n})")
    k = len(action.cards)
    if k == 0 or k > s.need[p]:
        raise DealError("wrong_card_count", f"p{p + 1} is due {s.need[p]} card(s), not {k}")
    # FLOW-02: clockwise from the first position; a player's cards may come one at a time
    # or together, but nobody is dealt ahead of a player before him.
    if p or s.phase != DEAL_HOLE or s.hole[p]:
        _check_deal_order(s, p, k)  # position 0's first cards are always in order
    _check_fresh(s, action.cards)
    return HoleDealt(p, action.cards)


def _check_deal_order(s: HandState, p: int, k: int) -> None:
    due = s.need
    hole = s.hole
    if s.phase == DRAW_DEAL:
        # Replacement cards go to the drawing players in order (FLOW-02 by analogy).
        for q in range(p):
            if due[q]:
                raise DealError(
                    "out_of_order", f"p{q + 1} is due replacement cards before p{p + 1}"
                )
        return
    have = len(hole[p])
    for q in range(p):
        if due[q] and len(hole[q]) < have + k:
            raise DealError("out_of_order", f"p{q + 1} must be dealt before p{p + 1}")
    for q in range(p + 1, s.n):
        if len(hole[q]) < have:
            raise DealError("out_of_order", f"p{q + 1} must be dealt before p{p + 1} gets another")


def _check_fresh(s: HandState, cards: Sequence[Card | None]) -> None:
    deck_size = s.config.variant.deck_size
    mask = s.seen
    for c in cards:
        if c is None:
            continue
        if deck_size == 36 and c < 16:
            raise DealError("card_not_in_deck", f"{c!r} is not in the 36-card short deck (6..A)")
        bit = 1 << c
        if mask & bit:
            raise DealError("duplicate_card", f"{c!r} has already been dealt in this hand")
        mask |= bit


def _board_due(s: HandState) -> tuple[int, int]:
    """(run, number of cards) the next board deal must have."""
    for run, board in enumerate(s.boards):
        if len(board) < 5:
            return run, 3 if len(board) < 3 else 1  # FLOW-05: flop, then turn, then river
    return 0, 0


def _decide_deal_board(s: HandState, action: DealBoard) -> Event:
    if s.phase != BOARD:
        raise DealError("not_dealing_board", f"no board cards are due now (phase {s.phase_name})")
    run, size = _board_due(s)
    if len(action.cards) != size:
        raise DealError(
            "wrong_card_count", f"the board is due {size} card(s), not {len(action.cards)}"
        )
    if any(c is None for c in action.cards):
        raise DealError("unknown_board_card", "board cards must be known")
    _check_fresh(s, action.cards)
    return BoardDealt(tuple(action.cards), run)


def _decide_discard(s: HandState, action: Discard) -> Event:
    if s.phase != DISCARD:
        raise IllegalAction("not_drawing", f"no draw is open now (phase {s.phase_name})")
    i = action.actor
    actor = _next_drawer(s)
    if i != actor:
        raise IllegalAction(
            "out_of_turn", f"p{i + 1} drew out of turn: it is p{(actor or 0) + 1} to draw"
        )
    hand = list(s.hole[i])
    for c in action.cards:
        if c not in hand:
            raise IllegalAction("not_holding", f"p{i + 1} does not hold {c!r} to discard")
        hand.remove(c)
    return Discarded(i, tuple(action.cards))


def _next_drawer(s: HandState) -> int | None:
    for i in range(s.n):
        if not s.folded[i] and not s.acted[i]:
            return i
    return None


def _decide_show(s: HandState, action: Show | Muck) -> Event:
    i = action.actor
    nxt = _next_shower(s)
    if nxt is None:
        raise IllegalAction("no_showdown", f"p{i + 1} cannot show or muck now: no showdown is open")
    if i != nxt:
        raise IllegalAction(
            "out_of_turn", f"p{i + 1} acted out of turn at showdown: p{nxt + 1} shows first"
        )
    if isinstance(action, Muck):
        if _must_show(s):
            raise IllegalAction(
                "must_show", "all-in hands are turned face up in tournaments (SHD-03): show"
            )
        for pot in build_pots(s.contrib, [not f for f in s.folded]):
            if i in pot.eligible and all(s.mucked[p] for p in pot.eligible if p != i):
                raise IllegalAction(
                    "must_show", f"p{i + 1} is the last hand in a pot: it wins without a muck"
                )
        return Mucked(i)
    held = s.hole[i]
    if action.cards is None:
        if any(c is None for c in held):
            raise IllegalAction(
                "unknown_cards", f"p{i + 1}'s cards were not seen when dealt: name them to show"
            )
        return Shown(i, tuple(c for c in held if c is not None))
    cards = action.cards
    if len(cards) != len(held) or any(c is None for c in cards):
        raise IllegalAction(
            "wrong_cards",
            f"p{i + 1} must show all {len(held)} hole cards (SHD-04), got {len(cards)}",
        )
    known = [c for c in held if c is not None]
    if any(c not in cards for c in known):
        raise IllegalAction("wrong_cards", f"p{i + 1} shows {cards} but was dealt {tuple(held)}")
    _check_fresh(s, [c for c in cards if c not in known])
    return Shown(i, tuple(c for c in cards if c is not None))


def _must_show(s: HandState) -> bool:
    # SHD-03: in tournaments, once an all-in closes the betting every hand is face up.
    rules = s.config.rules
    return (
        rules.is_tournament
        and rules.allin_hands_face_up == "tournament"
        and s.betting_closed
        and any(not s.folded[j] and s._stacks[j] == 0 for j in range(s.n))
    )


def _next_shower(s: HandState) -> int | None:
    if not s.show_order:
        return None
    alive = [i for i in s.show_order if not s.mucked[i]]
    if len(alive) <= 1 and all(s.shown[i] is None for i in alive):
        return None  # the last hand left wins without showing (SHD-04)
    for i in s.show_order:
        if s.shown[i] is None and not s.mucked[i]:
            return i
    return None


def _decide_run_twice(s: HandState, action: RunItTwice) -> Event:
    rules = s.config.rules
    if not rules.run_it_twice_allowed:
        raise IllegalAction(
            "run_twice_not_allowed", f"house {rules.name} does not run it twice (RIT-01)"
        )
    if not (s.betting_closed and s.phase == BOARD and s.runs == 1 and not s.runs_decided):
        raise IllegalAction(
            "run_twice_not_now",
            "run it twice is agreed only when the betting is over with board cards to come",
        )
    minimum = rules.rit_min_pot(s.config.stakes)
    pots = build_pots(s.contrib, [not f for f in s.folded])
    agreed = set(action.agreed)
    chosen: list[int] = []
    reasons: list[str] = []
    running_total = 0
    for k, pot in enumerate(pots):
        running_total += pot.amount
        # RIT-01 / G24: judged per pot, or as HIPP's example (the pots up to this one).
        judged = pot.amount if rules.rit_basis == "per_pot" else running_total
        refused = [p for p in pot.eligible if p not in agreed]
        if refused:
            reasons.append(f"pot {k}: p{refused[0] + 1} did not agree")
        elif minimum is not None and judged < minimum:
            reasons.append(f"pot {k}: {judged} is below the minimum {minimum}")
        else:
            chosen.append(k)
    if not chosen:
        raise IllegalAction(
            "run_twice_not_eligible",
            f"no pot may be run twice (RIT-01, basis {rules.rit_basis}): " + "; ".join(reasons),
        )
    return RunsAgreed(2, tuple(chosen))


def _decide_kill(s: HandState, action: KillHand) -> Event:
    p = action.position
    if not 0 <= p < s.n:
        raise IllegalAction("bad_position", f"p{p + 1} is not in this hand (p1..p{s.n})")
    if s.folded[p]:
        raise IllegalAction("not_live", f"p{p + 1} has no live hand to kill")
    if s.phase in (SHOWDOWN, ROUND_END) or s.show_order:
        raise IllegalAction(
            "kill_not_now",
            f"p{p + 1}'s hand can be killed during the deal or the betting (phase {s.phase_name}); "
            "at the showdown a hand is mucked",
        )
    return HandKilled(p)


def _decide_run_once(s: HandState, action: RunOnce) -> Event:
    if not (s.betting_closed and s.phase == BOARD and not s.runs_decided):
        raise IllegalAction("run_once_not_now", "there is no run-it-twice decision pending")
    return RunsAgreed(1, ())


def rit_pending(s: HandState) -> bool:
    """RIT-01: with a deck, the run-out waits while running it twice is allowed and a pot
    reaches the minimum, until the players answer (``RunItTwice`` or ``RunOnce``)."""
    rules = s.config.rules
    if not (
        rules.run_it_twice_allowed
        and s.stub is not None
        and s.phase == BOARD
        and s.betting_closed
        and not s.runs_decided
        and s.folded.count(False) > 1
    ):
        return False
    minimum = rules.rit_min_pot(s.config.stakes)
    if minimum is None:
        return True
    pots = build_pots(s.contrib, [not f for f in s.folded])
    total = 0
    for pot in pots:
        total += pot.amount
        if (pot.amount if rules.rit_basis == "per_pot" else total) >= minimum:
            return True
    return False


def _decide_undersized(s: HandState, action: UndersizedBet) -> Event:
    # BET-08: a live table may let a low wager through; it stands until corrected.
    actor = next_actor(s)
    i = action.actor
    if actor is None or i != actor:
        raise _illegal(s, "out_of_turn", f"p{i + 1} is not the player to act")
    if s.improper is not None:
        raise IllegalAction("correction_pending", "correct the pending low bet first (BET-08)")
    bounds = raise_bounds(s, i)
    if bounds is None:
        raise _illegal(s, "raise_not_allowed", f"p{i + 1} may not bet or raise now")
    all_in_to = s.bets[i] + s._stacks[i]
    if not s.current_bet < action.to < bounds[0] or action.to >= all_in_to:
        raise _illegal(
            s,
            "not_undersized",
            f"{action.to} is not a low bet: it must be above {s.current_bet} and below the "
            f"minimum {bounds[0]} without being all-in",
        )
    return UndersizedBetMade(i, action.to, action.to - s.bets[i], bounds[0])


def _decide_correct(s: HandState, action: CorrectBet) -> Event:
    if s.improper is None or s.phase != BET:
        raise IllegalAction(
            "nothing_to_correct",
            "no low bet is pending in this betting round (BET-08 applies before it ends)",
        )
    i, correct_to, low_to = s.improper
    top_ups: list[tuple[int, int]] = []
    for j in range(s.n):
        if s.folded[j]:
            continue
        if j == i or (s.bets[j] == low_to and s.acted[j]):
            add = min(correct_to - s.bets[j], s._stacks[j])
            if add > 0:
                top_ups.append((j, add))
    return BetCorrected(i, correct_to, tuple(top_ups))


# ---------------------------------------------------------------------------------------
# evolve: the one place where state changes
# ---------------------------------------------------------------------------------------


def _emit(s: HandState, events: list[Event], event: Event) -> None:
    _EVOLVE[type(event)](s, event)
    events.append(event)


def evolve(s: HandState, event: Event) -> None:
    """Apply one event to ``s`` in place (used by ``apply`` and by ``replay``)."""
    _EVOLVE[type(event)](s, event)


def _ev_folded(s: HandState, e: Folded) -> None:
    if e.forfeited:
        s._stacks[e.position] -= e.forfeited
        s.contrib[e.position] += e.forfeited
    s.folded[e.position] = True
    s.acted[e.position] = True
    s.cursor = (e.position + 1) % s.n
    _after_betting_action(s)


def _ev_killed(s: HandState, e: HandKilled) -> None:
    p = e.position
    s.folded[p] = True
    s.killed[p] = True
    s.acted[p] = True
    if s.phase == BET:
        # Betting goes on from the player whose turn it was (or the next, if it was his).
        s.cursor = (p + 1) % s.n if s.to_act in (p, -1) else s.to_act
        _after_betting_action(s)
    elif s.folded.count(False) == 1 and s.phase not in (DEAL_HOLE, DRAW_DEAL):
        s.phase = ROUND_END


def _ev_hole(s: HandState, e: HoleDealt) -> None:
    _take_from_stub(s, e.cards)
    s.hole[e.position].extend(e.cards)
    s.need[e.position] -= len(e.cards)
    if not any(s.need):
        if s.phase == DEAL_HOLE:
            _begin_round(s)
        else:
            _after_draw(s)


def _ev_board(s: HandState, e: BoardDealt) -> None:
    _take_from_stub(s, e.cards)
    s.boards[e.run].extend(e.cards)
    _after_board(s)


def _ev_burn(s: HandState, e: CardBurned) -> None:
    if e.card is not None:
        _take_from_stub(s, (e.card,))


def _ev_ante(s: HandState, e: AntePosted) -> None:
    s._stacks[e.position] -= e.amount
    s.contrib[e.position] += e.amount


def _ev_blind(s: HandState, e: BlindPosted) -> None:
    s._stacks[e.position] -= e.amount
    s.bets[e.position] += e.amount
    s.contrib[e.position] += e.amount


def _ev_uncalled(s: HandState, e: UncalledBetReturned) -> None:
    s._stacks[e.position] += e.amount
    s.bets[e.position] -= e.amount
    s.contrib[e.position] -= e.amount


def _ev_round_closed(s: HandState, e: RoundClosed) -> None:
    _close_round(s)


def _ev_discarded(s: HandState, e: Discarded) -> None:
    hand = s.hole[e.position]
    for c in e.cards:
        hand.remove(c)
        if c is not None:
            s.seen |= 1 << c
    s.need[e.position] = len(e.cards)
    s.acted[e.position] = True
    if _next_drawer(s) is None:
        s.phase = DRAW_DEAL
        if not any(s.need):
            _after_draw(s)


def _ev_shown(s: HandState, e: Shown) -> None:
    hand = s.hole[e.position]
    for c in e.cards:
        if c not in hand:
            hand[hand.index(None)] = c
            s.seen |= 1 << c
    s.shown[e.position] = e.cards


def _ev_mucked(s: HandState, e: Mucked) -> None:
    s.mucked[e.position] = True


def _ev_runs(s: HandState, e: RunsAgreed) -> None:
    s.runs = e.runs
    s.rit_pots = e.pots
    s.runs_decided = True
    base = s.boards[0]
    s.boards.extend(base[:] for _ in range(e.runs - 1))


def _ev_undersized(s: HandState, e: UndersizedBetMade) -> None:
    i = e.position
    s._stacks[i] -= e.added
    s.bets[i] += e.added
    s.contrib[i] += e.added
    s.improper = (i, e.correct_to, e.to)
    s.current_bet = e.to
    s.street_aggressor = s.last_aggressor = i
    s.raised[i] = True
    s.acted[i] = True
    s.faced[i] = e.to
    s.cursor = (i + 1) % s.n
    _after_betting_action(s)


def _ev_corrected(s: HandState, e: BetCorrected) -> None:
    cfg = s.config
    previous = s.full_level
    for j, add in e.top_ups:
        s._stacks[j] -= add
        s.bets[j] += add
        s.contrib[j] += add
    # The corrected wager is a full bet or raise; calls brought up to it do not reopen.
    if cfg.variant.structure == "fixed_limit":
        s.bet_count += 1
    else:
        s.last_raise = max(e.to - previous, cfg.min_bet) if previous else max(e.to, cfg.min_bet)
    s.full_level = e.to
    s.current_bet = e.to
    for j, _ in e.top_ups:
        s.faced[j] = e.to
    s.improper = None
    _after_betting_action(s)


def _ev_rake(s: HandState, e: RakeTaken) -> None:
    s.rake += e.amount


def _ev_awarded(s: HandState, e: PotAwarded) -> None:
    for p, amount in e.shares:
        s._stacks[p] += amount
        s.winnings[p] += amount


def _ev_ended(s: HandState, e: HandEnded) -> None:
    s.phase = DONE


def _take_from_stub(s: HandState, cards: Sequence[Card | None]) -> None:
    stub = s.stub
    for c in cards:
        if c is None:
            continue
        if stub is not None:
            try:
                stub.remove(c)
            except ValueError:
                raise DealError("not_in_deck", f"{c!r} is not in the remaining deck") from None
        s.seen |= 1 << c


def _evolve_bet(s: HandState, e: ChipsBet) -> None:
    i = e.position
    add = e.added
    s._stacks[i] -= add
    s.bets[i] += add
    s.contrib[i] += add
    if e.kind in ("bet", "raise"):
        cfg = s.config
        increment = e.to - s.current_bet
        if cfg.variant.structure == "fixed_limit":
            unit = cfg.big_bet if s.street >= 2 else cfg.small_bet
            rules = cfg.rules
            # BET-05: an all-in of at least half a bet over the current bet is a full bet.
            base = max(s.current_bet, s.full_level)
            full = (e.to - base) * rules.limit_allin_full_threshold_den >= (
                unit * rules.limit_allin_full_threshold_num
            )
            if full:
                s.full_level = e.to
                # STR-03 / G5: a full bet counts toward the cap; an all-in of at least half
                # a bet counts too unless the house says otherwise.
                if e.to - base >= unit or rules.limit_short_allin_counts_toward_cap:
                    s.bet_count += 1
        else:
            opening = s.current_bet == 0
            full = increment >= s.last_raise or (opening and e.to >= cfg.min_bet)
            rules = cfg.rules
            if full:
                s.last_raise = (
                    max(increment, s.last_raise) if not opening else max(e.to, cfg.min_bet)
                )
                s.full_level = e.to
            else:
                if rules.nl_incomplete_allin_reopens:
                    s.full_level = e.to  # BET-04 with reopening: every all-in raise reopens
                if not rules.incomplete_allin_keeps_last_full_raise:
                    s.last_raise = increment  # G7 turned off: the short raise sets the size
        s.current_bet = e.to
        s.street_aggressor = i
        s.last_aggressor = i
        s.raised[i] = True
    else:
        s.raised[i] = False
    s.acted[i] = True
    s.faced[i] = s.current_bet
    s.cursor = (i + 1) % s.n
    _after_betting_action(s)


def _after_betting_action(s: HandState) -> None:
    folded = s.folded
    alive = folded.count(False)
    if s.config.variant.structure == "fixed_limit" and not s.uncapped and _can_bet(s) <= 2:
        # STR-04: a cash round that becomes heads-up before the cap is reached is uncapped.
        rules = s.config.rules
        cap = rules.limit_raise_cap
        if (
            not rules.is_tournament
            and rules.limit_heads_up_uncapped_in_cash
            and (not cap or s.bet_count < cap)
        ):
            s.uncapped = True
    s.to_act = -1 if alive == 1 else scan_actor(s)
    if s.to_act < 0:
        s.phase = ROUND_END


def _can_bet(s: HandState) -> int:
    """Players still in the hand with chips behind."""
    stacks = s._stacks
    return sum(1 for j, f in enumerate(s.folded) if not f and stacks[j] > 0)


def _begin_round(s: HandState) -> None:
    """Start the betting round of ``s.street`` (bets and raise sizes reset)."""
    cfg = s.config
    n = s.n
    s.phase = BET
    s.acted = [False] * n
    s.raised = [False] * n
    s.faced = [0] * n
    s.street_aggressor = -1
    s.bet_street = s.street
    s.uncapped = False
    s.improper = None
    if s.street == 0:
        blinds = cfg.blinds
        top = max(blinds)
        # BLD-03: a short blind does not lower the amount to call or the raise size.
        s.current_bet = max(s.bets) if cfg.rules.short_blind_sets_call_amount else max(top, *s.bets)
        if cfg.variant.structure == "fixed_limit":
            s.full_level = s.current_bet
            # G5: the big blind counts as the bet (unless the house says it does not).
            s.bet_count = 1 if top and cfg.rules.limit_bb_counts_as_bet else 0
        else:
            s.last_raise = max(cfg.min_bet, top)  # BET-02: the big blind is a bet of one BB
            s.full_level = s.current_bet
        # FLOW-03: first to act is left of the last (largest) blind or straddle.
        last = max((j for j in range(n) if blinds[j] == top), default=-1) if top else -1
        s.cursor = (last + 1) % n
    else:
        s.current_bet = 0
        s.full_level = 0
        s.bet_count = 0
        s.last_raise = cfg.min_bet
        s.cursor = 0  # FLOW-06: first live player left of the button seat
    _after_betting_action(s)


def _close_round(s: HandState) -> None:
    """Collect the bets; move to the next street, the draw, or the showdown."""
    n = s.n
    s.bets = [0] * n
    s.acted = [False] * n
    s.current_bet = 0
    s.improper = None
    alive = [j for j in range(n) if not s.folded[j]]
    if len(alive) == 1:
        s.betting_closed = True
        _open_showdown(s)
        return
    if sum(1 for j in alive if s._stacks[j] > 0) <= 1:
        s.betting_closed = True  # FLOW-09: nobody left to bet against
    last = s.config.variant.streets - 1
    if s.street >= last:
        _open_showdown(s)
        return
    s.street += 1
    if s.config.variant.has_board:
        s.phase = BOARD
        if s.betting_closed and not s.show_order:
            s.show_order = showdown_order(s)  # hands may be shown before the run-out
    else:
        s.phase = DISCARD


def _open_showdown(s: HandState) -> None:
    s.phase = SHOWDOWN
    if not s.show_order:
        alive = [j for j in range(s.n) if not s.folded[j]]
        s.show_order = showdown_order(s) if len(alive) > 1 else []


def _after_board(s: HandState) -> None:
    boards = s.boards
    if s.betting_closed:
        if all(len(b) == 5 for b in boards):
            _open_showdown(s)
        return
    expected = 3 + s.street - 1  # flop 3, turn 4, river 5
    if len(boards[0]) >= expected:
        _begin_round(s)


def _after_draw(s: HandState) -> None:
    if s.betting_closed:
        if s.street >= s.config.variant.streets - 1:
            _open_showdown(s)
        else:
            s.street += 1
            s.acted = [False] * s.n
            s.phase = DISCARD
        return
    _begin_round(s)


# ---------------------------------------------------------------------------------------
# automatic steps: dealing from the deck, returning uncalled bets, the showdown, awards
# ---------------------------------------------------------------------------------------


def _run_automatic(s: HandState, events: list[Event]) -> None:
    while True:
        phase = s.phase
        if phase <= DRAW_DEAL and phase != ROUND_END and s.stub is None and not s.show_order:
            return  # waiting for the dealer or a player
        if phase == BOARD and s.stub is not None and rit_pending(s):
            return  # RIT-01: waiting for the players' answer
        if phase == ROUND_END:
            _return_uncalled(s, events)
            _emit(s, events, RoundClosed(s.street))
        elif phase in (DEAL_HOLE, DRAW_DEAL) and s.stub is not None:
            _deal_hole_from_stub(s, events)
        elif phase == BOARD and s.stub is not None and not rit_pending(s):
            run, size = _board_due(s)
            _emit(s, events, CardBurned(s.stub[-1]))  # FLOW-05
            _emit(s, events, BoardDealt(tuple(s.stub[-1 : -size - 1 : -1]), run))
        elif s.show_order and phase in (BOARD, SHOWDOWN) and _auto_show(s, events):
            continue
        elif phase == SHOWDOWN and _next_shower(s) is None:
            _settle(s, events)
            return
        else:
            return


def _return_uncalled(s: HandState, events: list[Event]) -> None:
    # POT-04 / G8: the part of the largest bet nobody matched goes back to its owner.
    bets = s.bets
    top = max(bets)
    if top == 0:
        return
    owners = [j for j in range(s.n) if bets[j] == top]
    if len(owners) > 1 or s.killed[owners[0]]:
        return  # a killed hand's chips stay in the pot (DEAD-06: refunds are the floor's)
    second = max((b for j, b in enumerate(bets) if j != owners[0]), default=0)
    if top > second:
        _emit(s, events, UncalledBetReturned(owners[0], top - second))


def _deal_hole_from_stub(s: HandState, events: list[Event]) -> None:
    stub = s.stub
    assert stub is not None
    n = s.n
    need = s.need
    if s.phase == DEAL_HOLE:
        # FLOW-02: one card at a time, clockwise from the first position.
        rounds = max(need)
        hands: list[list[Card]] = [[] for _ in range(n)]
        top = len(stub) - 1
        for r in range(rounds):
            for p in range(n):
                if r < need[p]:
                    hands[p].append(stub[top])
                    top -= 1
        for p in range(n):
            if hands[p]:
                _emit(s, events, HoleDealt(p, tuple(hands[p])))
    else:
        for p in range(n):
            if need[p]:
                _emit(s, events, HoleDealt(p, tuple(stub[-1 : -need[p] - 1 : -1])))


def _auto_show(s: HandState, events: list[Event]) -> bool:
    """Show or muck for the next player where the engine decides (SHD-03, or automated)."""
    i = _next_shower(s)
    if i is None:
        return False
    held = s.hole[i]
    if any(c is None for c in held):
        return False
    if _must_show(s):
        _emit(s, events, Shown(i, tuple(c for c in held if c is not None)))
        return True
    if not s.config.automate_showdown or (
        not all(len(b) == 5 for b in s.boards) and s.config.variant.has_board
    ):
        return False
    _emit(s, events, default_showdown_action(s, i))
    return True


def default_showdown_action(s: HandState, i: int) -> Shown | Mucked:
    """SHD-04/05: show if this hand can still win or tie a pot it is in, else muck.

    The pot a hand is likeliest to win is the highest one it reached, contested only by the
    hands that put in at least as much; it shows when it beats or ties every shown hand there.
    """
    variant = s.config.variant
    held = tuple(c for c in s.hole[i] if c is not None)
    rivals = [
        cards
        for j in s.show_order
        if (cards := s.shown[j]) is not None and s.contrib[j] >= s.contrib[i]
    ]
    if not rivals:
        return Shown(i, held)
    for board in s.boards:
        hi, lo = hand_values(variant, held, board)
        theirs = [hand_values(variant, cards, board) for cards in rivals]
        if all(hi >= t[0] for t in theirs):
            return Shown(i, held)
        if lo is not None and all(t[1] is None or lo >= t[1] for t in theirs):
            return Shown(i, held)
    return Mucked(i)


def _settle(s: HandState, events: list[Event]) -> None:
    cfg = s.config
    rules = cfg.rules
    unraked = not rules.rake_percent or rules.is_tournament
    if s.folded.count(False) == 1 and (unraked or (rules.no_flop_no_drop and s.street == 0)):
        # FLOW-10: the last hand wins the whole pot without showing (no rake to take).
        winner = s.folded.index(False)
        _emit(s, events, PotAwarded(0, ((winner, sum(s.contrib)),)))
        _emit(s, events, HandEnded(tuple(s._stacks), s.rake))
        return
    pots = build_pots(s.contrib, [not f for f in s.folded])
    amounts = [p.amount for p in pots]
    # FEE-01 / POT-07: rake main pot first up to the cap; no flop, no drop.
    if rules.rake_percent and not rules.is_tournament:
        flop_seen = bool(s.boards[0]) if cfg.variant.has_board else s.street > 0
        if flop_seen or not rules.no_flop_no_drop:
            for k, r in enumerate(
                rake_pots(amounts, rules.rake_percent, rules.rake_cap, cfg.chip_unit)
            ):
                if r:
                    _emit(s, events, RakeTaken(k, r))
                    amounts[k] -= r
    unit = cfg.chip_unit
    values: dict[tuple[int, int], tuple[int, int | None]] = {}
    # POT-02: the last side pot is settled first, the main pot last.
    for k in range(len(pots) - 1, -1, -1):
        pot = pots[k]
        amount = amounts[k]
        contenders = tuple(p for p in pot.eligible if not s.mucked[p])  # SHD-07: mucked = dead
        if len(contenders) == 1:
            winner = contenders[0]
            shown = s.shown[winner]
            name = (
                ""
                if shown is None
                else values_name(cfg.variant, hand_values(cfg.variant, shown, s.boards[0])[0])
            )
            _emit(s, events, PotAwarded(k, ((winner, amount),), hand=name))
            continue
        run_amounts = _halves(amount, s.runs if k in s.rit_pots else 1, unit)
        for run, run_amount in enumerate(run_amounts):
            board = s.boards[run]
            for p in contenders:
                if (p, run) not in values:
                    cards = s.shown[p]
                    assert cards is not None
                    values[p, run] = hand_values(cfg.variant, cards, board)
            _award(s, events, k, run, run_amount, contenders, values, unit)
    _emit(s, events, HandEnded(tuple(s._stacks), s.rake))


def _halves(amount: int, parts: int, unit: int) -> list[int]:
    # G16 / POT-06: the first part (run 1, or the high half) gets the odd unit.
    if parts == 1:
        return [amount]
    units = amount // unit
    second = units // 2 * unit
    return [amount - second, second]


def _award(
    s: HandState,
    events: list[Event],
    k: int,
    run: int,
    amount: int,
    contenders: Sequence[int],
    values: dict[tuple[int, int], tuple[int, int | None]],
    unit: int,
) -> None:
    variant = s.config.variant
    best_hi = max(values[p, run][0] for p in contenders)
    hi_winners = [p for p in contenders if values[p, run][0] == best_hi]
    lows = [(lo, p) for p in contenders if (lo := values[p, run][1]) is not None]
    if variant.hi_lo and lows:
        best_lo = max(v for v, _ in lows)
        lo_winners = [p for v, p in lows if v == best_lo]
        hi_amount, lo_amount = _halves(amount, 2, unit)
        _emit(
            s,
            events,
            PotAwarded(
                k,
                tuple(split_pot(hi_amount, hi_winners, unit)),
                run,
                "high",
                values_name(variant, best_hi),
            ),
        )
        _emit(s, events, PotAwarded(k, tuple(split_pot(lo_amount, lo_winners, unit)), run, "low"))
        return
    _emit(
        s,
        events,
        PotAwarded(
            k, tuple(split_pot(amount, hi_winners, unit)), run, "all", values_name(variant, best_hi)
        ),
    )


_EVOLVE: dict[type, Callable[[HandState, Any], None]] = {
    ChipsBet: _evolve_bet,
    Folded: _ev_folded,
    HandKilled: _ev_killed,
    HoleDealt: _ev_hole,
    BoardDealt: _ev_board,
    CardBurned: _ev_burn,
    AntePosted: _ev_ante,
    BlindPosted: _ev_blind,
    UncalledBetReturned: _ev_uncalled,
    RoundClosed: _ev_round_closed,
    Discarded: _ev_discarded,
    Shown: _ev_shown,
    Mucked: _ev_mucked,
    RunsAgreed: _ev_runs,
    UndersizedBetMade: _ev_undersized,
    BetCorrected: _ev_corrected,
    RakeTaken: _ev_rake,
    PotAwarded: _ev_awarded,
    HandEnded: _ev_ended,
}

_DECIDE: dict[type, Callable[[HandState, Any], Event]] = {
    Fold: _decide_bet,
    CheckCall: _decide_bet,
    BetRaise: _decide_bet,
    DealHole: _decide_deal_hole,
    DealBoard: _decide_deal_board,
    Discard: _decide_discard,
    Show: _decide_show,
    Muck: _decide_show,
    RunItTwice: _decide_run_twice,
    RunOnce: _decide_run_once,
    KillHand: _decide_kill,
    UndersizedBet: _decide_undersized,
    CorrectBet: _decide_correct,
}
