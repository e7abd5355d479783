"""Structures: levels, breaks, colour-ups, the strict TOML loader (TRN-01, TRN-14, BLD-06)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.house import load_house
from pokerroom.tournament import (
    Level,
    StructureError,
    color_up,
    edit_level,
    list_structures,
    load_structure,
    load_structure_file,
    parse_structure,
)
from pokerroom.tournament.structure import ColorUpRule

BASE = {
    "name": "t",
    "starting_stack": 1000,
    "chips": [25, 100],
    "levels": [
        {"small_blind": 25, "big_blind": 50, "minutes": 10},
        {"small_blind": 100, "big_blind": 200, "minutes": 10},
    ],
}


def _with(**changes: object) -> dict[str, object]:
    data = dict(BASE)
    data.update(changes)
    return data


def test_packaged_structures_load() -> None:
    names = list_structures()
    assert {"pub_turbo", "standard_20", "deep_stack", "cambridge_pub", "sng_hands"} <= set(names)
    for name in names:
        s = load_structure(name)
        assert s.name == name
        assert s.levels[0].number == 1


def test_trn_01_house_structure_takes_starting_stack_and_bonus_from_the_house() -> None:
    s = load_structure("cambridge_pub")
    camb = load_house("cambridge", "tournament")
    assert s.house == "cambridge"
    assert (s.starting_stack, s.early_reg_bonus) == (camb.starting_stack, camb.early_reg_bonus)
    assert (s.starting_stack, s.early_reg_bonus) == (10000, 1000)


def test_trn_01_structure_contradicting_its_house_is_refused() -> None:
    with pytest.raises(StructureError) as err:
        parse_structure(_with(house="cambridge", starting_stack=5000), "c.toml")
    assert err.value.code == "house_mismatch"
    assert "starting_stack = 5000" in str(err.value) and "10000" in str(err.value)


def test_bld_06_ante_type_is_set_per_level() -> None:
    s = load_structure("standard_20")
    assert s.level(4).ante_type == "none"
    assert (s.level(5).ante_type, s.level(5).ante) == ("big_blind_ante", 600)
    deep = load_structure("deep_stack")
    assert (deep.level(4).ante_type, deep.level(4).ante) == ("per_player", 25)
    assert deep.level(4).describe() == "100/200 ante 25"
    assert s.level(5).describe() == "300/600 ante 600 (BB)"


def test_levels_in_hands_or_minutes_exactly_one() -> None:
    assert load_structure("sng_hands").level(1).by_hands
    with pytest.raises(StructureError, match="exactly one"):
        Level(1, 25, 50, minutes=10, hands=10)
    with pytest.raises(StructureError, match="exactly one"):
        Level(1, 25, 50)


@pytest.mark.parametrize(
    ("data", "code", "text"),
    [
        (_with(blinds=1), "unknown_key", "unknown key 'blinds'; allowed: name"),
        ({k: v for k, v in BASE.items() if k != "levels"}, "missing_key", "'levels'"),
        (_with(starting_stack="1000"), "bad_type", "starting_stack = '1000' is a str"),
        (_with(starting_stack=True), "bad_type", "must be a int"),
        (_with(levels=[{"small_blind": 25, "big_blind": 50, "minutes": 10, "antes": 5}]),
         "unknown_key", "levels[0]: unknown key 'antes'"),
        (_with(levels=[{"small_blind": 25, "big_blind": 50, "minutes": 10, "ante": 5,
                        "ante_type": "button"}]), "bad_ante_type", "allowed: none, per_player"),
        (_with(levels=[{"small_blind": 30, "big_blind": 60, "minutes": 10}]),
         "not_a_chip_multiple", "small_blind = 30; must be a multiple of 25"),
        (_with(chips=[100, 25]), "bad_chips", "ascending"),
        (_with(breaks=[{"after_level": 2, "minutes": 5}]), "bad_break",
         "after each of levels 1..1"),
        (_with(color_ups=[{"before_level": 2, "chip": 100}]), "bad_color_up",
         "only the smallest chip in play (25)"),
        (_with(color_ups=[{"before_level": 2, "chip": 25, "rule": "coin"}]), "bad_color_up",
         "allowed: race_off, round_half_up"),
        (_with(house="bellagio"), "unknown_house", "allowed: lpr, grosvenor"),
        (_with(starting_stack=1010), "bad_stack", "multiple of the smallest chip 25"),
    ],
)
def test_loader_errors_name_the_key_and_what_is_allowed(
    data: dict[str, object], code: str, text: str
) -> None:
    with pytest.raises(StructureError) as err:
        parse_structure(data, "t.toml")
    assert err.value.code == code
    assert text in str(err.value)
    assert str(err.value).startswith("t.toml")


def test_colour_up_makes_later_blinds_use_the_new_smallest_chip() -> None:
    data = _with(
        levels=[{"small_blind": 25, "big_blind": 50, "minutes": 10},
                {"small_blind": 50, "big_blind": 100, "minutes": 10}],
        color_ups=[{"before_level": 2, "chip": 25}],
    )
    with pytest.raises(StructureError, match="level 2 small_blind = 50; must be a multiple of 100"):
        parse_structure(data, "t.toml")


def test_load_structure_file_and_bad_toml(tmp_path: Path) -> None:
    good = tmp_path / "mine.toml"
    good.write_text(
        'name = "mine"\nstarting_stack = 1000\nchips = [25]\n'
        "[[levels]]\nsmall_blind = 25\nbig_blind = 50\nhands = 8\n",
        encoding="utf-8",
    )
    assert load_structure_file(good).level(1).hands == 8
    bad = tmp_path / "bad.toml"
    bad.write_text("name = ", encoding="utf-8")
    with pytest.raises(StructureError) as err:
        load_structure_file(bad)
    assert err.value.code == "bad_toml" and "bad.toml" in str(err.value)
    with pytest.raises(StructureError, match="packaged: cambridge_pub"):
        load_structure("nope")


def test_trn_14_house_edits_a_level() -> None:
    s = load_structure("pub_turbo")
    edited = edit_level(s, 2, small_blind=75, big_blind=150)
    assert edited.level(2).describe() == "75/150"
    assert s.level(2).describe() == "50/100"  # the original is unchanged
    with pytest.raises(StructureError, match="unknown key 'blind'"):
        edit_level(s, 2, blind=1)
    with pytest.raises(StructureError, match="must be a multiple of 100"):
        edit_level(s, 5, small_blind=250)
    with pytest.raises(StructureError) as err:
        edit_level(s, 2, minutes="x")
    assert err.value.code == "bad_type" and "minutes = 'x' must be int" in str(err.value)
    from pokerroom.tournament.structure import parse_structure

    with pytest.raises(StructureError) as err:
        parse_structure([1, 2], "odd.toml")  # type: ignore[arg-type]
    assert err.value.code == "bad_type" and "odd.toml" in str(err.value)


def test_colour_up_round_half_up() -> None:
    r = color_up({"a": 1075, "b": 1050, "c": 1025, "d": 25}, 25, 100, "round_half_up",
                 seed=bytes(16))
    # "d" would round to nothing: a colour-up never knocks a player out (TRN-15).
    assert dict(r.stacks) == {"a": 1100, "b": 1100, "c": 1000, "d": 100}
    assert r.chips_added == 1100 + 1100 + 1000 + 100 - 1075 - 1050 - 1025 - 25


def test_colour_up_race_off_never_knocks_a_player_out() -> None:
    r = color_up({"a": 25, "b": 75, "c": 1000}, 25, 100, "race_off", seed=bytes(range(16)))
    stacks = dict(r.stacks)
    assert stacks["a"] == 100  # raced for one chip at most, but never out
    assert stacks["c"] == 1000


@pytest.mark.parametrize("rule", ["race_off", "round_half_up"])
@given(
    chips25=st.lists(st.integers(0, 200), min_size=1, max_size=10),
    seed=st.binary(min_size=16, max_size=16),
)
def test_colour_up_race_off_properties(
    chips25: list[int], seed: bytes, rule: ColorUpRule
) -> None:
    stacks = {f"p{k}": n * 25 for k, n in enumerate(chips25)}
    r = color_up(stacks, 25, 100, rule, seed=seed)
    new = dict(r.stacks)
    odd_total = sum(s % 100 for s in stacks.values())
    for who, s in stacks.items():
        assert new[who] % 100 == 0
        assert new[who] - (s - s % 100) in (0, 100)  # at most one chip won
        assert s == 0 or new[who] > 0  # nobody raced out
    assert r.chips_added == sum(new.values()) - sum(stacks.values())
    assert abs(r.chips_added) <= max(odd_total, 100 * len(stacks))
    assert r == color_up(stacks, 25, 100, rule, seed=seed)  # seed decides
