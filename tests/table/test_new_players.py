"""New players, missed blinds, buying the button, dead hands of players who owe
(NEW-01..06, S09) and the pre-flop order around make-up posts (FLOW-03)."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

from pokerroom.table import (
    BuyButton,
    KillHand,
    Leave,
    PlayerId,
    PostBlind,
    Rebuy,
    SeatNo,
    SitDown,
    SitIn,
    SitOut,
    TableError,
    apply,
)

from .tablekit import Table, dead_posts, posts


def _six(house: str = "hippodrome") -> Table:
    """Six players, seats 1-6, £1/£2; the last hand (#10) had button 1, SB 2, BB 3."""
    cfg = config_for(house)
    return Table.seated(
        cfg,
        {s: 200 for s in range(1, 7)},
        button=1,
        sb=2,
        bb=3,
        hand_no=10,
        last_bb={3: 10},
    )


def config_for(house: str):  # type: ignore[no-untyped-def]
    from .tablekit import config

    return config(house, seats=6, buyin_min=40, buyin_max=400)


def _owing(t: Table, seat: int, **flags: bool) -> None:
    s = t.state.seats[seat - 1]
    assert s is not None
    seats = list(t.state.seats)
    seats[seat - 1] = replace(s, missed_bb=True, **flags)
    t.state = t.start = replace(t.state, seats=tuple(seats))
    t.log.clear()


def test_new_04_s09a_missed_big_blind_post_now_or_wait() -> None:
    t = _six()
    t(SitOut(PlayerId("p5")))
    t.deal()  # button 2, SB 3, BB 4
    t.fold_out()
    h = t.deal()  # button 3, SB 4: the BB jumps from 4 over seat 5 to seat 6
    assert (h.button, h.sb_seat, h.bb_seat) == (3, 4, 6)
    t.fold_out()
    p5 = t.state.seat(SeatNo(5))
    assert p5 is not None and p5.missed_bb
    # He comes back a hand later, when the button has passed his seat (right after missing
    # the big blind he sits between the button and the small blind: see the next test).
    h = t.deal()
    assert (h.button, h.sb_seat, h.bb_seat) == (4, 6, 1)
    t.fold_out()
    # Choice 1: post £2 now, dealt in next hand, live; no small-blind make-up (HIPP L222).
    now = Table(t.state)
    now(SitIn(PlayerId("p5"), post=True))
    h = now.deal()
    assert SeatNo(5) in h.positions
    assert posts(h)[5] == 2 and 5 not in dead_posts(h)
    p5 = now.state.seat(SeatNo(5))
    assert p5 is not None and not p5.owes
    # Choice 2: wait for the big blind: not dealt in until the BB reaches seat 5.
    wait = Table(t.state)
    wait(SitIn(PlayerId("p5")))
    for _ in range(8):
        h = wait.deal()
        if SeatNo(5) in h.positions:
            assert h.bb_seat == 5 and posts(h)[5] == 2
            break
        wait.fold_out()
    else:
        pytest.fail("the big blind never reached seat 5")
    assert wait.replayed() == wait.state


def _blind_rounds(t: Table, hands: int) -> list[tuple[int, int | None, int, tuple[int, ...]]]:
    """Deal and fold ``hands`` hands: (button, small blind, big blind, seats dealt in)."""
    out = []
    for _ in range(hands):
        h = t.deal()
        out.append((int(h.button), h.sb_seat, int(h.bb_seat), tuple(map(int, h.positions))))
        t.fold_out()
    return out


def test_new_04_hipp_no_make_up_between_the_button_and_the_small_blind() -> None:
    # HIPP cash: p5 misses his big blind (hand 12: the BB jumps over him to seat 6). In the
    # next hand he sits between the button (4) and the small blind (6). Had he posted his
    # missed £2 there and played, the button would have to come to him next (it always moves
    # to the next player, HIPP:L215-216) with seats 6 and 1 posting the same blinds again,
    # or skip him. HIPP lets a player in between the button and the small blind only by
    # buying the button (L219-220), so he waits one hand, until the button has passed him,
    # then posts his £2 live (L222): nobody posts the big blind twice, nobody skips it, and
    # the button moves to the next player in the game each hand.
    t = _six()
    t(SitOut(PlayerId("p5")))
    away = _blind_rounds(t, 2)
    assert [r[:3] for r in away] == [(2, 3, 4), (3, 4, 6)]  # the BB jumps over seat 5
    t(SitIn(PlayerId("p5"), post=True))
    h = t.deal()
    assert (h.button, h.sb_seat, h.bb_seat) == (4, 6, 1)
    assert 5 not in h.positions  # between the button and the small blind: he waits
    t.fold_out()
    h = t.deal()
    assert (h.button, h.sb_seat, h.bb_seat) == (6, 1, 2)
    assert posts(h)[5] == 2 and 5 not in dead_posts(h)  # the button has passed him: in, live
    t.fold_out()
    p5 = t.state.seat(SeatNo(5))
    assert p5 is not None and not p5.owes
    back = [(6, 1, 2, tuple(map(int, h.positions))), *_blind_rounds(t, 6)]
    bbs = [r[2] for r in away] + [1] + [r[2] for r in back]
    assert all(a != b for a, b in pairwise(bbs))  # no big blind twice
    # From his return on the button and the blinds each move to the next player; he is dealt
    # every hand and takes the button and his own big blind in turn.
    for (b0, sb0, bb0, dealt), (b1, sb1, bb1, _) in pairwise(back):
        assert 5 in dealt
        assert (b1, sb1, bb1) == tuple(x % 6 + 1 for x in (b0, sb0, bb0))  # seats 1-6 taken
    assert 5 in bbs and 5 in [r[0] for r in back]
    assert t.replayed() == t.state


def test_new_04_lpr_make_up_between_the_button_and_the_small_blind_plays_at_once() -> None:
    # LPR is different: back before the button passes he may post a small blind and play
    # (r69), in that same seat; the button and the blinds may then jump (r71), so nobody
    # posts the big blind twice: the next button skips him rather than repeat the blinds.
    t = _six("lpr")
    t(SitOut(PlayerId("p5")))
    _blind_rounds(t, 2)
    t(SitIn(PlayerId("p5"), post=True))
    h = t.deal()
    assert (h.button, h.sb_seat, h.bb_seat) == (4, 6, 1)
    assert SeatNo(5) in h.positions and dead_posts(h) == {5: 1}
    t.fold_out()
    assert [r[:3] for r in _blind_rounds(t, 2)] == [(6, 1, 2), (1, 2, 3)]


def test_new_05_s09b_owed_blind_dealt_by_mistake_killed_before_acting() -> None:
    t = _six()
    _owing(t, 6)
    h = t.deal(dealt_by_mistake=(PlayerId("p6"),))  # button 2, SB 3, BB 4; seat 6 dealt
    assert SeatNo(6) in h.positions and 6 not in posts(h)
    t.act(5, "fold")
    t(KillHand(PlayerId("p6")))  # Q looked at his cards but has not acted -> dead
    assert t.seat_to_act() == 1  # seat 6 is folded at his turn
    t.fold_out()
    assert t.stack(6) == 200  # Q lost no chips
    assert t.replayed() == t.state


def test_new_05_s09c_owed_blind_dealt_by_mistake_acted_hand_plays() -> None:
    t = _six()
    _owing(t, 6)
    t.deal(dealt_by_mistake=(PlayerId("p6"),))
    t.act(5, "call")
    t.act(6, "call")  # R called £2 before anyone noticed
    with pytest.raises(TableError) as err:
        t(KillHand(PlayerId("p6")))
    assert err.value.code == "already_acted"
    assert t.state.position_of(PlayerId("p6")) is not None
    # Only players dealt in owing a blind can be killed this way.
    with pytest.raises(TableError):
        t(KillHand(PlayerId("p1")))


def test_new_06_s09d_bust_and_rebuy_owes_nothing_is_new() -> None:
    t = _six()
    seats = list(t.state.seats)
    p4 = seats[3]
    assert p4 is not None
    seats[3] = replace(p4, stack=0, missed_bb=True)  # busted while the blinds passed
    t.state = t.start = replace(t.state, seats=tuple(seats), chips_in=1000)
    t.log.clear()
    t.deal()
    t.fold_out()
    t.deal()
    t.fold_out()
    t(Rebuy(PlayerId("p4"), 200))
    p4 = t.state.seat(SeatNo(4))
    assert p4 is not None and not p4.owes and p4.new
    with pytest.raises(TableError):
        t(PostBlind(PlayerId("p1")))  # not new, owes nothing: nothing to post


@pytest.mark.parametrize("house", ["lpr", "hippodrome", "grosvenor", "roberts"])
def test_new_06_rebuy_after_busting_on_the_big_blind_comes_in_on_his_big_blind(house: str) -> None:
    # Hand 1 had button 1, SB 2, BB 3; seat 3 lost his last chips on the big blind and buys
    # in again (NEW-06: a new player); seat 2 sits out. Button: seat 3 may not hold it
    # (NEW-01), so it moves to 4; SB 1; BB 3, his entry (NEW-02). Sparing him a second big
    # blind must not leave the button on seat 1 and deal him in on the small blind.
    t = Table.seated(
        config_for(house),
        {1: 200, 2: 200, 3: 0, 4: 200},
        button=1,
        sb=2,
        bb=3,
        hand_no=1,
        last_bb={3: 1},
    )
    t(Rebuy(PlayerId("p3"), 100))
    t(SitOut(PlayerId("p2")))
    h = t.deal()
    assert (h.button, h.sb_seat, h.bb_seat) == (4, 1, 3)
    assert posts(h) == {1: 1, 3: 2}
    assert h.positions == (1, 3, 4)
    t.fold_out()
    h = t.deal()
    assert (h.button, h.sb_seat, h.bb_seat) == (1, 3, 4)


@pytest.mark.parametrize("house", ["lpr", "hippodrome", "roberts"])
def test_new_04_a_blind_that_stays_on_its_seat_passes_nobody(house: str) -> None:
    # Last hand (#6): button 2, SB 3, BB 4. Seat 2 then sits out and seat 4 leaves: heads-up
    # 1 v 3, seat 3 (the latest big blind) keeps the button and the small blind (BTN-06) and
    # seat 1 posts the big blind. Neither blind passed seat 2 (the small blind stayed on seat
    # 3, the big blind went 4 -> 1), so he owes nothing (NEW-04); ``between`` with both ends
    # on seat 3 read the whole circle and charged him a missed small blind.
    t = Table.seated(
        config_for(house),
        {s: 200 for s in range(1, 5)},
        button=2,
        sb=3,
        bb=4,
        hand_no=6,
        last_bb={1: 3, 2: 4, 3: 5, 4: 6},
    )
    t(SitOut(PlayerId("p2")))
    t(Leave(PlayerId("p4")))
    h = t.deal()
    assert (h.button, h.sb_seat, h.bb_seat) == (3, 3, 1)
    p2 = t.state.seat(SeatNo(2))
    assert p2 is not None and not p2.owes


def test_new_01_no_entry_between_the_button_and_the_small_blind() -> None:
    for house in ("lpr", "hippodrome"):
        cfg = config_for(house)
        t = Table.seated(cfg, {1: 200, 2: 200, 4: 200, 5: 200}, button=1, sb=2, bb=4, hand_no=3)
        # Next hand: button 2, SB 4 -> seat 3 lies between the button and the SB.
        t(SitDown(PlayerId("new3"), SeatNo(3), 100))
        t(SitDown(PlayerId("new6"), SeatNo(6), 100))
        h = t.deal()
        assert (h.button, h.sb_seat) == (2, 4)
        assert SeatNo(3) not in h.positions  # NEW-01: blocked
        assert SeatNo(6) in h.positions and 6 not in posts(h)  # NEW-02: plays, no post
        t.fold_out()
        h = t.deal()  # the button has passed seat 3: he is dealt in
        assert SeatNo(3) in h.positions and 3 not in posts(h)
        assert h.button != 3


def test_new_01_heads_up_the_newcomer_between_button_and_small_blind_waits() -> None:
    # Heads-up 1 v 4 (button 1, big blind 4). A newcomer sits in seat 6: three-handed the
    # button would go to 4 and the small blind to him, which NEW-01 forbids, so he waits and
    # the two play heads-up (the big blind moves to seat 1, BTN-06); then the big blind
    # reaches him and he is dealt in.
    for house in ("lpr", "hippodrome"):
        t = Table.seated(config_for(house), {1: 200, 4: 200}, button=1)
        h = t.deal()
        assert (h.button, h.bb_seat) == (1, 4)
        t.fold_out()
        t(SitDown(PlayerId("new6"), SeatNo(6), 200))
        h = t.deal()
        assert h.positions == (1, 4) and (h.button, h.sb_seat, h.bb_seat) == (4, 4, 1)
        t.fold_out()
        h = t.deal()
        assert (h.button, h.sb_seat, h.bb_seat) == (1, 4, 6) and posts(h)[6] == 2


def test_new_04_heads_up_a_player_who_owes_waits_for_his_big_blind() -> None:
    # Seat 6 sits out while 1 and 4 play heads-up, misses his blinds, and sits in without
    # posting: he is not dealt in on the small blind or the button without his make-up.
    for house in ("lpr", "hippodrome"):
        t = Table.seated(config_for(house), {1: 200, 4: 200, 6: 200}, button=1)
        t.deal()
        t.fold_out()
        t(SitOut(PlayerId("p6")))
        for _ in range(2):
            t.deal()
            t.fold_out()
        t(SitIn(PlayerId("p6"), post=False))
        while True:
            h = t.deal()
            if SeatNo(6) in h.positions:
                break
            assert len(h.positions) == 2
            t.fold_out()
        assert h.bb_seat == 6 and 6 not in (h.button, h.sb_seat)


def test_new_02_new_player_may_post_to_enter() -> None:
    # Every house lets a new player in free (outside NEW-01's blocked seats); a house that
    # required an entry post would deal him in only once he posts a live big blind.
    from pokerroom.house import derive

    base = config_for("hippodrome")
    cfg = replace(base, rules=derive(base.rules, new_player_post_required=True))
    t = Table.seated(cfg, {1: 200, 2: 200, 4: 200, 5: 200}, button=1, sb=2, bb=4, hand_no=3)
    t(SitDown(PlayerId("new6"), SeatNo(6), 100))
    h = t.deal()
    assert SeatNo(6) not in h.positions
    t.fold_out()
    t(PostBlind(PlayerId("new6")))
    h = t.deal()
    assert SeatNo(6) in h.positions and posts(h)[6] == 2


def test_new_03_buy_the_button_hippodrome() -> None:
    cfg = config_for("hippodrome")
    t = Table.seated(cfg, {1: 200, 2: 200, 4: 200, 5: 200}, button=1, sb=2, bb=4, hand_no=3)
    t(SitDown(PlayerId("new3"), SeatNo(3), 100))
    t(BuyButton(PlayerId("new3")))
    h = t.deal()
    # The buyer posts SB (dead) + BB (live); the regular blinds (4, 5) post nothing.
    assert h.button == 2 and h.positions[0] == 3
    assert posts(h) == {3: 2} and dead_posts(h) == {3: 1}
    assert t.seat_to_act() == 4  # left of the buyer's big blind
    t.fold_out()
    h = t.deal()  # he takes the button; the regular blinds post now
    assert (h.button, h.sb_seat, h.bb_seat) == (3, 4, 5)
    assert posts(h) == {4: 1, 5: 2}
    # LPR does not allow it; and only a new player between the button and the SB may.
    lpr = Table.seated(config_for("lpr"), {1: 200, 2: 200, 4: 200}, button=1, sb=2, bb=4, hand_no=3)
    lpr(SitDown(PlayerId("new3"), SeatNo(3), 100))
    with pytest.raises(TableError) as err:
        lpr(BuyButton(PlayerId("new3")))
    assert err.value.code == "buy_button_not_allowed"
    t.fold_out()
    with pytest.raises(TableError) as err:
        t(BuyButton(PlayerId("p1")))
    assert err.value.code == "cannot_buy_button"


def test_new_03_heads_up_there_is_no_button_to_buy() -> None:
    # HIPP heads-up 1 v 4, last hand button 4 (and SB), BB 1. A newcomer in seat 2 would be on
    # the small blind three-handed (NEW-01), so the next hand is heads-up again. Heads-up the
    # button posts the small blind: no seat lies between them, so he cannot buy the button
    # (NEW-03, HIPP:L220). The purchase used to be accepted and then ignored: the hand was
    # dealt heads-up without him and nobody was told.
    t = Table.seated(config_for("hippodrome"), {1: 200, 4: 200}, button=4, sb=4, bb=1, hand_no=2)
    t(SitDown(PlayerId("new2"), SeatNo(2), 100))
    with pytest.raises(TableError) as err:
        t(BuyButton(PlayerId("new2")))
    assert err.value.code == "cannot_buy_button"
    assert t.state.button_buyer is None
    h = t.deal()
    assert h.positions == (4, 1) and (h.button, h.bb_seat) == (1, 4)
    t.fold_out()
    h = t.deal()  # the big blind reaches him: he comes in on it (NEW-02)
    assert (h.button, h.sb_seat, h.bb_seat) == (4, 1, 2) and posts(h) == {1: 1, 2: 2}


def test_new_04_lpr_small_blind_make_up_before_the_button_passes() -> None:
    t = _six("lpr")
    _owing(t, 6, missed_sb=True)
    t(SitOut(PlayerId("p6")))
    t(SitIn(PlayerId("p6"), post=True))
    h = t.deal()  # button 2, SB 3, BB 4: seat 6 posts a dead small blind and plays
    assert SeatNo(6) in h.positions
    assert dead_posts(h) == {6: 1} and 6 not in posts(h)
    # Once the button has passed his seat he must wait for his big blind.
    late = _six("lpr")
    _owing(late, 6, missed_sb=True, button_passed=True)
    late(SitOut(PlayerId("p6")))
    with pytest.raises(TableError) as err:
        late(SitIn(PlayerId("p6"), post=True))
    assert err.value.code == "wait_for_big_blind"


def test_new_04_button_passing_an_owing_player_is_recorded() -> None:
    t = _six("lpr")
    t(SitOut(PlayerId("p5")))
    for _ in range(6):
        t.deal()
        t.fold_out()
    p5 = t.state.seat(SeatNo(5))
    assert p5 is not None and p5.missed_bb and p5.missed_sb and p5.button_passed
    with pytest.raises(TableError):
        apply(t.state, SitIn(PlayerId("p5"), post=True))


def test_flow_03_make_up_post_does_not_move_the_first_to_act() -> None:
    t = _six()
    _owing(t, 6)
    t(SitOut(PlayerId("p6")))
    t(SitIn(PlayerId("p6"), post=True))
    h = t.deal()  # button 2, SB 3, BB 4; seat 6 posts a live £2
    assert posts(h) == {3: 1, 4: 2, 6: 2}
    assert t.preflop_order() == [5, 6, 1, 2, 3, 4]  # starts left of the BB, 6 has his option
    assert t.replayed() == t.state


def test_new_01_a_club_that_bars_no_position_deals_the_newcomer_in_at_once() -> None:
    """``new_player_blocked_positions = []`` (a club's own rule): a newcomer between the
    button and the small blind is dealt in at once and takes the small blind, where LPR r68
    keeps him out until the button has passed."""
    from pokerroom.house import derive, load_house
    from pokerroom.table import TableConfig

    club = derive(load_house("lpr"), new_player_blocked_positions=[])
    cfg = TableConfig(club, seats=6, buyin_min=40, buyin_max=400)
    t = Table.seated(cfg, {1: 200, 2: 200, 4: 200, 5: 200}, button=1, sb=2, bb=4, hand_no=3)
    t(SitDown(PlayerId("new3"), SeatNo(3), 100))
    h = t.deal()
    assert (h.button, h.sb_seat, h.bb_seat) == (2, 3, 4)  # LPR: (2, 4, 5), seat 3 out
    assert SeatNo(3) in h.positions and posts(h)[3] == 1
    assert t.state.ledger_balanced()


def _refused(t: Table, command: object, code: str) -> str:
    before = t.state
    with pytest.raises(TableError) as err:
        apply(before, command)  # type: ignore[arg-type]
    assert err.value.code == code, err.value
    return str(err.value)


@pytest.mark.parametrize("house", ["lpr", "hippodrome", "grosvenor", "roberts"])
def test_new_02_04_a_post_that_cannot_be_made_is_refused_not_dropped(house: str) -> None:
    t = _six(house)
    t(SitOut(PlayerId("p5")))
    # He owes nothing yet (the big blind has not passed him): no post to promise.
    assert "post=False" in _refused(t, SitIn(PlayerId("p5"), post=True), "nothing_to_post")
    # A promise made while away would be forgotten when he sits in: one command does both.
    _owing(t, 5)  # he is still away, now owing his big blind
    assert "SitIn(post=True)" in _refused(t, PostBlind(PlayerId("p5")), "sitting_out")
    t(SitIn(PlayerId("p5"), post=True))
    seat = t.state.seat(SeatNo(5))
    assert seat is not None and seat.will_post and not seat.sitting_out


def test_new_02_a_new_player_back_from_a_break_may_post_to_come_in() -> None:
    t = _six("lpr")
    t(Leave(PlayerId("p5")))
    t(SitDown(PlayerId("nina"), SeatNo(5), 200))
    t(SitOut(PlayerId("nina")))
    t(SitIn(PlayerId("nina"), post=True))  # NEW-02: new, so she may post to play at once
    seat = t.state.seat(SeatNo(5))
    assert seat is not None and seat.new and seat.will_post
