"""The tournament director: whole tournaments on the table layer (TRN-01/04/09/12/15, BTN-01,
BTN-03..08, SHD-03 via the engine), bad commands, and ``pokerroom tournament simulate``."""

from __future__ import annotations

import json
from collections import Counter
from datetime import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cli import main
from pokerroom.house import HOUSES, load_house
from pokerroom.tournament import (
    EntryPolicy,
    RegistrationError,
    SeatingError,
    TournamentError,
    button_seat_for_table,
    load_structure,
)
from pokerroom.tournament.director import Director, Results, RoundReport, TournamentConfig


def _director(
    house: str, players: int, *, structure: str = "pub_turbo", seed: int = 1, **kw: object
) -> Director:
    cfg = TournamentConfig(
        load_house(house, "tournament"), load_structure(structure), **kw  # type: ignore[arg-type]
    )
    d = Director(cfg, seed=seed)
    for k in range(players):
        d.register(f"p{k:04}")
    return d


def _check_tables(d: Director) -> None:
    """The seating and the tables agree; chips add up; no table short by two or more."""
    for t in d.seating.tables:
        state = d.tables[t.number]
        assert tuple(str(p) for p in state.players()) == t.players()
        assert all(s.stack > 0 for s in state.seats if s is not None)
        unit = state.config.chip_unit  # STR-07: every stack in whole chips of the unit
        assert all(s.stack % unit == 0 for s in state.seats if s is not None)
        assert state.ledger_balanced()
    assert set(d.tables) == {t.number for t in d.seating.tables}
    counts = d.seating.counts()
    assert max(counts) - min(counts) <= 1  # TRN-09 after the balancing step
    # STR-07: what the chip races added is accounted for (Director.race_adjustment).
    assert d.chips_in_play() + d.chips_removed() == d.chips_issued() + d.race_adjustment()


def _play_checked(d: Director) -> tuple[Results, list[RoundReport]]:
    d.start()
    _check_tables(d)
    return _play_checked_started(d)


def _check_results(d: Director, res: Results, entries: int) -> None:
    assert d.finished and res.chips_conserved and d.chips_conserved
    # Every entry's finishing place recorded exactly once; places 1..N.
    players = [a.player for a in res.awards]
    assert len(players) == len(set(players)) == entries == res.entries
    covered: list[int] = []
    for (first, last), n in Counter((a.place, a.tied_to) for a in res.awards).items():
        assert n == last - first + 1  # a tie for places first..last holds that many players
        covered.extend(range(first, last + 1))
    assert sorted(covered) == list(range(1, entries + 1))
    assert res.awards[0].place == 1 and res.awards[0].tied_to == 1
    assert sum(a.prize for a in res.awards) == res.pool == 100 * res.counted
    winner = d.standings()
    assert len(winner) == 1 and winner[0][0] == res.awards[0].player
    assert winner[0][1] == d.chips_issued() - d.chips_removed() + d.race_adjustment()
    # Busted in the same hand (or hand-for-hand round): the bigger starting stack places higher.
    place = {a.player: a.place for a in res.awards}
    by_slot: dict[int, list[tuple[int, str]]] = {}
    for e in d.eliminations:
        by_slot.setdefault(e.hand_no, []).append((e.stack_at_start, e.player))
    for group in by_slot.values():
        for s1, p1 in group:
            for s2, p2 in group:
                if s1 > s2:
                    assert place[p1] < place[p2]
                elif s1 == s2:
                    assert place[p1] == place[p2]


# ---------------------------------------------------------------------------------------
# Whole tournaments


@pytest.mark.parametrize("house", HOUSES)
def test_trn_1000_players_ten_handed_finish_under_every_house(house: str) -> None:
    # About 1 s per house on the reference machine (bench/tournament_bench.py has figures).
    d = _director(house, 1000, seed=7)
    res, reports = _play_checked(d)
    _check_results(d, res, 1000)
    assert res.tables_max == 100
    assert len(d.tables) == 1 and d.seating.is_final_table()
    assert res.hands == sum(r.hands for r in reports)
    # TRN-09: tables break in the set order (highest number first): broken numbers fall.
    broken = [n for r in reports for n in r.broken]
    assert broken == sorted(broken, reverse=True) and len(broken) == 99
    redraws = [n for n in d.log if n.kind == "redraw"]
    if load_house(house, "tournament").redraw_button_at_final_table:
        assert any("final table" in n.text for n in redraws)  # BTN-08 (CAMB:L18)
    else:
        assert not redraws


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(10, 60),
    seed=st.integers(0, 2**32),
    house=st.sampled_from(HOUSES),
    structure=st.sampled_from(["pub_turbo", "sng_hands", "standard_20"]),
    seats=st.integers(6, 10),
)
def test_trn_small_fields_property(
    players: int, seed: int, house: str, structure: str, seats: int
) -> None:
    d = _director(house, players, structure=structure, seed=seed, seats_per_table=seats)
    res, _ = _play_checked(d)
    _check_results(d, res, players)


def test_trn_same_seed_same_tournament() -> None:
    a = _director("lpr", 40, seed=5).run()
    b = _director("lpr", 40, seed=5).run()
    c = _director("lpr", 40, seed=6).run()
    assert a == b and a != c


def test_trn_09_hand_for_hand_rounds_place_busts_across_tables_by_stack() -> None:
    # Hand-for-hand from 20 players above the money: every table plays one hand before the
    # next starts, and busts in that round at different tables count as one hand.
    found = False
    for seed in range(20):
        d = _director("roberts", 80, seed=seed, hand_for_hand_from_bubble=20)
        reports: list[RoundReport] = []
        res = d.run(reports.append)
        _check_results(d, res, 80)
        assert res.hand_for_hand_rounds == sum(r.hand_for_hand for r in reports) > 0
        for r in reports:
            if r.hand_for_hand and len(r.busted) > 1:
                slots = {e.hand_no for e in d.eliminations if e.player in r.busted}
                assert len(slots) == 1
                found = True
        if found:
            break
    assert found


def test_btn_01_grosvenor_one_draw_places_every_tables_button() -> None:
    d = _director("grosvenor", 95, seed=3)
    d.start()
    seats = {state.button for state in d.tables.values()}
    notes = [n for n in d.log if n.kind == "button"]
    assert len(notes) == 1 and "GROS:L125" in notes[0].text
    drawn = int(notes[0].text.split()[1])
    for t in d.seating.tables:
        assert d.tables[t.number].button == button_seat_for_table(t, drawn)
    assert len(seats) <= 2  # the drawn seat, or the next occupied one where it is empty


def test_btn_01_grosvenor_draw_deals_only_to_the_players_at_table_one() -> None:
    # GROS:L125 deals a card to each position of table one; CONFLICTS G-18: only to the
    # occupied seats, so the drawn seat always holds a player there. With 11 players table
    # one has empty seats (seed 4 once drew the empty seat 3).
    for seed in range(8):
        d = _director("grosvenor", 11, seed=seed)
        d.start()
        one = d.seating.table(1)
        drawn = d.tables[1].button
        assert drawn is not None and one.seats[drawn - 1] is not None
        assert any(p is None for p in one.seats)
        for t in d.seating.tables:
            assert d.tables[t.number].button == button_seat_for_table(t, drawn)
        (note,) = [n for n in d.log if n.kind == "button"]
        assert note.text.startswith(f"seat {drawn} drawn on table 1 ")


def test_btn_01_cambridge_draws_at_each_table() -> None:
    d = _director("cambridge", 95, seed=3)
    d.start()
    assert not [n for n in d.log if n.kind == "button"]
    assert all(state.button is not None for state in d.tables.values())


def test_trn_12_grosvenor_re_entry_and_unique_entries() -> None:
    policy = EntryPolicy(re_entry=True, max_entries_per_flight=0, late_reg_until_level=4)
    d = _director("grosvenor", 30, seed=2, policy=policy, seconds_per_hand=30)
    d.start()
    while not d.eliminations:
        d.play_round()
    out = d.eliminations[0].player
    before_issued = d.chips_issued()
    eid = d.re_enter(out)
    assert d.registry.entry(eid).kind == "re_entry"
    assert d.seating.where(f"{out}#2") is not None
    assert d.entry_id(f"{out}#2") == eid
    assert d.chips_issued() == before_issued + d.registry.entry(eid).stack
    _check_tables(d)
    res = d.run()
    _check_results(d, res, 31)
    assert res.entries == 31 and res.counted == 30  # TRN-12: GROS pays on unique entries


# ---------------------------------------------------------------------------------------
# Bad commands: typed errors, nothing changed


def _snapshot(d: Director) -> tuple[object, ...]:
    return (d.registry, d.seating, dict(d.tables), d.now, d.clock, tuple(d.log),
            d.eliminations, d.chips_issued())


def test_trn_04_registering_after_late_registration_closed_changes_nothing() -> None:
    d = _director("cambridge", 30, structure="cambridge_pub", seed=4, seconds_per_hand=600)
    d.start()
    while d.level().number < 3:
        d.play_round()
    before = _snapshot(d)
    with pytest.raises(RegistrationError) as err:
        d.register("late")
    assert err.value.code == "late_reg_closed"
    assert _snapshot(d) == before


def test_trn_04_late_entry_is_docked_and_seated_where_the_big_blind_comes_soonest() -> None:
    d = _director("cambridge", 25, structure="cambridge_pub", seed=4, seconds_per_hand=600,
                  local_start=time(20, 0))
    d.start()
    d.play_round()
    d.play_round()  # level 2 (100/200) after 20 simulated minutes
    assert d.level().number == 2
    smallest = min(d.seating.tables, key=lambda t: (t.count(), t.number))
    last_bb = d.tables[smallest.number].bb_seat
    eid = d.register("late", local_time=time(20, 45))
    entry = d.registry.entry(eid)
    assert (entry.kind, entry.stack, entry.docked) == ("late", 10000 + 0 - 2000, 2000)
    where = d.seating.where("late")
    assert where is not None and where[0] == smallest.number
    assert where[1] == smallest.empty_after(last_bb or 0)
    _check_tables(d)
    res = d.run()
    _check_results(d, res, 26)


def test_trn_04_camb_very_late_entry_after_level_7_is_seated_with_3000() -> None:
    # CAMB:L46 "Players can join later at the TD's discretion but with a maximum of roughly
    # 30% of the original chip allocation - e.g. 3,000 for 10,000": taken at level 7 and
    # after (600/1,200, the 25 chip raced off), where it used to be refused (nothing_left).
    d = _director("cambridge", 30, structure="cambridge_pub", seed=4, seconds_per_hand=900)
    d.start()
    while not d.chip_races:  # up to the colour-up before level 7
        d.play_round()
    assert d.level().number >= 7 and not d.finished
    before = _snapshot(d)
    with pytest.raises(RegistrationError) as err:
        d.register("late")  # without the TD's say-so: refused, nothing changed
    assert err.value.code == "late_reg_closed" and "capped at 3000" in str(err.value)
    assert _snapshot(d) == before
    eid = d.register("late", very_late=True)
    entry = d.registry.entry(eid)
    assert (entry.kind, entry.stack) == ("very_late", 3000)
    where = d.seating.where("late")
    assert where is not None
    stacks = {str(s.player): s.stack for s in d.tables[where[0]].seats if s is not None}
    assert stacks["late"] == 3000
    _check_tables(d)
    res = d.run()
    _check_results(d, res, 31)


def test_trn_13_re_entry_where_the_house_forbids_it_changes_nothing() -> None:
    d = _director("lpr", 30, seed=2)
    d.start()
    while not d.eliminations:
        d.play_round()
    before = _snapshot(d)
    with pytest.raises(RegistrationError) as err:
        d.re_enter(d.eliminations[0].player)
    assert err.value.code == "re_entry_not_allowed"
    with pytest.raises(RegistrationError) as err:
        d.register(d.standings()[0][0])
    assert err.value.code == "already_registered"
    assert _snapshot(d) == before


def test_trn_09_moving_a_player_into_an_occupied_seat_changes_nothing() -> None:
    d = _director("roberts", 45, seed=2)
    d.start()
    a, b = d.seating.tables[0], d.seating.tables[1]
    mover, target = a.players()[0], b.players()[0]
    seat = b.seat_of(target)
    assert seat is not None
    before = _snapshot(d)
    with pytest.raises(SeatingError) as err:
        d.move_player(mover, b.number, seat)
    assert err.value.code == "seat_taken"
    with pytest.raises(SeatingError):
        d.move_player("nobody", b.number, b.empty_seats()[0])
    assert _snapshot(d) == before
    # A floor move to an empty seat takes the chips along.
    chips = dict(d.standings())[mover]
    move = d.move_player(mover, b.number, b.empty_seats()[0])
    assert d.tables[b.number].seat(move.to_seat).stack == chips  # type: ignore[arg-type, union-attr]
    assert d.chips_in_play() == d.chips_issued() + d.race_adjustment()


def test_trn_start_and_play_guards() -> None:
    d = _director("roberts", 1)
    with pytest.raises(TournamentError) as err:
        d.start()
    assert err.value.code == "too_few_entries"
    with pytest.raises(TournamentError) as err:
        d.play_round()
    assert err.value.code == "not_started"
    with pytest.raises(TournamentError):
        TournamentConfig(load_house("roberts", "cash"), load_structure("pub_turbo"))
    with pytest.raises(RegistrationError):
        d.register("p0000")
    d.register("x")
    d.start()
    with pytest.raises(TournamentError) as err:
        d.start()
    assert err.value.code == "already_started"
    d.run()
    with pytest.raises(TournamentError) as err:
        d.play_round()
    assert err.value.code == "tournament_over"
    with pytest.raises(RegistrationError):
        d.register("after")


# ---------------------------------------------------------------------------------------
# Command line


def test_cli_tournament_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "simulate", "--players", "40", "--house", "lpr",
                 "--structure", "sng_hands", "--seed", "3", "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0 and len(out) == 1
    data = json.loads(out[0])
    assert set(data) == {"players", "hands", "tables_max", "places", "chips_conserved",
                         "seconds"}
    assert data["players"] == 40 and data["tables_max"] == 4 and data["chips_conserved"]
    assert len(data["places"]) == 40 and data["places"][0]["place"] == 1
    assert Counter(p["player"] for p in data["places"]).most_common(1)[0][1] == 1


def test_cli_tournament_simulate_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "simulate", "--players", "12", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "prize pool 1200" in out and "chips conserved: True" in out
    assert main(["tournament", "simulate", "--players", "12", "--house", "nowhere"]) == 2


def test_trn_04_late_entry_opens_a_new_table_when_every_seat_is_taken() -> None:
    d = _director("cambridge", 20, structure="cambridge_pub", seed=8)
    d.start()
    assert d.seating.counts() == (10, 10)
    d.register("late", local_time=time(20, 40))  # level 1: 10 x 100 docked
    assert d.registry.entry(d.entry_id("late")).stack == 10000 - 1000
    assert sorted(d.seating.counts()) == [7, 7, 7]  # the new table 3 balanced at once
    assert all(state.button is not None for state in d.tables.values())
    _check_tables(d)
    res, _ = _play_checked_started(d)
    _check_results(d, res, 21)
    assert res.tables_max == 3


def _play_checked_started(d: Director) -> tuple[Results, list[RoundReport]]:
    reports: list[RoundReport] = []

    def on_round(report: RoundReport) -> None:
        reports.append(report)
        if not d.finished:
            _check_tables(d)

    return d.run(on_round), reports
