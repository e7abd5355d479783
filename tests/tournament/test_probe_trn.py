"""Independent acceptance probes of the tournament rules (TRN-*, BTN-03, STR colour-ups).

Every expectation is worked out from the rulebooks in /work/shared/seeds (cited by line)
and RULES.md, not read off the code.
"""

from __future__ import annotations

import random
from datetime import time

import pytest

from pokerroom.hand.actions import Action, CheckCall, Fold
from pokerroom.hand.betting import LegalActions
from pokerroom.house import load_house
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
    break_table,
    color_up,
    finishing_places,
    load_structure,
    prize_amounts,
    table_to_break,
)
from pokerroom.tournament.clock import Clock
from pokerroom.tournament.director import Director, TournamentConfig


def _passive(state: TableState, options: LegalActions, rng: random.Random) -> Action:
    """Check when free, otherwise fold: only the blinds change hands."""
    assert options.actor is not None
    return CheckCall(options.actor) if options.can_check else Fold(options.actor)


def _table(number: int, seats: str) -> Table:
    return Table(number, tuple(None if n == "-" else n for n in seats.split()))


# ---------------------------------------------------------------------------------------
# TRN-04 late registration (CAMB:L46) and TRN-01 bonus (CAMB:L22)


def test_trn_04_camb_late_entry_in_level_2_docked_10_x_200_bonus_by_the_clock() -> None:
    # CAMB:L46 docked 10 x the big blind in play (level 2: 200 -> 2,000); CAMB:L22 the
    # bonus chip goes to a registration before 20:30 (C-3: docked from 11,000).
    camb = load_house("cambridge", "tournament")
    s = load_structure("cambridge_pub")
    reg = Registry(camb, s).register("ann", at=0, local_time=time(20, 0))
    reg = reg.register("bob", at=1200, local_time=time(20, 29, 59), level=s.level(2))
    reg = reg.register("cy", at=1300, local_time=time(20, 30), level=s.level(2))
    stacks = [(e.player, e.kind, e.stack, e.docked) for e in reg.entries]
    assert stacks == [
        ("ann", "initial", 11000, 0),
        ("bob", "late", 9000, 2000),
        ("cy", "late", 8000, 2000),
    ]


def test_trn_04_camb_late_registration_by_the_clock_edges() -> None:
    # 15-minute levels: second 1799 is level 2 (open), second 1800 is level 3 (closed).
    camb = load_house("cambridge", "tournament")
    s = load_structure("cambridge_pub")
    clock = Clock(s).start(0)
    reg = Registry(camb, s).register("ann", at=0, local_time=time(20, 0))
    ok = reg.register("bob", at=1799, local_time=time(21, 0), level=clock.level_at(1799))
    assert ok.entries[-1].stack == 10000 - 10 * 200
    with pytest.raises(RegistrationError) as err:
        reg.register("cy", at=1800, local_time=time(21, 0), level=clock.level_at(1800))
    assert err.value.code == "late_reg_closed"


def test_trn_04_camb_no_re_entry_after_a_bust() -> None:
    # CAMB takes one entry per player (no re-entry stated): a busted player cannot re-enter.
    camb = load_house("cambridge", "tournament")
    s = load_structure("cambridge_pub")
    reg = Registry(camb, s).register("ann", at=0, local_time=time(20, 0))
    reg = reg.bust(1, at=100)
    with pytest.raises(RegistrationError) as err:
        reg.re_enter("ann", at=200, local_time=time(20, 10), level=s.level(1))
    assert err.value.code == "re_entry_not_allowed"


def test_trn_04_trn_13_gros_re_entry_before_and_after_the_event_cut_off() -> None:
    # GROS takes re-entries (GROS:L133); the event closes entries after level 4. A re-entry
    # in level 4 gets the full stack (GROS states no late penalty); in level 5 it is refused
    # (GROS has no very-late entries) and nothing changes.
    gros = load_house("grosvenor", "tournament")
    s = load_structure("standard_20")
    policy = EntryPolicy(re_entry=True, max_entries_per_flight=0, late_reg_until_level=4)
    reg = Registry(gros, s, policy).register("ann", at=0).register("bob", at=0)
    reg = reg.bust(1, at=3000)
    again = reg.re_enter("ann", at=3500, level=s.level(4))
    assert (again.entries[-1].kind, again.entries[-1].stack) == ("re_entry", 20000)
    busted_again = again.bust(3, at=4000)
    with pytest.raises(RegistrationError) as err:
        busted_again.re_enter("ann", at=4900, level=s.level(5))
    assert err.value.code == "late_reg_closed"
    assert len(busted_again.entries) == 3


# ---------------------------------------------------------------------------------------
# TRN-12 payouts on unique entries (GROS:L139)


def test_trn_12_gros_10_players_3_re_entries_pay_on_10_not_13() -> None:
    # 13 entries, 10 unique: GROS pays on 10 (standard table: 7-10 -> 2 places, pool 10 x fee);
    # RRP (all entries) on 13 (11-20 -> 3 places).
    policy = EntryPolicy(re_entry=True, max_entries_per_flight=0, late_reg_until_level=4)
    s = load_structure("standard_20")
    for house, counted, places in (("grosvenor", 10, 2), ("roberts", 13, 3)):
        reg = Registry(load_house(house, "tournament"), s, policy)
        for k in range(10):
            reg = reg.register(f"p{k}", at=0)
        for k in range(3):
            reg = reg.bust(k + 1, at=100).re_enter(f"p{k}", at=200, level=s.level(1))
        assert len(reg.entries) == 13
        assert reg.counted_entries() == counted
        assert STANDARD_PAYOUTS.places_paid(reg.counted_entries()) == places
        pool = 100 * reg.counted_entries()
        assert sum(prize_amounts(pool, STANDARD_PAYOUTS.shares_for(counted))) == pool


def test_trn_12_gros_director_pool_and_places_on_unique_entries() -> None:
    # Through the director: busted players re-enter while entries are open; the results pay
    # the pool of unique entries x fee, on the places for that count.
    gros = load_house("grosvenor", "tournament")
    policy = EntryPolicy(re_entry=True, max_entries_per_flight=0, late_reg_until_level=3)
    cfg = TournamentConfig(gros, load_structure("sng_hands"), seats_per_table=6,
                           policy=policy, entry_fee=50)
    d = Director(cfg, seed=11)
    for k in range(10):
        d.register(f"p{k}")
    d.start()
    re_entered = 0
    while not d.finished and d.level().number <= 3 and re_entered < 4:
        rep = d.play_round()
        for pid in rep.busted:
            if d.finished or d.level().number > 3:
                break
            d.re_enter(pid.split("#")[0])
            re_entered += 1
    res = d.run()
    assert res.entries == 10 + re_entered
    assert res.counted == 10
    assert res.pool == 50 * 10
    paid = [a for a in res.awards if a.prize > 0]
    assert len(paid) == STANDARD_PAYOUTS.places_paid(10) == 2
    assert sum(a.prize for a in res.awards) == res.pool


# ---------------------------------------------------------------------------------------
# Same-hand busts placed by the stack at the start of the hand


def test_trn_payouts_three_busts_in_one_hand_across_the_bubble() -> None:
    # 11 entries pay 3 (500/300/200 of 1,100). Five left; in one hand three bust with 800,
    # 1,500 and 400 at its start; later the 4-th... Order: the winner 1st, the runner-up 2nd
    # (busts last), then the same-hand busts by starting stack: 1,500 -> 3rd, 800 -> 4th,
    # 400 -> 5th. Only 3rd is paid among them.
    elim = [
        Elimination("e", 40, 800), Elimination("f", 40, 1500), Elimination("g", 40, 400),
        Elimination("b", 55, 100),
    ]
    places = finishing_places(elim, ["a"])
    assert [(p.player, p.place) for p in places] == [
        ("a", 1), ("b", 2), ("f", 3), ("e", 4), ("g", 5)]
    amounts = prize_amounts(1100, STANDARD_PAYOUTS.shares_for(11))
    assert amounts == (550, 330, 220)
    awards = award(places, amounts)
    assert [(a.player, a.prize) for a in awards] == [
        ("a", 550), ("b", 330), ("f", 220), ("e", 0), ("g", 0)]


def test_trn_payouts_entry_counts_just_over_each_threshold() -> None:
    # The standard table: 6 -> 1 place, 7 -> 2, 10 -> 2, 11 -> 3, 20 -> 3, 21 -> 4.
    got = [STANDARD_PAYOUTS.places_paid(n) for n in (6, 7, 10, 11, 20, 21, 30, 31)]
    assert got == [1, 2, 2, 3, 3, 4, 4, 5]


# ---------------------------------------------------------------------------------------
# TRN-09 balancing and breaking: who moves, and to which seat


def test_trn_09_mover_goes_past_the_empty_last_bb_seat_to_the_next_empty_seat() -> None:
    # Table 2's last big blind (seat 3) has busted. Seat 3 would post the small blind at once
    # (BTN-03 step 2) and wait an orbit for the big blind; seat 5 is the next empty seat the
    # big blind reaches (seat 4 is BB next hand, then seat 5). Table 1's last BB was seat 7:
    # seats 8 and 9 are empty, so the player due the big blind next is a1 in seat 1.
    s = Seating(9, (
        _table(1, "a1 a2 a3 a4 a5 a6 a7 - -"),
        _table(2, "b1 b2 - b4 - b6 b7 - -"),
    ))
    after, moves = balance(s, load_house("grosvenor", "tournament"), {1: 7, 2: 3})
    assert [(m.player, m.from_seat, m.to_table, m.to_seat) for m in moves] == [
        ("a1", 1, 2, 5)]
    assert after.counts() == (6, 6)


def test_trn_09_no_balancing_at_a_difference_of_one_and_two_moves_at_four() -> None:
    house = load_house("lpr", "tournament")
    s = Seating(9, (_table(1, "a1 a2 a3 a4 a5 a6 - - -"), _table(2, "b1 b2 b3 b4 b5 - - - -")))
    assert balance(s, house, {1: 1, 2: 1})[1] == ()
    s2 = Seating(9, (_table(1, "a1 a2 a3 a4 a5 a6 a7 a8 -"), _table(2, "b1 b2 b3 b4 - - - - -")))
    after, moves = balance(s2, house, {1: 2, 2: 4})
    # Table 1: last BB seat 2 -> a3 moves, then a4; table 2: first empty seats after seat 4.
    assert [(m.player, m.to_seat) for m in moves] == [("a3", 5), ("a4", 6)]
    assert after.counts() == (6, 6)


def test_trn_09_breaking_a_table_into_the_others_empty_seats_nearest_the_big_blind() -> None:
    # 3 tables of 6 seats with 4/4/3 = 11 players: they fit on two tables (12 seats); the
    # highest-numbered table breaks. Each of its players goes to the table with fewer
    # players, into the empty seat the big blind reaches soonest.
    s = Seating(6, (
        _table(1, "a1 a2 - a3 - a4"),
        _table(2, "b1 - b2 b3 b4 -"),
        _table(3, "c1 c2 c3 - - -"),
    ))
    assert table_to_break(s) == 3
    after, moves = break_table(s, 3, seed=bytes(16), last_big_blind={1: 4, 2: 4, 3: 1})
    assert after.counts() in ((6, 5), (5, 6))
    assert sorted(m.to_table for m in moves) in ([1, 1, 2], [1, 2, 2])
    to1 = [m.to_seat for m in moves if m.to_table == 1]
    to2 = [m.to_seat for m in moves if m.to_table == 2]
    # Table 1 (last BB seat 4): empty 5 first, then 3. Table 2 (last BB seat 4): empty 6
    # first, then 2.
    assert to1 == [5, 3][: len(to1)]
    assert to2 == [6, 2][: len(to2)]


# ---------------------------------------------------------------------------------------
# Colour-ups and the chip race (STR-07, module rule: round half up, nobody raced out)


def test_str_07_colour_up_round_half_up_odd_chips() -> None:
    r = color_up({"a": 1050, "b": 1025, "c": 25, "d": 50, "e": 1075}, 25, 100, "round_half_up",
                 seed=bytes(16))
    assert dict(r.stacks) == {"a": 1100, "b": 1000, "c": 100, "d": 100, "e": 1100}
    assert r.chips_added == 50 - 25 + 75 + 50 + 25


def test_str_07_race_off_one_chip_for_100_in_odd_chips_and_nobody_wins_two() -> None:
    # a holds three odd 25s, b one: 100 in odd chips -> one 100 chip raced for; the winner is
    # whoever holds the highest card; the chip total does not change.
    for k in range(8):
        r = color_up({"a": 1075, "b": 1025}, 25, 100, "race_off", seed=bytes([k]) * 16)
        assert sorted(s for _, s in r.stacks) == [1000, 1100]
        assert r.chips_added == 0
    # Four players with 75 odd each: 300 -> 3 chips, one each to three players.
    r = color_up({p: 575 for p in "abcd"}, 25, 100, "race_off", seed=bytes(16))
    assert sorted(s for _, s in r.stacks) == [500, 600, 600, 600]


# ---------------------------------------------------------------------------------------
# TRN-02 absent players: dealt in, blinded, hand dead


def test_trn_02_presence_deadlines_per_house() -> None:
    from pokerroom.tournament import presence_rule

    gros = presence_rule(load_house("grosvenor", "tournament"))
    camb = presence_rule(load_house("cambridge", "tournament"))
    lpr = presence_rule(load_house("lpr", "tournament"))
    # GROS:L127 in position by the time the last card is dealt.
    assert gros.hand_is_live("before_last_card") and not gros.hand_is_live("absent")
    # CAMB:L48 (C-1): not present when his first card is dealt -> folded.
    assert camb.hand_is_live("before_own_first_card")
    assert not camb.hand_is_live("before_last_card")
    # LPR:L194 every absent stack is dealt in and posts blinds and antes (BLD-07).
    for rule in (gros, camb, lpr):
        assert rule.absent_dealt_in and rule.absent_posts_blinds_and_antes


def test_trn_09_lpr_l181_moved_player_into_the_seat_after_the_last_bb_posts_the_next_bb() -> None:
    # LPR:L181 a moved player may not avoid a blind. When the director seats a moved player
    # in the seat just after the destination table's last big blind, the dead button
    # (BTN-03 step 1: the BB goes to the next occupied seat after the last BB) makes him the
    # big blind of his first hand there.
    from pokerroom.table.button import plan_hand

    checked = 0
    for seed in range(6):
        cfg = TournamentConfig(load_house("lpr", "tournament"), load_structure("sng_hands"),
                               seats_per_table=6)
        d = Director(cfg, seed=seed)
        for k in range(17):
            d.register(f"p{k:02}")
        d.start()
        while not d.finished and d.rounds < 400:
            bb_before = {n: s.bb_seat for n, s in d.tables.items()}
            rep = d.play_round()
            if d.finished:
                break
            bb_after_hand = {n: s.bb_seat for n, s in d.tables.items()}
            seen: set[int] = set()
            for m in rep.moves:
                if m.to_table in seen or m.to_table not in d.tables:
                    continue
                seen.add(m.to_table)
                last_bb = bb_after_hand.get(m.to_table) or bb_before.get(m.to_table)
                if last_bb is None or m.to_seat != last_bb % 6 + 1:
                    continue
                plan = plan_hand(d.tables[m.to_table])
                assert plan.bb_seat == m.to_seat, (seed, rep.round_no, m, plan)
                checked += 1
    assert checked > 0


def test_trn_04_camb_director_late_entry_by_the_clock_and_the_room_time() -> None:
    # Event starts 19:00 (local_start); 15-minute levels, one round = 60 s. After 29 rounds
    # (19:29, level 2) a late entrant gets 10,000 + 1,000 bonus (before 20:30) - 10 x 200.
    # At 19:30 level 3 is in play: late registration has closed (CAMB:L46, C-2); the TD may
    # still take a very late entry with 3,000.
    cfg = TournamentConfig(load_house("cambridge", "tournament"),
                           load_structure("cambridge_pub"), seats_per_table=10)
    d = Director(cfg, seed=5)
    d._strategy = _passive
    for k in range(8):
        d.register(f"p{k}")
    d.start()
    while d.now < 29 * 60 and not d.finished:
        d.play_round()
    assert d.level().number == 2 and not d.finished
    eid = d.register("late")
    e = d.registry.entry(eid)
    assert (e.kind, e.stack, e.bonus, e.docked) == ("late", 9000, 1000, 2000)
    assert dict(d.standings())["late"] == 9000
    d.play_round()
    assert d.level().number == 3
    with pytest.raises(RegistrationError) as err:
        d.register("later")
    assert err.value.code == "late_reg_closed"
    eid = d.register("later", very_late=True)
    assert d.registry.entry(eid).stack == 3000
    assert d.chips_conserved
