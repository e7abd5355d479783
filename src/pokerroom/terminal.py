"""Play at a card-room table against simple bots in the terminal (``make run`` /
``pokerroom play``).

The shell around the pure core. You sit in seat 1 of a cash table run by a
:class:`~pokerroom.table.host.TableHost` under a house's rules: the button drawn by high card
with the house's suit order (BTN-01) and moved hand after hand (BTN-02), the blinds and the
heads-up change (BTN-06), busted players buying in again as new players (NEW-06). Your
actions go to the table as :class:`~pokerroom.table.commands.Act` commands, as a server would
send them; the bots play through :meth:`~pokerroom.table.host.TableHost.play`. The terminal
shows the legal actions, the pot and the stacks, and prints each hand's history (PHH) at its
end.

>>> from io import StringIO
>>> out = StringIO()
>>> play(players=3, hands=2, seed=7, inp=StringIO("f\\n" * 4), out=out)
0
>>> text = out.getvalue()
>>> "has the button" in text, "=== hand 2" in text, text.count("--- hand history (PHH) ---")
(True, True, 2)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from pokerroom.bots.simple import SimpleBot
from pokerroom.cards import format_cards
from pokerroom.deck import commitment, new_seed
from pokerroom.errors import NotationError, PokerroomError
from pokerroom.hand.betting import LegalActions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.events import (
    AntePosted,
    BlindPosted,
    BoardDealt,
    ChipsBet,
    Event,
    Folded,
    Mucked,
    PotAwarded,
    RakeTaken,
    Shown,
    UncalledBetReturned,
)
from pokerroom.house import load_profile
from pokerroom.notation.export import history_from_events
from pokerroom.notation.phh import dumps
from pokerroom.table import (
    Act,
    AgreeRunTwice,
    ButtonDrawn,
    DrawButton,
    HandStarted,
    LogEvent,
    PlayerId,
    Rebought,
    Rebuy,
    RunOnce,
    SeatNo,
    SitDown,
    StartHand,
    TableConfig,
    TableHost,
    TableState,
)

__all__ = ["describe", "play"]

YOU = PlayerId("you")
BUY_IN = 200  # 100 big blinds at 1/2, the table's maximum


def describe(e: Event, name: list[str]) -> str:
    """One line of table talk for a hand event (``name`` by position; empty: nothing to say).

    >>> describe(ChipsBet(1, "raise", 6, 6, False), ["ann", "bob"])
    'bob raises to 6'
    """
    if isinstance(e, BlindPosted):
        return f"{name[e.position]} posts {e.amount}"
    if isinstance(e, AntePosted):
        return f"{name[e.position]} antes {e.amount}"
    if isinstance(e, ChipsBet):
        verb = {"check": "checks", "call": "calls", "bet": "bets", "raise": "raises to"}[e.kind]
        amount = "" if e.kind == "check" else f" {e.to if e.kind != 'call' else e.added}"
        return f"{name[e.position]} {verb}{amount}{' (all-in)' if e.all_in else ''}"
    if isinstance(e, Folded):
        return f"{name[e.position]} folds"
    if isinstance(e, BoardDealt):
        run = f" (run {e.run + 1})" if e.run else ""
        return f"board{run}: {format_cards(e.cards)}"
    if isinstance(e, Shown):
        return f"{name[e.position]} shows {format_cards(e.cards)}"
    if isinstance(e, Mucked):
        return f"{name[e.position]} mucks"
    if isinstance(e, UncalledBetReturned):
        return f"{e.amount} uncalled returned to {name[e.position]}"
    if isinstance(e, RakeTaken):
        return f"rake {e.amount}"
    if isinstance(e, PotAwarded):
        pot = "main pot" if e.pot == 0 else f"side pot {e.pot}"
        return "; ".join(
            f"{name[p]} wins {a} from the {pot}" + (f" with {e.hand}" if e.hand else "")
            for p, a in e.shares
        )
    return ""


def play(
    game: str = "nlhe",
    players: int = 4,
    hands: int = 0,
    seed: int | None = None,
    house: str = "roberts",
    inp: TextIO = sys.stdin,
    out: TextIO = sys.stdout,
) -> int:
    """Play until you quit (or ``hands`` hands) at a ``players``-seat cash table of ``house``
    at 1/2; you sit in seat 1 and bots fill the rest, everyone buying in for 200.

    ``seed`` makes the button draw, every deck and the bots repeatable; without it each deck
    comes from a fresh secret seed whose commitment is shown before the deal.
    """
    config = TableConfig(
        load_profile(house, "cash"),
        seats=players,
        variant="PO" if game == "plo" else "NT",
        buyin_max=BUY_IN,
    )
    host = TableHost(config)
    bots = {
        PlayerId(f"bot{k}"): SimpleBot(k if seed is None else seed + k) for k in range(1, players)
    }
    for k, player in enumerate((YOU, *bots)):
        host.apply(SitDown(player, SeatNo(k + 1), BUY_IN))
    _say(host.apply(DrawButton(_seed(seed, 0))), [], host.state, out)
    played = 0
    while hands == 0 or played < hands:
        if not _buy_back(host, bots, inp, out):
            out.write("\nBye.\n")
            return 0
        deck_seed = _seed(seed, played + 1)
        out.write(f"\n=== hand {played + 1}: deck commitment {commitment(deck_seed)[:16]}… ===\n")
        log = list(host.apply(StartHand(deck_seed)))
        state = host.state
        names = [str(state.player_at(s)) for s in state.positions]
        _say(log, names, state, out)
        while host.in_hand:
            new = _next_step(host, bots, inp, out)
            if new is None:
                out.write("\nBye.\n")
                return 0
            log += new
            _say(new, names, host.state, out)
        _history(log, names, out)
        state = host.state
        stacks = ", ".join(f"{s.player} {s.stack}" for s in state.seats if s is not None)
        out.write(f"  stacks: {stacks}\n")
        played += 1
    return 0


def _seed(seed: int | None, k: int) -> bytes:
    """The deck seed of hand ``k`` (0: the button draw): repeatable with ``seed``."""
    return new_seed() if seed is None else (seed + k).to_bytes(32, "big")


def _buy_back(host: TableHost, bots: dict[PlayerId, SimpleBot], inp: TextIO, out: TextIO) -> bool:
    """Busted players buy in again before the deal (NEW-06: they come back as new players);
    False when you are busted and would rather stop."""
    for seat in host.state.seats:
        if seat is None or seat.stack:
            continue
        if seat.player not in bots:
            out.write(f"\n  you are out of chips: [b]uy in again for {BUY_IN}, or [q]uit > ")
            out.flush()
            if not inp.readline().strip().startswith("b"):
                return False
        _say(host.apply(Rebuy(seat.player, BUY_IN)), [], host.state, out)
    return True


def _next_step(
    host: TableHost, bots: dict[PlayerId, SimpleBot], inp: TextIO, out: TextIO
) -> tuple[LogEvent, ...] | None:
    """The next thing the hand in play waits for: your action, a bot's, or the players'
    answer to running the board twice (RIT-01). None: you quit."""
    turn = host.legal()
    hand = host.borrow_hand()
    if turn is None:  # RIT-01: betting is over with players all in; run it twice?
        players = host.dealt_in()
        position = host.state.position_of(YOU)
        if position is not None and not hand.folded[position]:
            out.write("  run the rest of the board twice? [y/n] > ")
            out.flush()
            if not inp.readline().strip().startswith("y"):
                return host.apply(RunOnce())
        try:  # the bots always agree; a house or a pot too small for it runs it once
            return host.apply(AgreeRunTwice(players))
        except PokerroomError as refusal:
            out.write(f"  run once: {refusal}\n")
            return host.apply(RunOnce())
    player, options = turn
    if player in bots:
        actor = options.actor
        assert actor is not None
        held = [c for c in hand.hole_cards(actor) if c is not None]
        return host.play(bots[player].act(options, held, hand.board, hand.pot))
    _show(host.state, out)
    while True:
        command = _ask(options, inp, out)
        if command is None:
            return None
        try:
            return host.apply(command)
        except PokerroomError as refusal:
            out.write(f"  not allowed: {refusal}\n")


def _show(state: TableState, out: TextIO) -> None:
    hand = state.hand
    assert hand is not None
    out.write(f"\n  board {format_cards(hand.board) or '-'}   pot {hand.pot}\n")
    for p, seat in enumerate(state.positions):
        player = state.player_at(seat)
        roles = [
            role
            for role, at in (
                ("button", state.button),
                ("small blind", state.sb_seat),
                ("big blind", state.bb_seat),
            )
            if at == seat
        ]
        mark = f" ({', '.join(roles)})" if roles else ""
        status = "folded" if hand.folded[p] else f"bet {hand.bets[p]}"
        cards = format_cards(hand.hole_cards(p)) if player == YOU else "????"
        out.write(f"  {player:<8} {cards:<10} stack {hand.stacks[p]:>6}  {status}{mark}\n")


def _ask(legal: LegalActions, inp: TextIO, out: TextIO) -> Act | None:
    """Your action as the table command a dealer would hear; None: you quit."""
    while True:
        out.write(f"  your move: {legal.describe()}\n  [f]old, [c]heck/call, [r] AMOUNT, [q]uit > ")
        out.flush()
        line = inp.readline()
        if not line:
            return None
        words = line.lower().split()
        if not words:
            continue
        word = words[0]
        if word in ("q", "quit"):
            return None
        if word in ("f", "fold"):
            return Act(YOU, "fold")
        if word in ("c", "check", "call") and len(words) == 1:
            # The word binds as at a table (RRP:L59): no check facing a bet, no call of nothing.
            if (word == "check" and not legal.can_check) or (word == "call" and legal.can_check):
                out.write(f"  you cannot {word} now: {legal.describe()}\n")
                continue
            return Act(YOU, "check" if legal.can_check else "call")
        if word in ("r", "raise", "bet") and len(words) == 2 and words[1].isdigit():
            opening = legal.can_check and not legal.opened
            return Act(YOU, "bet" if opening else "raise", int(words[1]))
        out.write("  say f (fold), c (check or call), r AMOUNT (bet or raise to) or q (quit)\n")


def _say(events: Sequence[LogEvent], names: list[str], state: TableState, out: TextIO) -> None:
    """Table talk for ``events``: hand events name players by position (``names``), table
    events by seat (``state``)."""
    for e in events:
        if isinstance(e, ButtonDrawn):
            for cards in e.rounds:
                drawn = ", ".join(f"{state.player_at(s)} {format_cards((c,))}" for s, c in cards)
                out.write(f"  draw for the button: {drawn}\n")
            out.write(f"  {state.player_at(e.button)} (seat {e.button}) has the button\n")
        elif isinstance(e, Rebought):
            out.write(f"  {_you(f'{e.player} buys in again for {e.amount}')}\n")
        elif isinstance(e, Event) and (line := describe(e, names)):
            out.write(f"  {_you(line)}\n")


def _you(line: str) -> str:
    """Table talk about you in the second person ("you call 2", not "you calls 2").

    >>> _you("you raises to 6"), _you("bot1 raises to 6")
    ('you raise to 6', 'bot1 raises to 6')
    """
    who, _, rest = line.partition(" ")
    if who != YOU:
        return line
    verb, _, more = rest.partition(" ")
    return f"you {verb[:-1]} {more}".rstrip() if verb.endswith("s") else line


def _history(log: list[LogEvent], names: list[str], out: TextIO) -> None:
    """The PHH hand history of the hand in ``log`` (its HandStarted, then its hand events)."""
    started = next(e for e in log if isinstance(e, HandStarted))
    config: HandConfig = started.config
    events = [e for e in log if isinstance(e, Event)]
    try:
        hh = history_from_events(
            config,
            events,
            players=tuple(names),
            extra={"_seed": started.seed.hex(), "_commitment": commitment(started.seed)},
        )
    except NotationError as unwritable:
        out.write(f"\n--- no hand history: {unwritable} ---\n")
        return
    out.write("\n--- hand history (PHH) ---\n" + dumps(hh) + "\n")
