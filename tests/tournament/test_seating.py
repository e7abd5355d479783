"""Seating: the draw, balancing, breaking, hand-for-hand, button draws (TRN-06, TRN-09,
BTN-01, BTN-08, S05)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.house import derive, load_house
from pokerroom.tournament import (
    Seating,
    SeatingError,
    Table,
    balance,
    break_table,
    button_redraw_needed,
    button_seat_for_table,
    consolidate,
    draw_seats,
    hand_for_hand_due,
    high_card_draw,
    move_player,
    redraw_tables,
    remove_player,
    seat_player,
    table_to_break,
)

CAMB = load_house("cambridge", "tournament")
GROS = load_house("grosvenor", "tournament")
SEED = bytes(range(16))


def _table(number: int, *players: str | None) -> Table:
    seats = list(players) + [None] * (9 - len(players))
    return Table(number, tuple(seats))


def test_draw_seats_is_seeded_and_balanced() -> None:
    players = [f"p{k}" for k in range(40)]
    a = draw_seats(players, 9, seed=SEED)
    assert a == draw_seats(players, 9, seed=SEED)
    assert a != draw_seats(players, 9, seed=bytes(16))
    assert sorted(a.counts()) == [8, 8, 8, 8, 8]
    assert sorted(a.players()) == sorted(players)
    with pytest.raises(SeatingError, match="at least 5 tables"):
        draw_seats(players, 9, seed=SEED, tables=4)


def test_seat_taken_and_seated_twice_are_errors_that_change_nothing() -> None:
    s = Seating(9, (_table(1, "a", "b"), _table(2, "c")))
    with pytest.raises(SeatingError) as err:
        seat_player(s, "z", 1, 2)
    assert err.value.code == "seat_taken" and "taken by b; empty seats: 3, 4" in str(err.value)
    with pytest.raises(SeatingError) as err:
        move_player(s, "a", 2, 1)
    assert err.value.code == "seat_taken"
    with pytest.raises(SeatingError, match="SEAT-02"):
        seat_player(s, "a", 2, 5)
    with pytest.raises(SeatingError, match="seated at table 1 and table 2"):
        Seating(9, (_table(1, "a"), _table(2, "a")))
    with pytest.raises(SeatingError, match=r"seats 1\.\.9, not 10"):
        seat_player(s, "z", 1, 10)
    assert s.where("a") == (1, 1)
    assert move_player(s, "a", 2, 4).where("a") == (2, 4)


def test_trn_09_balance_moves_the_player_due_the_big_blind_to_the_seat_nearest_the_bb() -> None:
    big = _table(1, "a", "b", "c", "d", "e", "f", "g", "h", "i")  # 9 players
    small = Table(2, ("j", None, "k", "p", "l", "m", None, "n", "o"))  # 7 players
    s = Seating(9, (big, small))
    # Table 1's last big blind was seat 4 -> e (seat 5) is due the big blind next.
    # Table 2's last big blind was seat 5 -> the first empty seat after it is seat 7.
    after, moves = balance(s, CAMB, {1: 4, 2: 5})
    assert [(m.player, m.from_table, m.from_seat, m.to_table, m.to_seat) for m in moves] == [
        ("e", 1, 5, 2, 7)
    ]
    assert after.counts() == (8, 8)


def test_trn_09_g25_no_move_with_a_difference_of_one() -> None:
    s = Seating(9, (_table(1, "a", "b", "c"), _table(2, "d", "e")))
    assert balance(s, CAMB)[1] == ()
    assert balance(s, derive(CAMB, balance_when_diff_gt=0))[1] == ()  # a move would only swap


def test_trn_09_house_limit_on_the_difference() -> None:
    s = Seating(9, (_table(1, "a", "b", "c", "d", "e"), _table(2, "f", "g")))
    assert balance(s, derive(CAMB, balance_when_diff_gt=3))[1] == ()
    assert balance(s, CAMB)[0].counts() == (4, 3)


def test_trn_09_break_order_and_breaking_fills_the_emptiest_tables() -> None:
    s = Seating(9, (_table(1, *"abcdef"), _table(2, *"ghijk"), _table(3, *"lmno")))
    assert table_to_break(s) == 3
    assert table_to_break(s, "lowest_number_first") == 1
    assert table_to_break(s, "smallest_first") == 3
    assert table_to_break(s, (2, 1, 3)) == 2
    after, moves = break_table(s, 3, seed=SEED)
    assert sorted(after.counts()) == [7, 8]
    assert {m.player for m in moves} == set("lmno") and all(m.reason == "break" for m in moves)
    assert table_to_break(Seating(9, (_table(1, *"abcdefgh"), _table(2, *"ij")))) is None


def test_consolidate_down_to_the_final_table() -> None:
    s = Seating(9, (_table(1, *"abc"), _table(2, *"def"), _table(3, *"ghi")))
    after, moves, broken = consolidate(s, CAMB, seed=SEED)
    assert broken == (3, 2) and after.is_final_table() and len(after.players()) == 9
    # table 3's players go to tables 1 and 2; then table 2 breaks with its 3 + new players
    assert len(moves) == 3 + 3 + sum(1 for m in moves[:3] if m.to_table == 2)


def test_trn_09_hand_for_hand_near_the_money() -> None:
    s = Seating(9, (_table(1, *"abcde"), _table(2, *"fghij")))
    assert hand_for_hand_due(CAMB, s, players_left=10, places_paid=9)
    assert not hand_for_hand_due(CAMB, s, players_left=11, places_paid=9)
    assert hand_for_hand_due(CAMB, s, players_left=11, places_paid=9, from_bubble=2)
    assert not hand_for_hand_due(CAMB, s, players_left=9, places_paid=9)
    assert not hand_for_hand_due(derive(CAMB, hand_for_hand=False), s, 10, 9)


def test_s05_btn_01_high_card_draw_with_suit_tiebreak() -> None:
    cards = {1: "Ks", 2: "Ac", 3: "7d", 4: "Ah", 5: "Qh", 6: "Ad"}
    assert high_card_draw(cards, CAMB.draw_suit_order).winner == 4
    assert high_card_draw(cards, load_house("hippodrome", "cash").draw_suit_order).winner == 4
    gros = high_card_draw(cards, GROS.draw_suit_order)  # ace high, no suits: 2, 4, 6 redraw
    assert (gros.winner, gros.tied) == (None, (2, 4, 6))
    assert high_card_draw({2: "5c", 4: "Jd", 6: "9s"}, GROS.draw_suit_order).winner == 4


def test_trn_06_btn_01_gros_one_draw_sets_the_button_seat_on_every_table() -> None:
    assert GROS.tournament_button_draw_scope == "table1_seat_applies_to_all"
    t = Table(2, ("a", None, None, "d", None, None, None, None, None))
    assert button_seat_for_table(t, 1) == 1
    assert button_seat_for_table(t, 2) == 4  # empty there: next occupied seat (G-18)


def test_s05_btn_08_redraw_at_half_new_players_and_at_the_final_table() -> None:
    before = ["a", "b", "c", "d", "e"]
    four_new = ["a", "b", "c", "d", "w", "x", "y", "z"]  # 4 of 8 new: 50%
    three_new = ["a", "b", "c", "d", "e", "x", "y", "z"]  # 3 of 8: 37.5%
    assert button_redraw_needed(CAMB, before, four_new)
    assert not button_redraw_needed(CAMB, before, three_new)
    assert button_redraw_needed(CAMB, before, before, final_table=True)
    assert not button_redraw_needed(GROS, before, four_new, final_table=True)  # silent houses
    old = Seating(9, (_table(1, *"abc"), _table(2, *"def")))
    final = Seating(9, (_table(1, *"abcdef"),))
    assert redraw_tables(CAMB, old, final) == (1,)
    assert redraw_tables(GROS, old, final) == ()


def _random_seating(sizes: list[int], seats: int) -> Seating:
    tables = []
    n = 0
    for k, size in enumerate(sizes):
        row: list[str | None] = [f"p{n + j}" for j in range(size)] + [None] * (seats - size)
        n += size
        tables.append(Table(k + 1, tuple(row)))
    return Seating(seats, tuple(tables))


@settings(max_examples=200, deadline=None)
@given(
    st.integers(6, 10).flatmap(
        lambda seats: st.tuples(
            st.just(seats), st.lists(st.integers(0, seats), min_size=2, max_size=6)
        )
    ),
    st.integers(1, 3),
    st.dictionaries(st.integers(1, 6), st.integers(1, 10)),
)
def test_trn_09_balancing_property(
    case: tuple[int, list[int]], limit: int, last_bb: dict[int, int]
) -> None:
    seats, sizes = case
    s = _random_seating(sizes, seats)
    bb = {t: min(seat, seats) for t, seat in last_bb.items() if t <= len(sizes)}
    after, moves = balance(s, derive(CAMB, balance_when_diff_gt=limit), bb)
    counts = after.counts()
    assert max(counts) - min(counts) <= limit
    assert sorted(after.players()) == sorted(s.players())  # every player seated exactly once
    assert all(m.reason == "balance" for m in moves)


@settings(max_examples=100, deadline=None)
@given(
    st.integers(2, 60),
    st.lists(st.integers(0, 59), max_size=50),
    st.binary(min_size=16, max_size=16),
)
def test_every_player_seated_exactly_once_through_busts_breaks_and_balancing(
    n: int, busts: list[int], seed: bytes
) -> None:
    players = [f"p{k}" for k in range(n)]
    s = draw_seats(players, 9, seed=seed)
    left = set(players)
    for b in busts:
        who = f"p{b % n}"
        if who in left and len(left) > 1:
            s = remove_player(s, who)
            left.discard(who)
            s, _, _ = consolidate(s, CAMB, seed=seed)
            assert sorted(s.players()) == sorted(left)
            assert max(s.counts()) - min(s.counts()) <= 1
            assert len(s.tables) == -(-len(left) // 9)
