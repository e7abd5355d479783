"""STR-07 colour-ups (chip races) played in simulated tournaments by the director.

Structures here change levels every round of hands so that the races come early, while the
random bots still have odd chips of the small denomination.
"""

from __future__ import annotations

from datetime import time

import pytest

from pokerroom.house import HOUSES, load_house
from pokerroom.tournament.director import ChipRace, Director, RoundReport, TournamentConfig
from pokerroom.tournament.structure import ColorUp, ColorUpRule, Level, Structure, color_up

BLINDS = [(25, 50), (50, 100), (100, 200), (200, 400), (300, 600), (500, 1000), (1000, 2000),
          (2000, 4000), (4000, 8000), (8000, 16000), (16000, 32000)]


def _structure(rule: ColorUpRule = "race_off", *, chips: tuple[int, ...] = (25, 100, 500),
               stack: int = 1500, blinds: list[tuple[int, int]] = BLINDS) -> Structure:
    levels = tuple(
        Level(k, sb, bb, hands=1 if k < len(blinds) else 10_000)
        for k, (sb, bb) in enumerate(blinds, start=1)
    )
    ups = [ColorUp(3, chips[0], rule)]
    if len(chips) > 2:
        ups.append(ColorUp(6, chips[1], rule))
    return Structure("race_test", levels, stack, chips, color_ups=tuple(ups))


def _director(house: str, structure: Structure, players: int = 20, seed: int = 1) -> Director:
    cfg = TournamentConfig(load_house(house, "tournament"), structure, seats_per_table=10)
    d = Director(cfg, seed=seed)
    for k in range(players):
        d.register(f"p{k:02}")
    return d


def _check(d: Director) -> None:
    """Chips add up with the races' adjustment; every stack in the table's unit."""
    assert d.chips_conserved
    assert d.chips_in_play() + d.chips_removed() == d.chips_issued() + d.race_adjustment()
    for state in d.tables.values():
        unit = state.config.chip_unit
        assert state.ledger_balanced()
        assert all(s.stack > 0 and s.stack % unit == 0 for s in state.seats if s is not None)


def _check_race(race: ChipRace) -> None:
    """STR-07 and the rule in color_up: whole new chips, at most one more, nobody raced out."""
    assert race.unit > race.chip and race.unit % race.chip == 0
    removed = added = 0
    for _, before, after in race.stacks:
        kept = before - before % race.unit
        assert after % race.unit == 0 and after - kept in (0, race.unit)
        assert after > 0  # a player is never raced out of the tournament
        removed += before % race.unit
        added += after - kept
    assert (removed, added) == (race.removed, race.added)


@pytest.mark.parametrize("rule", ["race_off", "round_half_up"])
@pytest.mark.parametrize("house", HOUSES)
def test_str_07_trn_15_colour_up_tournament_finishes_with_chips_conserved(
    house: str, rule: ColorUpRule
) -> None:
    structure = _structure(rule)
    d = _director(house, structure)
    d.start()
    _check(d)

    def after_round(report: RoundReport) -> None:
        _check(d)  # the director itself checks after every hand (chips_conserved)
        for state in d.tables.values():  # the tables raced before the level's first hand
            assert state.config.chip_unit == structure.smallest_chip_at(report.level)

    res = d.run(on_round=after_round)
    assert d.finished and res.chips_conserved
    assert res.chip_races and all(r.rule == rule for r in res.chip_races)
    for race in res.chip_races:
        _check_race(race)
    assert any(r.removed for r in res.chip_races)  # odd chips really were raced off
    assert res.race_adjustment == d.race_adjustment()
    winner = d.standings()
    assert winner == ((res.awards[0].player, d.chips_issued() + res.race_adjustment),)
    assert sum(1 for n in d.log if n.kind == "color_up") == len(res.chip_races)


def test_str_07_after_a_colour_up_every_stack_is_a_multiple_of_the_new_unit() -> None:
    structure = _structure()
    d = _director("hippodrome", structure, players=30)
    d.start()
    while not d.chip_races:
        d.play_round()
    first = d.chip_races[0]
    assert (first.chip, first.unit, first.level) == (25, 100, 3)
    assert {r.table for r in d.chip_races} == set(d.tables)  # every table raced
    for state in d.tables.values():
        assert state.config.chip_unit == 100
        assert all(s.stack % 100 == 0 for s in state.seats if s is not None)
    assert any(before % 100 for r in d.chip_races for _, before, _ in r.stacks)
    _check(d)


def test_str_07_a_player_who_cannot_be_raced_out_is_never_eliminated_by_the_race() -> None:
    # Chips of 25 straight to 500: short stacks hold nothing but odd chips at the race.
    blinds = [(25, 50), (50, 100), *BLINDS[5:]]
    structure = _structure(chips=(25, 500), stack=1500, blinds=blinds)
    short: list[tuple[str, int, int]] = []
    for seed in range(1, 6):
        d = _director("cambridge", structure, players=20, seed=seed)
        d.start()
        while not d.chip_races and not d.finished:
            d.play_round()
        if d.finished:
            continue
        # The race came before this round's hands: whoever raced is still seated, or was
        # knocked out in one of those hands, never by the race.
        seated = {str(p) for t in d.tables.values() for p in t.players()}
        busted = {e.player for e in d.eliminations}
        for race in d.chip_races:
            _check_race(race)
            assert all(p in seated or p in busted for p, _, _ in race.stacks)
            short += [(p, b, a) for p, b, a in race.stacks if b < race.unit]
        _check(d)
    assert short, "no short stack met a race"
    assert all(after == 500 for _, _, after in short)


def test_str_07_same_seed_same_chip_races_and_results() -> None:
    def play(seed: int) -> tuple[object, ...]:
        d = _director("grosvenor", _structure(), players=25, seed=seed)
        res = d.run()
        return res.chip_races, res.awards, tuple(d.log), d.eliminations

    assert play(7) == play(7)
    assert play(7) != play(8)


def test_str_07_trn_04_late_entry_after_a_colour_up_has_his_odd_chips_raced_off() -> None:
    # CAMB: late registration until the end of level 2, 10 big blinds docked (TRN-04).
    levels = (Level(1, 25, 50, hands=1), Level(2, 100, 200, hands=50),
              Level(3, 200, 400, hands=10_000))
    structure = Structure("late_race", levels, 3025, (25, 100), color_ups=(ColorUp(2, 25),))
    cfg = TournamentConfig(load_house("cambridge", "tournament"), structure, seats_per_table=10)
    d = Director(cfg, seed=2)
    for k in range(6):
        d.register(f"p{k}", local_time=time(21, 0))
    d.start()
    d.play_round()
    d.play_round()  # level 2: the tables race off the 25 chips
    assert d.level().number == 2 and all(t.config.chip_unit == 100 for t in d.tables.values())
    races = len(d.chip_races)
    before = d.race_adjustment()
    eid = d.register("late", local_time=time(21, 0))
    entry = d.registry.entry(eid)
    assert entry.stack == 3025 - 10 * 200  # 1025: a 25 chip that no longer plays
    (race,) = d.chip_races[races:]
    assert race.late_entry and race.stacks == (("late", 1025, 1000),)  # 0.25 rounds to none
    assert d.race_adjustment() == before - 25
    assert dict(d.standings())["late"] == 1000
    _check(d)
    res = d.run()
    assert res.chips_conserved


@pytest.mark.parametrize("rule", ["race_off", "round_half_up"])
def test_str_07_trn_15_colour_up_rule_never_knocks_a_player_out(rule: ColorUpRule) -> None:
    stacks = {"a": 25, "b": 100, "c": 2475}
    r = color_up(stacks, 25, 500, rule, seed=bytes(16))
    assert dict(r.stacks)["a"] == 500 and dict(r.stacks)["b"] == 500  # not rounded out


def test_str_07_race_with_more_odd_chips_than_one_deck_has_cards() -> None:
    # 12 players with 19 odd chips of 25 each: 228 cards, dealt from five decks.
    stacks = {f"p{k:02}": 975 for k in range(12)}
    r = color_up(stacks, 25, 500, "race_off", seed=bytes(range(16)))
    won = [p for p, n in r.stacks if n == 1000]
    assert len(won) == round(12 * 475 / 500) and all(n in (500, 1000) for _, n in r.stacks)
    assert r == color_up(stacks, 25, 500, "race_off", seed=bytes(range(16)))
