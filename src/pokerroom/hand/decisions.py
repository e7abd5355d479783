"""Deciding: check a command against the rules and turn it into its event (or refuse it).

Nothing here changes a state; an illegal command raises a typed error that says what was
wrong and what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from pokerroom.cards import Card
from pokerroom.errors import DealError, IllegalAction
from pokerroom.hand.actions import (
    BetRaise,
    CheckCall,
    CorrectBet,
    DealBoard,
    DealHole,
    DealHoles,
    Discard,
    Fold,
    KillHand,
    Muck,
    ReviveHand,
    RunItTwice,
    RunOnce,
    Show,
    UndersizedBet,
)
from pokerroom.hand.betting import legal_actions, next_actor, raise_bounds
from pokerroom.hand.events import (
    BetCorrected,
    BoardDealt,
    ChipsBet,
    Discarded,
    Event,
    Folded,
    HandKilled,
    HandRestored,
    HoleDealt,
    HolesDealt,
    Mucked,
    RunsAgreed,
    Shown,
    UndersizedBetMade,
)
from pokerroom.hand.state import (
    BET,
    BOARD,
    DEAL_HOLE,
    DISCARD,
    DRAW_DEAL,
    ROUND_END,
    SHOWDOWN,
    HandState,
)
from pokerroom.hand.transitions import _next_drawer

__all__ = ["rit_offered", "rit_pending"]


def _illegal(s: HandState, code: str, what: str) -> IllegalAction:
    return IllegalAction(code, f"{what}; legal: {legal_actions(s).describe()}")


def _awaiting(s: HandState) -> str:
    """What the hand waits for now, for a refusal made outside a player's turn to bet
    (README "Errors": say what was wrong and what is allowed)."""
    actor = s.actor
    if actor is not None:
        return f"p{actor + 1} to act: {legal_actions(s).describe()}"
    phase = s.phase
    if phase in (DEAL_HOLE, DRAW_DEAL):
        order = s.config.deal_order if phase == DEAL_HOLE else range(s.n)
        due = next((p for p in order if s.need[p]), None)
        if due is not None:
            return f"hole cards for p{due + 1} (DealHole)"
    if phase == DISCARD:
        drawer = _next_drawer(s)
        if drawer is not None:
            return f"p{drawer + 1} to draw (Discard)"
    waits: list[str] = []
    if phase == BOARD:
        if rit_offered(s):
            waits.append("the players' answer on running it twice (RunItTwice, RunOnce)")
        _run, size = _board_due(s)
        if size:
            street = "the flop" if size == 3 else "the next board card"
            waits.append(f"{street}, {size} card{'s' if size > 1 else ''} (DealBoard)")
    shower = _next_shower(s)
    if shower is not None:
        waits.append(f"p{shower + 1} to show or muck (Show, Muck)")
    return " or ".join(waits) or f"nothing from the players (phase {s.phase_name})"


def _not_now(s: HandState, code: str, what: str) -> IllegalAction:
    return IllegalAction(code, f"{what}; legal: {_awaiting(s)}")


def _decide_bet(s: HandState, action: Fold | CheckCall | BetRaise) -> Event:
    actor = s.actor
    i = action.actor
    if type(i) is not int or not 0 <= i < s.n:
        raise IllegalAction(
            "bad_position",
            f"{type(action).__name__}: position {i!r} is not in this hand; positions are "
            f"0..{s.n - 1} (p1..p{s.n})",
        )
    if actor is None:
        raise _not_now(
            s,
            "not_betting",
            f"{type(action).__name__} by p{i + 1}: no betting is open now (phase {s.phase_name})",
        )
    if i != actor:
        raise _illegal(s, "out_of_turn", f"p{i + 1} acted out of turn: it is p{actor + 1} to act")
    kind = type(action)
    if kind is Fold:
        assert isinstance(action, Fold)
        forfeit = action.forfeit
        if type(forfeit) is not int:
            raise _illegal(s, "bad_forfeit", f"forfeit {forfeit!r}: give a whole number of chips")
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
    to = action.to
    word: Literal["bet", "raise"] = "bet" if s.current_bet == 0 else "raise"
    if type(to) is not int:  # no half chips, no text: the amount is whole chips (STR-07)
        raise _illegal(s, "bad_amount", f"{word} to {to!r}: give a whole number of chips")
    bounds = raise_bounds(s, i)
    if bounds is None:
        raise _illegal(s, "raise_not_allowed", f"p{i + 1} may not {word} now")
    low, high = bounds
    if to < low:
        # BET-01/02/03: below the minimum only as an all-in (which is then the minimum).
        raise _illegal(
            s, "raise_below_minimum", f"{word} to {to} is below the minimum {word} to {low}"
        )
    if to > high:
        # STR-06: more than he has is table stakes' limit; within it, STR-05's pot limit.
        over_stack = to > s.bets[i] + s._stacks[i]
        pot_limit = s.config.variant.structure == "pot_limit"
        code = "above_pot_limit" if pot_limit and not over_stack else "above_maximum"
        raise _illegal(s, code, f"{word} to {to} is above the maximum {word} to {high}")
    add = to - s.bets[i]
    unit = s.config.chip_unit
    if unit != 1 and to % unit and to != high and to != low:
        # STR-07: fractions of the unit do not play; only the bounds (the all-in, the one
        # fixed-limit amount) may be off the unit.
        down = to - to % unit
        up = down + unit
        raise _illegal(
            s,
            "not_in_chip_unit",
            f"{word} to {to} is not a whole number of the smallest chip that plays, {unit} "
            f"(STR-07); nearest legal: {word} to {max(down, low)} or {min(up, high)}",
        )
    return ChipsBet(i, word, to, add, add == stack)


def _decide_deal_hole(s: HandState, action: DealHole) -> Event:
    if s.phase not in (DEAL_HOLE, DRAW_DEAL):
        raise DealError(
            "not_dealing_hole_cards",
            f"no hole cards are due now (phase {s.phase_name}); legal: {_awaiting(s)}",
        )
    p = action.position
    if not 0 <= p < s.n:
        raise DealError("bad_position", f"p{p + 1} is not in this hand (p1..p{s.n})")
    k = len(action.cards)
    if k == 0 or k > s.need[p]:
        raise DealError("wrong_card_count", f"p{p + 1} is due {s.need[p]} card(s), not {k}")
    # FLOW-02: clockwise from the first position; a player's cards may come one at a time
    # or together, but nobody is dealt ahead of a player before him.
    if p != s.config.deal_order[0] or s.phase != DEAL_HOLE or s.hole[p]:
        _check_deal_order(s, p, k)  # the first player's first cards are always in order
    if s.phase == DRAW_DEAL and s.config.redeal_discards:
        _check_not_held(s, action.cards)
    else:
        _check_fresh(s, action.cards)
    return HoleDealt(p, action.cards)


def _check_not_held(s: HandState, cards: Sequence[Card | None]) -> None:
    # HandConfig.redeal_discards: a discarded, folded or mucked card may come round again.
    dealt: set[Card] = set()
    for c in cards:
        if c is None:
            continue
        if c in dealt or any(
            c in hand for p, hand in enumerate(s.hole) if not s.folded[p] and not s.mucked[p]
        ):
            raise DealError("duplicate_card", f"{c!r} is in the hand of a player still in")
        dealt.add(c)


def _decide_deal_holes(s: HandState, action: DealHoles) -> Event:
    if s.phase != DEAL_HOLE or any(s.hole):
        raise DealError(
            "not_dealing_hole_cards",
            f"a whole deal needs every hand still to come (phase {s.phase_name})",
        )
    hands = action.hands
    if len(hands) != s.n or any(len(h) != s.need[p] for p, h in enumerate(hands)):
        raise DealError(
            "wrong_card_count",
            f"a whole deal gives {s.n} hands of {s.config.variant.hole_cards} cards, "
            f"got {[len(h) for h in hands]}",
        )
    _check_fresh(s, [c for h in hands for c in h])
    return HolesDealt(hands)


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
    order = s.config.deal_order  # FLOW-02 / FLOW-08: who is dealt first
    at = order.index(p)
    for q in order[:at]:
        if due[q] and len(hole[q]) < have + k:
            raise DealError("out_of_order", f"p{q + 1} must be dealt before p{p + 1}")
    for q in order[at + 1 :]:
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
        raise DealError(
            "not_dealing_board",
            f"no board cards are due now (phase {s.phase_name}); legal: {_awaiting(s)}",
        )
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
        raise _not_now(s, "not_drawing", f"no draw is open now (phase {s.phase_name})")
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
    stub = s.stub
    if stub is not None and action.cards:
        # FLOW-02 (draws dealt from the engine's deck): every discard is replaced from the
        # stub after the last player has drawn; one the stub cannot replace is refused
        # (dealing on would hand out empty replacements for ever).
        left = len(stub) - sum(s.need)
        if len(action.cards) > left:
            raise IllegalAction(
                "deck_exhausted",
                f"p{i + 1} cannot draw {len(action.cards)}: the deck has {left} card(s) left "
                f"after the draws before him; legal: stand pat or draw at most {left}",
            )
    return Discarded(i, tuple(action.cards))


def _decide_show(s: HandState, action: Show | Muck) -> Event:
    i = action.actor
    nxt = _next_shower(s)
    if nxt is None:
        raise _not_now(s, "no_showdown", f"p{i + 1} cannot show or muck now: no showdown is open")
    if i != nxt:
        # SHD-01/02: the order is the house's, unless the config lets a hand still in go
        # first (a recorded history, ``showdown_any_order``).
        if not s.config.showdown_any_order:
            raise IllegalAction(
                "out_of_turn", f"p{i + 1} acted out of turn at showdown: p{nxt + 1} shows first"
            )
        if i not in s.show_order or s.shown[i] is not None or s.mucked[i]:
            raise IllegalAction(
                "not_in_showdown",
                f"p{i + 1} has no hand to show or muck: the hands still to show are "
                + ", ".join(
                    f"p{p + 1}" for p in s.show_order if s.shown[p] is None and not s.mucked[p]
                ),
            )
    if isinstance(action, Muck):
        if _must_show(s):
            raise IllegalAction(
                "must_show", "all-in hands are turned face up in tournaments (SHD-03): show"
            )
        for pot in s.pots():
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
        known_shown = sum(c is not None for c in cards)
        raise IllegalAction(
            "wrong_cards",
            f"p{i + 1} must show all {len(held)} hole cards (SHD-04); {len(cards)} given, "
            f"{known_shown} of them known",
        )
    known = [c for c in held if c is not None]
    if any(c not in cards for c in known):
        raise IllegalAction("wrong_cards", f"p{i + 1} shows {cards} but was dealt {tuple(held)}")
    _check_fresh(s, [c for c in cards if c not in known])
    return Shown(i, tuple(c for c in cards if c is not None))


def _must_show(s: HandState) -> bool:
    # SHD-03: in tournaments, once a player is all in and no more betting can happen (an
    # all-in closed the betting, or the others bet on to the showdown) every hand is face up.
    rules = s.config.rules
    return (
        rules.is_tournament
        and rules.allin_hands_face_up == "tournament"
        and (s.betting_closed or s.phase == SHOWDOWN)
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
        raise _not_now(
            s,
            "run_twice_not_now",
            "run it twice is agreed only when the betting is over with board cards to come",
        )
    stub = s.stub
    if stub is not None:
        # RIT-02: run 2 comes from the same stub, with burns; with many players the stub may
        # not hold both runs (each run: a burn per deal to come and the cards still due).
        dealt = len(s.boards[0])
        deals = 3 if dealt < 3 else 5 - dealt
        needed = 2 * (deals + 5 - dealt)
        if len(stub) < needed:
            raise IllegalAction(
                "run_twice_not_eligible",
                f"the deck has {len(stub)} cards left but two runs need {needed} "
                "(RIT-02: run 2 from the same stub, with burns); legal: RunOnce",
            )
    minimum = rules.rit_min_pot(s.config.stakes)
    pots = s.pots()
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
    if s.folded[p] or s.mucked[p]:
        raise IllegalAction("not_live", f"p{p + 1} has no live hand to kill")
    if s.phase == SHOWDOWN:
        # SHD-09 / DEAD-05: the floor finds the hand foul at the showdown (the wrong number
        # of cards): it is dead, mucked out of the showing order; what it put in stays. A pot
        # it alone could still win is the floor's to award, not the engine's.
        for k, pot in enumerate(s.pots()):
            others = [q for q in pot.eligible if q != p and not s.mucked[q]]
            if p in pot.eligible and not others:
                raise IllegalAction(
                    "last_hand_in_pot",
                    f"p{p + 1} holds the only hand left in pot {k}: killing it leaves nobody to "
                    "win it; the floor rules on that pot",
                )
        return Mucked(p, killed=True)
    if s.phase in (SHOWDOWN, ROUND_END) or s.show_order:
        raise IllegalAction(
            "kill_not_now",
            f"p{p + 1}'s hand can be killed during the deal, the betting or the showdown "
            f"(phase {s.phase_name})",
        )
    return HandKilled(p, action.forfeit_uncalled)


def _decide_revive(s: HandState, action: ReviveHand) -> Event:
    p = action.position
    if not 0 <= p < s.n:
        raise IllegalAction("bad_position", f"p{p + 1} is not in this hand (p1..p{s.n})")
    others_acted = any(a for q, a in enumerate(s.acted) if q != p)
    if not s.folded[p] or s.phase != BET or s.street != 0 or others_acted:
        raise IllegalAction(
            "not_revivable",
            f"p{p + 1}'s hand can be given back only when it was killed at the deal and nobody "
            "else has acted yet (TRN-02)",
        )
    return HandRestored(p)


def _decide_run_once(s: HandState, action: RunOnce) -> Event:
    # RIT-01: an answer only where the question is asked (the house runs it twice and a pot
    # reaches its minimum); elsewhere the board is simply run once.
    if not rit_offered(s):
        raise _not_now(s, "run_once_not_now", "there is no run-it-twice decision pending")
    return RunsAgreed(1, ())


def rit_pending(s: HandState) -> bool:
    """RIT-01: with a deck, the run-out waits while running it twice is allowed and a pot
    reaches the minimum, until the players answer (``RunItTwice`` or ``RunOnce``)."""
    return s.stub is not None and rit_offered(s)


def rit_offered(s: HandState) -> bool:
    """RIT-01: the betting is over with board cards to come, the house runs it twice, a pot
    reaches its minimum and the players have not answered yet (dealt from a deck or not)."""
    rules = s.config.rules
    if not (
        rules.run_it_twice_allowed
        and s.phase == BOARD
        and s.betting_closed
        and not s.runs_decided
        and s.folded.count(False) > 1
    ):
        return False
    minimum = rules.rit_min_pot(s.config.stakes)
    if minimum is None:
        return True
    pots = s.pots()
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


_DECIDE: dict[type, Callable[[HandState, Any], Event]] = {
    Fold: _decide_bet,
    CheckCall: _decide_bet,
    BetRaise: _decide_bet,
    DealHole: _decide_deal_hole,
    DealHoles: _decide_deal_holes,
    DealBoard: _decide_deal_board,
    Discard: _decide_discard,
    Show: _decide_show,
    Muck: _decide_show,
    RunItTwice: _decide_run_twice,
    RunOnce: _decide_run_once,
    KillHand: _decide_kill,
    ReviveHand: _decide_revive,
    UndersizedBet: _decide_undersized,
    CorrectBet: _decide_correct,
}
