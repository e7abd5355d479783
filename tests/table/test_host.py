"""TableHost: the owned, in-place table gives exactly what the pure core gives.

Random command streams (legal and illegal actions, players coming and going, straddles,
run-it-twice answers) go both to a :class:`TableHost` and to the pure ``apply``; after every
command the events (or the error) and the tables must be the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.bots.random_bot import random_action
from pokerroom.errors import ConfigError, PokerroomError
from pokerroom.hand.actions import Action, BetRaise, CheckCall, Fold
from pokerroom.hand.actions import RunOnce as EngineRunOnce
from pokerroom.hand.betting import LegalActions
from pokerroom.hand.state import HandState
from pokerroom.house import HOUSES, load_house
from pokerroom.table import TableConfig, TableState, apply, legal, replay
from pokerroom.table.commands import (
    Act,
    AddChips,
    AgreeRunTwice,
    Command,
    DrawButton,
    Leave,
    RunOnce,
    ShowHand,
    SitDown,
    SitIn,
    SitOut,
    StartHand,
    Straddle,
)
from pokerroom.table.host import TableHost, _as_act
from pokerroom.table.runner import run_session
from pokerroom.table.seats import PlayerId, SeatNo, TableError

CASES = [
    (house, mode)
    for mode in ("cash", "tournament")
    for house in HOUSES
    if load_house(house, mode).offered
]


def _config(house: str, mode: str) -> TableConfig:
    rules = load_house(house, mode)  # type: ignore[arg-type]
    if mode == "cash":
        return TableConfig(rules, seats=6, buyin_min=40, buyin_max=200)
    return TableConfig(rules, seats=6, ante=1, ante_type="per_player")


def _command(state: TableState, rng: random.Random) -> Command:
    """A plausible next command, sometimes a wrong one."""
    players = [s.player for s in state.seats if s is not None]
    if state.hand is None:
        roll = rng.random()
        if roll < 0.1:
            free = state.free_seats()
            name = PlayerId(f"n{rng.randrange(1000)}")
            return SitDown(name, rng.choice(free) if free else SeatNo(1), rng.choice((40, 200)))
        if roll < 0.2 and players:
            who = rng.choice(players)
            return rng.choice(
                (Leave(who), SitOut(who), SitIn(who, post=rng.random() < 0.5), Straddle(who))
            )
        if roll < 0.25 and players:
            return AddChips(rng.choice(players), rng.randint(1, 100))
        return StartHand(rng.randbytes(32))
    turn = legal(state)
    if turn is None:
        dealt = tuple(p for s in state.positions if (p := state.player_at(s)) is not None)
        if rng.random() < 0.1:
            dealt += (PlayerId("stranger"),)  # RIT-01: refused, someone is not in the hand
        return AgreeRunTwice(dealt) if rng.random() < 0.5 else RunOnce()
    if rng.random() < 0.03:  # RIT-01: nothing to run out while a player is to act
        return RunOnce() if rng.random() < 0.5 else AgreeRunTwice(tuple(players))
    player, options = turn
    roll = rng.random()
    if roll < 0.05 and players:
        player = rng.choice(players)  # maybe out of turn, or not dealt in
    if roll > 0.97:
        return Act(player, "fold", seat=SeatNo(rng.randint(1, 6)))  # maybe another's seat
    if roll > 0.95:
        return Act(player, "fold", forfeit=1)
    kind = rng.choice(("fold", "check", "call", "bet", "raise", "call", "check"))
    lo = options.min_raise_to or 0
    hi = options.max_raise_to or 0
    to = rng.choice((lo, hi, (lo + hi) // 2, lo - 1, hi + 1)) if kind in ("bet", "raise") else 0
    return Act(player, kind, to)  # type: ignore[arg-type]


def _engine_action(state: TableState, command: Command) -> Action | None:
    """The engine action a bot would give for ``command`` (None: it has none)."""
    if not isinstance(command, Act) or command.seat is not None or state.hand is None:
        return None
    p = state.position_of(command.player)
    if p is None:
        return None
    if command.kind == "fold":
        return Fold(p, command.forfeit)
    facing = state.hand.bets[p] < state.hand.current_bet
    if command.kind in ("check", "call"):
        return CheckCall(p) if facing == (command.kind == "call") else None
    return BetRaise(p, command.to)


def _outcome(fn: Callable[..., object], *args: object) -> tuple[str, object]:
    """("ok", what ``fn(*args)`` returned) or ("error", the error's type, code and words)."""
    try:
        return "ok", fn(*args)
    except PokerroomError as err:
        return "error", (type(err).__name__, err.code, str(err))


@pytest.mark.parametrize(("house", "mode"), CASES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_host_matches_pure_core(house: str, mode: str, seed: int, players: int) -> None:
    rng = random.Random(seed)
    cfg = _config(house, mode)
    pure = TableState.empty(cfg)
    host = TableHost(cfg)
    setup: list[Command] = [
        SitDown(PlayerId(f"p{k}"), SeatNo(k), 200) for k in range(1, players + 1)
    ]
    setup.append(DrawButton(rng.randbytes(32)))
    commands = 0
    while commands < 250:
        command = setup.pop(0) if setup else _command(pure, rng)
        commands += 1
        kind, result = _outcome(partial(apply, pure), command)
        action = _engine_action(pure, command) if rng.random() < 0.5 else None
        if action is None:
            host_kind, host_result = _outcome(host.apply, command)
        else:  # the same action as a bot gives it
            host_kind, host_result = _outcome(host.play, action)
        if kind == "ok":
            assert isinstance(result, tuple)
            pure, events = result
            assert (host_kind, host_result) == ("ok", events), command
        else:
            assert (host_kind, host_result) == (kind, result), command
        assert host.state == pure, command
        assert host.legal() == legal(pure)
    assert host.events and host.state.ledger_balanced()


def _table_in_hand() -> TableHost:
    cfg = TableConfig(load_house("lpr", "cash"), seats=6, buyin_max=400)
    host = TableHost(cfg)
    for k, name in enumerate(("ann", "bob", "cat"), start=1):
        host.apply(SitDown(PlayerId(name), SeatNo(k), 200))
    host.apply(DrawButton(bytes(32)))
    host.apply(StartHand(bytes(range(32))))
    return host


def test_snapshots_never_change_under_the_caller() -> None:
    host = _table_in_hand()
    before = host.state
    pot, actor = before.hand.pot if before.hand else 0, before.to_act()
    turn = host.legal()
    assert turn is not None
    host.apply(Act(turn[0], "call"))
    assert before.hand is not None and (before.hand.pot, before.to_act()) == (pot, actor)
    assert host.state.to_act() != actor


def test_a_host_made_from_a_state_leaves_that_state_alone() -> None:
    state = _table_in_hand().state
    host = TableHost(state)
    turn = host.legal()
    assert turn is not None
    host.apply(Act(turn[0], "fold"))
    assert state.hand is not None and not any(state.hand.folded)


def test_rejected_action_changes_nothing() -> None:
    host = _table_in_hand()
    before = host.state
    turn = host.legal()
    assert turn is not None
    with pytest.raises(PokerroomError):
        host.apply(Act(turn[0], "raise", 3))  # below the minimum raise
    with pytest.raises(TableError, match="out of turn"):
        host.apply(Act(PlayerId("cat" if turn[0] != "cat" else "bob"), "fold"))
    assert host.state == before


def test_borrow_hand_without_a_hand_is_an_error() -> None:
    host = TableHost(TableConfig(load_house("lpr", "cash"), seats=6))
    with pytest.raises(TableError, match="no hand"):
        host.borrow_hand()
    assert not host.in_hand and host.legal() is None


def test_play_takes_only_betting_actions() -> None:
    host = _table_in_hand()
    before = host.state
    with pytest.raises(TableError, match="folds, checks, calls, bets or raises"):
        host.play(EngineRunOnce())
    with pytest.raises(TableError, match="no hand has a position 7"):
        host.play(Fold(7))
    assert host.state == before


@pytest.mark.parametrize(("house", "mode"), CASES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), bad=st.integers(0, 40))
def test_play_hand_matches_one_act_at_a_time(
    house: str, mode: str, seed: int, players: int, bad: int
) -> None:
    """Bots playing whole hands give the events and tables of one Act per decision; a refused
    decision (the ``bad``-th of the session: a raise below the minimum) raises with the
    decisions before it played, and the session goes on."""
    rng = random.Random(seed)
    cfg = _config(house, mode)
    host = TableHost(cfg)
    pure = TableState.empty(cfg)
    setup: list[Command] = [
        SitDown(PlayerId(f"p{k}"), SeatNo(k), 200) for k in range(1, players + 1)
    ]
    for command in (*setup, DrawButton(rng.randbytes(32))):
        host.apply(command)
        pure = apply(pure, command)[0]
    decisions: list[Fold | CheckCall | BetRaise] = []
    made = 0

    def bot(hand: HandState, options: LegalActions) -> Action:
        nonlocal made
        made += 1
        action = random_action(options, rng)
        assert isinstance(action, Fold | CheckCall | BetRaise)
        if made == bad and options.min_raise_to is not None and options.actor is not None:
            action = BetRaise(options.actor, options.min_raise_to - 1)
        decisions.append(action)
        return action

    for _ in range(12):
        seed_bytes = rng.randbytes(32)
        try:
            host.apply(StartHand(seed_bytes))
        except PokerroomError:
            break
        pure = apply(pure, StartHand(seed_bytes))[0]
        while host.in_hand:
            decisions.clear()
            kind, result = _outcome(host.play_hand, bot)
            expected: list[object] = []
            for k, action in enumerate(decisions):
                pure_kind, pure_result = _outcome(partial(apply, pure), _as_act(pure, action))
                if pure_kind == "error":
                    assert k == len(decisions) - 1 and (kind, result) == (pure_kind, pure_result)
                    break
                assert isinstance(pure_result, tuple)
                pure, played = pure_result
                expected.extend(played)
            else:
                assert (kind, result) == ("ok", tuple(expected))
            assert host.state == pure
            if host.in_hand and host.legal() is None:  # RIT-01: the players answer
                host.apply(RunOnce())
                pure = apply(pure, RunOnce())[0]
    assert host.state == pure and host.state.ledger_balanced()


def test_bots_read_the_table_as_it_is_while_they_play() -> None:
    """Mid-hand, state, legal() and events are current: the log replays to the snapshot."""
    host = _table_in_hand()
    cfg = host.state.config
    rng = random.Random(3)
    seen = 0

    def bot(hand: HandState, options: LegalActions) -> Action:
        nonlocal seen
        snapshot = host.state
        assert snapshot.hand == hand and replay(cfg, host.events) == snapshot
        turn = host.legal()
        assert turn is not None and turn[1] == options
        seen += 1
        return random_action(options, rng)

    host.play_hand(bot)
    assert seen >= 2 and not host.in_hand


def test_a_bot_may_not_send_commands_while_it_plays() -> None:
    host = _table_in_hand()

    def bot(hand: HandState, options: LegalActions) -> Action:
        turn = host.legal()
        assert turn is not None
        host.apply(ShowHand(turn[0], "showed"))  # EXP-05 could lock his raises
        return CheckCall(options.actor or 0)

    before = host.events
    with pytest.raises(TableError, match="only chooses an action"):
        host.play_hand(bot)
    # The command was refused before it changed anything: nothing shown, nothing locked.
    assert host.events == before and not host.state.aggression_locked
    assert replay(host.state.config, host.events) == host.state


def test_a_bot_acting_for_the_player_who_opened_the_hand_is_refused_in_the_tables_words() -> None:
    """After some decisions, an action for the wrong position is worded by the table (the
    legal actions known before the bots began are not used again)."""
    host = _table_in_hand()
    turn = host.legal()  # known, and cached, before the bots play
    assert turn is not None
    first = turn[1].actor
    assert first is not None

    def bot(hand: HandState, options: LegalActions) -> Action:
        return CheckCall(first)  # right for the first decision only

    before = host.state
    with pytest.raises(TableError) as refused:
        host.play_hand(bot)
    assert refused.value.code == "not_your_turn"
    after = host.state.hand
    assert host.decisions == 2 and after is not None and before.hand is not None
    assert after.bets != before.hand.bets  # the first decision (a call) stood


def test_run_session_refuses_settings_it_cannot_play() -> None:
    cfg = TableConfig(load_house("lpr", "cash"), seats=9, buyin_max=400)
    for kwargs, code in (
        ({"bot": "genius"}, "unknown_bot"),
        ({"players": 1}, "bad_player_count"),
        ({"hands": -1}, "bad_session"),
        ({"churn": 2.0}, "bad_session"),
    ):
        with pytest.raises(ConfigError) as err:
            run_session(cfg, **kwargs)  # type: ignore[arg-type]
        assert err.value.code == code, kwargs
