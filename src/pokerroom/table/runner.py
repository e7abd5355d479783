"""A table that plays itself: bots act, players come and go, hand after hand.

Everything is driven by one seed: seats, the button draw, each deck, each bot decision and
the players' comings and goings (``churn``: the chance, per hand, that someone leaves,
joins, busts and rebuys, sits out or back in, adds chips, straddles or buys the button;
commands the table refuses are simply dropped, as a dealer would refuse them). The bots
draw from a generator seeded per hand, so :func:`replay_hands` can replay exactly the
same hands on the bare hand engine (the benchmark measures the table layer that way).

>>> from pokerroom.house import load_house
>>> from pokerroom.table.config import TableConfig
>>> cfg = TableConfig(load_house("lpr", "cash"), seats=9, buyin_min=100, buyin_max=400)
>>> result = run_session(cfg, players=6, hands=30, seed=7, churn=0.3)
>>> result.hands, result.state.ledger_balanced()
(30, True)

Where the players show or muck themselves (``TableConfig.showdown = "players"``, SHD-05)
the bots choose at the showdown too (:func:`~pokerroom.table.host.bot_showdown`):

>>> from dataclasses import replace
>>> result = run_session(replace(cfg, showdown="players"), players=6, hands=30, seed=7)
>>> result.hands, result.state.ledger_balanced()
(30, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, get_args

from pokerroom.bots.random_bot import random_action
from pokerroom.bots.simple import SimpleBot
from pokerroom.errors import ConfigError, PokerroomError
from pokerroom.hand.actions import Action, RunItTwice
from pokerroom.hand.actions import RunOnce as HandRunOnce
from pokerroom.hand.betting import LegalActions, legal_actions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.engine import apply_in_place, rit_pending, showdown_turn, start_hand
from pokerroom.hand.state import HandState
from pokerroom.table.commands import (
    AddChips,
    AgreeRunTwice,
    BuyButton,
    Command,
    DrawButton,
    Leave,
    MoveIn,
    PostBlind,
    Rebuy,
    RunOnce,
    SetLevel,
    SitDown,
    SitIn,
    SitOut,
    StartHand,
    Straddle,
)
from pokerroom.table.config import TableConfig
from pokerroom.table.events import HandStarted, LogEvent
from pokerroom.table.host import Decide, TableHost, bot_showdown
from pokerroom.table.seats import PlayerId, SeatNo
from pokerroom.table.state import TableState

__all__ = [
    "BotKind",
    "HandRecord",
    "SessionResult",
    "bot_action",
    "bot_for",
    "replay_hands",
    "run_session",
]

BotKind = Literal["random", "simple"]
BOTS: tuple[BotKind, ...] = get_args(BotKind)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as dealt: its config, deck seed and the bot seed (for :func:`replay_hands`)."""

    config: HandConfig
    seed: bytes
    bot_seed: int


@dataclass(frozen=True, slots=True)
class SessionResult:
    """The table at the end, its event log (if kept), and counts."""

    state: TableState
    events: tuple[LogEvent, ...]
    hands: int
    actions: int
    records: tuple[HandRecord, ...]


def bot_action(kind: BotKind, hand: HandState, options: LegalActions, rng: random.Random) -> Action:
    """The engine action a bot of ``kind`` chooses for the position to act."""
    if kind == "random":
        return random_action(options, rng)
    return _simple_action(hand, options, rng)


def bot_for(kind: BotKind, rng: random.Random) -> Decide:
    """A bot of ``kind`` drawing from ``rng``, as ``decide(hand, options)`` (what
    :meth:`TableHost.play_hand` asks): the same callable plays the table session and its
    replay on the bare engine, so the benchmark charges neither side for calling the bot.

    >>> from pokerroom.deck import shuffled_deck
    >>> from pokerroom.hand.config import HandConfig
    >>> config = HandConfig.build("NT", (200, 200, 200), 1, 2)
    >>> hand, _ = start_hand(config, shuffled_deck(bytes(32)))
    >>> decide, options = bot_for("random", random.Random(1)), legal_actions(hand)
    >>> decide(hand, options).actor == options.actor
    True
    """
    if kind not in BOTS:
        raise ConfigError("unknown_bot", f"bot {kind!r}; allowed: {', '.join(BOTS)}")
    if kind == "random":

        def random_decide(hand: HandState, options: LegalActions) -> Action:
            return random_action(options, rng)

        return random_decide

    def simple_decide(hand: HandState, options: LegalActions) -> Action:
        return _simple_action(hand, options, rng)

    return simple_decide


def _simple_action(hand: HandState, options: LegalActions, rng: random.Random) -> Action:
    actor = options.actor
    assert actor is not None
    bot = SimpleBot.__new__(SimpleBot)
    bot.rng = rng
    held = tuple(c for c in hand.hole_cards(actor) if c is not None)
    return bot.act(options, held, hand.board, hand.pot)


def _bot_seed(seed: int, hand_no: int) -> int:
    return seed * 1_000_003 + hand_no


def run_session(
    config: TableConfig,
    players: int = 9,
    hands: int = 100,
    seed: int = 0,
    *,
    bot: BotKind = "random",
    churn: float = 0.0,
    buy_in: int | None = None,
    keep_log: bool = True,
    record: bool = False,
    level_every: int = 0,
    keep_full: bool = False,
) -> SessionResult:
    """Play ``hands`` hands (fewer if the table breaks up) at a fresh table.

    ``level_every``: tournaments double the blinds every that many hands (BLD-06 levels).
    ``keep_full``: a busted player is replaced before the next hand, so the table stays as
    full as it started: in a cash game he buys in again (otherwise he rebuys or leaves, at
    random, sooner or later); in a tournament a player moved from another table takes his seat
    (TRN-09, as balancing would).
    """
    if players < 2:  # more than the seats: the first ``config.seats`` of them sit down
        raise ConfigError("bad_player_count", f"{players} players: a session needs 2 or more")
    if hands < 0 or level_every < 0 or not 0.0 <= churn <= 1.0:
        raise ConfigError(
            "bad_session",
            f"hands = {hands}, level_every = {level_every}, churn = {churn}; need hands >= 0, "
            "level_every >= 0 and churn between 0 and 1",
        )
    bot_for(bot, random.Random(0))  # an unknown bot is refused before anything is played
    rng = random.Random(seed)
    lo, hi = config.buyin_limits
    stack = buy_in or (hi if hi is not None else max(lo, 100 * config.big_blind))
    host = TableHost(config, keep_log=keep_log)
    records: list[HandRecord] = []
    counter = players
    clock = 0.0
    last: tuple[LogEvent, ...] = ()

    def do(command: Command) -> bool:
        nonlocal last
        try:
            last = host.apply(command)
        except PokerroomError:
            return False
        return True

    for k in range(min(players, config.seats)):
        do(SitDown(PlayerId(f"p{k + 1}"), SeatNo(k + 1), stack, clock))
    do(DrawButton(rng.randbytes(32)))
    played = actions = 0
    tournament = config.rules.is_tournament
    while played < hands:
        state = host.state
        if churn and rng.random() < churn:
            counter = _churn(state, rng, do, stack, counter, clock)
            state = host.state
        if not tournament:
            for s in state.seats:  # busted players rebuy or leave
                if s is not None and s.stack == 0 and (keep_full or rng.random() < 0.5):
                    back = keep_full or rng.random() < 0.7
                    do(Rebuy(s.player, stack, clock) if back else Leave(s.player, clock))
        elif keep_full:
            free_seats = state.free_seats()
            missing = players - (len(state.seats) - len(free_seats))
            for free in free_seats[:missing]:
                counter += 1
                do(MoveIn(PlayerId(f"p{counter}"), free, stack))
        if level_every and played and played % level_every == 0:
            cfg = host.state.config
            do(SetLevel(cfg.small_blind * 2, cfg.big_blind * 2, cfg.ante * 2, cfg.ante_type))
        if not do(StartHand(rng.randbytes(32), clock)):
            if tournament or not _refill(host.state, do, stack, counter, clock):
                break
            counter += 1
            continue
        clock += 60.0
        played += 1
        started = last[0]
        assert isinstance(started, HandStarted)
        bot_seed = _bot_seed(seed, started.hand_no)
        bot_rng = random.Random(bot_seed)
        if record:
            records.append(HandRecord(started.config, started.seed, bot_seed))

        decide = bot_for(bot, bot_rng)
        while host.in_hand:
            host.play_hand(decide)
            if host.in_hand:
                # RIT-01: the board waits for the players' answer (a hand that waits for
                # anything else refuses both answers).
                twice = bot_rng.random() < 0.5  # do they all agree?
                if not (twice and do(AgreeRunTwice(host.dealt_in()))) and not do(RunOnce()):
                    raise RuntimeError(f"the hand waits for nobody: {host.state.hand!r}")
                actions += 1
    actions += host.decisions
    return SessionResult(host.state, host.events, played, actions, tuple(records))


def _refill(
    state: TableState, do: Callable[[Command], bool], stack: int, counter: int, clock: float
) -> bool:
    """Too few players: someone sits back in or a new player sits down."""
    for s in state.seats:
        if s is not None and s.sitting_out and do(SitIn(s.player, post=s.owes or s.new)):
            return True
    free = state.free_seats()
    return bool(free) and do(SitDown(PlayerId(f"p{counter + 1}"), free[0], stack, clock))


def _churn(
    state: TableState,
    rng: random.Random,
    do: Callable[[Command], bool],
    stack: int,
    counter: int,
    clock: float,
) -> int:
    """One random coming or going; returns the updated new-player counter."""
    seated = [s for s in state.seats if s is not None]
    choice = rng.randrange(8)
    if choice == 0 or not seated:
        free = state.free_seats()
        if free:
            counter += 1
            do(SitDown(PlayerId(f"p{counter}"), rng.choice(free), stack, clock))
        return counter
    chosen = rng.choice(seated)
    who = chosen.player
    if choice == 1:
        do(Leave(who, clock))
    elif choice == 2:
        do(SitOut(who))
    elif choice == 3:
        cash = not state.config.rules.is_tournament  # tournament players never post to sit in
        do(SitIn(who, post=cash and rng.random() < 0.5 and (chosen.owes or chosen.new)))
    elif choice == 4:
        do(AddChips(who, rng.randint(1, stack)))
    elif choice == 5:
        do(Straddle(who))
    elif choice == 6:
        do(BuyButton(who))
    else:
        do(PostBlind(who))
    return counter


def replay_hands(
    records: list[HandRecord] | tuple[HandRecord, ...], bot: BotKind = "random"
) -> int:
    """Play the recorded hands on the bare hand engine with the same bots; return actions."""
    from pokerroom.cards import DECK
    from pokerroom.deck import SHORT_DECK, shuffled_deck

    actions = 0
    for rec in records:
        cards = SHORT_DECK if rec.config.variant.deck_size == 36 else DECK
        hand, _ = start_hand(rec.config, shuffled_deck(rec.seed, cards))
        rng = random.Random(rec.bot_seed)
        decide = bot_for(bot, rng)
        while hand.phase != 7:
            if rit_pending(hand):
                twice = rng.random() < 0.5
                try:
                    if not twice:
                        raise PokerroomError("run_once", "the players did not all agree")
                    apply_in_place(hand, RunItTwice(tuple(range(hand.n))))
                except PokerroomError:
                    apply_in_place(hand, HandRunOnce())
                actions += 1
                continue
            options = legal_actions(hand)
            if options.actor is None:
                shower = showdown_turn(hand)  # SHD-05: a table where the players show or muck
                if shower is None:
                    break
                apply_in_place(hand, bot_showdown(hand, shower))
                actions += 1
                continue
            apply_in_place(hand, decide(hand, options))
            actions += 1
    return actions
