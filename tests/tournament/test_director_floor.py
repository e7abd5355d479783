"""The director's floor work in play: disqualification (TRN-11/13), absent players and
no-shows (TRN-02/03, BLD-07), and tournament rules the table and the engine carry
(TRN-05 dead button, TRN-07 all-in hands face up, TRN-10 the limit raise cap heads-up,
TRN-16 the start of a hand). Chips are checked after every command."""

from __future__ import annotations

import dataclasses
from collections import Counter
from datetime import time
from itertools import pairwise

import pytest

from pokerroom.house import load_house
from pokerroom.table.seats import SeatNo
from pokerroom.table.state import TableState
from pokerroom.tournament import EntryPolicy, RegistrationError, TournamentError, load_structure
from pokerroom.tournament.director import Director, TournamentConfig


def _director(house: str, players: int, *, structure: str = "sng_hands", seed: int = 1,
              **kw: object) -> Director:
    cfg = TournamentConfig(
        load_house(house, "tournament"), load_structure(structure), **kw  # type: ignore[arg-type]
    )
    d = Director(cfg, seed=seed)
    for k in range(players):
        d.register(f"p{k:02}")
    return d


def _conserved(d: Director) -> None:
    """Chips issued == chips on the tables + chips removed from play; tables balanced."""
    assert d.chips_in_play() + d.chips_removed() == d.chips_issued() + d.race_adjustment()
    assert d.chips_conserved
    for t in d.seating.tables:
        state = d.tables[t.number]
        assert tuple(str(p) for p in state.players()) == t.players()
        assert state.ledger_balanced()


def _snapshot(d: Director) -> tuple[object, ...]:
    return (d.registry, d.seating, dict(d.tables), d.now, tuple(d.log), d.eliminations,
            d.chips_issued(), d.chips_removed(), d.results().removals)


def _play(d: Director, rounds: int) -> None:
    for _ in range(rounds):
        if d.finished:
            return
        d.play_round()
        _conserved(d)


def _next_bb_victim(d: Director) -> tuple[int, TableState, str]:
    """A table of 3+ players and the player in the seat its next big blind goes to."""
    for number, state in sorted(d.tables.items()):
        occupied = [k + 1 for k, s in enumerate(state.seats) if s is not None]
        if len(occupied) >= 4 and state.bb_seat is not None:
            after = [s for s in occupied if s > state.bb_seat] + occupied
            victim = state.seats[after[0] - 1]
            assert victim is not None
            return number, state, str(victim.player)
    raise AssertionError("no table with four players")


# ---------------------------------------------------------------------------------------
# TRN-11 / TRN-13 disqualification


def test_trn_11_disqualified_player_chips_leave_play_and_he_takes_no_place() -> None:
    d = _director("lpr", 12, seats_per_table=6, structure="deep_stack")
    d.start()
    _play(d, 1)
    number, before, victim = _next_bb_victim(d)
    seat = d.seating.where(victim)
    assert seat is not None
    stack = dict(d.standings())[victim]
    chips = d.disqualify(victim, "hid tournament chips (LPR:L183)")
    assert chips == stack and d.chips_removed() == stack
    assert d.seating.where(victim) is None and d.tables[number].seat(SeatNo(seat[1])) is None
    assert d.registry.entry(d.entry_id(victim)).status == "disqualified"
    _conserved(d)
    # BTN-03..05: his empty seat is passed like a bust's; the big blind moves on past it and
    # the small blind is the last big blind's seat (dead button kept right).
    checked = False
    if number in d.tables:
        left = [k + 1 for k, s in enumerate(d.tables[number].seats) if s is not None]
        d.play_round()
        _conserved(d)
        after = d.tables.get(number)
        if after is not None and after.hand_no == before.hand_no + 1:
            assert before.bb_seat is not None
            nxt = [s for s in left if s > before.bb_seat] + left
            assert after.bb_seat == nxt[0] and after.bb_seat != seat[1]
            assert after.sb_seat == before.bb_seat
            checked = True
    assert checked
    res = d.run()
    _conserved(d)
    assert victim not in {a.player for a in res.awards}
    assert [r.player for r in res.removals] == [victim]
    assert res.removals[0].kind == "disqualified" and res.removals[0].chips == stack
    places = sorted(a.place for a in res.awards)
    assert places == list(range(1, 12))  # the others move up; places 1..11
    assert sum(a.prize for a in res.awards) == res.pool == 100 * 12  # his entry still counts
    assert "disqualified" in res.report() and res.chips_conserved
    assert d.standings()[0][1] == d.chips_issued() - d.chips_removed() + d.race_adjustment()


def test_trn_11_bad_disqualifications_change_nothing() -> None:
    d = _director("lpr", 8, seats_per_table=8)
    with pytest.raises(TournamentError) as err:
        d.disqualify("p00", "before the start")
    assert err.value.code == "not_in_play"
    d.start()
    _play(d, 2)
    before = _snapshot(d)
    with pytest.raises(RegistrationError) as err:
        d.disqualify("nobody", "x")
    assert err.value.code == "no_such_entry"
    with pytest.raises(TournamentError) as err:
        d.disqualify(d.standings()[0][0], "  ")
    assert err.value.code == "reason_needed"
    assert _snapshot(d) == before
    victim = d.standings()[-1][0]
    d.disqualify(victim, "abuse (PEN-03)")
    again = _snapshot(d)
    with pytest.raises(RegistrationError) as err:
        d.disqualify(victim, "twice")
    assert err.value.code == "entry_not_live"
    assert _snapshot(d) == again


def test_trn_11_disqualifying_the_last_opponent_ends_the_tournament() -> None:
    d = _director("cambridge", 2, seats_per_table=6)
    d.start()
    loser = d.standings()[-1][0]
    d.disqualify(loser, "chips taken off the table (TRN-11)")
    assert d.finished and d.players_left() == 1
    res = d.results()
    assert [a.place for a in res.awards] == [1] and res.awards[0].player != loser
    _conserved(d)


def test_trn_13_disqualified_player_refused_re_entry_where_the_event_takes_re_entries() -> None:
    policy = EntryPolicy(re_entry=True, max_entries_per_flight=0, late_reg_until_level=20)
    d = _director("grosvenor", 12, seats_per_table=6, policy=policy)
    d.start()
    _play(d, 1)
    dumper, other = d.standings()[-1][0], d.standings()[-2][0]
    d.disqualify(dumper, "chip dumping (GROS:L133)")
    assert dumper in d.registry.denied
    before = _snapshot(d)
    with pytest.raises(RegistrationError) as err:
        d.re_enter(dumper)
    assert err.value.code == "re_entry_denied"
    assert _snapshot(d) == before
    # The director may leave the door open for a lesser offence.
    d.disqualify(other, "abusive language (GROS:L160)", deny_reentry=False)
    assert other not in d.registry.denied
    eid = d.re_enter(other)
    assert d.seating.where(f"{other}#2") is not None and d.registry.entry(eid).status == "active"
    _conserved(d)
    res = d.run()
    _conserved(d)
    assert {r.player for r in res.removals} == {dumper, other}
    assert f"{other}#2" in {a.player for a in res.awards}


# ---------------------------------------------------------------------------------------
# TRN-02 / TRN-03 / BLD-07 absent players


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "cambridge", "hippodrome", "roberts"])
def test_trn_02_absent_player_posts_and_his_hands_are_killed(house: str) -> None:
    d = _director(house, 6, seats_per_table=6, seed=3)
    d.start()
    away = d.standings()[0][0]
    d.set_absent(away)
    assert d.absent() == (away,)
    rule = d.presence()
    assert rule.absent_dealt_in and rule.absent_posts_blinds_and_antes
    stacks = [dict(d.standings())[away]]
    for _ in range(8):
        d.play_round()
        _conserved(d)
        where = d.seating.where(away)
        if where is None or d.finished:
            break
        seat = d.tables[where[0]].seat(SeatNo(where[1]))
        assert seat is not None and seat.sitting_out
        stacks.append(seat.stack)
    # He never wins a chip while away: his stack only goes down (blinds and antes).
    assert all(b <= a for a, b in pairwise(stacks))
    assert stacks[-1] < stacks[0]
    if d.seating.where(away) is not None and not d.finished:
        d.returns(away)
        assert d.absent() == ()
    _conserved(d)


def test_trn_02_absent_hand_is_killed_by_the_engine_and_never_acts() -> None:
    d = _director("lpr", 4, seats_per_table=4, seed=5)
    d.start()
    away = d.standings()[1][0]
    d.set_absent(away)
    number, seat = d.seating.where(away)  # type: ignore[misc]
    start = dict(d.standings())[away]
    seen: list[object] = []
    original = d._strategy

    def spy(state: TableState, options, rng):  # type: ignore[no-untyped-def]
        actor = state.positions[options.actor]
        assert state.player_at(actor) != away, "an absent player was asked to act"
        seen.append(actor)
        return original(state, options, rng)

    d._strategy = spy
    for _ in range(4):  # an orbit: he posts a blind at least once
        d.play_round()
        _conserved(d)
    assert seen  # the others acted; he was dealt in and posted, never asked
    assert d.tables[number].seat(SeatNo(seat)).stack < start  # type: ignore[union-attr]


def test_trn_02_return_between_hands_and_bad_calls_change_nothing() -> None:
    d = _director("grosvenor", 6, seats_per_table=6)
    d.start()
    p = d.standings()[2][0]
    before = _snapshot(d)
    with pytest.raises(RegistrationError) as err:
        d.returns(p)
    assert err.value.code == "not_absent"
    with pytest.raises(RegistrationError) as err:
        d.set_absent("ghost")
    assert err.value.code == "no_such_entry"
    assert _snapshot(d) == before
    d.set_absent(p)
    mid = _snapshot(d)
    with pytest.raises(RegistrationError) as err:
        d.set_absent(p)
    assert err.value.code == "already_absent"
    assert _snapshot(d) == mid
    d.returns(p)
    assert d.absent() == () and not d.registry.entry(d.entry_id(p)).absent
    where = d.seating.where(p)
    assert where is not None
    assert not d.tables[where[0]].seat(SeatNo(where[1])).sitting_out  # type: ignore[union-attr]
    _conserved(d)


def test_trn_03_no_show_stack_removed_where_the_house_says() -> None:
    d = _director("lpr", 8, seats_per_table=8)  # LPR:L192: the director may remove it
    d.start()
    gone = d.standings()[3][0]
    with pytest.raises(RegistrationError) as err:
        d.remove_absent_stack(gone)
    assert err.value.code == "not_absent"
    d.set_absent(gone)
    _play(d, 2)
    if d.seating.where(gone) is not None:
        stack = dict(d.standings())[gone]
        assert d.remove_absent_stack(gone, "not reachable (LPR:L192)") == stack
        assert d.chips_removed() == stack and d.seating.where(gone) is None
        assert d.registry.entry(d.entry_id(gone)).status == "removed"
        _conserved(d)
        res = d.run()
        assert gone not in {a.player for a in res.awards}
        assert res.removals[0].kind == "removed" and res.chips_conserved
    # Elsewhere the rulebooks are silent: the event must opt in.
    g = _director("grosvenor", 6, seats_per_table=6)
    g.start()
    g.set_absent("p01")
    before = _snapshot(g)
    with pytest.raises(RegistrationError) as err:
        g.remove_absent_stack("p01")
    assert err.value.code == "no_show_removal_not_allowed"
    assert _snapshot(g) == before


def test_trn_02_whole_tournament_with_absent_players_conserves_chips() -> None:
    d = _director("cambridge", 20, seats_per_table=9, seed=11, structure="pub_turbo")
    d.start()
    rounds = 0
    while not d.finished:
        left = [p for p, _ in d.standings()]
        if rounds % 5 == 0 and len(left) > 3:
            p = left[rounds % len(left)]
            if p in d.absent():
                d.returns(p)
            else:
                d.set_absent(p)
        d.play_round()
        _conserved(d)
        rounds += 1
    res = d.results()
    places = Counter(a.place for a in res.awards)
    assert res.chips_conserved and sum(places.values()) == 20


def test_trn_add_ons_go_on_the_stack_and_count_as_issued() -> None:
    policy = EntryPolicy(addon_chips=5000, addon_max=1, addon_until_level=2)
    d = _director("cambridge", 20, policy=policy)
    d.start()
    name = d.standings()[0][0]
    before = dict(d.standings())[name]
    issued = d.chips_issued()
    assert d.add_on(name) == 5000
    assert dict(d.standings())[name] == before + 5000
    assert d.chips_issued() == issued + 5000
    _conserved(d)
    # A second add-on is over the limit: typed error, nothing changes.
    snap = _snapshot(d)
    with pytest.raises(RegistrationError) as info:
        d.add_on(name)
    assert info.value.code == "addon_limit" and _snapshot(d) == snap
    _play(d, 5)


def test_trn_add_ons_refused_where_the_event_offers_none() -> None:
    d = _director("lpr", 20)
    d.start()
    snap = _snapshot(d)
    with pytest.raises(RegistrationError) as info:
        d.add_on(d.standings()[0][0])
    assert info.value.code == "no_addons" and _snapshot(d) == snap


def test_trn_02_an_absent_player_moved_to_another_table_stays_absent() -> None:
    d = _director("lpr", 10, seats_per_table=6)
    d.start()
    d.set_absent("p02")
    home, _ = d.seating.where("p02")
    for p in d.seating.table(3 - home).players()[:4]:
        d.disqualify(p, "test")  # the other table breaks: p02 may be moved
    table, seat = d.seating.where("p02")
    assert d.absent() == ("p02",)
    state = d.tables[table].seat(SeatNo(seat))
    assert state is not None and state.sitting_out  # dealt in, posts, his hand dead (BLD-07)
    d.returns("p02")
    state = d.tables[table].seat(SeatNo(seat))
    assert state is not None and not state.sitting_out and d.absent() == ()


def test_trn_09_a_round_that_raises_changes_nothing() -> None:
    d = _director("lpr", 6, seed=2, seats_per_table=3)
    d.start()
    for p in d.seating.table(2).players():
        d.set_absent(p)
    before = (d.rounds, d.hands, d.now, dict(d.tables), d.seating, d.registry, d.eliminations)
    with pytest.raises(Exception) as err:
        d.play_round()
    assert getattr(err.value, "code", None) == "everyone_absent"
    assert (d.rounds, d.hands, d.now, dict(d.tables), d.seating, d.registry,
            d.eliminations) == before
    d.returns(d.seating.table(2).players()[0])
    assert d.play_round().hands == 2


def test_trn_09_break_order_is_checked() -> None:
    for bad in ("biggest_first", (), (1, 1), (0, 2)):
        with pytest.raises(TournamentError) as err:
            TournamentConfig(load_house("lpr", "tournament"), load_structure("sng_hands"),
                             break_order=bad)  # type: ignore[arg-type]
        assert err.value.code == "bad_break_order"


def test_trn_01_camb_bonus_goes_by_the_time_of_registration() -> None:
    from datetime import time

    d = Director(
        TournamentConfig(load_house("cambridge", "tournament"), load_structure("cambridge_pub"),
                         seats_per_table=9, local_start=time(20, 20), bot="simple"),
        seed=4,
    )
    first = d.register("early")  # 20:20, before 20:30: the bonus chip
    for k in range(11):
        d.register(f"p{k}")
    d.start()
    while d.now < 960:
        d.play_round()
    last = d.register("late")  # 20:36 by the clock: no bonus
    assert d.registry.entry(first).bonus > 0 and d.registry.entry(last).bonus == 0


def test_trn_14_house_changes_the_structure_in_play_with_an_audit_trail() -> None:
    """TRN-14 (GROS:L132 the house may alter the published structure; CAMB:L8 the TD sets the
    blind levels): the director takes the new structure for the clock, the tables (from the
    next round), late entries and colour-ups, and records why."""
    from pokerroom.tournament import ClockError, edit_level

    d = _director("cambridge", 12, structure="cambridge_pub", seconds_per_hand=600)
    d.start()
    d.play_round()
    assert d.level().number == 1
    new = edit_level(d.config.structure, 1, small_blind=75, big_blind=150)
    d.change_structure(new, "TD slows level 1")
    assert d.level().describe() == "75/150"
    assert d.clock.history[-1][1] == f"change_structure {new.name}: TD slows level 1"
    assert d.log[-1].kind == "structure" and "TD slows level 1" in d.log[-1].text
    # A late entry in level 1 is docked 10 x the big blind now in play (TRN-04, CAMB:L46).
    eid = d.register("late", local_time=time(21, 0))
    assert d.registry.entry(eid).docked == 1500
    d.play_round()
    assert all(t.config.big_blind == 150 for t in d.tables.values())
    _conserved(d)

    # Refused changes name the rule and change nothing.
    before = (d.config, d.clock, d.registry, len(d.log))
    bad_stack = dataclasses.replace(new, starting_stack=20000)
    for structure, reason, code in (
        (new, " ", "reason_needed"),
        (bad_stack, "bigger stacks", "structure_change_refused"),
    ):
        with pytest.raises(TournamentError) as err:
            d.change_structure(structure, reason)
        assert err.value.code == code
        assert (d.config, d.clock, d.registry, len(d.log)) == before
    short = dataclasses.replace(new, levels=new.levels[:1], breaks=(), color_ups=())
    d.play_round()
    assert d.level().number == 3
    with pytest.raises(ClockError):  # the clock is at a level the new structure lacks
        d.change_structure(short, "one level")
    assert (d.config.structure, d.registry.structure) == (new, new)

    # Past a colour-up (pub_turbo: the 25 chip races off before level 5) it stays.
    t = _director("lpr", 20, structure="pub_turbo", seconds_per_hand=240)
    t.start()
    while t.level().number < 5:
        t.play_round()
    with pytest.raises(TournamentError) as err:
        t.change_structure(dataclasses.replace(t.config.structure, color_ups=()), "no races")
    assert err.value.code == "structure_change_refused" and "STR-07" in str(err.value)
    later = dataclasses.replace(t.config.structure, color_ups=t.config.structure.color_ups[:1])
    t.change_structure(later, "keep the 100 chips")  # a colour-up still to come may go
    assert t.config.structure.smallest_chip_at(12) == 100
