"""The table as a whole: commands name players, turns are enforced, straddles (BLD-05) and
antes (BLD-06), sitting out in tournaments (BLD-07), levels, errors, the event log."""

from __future__ import annotations

import pytest

from pokerroom.errors import ConfigError, IllegalAction
from pokerroom.hand.events import AntePosted, ChipsBet, Folded, HandEnded
from pokerroom.hand.events import HandKilled as EngineHandKilled
from pokerroom.hand.state import HandState
from pokerroom.table import (
    Act,
    HandFinished,
    HandStarted,
    Leave,
    PlayerId,
    SeatNo,
    SetLevel,
    SitOut,
    StartHand,
    Straddle,
    TableError,
    apply,
    replay,
)

from .tablekit import Table, config, dead_posts, posts


def test_an_act_of_an_unknown_kind_is_refused_and_changes_nothing() -> None:
    # README review: Act(player, "dance", 10) was played as a raise to 10.
    t = Table.seated(config("lpr", buyin_min=40, buyin_max=400), {1: 100, 2: 100, 3: 100}, button=1)
    t.deal()
    who = t.state.to_act()
    assert who is not None
    before = t.state
    for kind in ("dance", "raise to 3", "allin"):
        with pytest.raises(TableError) as err:
            t(Act(who, kind, 10))  # type: ignore[arg-type]
        assert err.value.code == "bad_action_kind" and "fold, check, call, bet, raise" in str(
            err.value
        )
        assert t.state == before


def test_commands_name_the_player_and_respect_the_turn() -> None:
    t = Table.seated(config("lpr", buyin_min=40, buyin_max=400), {1: 100, 2: 100, 3: 100}, button=1)
    t.deal()
    who = t.state.to_act()
    other = next(p for p in t.state.players() if p != who)
    with pytest.raises(TableError) as err:
        t(Act(other, "fold"))
    assert err.value.code == "not_your_turn" and str(who) in str(err.value)
    assert who is not None
    with pytest.raises(TableError) as err:
        t(Act(who, "fold", seat=SeatNo(t.state.seat_of(other))))
    assert err.value.code == "not_your_seat"  # nobody acts for another player
    with pytest.raises(TableError) as err:
        t(Act(who, "check"))
    assert err.value.code == "cannot_check" and "legal:" in str(err.value)
    with pytest.raises(IllegalAction):
        t(Act(who, "raise", 3))  # below the minimum raise: the hand engine says why
    with pytest.raises(TableError) as err:
        t(Leave(who))
    assert err.value.code == "in_hand"


def test_bld_05_lpr_utg_straddle_is_a_live_blind_acting_last() -> None:
    cfg = config("lpr", buyin_min=40, buyin_max=400)
    t = Table.seated(cfg, {s: 200 for s in (1, 2, 3, 4, 5)}, button=1)
    with pytest.raises(TableError) as err:
        t(Straddle(PlayerId("p5")))
    assert err.value.code == "not_straddle_seat"
    t(Straddle(PlayerId("p4")))  # button 1, SB 2, BB 3: seat 4 is under the gun
    h = t.deal()
    assert posts(h) == {2: 1, 3: 2, 4: 4}  # straddle = 2 x BB (G11)
    assert t.preflop_order() == [5, 1, 2, 3, 4]  # the straddler acts last
    # No straddles at LPR tournaments, nor at houses that are silent.
    for house, mode in (("lpr", "tournament"), ("grosvenor", "cash")):
        other = Table.seated(
            config(house, mode, buyin_min=40, buyin_max=400),
            {s: 200 for s in (1, 2, 3, 4)},
            button=1,
        )
        with pytest.raises(TableError) as err:
            other(Straddle(PlayerId("p4")))
        assert err.value.code == "straddle_not_allowed"


def test_bld_05_hippodrome_button_straddle_only_three_or_four_handed() -> None:
    cfg = config("hippodrome", buyin_min=40, buyin_max=400)
    t = Table.seated(cfg, {1: 200, 2: 200, 3: 200, 4: 200}, button=1)
    with pytest.raises(TableError):
        t(Straddle(PlayerId("p4")))  # only the button
    t(Straddle(PlayerId("p1")))
    h = t.deal()
    assert posts(h) == {2: 1, 3: 2, 1: 4}
    # The straddler acts last (G11), so clockwise action starts at the small blind, and he
    # has the option when the pot is only called to him (FLOW-04).
    assert t.preflop_order() == [2, 3, 4, 1]
    three = Table.seated(cfg, {1: 200, 2: 200, 3: 200}, button=1)
    three(Straddle(PlayerId("p1")))
    three.deal()
    for seat in (2, 3):
        three.act(seat, "call")
    turn = three.state.to_act()
    hand = three.state.hand
    assert turn == "p1" and hand is not None
    from pokerroom.hand.betting import legal_actions

    assert legal_actions(hand).describe() == "fold, check, raise to 8..200"
    five = Table.seated(cfg, {s: 200 for s in range(1, 6)}, button=1)
    with pytest.raises(TableError) as err:
        five(Straddle(PlayerId("p1")))
    assert "3 or 4 handed" in str(err.value)


def test_bld_06_antes_per_player_and_big_blind_ante() -> None:
    per = config(
        "cambridge",
        "tournament",
        seats=6,
        small_blind=100,
        big_blind=200,
        ante=25,
        ante_type="per_player",
    )
    t = Table.seated(per, {s: 5000 for s in (1, 2, 3, 4)}, button=1)
    h = t.deal()
    assert dead_posts(h) == {1: 25, 2: 25, 3: 25, 4: 25}
    assert sum(isinstance(e, AntePosted) for e in t.log) == 4
    t.fold_out()
    # A new level with a big-blind ante: only the big blind pays it.
    t(SetLevel(200, 400, 400, "big_blind_ante"))
    h = t.deal()
    assert dead_posts(h) == {h.bb_seat: 400} and posts(h)[h.bb_seat] == 400
    with pytest.raises(ConfigError):
        config("lpr", "cash", ante=5, ante_type="per_player")  # no antes in LPR cash
    with pytest.raises(TableError):
        t(SetLevel(200, 400))  # not during a hand


def test_bld_07_absent_tournament_players_post_and_are_folded() -> None:
    cfg = config("lpr", "tournament", seats=6, small_blind=100, big_blind=200)
    t = Table.seated(cfg, {s: 5000 for s in (1, 2, 3, 4)}, button=1)
    t(SitOut(PlayerId("p3")))  # seat 3 is the big blind of the next hand
    h = t.deal()
    assert posts(h)[3] == 200 and SeatNo(3) in h.positions
    p3 = h.positions.index(SeatNo(3))
    t.fold_out()
    # He paid his blind and never made a voluntary action: his hand was killed (engine
    # KillHand, never folded at his turn) and his blind stayed in the pot - it never wins.
    assert not any(isinstance(e, ChipsBet | Folded) and e.position == p3 for e in t.log)
    assert any(isinstance(e, EngineHandKilled) and e.position == p3 for e in t.log)
    assert t.stack(3) == 4800 and t.state.ledger_balanced()


def test_chips_go_back_to_the_seats_and_the_log_replays() -> None:
    cfg = config("roberts", seats=6)
    t = Table.seated(cfg, {1: 100, 3: 100, 5: 100}, button=1)
    t.deal()
    t.fold_out()
    finished = [e for e in t.log if isinstance(e, HandFinished)]
    ended = [e for e in t.log if isinstance(e, HandEnded)]
    assert len(finished) == len(ended) == 1
    assert sum(chips for _, chips in finished[0].stacks) == 300
    assert t.replayed() == t.state
    # Replaying from an empty table: seat, draw, deal, play.
    from pokerroom.table import DrawButton, SitDown, StartHand, TableState

    state = TableState.empty(cfg)
    log = []
    for command in (
        SitDown(PlayerId("a"), SeatNo(2), 100),
        SitDown(PlayerId("b"), SeatNo(4), 100),
        DrawButton(bytes(32)),
        StartHand(bytes(range(32))),
    ):
        state, events = apply(state, command)
        log.extend(events)
    assert replay(cfg, log) == state


def test_a_snapshot_copy_changes_only_the_fields_named() -> None:
    from pokerroom.table.state import TableState, updated

    empty = TableState.empty(config("lpr"))
    moved = updated(empty, button=3, hand_no=7)
    assert (moved.button, moved.hand_no, moved.seats) == (3, 7, empty.seats)
    assert (empty.button, empty.hand_no) == (None, 0)
    with pytest.raises(TypeError, match="has no field"):
        updated(empty, buton=3)


def test_bld_05_a_button_straddler_who_acts_last_needs_action_from_the_small_blind() -> None:
    from pokerroom.errors import ConfigError
    from pokerroom.house import derive, load_house

    with pytest.raises(ConfigError) as err:
        derive(load_house("hippodrome"), button_straddle_preflop_start="left_of_big_blind")
    assert err.value.code == "inconsistent_rules" and "'small_blind'" in str(err.value)
    free = derive(
        load_house("hippodrome"),
        button_straddle_preflop_start="left_of_big_blind",
        straddler_acts_last=False,
    )
    assert free.button_straddle_preflop_start == "left_of_big_blind"


def _pots_by_seat(started: HandStarted, hand: HandState) -> list[tuple[int, list[int]]]:
    """Each pot's chips and the seats that contest it."""
    seats = started.positions
    return [(pot.amount, sorted(int(seats[q]) for q in pot.eligible)) for pot in hand.pots()]


def test_bld_06_pot_01_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    cfg = config(
        "cambridge", "tournament", seats=6, small_blind=200, big_blind=400, ante=400,
        ante_type="big_blind_ante",
    )
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 500}, button=1)
    h = t.deal()
    # BLD-03: seat 3, the big blind, short of blind and ante, posts his whole blind first
    # (live) and antes the 100 left (dead money).
    assert dead_posts(h) == {3: 400} and posts(h) == {2: 200, 3: 400}  # what he owes
    started = t.state.hand
    assert started is not None
    assert started.bets[h.positions.index(SeatNo(3))] == 400  # his live bet: the whole blind
    t.act(1, "call")
    t.act(2, "call")
    hand = t.state.hand
    assert hand is not None
    p = {int(s): k for k, s in enumerate(h.positions)}
    pots = _pots_by_seat(h, hand)
    # His ante is dead money he contests; his live blind of 400 wins 400 from each caller.
    assert pots == [(1300, [1, 2, 3])]
    assert hand.contrib[p[3]] == 500 and t.state.ledger_balanced()


def test_bld_03_a_big_blind_short_of_his_blind_antes_nothing() -> None:
    cfg = config(
        "cambridge", "tournament", seats=6, small_blind=200, big_blind=400, ante=400,
        ante_type="big_blind_ante",
    )
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 300}, button=1)
    h = t.deal()
    started = t.state.hand
    assert started is not None
    p3 = h.positions.index(SeatNo(3))
    assert started.bets[p3] == 300 and started.contrib[p3] == 300  # all in on his blind
    t.act(1, "call")
    t.act(2, "call")
    hand = t.state.hand
    assert hand is not None
    # The call stays 400 (BLD-03); his 300 is matched by each: main 900, side 200.
    assert _pots_by_seat(h, hand) == [(900, [1, 2, 3]), (200, [1, 2])]


def test_pot_01_antes_every_player_pays_are_layered_with_the_bets() -> None:
    cfg = config(
        "cambridge", "tournament", seats=6, small_blind=200, big_blind=400, ante=100,
        ante_type="per_player",
    )
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 300}, button=1)
    h = t.deal()
    assert dead_posts(h) == {1: 100, 2: 100, 3: 100} and posts(h) == {2: 200, 3: 400}
    t.act(1, "call")
    t.act(2, "call")
    hand = t.state.hand
    assert hand is not None
    pots = _pots_by_seat(h, hand)
    # Seat 3 is all in for 300 in all (100 ante, 200 of his blind): he wins 300 from each
    # player, ante included; the callers' other 200 each is a side pot.
    assert pots == [(900, [1, 2, 3]), (400, [1, 2])]


def test_flow_02_a_hand_dealt_from_a_given_deck() -> None:
    # StartHand(deck=...): the cards come off the given deck one at a time in the dealing
    # order (FLOW-02), and the log keeps the deck, so it replays.
    from pokerroom.cards import DECK, format_cards
    from pokerroom.hand.events import HoleDealt

    cfg = config("lpr", seats=9, buyin_min=40, buyin_max=400)
    t = Table.seated(cfg, {1: 200, 2: 200, 3: 200}, button=1)
    deck = tuple(reversed(DECK))  # As Ah Ad Ac Ks ...
    started = t.deal(deck=deck)
    assert started.deck == deck
    dealt = {e.position: format_cards(e.cards) for e in t.log if isinstance(e, HoleDealt)}
    assert dealt == {0: "AsAc", 1: "AhKs", 2: "AdKh"}  # one card a round, position 0 first
    t.fold_out()
    assert t.replayed() == t.state


def test_flow_02_a_given_deck_must_be_the_whole_deck() -> None:
    from pokerroom.cards import DECK

    cfg = config("lpr", seats=9, buyin_min=40, buyin_max=400)
    t = Table.seated(cfg, {1: 200, 2: 200, 3: 200}, button=1)
    before = t.state
    for deck, code in (
        (DECK[:51], "bad_deck"),
        ((DECK[0], *DECK[:51]), "bad_deck"),  # a card twice, one missing
        (DECK, "deck_with_live"),
    ):
        with pytest.raises(TableError) as err:
            t(StartHand(bytes(32), deck=deck, live=code == "deck_with_live"))
        assert err.value.code == code and t.state == before
    with pytest.raises(TableError, match="give all 52 cards of the game once"):
        t(StartHand(bytes(32), deck=DECK[:51]))
