"""Black-box tests of the tournament module and the cash floor.

Written from README.md, docs/, the public docstrings (``help()``), RULES.md, CONFLICTS.md
and the five rulebooks only: no source code was read. Every expected number is worked out
by hand in the comments from the rule it checks.
"""

from __future__ import annotations

from datetime import time

import pytest

from pokerroom.cash import (
    GameCount,
    WaitingList,
    absence_expired,
    busted_seat_released,
    fee_on_refusal,
    fee_on_sitting,
    new_game_lockup_released,
    seat_new_player,
    seating_policy,
    transfer_allowed,
)
from pokerroom.cash import SeatingError as CashSeatingError
from pokerroom.errors import ConfigError, PokerroomError
from pokerroom.house import load_house
from pokerroom.table import (
    Act,
    ColorUpStacks,
    MoveIn,
    MoveOut,
    PlaceButton,
    PlayerId,
    SeatNo,
    SetLevel,
    SitDown,
    StartHand,
    TableConfig,
    TableError,
    TableHost,
    TransferIn,
    TransferOut,
    plan_hand,
)
from pokerroom.tournament import (
    STANDARD_PAYOUTS,
    Clock,
    ClockError,
    Elimination,
    EntryPolicy,
    PayoutError,
    RegistrationError,
    Registry,
    Seating,
    SeatingError,
    StructureError,
    Table,
    award,
    balance,
    break_table,
    button_redraw_needed,
    color_up,
    edit_level,
    finishing_places,
    hand_for_hand_due,
    load_structure,
    move_player,
    prize_amounts,
    seat_player,
    table_to_break,
)

MIN = 60


def _err(exc: pytest.ExceptionInfo[BaseException], code: str) -> None:
    assert isinstance(exc.value, PokerroomError)
    assert exc.value.code == code, (exc.value.code, str(exc.value))


# --------------------------------------------------------------------------- TRN-01 / TRN-04


def test_trn_01_cambridge_starting_stack_and_early_bonus() -> None:
    # CAMB:L22: 10,000 each, plus a 1,000 bonus chip for registering before 8.30 p.m.
    camb = load_house("cambridge", "tournament")
    s = load_structure("cambridge_pub")
    r = Registry(camb, s)
    r = r.register(PlayerId("early"), at=0, local_time=time(20, 29))
    r = r.register(PlayerId("onthedot"), at=0, local_time=time(20, 30))
    early, dot = r.entries
    assert (early.stack, early.bonus) == (11_000, 1_000)
    assert (dot.stack, dot.bonus) == (10_000, 0)  # "before 8.30": 20:30 itself is not before
    assert r.chips_in_play() == 21_000


def test_trn_04_cambridge_late_reg_docks_10bb_and_closes_after_level_2() -> None:
    # CAMB:L46 + RULES TRN-04: late entries until the second increase happens (levels 1-2),
    # docked 10 x the big blind in play; later only at the TD's discretion, at most 3,000.
    camb = load_house("cambridge", "tournament")
    s = load_structure("cambridge_pub")  # 15-minute levels: 50/100, 100/200, 150/300 ...
    clock = Clock(s).start(0)
    r = Registry(camb, s).register(PlayerId("a"), at=0, local_time=time(20, 0))

    # 20:10, level 1 (BB 100), before 20:30: entitled to 11,000 (C-3: dock from that) -> 10,000
    t = 10 * MIN
    r = r.register(PlayerId("b"), at=t, local_time=time(20, 10), level=clock.level_at(t))
    assert r.entries[-1].stack == 10_000 and r.entries[-1].docked == 1_000

    # 20:40, level 2 (BB 200): 10,000 - 2,000 = 8,000
    t = 29 * MIN
    assert clock.level_at(t).number == 2
    r = r.register(PlayerId("c"), at=t, local_time=time(20, 40), level=clock.level_at(t))
    assert (r.entries[-1].stack, r.entries[-1].kind) == (8_000, "late")

    # 30:00 in: level 3 has started (second increase): closed; nothing changes
    t = 30 * MIN
    assert clock.level_at(t).number == 3
    with pytest.raises(RegistrationError) as e:
        r.register(PlayerId("d"), at=t, local_time=time(20, 45), level=clock.level_at(t))
    _err(e, "late_reg_closed")
    assert len(r.entries) == 3 and r.chips_in_play() == 11_000 + 10_000 + 8_000

    # TD's discretion: 30% of 10,000 = 3,000, whatever the level
    r2 = r.register(
        PlayerId("d"), at=t, local_time=time(20, 45), level=clock.level_at(t), very_late=True
    )
    assert (r2.entries[-1].stack, r2.entries[-1].kind) == (3_000, "very_late")
    assert r2.chips_in_play() == 32_000


def test_trn_04_lpr_late_entrant_takes_the_blinded_seat_stack() -> None:
    # LPR:L193: the late entrant gets the stack placed in his seat, which has paid the blinds.
    lpr = load_house("lpr", "tournament")
    s = load_structure("standard_20")  # 20,000
    r = Registry(lpr, s, EntryPolicy(late_reg_until_level=3)).register(PlayerId("a"), at=0)
    # seat stack paid BB 100 + SB 50 at level 1, BB 200 + SB 100 at level 2... say 1,500 in all
    r2 = r.register(PlayerId("b"), at=1500, level=s.level(2), seat_stack=18_500)
    assert (r2.entries[-1].stack, r2.entries[-1].docked) == (18_500, 1_500)
    assert r2.chips_in_play() == 38_500
    with pytest.raises(RegistrationError) as e:  # must say what is left of the seat's stack
        r.register(PlayerId("b"), at=1500, level=s.level(2))
    _err(e, "seat_stack_needed")
    with pytest.raises(RegistrationError) as e:  # more than a starting stack is impossible
        r.register(PlayerId("b"), at=1500, level=s.level(2), seat_stack=25_000)
    _err(e, "bad_seat_stack")
    assert len(r.entries) == 1
    # LPR states no level: without the event's level, no late entry at all once play starts
    with pytest.raises(RegistrationError) as e:
        Registry(lpr, s).register(PlayerId("b"), at=1500, level=s.level(2), seat_stack=18_500)
    _err(e, "late_reg_closed")


# --------------------------------------------------------------------------- re-entry, add-ons


def test_trn_12_payout_places_on_unique_or_all_entries_per_house() -> None:
    # 10 players, 3 of them re-enter: 13 paid entries, pool 13 x 100 = 1,300.
    s = load_structure("standard_20")
    pol = EntryPolicy(re_entry=True, max_entries_per_flight=0, late_reg_until_level=4)
    counted = {}
    for name in ("grosvenor", "roberts"):
        r = Registry(load_house(name, "tournament"), s, pol)
        for k in range(10):
            r = r.register(PlayerId(f"p{k}"), at=0)
        for k in range(3):
            r = r.bust(k + 1, at=100 + k).re_enter(PlayerId(f"p{k}"), at=200, level=s.level(2))
        assert len(r.entries) == 13
        counted[name] = r.counted_entries()
    assert counted == {"grosvenor": 10, "roberts": 13}
    # GROS: row 7-10 -> 65/35: 845, 455. RRP: row 11-20 -> 50/30/20: 650, 390, 260.
    assert prize_amounts(1300, STANDARD_PAYOUTS.shares_for(counted["grosvenor"])) == (845, 455)
    assert prize_amounts(1300, STANDARD_PAYOUTS.shares_for(counted["roberts"])) == (650, 390, 260)

    # GROS:L139: payouts on unique entries; a player's first entry on a later flight is unique.
    gros = load_house("grosvenor", "tournament")
    s = load_structure("standard_20")
    pol = EntryPolicy(re_entry=True, max_entries_per_flight=0, late_reg_until_level=4)
    r = Registry(gros, s, pol)
    r = r.register(PlayerId("a"), at=0, flight="1A").register(PlayerId("b"), at=0, flight="1A")
    r = r.bust(1, at=10).re_enter(PlayerId("a"), at=20, flight="1A", level=s.level(1))
    r = r.register(PlayerId("a"), at=30, flight="1B").register(PlayerId("c"), at=30, flight="1B")
    # flight 1A: a, b (a's re-entry not unique) = 2; flight 1B: a, c = 2 -> 4 of 5 entries
    assert len(r.entries) == 5
    assert r.unique_entries() == 4 and r.counted_entries() == 4


def test_trn_13_reentry_per_house_and_refused_when_live_over_limit_or_dumping() -> None:
    gros = load_house("grosvenor", "tournament")
    s = load_structure("standard_20")
    pol = EntryPolicy(re_entry=True, max_entries_per_flight=2, late_reg_until_level=3)
    r = Registry(gros, s, pol)
    for p in "abc":
        r = r.register(PlayerId(p), at=0)
    with pytest.raises(RegistrationError) as e:  # b is still in: no second live entry
        r.re_enter(PlayerId("b"), at=50, level=s.level(1))
    _err(e, "entry_still_live")
    r = r.bust(1, at=60).re_enter(PlayerId("a"), at=70, level=s.level(1))
    r = r.bust(4, at=80)
    with pytest.raises(RegistrationError) as e:  # two entries used
        r.re_enter(PlayerId("a"), at=90, level=s.level(1))
    _err(e, "too_many_entries")
    # GROS:L133: mucking chips away to re-enter is chip dumping -> re-entry refused
    r = r.bust(2, at=100).deny_reentry(PlayerId("b"), "chip dumping", at=101)
    with pytest.raises(RegistrationError) as e:
        r.re_enter(PlayerId("b"), at=102, level=s.level(1))
    _err(e, "re_entry_denied")
    # after late registration closes, no re-entry either
    r2 = r.bust(3, at=103)
    with pytest.raises(RegistrationError) as e:
        r2.re_enter(PlayerId("c"), at=5000, level=s.level(4))
    _err(e, "late_reg_closed")
    assert r2.chips_in_play() == 4 * 20_000  # busts keep chips in play; nothing was issued

    # GROS:L133 mentions re-entry; no other house does (EntryPolicy.for_house).
    for name, allowed in [
        ("grosvenor", True),
        ("lpr", False),
        ("cambridge", False),
        ("roberts", False),
    ]:
        assert EntryPolicy.for_house(load_house(name, "tournament")).re_entry is allowed
    camb = load_house("cambridge", "tournament")
    r = Registry(camb, load_structure("cambridge_pub")).register(
        PlayerId("a"), at=0, local_time=time(20, 0)
    )
    r = r.bust(1, at=60)
    with pytest.raises(RegistrationError) as e:
        r.re_enter(
            PlayerId("a"),
            at=120,
            local_time=time(20, 5),
            level=load_structure("cambridge_pub").level(1),
        )
    _err(e, "re_entry_not_allowed")
    assert len(r.entries) == 1 and r.entries[0].status != "active"


def test_trn_01_addon_at_the_break_and_limits() -> None:
    # An add-on of 5,000 allowed once, until level 4 ends: at the break after level 4 the
    # clock still shows level 4, so the add-on is taken there.
    lpr = load_house("lpr", "tournament")
    s = load_structure("standard_20")
    pol = EntryPolicy(addon_chips=5_000, addon_max=1, addon_until_level=4)
    r = Registry(lpr, s, pol)
    for p in "abc":
        r = r.register(PlayerId(p), at=0)
    clock = Clock(s).start(0)
    t_break = 85 * MIN  # 80 minutes of levels, then a 15-minute break
    assert clock.on_break(t_break) is not None and clock.level_at(t_break).number == 4
    r = r.add_on(2, at=t_break, level=clock.level_at(t_break))
    assert r.entry(2).chips_issued == 25_000 and r.chips_in_play() == 65_000
    with pytest.raises(RegistrationError) as e:
        r.add_on(2, at=t_break + 1, level=clock.level_at(t_break))
    _err(e, "addon_limit")
    t5 = 96 * MIN
    assert clock.level_at(t5).number == 5
    with pytest.raises(RegistrationError) as e:
        r.add_on(3, at=t5, level=clock.level_at(t5))
    _err(e, "addon_closed")
    with pytest.raises(RegistrationError) as e:
        r.bust(1, at=10).add_on(1, at=t_break, level=s.level(4))
    _err(e, "entry_not_live")
    with pytest.raises(RegistrationError) as e:
        r.add_on(99, at=t_break, level=s.level(4))
    _err(e, "no_such_entry")
    assert r.chips_in_play() == 65_000


# --------------------------------------------------------------------------- payouts, ties


def test_trn_15_prize_amounts_add_up_to_the_pool_in_the_rounding_unit() -> None:
    # 25 entries -> 45/27/17/11 %. Pool 2,510 rounded down to 5s: 1129.5->1125, 677.7->675,
    # 426.7->425, 276.1->275 (sum 2,500); the 10 left goes to first: 1,135.
    shares = STANDARD_PAYOUTS.shares_for(25)
    assert shares == (450, 270, 170, 110) and STANDARD_PAYOUTS.places_paid(25) == 4
    assert prize_amounts(2510, shares, unit=5) == (1135, 675, 425, 275)
    # unit 1: 1129, 677, 426, 276 (sum 2,508) + 2 to first
    assert prize_amounts(2510, shares) == (1131, 677, 426, 276)
    with pytest.raises(PayoutError) as e:
        prize_amounts(1000, (600, 300))
    _err(e, "bad_shares")
    with pytest.raises(PayoutError) as e:
        prize_amounts(-5, (1000,))
    _err(e, "bad_pool")
    with pytest.raises(PayoutError) as e:
        STANDARD_PAYOUTS.shares_for(1)
    _err(e, "too_few_entries")


def test_trn_15_same_hand_busts_placed_by_starting_stack_and_ties_share_to_the_chip() -> None:
    # Hand 20: y (6,000), x and z (4,000 each) bust together; w went out in hand 3.
    pool_amounts = prize_amounts(2510, (450, 270, 170, 110), unit=5)  # 1135, 675, 425, 275
    f = finishing_places(
        [
            Elimination("w", 3, 100),
            Elimination("x", 20, 4000),
            Elimination("y", 20, 6000),
            Elimination("z", 20, 4000),
        ],
        ["a", "b"],
    )
    places = {p.player: (p.place, p.tied_to) for p in f}
    assert places == {"a": (1, 1), "b": (2, 2), "y": (3, 3), "x": (4, 5), "z": (4, 5), "w": (6, 6)}
    awards = {a.player: a.prize for a in award(f, pool_amounts, unit=5)}
    # x and z share 4th + 5th = 275 + 0: 55 units of 5 -> 28 and 27 units: 140 and 135
    assert sorted([awards["x"], awards["z"]]) == [135, 140]
    assert (awards["a"], awards["b"], awards["y"], awards["w"]) == (1135, 675, 425, 0)
    assert sum(awards.values()) == 2510

    # three tie for 2nd-4th: 675 + 425 + 275 = 1,375 = 275 units of 5 -> 92, 92, 91 units
    f3 = finishing_places(
        [Elimination("d", 5, 100), Elimination("c", 5, 100), Elimination("b", 5, 100)], ["a"]
    )
    got = [a.prize for a in award(f3, pool_amounts, unit=5)]
    assert got[0] == 1135 and sorted(got[1:]) == [455, 460, 460] and sum(got) == 2510

    # unit 1, two tie for 3rd-4th of (1131, 677, 426, 276): 702 / 2 = 351 each
    f2 = finishing_places([Elimination("c", 9, 500), Elimination("d", 9, 500)], ["a", "b"])
    got2 = {a.player: a.prize for a in award(f2, (1131, 677, 426, 276))}
    assert got2 == {"a": 1131, "b": 677, "c": 351, "d": 351}


def test_trn_15_player_eliminated_twice_is_refused() -> None:
    # He would be paid twice (2nd and 3rd): every player finishes once.
    with pytest.raises(PayoutError) as err:
        finishing_places([Elimination("x", 20, 4000), Elimination("x", 21, 4000)], ["a"])
    assert err.value.code == "duplicate_player" and "x" in str(err.value)
    with pytest.raises(PayoutError):  # a survivor eliminated too
        finishing_places([Elimination("a", 20, 4000)], ["a"])


# --------------------------------------------------------------------------- clock, structure


def test_trn_14_clock_pauses_advances_levels_and_breaks() -> None:
    # standard_20: 20-minute levels, 15-minute break after level 4.
    s = load_structure("standard_20")
    c = Clock(s).start(0).pause(30 * MIN)  # level 2, 10 minutes left
    st = c.status(50 * MIN)
    assert (st.level.number, st.time_left, st.running) == (2, 10 * MIN, False)
    c = c.resume(60 * MIN)  # 30 minutes paused: everything now 30 minutes later
    assert c.status(65 * MIN).time_left == 5 * MIN and c.level_at(65 * MIN).number == 2
    # levels 1-4 end at 80 running minutes = 110 on the wall; break till 125; level 5 at 125
    assert c.level_at(110 * MIN - 1).number == 4 and c.on_break(110 * MIN - 1) is None
    assert c.on_break(110 * MIN) is not None and c.level_at(110 * MIN).number == 4
    assert c.status(110 * MIN).time_left == 15 * MIN
    st5 = c.status(125 * MIN)
    assert (st5.level.number, st5.on_break, st5.time_left) == (5, None, 20 * MIN)
    assert st5.level.describe() == "300/600 ante 600 (BB)"
    # removing more time than is left is refused; nothing changes (values)
    with pytest.raises(ClockError) as e:
        c.add_time(65 * MIN, -6 * MIN)
    _err(e, "remove_too_much")
    assert c.add_time(65 * MIN, 2 * MIN).status(65 * MIN).time_left == 7 * MIN
    with pytest.raises(ClockError) as e:
        c.pause(70 * MIN).pause(71 * MIN)
    _err(e, "not_running")

    # a level counted in hands (sng_hands) ends when its count of hands is played
    s = load_structure("sng_hands")
    lvl1 = s.level(1)
    assert lvl1.by_hands and lvl1.hands > 0
    c = Clock(s).start(0)
    for k in range(lvl1.hands - 1):
        c = c.record_hand(10 * k)
    assert c.status(1000).level.number == 1 and c.status(1000).hands_left == 1
    c = c.record_hand(1000)
    st = c.status(1001)
    assert st.level.number == 2 and st.hands_left == s.level(2).hands and st.time_left is None


def test_trn_14_structure_change_in_play_keeps_the_level_and_audits() -> None:
    # GROS:L132: the house may alter the published structure. At 30 minutes (level 2, 10 of
    # its 20 minutes played) the TD makes level 2 last 30 minutes: 20 minutes are left.
    s = load_structure("standard_20")
    c = Clock(s).start(0)
    c2 = c.change_structure(30 * MIN, edit_level(s, 2, minutes=30), "TD extends level 2")
    st = c2.status(30 * MIN)
    assert (st.level.number, st.level.minutes, st.time_left) == (2, 30, 20 * MIN)
    assert any("TD extends level 2" in text for _, text in c2.history)
    assert c.status(30 * MIN).time_left == 10 * MIN  # the old clock is untouched
    with pytest.raises(StructureError) as e:
        edit_level(s, 3, big_blind=120)  # below the small blind 150
    _err(e, "bad_big_blind")
    with pytest.raises(StructureError) as e:
        edit_level(s, 3, blinds=1)
    _err(e, "bad_key")


# --------------------------------------------------------------------------- colour-up


def test_str_07_color_up_race_off_conserves_all_but_the_race() -> None:
    # 25s leave, 100s stay. Odd chips: ann 75, bob 50, cy 25 = 150 -> round_half_up(1.5) = 2
    # chips of 100 are raced; nobody wins more than one. Before 4,150; after 4,000 + 200.
    stacks = {"ann": 1075, "bob": 1050, "cy": 1025, "di": 1000}
    base = {"ann": 1000, "bob": 1000, "cy": 1000, "di": 1000}
    for seed in (bytes(16), bytes([7]) * 16, bytes(range(16))):
        r = color_up(stacks, 25, 100, "race_off", seed=seed)
        after = dict(r.stacks)
        assert all(v % 100 == 0 for v in after.values())
        won = [p for p in after if after[p] - base[p] == 100]
        assert all(after[p] - base[p] in (0, 100) for p in after)
        assert len(won) == 2 and "di" not in won  # di had no odd chip to race with
        assert sum(after.values()) == 4200 and r.chips_added == 50
    # round_half_up: 75->100, 50->100, 25->0; di with a single 25 is not raced out: 100
    r = color_up(
        {"ann": 1075, "bob": 1050, "cy": 1025, "di": 25}, 25, 100, "round_half_up", seed=bytes(16)
    )
    assert dict(r.stacks) == {"ann": 1100, "bob": 1100, "cy": 1000, "di": 100}
    assert r.chips_added == 125
    with pytest.raises(StructureError) as e:
        color_up({"a": 1010}, 25, 100, "race_off", seed=bytes(16))  # not made of 25s
    _err(e, "bad_stack")


def test_str_07_table_accepts_only_a_true_color_up_and_then_the_bigger_unit() -> None:
    lpr = load_house("lpr", "tournament")
    host = TableHost(TableConfig(lpr, seats=9, small_blind=200, big_blind=400, chip_unit=25))
    stacks = {"a": 1075, "b": 1050, "c": 1025, "d": 1000}
    for k, (p, v) in enumerate(stacks.items(), 1):
        host.apply(MoveIn(PlayerId(p), SeatNo(k), v))
    before = host.state
    with pytest.raises(TableError) as e:  # 100 unit while 25s are on the table
        host.apply(SetLevel(300, 600, 600, "big_blind_ante", chip_unit=100))
    _err(e, "chips_below_unit")
    with pytest.raises(TableError) as e:  # a gains two 100s: not a colour-up
        host.apply(ColorUpStacks(25, 100, (("a", 1200), ("b", 1100), ("c", 1000), ("d", 1000))))
    _err(e, "bad_color_up_stack")
    assert host.state == before
    r = color_up(stacks, 25, 100, "race_off", seed=bytes(16))
    host.apply(ColorUpStacks(25, 100, r.stacks, rule="race_off", seed=bytes(16)))
    assert sum(s.stack for s in host.state.seats if s) == 4200
    host.apply(SetLevel(300, 600, 600, "big_blind_ante", chip_unit=100))


# --------------------------------------------------------------------------- seating (TRN-09)


def _three_tables() -> Seating:
    t1 = Table(1, tuple(f"a{k}" for k in range(1, 10)))
    t2 = Table(2, tuple(f"b{k}" for k in range(1, 10)))
    t3 = Table(3, ("c1", "c2", "c3", None, "c5", "c6", None, "c8", None))
    return Seating(9, (t1, t2, t3))


def test_trn_09_balance_moves_the_next_big_blind_into_the_seat_nearest_the_big_blind() -> None:
    # 9 / 9 / 6 after busts at table 3: differ by 3 > 1. The largest (lowest number on a tie:
    # table 1) gives the player due the big blind next: last BB seat 4 -> seat 5 (a5). He takes
    # table 3's empty seat first after its last BB (seat 5): seat 7. Now 8 / 9 / 7: table 2's
    # last BB was seat 9 -> seat 1 (b1) moves to table 3's next empty seat after 5: seat 9.
    s = _three_tables()
    for name in ("lpr", "grosvenor", "cambridge"):
        new, moves = balance(s, load_house(name, "tournament"), {1: 4, 2: 9, 3: 5})
        assert new.counts() == (8, 8, 8)
        assert [
            (m.player, m.from_table, m.from_seat, m.to_table, m.to_seat, m.reason) for m in moves
        ] == [("a5", 1, 5, 3, 7, "balance"), ("b1", 2, 1, 3, 9, "balance")]
        assert new.where(PlayerId("a5")) == (3, 7) and new.where(PlayerId("b1")) == (3, 9)
        assert sorted(new.players()) == sorted(s.players())  # nobody lost or doubled
    assert s.counts() == (9, 9, 6)  # the old value is untouched
    # 8 / 8 / 7 differ by one: nothing moves
    same, none = balance(new, load_house("lpr", "tournament"), {1: 5, 2: 1, 3: 5})
    assert none == () and same.counts() == (8, 8, 8)


def test_trn_09_break_table_fills_the_emptiest_tables_near_their_big_blind() -> None:
    t1 = Table(1, ("a1", "a2", "a3", "a4", "a5", "a6", "a7", None, None))
    t2 = Table(2, ("b1", "b2", None, "b4", "b5", "b6", "b7", None, None))
    t3 = Table(3, ("c1", None, "c3", None, "c5", None, "c7", None, None))
    s = Seating(9, (t1, t2, t3))
    # 7 + 6 + 4 = 17 fit on two tables of 9
    assert table_to_break(s) == 3
    assert table_to_break(s, "smallest_first") == 3
    assert table_to_break(s, "lowest_number_first") == 1
    new, moves = break_table(s, 3, seed=bytes(16), last_big_blind={1: 7, 2: 7})
    assert sorted(new.counts()) == [8, 9] and len(new.tables) == 2
    assert sorted(m.player for m in moves) == ["c1", "c3", "c5", "c7"]
    assert all(m.reason == "break" and m.from_table == 3 for m in moves)
    # each goes to the table with the fewest players: the first to table 2 (6 players)
    assert moves[0].to_table == 2
    # both tables' last BB was seat 7: the empty seats 8 then 9 are filled, never table 2's 3
    assert {(m.to_table, m.to_seat) for m in moves} == {(1, 8), (1, 9), (2, 8), (2, 9)}
    assert new.table(2).seats[2] is None
    # 9 + 8 do not fit on one table: nothing more to break
    assert table_to_break(new) is None
    with pytest.raises(SeatingError) as e:
        break_table(s, 5, seed=bytes(16))
    _err(e, "no_such_table")


def test_trn_09_hand_for_hand_on_the_bubble_only_with_several_tables() -> None:
    camb = load_house("cambridge", "tournament")
    two = Seating(
        9,
        (
            Table(1, tuple(f"a{k}" for k in range(1, 6)) + (None,) * 4),
            Table(2, tuple(f"b{k}" for k in range(1, 6)) + (None,) * 4),
        ),
    )
    assert hand_for_hand_due(camb, two, players_left=10, places_paid=9)  # one off the money
    assert not hand_for_hand_due(camb, two, players_left=11, places_paid=9)
    assert not hand_for_hand_due(camb, two, players_left=9, places_paid=9)  # in the money
    one = Seating(9, (Table(1, tuple(f"a{k}" for k in range(1, 10))),))
    assert not hand_for_hand_due(camb, one, players_left=9, places_paid=8)


def test_trn_06_cambridge_redraws_the_button_when_half_the_table_is_new() -> None:
    # CAMB:L18 and CONFLICTS C-9: new / players after the re-seat >= 1/2, and at the final table.
    camb = load_house("cambridge", "tournament")
    lpr = load_house("lpr", "tournament")
    before = ["a", "b", "c", "d", "e", "f"]
    three_new = ["a", "b", "c", "x", "y", "z"]  # 3 / 6 = 0.5
    two_new = ["a", "b", "c", "d", "y", "z"]  # 2 / 6
    assert button_redraw_needed(camb, before, three_new)
    assert not button_redraw_needed(camb, before, two_new)
    assert button_redraw_needed(camb, before, two_new, final_table=True)
    assert not button_redraw_needed(lpr, before, three_new)
    assert not button_redraw_needed(lpr, before, two_new, final_table=True)


def test_trn_05_dead_small_blind_after_the_big_blind_leaves_the_table() -> None:
    # RULES BTN-03 check sequence (CAMB S02): hand 1 btn 1, SB 2, BB 3; seat 3 goes (a move
    # counts as a bust for the button) -> hand 2: button 2, small blind dead on 3, BB 4.
    camb = load_house("cambridge", "tournament")
    host = TableHost(TableConfig(camb, seats=9, small_blind=50, big_blind=100, chip_unit=25))
    for k in range(1, 6):
        host.apply(MoveIn(PlayerId(f"p{k}"), SeatNo(k), 10_000))
    host.apply(PlaceButton(SeatNo(1)))
    p1 = plan_hand(host.state)
    assert (p1.button, p1.sb_seat, p1.bb_seat) == (1, 2, 3)
    host.apply(StartHand(bytes(range(32))))
    while host.state.hand is not None:
        player, _ = host.legal()
        host.apply(Act(player, "fold"))
    assert sum(s.stack for s in host.state.seats if s) == 50_000  # chips conserved
    out = host.apply(MoveOut(PlayerId("p3")))
    moved_chips = out[0].chips
    assert moved_chips == 10_050  # the big blind won the small blind
    p2 = plan_hand(host.state)
    assert (p2.button, p2.sb_seat, p2.bb_seat) == (2, 3, 4)
    assert p2.blinds[0] == 100 and 3 not in p2.positions  # only the big blind is posted
    assert sum(s.stack for s in host.state.seats if s) + moved_chips == 50_000


def test_trn_09_bad_seating_requests_are_refused_and_change_nothing() -> None:
    s = _three_tables()
    cases = [
        (lambda: seat_player(s, PlayerId("zz"), 3, 1), "seat_taken"),
        (lambda: seat_player(s, PlayerId("a1"), 3, 4), "already_seated"),
        (lambda: move_player(s, PlayerId("a1"), 4, 1), "no_such_table"),
        (lambda: seat_player(s, PlayerId("zz"), 3, 10), "no_such_seat"),
    ]
    for call, code in cases:
        with pytest.raises(SeatingError) as e:
            call()
        _err(e, code)
        assert "3" in str(e.value) or "table" in str(e.value)
    with pytest.raises(SeatingError) as e:
        Seating(9, (Table(1, ("a1",) + (None,) * 8), Table(2, ("a1",) + (None,) * 8)))
    _err(e, "seated_twice")
    assert s == _three_tables()


def test_trn_09_balance_refuses_a_last_big_blind_on_a_seat_that_does_not_exist() -> None:
    # The last big blind decides who moves and where (TRN-09): a typo is refused.
    s = _three_tables()
    with pytest.raises(SeatingError) as err:
        balance(s, load_house("lpr", "tournament"), {1: 15, 2: 9, 3: 5})
    assert err.value.code == "no_such_seat" and "1..9" in str(err.value)
    with pytest.raises(SeatingError) as err:
        balance(s, load_house("lpr", "tournament"), {7: 3})
    assert err.value.code == "no_such_table"


# --------------------------------------------------------------------------- cash floor


def test_seat_04_waiting_list_calls_in_order_lockup_15_minutes_and_declining() -> None:
    hipp = seating_policy(load_house("hippodrome", "cash"))
    wl = WaitingList("1/2 NLH")
    for k, p in enumerate(["ann", "bob", "cy", "di"]):
        wl = wl.add(PlayerId(p), 10.0 * k, staff="desk")
    with pytest.raises(CashSeatingError) as e:
        wl.add(PlayerId("ann"), 50.0, staff="desk")
    _err(e, "already_listed")
    with pytest.raises(CashSeatingError) as e:
        wl.add(PlayerId("zed"), 50.0, staff="")
    _err(e, "needs_staff")
    wl, first = wl.call_next(100.0)
    wl, second = wl.call_next(110.0)
    assert (first, second) == ("ann", "bob")
    with pytest.raises(CashSeatingError) as e:  # cy has not been called: the seat goes in order
        wl.take_seat(PlayerId("cy"), 120.0, hipp)
    _err(e, "not_called")
    # HIPP:L95: 15 minutes' lock-up. At exactly 15:00 ann still has it; at 15:01 she lost it.
    kept, lost = wl.expire(100.0 + 15 * MIN, hipp)
    assert lost == ()
    kept, lost = wl.expire(100.0 + 15 * MIN + 1, hipp)
    assert lost == ("ann",) and kept.names() == ("bob", "cy", "di")
    with pytest.raises(CashSeatingError) as e:
        wl.take_seat(PlayerId("ann"), 100.0 + 15 * MIN + 1, hipp)
    _err(e, "lockup_expired")
    # bob takes his seat in time; di declines when called: the next call is cy... then nobody
    seated = kept.take_seat(PlayerId("bob"), 110.0 + 15 * MIN, hipp)
    assert seated.names() == ("cy", "di")
    seated, nxt = seated.remove(PlayerId("di")).call_next(2000.0)
    assert nxt == "cy"
    with pytest.raises(CashSeatingError) as e:
        seated.call_next(2001.0)
    _err(e, "nobody_waiting")
    # LPR states no lock-up time: nobody expires by the clock alone
    assert wl.expire(100_000.0, seating_policy(load_house("lpr", "cash")))[1] == ()


def test_seat_05_absence_lockups_and_busted_seat_per_house() -> None:
    hipp = seating_policy(load_house("hippodrome", "cash"))
    lpr = seating_policy(load_house("lpr", "cash"))
    # LPR r85: over 30 minutes; HIPP:L79: over 15 minutes, only with a waiting list
    assert not absence_expired(lpr, 0, 30 * MIN, waiting_list=False)
    assert absence_expired(lpr, 0, 30 * MIN + 1, waiting_list=False)
    assert not absence_expired(hipp, 0, 15 * MIN, waiting_list=True)
    assert absence_expired(hipp, 0, 15 * MIN + 1, waiting_list=True)
    assert not absence_expired(hipp, 0, 60 * MIN, waiting_list=False)
    # HIPP:L86: busted, says he returns -> 10 minutes; does not say so -> free at once
    assert not busted_seat_released(hipp, 0, 10 * MIN, says_returning=True)
    assert busted_seat_released(hipp, 0, 10 * MIN + 1, says_returning=True)
    assert busted_seat_released(hipp, 0, 1, says_returning=False)
    # HIPP:L80: a new-game lock-up goes after ten minutes only if someone is waiting
    assert new_game_lockup_released(hipp, 0, 10 * MIN + 1, someone_waiting=True)
    assert not new_game_lockup_released(hipp, 0, 10 * MIN + 1, someone_waiting=False)
    assert not new_game_lockup_released(hipp, 0, 10 * MIN, someone_waiting=True)


def test_seat_06_new_players_and_transfers_keep_games_balanced() -> None:
    hipp = load_house("hippodrome", "cash")
    # HIPP:L96: the game most in need of a player; a tie goes to the earlier game
    assert seat_new_player([GameCount("A", 8), GameCount("B", 6), GameCount("C", 6)]) == "B"
    ok, why = transfer_allowed(GameCount("A", 7), GameCount("B", 6), hipp)  # 6 v 7 after
    assert not ok and "SEAT-06" in why
    ok, _ = transfer_allowed(GameCount("A", 8), GameCount("B", 6), hipp)  # 7 v 7 after
    assert ok
    with pytest.raises(ConfigError) as e:
        seat_new_player([])
    _err(e, "no_games")


def test_stk_06_transfer_keeps_the_stack_and_needs_staff() -> None:
    def table(house: str) -> TableHost:
        return TableHost(
            TableConfig(
                load_house(house, "cash"),
                seats=9,
                small_blind=1,
                big_blind=2,
                buyin_min=100,
                buyin_max=400,
            )
        )

    a, b = table("hippodrome"), table("hippodrome")
    a.apply(SitDown(PlayerId("p1"), SeatNo(1), 250))
    a.apply(SitDown(PlayerId("p2"), SeatNo(2), 300))
    b.apply(SitDown(PlayerId("q1"), SeatNo(1), 300))
    out = a.apply(TransferOut(PlayerId("p1")))
    assert out[0].chips == 250 and a.state.seats[0] is None
    before = b.state
    with pytest.raises(TableError) as e:  # SEAT-07: staff permission is needed
        b.apply(TransferIn(PlayerId("p1"), SeatNo(3), 250, staff=""))
    _err(e, "needs_staff")
    assert b.state == before
    b.apply(TransferIn(PlayerId("p1"), SeatNo(3), 250, staff="floor"))
    assert b.state.seats[2].stack == 250  # the same chips, 250 + 300 + 300 in the room
    # HIPP:L115: from a broken game of the same limit, 60 plays though the minimum is 100
    ev = b.apply(TransferIn(PlayerId("z"), SeatNo(4), 60, staff="floor", broken_game=True))
    assert ev[0].below_min and b.state.seats[3].stack == 60
    # LPR r87: moving down from 5/10 with 600 into a game whose maximum is 400: refused
    low = table("lpr")
    with pytest.raises(TableError) as e:
        low.apply(TransferIn(PlayerId("y"), SeatNo(1), 600, staff="floor", from_big_blind=10))
    _err(e, "above_maximum")
    assert low.state.seats[0] is None


def test_fee_02_session_fee_on_the_hour_and_half_hour() -> None:
    hipp = load_house("hippodrome", "cash")
    h20 = 20 * 3600
    # HIPP:L65-66: due at :00 and :30; a player seated up to ten minutes after a collection
    # pays it (CONFLICTS H-24: inclusive).
    assert fee_on_sitting(h20 + 10 * MIN, hipp).pays_now
    assert fee_on_sitting(h20 + 10 * MIN, hipp).next_due == h20 + 30 * MIN
    late = fee_on_sitting(h20 + 10 * MIN + 1, hipp)
    assert not late.pays_now and late.next_due == h20 + 30 * MIN
    at_half = fee_on_sitting(h20 + 30 * MIN, hipp)  # collection falls due as he sits
    assert at_half.pays_now and at_half.next_due == 21 * 3600
    # one courtesy hand only when nobody waits; with a list: pay or leave now
    assert fee_on_refusal(waiting_list=False, rules=hipp).courtesy_hands == 1
    listed = fee_on_refusal(waiting_list=True, rules=hipp)
    assert listed.courtesy_hands == 0 and listed.must_pay_or_leave_now
    with pytest.raises(ConfigError) as e:  # LPR rakes pots: no session fee to charge
        fee_on_sitting(h20, load_house("lpr", "cash"))
    _err(e, "no_session_fee")
    with pytest.raises(ConfigError) as e:
        fee_on_sitting(-1, hipp)
    _err(e, "bad_time")
