"""Play hands against simple bots in the terminal (``make run`` / ``pokerroom play``).

The shell around the pure engine: it reads your input, shows the legal actions, the pots and
the stacks, and prints the hand history (PHH) at the end of each hand.
"""

from __future__ import annotations

import sys
from typing import TextIO

from pokerroom.bots.simple import SimpleBot
from pokerroom.cards import format_cards
from pokerroom.deck import commitment, new_seed, shuffled_deck
from pokerroom.errors import PokerroomError
from pokerroom.hand.actions import Action, BetRaise, CheckCall, Fold
from pokerroom.hand.betting import LegalActions, legal_actions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.engine import apply, start_hand
from pokerroom.hand.events import (
    BoardDealt,
    ChipsBet,
    Event,
    Folded,
    Mucked,
    PotAwarded,
    Shown,
    UncalledBetReturned,
)
from pokerroom.hand.state import HandState
from pokerroom.notation.export import history_from_events
from pokerroom.notation.phh import dumps

__all__ = ["play"]


def describe(e: Event, name: list[str]) -> str:
    """One line of table talk for an event (names by position)."""
    if isinstance(e, ChipsBet):
        verb = {"check": "checks", "call": "calls", "bet": "bets", "raise": "raises to"}[e.kind]
        amount = "" if e.kind == "check" else f" {e.to if e.kind != 'call' else e.added}"
        return f"{name[e.position]} {verb}{amount}{' (all-in)' if e.all_in else ''}"
    if isinstance(e, Folded):
        return f"{name[e.position]} folds"
    if isinstance(e, BoardDealt):
        return f"board: {format_cards(e.cards)}"
    if isinstance(e, Shown):
        return f"{name[e.position]} shows {format_cards(e.cards)}"
    if isinstance(e, Mucked):
        return f"{name[e.position]} mucks"
    if isinstance(e, UncalledBetReturned):
        return f"{e.amount} uncalled returned to {name[e.position]}"
    if isinstance(e, PotAwarded):
        pot = "main pot" if e.pot == 0 else f"side pot {e.pot}"
        return "; ".join(
            f"{name[p]} wins {a} from the {pot} {e.hand}".rstrip() for p, a in e.shares
        )
    return ""


def _show(state: HandState, seat_of: list[int], names: list[str], out: TextIO) -> None:
    board = format_cards(state.board) or "-"
    out.write(f"\n  board {board}   pot {state.pot}\n")
    for pos in range(state.n):
        seat = seat_of[pos]
        mark = " (button)" if pos == state.n - 1 else ""
        status = "folded" if state.folded[pos] else f"bet {state.bets[pos]}"
        cards = format_cards(state.hole_cards(pos)) if seat == 0 else "????"
        out.write(f"  {names[seat]:<8} {cards:<10} stack {state.stacks[pos]:>6}  {status}{mark}\n")


def _ask(legal: LegalActions, inp: TextIO, out: TextIO) -> Action | None:
    actor = legal.actor
    assert actor is not None
    while True:
        out.write(f"  your move: {legal.describe()}\n  [f]old, [c]heck/call, [r] AMOUNT, [q]uit > ")
        out.flush()
        line = inp.readline()
        if not line:
            return None
        words = line.split()
        if not words:
            continue
        if words[0] == "q":
            return None
        if words[0] == "f":
            return Fold(actor)
        if words[0] == "c":
            return CheckCall(actor)
        if words[0] == "r" and len(words) == 2 and words[1].isdigit():
            return BetRaise(actor, int(words[1]))
        out.write("  say f, c, r AMOUNT or q\n")


def play(
    game: str = "nlhe",
    players: int = 4,
    hands: int = 0,
    seed: int | None = None,
    inp: TextIO = sys.stdin,
    out: TextIO = sys.stdout,
) -> int:
    """Play until you quit (or ``hands`` hands); you sit in seat 1, bots fill the rest."""
    code = "PO" if game == "plo" else "NT"
    names = ["you", *(f"bot{i}" for i in range(1, players))]
    stacks = [200] * players
    bots = [SimpleBot(i if seed is None else seed + i) for i in range(players)]
    button = players - 1
    played = 0
    while hands == 0 or played < hands:
        alive = [s for s in range(players) if stacks[s] > 0]
        if len(alive) < 2 or stacks[0] == 0:
            out.write("\nGame over.\n")
            return 0
        button = next(s for k in range(1, players + 1) if (s := (button + k) % players) in alive)
        start = alive.index(button) + 1
        seat_of = [alive[(start + k) % len(alive)] for k in range(len(alive))]
        config = HandConfig.build(
            code, tuple(stacks[s] for s in seat_of), 1, 2, automate_showdown=True
        )
        deck_seed = new_seed() if seed is None else (seed + played).to_bytes(32, "big")
        out.write(f"\n=== hand {played + 1}: deck commitment {commitment(deck_seed)[:16]}… ===\n")
        state, events = start_hand(config, shuffled_deck(deck_seed))
        log: list[Event] = list(events)
        while not state.is_over:
            legal = legal_actions(state)
            pos = legal.actor
            if pos is None:
                break
            if seat_of[pos] == 0:
                _show(state, seat_of, names, out)
                action = _ask(legal, inp, out)
                if action is None:
                    out.write("\nBye.\n")
                    return 0
            else:
                hole = [c for c in state.hole_cards(pos) if c is not None]
                action = bots[seat_of[pos]].act(legal, hole, state.board, state.pot)
            try:
                state, new = apply(state, action)
            except PokerroomError as exc:
                out.write(f"  not allowed: {exc}\n")
                continue
            log += new
            by_position = [names[seat] for seat in seat_of]
            for e in new:
                line = describe(e, by_position)
                if line:
                    out.write(f"  {line}\n")
        for pos, seat in enumerate(seat_of):
            stacks[seat] = state.stacks[pos]
        hh = history_from_events(
            config,
            log,
            players=tuple(names[s] for s in seat_of),
            extra={"_seed": deck_seed.hex(), "_commitment": commitment(deck_seed)},
        )
        out.write("\n--- hand history (PHH) ---\n" + dumps(hh) + "\n")
        played += 1
    return 0
