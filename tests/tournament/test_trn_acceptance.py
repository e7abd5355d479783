"""Acceptance audit of the tournament rules on cases the other tests do not cover.

Every expected number below is worked out by hand from RULES.md section 21 (TRN), the
tournament sides of SEAT/BTN/PEN and the house rulebooks in /work/shared/seeds (cited by
line). The director is driven through its public commands and reports, as a user would.
"""

from __future__ import annotations

import random
from datetime import time

import pytest

from pokerroom.hand.actions import Action, CheckCall, Fold
from pokerroom.hand.betting import LegalActions
from pokerroom.house import load_house
from pokerroom.table.seats import SeatNo
from pokerroom.table.state import TableState
from pokerroom.tournament import (
    STANDARD_PAYOUTS,
    Elimination,
    EntryPolicy,
    RegistrationError,
    Registry,
    Seating,
    Table,
    award,
    balance,
    consolidate,
    edit_level,
    finishing_places,
    hand_for_hand_due,
    load_structure,
    prize_amounts,
    redraw_tables,
    table_to_break,
)
from pokerroom.tournament.director import Director, TournamentConfig


def _director(house: str, players: int, *, structure: str = "pub_turbo", seed: int = 1,
              **kw: object) -> Director:
    cfg = TournamentConfig(
        load_house(house, "tournament"), load_structure(structure), **kw  # type: ignore[arg-type]
    )
    d = Director(cfg, seed=seed)
    for k in range(players):
        d.register(f"p{k:02}", local_time=time(21, 0))
    return d


def _conserved(d: Director) -> None:
    assert d.chips_in_play() + d.chips_removed() == d.chips_issued() + d.race_adjustment()
    assert d.chips_conserved


def _snapshot(d: Director) -> tuple[object, ...]:
    return (d.registry, d.seating, dict(d.tables), d.now, tuple(d.log), d.eliminations,
            d.chips_issued(), d.chips_removed())


def _passive(state: TableState, options: LegalActions, rng: random.Random) -> Action:
    """Check when free, otherwise fold: only the blinds ever change hands."""
    assert options.actor is not None
    return CheckCall(options.actor) if options.can_check else Fold(options.actor)


def _table(number: int, seats: str, size: int) -> Table:
    """``seats`` like "a1 a2 - a4": a name per seat, '-' for an empty seat."""
    names = seats.split()
    assert len(names) == size
    return Table(number, tuple(None if n == "-" else n for n in names))


# ---------------------------------------------------------------------------------------
# TRN-04 late registration: the last level and the house penalty


def test_trn_04_camb_late_entry_in_level_1_docked_10_x_100() -> None:
    # CAMB:L46: docked 10 x the big blind in play; level 1 is 50/100 -> 10,000 - 1,000.
    d = _director("cambridge", 12, structure="cambridge_pub", seconds_per_hand=60)
    d.start()
    d.play_round()
    assert d.level().number == 1
    eid = d.register("late", local_time=time(20, 45))  # after 20:30: no bonus (CAMB:L22)
    e = d.registry.entry(eid)
    assert (e.kind, e.stack, e.bonus, e.docked) == ("late", 9000, 0, 1000)
    where = d.seating.where("late")
    assert where is not None
    seat = d.tables[where[0]].seat(SeatNo(where[1]))
    assert seat is not None and seat.stack == 9000
    _conserved(d)


def test_trn_04_camb_last_second_of_level_2_is_open_first_second_of_level_3_closed() -> None:
    # Levels of 15 minutes: 2 rounds of 899 s end at 1,798 s (level 2: 100/200) -> taken,
    # 10,000 - 2,000; 2 rounds of 900 s end at 1,800 s, the start of level 3 -> refused
    # (CAMB:L46 "until the end of the second blind increase", late_reg_until_level = 2).
    open_ = _director("cambridge", 12, structure="cambridge_pub", seconds_per_hand=899)
    open_.start()
    open_.play_round()
    open_.play_round()
    assert open_.now == 1798 and open_.level().number == 2
    eid = open_.register("late", local_time=time(21, 0))
    e = open_.registry.entry(eid)
    assert (e.kind, e.stack, e.docked) == ("late", 8000, 2000)

    shut = _director("cambridge", 12, structure="cambridge_pub", seconds_per_hand=900)
    shut.start()
    shut.play_round()
    shut.play_round()
    assert shut.now == 1800 and shut.level().number == 3
    before = _snapshot(shut)
    with pytest.raises(RegistrationError) as err:
        shut.register("late", local_time=time(21, 0))
    assert err.value.code == "late_reg_closed" and "level 2" in str(err.value)
    assert _snapshot(shut) == before
    # The TD's discretion: at most 30% of the original 10,000 (CAMB:L46).
    eid = shut.register("late", local_time=time(21, 0), very_late=True)
    e = shut.registry.entry(eid)
    assert (e.kind, e.stack) == ("very_late", 3000)
    _conserved(shut)


def test_trn_04_trn_14_late_entry_docked_on_the_big_blind_of_the_changed_structure() -> None:
    # The TD raises level 2 to 150/300 (TRN-14, CAMB:L8); a late entry in level 2 is then
    # docked 10 x 300 = 3,000, not 10 x 200.
    d = _director("cambridge", 12, structure="cambridge_pub", seconds_per_hand=600)
    d.start()
    changed = edit_level(d.config.structure, 2, small_blind=150, big_blind=300)
    d.change_structure(changed, "faster level 2")
    d.play_round()
    d.play_round()
    assert d.level().number == 2 and d.level().big_blind == 300
    eid = d.register("late", local_time=time(21, 0))
    e = d.registry.entry(eid)
    assert (e.stack, e.docked) == (7000, 3000)
    _conserved(d)


def test_trn_04_lpr_late_entrant_takes_the_blinded_seat_stack_through_the_director() -> None:
    # LPR:L193: the stack placed in a seat for a late entrant has paid its blinds and antes;
    # the late entrant gets what is left (the caller says how much: 1,500 - 10 - 20 = 1,470).
    policy = EntryPolicy(late_reg_until_level=2)
    d = _director("lpr", 8, structure="sng_hands", policy=policy)
    d.start()
    d.play_round()
    before = _snapshot(d)
    with pytest.raises(RegistrationError) as err:
        d.register("late")  # no seat_stack given
    assert err.value.code == "seat_stack_needed" and _snapshot(d) == before
    with pytest.raises(RegistrationError) as err:
        d.register("late", seat_stack=1600)  # more than a starting stack
    assert err.value.code == "bad_seat_stack" and "1..1500" in str(err.value)
    assert _snapshot(d) == before
    eid = d.register("late", seat_stack=1470)
    e = d.registry.entry(eid)
    assert (e.kind, e.stack, e.docked) == ("late", 1470, 30)
    _conserved(d)


# ---------------------------------------------------------------------------------------
# TRN-12 re-entry and unique entries: the pool and the payout table


def test_trn_12_gros_pays_4_places_on_30_unique_entries_rrp_5_places_on_31_entries() -> None:
    # 30 players and one re-entry = 31 entries. GROS:L139 pays on unique entries: 30 -> the
    # 21..30 row (450/270/170/110 per mille), pool 30 x 100 = 3,000 -> 1,350/810/510/330.
    # A house counting every entry (RRP, payout_basis = all_entries) with re-entry allowed:
    # 31 -> the 31..45 row, pool 3,100 -> 1,240/775/496/341/248.
    expected = {
        "grosvenor": (30, 3000, [1350, 810, 510, 330]),
        "roberts": (31, 3100, [1240, 775, 496, 341, 248]),
    }
    for house, (counted, pool, prizes) in expected.items():
        policy = EntryPolicy(re_entry=True, max_entries_per_flight=0, late_reg_until_level=9)
        d = _director(house, 30, seed=2, policy=policy, seconds_per_hand=30)
        d.start()
        while not d.eliminations:
            d.play_round()
        d.re_enter(d.eliminations[0].player)
        assert d.places_paid() == len(prizes)
        res = d.run()
        assert (res.entries, res.counted, res.pool) == (31, counted, pool)
        assert [a.prize for a in res.awards if a.prize] == prizes
        assert sum(a.prize for a in res.awards) == pool
        assert len(res.awards) == 31 and res.chips_conserved


def test_trn_12_max_entries_per_flight_counts_the_first_entry() -> None:
    # At most 2 entries per flight: register, bust, re-enter, bust -> a third is refused and
    # the registry is unchanged. Two players on two flights: unique = 2 (flight A) + 1 (B).
    s = load_structure("sng_hands")
    gros = load_house("grosvenor", "tournament")
    reg = Registry(gros, s, EntryPolicy(re_entry=True, max_entries_per_flight=2))
    reg = reg.register("ann", at=0, flight="A").register("bob", at=0, flight="A")
    reg = reg.bust(1, at=1).re_enter("ann", at=2, flight="A").bust(3, at=3)
    with pytest.raises(RegistrationError) as err:
        reg.re_enter("ann", at=4, flight="A")
    assert err.value.code == "too_many_entries" and "at most 2" in str(err.value)
    reg = reg.register("ann", at=5, flight="B")  # first entry on a later flight: unique
    assert len(reg.entries) == 4 and reg.counted_entries() == 3


# ---------------------------------------------------------------------------------------
# Payouts: ties and odd amounts (finishing places, POT-05-like odd units)


def test_trn_09_bubble_tie_shares_the_last_paid_place_with_an_odd_chip() -> None:
    # 11 entries pay 3 places (500/300/200); pool 1,105 -> 552/331/221 and the 1 left over
    # to first place -> 553. Two players bust in the same hand-for-hand round with 600 each:
    # they tie for 3rd-4th and share 221 + 0 -> 111 and 110 (the odd chip to the first).
    amounts = prize_amounts(1105, STANDARD_PAYOUTS.shares_for(11))
    assert amounts == (553, 331, 221)
    out = [Elimination(f"x{k}", k, 500) for k in range(1, 8)]  # places 11..5
    out += [Elimination("y", 8, 600), Elimination("z", 8, 600)]
    finishes = finishing_places(out, ["a", "b"])
    got = {a.player: (a.place, a.tied_to, a.prize) for a in award(finishes, amounts)}
    assert got["a"] == (1, 1, 553) and got["b"] == (2, 2, 331)
    assert got["y"] == (3, 4, 111) and got["z"] == (3, 4, 110)
    assert got["x7"] == (5, 5, 0) and got["x1"] == (11, 11, 0)
    assert sum(p for _, _, p in got.values()) == 1105


def test_trn_09_bubble_bigger_stack_at_the_start_of_the_hand_takes_the_paid_place() -> None:
    # Same round, stacks 800 and 500: the 800 finishes 3rd (220 of a 1,100 pool), the 500
    # 4th with nothing.
    amounts = prize_amounts(1100, STANDARD_PAYOUTS.shares_for(11))
    finishes = finishing_places([Elimination("small", 9, 500), Elimination("big", 9, 800)],
                                ["a", "b"])
    got = {a.player: (a.place, a.prize) for a in award(finishes, amounts)}
    assert got == {"a": (1, 550), "b": (2, 330), "big": (3, 220), "small": (4, 0)}


def test_trn_three_way_tie_in_chips_of_5_and_across_paid_places() -> None:
    # 13 entries, pool 1,300 in chips of 5: 650/390/260. Three tie for 3rd-5th: 260 / 3 ->
    # 85 each and one more 5 to the first of them: 90/85/85.
    amounts = prize_amounts(1300, STANDARD_PAYOUTS.shares_for(13), unit=5)
    assert amounts == (650, 390, 260)
    finishes = finishing_places([Elimination(n, 4, 700) for n in ("c", "d", "e")], ["a", "b"])
    prizes = [a.prize for a in award(finishes, amounts, unit=5)]
    assert prizes == [650, 390, 90, 85, 85]
    # Pool 1,000 (500/300/200): three tie for 2nd-4th -> (300 + 200 + 0) / 3 = 166 r 2.
    amounts = prize_amounts(1000, (500, 300, 200))
    finishes = finishing_places([Elimination(n, 4, 700) for n in ("c", "d", "e")], ["a"])
    assert [a.prize for a in award(finishes, amounts)] == [500, 167, 167, 166]


# ---------------------------------------------------------------------------------------
# TRN-09 balancing, breaking, hand-for-hand; BTN-08 re-draws


def test_trn_09_three_tables_9_9_6_balanced_by_two_moves_to_the_seats_nearest_the_bb() -> None:
    # Table 1 last BB seat 4 -> a5 is due the BB next and moves; table 3 (seats 1-6 taken,
    # last BB seat 2) -> the first empty seat after it is 7. Then 8/9/7: table 2 (last BB
    # seat 9) sends b1 to table 3 seat 8. Result 8/8/8.
    s = Seating(9, (
        _table(1, "a1 a2 a3 a4 a5 a6 a7 a8 a9", 9),
        _table(2, "b1 b2 b3 b4 b5 b6 b7 b8 b9", 9),
        _table(3, "c1 c2 c3 c4 c5 c6 - - -", 9),
    ))
    after, moves = balance(s, load_house("lpr", "tournament"), {1: 4, 2: 9, 3: 2})
    assert [(m.player, m.from_table, m.from_seat, m.to_table, m.to_seat) for m in moves] == [
        ("a5", 1, 5, 3, 7), ("b1", 2, 1, 3, 8)]
    assert after.counts() == (8, 8, 8)


def test_trn_09_break_when_the_players_fit_one_table_fewer() -> None:
    # 10-seat tables with 7/7/6 = 20 players fit on two tables: table 3 breaks (highest number
    # first) and its 6 players fill tables 1 and 2 alternately -> 10/10. With 7/7/7 = 21
    # nothing breaks.
    t1 = _table(1, "a1 a2 a3 a4 a5 a6 a7 - - -", 10)
    t2 = _table(2, "b1 b2 b3 b4 b5 b6 b7 - - -", 10)
    t3 = _table(3, "c1 c2 c3 c4 c5 c6 - - - -", 10)
    s = Seating(10, (t1, t2, t3))
    after, moves, broken = consolidate(s, load_house("grosvenor", "tournament"), seed=bytes(16),
                                       last_big_blind={1: 7, 2: 7, 3: 1})
    assert broken == (3,) and after.counts() == (10, 10)
    assert len(moves) == 6 and {m.reason for m in moves} == {"break"}
    assert sorted(m.to_table for m in moves) == [1, 1, 1, 2, 2, 2]
    assert {m.to_seat for m in moves} == {8, 9, 10}
    c7 = Seating(10, (t1, t2, _table(3, "c1 c2 c3 c4 c5 c6 c7 - - -", 10)))
    assert table_to_break(c7) is None
    # smallest_first: 7/6/7 breaks table 2; a tie for smallest breaks the higher number.
    t2_6 = _table(2, "b1 b2 b3 b4 b5 b6 - - - -", 10)
    assert table_to_break(Seating(10, (t1, t2_6, _table(3, "c1 c2 c3 c4 c5 c6 c7 - - -", 10))),
                          "smallest_first") == 2
    assert table_to_break(Seating(10, (t1, t2_6, t3)), "smallest_first") == 3


def test_trn_09_hand_for_hand_only_on_the_bubble_with_two_tables() -> None:
    # 11 entries pay 3: hand-for-hand with 4 left on two tables; not with 5 (unless the event
    # starts it 2 off the money), not in the money (3), not at the final table.
    lpr = load_house("lpr", "tournament")
    two = Seating(6, (_table(1, "a b - - - -", 6), _table(2, "c d - - - -", 6)))
    one = Seating(6, (_table(1, "a b c d - -", 6),))
    assert hand_for_hand_due(lpr, two, 4, 3)
    assert not hand_for_hand_due(lpr, two, 5, 3)
    assert hand_for_hand_due(lpr, two, 5, 3, from_bubble=2)
    assert not hand_for_hand_due(lpr, two, 3, 3)
    assert not hand_for_hand_due(lpr, one, 4, 3)


def test_btn_08_camb_redraw_at_half_new_after_a_break_and_at_the_final_table() -> None:
    # Table 3 (4 players) breaks: 2 go to table 1 (3 players -> 2/5 new, no re-draw), 2 to
    # table 2 (2 players -> 2/4 = 50% new, re-draw). LPR never re-draws (silent).
    before = Seating(6, (
        _table(1, "a1 a2 a3 - - -", 6),
        _table(2, "b1 b2 - - - -", 6),
        _table(3, "c1 c2 c3 c4 - -", 6),
    ))
    after = Seating(6, (
        _table(1, "a1 a2 a3 c1 - -", 6),
        _table(2, "b1 b2 c2 c3 c4 -", 6),
    ))
    camb, lpr = load_house("cambridge", "tournament"), load_house("lpr", "tournament")
    assert redraw_tables(camb, before, after) == (2,)
    after2 = Seating(6, (
        _table(1, "a1 a2 a3 c1 c2 -", 6),
        _table(2, "b1 b2 c3 c4 - -", 6),
    ))
    assert redraw_tables(camb, before, after2) == (2,)  # 2/5 no; 2/4 yes
    assert redraw_tables(lpr, before, after2) == ()
    final_before = Seating(6, (_table(1, "a1 a2 a3 - - -", 6), _table(2, "b1 b2 - - - -", 6)))
    final_after = Seating(6, (_table(1, "a1 a2 a3 b1 b2 -", 6),))
    assert redraw_tables(camb, final_before, final_after) == (1,)  # 2/5 new, but final table
    assert redraw_tables(lpr, final_before, final_after) == ()


@pytest.mark.parametrize(("house", "notes"), [("cambridge", 1), ("lpr", 0), ("grosvenor", 0)])
def test_btn_08_final_table_redraw_in_a_whole_tournament(house: str, notes: int) -> None:
    d = _director(house, 12, structure="sng_hands", seats_per_table=6, seed=7)
    res = d.run()
    final = [n for n in d.log if n.kind == "redraw" and "final table" in n.text]
    assert len(final) == notes and res.chips_conserved


# ---------------------------------------------------------------------------------------
# TRN-02 / BLD-07: an absent player is blinded off


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "cambridge"])
def test_trn_02_absent_player_pays_10_plus_20_per_orbit_and_is_blinded_off_last(
    house: str,
) -> None:
    # 4 players, sng_hands (10/20 for 10 hands), everyone present checks or folds. In an orbit
    # of 4 hands the absent player posts the small blind once and the big blind once and his
    # hand is killed: 1,500 -> 1,470 -> 1,440. The others only swap blinds, so he alone is
    # blinded off and finishes 4th (LPR:L194, CAMB:L48, GROS:L127).
    d = _director(house, 4, structure="sng_hands", seats_per_table=4, seed=3)
    d.start()
    d._strategy = _passive
    away = "p02"
    d.set_absent(away)
    number, seat = d.seating.where(away)  # type: ignore[misc]

    def stack() -> int:
        s = d.tables[number].seat(SeatNo(seat))
        assert s is not None and s.player == away
        return s.stack

    for expected in (1470, 1440):
        for _ in range(4):
            d.play_round()
        assert stack() == expected
    while not d.eliminations:
        d.play_round()
        _conserved(d)
    assert d.eliminations[0].player == away
    assert d.registry.entry(d.entry_id(away)).status == "busted"
    assert d.players_left() == 3 and d.seating.where(away) is None
    _conserved(d)


# ---------------------------------------------------------------------------------------
# PEN-01 / PEN-02 served in a tournament; TRN-09 hand-for-hand in whole tournaments


def test_pen_01_pen_02_one_round_penalty_at_a_six_handed_table_costs_10_plus_20() -> None:
    # LPR:L187: one round = one hand per player at the table when it is given, offender
    # included -> 6 hands. LPR:L188: he stays away and is dealt in, so he posts one small
    # blind and one big blind (10/20) and his hands are killed: 1,500 -> 1,470. Then he is
    # back and plays.
    from pokerroom.floor.penalties import impose_penalty

    d = _director("lpr", 6, structure="sng_hands", seats_per_table=6, seed=2)
    d.start()
    d._strategy = _passive
    offender = "p04"
    number, seat = d.seating.where(offender)  # type: ignore[misc]
    penalty = impose_penalty(d.config.house, offender, "one_round",
                             players_at_table=d.seating.table(number).count(), reason="abuse")
    assert penalty.hands == 6
    d.set_absent(offender)
    while not penalty.done:
        d.play_round()
        penalty = penalty.record_hand()
    d.returns(offender)
    s = d.tables[number].seat(SeatNo(seat))
    assert s is not None and s.stack == 1470 and not s.sitting_out
    assert d.hands == 6 and d.absent() == ()
    _conserved(d)


@pytest.mark.parametrize("seed", range(6))
def test_trn_09_hand_for_hand_starts_on_the_bubble_and_every_table_plays_one_hand(
    seed: int,
) -> None:
    # 12 players at 3-seat tables (4 tables), 3 places paid: hand-for-hand exactly while
    # 4 are left on two or more tables; each such round is one hand at every table.
    d = _director("roberts", 12, structure="sng_hands", seats_per_table=3, seed=seed)
    d.start()
    paid = d.places_paid()
    assert paid == 3
    left = 12
    while not d.finished:
        tables = len(d.tables)
        r = d.play_round()
        assert r.hand_for_hand == (left == paid + 1 and tables > 1)
        if r.hand_for_hand:
            assert r.hands == tables
            slots = {e.hand_no for e in d.eliminations if e.player in r.busted}
            assert len(slots) <= 1  # busts in the round are one hand for the places
        left = r.players_left
    res = d.results()
    assert sum(a.prize for a in res.awards) == res.pool == 1200


# ---------------------------------------------------------------------------------------
# Bad input: a typed error naming what was wrong and what is allowed, nothing changed


@pytest.mark.parametrize(
    ("kw", "key"),
    [
        ({"addon_chips": -500, "addon_max": 1, "addon_until_level": 2}, "addon_chips"),
        ({"addon_chips": 500, "addon_max": -1, "addon_until_level": 2}, "addon_max"),
        ({"addon_chips": 500, "addon_max": 0, "addon_until_level": 2}, "addon_max"),
        ({"late_reg_until_level": -1}, "late_reg_until_level"),
        ({"re_entry": True, "max_entries_per_flight": -2}, "max_entries_per_flight"),
    ],
)
def test_trn_04_trn_12_an_entry_policy_that_cannot_apply_is_refused(
    kw: dict[str, int | bool], key: str,
) -> None:
    # Before: accepted, and failed later ("entry 2 has taken 0 of -1 add-ons", late
    # registration "until level -1 ends"), or a re-entry limit of -2 meaning no limit.
    with pytest.raises(RegistrationError) as err:
        EntryPolicy(**kw)  # type: ignore[arg-type]
    assert err.value.code == "bad_policy" and key in str(err.value)
    assert "allowed" in str(err.value)


def test_trn_04_seat_stack_where_the_house_does_not_use_one_is_refused() -> None:
    # CAMB docks 10 x the big blind (CAMB:L46): a seat_stack of 9,500 used to be ignored
    # silently (the entry got 9,000). Now a typed error and nothing changes.
    d = _director("cambridge", 12, structure="cambridge_pub", seconds_per_hand=60)
    d.start()
    d.play_round()
    before = _snapshot(d)
    with pytest.raises(RegistrationError) as err:
        d.register("late", local_time=time(21, 0), seat_stack=9500)
    assert err.value.code == "seat_stack_not_used" and "big_blinds_docked" in str(err.value)
    assert _snapshot(d) == before
    # Very late (level 3 on): the stack is the house cap; a seat_stack is refused too.
    s = load_structure("cambridge_pub")
    reg = Registry(load_house("cambridge", "tournament"), s)
    with pytest.raises(RegistrationError) as err:
        reg.register("x", at=0, local_time=time(21, 0), level=s.level(5), very_late=True,
                     seat_stack=3000)
    assert err.value.code == "seat_stack_not_used" and "3000" in str(err.value)


def test_trn_04_very_late_or_seat_stack_before_the_start_is_refused() -> None:
    # Before the start every entrant gets the starting stack (TRN-01): very_late=True or a
    # seat_stack used to be ignored silently.
    d = _director("lpr", 4, structure="sng_hands")
    before = _snapshot(d)
    for kw in ({"very_late": True}, {"seat_stack": 1000}):
        with pytest.raises(RegistrationError) as err:
            d.register("early", **kw)  # type: ignore[arg-type]
        assert err.value.code == "not_late" and "allowed" in str(err.value)
        assert _snapshot(d) == before


# ---------------------------------------------------------------------------------------
# Levels counted in hands, the break, the colour-up at it (STR-07)


def test_str_07_levels_of_10_hands_break_after_level_5_and_race_off_the_5s_before_level_6() -> None:
    # sng_hands: 10 hands a level; a 5-minute break after level 5; the 5 chip raced off
    # before level 6 (75/150 -> 100/200). Six players checking or folding: nobody busts.
    d = _director("cambridge", 6, structure="sng_hands", seats_per_table=6, seed=4)
    d.start()
    d._strategy = _passive
    levels = [d.play_round().level for _ in range(50)]
    assert levels == [n for n in range(1, 6) for _ in range(10)]
    assert not d.chip_races and not [n for n in d.log if n.kind == "break"]
    report = d.play_round()
    assert report.level == 6 and d.level().big_blind == 200
    assert [n.text for n in d.log if n.kind == "break"] == ["5-minute break after level 5"]
    (race,) = d.chip_races
    assert (race.level, race.chip, race.unit, race.table) == (6, 5, 25, 1)
    assert all(stack % 25 == 0 for _, stack in d.standings())
    assert sum(stack for _, stack in d.standings()) == 9000 + race.added - race.removed
    assert d.players_left() == 6
    _conserved(d)


def test_btn_01_gros_a_table_opened_for_a_late_entry_takes_the_seat_drawn_on_table_one() -> None:
    # GROS:L125: one draw on table one sets the button seat of every table; a table opened
    # later (two full tables of 10, then a late entry) takes the same seat, or the next
    # occupied seat clockwise where it is empty (CONFLICTS G-18). The new table is balanced
    # at once: 21 players -> 7/7/7.
    from pokerroom.tournament import button_seat_for_table

    policy = EntryPolicy(re_entry=True, max_entries_per_flight=0, late_reg_until_level=4)
    d = _director("grosvenor", 20, structure="sng_hands", policy=policy, seed=5)
    d.start()
    assert d.seating.counts() == (10, 10)
    drawn = d.tables[1].button
    assert drawn is not None and d.tables[2].button == drawn  # both tables full
    d.register("late")  # after the start, before the first hand
    assert d.seating.counts() == (7, 7, 7)
    assert d.tables[3].button == button_seat_for_table(d.seating.table(3), drawn)
    assert [n.kind for n in d.log].count("button") == 1  # no second draw
    _conserved(d)
