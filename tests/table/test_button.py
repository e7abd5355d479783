"""Button and blinds: the draw (BTN-01), moving (BTN-02) and dead button (BTN-03/04/05),
heads-up (BTN-06), re-draws (BTN-08), and the order of play they give (FLOW-02/03/06/08)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from pokerroom.cards import parse_card
from pokerroom.house import derive
from pokerroom.table import (
    DrawButton,
    Leave,
    PlayerId,
    RedrawButton,
    SeatNo,
    SitDown,
    TableError,
    TableState,
    apply,
)
from pokerroom.table.button import best_seats, draw_button

from .tablekit import Table, blinds_posted, config, first_card_seat, posts

S05_DRAW = [(1, "Ks"), (2, "Ac"), (3, "7d"), (4, "Ah"), (5, "Qh"), (6, "Ad")]


def _drawn(cards: list[tuple[int, str]]) -> list[tuple[SeatNo, object]]:
    return [(SeatNo(s), parse_card(c)) for s, c in cards]


def test_btn_01_s05a_high_card_with_suit_tie_break() -> None:
    # S05 (a), CAMB and HIPP: three aces; hearts beat diamonds and clubs -> seat 4.
    order = config("cambridge", "tournament").rules.draw_suit_order
    assert best_seats(_drawn(S05_DRAW), order) == [4]  # type: ignore[arg-type]
    assert best_seats(_drawn(S05_DRAW), config("hippodrome").rules.draw_suit_order) == [4]  # type: ignore[arg-type]


def test_btn_01_s05_grosvenor_ace_high_ties_draw_again() -> None:
    # GROS: no suit order -> seats 2, 4, 6 tie and draw again.
    assert config("grosvenor", "tournament").rules.draw_suit_order == "none"
    assert best_seats(_drawn(S05_DRAW), "none") == [2, 4, 6]  # type: ignore[arg-type]
    # A seeded draw with "none": every round after the first is only the tied seats.
    for k in range(200):
        rounds, seat = draw_button([SeatNo(s) for s in range(1, 11)], bytes([k]) * 32, "none")
        for before, after in itertools.pairwise(rounds):
            top = max(int(c) >> 2 for _, c in before)
            assert [s for s, _ in after] == [s for s, c in before if int(c) >> 2 == top]
        last = rounds[-1]
        assert max(int(c) >> 2 for _, c in last) == int(dict(last)[seat]) >> 2
        if len(rounds) > 1:
            return
    pytest.fail("no tie in 200 draws")


def test_btn_01_draw_is_reproducible_from_the_seed_and_sets_the_first_button() -> None:
    cfg = config("hippodrome", buyin_min=40, buyin_max=400)
    t = TableState.empty(cfg)
    for s in (2, 5, 7):
        t, _ = apply(t, SitDown(PlayerId(f"p{s}"), SeatNo(s), 100))
    a, ev_a = apply(t, DrawButton(bytes(32)))
    b, ev_b = apply(t, DrawButton(bytes(32)))
    assert ev_a == ev_b and a.button == b.button
    table = Table(a)
    started = table.deal()
    assert started.button == a.button  # the drawn seat takes the first button
    with pytest.raises(TableError) as err:
        apply(a, DrawButton(bytes(32)))
    assert err.value.code == "button_drawn"


def test_btn_02_moving_button_goes_to_the_next_player() -> None:
    cfg = config("lpr", buyin_min=40, buyin_max=400)
    t = Table.seated(cfg, {1: 200, 3: 200, 5: 200, 8: 200}, button=1)
    buttons = []
    for _ in range(6):
        started = t.deal()
        buttons.append((started.button, started.sb_seat, started.bb_seat))
        t.fold_out()
    assert buttons[:5] == [(1, 3, 5), (3, 5, 8), (5, 8, 1), (8, 1, 3), (1, 3, 5)]
    # A player leaves: the button and blinds jump over the empty seat; nobody owes.
    t(Leave(PlayerId("p3")))
    started = t.deal()
    assert (started.button, started.sb_seat, started.bb_seat) == (5, 8, 1)


def _s02_table() -> Table:
    cfg = config("cambridge", "tournament", seats=6, small_blind=100, big_blind=200)
    stacks = {s: 10_000 for s in range(1, 7)}
    stacks[3] = 200  # the big blind of hand 1 is all-in with his blind
    return Table.seated(cfg, stacks, button=1)


def test_btn_03_s02_big_blind_busts_dead_small_blind_then_dead_button() -> None:
    # Find a deck where seat 3 loses his all-in big blind to seat 4's call (S02 hand 1).
    for k in range(50):
        t = _s02_table()
        h1 = t.deal(bytes([k]) * 32)
        assert (h1.button, h1.sb_seat, h1.bb_seat) == (1, 2, 3)
        assert posts(h1) == {2: 100, 3: 200}
        t.act(4, "call")
        t.fold_out()
        if t.state.seat(SeatNo(3)) is None:
            break
    else:
        pytest.fail("seat 3 never lost")
    # Hand 2: button seat 2, no small blind, BB seat 4; pre-flop 5, 6, 1, 2, 4.
    events_before = len(t.log)
    h2 = t.deal()
    assert (h2.button, h2.sb_seat, h2.bb_seat) == (2, 3, 4)
    assert blinds_posted(t.log[events_before:], h2) == {4: 200}  # "no SB posted"
    assert t.state.hand is not None and t.state.hand.pot == 200
    assert t.preflop_order() == [5, 6, 1, 2, 4]
    assert t.seat_to_act() == 4  # FLOW-06: post-flop first left of the button seat
    t.fold_out()
    # Hand 3: button on the empty seat 3; SB 4, BB 5; pre-flop first 6; post-flop first 4.
    h3 = t.deal()
    assert (h3.button, h3.sb_seat, h3.bb_seat) == (3, 4, 5)
    assert t.state.seat(SeatNo(3)) is None
    assert posts(h3) == {4: 100, 5: 200}
    assert t.preflop_order() == [6, 1, 2, 4, 5]
    assert t.seat_to_act() == 4
    t.fold_out()
    # Hand 4: button 4, SB 5, BB 6.
    h4 = t.deal()
    assert (h4.button, h4.sb_seat, h4.bb_seat) == (4, 5, 6)
    # BB sequence 3 -> 4 -> 5 -> 6: nobody pays the BB twice or skips one.
    assert [h.bb_seat for h in (h1, h2, h3, h4)] == [3, 4, 5, 6]
    assert t.replayed() == t.state


def test_btn_04_dead_small_blind_posts_only_the_big_blind() -> None:
    t = Table.seated(
        config("lpr", "tournament", seats=6),
        {1: 500, 2: 500, 4: 500, 5: 500},
        button=1,
        sb=2,
        bb=3,
        hand_no=7,
    )
    started = t.deal()  # seat 3 (last BB) is empty
    assert (started.button, started.sb_seat, started.bb_seat) == (2, 3, 4)
    assert posts(started) == {4: 2}
    assert started.positions[0] == 4  # first card left of the button seat


def test_btn_05_small_blind_eliminated_gives_a_dead_button() -> None:
    t = Table.seated(
        config("grosvenor", "tournament", seats=6),
        {1: 500, 3: 500, 4: 500, 5: 500},
        button=1,
        sb=2,
        bb=3,
        hand_no=7,
    )
    started = t.deal()  # seat 2 (last SB) is empty: the button goes there
    assert (started.button, started.sb_seat, started.bb_seat) == (2, 3, 4)
    assert posts(started) == {3: 1, 4: 2}
    assert started.positions == (3, 4, 5, 1)


def test_btn_06_s01_heads_up_last_big_blind_takes_the_button() -> None:
    # S01: hand #41 button 1, SB 4, BB 7; the seat-1 player leaves.
    cfg = config("hippodrome", buyin_min=40, buyin_max=400)
    t = Table.seated(
        cfg,
        {1: 200, 4: 200, 7: 200},
        button=1,
        sb=4,
        bb=7,
        hand_no=41,
        last_bb={7: 41, 4: 40, 1: 39},
    )
    t(Leave(PlayerId("p1")))
    mark = len(t.log)
    h42 = t.deal()
    assert h42.button == 7 and h42.bb_seat == 4
    assert blinds_posted(t.log[mark:], h42) == {7: 1, 4: 2}
    assert first_card_seat(t.log[mark:], h42) == 4  # then 7, 4, 7
    assert h42.positions == (4, 7)
    assert t.seat_to_act() == 7  # pre-flop the button acts first
    t.act(7, "call")
    t.act(4, "check")
    assert t.seat_to_act() == 4  # flop: the big blind acts first
    t.fold_out()
    h43 = t.deal()
    assert h43.button == 4 and h43.bb_seat == 7  # normal alternation


def test_btn_06_lpr_tournament_same_result() -> None:
    # S01 "Compare": LPR tournament (L182); seat 1 is gone (busted) before hand #42.
    cfg = config("lpr", "tournament", seats=9)
    t = Table.seated(
        cfg, {4: 200, 7: 200}, button=1, sb=4, bb=7, hand_no=41, last_bb={7: 41, 4: 40}
    )
    h42 = t.deal()
    assert h42.button == 7 and h42.bb_seat == 4
    assert posts(h42) == {7: 1, 4: 2}


def test_btn_08_s05b_redraw_when_half_the_table_is_new() -> None:
    cfg = config("cambridge", "tournament", seats=10)
    old = {s: 1000 for s in range(1, 9)}
    t = Table.seated(cfg, old, button=1, sb=2, bb=3, hand_no=5)
    four_new = tuple(PlayerId(f"p{s}") for s in (2, 4, 6, 8))
    events = t(RedrawButton(bytes(32), new_players=four_new))  # 4 of 8 = 50% -> draw
    assert t.state.fresh_button and events[0].button == t.state.button  # type: ignore[union-attr]
    three_new = four_new[:3]
    with pytest.raises(TableError) as err:
        apply(t.state, RedrawButton(bytes(32), new_players=three_new))  # 37.5%
    assert err.value.code == "no_redraw"
    t(RedrawButton(bytes(1) * 32, final_table=True))  # S05 (c): always at the final table
    # Houses that state no re-draw refuse it.
    lpr = Table.seated(config("lpr", "tournament"), {1: 10, 2: 10}, button=1, hand_no=3)
    with pytest.raises(TableError):
        apply(lpr.state, RedrawButton(bytes(32), final_table=True, new_players=(PlayerId("p1"),)))


@pytest.mark.parametrize("drawn", [1, 2])
def test_btn_06_heads_up_dead_button_fresh_button_stays_on_the_drawn_seat(drawn: int) -> None:
    # A tournament table starting heads-up: the drawn (or placed) seat takes the button and
    # posts the small blind (FLOW-08); the plan must not move it on to the next seat.
    cfg = config("cambridge", "tournament", seats=9, small_blind=300, big_blind=600)
    t = Table.seated(cfg, {1: 9000, 2: 15000}, button=drawn)
    h = t.deal()
    other = 3 - drawn
    assert h.button == drawn and h.bb_seat == other
    assert posts(h) == {drawn: 300, other: 600}
    t.fold_out()
    assert t.deal().button == other  # then the button alternates (BTN-06)


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "hippodrome", "roberts", "open-club"])
def test_btn_02_settled_table_plan_is_the_general_plan(
    house: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The short path for a settled table plans every hand exactly as the general planner
    would: checked before every hand of random sessions with players coming and going."""
    from pokerroom.table import button
    from pokerroom.table.events import HandStarted
    from pokerroom.table.runner import run_session
    from pokerroom.table.transitions import evolve

    settled = 0
    plan_settled = button._plan_settled

    def counting(
        state: TableState, cands: list[SeatNo], active: list[SeatNo]
    ) -> button.HandPlan | None:
        nonlocal settled
        plan = plan_settled(state, cands, active)
        settled += plan is not None
        return plan

    monkeypatch.setattr(button, "_plan_settled", counting)
    cfg = config(house if house != "open-club" else "lpr", seats=9, buyin_min=40, buyin_max=200)
    if house == "open-club":  # NEW-01 as a club may set it: a new player comes in anywhere
        cfg = replace(cfg, rules=derive(cfg.rules, new_player_blocked_positions=[]))
    sessions = [
        run_session(cfg, players=8, hands=60, seed=seed, churn=churn, bot="simple")
        for seed, churn in ((1, 0.0), (2, 0.3), (3, 0.8))
    ]
    # Busted players buying in again are new players (NEW-06) dealt in at once.
    sessions.append(run_session(cfg, players=9, hands=120, seed=4, keep_full=True))
    settled = 0
    for session in sessions:
        state = TableState.empty(cfg)
        for event in session.events:
            if isinstance(event, HandStarted) and not event.mistaken:
                start, cands, active, with_chips = button._candidates(state)
                general = button._plan_general(state, (), start, cands, active, with_chips)
                assert button.plan_hand(state) == general, f"hand {event.hand_no}"
            state = evolve(state, event)
    assert settled > 60  # the short path was taken (and checked) often
