"""Black-box tests of the public table API, driven as a server embedding pokerroom would.

Written only from README.md, docs/ and the runtime docstrings (no source read).
"""

from __future__ import annotations

import pytest

from pokerroom.cards import Card, parse_cards
from pokerroom.errors import IllegalAction, PokerroomError
from pokerroom.hand import CheckCall
from pokerroom.hand import apply as apply_hand
from pokerroom.house import load_house
from pokerroom.table import (
    Act,
    AddChips,
    Command,
    DrawButton,
    LogEvent,
    PlayerId,
    ReportCard,
    SeatNo,
    ShowdownMode,
    ShowOrMuck,
    SitDown,
    SitOut,
    StartHand,
    TableConfig,
    TableError,
    TableHost,
    TableState,
    apply,
    replay,
)

HOUSES = ["lpr", "grosvenor", "hippodrome", "cambridge", "roberts"]
ALL_CARDS = "".join(r + s for r in "23456789TJQKA" for s in "cdhs")


def deck(top: str) -> tuple[Card, ...]:
    """A whole 52-card deck whose first cards (dealing order) are ``top``."""
    first = parse_cards(top)
    return tuple(first) + tuple(c for c in parse_cards(ALL_CARDS) if c not in first)


def pid(name: str) -> PlayerId:
    return PlayerId(name)


def stacks(state: TableState) -> dict[str, int]:
    return {seat.player: seat.stack for seat in state.seats if seat is not None}


def cash_host(house: str = "lpr", players: int = 3, showdown: ShowdownMode = "auto") -> TableHost:
    """A cash table with p1..pN in seats 1..N, 200 each, button drawn."""
    config = TableConfig(load_house(house, "cash"), seats=6, buyin_max=400, showdown=showdown)
    host = TableHost(config)
    for k in range(1, players + 1):
        host.apply(SitDown(pid(f"p{k}"), SeatNo(k), 200))
    host.apply(DrawButton(bytes(32)))
    return host


def acting(state: TableState) -> PlayerId:
    player = state.to_act()
    assert player is not None
    return player


# --- cash tables --------------------------------------------------------------------------


@pytest.mark.parametrize("house", HOUSES)
def test_cash_hand_folded_to_the_big_blind_under_each_house(house: str) -> None:
    host = cash_host(house)
    assert host.state.button is not None
    host.apply(StartHand(bytes(range(32))))
    assert host.in_hand
    button = host.state.player_at(host.state.button)
    sb, bb, _ = host.dealt_in()
    # three-handed, the button acts first pre-flop, facing the big blind
    assert host.state.to_act() == button
    legal = host.legal()
    assert legal is not None
    player, options = legal
    assert player == button
    assert (options.can_check, options.call_amount, options.min_raise_to) == (False, 2, 4)
    assert options.max_raise_to == 200
    host.apply(Act(player, "fold"))
    host.apply(Act(acting(host.state), "fold"))
    assert not host.in_hand
    assert host.state.to_act() is None
    assert stacks(host.state) == {str(button): 200, str(sb): 199, str(bb): 201}
    assert host.state.ledger_balanced()
    assert replay(host.state.config, host.events) == host.state


def test_pure_apply_plays_a_showdown_and_never_changes_its_input() -> None:
    config = TableConfig(load_house("lpr", "cash"), seats=6, buyin_max=400)
    state = TableState.empty(config)
    log: list[LogEvent] = []
    commands: list[Command] = [
        SitDown(pid("ann"), SeatNo(1), 200),
        SitDown(pid("bob"), SeatNo(2), 200),
        DrawButton(bytes(32)),
        # heads-up: positions are big blind then button; bob (big blind) gets aces
        StartHand(bytes(32), deck=deck("AsKc AhKd 2c 7d9hJs 3d 5c 4d 2h")),
    ]
    for command in commands:
        before = state
        state, events = apply(state, command)
        assert before != state
        log.extend(events)
    assert state.button == SeatNo(1)
    assert state.to_act() == "ann"  # the button posts the small blind and acts first
    ann, bob = Act(pid("ann"), "check"), Act(pid("bob"), "check")
    for act in [Act(pid("ann"), "call"), bob] + [bob, ann] * 3:
        frozen = state
        state, events = apply(state, act)
        assert frozen.to_act() == act.player  # the old value is untouched
        log.extend(events)
    assert not state.in_hand
    assert stacks(state) == {"ann": 198, "bob": 202}
    assert state.chips_on_table() == 400 and state.ledger_balanced()
    assert replay(config, log) == state


def test_host_and_pure_apply_give_the_same_events_and_table() -> None:
    host = cash_host("hippodrome", players=4)
    state = replay(host.state.config, host.events)

    def both(command: Command) -> None:
        nonlocal state
        host_events = host.apply(command)
        state, events = apply(state, command)
        assert host_events == events

    both(StartHand(bytes(range(32))))
    both(Act(acting(host.state), "raise", to=6))
    while host.in_hand:
        legal = host.legal()
        assert legal is not None
        player, options = legal
        both(Act(player, "call" if options.call_amount else "check"))
    assert state == host.state and state.ledger_balanced()
    assert sum(stacks(state).values()) + state.rake == 800


# --- bad commands: a typed error with a stable code, and nothing changes ------------------


def assert_refused(host: TableHost, command: Command, code: str) -> None:
    before, log = host.state, host.events
    with pytest.raises(PokerroomError) as err:
        host.apply(command)
    assert err.value.code == code
    assert host.state == before
    assert host.events == log
    with pytest.raises(PokerroomError) as pure:  # the pure form refuses it the same way
        apply(before, command)
    assert pure.value.code == code


def test_taken_seat_already_seated_and_buy_in_over_the_maximum_are_refused() -> None:
    host = cash_host()
    assert_refused(host, SitDown(pid("zoe"), SeatNo(1), 200), "seat_taken")
    assert_refused(host, SitDown(pid("p1"), SeatNo(5), 200), "already_seated")
    assert_refused(host, SitDown(pid("zoe"), SeatNo(5), 401), "above_maximum")
    host.apply(SitDown(pid("zoe"), SeatNo(5), 400))  # the maximum itself is fine
    assert stacks(host.state)["zoe"] == 400


def test_acting_for_another_player_or_out_of_turn_is_refused() -> None:
    host = cash_host()
    host.apply(StartHand(bytes(range(32))))
    player = acting(host.state)
    other = next(p for p in host.dealt_in() if p != player)
    assert_refused(host, Act(other, "call"), "not_your_turn")
    assert_refused(host, Act(player, "call", seat=host.state.seat_of(other)), "not_your_seat")
    assert_refused(host, Act(pid("ghost"), "call"), "not_seated")
    host.apply(Act(player, "call", seat=host.state.seat_of(player)))  # his own seat is fine


def test_unknown_action_kind_and_a_raise_below_the_minimum_are_refused() -> None:
    host = cash_host()
    host.apply(StartHand(bytes(range(32))))
    player = acting(host.state)
    before = host.state
    with pytest.raises(TableError) as err:
        apply(before, Act(player, "shove", to=6))  # type: ignore[arg-type]  # as a client sends it
    assert err.value.code == "bad_action_kind"
    # The host says the same (its in-turn fast path played an unknown kind as a raise).
    for kind in ("shove", "FOLD", "calls", ""):
        assert_refused(host, Act(player, kind, to=6), "bad_action_kind")  # type: ignore[arg-type]
    assert_refused(host, Act(player, "raise", to=3), "raise_below_minimum")
    with pytest.raises(IllegalAction):
        host.apply(Act(player, "raise", to=3))
    host.apply(Act(player, "raise", to=4))
    assert host.state.to_act() != player


def test_between_hands_commands_are_refused_during_a_hand() -> None:
    host = cash_host()
    host.apply(StartHand(bytes(range(32))))
    assert_refused(host, StartHand(bytes(32)), "hand_in_progress")
    assert_refused(host, DrawButton(bytes(32)), "hand_in_progress")
    assert_refused(host, AddChips(acting(host.state), 50), "in_hand")
    with pytest.raises(TableError):
        host.apply(StartHand(bytes(32)))


# --- tournament table ---------------------------------------------------------------------


def tournament_host(chips: list[int]) -> TableHost:
    config = TableConfig(
        load_house("cambridge", "tournament"), seats=6, small_blind=25, big_blind=50
    )
    host = TableHost(config)
    for k, stack in enumerate(chips, start=1):
        host.apply(SitDown(pid(f"p{k}"), SeatNo(k), stack))
    host.apply(DrawButton(bytes(32)))
    assert host.state.button == SeatNo(1)
    return host


def test_tournament_absent_player_is_dealt_in_posts_and_his_hand_is_dead() -> None:
    host = tournament_host([1000] * 4)
    host.apply(SitOut(pid("p3")))  # p3 is away: he is the big blind (seat 3) this hand
    host.apply(StartHand(bytes(range(32))))
    assert host.dealt_in() == ("p2", "p3", "p4", "p1")
    assert host.state.hand is not None and host.state.hand.bets[1] == 50  # he still pays
    for player in ["p4", "p1", "p2"]:
        assert host.state.to_act() == player
        host.apply(Act(pid(player), "call"))
    hand = host.state.hand
    assert hand is not None and hand.street == 1 and hand.folded[1]  # no option for a dead hand
    while host.in_hand:
        host.apply(Act(acting(host.state), "check"))
    assert stacks(host.state)["p3"] == 950
    assert sum(stacks(host.state).values()) == 4000 and host.state.ledger_balanced()
    assert replay(host.state.config, host.events) == host.state


def test_tournament_bust_then_dead_button_next_hand() -> None:
    host = tournament_host([1000, 100, 1000, 1000])
    # positions p2 (small blind), p3 (big blind), p4, p1 (button); p3 has aces, p2 seven-deuce
    host.apply(StartHand(bytes(32), deck=deck("7cAs9h8h 2dAd9c8c 3s 4s5sJd Ks 9d 2s Qh")))
    host.apply(Act(pid("p4"), "fold"))
    host.apply(Act(pid("p1"), "fold"))
    host.apply(Act(pid("p2"), "raise", to=100))
    events = host.apply(Act(pid("p3"), "call"))
    assert not host.in_hand
    assert host.state.players() == ("p1", "p3", "p4")
    assert host.state.seat(SeatNo(2)) is None  # the busted player's seat is emptied
    assert stacks(host.state) == {"p1": 1000, "p3": 1100, "p4": 1000}
    assert any(getattr(e, "eliminated", ()) == (2,) for e in events)
    # BTN-05: the small blind busted, so the button goes dead on his empty seat
    host.apply(StartHand(bytes(range(32))))
    state = host.state
    assert (state.button, state.sb_seat, state.bb_seat) == (SeatNo(2), SeatNo(3), SeatNo(4))
    assert host.dealt_in() == ("p3", "p4", "p1")
    assert state.to_act() == "p1" and state.ledger_balanced()


# --- the players show or muck themselves --------------------------------------------------


def test_players_show_or_muck_in_turn_at_the_showdown() -> None:
    host = cash_host("lpr", players=2, showdown="players")
    host.apply(StartHand(bytes(32), deck=deck("AsKc AhKd 2c 7d9hJs 3d 5c 4d 2h")))
    host.apply(Act(pid("p1"), "call"))
    host.apply(Act(pid("p2"), "check"))
    for _ in range(3):
        host.apply(Act(pid("p2"), "check"))
        host.apply(Act(pid("p1"), "check"))
    assert host.in_hand and host.legal() is None
    assert host.state.to_act() == "p2"  # first to act on the river shows first
    assert_refused(host, ShowOrMuck(pid("p1"), "show"), "not_your_turn")
    host.apply(ShowOrMuck(pid("p2"), "show"))
    assert host.state.to_act() == "p1"
    host.apply(ShowOrMuck(pid("p1"), "muck"))
    assert not host.in_hand
    assert stacks(host.state) == {"p1": 198, "p2": 202}
    showdown = host.state.last_showdown
    assert showdown is not None
    assert {(h.player, h.fate, h.won) for h in showdown.hands} == {
        ("p2", "shown", 4),
        ("p1", "mucked", 0),
    }
    assert replay(host.state.config, host.events) == host.state


def test_show_or_muck_is_refused_where_the_table_plays_the_showdown() -> None:
    host = cash_host("lpr", players=2)
    host.apply(StartHand(bytes(32)))
    assert_refused(host, ShowOrMuck(acting(host.state), "show"), "showdown_automated")


# --- a hand dealt live from a physical deck -----------------------------------------------


def test_live_hand_card_by_card_to_the_showdown() -> None:
    host = cash_host("grosvenor")
    host.apply(StartHand(bytes(32), live=True))
    hand = host.state.hand
    assert hand is not None and hand.bets[:2] == [1, 2]  # blinds posted before any card
    assert host.state.to_act() is None  # nobody acts until the cards are out
    for card in parse_cards("AsKc2dAhKd7c"):  # p2, p3, p1, one card at a time
        host.apply(ReportCard(card))
    assert host.state.to_act() == "p1"
    host.apply(Act(pid("p1"), "call"))
    host.apply(Act(pid("p2"), "call"))
    host.apply(Act(pid("p3"), "check"))
    for cards in ["3s4h5h6h", "7s8s", "9sTs"]:  # burn, then the street
        assert host.state.to_act() is None
        for card in parse_cards(cards):
            host.apply(ReportCard(card))
        for player in ["p2", "p3", "p1"]:
            host.apply(Act(pid(player), "check"))
    assert not host.in_hand
    assert stacks(host.state) == {"p1": 204, "p2": 198, "p3": 198}  # 2d7c: straight to the 8
    assert host.state.ledger_balanced()
    assert replay(host.state.config, host.events) == host.state


def test_live_hand_refuses_a_card_already_out_of_the_deck() -> None:
    host = cash_host("grosvenor")
    host.apply(StartHand(bytes(32), live=True))
    host.apply(ReportCard(parse_cards("As")[0]))
    assert_refused(host, ReportCard(parse_cards("As")[0]), "duplicate_card")


# --- values a client sends: whole chips and names, never converted -------------------------


def test_str_07_half_chips_and_text_amounts_are_refused_at_unit_one() -> None:
    # Found by a black-box review: "bet 2.5" was played at a table with the default unit.
    host = cash_host("roberts")
    host.apply(StartHand(bytes(32)))
    player = acting(host.state)
    before = host.state
    for to in (5.5, "6", None, True):
        with pytest.raises(PokerroomError) as err:
            host.apply(Act(player, "raise", to))  # type: ignore[arg-type]
        assert err.value.code == "bad_value", to
        assert host.state == before
    for kind in ("fold", "call"):  # an amount where none goes is not dropped unread
        with pytest.raises(PokerroomError) as err:
            host.apply(Act(player, kind, 999))  # type: ignore[arg-type]
        assert err.value.code == "amount_not_taken"
    host.apply(Act(player, "raise", 6))  # a whole number plays
    assert host.state.ledger_balanced()


def test_a_seat_or_chips_of_the_wrong_type_is_a_typed_error_not_a_crash() -> None:
    host = cash_host("lpr", players=2)
    before = host.state
    bad = (
        SitDown(pid("p9"), SeatNo(5), "100"),  # type: ignore[arg-type]
        SitDown(pid("p9"), "5", 100),  # type: ignore[arg-type]
        SitDown(pid("p9"), 5.0, 100),  # type: ignore[arg-type]
        SitDown(9, SeatNo(5), 100),  # type: ignore[arg-type]
    )
    for command in bad:
        with pytest.raises(PokerroomError) as err:
            host.apply(command)
        assert err.value.code == "bad_value", command
        assert host.state == before


def test_an_engine_position_that_is_not_in_the_hand_is_named_as_such() -> None:
    host = cash_host("lpr")
    host.apply(StartHand(bytes(32)))
    hand = host.borrow_hand()
    for position in (-1, 7, "1"):
        with pytest.raises(IllegalAction) as err:
            apply_hand(hand, CheckCall(position))  # type: ignore[arg-type]
        assert err.value.code == "bad_position" and "p1..p3" in str(err.value)
