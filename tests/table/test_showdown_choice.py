"""SHD-05 at a table: where the players show or muck themselves (``TableConfig.showdown =
"players"``), the player whose turn it is at the showdown (SHD-01/02) may concede without
showing, under every house; the bots and the runner play such tables too."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokerroom.cards import DECK, Card, parse_cards
from pokerroom.errors import ConfigError, IllegalAction
from pokerroom.hand.actions import Muck, Show
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.events import Mucked, PotAwarded, Shown
from pokerroom.house import load_house
from pokerroom.table import (
    Act,
    AskToSeeHand,
    DrawButton,
    FloorFlagged,
    ForfeitForMiscall,
    HandFinished,
    HandRevealed,
    IncidentLogged,
    KillHand,
    LogEvent,
    LogIncident,
    PlayerId,
    PotImpounded,
    PotReleased,
    SeatNo,
    ShowOrMuck,
    SitDown,
    StartHand,
    TableConfig,
    TableError,
    TableHost,
    TableState,
    apply,
    legal,
    replay,
)
from pokerroom.table.runner import replay_hands, run_session

HOUSES = ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")
NAMES = (PlayerId("ann"), PlayerId("bob"), PlayerId("cat"))


class _Session:
    """A table played from empty through ``apply``, its whole log kept (for ``replay``)."""

    def __init__(self, house: str, showdown: str = "players", mode: str = "cash") -> None:
        rules = load_house(house, mode)  # type: ignore[arg-type]
        limits = {"buyin_min": 40, "buyin_max": 400} if mode == "cash" else {}
        self.config = TableConfig(rules, seats=6, showdown=showdown, **limits)  # type: ignore[arg-type]
        self.state = TableState.empty(self.config)
        self.log: list[LogEvent] = []
        for k, name in enumerate(NAMES):
            self(SitDown(name, SeatNo(2 * k + 1), 200))
        self(DrawButton(bytes(32)))

    def __call__(self, command: object) -> tuple[LogEvent, ...]:
        self.state, events = apply(self.state, command)  # type: ignore[arg-type]
        self.log.extend(events)
        assert self.state.ledger_balanced()
        return events

    def deal(self, holes: tuple[str, ...], board: str) -> tuple[PlayerId, ...]:
        """Deal ``holes`` (by position: small blind, big blind, button) and ``board``;
        return the players by position."""
        probe, _ = apply(self.state, StartHand(bytes(32)))
        players = tuple(probe.player_at(s) for s in probe.positions)
        self(StartHand(bytes(32), deck=_deck(holes, board)))
        return players  # type: ignore[return-value]

    def refused(self, command: object, code: str) -> str:
        """``command`` is refused with ``code`` and changes nothing."""
        before = self.state
        with pytest.raises((TableError, IllegalAction)) as err:
            apply(before, command)  # type: ignore[arg-type]
        assert err.value.code == code, err.value
        assert self.state == before
        return str(err.value)

    def play(self, *moves: str) -> None:
        """``"check"``, ``"call"``, ``"fold"`` or ``"bet N"`` for whoever is to act."""
        for move in moves:
            who = self.state.to_act()
            assert who is not None
            kind, _, to = move.partition(" ")
            self(Act(who, kind, int(to or 0)))  # type: ignore[arg-type]

    def stacks(self) -> dict[str, int]:
        return {s.player: s.stack for s in self.state.seats if s is not None}


def _deck(holes: tuple[str, ...], board: str) -> tuple[Card, ...]:
    """A whole deck that deals ``holes`` (one card a round, position 0 first: FLOW-02), then
    burn, flop, burn, turn, burn, river (FLOW-05)."""
    hands = [parse_cards(h) for h in holes]
    flop, turn, river = parse_cards(board[:6]), parse_cards(board[6:8]), parse_cards(board[8:])
    named = [c for h in hands for c in h] + [*flop, *turn, *river]
    rest = iter(c for c in DECK if c not in named)
    top = [hands[p][r] for r in range(2) for p in range(len(hands))]
    top += [next(rest), *flop, next(rest), *turn, next(rest), *river]
    return (*top, *rest)


# Small blind aces, big blind seven high, the button queens (who folds).
HOLES = ("AsAh", "7c2d", "QsQh")
BOARD = "KdJs8c4h3d"
TO_THE_RIVER = ("fold", "call", "check") + ("check", "check") * 2 + ("check", "bet 20", "call")


def test_shd_05_the_table_names_the_allowed_showdown_modes() -> None:
    rules = load_house("lpr", "cash")
    assert TableConfig(rules).showdown == "auto"
    with pytest.raises(ConfigError) as err:
        TableConfig(rules, showdown="dealer")  # type: ignore[arg-type]
    assert err.value.code == "bad_showdown_mode"
    assert "'auto', 'players'" in str(err.value)


@pytest.mark.parametrize("house", HOUSES)
def test_shd_05_the_caller_mucks_a_winning_hand_and_the_bettor_takes_the_pot(house: str) -> None:
    t = _Session(house)
    sb, bb, button = t.deal(HOLES, BOARD)
    t.play(*TO_THE_RIVER)
    hand = t.state.hand
    assert hand is not None and hand.phase_name == "showdown"
    # SHD-01: the river bettor shows first; nobody bets any more.
    assert t.state.to_act() == bb and legal(t.state) is None
    assert "shows or mucks first" in t.refused(ShowOrMuck(sb, "muck"), "not_your_turn")
    t.refused(ShowOrMuck(button, "muck"), "not_in_hand")  # folded before the showdown
    t.refused(ShowOrMuck(PlayerId("zed"), "show"), "not_seated")
    t.refused(ShowOrMuck(bb, "show", seat=SeatNo(6)), "not_your_seat")
    t.refused(Act(bb, "check"), "not_your_turn")
    (shown,) = t(ShowOrMuck(bb, "show"))
    assert isinstance(shown, Shown) and t.state.to_act() == sb
    events = t(ShowOrMuck(sb, "muck"))
    # SHD-05 / SHD-07: his aces are dead unshown, the seven high takes the whole pot.
    assert isinstance(events[0], Mucked)
    awards = [e for e in events if isinstance(e, PotAwarded)]
    assert [share for e in awards for share in e.shares] == [(1, 44)]
    assert isinstance(events[-1], HandFinished) and t.state.hand is None
    assert t.stacks() == {bb: 222, sb: 178, button: 200}
    assert sum(t.stacks().values()) == 600 and t.state.ledger_balanced()
    assert replay(t.config, t.log) == t.state
    # The same cards at a table that shows for the players: the aces are shown and win.
    auto = _Session(house, "auto")
    auto.deal(HOLES, BOARD)
    auto.play(*TO_THE_RIVER)
    assert auto.state.hand is None and auto.stacks()[sb] == 222


@pytest.mark.parametrize("house", HOUSES)
def test_shd_05_a_hand_beaten_by_a_tabled_hand_is_mucked_unshown(house: str) -> None:
    t = _Session(house)
    sb, bb, button = t.deal(("QhJh", "9d9c", "AsKh"), "Kc9s5d4h2c")
    t.play("call", "call", "check", *("check",) * 6, "check", "bet 20", "call", "call")
    assert t.state.to_act() == bb
    t(ShowOrMuck(bb, "show"))  # a set of nines
    # Then clockwise from the first shower: the button, then the small blind.
    assert t.state.to_act() == button
    t.refused(ShowOrMuck(sb, "show"), "not_your_turn")
    (mucked,) = t(ShowOrMuck(button, "muck"))  # LPR r33: kings beaten by the tabled set
    assert mucked == Mucked(2)
    events = t(ShowOrMuck(sb, "show"))  # he may show a losing hand too
    assert [e.position for e in events if isinstance(e, Shown)] == [0]
    assert t.stacks() == {bb: 244, sb: 178, button: 178}
    last = t.state.last_hand
    assert last is not None and last.hand.mucked == [False, False, True]
    assert replay(t.config, t.log) == t.state


@pytest.mark.parametrize("house", HOUSES)
def test_shd_05_the_first_shower_mucks_and_the_last_hand_wins_unshown(house: str) -> None:
    t = _Session(house)
    sb, bb, _ = t.deal(HOLES, BOARD)
    # C bets the turn, the river is checked: SHD-02 decides who shows first.
    t.play("fold", "call", "check", "check", "check", "check", "bet 10", "call", "check", "check")
    first = bb if house == "grosvenor" else sb  # GROS:L94 last aggressor; others left of button
    assert t.state.to_act() == first
    events = t(ShowOrMuck(first, "muck"))
    other = sb if first == bb else bb
    # SHD-04: the only hand left wins without being shown.
    assert not any(isinstance(e, Shown) for e in events)
    assert t.stacks()[other] == 212 and t.stacks()[first] == 188
    assert replay(t.config, t.log) == t.state


@pytest.mark.parametrize("house", HOUSES)
def test_shd_05_08_a_conceded_winner_seen_at_the_winners_request_goes_to_the_floor(
    house: str,
) -> None:
    # SHD-08: the pot is pushed when the showdown ends; a hand the player mucked that beats
    # the winner's, kept live by the winner's request, is flagged for the floor (POT-08).
    t = _Session(house)
    sb, bb, _ = t.deal(HOLES, BOARD)
    t.play(*TO_THE_RIVER)
    t(ShowOrMuck(bb, "show"))
    t(ShowOrMuck(sb, "muck"))
    before = t.stacks()
    revealed, flagged = t(AskToSeeHand(bb, sb))
    assert isinstance(revealed, HandRevealed) and revealed.cards == tuple(parse_cards("AsAh"))
    assert isinstance(flagged, FloorFlagged) and flagged.rule == "SHD-08"
    assert t.stacks() == before  # the table moves no chips on its own


def test_shd_05_no_show_or_muck_where_the_table_shows_for_the_players() -> None:
    t = _Session("hippodrome", "auto")
    _, bb, button = t.deal(HOLES, BOARD)
    assert "SHD-05" in t.refused(ShowOrMuck(button, "muck"), "showdown_automated")
    t.play(*TO_THE_RIVER[:-1])
    t.refused(ShowOrMuck(bb, "show"), "showdown_automated")


def test_shd_05_no_show_or_muck_during_the_betting_or_between_hands() -> None:
    t = _Session("lpr")
    t.refused(ShowOrMuck(NAMES[0], "show"), "not_in_hand")  # no hand in play
    *_, button = t.deal(HOLES, BOARD)
    assert "turn to bet" in t.refused(ShowOrMuck(button, "muck"), "not_your_turn")
    t.refused(ShowOrMuck(button, "fold"), "bad_kind")  # type: ignore[arg-type]


def test_shd_03_hands_that_must_be_shown_are_shown_by_the_engine() -> None:
    # A tournament all-in called: every hand is face up (SHD-03), nobody may muck, and the
    # hand ends without waiting for the players.
    t = _Session("lpr", mode="tournament")
    sb, bb, _ = t.deal(HOLES, BOARD)
    t.play("fold")
    t(Act(sb, "raise", 200))
    events = t(Act(bb, "call"))
    assert t.state.hand is None and t.state.to_act() is None
    assert sorted(e.position for e in events if isinstance(e, Shown)) == [0, 1]
    assert not any(isinstance(e, Mucked) for e in events)


def test_shd_05_the_host_plays_show_and_muck_as_the_pure_core() -> None:
    t = _Session("roberts")
    host = TableHost(t.state)
    sb, bb, _ = t.deal(HOLES, BOARD)
    host.apply(StartHand(bytes(32), deck=_deck(HOLES, BOARD)))
    t.play(*TO_THE_RIVER)
    for move in TO_THE_RIVER:
        turn = host.legal()
        assert turn is not None
        kind, _, to = move.partition(" ")
        host.apply(Act(turn[0], kind, int(to or 0)))  # type: ignore[arg-type]
    assert host.state == t.state and host.state.to_act() == bb
    with pytest.raises(TableError):
        host.play(Muck(0))  # the small blind is not first
    assert host.state == t.state
    assert host.play(Show(1)) == t(ShowOrMuck(bb, "show"))
    assert host.apply(ShowOrMuck(sb, "muck")) == t(ShowOrMuck(sb, "muck"))
    assert host.state == t.state


@pytest.mark.parametrize("mode", ["cash", "tournament"])
@pytest.mark.parametrize("house", HOUSES)
def test_shd_05_the_bot_runner_plays_whole_sessions_where_players_show(
    house: str, mode: str
) -> None:
    rules = load_house(house, mode)  # type: ignore[arg-type]
    limits = {"buyin_min": 100, "buyin_max": 400} if mode == "cash" else {}
    cfg = TableConfig(rules, seats=9, showdown="players", **limits)  # type: ignore[arg-type]
    mucked = 0
    for bot in ("random", "simple"):
        result = run_session(
            cfg, players=6, hands=60, seed=5, bot=bot, churn=0.2, record=True, keep_full=True
        )
        assert result.hands == 60
        state = result.state
        assert state.ledger_balanced() and state.hand is None
        assert replay(cfg, result.events) == state
        mucked += sum(isinstance(e, Mucked) for e in result.events)
        # The same hands on the bare engine, the same bots choosing at the showdown.
        assert replay_hands(result.records, bot) > 0
        # A table that shows for the players plays the very same hands.
        auto = run_session(
            replace(cfg, showdown="auto"), players=6, hands=60, seed=5, bot=bot, churn=0.2,
            keep_full=True,
        )
        assert [s and s.stack for s in auto.state.seats] == [s and s.stack for s in state.seats]
    # The bots conceded at the showdown themselves (SHD-05: the players' Mucked events).
    assert mucked


def test_shd_05_bots_choose_as_the_default_showdown_action() -> None:
    from pokerroom.hand.engine import default_showdown_action
    from pokerroom.table.host import bot_showdown

    t = _Session("cambridge")
    t.deal(HOLES, BOARD)
    t.play(*TO_THE_RIVER)
    hand = t.state.hand
    assert hand is not None and legal_actions(hand).actor is None
    assert bot_showdown(hand, 1) == Show(1)
    assert isinstance(default_showdown_action(hand, 1), Shown)


def test_shd_05_a_hand_dealt_live_waits_for_the_players_at_the_showdown() -> None:
    from .tablekit import Table, config
    from .test_live_table import report

    cfg = config("lpr", seats=6, small_blind=1, big_blind=2, showdown="players")
    t = Table.seated(cfg, {1: 100, 3: 100, 5: 100}, button=1)
    t.deal(b"", live=True)
    report(t, "AsKsQdQc7h2d")  # one card a round: seat 3 AsQc (aces on the flop)
    t.act(1, "call")
    t.act(3, "call")
    t.act(5, "check")
    for cards in ("2cAh8d3s", "4c9h", "5cJh"):
        report(t, cards)
        for seat in (3, 5, 1):
            t.act(seat, "check")
    # SHD-02 (LPR r32): the river checked, the first active player left of the button first.
    assert t.state.to_act() == "p3"
    t(ShowOrMuck(PlayerId("p3"), "muck"))  # SHD-05: his aces are dead unshown
    t(ShowOrMuck(PlayerId("p5"), "show"))
    t(ShowOrMuck(PlayerId("p1"), "show"))
    assert not t.state.in_hand and t.state.ledger_balanced()
    assert [t.stack(s) for s in (1, 3, 5)] == [98, 98, 104]
    assert t.replayed() == t.state


# --- SHD-06: cards speak; a deliberate miscall that made a winner discard -----------------


def _miscalled(house: str) -> tuple[_Session, PlayerId, PlayerId]:
    """The big blind (seven high, 2d7c on KdJs8c4h3d) shows first and claims the best hand;
    the small blind mucks his aces: the seven high takes the pot (cards speak)."""
    t = _Session(house)
    sb, bb, _ = t.deal(HOLES, BOARD)
    t.play(*TO_THE_RIVER)
    t(ShowOrMuck(bb, "show"))
    t(ShowOrMuck(sb, "muck"))
    assert t.stacks()[bb] == 222 and t.stacks()[sb] == 178  # SHD-06: the claim binds nothing
    return t, bb, sb


@pytest.mark.parametrize("house", ["hippodrome", "roberts"])
def test_shd_06_a_deliberate_miscall_forfeits_the_pot_to_the_misled_player(house: str) -> None:
    # HIPP:L191, RRP:L70: "may result in forfeiture of the pot": all the offender won, 44.
    t, bb, sb = _miscalled(house)
    before = t.stacks()
    t.refused(ForfeitForMiscall(bb, sb, t.state.hand_no, chips=45), "bad_amount")
    impounded, released = t(ForfeitForMiscall(bb, sb, t.state.hand_no))
    assert isinstance(impounded, PotImpounded) and isinstance(released, PotReleased)
    assert "SHD-06" in released.ruling
    assert t.stacks() == {**before, bb: 222 - 44, sb: 178 + 44}
    assert t.state.impounded == () and t.state.ledger_balanced()
    # What he won is gone: a second ruling on it has nothing left to move.
    t.refused(ForfeitForMiscall(bb, sb, t.state.hand_no), "bad_amount")
    assert replay(t.config, t.log) == t.state


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "cambridge"])
def test_shd_06_houses_that_penalise_a_miscall_do_not_forfeit_the_pot(house: str) -> None:
    # LPR r77: "may be penalized"; GROS and CAMB are silent: a penalty, or the floor's override.
    t, bb, sb = _miscalled(house)
    text = t.refused(ForfeitForMiscall(bb, sb, t.state.hand_no), "miscall_not_forfeited")
    assert "PEN-" in text and "GOV-01" in text


def test_shd_06_forfeiture_needs_a_discarded_winner_in_the_last_showdown() -> None:
    t, bb, sb = _miscalled("hippodrome")
    hand_no = t.state.hand_no
    button = next(p for p in NAMES if p not in (bb, sb))
    t.refused(ForfeitForMiscall(sb, bb, hand_no), "nothing_won")  # the loser won nothing
    t.refused(ForfeitForMiscall(bb, button, hand_no), "not_discarded")  # folded before it
    t.refused(ForfeitForMiscall(bb, bb, hand_no), "own_hand")
    t.refused(ForfeitForMiscall(bb, sb, hand_no + 1), "no_such_hand")
    # A discarded hand that would have lost: the miscall cost nothing (cards speak).
    u = _Session("hippodrome")
    sb2, bb2, _ = u.deal(("7c2d", "AsAh", "QsQh"), BOARD)
    u.play(*TO_THE_RIVER)
    u(ShowOrMuck(bb2, "show"))
    u(ShowOrMuck(sb2, "muck"))
    assert "cost him nothing" in u.refused(ForfeitForMiscall(bb2, sb2, 1), "not_a_winner")
    # After the next hand has started the result is locked (GOV-02): only with an override.
    t(StartHand(bytes(32)))
    t.refused(ForfeitForMiscall(bb, sb, hand_no), "hand_in_progress")


def test_shd_06_incidents_are_logged_for_the_floor_and_change_nothing() -> None:
    t, bb, _ = _miscalled("lpr")
    before = t.state
    (logged,) = t(LogIncident("miscall", (bb,), "claimed a flush"))
    assert logged == IncidentLogged("miscall", (bb,), "claimed a flush", before.hand_no)
    assert t.state == before
    t.refused(LogIncident(" ", (bb,)), "no_incident_kind")
    t.refused(LogIncident("abuse", ()), "no_players")
    t.refused(LogIncident("abuse", (PlayerId("zed"),)), "not_seated")
    assert replay(t.config, t.log) == t.state


@pytest.mark.parametrize("house", HOUSES)
def test_shd_09_a_hand_found_foul_at_the_showdown_is_dead(house: str) -> None:
    # Three hands at the showdown; the big blind (first to show) tables the wrong number of
    # cards (GROS:L103, HIPP:L138, RRP:L29): the floor kills his hand there, his chips stay.
    t = _Session(house)
    sb, bb, button = t.deal(("QhJh", "9d9c", "AsKh"), "Kc9s5d4h2c")
    t.play("call", "call", "check", *("check",) * 6, "check", "bet 20", "call", "call")
    assert t.state.to_act() == bb
    t(KillHand(bb, "DEAD-05"))
    hand = t.state.hand
    assert hand is not None and hand.mucked[1] and t.state.to_act() == button
    t(ShowOrMuck(button, "show"))  # kings now beat the queens
    t(ShowOrMuck(sb, "muck"))
    assert t.state.hand is None and t.stacks() == {button: 244, bb: 178, sb: 178}
    assert t.state.ledger_balanced() and replay(t.config, t.log) == t.state
