"""Moving tournament players between tables with their chips (TRN-09, TRN-11), and placing a
button drawn at another table (BTN-01, GROS:L125); the dead button stays right (BTN-03/04/05)."""

from __future__ import annotations

import pytest

from pokerroom.house import HOUSES
from pokerroom.table import (
    ButtonPlaced,
    DrawButton,
    Leave,
    MoveIn,
    MoveOut,
    PlaceButton,
    PlayerId,
    PlayerMovedIn,
    PlayerMovedOut,
    SeatNo,
    StartHand,
    TableError,
    TableState,
    apply,
)

from .tablekit import SEED, Table, config, posts


def _six() -> Table:
    """S02 set-up: six players, blinds 100/200; last hand button 1, SB 2, BB 3."""
    return Table.seated(
        config("cambridge", "tournament", seats=6, small_blind=100, big_blind=200),
        {s: 5000 for s in range(1, 7)},
        button=1,
        sb=2,
        bb=3,
        hand_no=1,
    )


def test_trn_09_move_out_takes_the_chips_and_keeps_the_ledger() -> None:
    t = _six()
    events = t(MoveOut(PlayerId("p4")))
    assert events == (PlayerMovedOut(PlayerId("p4"), SeatNo(4), 5000),)
    assert t.state.seat(SeatNo(4)) is None
    assert t.state.chips_out == 5000 and t.state.ledger_balanced()
    assert t.replayed() == t.state


def test_trn_09_move_in_is_not_a_buy_in_and_the_player_is_new() -> None:
    t = _six()
    t(MoveOut(PlayerId("p5")))
    events = t(MoveIn(PlayerId("zed"), SeatNo(5), 1234))  # below any buy-in minimum
    assert events == (PlayerMovedIn(PlayerId("zed"), SeatNo(5), 1234),)
    seat = t.state.seat(SeatNo(5))
    assert seat is not None and seat.stack == 1234 and seat.new  # BTN-08 counts him as new
    assert t.replayed() == t.state


def test_btn_03_player_moved_out_of_the_next_small_blind_seat_gives_a_dead_small_blind() -> None:
    # The last big blind was seat 3; its player is moved away: next hand BB 4, no SB posted
    # (BTN-04, as when the big blind busts), button 2; then the button is dead on seat 3.
    t = _six()
    t(MoveOut(PlayerId("p3")))
    h2 = t.deal()
    assert (h2.button, h2.sb_seat, h2.bb_seat) == (2, 3, 4)
    assert posts(h2) == {4: 200}
    t.fold_out()
    h3 = t.deal()
    assert (h3.button, h3.sb_seat, h3.bb_seat) == (3, 4, 5)
    assert posts(h3) == {4: 100, 5: 200}


def test_trn_09_moved_in_player_in_the_seat_after_the_last_big_blind_posts_it_next() -> None:
    # LPR:L181: a moved player must not dodge the big blind; seated in the first empty seat
    # after the table's last big blind, he posts it in the very next hand.
    t = _six()
    t(MoveOut(PlayerId("p4")))
    t(MoveIn(PlayerId("new"), SeatNo(4), 3000))
    h2 = t.deal()
    assert (h2.button, h2.sb_seat, h2.bb_seat) == (2, 3, 4)
    assert posts(h2) == {3: 100, 4: 200}
    assert t.state.player_at(SeatNo(4)) == "new"


@pytest.mark.parametrize("house", HOUSES)
def test_new_01_moved_in_players_play_the_small_blind_and_the_button_in_tournaments(
    house: str,
) -> None:
    # NEW-01 (no entry on the small blind or the button) is a cash-game rule: a player moved
    # into a tournament table is dealt in at once wherever the dead button puts him, posting
    # the blind that reaches him (LPR:L181, L194; CAMB:L30, L48). Last hand button 1, SB 2,
    # BB 3: next hand the button is seat 2 and the small blind seat 3 (BTN-03).
    cfg = config(house, "tournament", seats=6, small_blind=100, big_blind=200)
    assert cfg.rules.new_player_blocked_positions == ()
    t = Table.seated(cfg, {s: 5000 for s in range(1, 7)}, button=1, sb=2, bb=3, hand_no=1)
    for seat, newcomer in ((2, "on_button"), (3, "on_sb")):
        t(MoveOut(PlayerId(f"p{seat}")))
        t(MoveIn(PlayerId(newcomer), SeatNo(seat), 3000))
    h = t.deal()
    assert (h.button, h.sb_seat, h.bb_seat) == (2, 3, 4)
    assert h.positions == (3, 4, 5, 6, 1, 2)  # both newcomers dealt in
    assert posts(h) == {3: 100, 4: 200}  # the newcomer on the small blind posts it
    t.fold_out()
    assert t.replayed() == t.state


def test_btn_03_button_busts_three_handed_and_a_player_moves_in_behind_the_blinds() -> None:
    # Seats 4, 6, 7 (button 6, SB 7, BB 4); seat 6 busts and a player is moved into seat 9.
    # The big blind moves one player to 7 (step 1), the small blind takes the last big blind's
    # seat 4 (step 2); the last small blind's seat is now the big blind, so the button goes
    # to the last player before the small blind, the newcomer in 9. Every player then posts
    # the big blind once in turn: 4, 7, 9.
    cfg = config("cambridge", "tournament", seats=9, small_blind=100, big_blind=200)
    t = Table.seated(cfg, {4: 3000, 7: 3000}, button=6, sb=7, bb=4, hand_no=1)
    t(MoveIn(PlayerId("new"), SeatNo(9), 3000))
    order = []
    for _ in range(3):
        h = t.deal()
        order.append((h.button, h.sb_seat, h.bb_seat))
        t.fold_out()
    assert order == [(9, 4, 7), (4, 7, 9), (7, 9, 4)]


def test_trn_09_bad_moves_are_typed_errors_that_change_nothing() -> None:
    t = _six()
    before = t.state
    cases = [
        (MoveIn(PlayerId("zed"), SeatNo(2), 100), "seat_taken"),
        (MoveIn(PlayerId("p1"), SeatNo(2), 100), "already_seated"),
        (MoveIn(PlayerId("zed"), SeatNo(7), 100), "no_such_seat"),
        (MoveOut(PlayerId("nobody")), "not_seated"),
    ]
    for command, code in cases:
        with pytest.raises(TableError) as err:
            apply(before, command)
        assert err.value.code == code
    t(MoveOut(PlayerId("p6")))
    with pytest.raises(TableError) as err:
        apply(t.state, MoveIn(PlayerId("zed"), SeatNo(6), 0))
    assert err.value.code == "no_chips"
    assert t.state.seat(SeatNo(6)) is None
    # Tournament chips do not leave by Leave (BLD-07); moving is the way.
    with pytest.raises(TableError, match="stay in play"):
        apply(before, Leave(PlayerId("p1")))


def test_trn_09_no_move_during_the_players_hand_and_not_at_cash_tables() -> None:
    t = _six()
    t.deal()
    with pytest.raises(TableError) as err:
        apply(t.state, MoveOut(PlayerId("p5")))
    assert err.value.code == "in_hand"
    cash = TableState.empty(config("lpr", "cash", seats=6))
    with pytest.raises(TableError) as err:
        apply(cash, MoveIn(PlayerId("zed"), SeatNo(1), 100))
    assert err.value.code == "not_a_tournament"


def test_btn_01_gros_place_the_button_drawn_on_table_one() -> None:
    state = TableState.empty(config("grosvenor", "tournament", seats=10))
    for s in (2, 5, 9):
        state, _ = apply(state, MoveIn(PlayerId(f"p{s}"), SeatNo(s), 1000))
    with pytest.raises(TableError) as err:
        apply(state, PlaceButton(SeatNo(3)))
    assert err.value.code == "button_seat_empty"
    state, events = apply(state, PlaceButton(SeatNo(5)))
    assert events == (ButtonPlaced(SeatNo(5)),)
    state, started = apply(state, StartHand(SEED))
    assert started[0].button == 5  # type: ignore[union-attr]
    with pytest.raises(TableError) as err:
        apply(state, PlaceButton(SeatNo(2)))
    assert err.value.code == "hand_in_progress"
    drawn, _ = apply(TableState.empty(state.config), MoveIn(PlayerId("a"), SeatNo(1), 10))
    drawn, _ = apply(drawn, MoveIn(PlayerId("b"), SeatNo(2), 10))
    drawn, _ = apply(drawn, DrawButton(SEED))
    with pytest.raises(TableError) as err:
        apply(drawn, PlaceButton(SeatNo(1)))
    assert err.value.code == "button_drawn"
