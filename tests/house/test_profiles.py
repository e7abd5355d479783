"""House profiles: every profile is complete, matches RULES.md §27, and bad input is refused."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest
import rtoml
from hypothesis import given
from hypothesis import strategies as st

from pokerroom.errors import ConfigError
from pokerroom.house import HouseRules
from pokerroom.house.profiles import (
    HOUSES,
    derive,
    describe_house,
    diff_houses,
    format_diff,
    list_houses,
    load_house,
    load_house_file,
    profile_fields,
    rule_id,
)

MODES = ("cash", "tournament")
SHDC = "spades_hearts_diamonds_clubs"


def _raw(house: str) -> dict[str, Any]:
    text = (resources.files("pokerroom.house") / "profiles" / f"{house}.toml").read_text("utf-8")
    data = rtoml.loads(text)
    assert isinstance(data, dict)
    return data


def _values(field: str, mode: str = "cash") -> dict[str, object]:
    return {h: getattr(load_house(h, mode), field) for h in HOUSES}  # type: ignore[arg-type]


def _text(house: str) -> str:
    return (resources.files("pokerroom.house") / "profiles" / f"{house}.toml").read_text("utf-8")


# ---------------------------------------------------------------------------------------------
# Loading and completeness


def test_list_houses_names_the_five_rulebooks() -> None:
    assert list_houses() == ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")


@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize("mode", MODES)
def test_every_profile_loads_in_both_modes(house: str, mode: str) -> None:
    rules = load_house(house, mode)  # type: ignore[arg-type]
    assert isinstance(rules, HouseRules)
    assert rules.name == house
    assert rules.mode == mode
    hash(rules)  # frozen and hashable (run_it_twice_min_pot is a tuple)


@pytest.mark.parametrize("house", HOUSES)
def test_profile_header_names_its_seed_file(house: str) -> None:
    data = _raw(house)
    assert data["name"] == house
    assert isinstance(data["title"], str) and data["title"]
    assert re.fullmatch(r"seeds/00[0-4]_[0-9a-f]{16}\.txt", data["source"])


@given(house=st.sampled_from(HOUSES), mode=st.sampled_from(MODES))
def test_every_profile_sets_every_field_explicitly(house: str, mode: str) -> None:
    """No accidental defaults: each mode table's keys are exactly the HouseRules fields."""
    table = _raw(house)[mode]
    assert set(table) == set(profile_fields())


def test_profile_fields_are_the_dataclass_fields_minus_name_mode_and_rulebook() -> None:
    names = {f.name for f in dataclasses.fields(HouseRules)}
    assert set(profile_fields()) == names - {"name", "mode", "rulebook"}


@pytest.mark.parametrize("house", HOUSES)
def test_every_value_carries_a_rule_comment(house: str) -> None:
    """Each key line ends with a comment that starts with the field's rule ID."""
    table = None
    seen: set[tuple[str, str]] = set()
    for line in _text(house).splitlines():
        if line.startswith("["):
            table = line.strip("[]")
            continue
        if table is None or line.startswith("#") or "=" not in line:
            continue
        key = line.split("=", 1)[0].strip()
        assert "  # " in line, f"{house} [{table}] {key}: no comment"
        comment = line.split("  # ", 1)[1]
        first_rule = rule_id(key).split(" ")[0]
        assert comment.startswith(first_rule), f"{house} [{table}] {key}: {comment!r}"
        seen.add((table, key))
    assert len(seen) == 2 * len(profile_fields())


def test_every_field_has_a_rule_id() -> None:
    pattern = re.compile(r"^(§\d|[A-Z]{2,4}-\d\d|G\d+)")
    for field in profile_fields():
        assert pattern.match(rule_id(field)), field


def test_unused_modes_are_marked_not_offered() -> None:
    assert load_house("hippodrome", "tournament").offered is False
    assert load_house("cambridge", "cash").offered is False
    offered = [(h, m) for h in HOUSES for m in MODES if load_house(h, m).offered]  # type: ignore[arg-type]
    assert len(offered) == 8


# ---------------------------------------------------------------------------------------------
# Values per house, against RULES.md §27 (one test per parameter family)


def test_bet_04_reopen_barred_for_per_house() -> None:
    for mode in MODES:
        assert _values("reopen_barred_for", mode) == {
            "lpr": "already_raised",  # LPR r26 literal
            "grosvenor": "already_acted",  # silent
            "hippodrome": "already_acted",  # BB keeps option
            "cambridge": "already_acted",  # silent
            "roberts": "already_acted",  # RRP:L56
        }
        assert set(_values("nl_incomplete_allin_reopens", mode).values()) == {False}
        assert set(_values("cumulative_short_allins_reopen", mode).values()) == {True}  # G6


def test_shd_02_showdown_order_per_house() -> None:
    assert _values("showdown_order_no_river_bet") == {
        "lpr": "left_of_button_allin_first",
        "grosvenor": "last_aggressor_any_street",
        "hippodrome": "first_to_act",
        "cambridge": "first_to_act",
        "roberts": "first_to_act",
    }
    assert _values("side_pot_players_show_first") == {
        "lpr": False,
        "grosvenor": False,
        "hippodrome": False,
        "cambridge": False,
        "roberts": True,
    }


def test_shd_03_allin_face_up_in_tournaments() -> None:
    assert load_house("lpr", "tournament").allin_hands_face_up == "tournament"
    assert load_house("grosvenor", "tournament").allin_hands_face_up == "tournament"


def test_chp_05_overcall_threshold_per_house() -> None:
    expected = {
        "lpr": Fraction(1, 2),
        "grosvenor": Fraction(51, 100),
        "hippodrome": Fraction(1, 2),
        "cambridge": Fraction(0),
        "roberts": Fraction(1, 2),
    }
    for mode in MODES:
        assert _values("overcall_raise_threshold", mode) == expected
    # 0.51 x R is exact: R = 100 -> 51 chips is a raise, 50 is not.
    gros = load_house("grosvenor")
    assert gros.overcall_raise_threshold * 100 == 51
    assert _values("overcall_at_or_above")["cambridge"] == "raise_to_total"


def test_chp_03_multi_chip_silent_per_house() -> None:
    assert _values("multi_chip_silent") == {
        "lpr": "raise_if_one_chip_would_call",
        "grosvenor": "raise_per_threshold",
        "hippodrome": "raise_per_threshold",
        "cambridge": "raise_to_total",
        "roberts": "raise_per_threshold",
    }
    assert set(_values("single_oversized_chip").values()) == {"call"}  # CHP-02


def test_chp_06_undercall_rule_per_house() -> None:
    assert load_house("grosvenor", "cash").undercall_rule == "gros_cash_51pct"
    assert load_house("grosvenor", "tournament").undercall_rule == "committed"
    assert load_house("grosvenor").undercall_threshold == Fraction(51, 100)
    assert load_house("hippodrome").undercall_rule == "committed"
    assert load_house("roberts").undercall_rule == "bring_up"


def test_chp_01_oot_verbal_binding_per_house() -> None:
    values = _values("oot_verbal_binding")
    assert values["lpr"] == "no"
    assert values["grosvenor"] == "key_words_always"
    assert values["hippodrome"] == "unless_action_changes"
    assert values["roberts"] == "unless_intervening_bet_call_raise"


def test_oot_02_03_out_of_turn_per_house() -> None:
    assert _values("oot_released_by") == {
        "lpr": "bet_raise",
        "grosvenor": "bet_raise",
        "hippodrome": "bet_raise",
        "cambridge": "bet_raise",
        "roberts": "bet_call_raise",
    }
    options = _values("oot_release_options")
    assert options["lpr"] == options["grosvenor"] == "call_or_fold"
    assert options["hippodrome"] == "hipp_size_compare"
    assert options["roberts"] == "full"


def test_oot_08_09_right_to_act_per_house() -> None:
    assert _values("lose_right_to_act_after") == {
        "lpr": "3_actions",
        "grosvenor": "2_incl_chips_or_3_passive",
        "hippodrome": "2_actions",
        "cambridge": "3_actions",
        "roberts": "3_actions",
    }
    unaware = _values("unaware_of_raise")
    assert unaware["lpr"] == unaware["hippodrome"] == "call_or_fold_forfeit"
    assert unaware["grosvenor"] == "51pct_rule"
    assert load_house("grosvenor", "tournament").unaware_of_raise == "committed"
    assert unaware["roberts"] == "withdraw_if_no_action_after"


def test_btn_01_draw_suit_order_per_house() -> None:
    assert _values("draw_suit_order") == {
        "lpr": SHDC,  # silent: chosen default
        "grosvenor": "none",
        "hippodrome": SHDC,
        "cambridge": SHDC,
        "roberts": SHDC,
    }
    scope = _values("tournament_button_draw_scope", "tournament")
    assert scope["grosvenor"] == "table1_seat_applies_to_all"
    assert scope["cambridge"] == "per_table"


def test_btn_02_03_button_mode_per_house() -> None:
    assert set(_values("button_mode", "cash").values()) == {"moving"}
    assert set(_values("button_mode", "tournament").values()) == {"dead"}
    assert set(_values("dead_small_blind_allowed", "tournament").values()) == {True}


def test_btn_07_misplaced_button_per_house() -> None:
    values = _values("misplaced_button_prev_hand")
    assert values["hippodrome"] == "continue_clockwise"
    assert values["roberts"] == "correct_positions"


def test_btn_08_cambridge_redraws_button() -> None:
    camb = load_house("cambridge", "tournament")
    assert camb.redraw_button_on_reseat and camb.redraw_button_at_final_table
    assert camb.redraw_button_if_new_fraction_gte == Fraction(1, 2)
    others = [h for h in HOUSES if h != "cambridge"]
    assert not any(load_house(h, "tournament").redraw_button_on_reseat for h in others)


def test_bld_05_straddle_mode_per_house() -> None:
    assert _values("straddle_mode", "cash") == {
        "lpr": "utg_live_blind",
        "grosvenor": "none",
        "hippodrome": "button_only_3_4_handed",
        "cambridge": "none",
        "roberts": "none",
    }
    assert set(_values("straddle_mode", "tournament").values()) == {"none"}  # TRN-08
    assert set(_values("straddle_multiple_of_bb").values()) == {2}  # G11


def test_new_01_to_04_new_players_per_house() -> None:
    lpr, hipp = load_house("lpr"), load_house("hippodrome")
    assert lpr.new_player_blocked_positions == ("small_blind", "button")
    assert hipp.new_player_blocked_positions == ("small_blind", "between_button_and_small_blind")
    assert lpr.buy_the_button == "not_allowed"
    assert hipp.buy_the_button == "allowed_post_sb_plus_bb"
    assert lpr.missed_blind_return == "post_sb_if_before_button"
    assert hipp.missed_blind_return == "post_bb_or_wait_for_bb"
    assert hipp.missed_blind_post_live  # G23


def test_new_01_blocked_positions_are_a_cash_rule_tournament_profiles_block_none() -> None:
    # LPR r68 sits with the cash rules r68-r71; in tournaments a moved player dodges no blind
    # (LPR:L181) and every stack posts every blind (LPR:L193-194, CAMB:L30, L48).
    assert _values("new_player_blocked_positions", "tournament") == {h: () for h in HOUSES}
    cash = _values("new_player_blocked_positions")
    assert all(cash[h] == ("small_blind", "button") for h in HOUSES if h != "hippodrome")


def test_new_01_tournament_table_blocking_positions_is_refused(tmp_path: Path) -> None:
    blocked = ["small_blind", "button"]
    tables = [
        load_house("lpr", "tournament"),
        derive(load_house("cambridge", "tournament"), new_player_blocked_positions=[]),
    ]
    attempts = [
        lambda: load_house("lpr", "tournament", {"new_player_blocked_positions": blocked}),
        lambda: derive(tables[0], new_player_blocked_positions=["button"]),
        lambda: derive(tables[1], new_player_blocked_positions=blocked),
    ]
    path = tmp_path / "club.toml"
    path.write_text(
        'name = "club"\nbase = "lpr"\n\n[tournament]\n'
        'new_player_blocked_positions = ["small_blind"]\n',
        encoding="utf-8",
    )
    attempts.append(lambda: load_house_file(path, "tournament"))
    # The profile is bad, so it fails to load in cash mode too (both tables are checked).
    attempts.append(lambda: load_house_file(path, "cash"))
    for attempt in attempts:
        with pytest.raises(ConfigError) as info:
            attempt()
        assert info.value.code == "cash_only"
        assert "[tournament]" in str(info.value) and "is []" in str(info.value)
    cash = derive(load_house("lpr"), new_player_blocked_positions=[])
    assert cash.new_player_blocked_positions == ()  # a cash club may bar no position


@pytest.mark.parametrize(
    "blocked", [["small_blind"], ["button"], ["button", "between_button_and_small_blind"]]
)
def test_new_01_cash_blocked_positions_the_planner_cannot_honour_are_refused(
    blocked: list[str],
) -> None:
    with pytest.raises(ConfigError) as info:
        derive(load_house("lpr"), new_player_blocked_positions=blocked)
    assert info.value.code == "unsupported_value"
    assert "new_player_blocked_positions" in str(info.value) and "or []" in str(info.value)


def test_str_03_04_bet_05_limit_rules_roberts() -> None:
    cash, tourn = load_house("roberts", "cash"), load_house("roberts", "tournament")
    assert cash.limit_raise_cap == tourn.limit_raise_cap == 4
    assert cash.limit_heads_up_uncapped_in_cash is True
    assert tourn.limit_heads_up_uncapped_in_cash is False  # TRN-10
    assert cash.limit_allin_full_threshold == Fraction(1, 2)
    assert cash.limit_big_bet_streets == ("turn", "river")  # G4


def test_str_07_min_wager_unit_per_house() -> None:
    assert load_house("hippodrome").min_wager_unit == "smallest_chip_in_play"
    assert load_house("roberts").min_wager_unit == "smallest_blind_or_ante_chip"


def test_clk_01_03_clock_per_house() -> None:
    gros, hipp = load_house("grosvenor"), load_house("hippodrome")
    assert (gros.clock_seconds, gros.clock_final_countdown_s) == (60, 10)
    assert gros.clock_expiry_not_facing_bet == "dead"
    assert hipp.clock_expiry_not_facing_bet == "check"  # G14
    assert hipp.exposed_facing_bet_timer_s == 10
    assert load_house("roberts").exposed_facing_bet_timer_s == 0


def test_exp_01_player_exposure_per_house() -> None:
    assert _values("player_exposure_facing_action") == {
        "lpr": "may_fold_hand",
        "grosvenor": "lock_aggression",
        "hippodrome": "lock_aggression",
        "cambridge": "none",
        "roberts": "none",
    }


def test_shd_08_may_request_to_see_per_house() -> None:
    values = _values("may_request_to_see")
    assert values["lpr"] == values["roberts"] == "dealt_in"
    assert values["grosvenor"] == "live_cards_only"
    assert values["hippodrome"] == "voluntarily_invested"


def test_pot_05_odd_chip_per_house() -> None:
    assert set(_values("odd_chip_to").values()) == {"first_left_of_button"}
    assert load_house("roberts").max_odd_units_per_player == 1


def test_fee_01_02_fee_model_per_house() -> None:
    assert load_house("lpr").fee_model == "rake"
    assert load_house("lpr").rake_order == "main_pot_first"
    hipp = load_house("hippodrome")
    assert hipp.fee_model == "session_fee"
    assert hipp.session_fee_minutes == (0, 30)
    assert hipp.session_fee_late_seat_window_min == 10


def test_mis_01_misdeal_cutoff_per_house() -> None:
    assert _values("misdeal_cutoff_actions") == {
        "lpr": 2,
        "grosvenor": 1,
        "hippodrome": 2,
        "cambridge": 2,
        "roberts": 2,
    }
    assert set(_values("misdeal_cutoff_counts_blinds").values()) == {False}


def test_mis_04_10_misdeal_causes_per_house() -> None:
    assert _values("misdeal_if_first_or_second_card_exposed") == {
        "lpr": True,
        "grosvenor": False,
        "hippodrome": True,
        "cambridge": False,
        "roberts": True,
    }
    off = _values("card_off_table_dealer_error")
    assert off["lpr"] == off["roberts"] == "exposed_card"
    assert off["grosvenor"] == off["hippodrome"] == "misdeal"
    assert load_house("roberts").extra_card_before_betting == "becomes_burn"


def test_irr_02_05_09_10_11_irregularities_per_house() -> None:
    boxed = _values("boxed_card")
    assert boxed["lpr"] == boxed["roberts"] == "scrap_replace_next"
    assert boxed["grosvenor"] == "treat_as_exposed"
    dup = _values("duplicate_card")
    assert dup["lpr"] == "misdeal_refund"
    assert dup["hippodrome"] == dup["roberts"] == "void_refund"
    assert load_house("hippodrome").player_dropped_card == "hand_dead_and_new_deck"
    assert load_house("grosvenor").premature_flop == "reshuffle_unless_only_check_pending"
    assert load_house("lpr").premature_turn == "lpr_river_as_turn_then_reshuffle"
    assert load_house("grosvenor").premature_turn == "reshuffle"


def test_dead_03_04_06_dead_hands_per_house() -> None:
    assert _values("killed_hand_refund") == {
        "lpr": "uncalled_raise_only",
        "grosvenor": "raise_increment_always",
        "hippodrome": "none",
        "cambridge": "none",
        "roberts": "none",
    }
    thrown = _values("thrown_into_hand")
    assert thrown["cambridge"] == "both_dead"
    assert thrown["hippodrome"] == "both_dead_unless_identifiable"
    assert thrown["roberts"] == "thrower_dead"
    assert load_house("cambridge").muck_retrieval == "never"


def test_stk_02_03_05_buy_ins_per_house() -> None:
    rrp = load_house("roberts")
    assert (rrp.buyin_min_default_fl_big_bets, rrp.buyin_min_default_nlpl_big_blinds) == (10, 40)
    assert rrp.short_buyins_per_session == 1
    assert load_house("lpr").rathole_window_h == load_house("hippodrome").rathole_window_h == 2
    assert load_house("hippodrome").return_buyin_rule == "at_least_amount_removed"


def test_trn_01_02_04_12_tournaments_per_house() -> None:
    camb = load_house("cambridge", "tournament")
    assert (camb.starting_stack, camb.early_reg_bonus, camb.early_reg_bonus_before) == (
        10000,
        1000,
        "20:30",
    )
    assert (camb.late_reg_until_level, camb.late_reg_penalty_big_blinds) == (2, 10)
    assert camb.very_late_entry_stack_cap * camb.starting_stack == 3000
    assert load_house("grosvenor", "tournament").presence_deadline == "last_card_dealt"
    assert load_house("grosvenor", "tournament").payout_basis == "unique_entries"
    assert load_house("lpr", "tournament").late_reg_penalty == "blinded_stack"


def test_pen_01_03_penalties_per_house() -> None:
    assert load_house("lpr", "tournament").penalty_unit == "hands_from_players_x_rounds"
    assert "four_rounds" in load_house("lpr", "tournament").penalty_menu
    assert "membership_cancellation" in load_house("grosvenor", "tournament").penalty_menu


def test_rit_01_hippodrome_min_pot() -> None:
    hipp = load_house("hippodrome")
    assert hipp.run_it_twice_allowed
    assert hipp.rit_min_pot("1/2") == 500
    assert hipp.rit_min_pot("2/5") == 10
    assert hipp.rit_min_pot("5/10") == 10  # "2/5 and higher limits"
    assert hipp.rit_basis == "per_pot"  # G24
    for house in HOUSES:
        if house != "hippodrome":
            assert load_house(house).rit_min_pot("1/2") is None
            assert not load_house(house).run_it_twice_allowed


# ---------------------------------------------------------------------------------------------
# Derivation and club files


def test_derive_overrides_and_keeps_the_rest() -> None:
    base = load_house("lpr")
    club = derive(base, reopen_barred_for="already_acted", rake_percent=5, rake_cap=3)
    assert club.reopen_barred_for == "already_acted"
    assert (club.rake_percent, club.rake_cap) == (5, 3)
    assert club.straddle_mode == base.straddle_mode
    assert base.reopen_barred_for == "already_raised"  # the original is untouched


def test_derive_converts_fraction_strings_and_lists() -> None:
    club = derive(
        load_house("lpr"),
        overcall_raise_threshold="51/100",
        limit_big_bet_streets=["flop", "turn", "river"],
        run_it_twice_min_pot={"1/2": 300},
    )
    assert club.overcall_raise_threshold == Fraction(51, 100)
    assert club.limit_big_bet_streets == ("flop", "turn", "river")
    assert club.run_it_twice_min_pot == (("1/2", 300),)


def test_load_house_with_overrides() -> None:
    rules = load_house("roberts", "tournament", overrides={"limit_raise_cap": 5})
    assert rules.limit_raise_cap == 5
    assert rules.mode == "tournament"


def test_club_file_derived_from_a_house(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(
        'name = "club"\nbase = "lpr"\n\n[cash]\nrake_percent = 10\nrake_cap = 4\n'
        "\n[tournament]\nstarting_stack = 20000\n",
        encoding="utf-8",
    )
    cash = load_house_file(path, "cash")
    assert cash.name == "club"
    assert (cash.rake_percent, cash.rake_cap) == (10, 4)
    assert cash.reopen_barred_for == "already_raised"  # inherited from lpr
    tourn = load_house_file(path, "tournament")
    assert tourn.starting_stack == 20000
    assert tourn.button_mode == "dead"


def test_club_file_derived_from_another_club_file(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('name = "a"\nbase = "roberts"\n[cash]\nrake_percent = 5\n')
    (tmp_path / "b.toml").write_text('name = "b"\nbase = "a.toml"\n[cash]\nrake_cap = 2\n')
    rules = load_house_file(tmp_path / "b.toml")
    assert (rules.name, rules.rake_percent, rules.rake_cap) == ("b", 5, 2)
    assert rules.side_pot_players_show_first  # from roberts


def test_complete_club_file_roundtrip(tmp_path: Path) -> None:
    path = tmp_path / "copy.toml"
    path.write_text(_text("grosvenor").replace('name = "grosvenor"', 'name = "copy"'))
    copy = load_house_file(path, "tournament")
    assert copy.rulebook == "copy"  # a complete profile follows no packaged rulebook
    grosvenor = dataclasses.replace(copy, name="grosvenor", rulebook="grosvenor")
    assert grosvenor == load_house("grosvenor", "tournament")


# ---------------------------------------------------------------------------------------------
# Errors


def _error(path: Path, text: str, mode: str = "cash") -> ConfigError:
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_house_file(path, mode)  # type: ignore[arg-type]
    return info.value


def _with_cash_line(old: str, new: str) -> str:
    text = _text("lpr")
    assert old in text
    return text.replace(old, new, 1)


def test_error_bad_literal_names_file_table_key_value_and_allowed(tmp_path: Path) -> None:
    err = _error(
        tmp_path / "lpr.toml",
        _with_cash_line('reopen_barred_for = "already_raised"', 'reopen_barred_for = "sometimes"'),
    )
    assert err.code == "bad_literal"
    assert str(err) == (
        'lpr.toml [cash] reopen_barred_for = "sometimes": '
        'allowed values are "already_acted", "already_raised"'
    )


def test_error_unknown_key(tmp_path: Path) -> None:
    text = _with_cash_line("rake_cap = 0", "rake_cap = 0\nreopen_bared_for = true")
    err = _error(tmp_path / "club.toml", text)
    assert err.code == "unknown_key"
    assert "club.toml [cash] reopen_bared_for = true" in str(err)
    assert 'did you mean "reopen_barred_for"' in str(err)
    assert "allowed keys" in str(err) and "rake_cap" in str(err)


def test_error_unknown_key_in_derived_profile(tmp_path: Path) -> None:
    err = _error(
        tmp_path / "c.toml", 'name = "c"\nbase = "lpr"\n[tournament]\nfoo = 1\n', "tournament"
    )
    assert err.code == "unknown_key"
    assert "c.toml [tournament] foo = 1" in str(err)


def test_error_wrong_type(tmp_path: Path) -> None:
    err = _error(tmp_path / "lpr.toml", _with_cash_line("rake_cap = 0", 'rake_cap = "5"'))
    assert err.code == "wrong_type"
    assert str(err) == 'lpr.toml [cash] rake_cap = "5": expected an integer'


def test_error_bool_is_not_an_int(tmp_path: Path) -> None:
    err = _error(tmp_path / "lpr.toml", _with_cash_line("rake_cap = 0", "rake_cap = true"))
    assert err.code == "wrong_type"
    assert "rake_cap = true" in str(err)


def test_error_float_threshold_refused(tmp_path: Path) -> None:
    text = _with_cash_line('overcall_raise_threshold = "1/2"', "overcall_raise_threshold = 0.5")
    err = _error(tmp_path / "lpr.toml", text)
    assert err.code == "wrong_type"
    assert "overcall_raise_threshold = 0.5" in str(err)
    assert '"51/100"' in str(err)


def test_error_bad_literal_inside_an_array(tmp_path: Path) -> None:
    text = _with_cash_line(
        'limit_big_bet_streets = ["turn", "river"]', 'limit_big_bet_streets = ["turn", "fifth"]'
    )
    err = _error(tmp_path / "lpr.toml", text)
    assert err.code == "bad_literal"
    assert 'limit_big_bet_streets[1] = "fifth"' in str(err)
    assert '"preflop", "flop", "turn", "river"' in str(err)


def test_error_missing_key(tmp_path: Path) -> None:
    text = "\n".join(
        line for line in _text("lpr").splitlines() if not line.startswith("rake_cap =")
    )
    err = _error(tmp_path / "lpr.toml", text)
    assert err.code == "missing_key"
    assert "lpr.toml [cash] missing key rake_cap (an integer)" in str(err)


def test_error_missing_mode_table(tmp_path: Path) -> None:
    text = _text("lpr").split("[tournament]")[0]
    err = _error(tmp_path / "lpr.toml", text)
    assert err.code == "missing_key"
    assert "tournament" in str(err)


def test_error_unknown_house_name() -> None:
    with pytest.raises(ConfigError) as info:
        load_house("vegas")
    assert info.value.code == "unknown_house"
    assert str(info.value) == (
        'unknown house "vegas": allowed houses are '
        '"lpr", "grosvenor", "hippodrome", "cambridge", "roberts"'
    )


def test_error_unknown_base_house(tmp_path: Path) -> None:
    err = _error(tmp_path / "c.toml", 'name = "c"\nbase = "vegas"\n')
    assert err.code == "unknown_house"
    assert 'base = "vegas"' in str(err) and '"lpr"' in str(err)


def test_error_unknown_mode() -> None:
    with pytest.raises(ConfigError) as info:
        load_house("lpr", "sitngo")  # type: ignore[arg-type]
    assert 'allowed values are "cash", "tournament"' in str(info.value)


def test_error_derive_bad_value_names_key_and_allowed() -> None:
    with pytest.raises(ConfigError) as info:
        derive(load_house("lpr"), showdown_order_no_river_bet="dealer_first")
    message = str(info.value)
    assert 'derive(lpr) [cash] showdown_order_no_river_bet = "dealer_first"' in message
    assert '"first_to_act", "left_of_button_allin_first", "last_aggressor_any_street"' in message


def test_error_derive_cannot_change_mode() -> None:
    with pytest.raises(ConfigError) as info:
        derive(load_house("lpr"), mode="tournament")
    assert info.value.code == "unknown_key"


def test_pot_04_g8_uncalled_bet_not_returned_is_refused(tmp_path: Path) -> None:
    # The engine always returns an uncalled bet (nobody else can win it): a profile saying
    # otherwise fails, naming the key and the supported value, instead of being ignored.
    text = 'name = "club"\nbase = "lpr"\n[cash]\nuncalled_bet_returned = false\n'
    err = _error(tmp_path / "club.toml", text)
    assert err.code == "unsupported_value"
    assert str(err).startswith(
        "club.toml [cash] uncalled_bet_returned = false: supported values are true (POT-04"
    )
    with pytest.raises(ConfigError) as info:
        derive(load_house("roberts"), uncalled_bet_returned=False)
    assert info.value.code == "unsupported_value"
    assert "uncalled_bet_returned = false: supported values are true" in str(info.value)
    with pytest.raises(ConfigError) as info:
        HouseRules(uncalled_bet_returned=False)
    assert "uncalled_bet_returned = false: supported values are true" in str(info.value)
    assert derive(load_house("roberts"), uncalled_bet_returned=True).uncalled_bet_returned


def test_error_threshold_out_of_range() -> None:
    with pytest.raises(ConfigError) as info:
        derive(load_house("lpr"), overcall_raise_threshold="3/2")
    assert "from 0 to 1" in str(info.value)


def test_error_invalid_toml(tmp_path: Path) -> None:
    err = _error(tmp_path / "bad.toml", "name = \n")
    assert err.code == "toml_syntax"
    assert "bad.toml" in str(err)


def _literal_fields() -> list[tuple[str, tuple[str, ...]]]:
    hints = get_type_hints(HouseRules)
    out = []
    for name in profile_fields():
        tp = hints[name]
        if get_origin(tp) is Literal:
            out.append((name, get_args(tp)))
    return out


@given(data=st.data())
def test_any_literal_outside_its_values_is_refused(data: st.DataObject) -> None:
    name, allowed = data.draw(st.sampled_from(_literal_fields()))
    bad = data.draw(st.text(min_size=1, max_size=12).filter(lambda s: s not in allowed))
    with pytest.raises(ConfigError) as info:
        derive(load_house("roberts"), **{name: bad})
    assert name in str(info.value)
    assert all(f'"{a}"' in str(info.value) for a in allowed)


@given(data=st.data())
def test_any_allowed_literal_is_accepted(data: st.DataObject) -> None:
    name, allowed = data.draw(st.sampled_from(_literal_fields()))
    value = data.draw(st.sampled_from(allowed))
    changes: dict[str, object] = {name: value}
    if name == "button_mode":  # BTN-04: the dead small blind goes with the dead button
        changes["dead_small_blind_allowed"] = value == "dead"
    assert getattr(derive(load_house("cambridge", "tournament"), **changes), name) == value


# ---------------------------------------------------------------------------------------------
# Describe and diff


@pytest.mark.parametrize("house", HOUSES)
def test_describe_house_lists_every_parameter_with_its_rule(house: str) -> None:
    text = describe_house(house, "cash")
    for field in profile_fields():
        line = next(ln for ln in text.splitlines() if ln.startswith(f"  {field} = "))
        assert rule_id(field).split(" ")[0] in line
    assert "# Betting structures (STR)" in text


def test_describe_house_both_modes() -> None:
    text = describe_house("cambridge")
    assert "cambridge [cash]" in text and "cambridge [tournament]" in text
    assert "starting_stack = 10000" in text


def test_diff_houses_only_lists_differences() -> None:
    rows = diff_houses("grosvenor", "hippodrome")
    assert ("cash", "misdeal_cutoff_actions", 1, 2) in rows
    keys = {(m, k) for m, k, _, _ in rows}
    assert ("cash", "odd_chip_to") not in keys
    for mode, key, a, b in rows:
        assert a != b
        assert getattr(load_house("grosvenor", mode), key) == a  # type: ignore[arg-type]
    assert diff_houses("lpr", "lpr") == []


def test_format_diff_is_a_table() -> None:
    text = format_diff("lpr", "roberts")
    lines = text.splitlines()
    assert lines[0].split() == ["mode", "parameter", "lpr", "roberts"]
    assert set(lines[1].replace(" ", "")) == {"-"}
    row = next(ln for ln in lines if "reopen_barred_for" in ln and ln.startswith("cash"))
    assert row.split() == ["cash", "reopen_barred_for", '"already_raised"', '"already_acted"']


# ---------------------------------------------------------------------------------------------
# Audit: derivation, both tables checked, cycles, values the engine does not play


def test_error_bad_value_in_the_other_mode_table_fails_the_load(tmp_path: Path) -> None:
    # A club's profile that is wrong in [tournament] is refused when cash is asked for too.
    text = 'name = "c"\nbase = "lpr"\n[cash]\nrake_percent = 5\n[tournament]\nrake_cap = -1\n'
    err = _error(tmp_path / "c.toml", text, "cash")
    assert err.code == "out_of_range"
    assert str(err) == "c.toml [tournament] rake_cap = -1: allowed values are integers >= 0"
    cash, tournament = _text("lpr").split("[tournament]")
    tournament = tournament.replace(
        'premature_turn = "lpr_river_as_turn_then_reshuffle"', 'premature_turn = "burn_it"'
    )
    err = _error(tmp_path / "lpr.toml", cash + "[tournament]" + tournament, "cash")
    assert err.code == "bad_literal"
    assert str(err).startswith('lpr.toml [tournament] premature_turn = "burn_it": allowed values')


def test_error_derived_profiles_in_a_cycle_name_the_loop(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('name = "a"\nbase = "b.toml"\n')
    (tmp_path / "b.toml").write_text('name = "b"\nbase = "a.toml"\n')
    with pytest.raises(ConfigError) as info:
        load_house_file(tmp_path / "a.toml")
    err = info.value
    assert err.code == "base_cycle"
    assert 'b.toml base = "a.toml"' in str(err) and "(a.toml -> b.toml -> a.toml)" in str(err)
    assert 'allowed values are "lpr"' in str(err)
    (tmp_path / "self.toml").write_text('name = "s"\nbase = "self.toml"\n')
    with pytest.raises(ConfigError) as info:
        load_house_file(tmp_path / "self.toml", "tournament")
    assert info.value.code == "base_cycle" and "(self.toml -> self.toml)" in str(info.value)


def test_error_base_of_the_wrong_type_or_missing_file(tmp_path: Path) -> None:
    err = _error(tmp_path / "c.toml", 'name = "c"\nbase = 3\n')
    assert err.code == "wrong_type" and str(err) == "c.toml base = 3: expected a string"
    err = _error(tmp_path / "d.toml", 'name = "d"\nbase = "nowhere.toml"\n')
    assert err.code == "unknown_house" and 'base = "nowhere.toml"' in str(err)
    assert '"roberts" (a packaged house) or the path of a profile' in str(err)


def test_error_derive_unknown_key_names_the_close_match() -> None:
    with pytest.raises(ConfigError) as info:
        derive(load_house("lpr"), reopen_bared_for="already_acted")
    assert info.value.code == "unknown_key"
    assert 'reopen_bared_for = "already_acted"' in str(info.value)
    assert 'did you mean "reopen_barred_for"' in str(info.value)


def test_a_derived_club_keeps_its_rulebook_for_the_rules_outside_the_profile(
    tmp_path: Path,
) -> None:
    # SEAT-05 / DEAL-02 / TRN-12: rules the profile has no key for are looked up by the
    # rulebook the club derives from, not by the club's name (they used to fall back to the
    # all-silent defaults for any derived club).
    from pokerroom.cash.policy import seating_policy
    from pokerroom.tournament.entrants import EntryPolicy

    (tmp_path / "h.toml").write_text('name = "hclub"\nbase = "hippodrome"\n')
    (tmp_path / "g.toml").write_text('name = "gclub"\nbase = "grosvenor"\n')
    (tmp_path / "g2.toml").write_text('name = "g2"\nbase = "g.toml"\n')
    hclub = load_house_file(tmp_path / "h.toml")
    assert (hclub.name, hclub.rulebook) == ("hclub", "hippodrome")
    assert seating_policy(hclub).absence_limit_min == 15  # HIPP:L79
    for path in ("g.toml", "g2.toml"):
        gclub = load_house_file(tmp_path / path, "tournament")
        assert gclub.rulebook == "grosvenor"
        assert EntryPolicy.for_house(gclub).re_entry  # GROS:L133
    assert load_house("lpr").rulebook == "lpr"
    assert derive(load_house("roberts"), rake_percent=5).rulebook == "roberts"


def test_game_02_03_05_stk_01_values_the_engine_does_not_play_are_refused() -> None:
    # Read nowhere, these would be ignored: a profile setting them fails, naming the key and
    # the value the engine plays.
    for key, bad, good in (
        ("ace_low_straight", False, "true"),
        ("suits_break_pot_ties", True, "false"),
        ("omaha_hole_cards_used", 3, "2"),
        ("add_chips_during_hand", True, "false"),
    ):
        with pytest.raises(ConfigError) as info:
            derive(load_house("roberts"), **{key: bad})
        assert info.value.code == "unsupported_value"
        assert f"{key} = {str(bad).lower()}: supported values are {good}" in str(info.value)


def test_btn_04_dead_small_blind_goes_with_the_dead_button() -> None:
    with pytest.raises(ConfigError) as info:
        derive(load_house("lpr"), dead_small_blind_allowed=True)
    assert info.value.code == "inconsistent_rules"
    assert "allowed: dead_small_blind_allowed = false" in str(info.value)
    club = derive(load_house("lpr"), button_mode="dead", dead_small_blind_allowed=True)
    assert club.button_mode == "dead"


def test_chp_02_06_oot_08_profile_sets_the_chip_rules_the_table_reads() -> None:
    # The chip-reading rules come from the profile: what `pokerroom house show` prints is
    # what the table does (LPR under-calls: brought up, as Robert's Rules, its base (L43);
    # CAMB's: committed).
    from pokerroom.floor.chip_rules import ChipRules

    for house in HOUSES:
        for mode in MODES:
            rules = load_house(house, mode)  # type: ignore[arg-type]
            chips = ChipRules.for_house(house, mode)  # type: ignore[arg-type]
            assert chips == ChipRules.from_house(rules)
            assert chips.undercall_rule == rules.undercall_rule
            assert chips.unaware_of_raise == rules.unaware_of_raise
            assert chips.multi_chip_silent == rules.multi_chip_silent
            threshold = Fraction(
                chips.overcall_raise_threshold_num or 0, chips.overcall_raise_threshold_den
            )
            assert threshold == rules.overcall_raise_threshold
    assert load_house("lpr").undercall_rule == "bring_up"
    assert load_house("cambridge").undercall_rule == "committed"
    assert load_house("cambridge", "tournament").unaware_of_raise == "committed"
    assert load_house("grosvenor").single_chip_raise_requires_amount  # GROS:L64


def test_pot_09_lpr_cites_no_rule_against_chop_agreements() -> None:
    # LPR r75 is "one player to one hand"; only HIPP:L75 forbids agreements to split.
    line = next(ln for ln in _text("lpr").splitlines() if ln.startswith("allow_chop_agreements"))
    assert "silent in this rulebook" in line and "r75 no agreements" not in line
