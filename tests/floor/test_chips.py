"""Tests for pokerroom.floor.chips: one test per rule, the SCENARIOS numbers, and properties."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.errors import IllegalAction
from pokerroom.floor import (
    CHIP_RULES_BY_HOUSE,
    ChipPush,
    ChipReading,
    ChipRules,
    Declaration,
    Situation,
    bring_up,
    describe_options,
    read_chips,
)

LPR = CHIP_RULES_BY_HOUSE["lpr"]["cash"]
GROS = CHIP_RULES_BY_HOUSE["grosvenor"]["cash"]
GROS_COMP = CHIP_RULES_BY_HOUSE["grosvenor"]["tournament"]
HIPP = CHIP_RULES_BY_HOUSE["hippodrome"]["cash"]
CAMB = CHIP_RULES_BY_HOUSE["cambridge"]["tournament"]
RRP = CHIP_RULES_BY_HOUSE["roberts"]["cash"]
ALL_HOUSES = [LPR, GROS, GROS_COMP, HIPP, CAMB, RRP]


def facing(
    bet: int, *, stack: int = 8000, player_bet: int = 0, r: int | None = None, **kw: object
) -> Situation:
    """A no-limit situation facing ``bet`` whose last full raise is ``r`` (default: the bet)."""
    r = bet if r is None else r
    return Situation(
        current_bet=bet,
        player_bet=player_bet,
        stack=stack,
        min_raise_to=bet + r,
        max_raise_to=player_bet + stack,
        last_full_raise=r,
        **kw,
    )  # type: ignore[arg-type]


def opening(bb: int, *, stack: int = 20000, **kw: object) -> Situation:
    """A no-limit round with no bet yet; the minimum bet is the big blind."""
    return Situation(
        current_bet=0,
        player_bet=0,
        stack=stack,
        min_raise_to=bb,
        max_raise_to=stack,
        last_full_raise=bb,
        **kw,
    )  # type: ignore[arg-type]


def push(*chips: int, says: str | None = None, chip_for_words: int | None = None) -> ChipPush:
    decl = None if says is None else Declaration.parse(says, chip=chip_for_words)
    return ChipPush(chips=chips, declaration=decl)


# ---- S11: GROS cash 51% rule on a silent over-call (CHP-05) -----------------------------------

S11 = facing(1000, stack=8000, pot_size_for_pot_bet=1600)


def test_chp_05_overcall_51_percent_grosvenor_s11a_1600_is_min_raise() -> None:
    r = read_chips(push(1000, 500, 100), S11, GROS)
    assert (r.action, r.amount_to, r.chips_in, r.must_complete_to) == ("raise", 2000, 1600, 2000)
    assert r.amount_to - r.chips_in == 400  # adds 400 more
    assert S11.stack - (r.amount_to - S11.player_bet) == 6000
    assert r.rule == "CHP-05"
    # A may then fold, call 1,000, or re-raise to at least 3,000.
    a = Situation(
        current_bet=2000,
        player_bet=1000,
        stack=9000,
        min_raise_to=3000,
        max_raise_to=10000,
        last_full_raise=1000,
    )
    assert describe_options(a) == "fold, call 1000, raise to 3000..10000"


def test_chp_05_overcall_51_percent_grosvenor_s11b_1500_is_call() -> None:
    r = read_chips(push(1000, 500), S11, GROS)
    assert (r.action, r.amount_to, r.chips_in, r.returned) == ("call", 1000, 1000, 500)
    assert r.must_complete_to is None and r.rule == "CHP-05"


def test_chp_05_overcall_51_percent_grosvenor_s11c_1510_is_min_raise() -> None:
    r = read_chips(push(1000, 500, 10), S11, GROS)
    assert (r.action, r.amount_to, r.chips_in, r.must_complete_to) == ("raise", 2000, 1510, 2000)
    assert r.amount_to - r.chips_in == 490


def test_chp_02_single_oversized_chip_is_call_s11d() -> None:
    r = read_chips(push(5000), S11, GROS)
    assert (r.action, r.amount_to, r.chips_in, r.returned, r.rule) == (
        "call",
        1000,
        1000,
        4000,
        "CHP-02",
    )


@pytest.mark.parametrize("rules", [LPR, HIPP, RRP], ids=["lpr", "hipp", "rrp"])
def test_chp_05_overcall_50_percent_houses_s11b_compare_is_raise(rules: ChipRules) -> None:
    r = read_chips(push(1000, 500), S11, rules)
    assert (r.action, r.amount_to, r.chips_in, r.must_complete_to) == ("raise", 2000, 1500, 2000)
    assert r.rule == ("CHP-03" if rules is LPR else "CHP-05")  # LPR r18: one chip would call


def test_chp_03_cambridge_raise_to_total_below_min_raise_goes_to_floor_s11b() -> None:
    r = read_chips(push(1000, 500), S11, CAMB)
    assert (r.action, r.amount_to, r.must_complete_to) == ("raise", 2000, 2000)
    assert r.needs_floor and r.rule == "CHP-03"


def test_chp_05_threshold_boundary_50_vs_51() -> None:
    # extra exactly 50% of R = 1,000: a raise at 50% houses, a call at GROS (500 < 510).
    assert read_chips(push(1000, 500), S11, RRP).action == "raise"
    assert read_chips(push(1000, 500), S11, GROS).action == "call"
    # just below 50%: a call everywhere with a threshold
    for rules in (LPR, HIPP, RRP, GROS):
        r = read_chips(push(1000, 100, 100, 100, 100, 99), S11, rules)
        assert (r.action, r.returned) == ("call", 499)


def test_chp_05_threshold_basis_is_last_full_raise_not_total_bet() -> None:
    # A bets 100, B raises to 400 (R = 300). C over-calls 400 + 150: 150 >= 50% of 300.
    s = facing(400, r=300)
    assert read_chips(push(500, 50), s, LPR).amount_to == 700
    assert read_chips(push(500, 25, 25), s, GROS).action == "call"  # 150 < 153


def test_chp_05_fixed_limit_uses_bet_unit() -> None:
    # RRP:L65 full bet + half a bet or more: FL $10/$20 turn, facing $20, push $30.
    s = Situation(
        current_bet=20,
        player_bet=0,
        stack=500,
        min_raise_to=40,
        max_raise_to=40,
        last_full_raise=20,
        structure="fixed_limit",
        bet_unit=20,
    )
    r = read_chips(push(25, 5), s, RRP)
    assert (r.action, r.amount_to, r.must_complete_to) == ("raise", 40, 40)
    assert read_chips(push(25), s, RRP).action == "call"  # one chip: CHP-02
    r = read_chips(push(20, 5), s, RRP)
    assert (r.action, r.returned) == ("call", 5)


# ---- S13: GROS ambiguous verbal amount (CHP-07) ------------------------------------------------


def test_chp_07_ambiguous_amount_smallest_legitimate_s13a() -> None:
    r = read_chips(push(5000, says="four", chip_for_words=5000), opening(200), GROS)
    assert (r.action, r.amount_to, r.chips_in, r.returned, r.rule) == (
        "bet",
        400,
        400,
        4600,
        "CHP-07",
    )


def test_chp_07_ambiguous_amount_smallest_legitimate_s13b() -> None:
    r = read_chips(push(5000, says="four", chip_for_words=5000), opening(600), GROS)
    assert (r.action, r.amount_to, r.returned) == ("bet", 4000, 1000)


def test_chp_07_facing_a_bet_a_candidate_may_be_the_call() -> None:
    # facing 500 with a 5,000 chip, "five": 5 and 50 are not legal, 500 is the call.
    r = read_chips(push(5000, says="five", chip_for_words=5000), facing(500), GROS)
    assert (r.action, r.amount_to, r.returned) == ("call", 500, 4500)


def test_chp_07_no_legitimate_candidate_is_illegal() -> None:
    d = Declaration(amounts=(4, 40))
    with pytest.raises(IllegalAction) as e:
        read_chips(ChipPush(chips=(100,), declaration=d), opening(200), GROS)
    assert e.value.code == "no_legitimate_amount"
    assert "bet to 200" in e.value.message


# ---- S14: LPR single oversized chip from the blinds (CHP-02) -----------------------------------


def test_chp_02_single_oversized_chip_is_call_from_small_blind_s14a() -> None:
    s = Situation(
        current_bet=10,
        player_bet=1,
        stack=199,
        min_raise_to=17,
        max_raise_to=200,
        last_full_raise=7,
    )
    r = read_chips(push(25), s, LPR)
    assert (r.action, r.amount_to, r.chips_in, r.returned, r.rule) == ("call", 10, 9, 16, "CHP-02")
    bb = Situation(
        current_bet=10,
        player_bet=3,
        stack=197,
        min_raise_to=17,
        max_raise_to=200,
        last_full_raise=7,
    )
    assert describe_options(bb) == "fold, call 7, raise to 17..200"  # CHP-11


def test_chp_02_big_blind_single_chip_unraised_is_check_s14b() -> None:
    s = Situation(
        current_bet=3, player_bet=3, stack=197, min_raise_to=6, max_raise_to=200, last_full_raise=3
    )
    for rules in ALL_HOUSES:
        r = read_chips(push(25), s, rules)
        assert (r.action, r.amount_to, r.chips_in, r.returned, r.rule) == (
            "check",
            3,
            0,
            25,
            "CHP-02",
        )


@pytest.mark.parametrize("rules", ALL_HOUSES)
def test_chp_02_single_oversized_chip_is_call_in_every_house(rules: ChipRules) -> None:
    # RRP:L66: $3-$6, $6 bet, a $25 chip is a $6 call.
    s = Situation(
        current_bet=6,
        player_bet=0,
        stack=200,
        min_raise_to=12,
        max_raise_to=12,
        last_full_raise=6,
        structure="fixed_limit",
        bet_unit=6,
    )
    r = read_chips(push(25), s, rules)
    assert (r.action, r.amount_to, r.returned) == ("call", 6, 19)


def test_chp_02_single_chip_no_bet_facing_is_bet_of_full_value_g20() -> None:
    r = read_chips(push(500), opening(200), HIPP)
    assert (r.action, r.amount_to, r.chips_in, r.returned, r.rule) == ("bet", 500, 500, 0, "CHP-02")
    checker = ChipRules(single_chip_no_bet_facing="check")
    r = read_chips(push(500), opening(200), checker)
    assert (r.action, r.returned) == ("check", 500)


def test_chp_02_single_small_chip_no_bet_is_brought_up_to_minimum() -> None:
    r = read_chips(push(100), opening(200), HIPP)
    assert (r.action, r.amount_to, r.chips_in, r.must_complete_to, r.rule) == (
        "bet",
        200,
        100,
        200,
        "BET-08",
    )


def test_chp_02_raise_with_single_chip_needs_word() -> None:
    s = facing(600, stack=10000)
    r = read_chips(push(5000, says="raise"), s, HIPP)
    assert (r.action, r.amount_to, r.chips_in, r.needs_floor) == ("raise", 5000, 5000, False)
    # GROS:L64 wants the amount too (CONFLICTS G-7): same default, floor confirms.
    r = read_chips(push(5000, says="raise"), s, GROS)
    assert (r.action, r.amount_to, r.needs_floor) == ("raise", 5000, True)


# ---- S16: CAMB single chip vs several chips (CHP-02/03) -----------------------------------------

S16 = facing(600, stack=10000)


def test_chp_02_cambridge_single_chip_call_s16a() -> None:
    r = read_chips(push(5000), S16, CAMB)
    assert (r.action, r.amount_to, r.returned) == ("call", 600, 4400)


def test_chp_03_cambridge_several_chips_raise_to_total_s16b() -> None:
    r = read_chips(push(1000, 1000), S16, CAMB)
    assert (r.action, r.amount_to, r.chips_in, r.returned, r.must_complete_to) == (
        "raise",
        2000,
        2000,
        0,
        None,
    )
    assert not r.needs_floor


def test_chp_03_several_chips_exactly_the_call_is_call_s16c() -> None:
    for rules in ALL_HOUSES:
        r = read_chips(push(500, 100), S16, rules)
        assert (r.action, r.amount_to, r.chips_in, r.returned) == ("call", 600, 600, 0)


def test_chp_03_several_chips_per_house() -> None:
    # facing 600 (R 600): two 500 chips = 1,000, extra 400 >= 50% of 600.
    for rules, expected in ((LPR, 1200), (GROS, 1200), (HIPP, 1200), (RRP, 1200), (CAMB, 1200)):
        assert read_chips(push(500, 500), S16, rules).amount_to == expected
    # extra 200 < 50%: call and 200 back, except CAMB which raises (floor to confirm)
    for rules in (LPR, GROS, HIPP, RRP):
        r = read_chips(push(500, 200, 100), S16, rules)
        assert (r.action, r.returned) == ("call", 200)
    assert read_chips(push(500, 200, 100), S16, CAMB).action == "raise"
    # a full raise in one motion is a raise to the total everywhere (CHP-04 (1))
    for rules in ALL_HOUSES:
        r = read_chips(push(1000, 500), S16, rules)
        assert (r.action, r.amount_to, r.must_complete_to) == ("raise", 1500, None)


def test_chp_03_lpr_several_chips_where_one_would_call_is_a_raise() -> None:
    # LPR r18 + r25 (CONFLICTS L-5): a 1,000 chip would call 600; with a 500 more it is a raise,
    # short of a full raise, so exactly the minimum raise.
    r = read_chips(push(1000, 500), facing(600, r=600, stack=10000), LPR)
    assert (r.action, r.amount_to, r.rule) == ("raise", 1500, "CHP-03")
    r = read_chips(push(1000, 500), facing(1000, stack=10000), LPR)
    assert (r.action, r.amount_to, r.must_complete_to, r.rule) == ("raise", 2000, 2000, "CHP-03")
    assert read_chips(push(1000, 500), facing(1000, stack=10000), RRP).rule == "CHP-05"
    # under 50% of R the r25 floor does not apply: a call, the excess back (CONFLICTS L-4)
    r = read_chips(push(1000, 100), facing(1000, stack=10000), LPR)
    assert (r.action, r.returned, r.rule) == ("call", 100, "CHP-05")


def test_chp_03_no_bet_several_chips_is_bet_of_total() -> None:
    r = read_chips(push(100, 100, 100), opening(200), LPR)
    assert (r.action, r.amount_to, r.rule) == ("bet", 300, "CHP-03")


# ---- S17: call without noticing a raise (OOT-08, CHP-06) -----------------------------------------

S17 = Situation(
    current_bet=300,
    player_bet=0,
    stack=5000,
    min_raise_to=500,
    max_raise_to=5000,
    last_full_raise=200,
    aware_of_raise=False,
)


def test_oot_08_roberts_unaware_may_withdraw_s17() -> None:
    r = read_chips(push(100), S17, RRP)
    assert r.rule == "OOT-08"
    assert set(r.options) == {"complete", "fold_take_back", "withdraw"}
    assert (r.action, r.amount_to, r.chips_in, r.must_complete_to) == ("call", 300, 100, 300)
    back = r.choose("fold_take_back", S17)
    assert (back.action, back.chips_in, back.returned, back.forfeited) == ("fold", 0, 100, 0)
    with pytest.raises(IllegalAction) as e:
        r.choose("withdraw", S17)
    assert e.value.code == "withdraw_acts_again"
    assert "raise to 500" in e.value.message  # fold / call 300 / raise to at least 500


def test_oot_08_roberts_after_someone_acted_call_is_brought_up() -> None:
    s = Situation(
        current_bet=300,
        player_bet=0,
        stack=5000,
        min_raise_to=500,
        max_raise_to=5000,
        last_full_raise=200,
        aware_of_raise=False,
        acted_after=True,
    )
    r = read_chips(push(100), s, RRP)
    assert (r.action, r.must_complete_to, r.options) == ("call", 300, ())


@pytest.mark.parametrize("rules", [LPR, HIPP, GROS_COMP], ids=["lpr", "hipp", "gros_comp"])
def test_oot_08_unaware_call_or_fold_losing_chips_s17_compare(rules: ChipRules) -> None:
    r = read_chips(push(100), S17, rules)
    assert r.options == ("complete", "fold_forfeit")
    done = r.choose("complete", S17)
    assert (done.action, done.amount_to, done.must_complete_to, done.options) == (
        "call",
        300,
        300,
        (),
    )
    assert done.amount_to - done.chips_in == 200  # adds 200
    lost = r.choose("fold_forfeit", S17)
    assert (lost.action, lost.chips_in, lost.returned, lost.forfeited) == ("fold", 0, 0, 100)


def test_chp_06_grosvenor_cash_unaware_below_51_percent_takes_back_s17() -> None:
    r = read_chips(push(100), S17, GROS)  # 100 < 51% × 300 = 153
    assert r.options == ("complete", "fold_take_back")
    assert r.choose("fold_take_back", S17).returned == 100


def test_chp_06_undercall_per_house() -> None:
    s = facing(300, r=200)
    r = read_chips(push(100, 100), s, GROS)  # 200 >= 153: committed
    assert (r.rule, r.options) == ("CHP-06", ("complete", "fold_forfeit"))
    r = read_chips(push(100, 50), s, GROS)  # 150 < 153
    assert r.options == ("complete", "fold_take_back")
    assert read_chips(push(100), s, GROS_COMP).options == ("complete", "fold_forfeit")
    assert read_chips(push(100), s, HIPP).options == ("complete", "fold_forfeit")
    r = read_chips(push(100), s, RRP)
    assert (r.options, r.must_complete_to, r.chips_in) == ((), 300, 100)


def test_chp_06_grosvenor_51_percent_counts_chips_already_in() -> None:
    # CONFLICTS G-5: the blind counts. SB 50 in, facing 200: 50 + 60 = 110 >= 102.
    s = facing(200, player_bet=50, r=100)
    assert read_chips(push(50, 10), s, GROS).options == ("complete", "fold_forfeit")
    assert read_chips(push(25, 25), s, GROS).options == ("complete", "fold_take_back")  # 100<102
    s = facing(1000, player_bet=0)
    assert read_chips(push(500), s, GROS).options == ("complete", "fold_take_back")


def test_bet_07_short_stack_all_in_call_for_less() -> None:
    s = facing(1000, stack=700)
    r = read_chips(push(500, 100, 100), s, GROS)
    assert (r.action, r.amount_to, r.chips_in, r.options) == ("all_in", 700, 700, ())


# ---- S40: improperly low bet corrected (BET-08) --------------------------------------------------

S40_A = Situation(
    current_bet=0,
    player_bet=0,
    stack=500,
    min_raise_to=20,
    max_raise_to=20,
    last_full_raise=20,
    structure="fixed_limit",
    bet_unit=20,
)


def test_bet_08_low_bet_on_big_bet_round_is_corrected_s40() -> None:
    a = read_chips(push(10), S40_A, RRP)
    assert (a.action, a.amount_to, a.chips_in, a.must_complete_to, a.rule) == (
        "bet",
        20,
        10,
        20,
        "BET-08",
    )
    said = read_chips(push(10, says="bet 10"), S40_A, RRP)
    assert (said.amount_to, said.must_complete_to, said.rule) == (20, 20, "BET-08")
    b = bring_up(ChipReading("call", 10, 10, rule="CHP-03"), 20)
    assert (b.action, b.amount_to, b.chips_in, b.must_complete_to, b.rule) == (
        "call",
        20,
        10,
        20,
        "BET-08",
    )  # B adds 10 and stays a call
    c = Situation(
        current_bet=20,
        player_bet=0,
        stack=500,
        min_raise_to=40,
        max_raise_to=40,
        last_full_raise=20,
        structure="fixed_limit",
        bet_unit=20,
    )
    assert describe_options(c) == "fold, call 20, raise to 40"


def test_bet_08_declared_raise_below_minimum_is_brought_up() -> None:
    r = read_chips(push(says="raise to 150"), facing(100), LPR)
    assert (r.action, r.amount_to, r.chips_in, r.must_complete_to, r.rule) == (
        "raise",
        200,
        0,
        200,
        "BET-08",
    )


def test_bet_08_bring_up_refuses_all_in_and_lower_amounts() -> None:
    with pytest.raises(IllegalAction):
        bring_up(ChipReading("call", 20, 20), 10)
    with pytest.raises(IllegalAction):
        bring_up(ChipReading("all_in", 20, 20), 40)


# ---- CHP-01 verbal outranks chips ----------------------------------------------------------------


def test_chp_01_verbal_call_outranks_chips() -> None:
    r = read_chips(push(1000, 1000, says="call"), S16, LPR)
    assert (r.action, r.amount_to, r.chips_in, r.returned, r.rule) == (
        "call",
        600,
        600,
        1400,
        "CHP-01",
    )


def test_chp_01_verbal_raise_amount_outranks_single_chip() -> None:
    r = read_chips(push(5000, says="raise to 1500"), S16, GROS)
    assert (r.action, r.amount_to, r.chips_in, r.returned) == ("raise", 1500, 1500, 3500)
    r = read_chips(push(5000, says="raise 900"), S16, GROS)  # 900 on top of 600
    assert r.amount_to == 1500


def test_chp_01_verbal_fold_check_and_call_without_chips() -> None:
    r = read_chips(push(100, says="fold"), S16, HIPP)
    assert (r.action, r.returned, r.chips_in) == ("fold", 100, 0)
    r = read_chips(push(says="call"), S16, HIPP)
    assert (r.action, r.chips_in, r.must_complete_to) == ("call", 0, 600)
    assert read_chips(push(says="check"), opening(200), HIPP).action == "check"
    assert read_chips(push(says="call"), opening(200), HIPP).action == "check"
    with pytest.raises(IllegalAction) as e:
        read_chips(push(says="check"), S16, HIPP)
    assert e.value.code == "check_facing_bet"
    assert "call 600" in e.value.message


def test_chp_01_all_in_declaration() -> None:
    r = read_chips(push(1000, says="all in"), facing(600, stack=3000), GROS)
    assert (r.action, r.amount_to, r.chips_in, r.must_complete_to) == ("all_in", 3000, 1000, 3000)
    # pot limit: all-in above the pot is held to the pot-limit maximum
    s = Situation(
        current_bet=2,
        player_bet=0,
        stack=200,
        min_raise_to=4,
        max_raise_to=7,
        last_full_raise=2,
        structure="pot_limit",
        pot_size_for_pot_bet=3,
    )
    r = read_chips(push(says="all-in"), s, GROS)
    assert (r.action, r.amount_to) == ("raise", 7)


# ---- CHP-04 / CHP-09 string bets ----------------------------------------------------------------


def test_chp_04_string_bet_only_first_motion_counts() -> None:
    r = read_chips(ChipPush(motions=((500, 100), (500, 100))), S16, LPR)
    assert (r.action, r.amount_to, r.returned, r.rule) == ("call", 600, 600, "CHP-04")


def test_chp_04_raise_said_first_then_one_further_motion() -> None:
    d = Declaration(kind="raise")
    r = read_chips(ChipPush(motions=((500, 100), (1000,)), declaration=d), S16, RRP)
    assert (r.action, r.amount_to, r.returned) == ("raise", 1600, 0)
    r = read_chips(ChipPush(motions=((500, 100), (1000,), (1000,)), declaration=d), S16, RRP)
    assert (r.action, r.amount_to, r.returned, r.rule) == ("raise", 1600, 1000, "CHP-04")


def test_chp_04_amount_stated_every_motion_counts() -> None:
    d = Declaration(kind="raise", amount=2000)
    r = read_chips(ChipPush(motions=((1000,), (500,), (500,)), declaration=d), S16, HIPP)
    assert (r.action, r.amount_to, r.chips_in, r.returned) == ("raise", 2000, 2000, 0)


def test_chp_09_going_back_for_chips_to_complete_a_call_is_not_a_string_raise() -> None:
    r = read_chips(ChipPush(motions=((500,), (100,))), S16, HIPP)
    assert (r.action, r.amount_to, r.returned) == ("call", 600, 0)
    r = read_chips(ChipPush(motions=((500,), (100,), (1000,))), S16, HIPP)
    assert (r.action, r.returned, r.rule) == ("call", 1000, "CHP-04")


def test_chp_04_call_completed_in_a_later_motion_with_raise_chips_is_a_call() -> None:
    # Facing 600: 500 first, then 100 + 1000 in a second motion: he went back to his stack,
    # so the chips beyond the call are a string raise (LPR r23, GROS:L61, RRP:L65).
    for rules in (LPR, GROS, HIPP, RRP, CAMB):
        r = read_chips(ChipPush(motions=((500,), (100, 1000))), S16, rules)
        assert (r.action, r.amount_to, r.chips_in, r.returned, r.rule) == (
            "call", 600, 600, 1000, "CHP-04"
        )
    # One chip too big in the second motion is change, not a raise: still a call.
    r = read_chips(ChipPush(motions=((500,), (1000,), (500,))), S16, HIPP)
    assert (r.action, r.amount_to, r.returned, r.rule) == ("call", 600, 1400, "CHP-04")


def test_chp_09_opening_bet_in_two_motions_counts_first_only() -> None:
    r = read_chips(ChipPush(motions=((300,), (300,))), opening(200), HIPP)
    assert (r.action, r.amount_to, r.returned) == ("bet", 300, 300)


# ---- CHP-08 / G21 "pot" --------------------------------------------------------------------------


def test_chp_08_pot_in_no_limit_is_pot_size_bet_floor_confirms() -> None:
    # flop, pot 600, no bet: "pot" = 600
    s = opening(100, stack=5000, pot_size_for_pot_bet=600)
    r = read_chips(push(says="pot"), s, GROS)
    assert (r.action, r.amount_to, r.rule, r.needs_floor) == ("bet", 600, "CHP-08", True)
    # facing 1,000 into 600: pot raise = 1000 + 1600 + 1000 = 3600
    r = read_chips(push(says="pot"), S11, GROS)
    assert r.amount_to == 3600
    r = read_chips(push(says="pot"), s, ChipRules(nl_pot_declaration="minimum_bet"))
    assert r.amount_to == 100
    with pytest.raises(IllegalAction) as e:
        read_chips(push(says="pot"), opening(100), GROS)
    assert e.value.code == "pot_size_unknown"


def test_str_05_pot_in_pot_limit_is_the_maximum() -> None:
    s = Situation(
        current_bet=2,
        player_bet=0,
        stack=200,
        min_raise_to=4,
        max_raise_to=7,
        last_full_raise=2,
        structure="pot_limit",
        pot_size_for_pot_bet=3,
    )
    r = read_chips(push(5, 5, says="pot"), s, LPR)
    assert (r.action, r.amount_to, r.chips_in, r.returned, r.rule) == ("raise", 7, 7, 3, "STR-05")
    # silent chips above the pot limit: raise to the maximum, the excess goes back
    r = read_chips(push(5, 5), s, LPR)
    assert (r.action, r.amount_to, r.returned) == ("raise", 7, 3)


def test_pot_in_fixed_limit_is_illegal() -> None:
    with pytest.raises(IllegalAction) as e:
        read_chips(push(says="pot"), S40_A, RRP)
    assert e.value.code == "pot_in_fixed_limit"


# ---- CHP-10 / CHP-11 -----------------------------------------------------------------------------


def test_chp_10_tap_is_check() -> None:
    r = read_chips(ChipPush(tap=True), opening(200), HIPP)
    assert (r.action, r.rule) == ("check", "CHP-10")
    with pytest.raises(IllegalAction) as e:
        read_chips(ChipPush(tap=True), S16, HIPP)
    assert e.value.code == "tap_facing_bet"


def test_chp_11_options_can_be_told() -> None:
    assert describe_options(opening(200, stack=5000)) == "fold, check, bet to 200..5000"
    assert describe_options(facing(600, stack=400)) == "fold, call all-in 400"
    assert describe_options(facing(600, stack=900)) == "fold, call 600, raise to 900"


# ---- no raise open (BET-04 / STR-03) -------------------------------------------------------------


def test_bet_04_no_raise_open_silent_extra_returned_declared_raise_illegal() -> None:
    s = facing(600, raise_allowed=False)
    r = read_chips(push(1000, 500), s, LPR)
    assert (r.action, r.amount_to, r.returned, r.rule) == ("call", 600, 900, "BET-04")
    with pytest.raises(IllegalAction) as e:
        read_chips(push(says="raise to 1200"), s, LPR)
    assert e.value.code == "raise_not_allowed"


# ---- bad input -----------------------------------------------------------------------------------


def test_bad_input_is_illegal_action_with_code() -> None:
    with pytest.raises(IllegalAction) as e:
        ChipPush(chips=(100, -5))
    assert e.value.code == "chip_not_positive"
    with pytest.raises(IllegalAction) as e:
        read_chips(push(5000, 5000), facing(600, stack=6000), LPR)
    assert e.value.code == "push_exceeds_stack"
    assert "6000" in e.value.message
    with pytest.raises(IllegalAction) as e:
        read_chips(push(says="raise to 9000"), facing(600, stack=6000), LPR)
    assert e.value.code == "amount_exceeds_stack"
    pl = Situation(
        current_bet=2,
        player_bet=0,
        stack=200,
        min_raise_to=4,
        max_raise_to=7,
        last_full_raise=2,
        structure="pot_limit",
    )
    with pytest.raises(IllegalAction) as e:
        read_chips(push(says="raise to 20"), pl, LPR)
    assert e.value.code == "amount_above_maximum"
    assert "4..7" in e.value.message
    with pytest.raises(IllegalAction) as e:
        read_chips(push(says="bet 30"), S40_A, RRP)
    assert e.value.code == "amount_above_maximum"
    with pytest.raises(IllegalAction):
        read_chips(ChipPush(), S16, LPR)
    with pytest.raises(IllegalAction):
        Declaration.parse("raise to lots")
    with pytest.raises(IllegalAction):
        Declaration(kind="call", amount=5)
    with pytest.raises(IllegalAction):
        Situation(
            current_bet=100,
            player_bet=200,
            stack=10,
            min_raise_to=200,
            max_raise_to=210,
            last_full_raise=100,
        )
    with pytest.raises(IllegalAction):
        ChipRules(multi_chip_silent="raise_per_threshold", overcall_raise_threshold_num=None)


def test_declaration_parse() -> None:
    assert Declaration.parse("Raise to 600") == Declaration(kind="raise", amount=600)
    assert Declaration.parse("raise 400") == Declaration(kind="raise", amount=400, increment=True)
    assert Declaration.parse("bet 200") == Declaration(kind="bet", amount=200)
    assert Declaration.parse("pass").kind == "fold"
    assert Declaration.parse("All In").kind == "all_in"
    assert Declaration.parse("500") == Declaration(amount=500)
    assert Declaration.parse("five") == Declaration(amount=5)


def test_house_table_matches_rules_matrix() -> None:
    assert set(CHIP_RULES_BY_HOUSE) == {"lpr", "grosvenor", "hippodrome", "cambridge", "roberts"}
    for modes in CHIP_RULES_BY_HOUSE.values():
        assert set(modes) == {"cash", "tournament"}
        for rules in modes.values():
            assert rules.single_oversized_chip == "call"
    assert LPR.multi_chip_silent == "raise_if_one_chip_would_call"
    assert CAMB.multi_chip_silent == "raise_to_total" and CAMB.overcall_raise_threshold_num == 0
    assert (GROS.overcall_raise_threshold_num, GROS.overcall_raise_threshold_den) == (51, 100)
    assert GROS.undercall_rule == "gros_cash_51pct" and GROS_COMP.undercall_rule == "committed"
    assert RRP.undercall_rule == "bring_up"
    assert RRP.unaware_of_raise == "withdraw_if_no_action_after"
    assert ChipRules.for_house("hippodrome") is HIPP
    with pytest.raises(IllegalAction):
        ChipRules.for_house("nowhere")


# ---- properties ----------------------------------------------------------------------------------

DENOMS = (1, 5, 25, 100, 500, 1000, 5000)
RULE_ID = re.compile(r"^[A-Z]{3}-\d\d$")
RULESETS = [
    *ALL_HOUSES,
    ChipRules(single_chip_no_bet_facing="check"),
    ChipRules(nl_pot_declaration="minimum_bet"),
]


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    structure = draw(st.sampled_from(["no_limit", "pot_limit", "fixed_limit"]))
    unit = draw(st.sampled_from([2, 10, 20, 100, 200]))
    stack = draw(st.integers(1, 30000))
    if structure == "fixed_limit":
        level = draw(st.integers(0, 3))
        current = level * unit
        player_bet = draw(
            st.sampled_from(
                [b for b in (0, unit // 2, current - unit, current) if 0 <= b <= current]
            )
        )
        r = unit
        min_to = max_to = current + unit
        if max_to > player_bet + stack:
            max_to = max(player_bet + stack, min_to)  # keep the validation satisfied
        pot = None
    else:
        current = draw(st.sampled_from([0, unit, 2 * unit, draw(st.integers(1, 20000))]))
        player_bet = draw(st.integers(0, current))
        r = draw(st.integers(1, max(1, current))) if current else unit
        min_to = (current + r) if current else unit
        pot = draw(st.integers(current, current * 4 + 2000))
        all_in = player_bet + stack
        if structure == "no_limit":
            max_to = max(all_in, min_to) if all_in >= min_to else all_in
        else:
            max_to = max(min_to, current + pot + (current - player_bet))
    return Situation(
        current_bet=current,
        player_bet=player_bet,
        stack=stack,
        min_raise_to=min_to,
        max_raise_to=max_to,
        last_full_raise=r,
        structure=structure,  # type: ignore[arg-type]
        bet_unit=unit if structure == "fixed_limit" else None,
        pot_size_for_pot_bet=pot,
        raise_allowed=draw(st.booleans()),
        aware_of_raise=draw(st.booleans()),
        acted_after=draw(st.booleans()),
    )


declarations = st.one_of(
    st.none(),
    st.sampled_from(
        [Declaration(kind=k) for k in ("fold", "check", "call", "bet", "raise", "all_in", "pot")]
    ),
    st.builds(
        Declaration, kind=st.sampled_from([None, "bet", "raise"]), amount=st.integers(1, 40000)
    ),
    st.builds(
        lambda n: Declaration(amounts=Declaration.spoken_candidates(n, 50000)), st.integers(1, 9)
    ),
)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Situation, ChipPush]:
    """A situation and a push; chips mostly fit the stack and sit near the call and R."""
    s = draw(situations())
    near = {s.to_call, s.last_full_raise, max(1, s.last_full_raise // 2), s.stack}
    denoms = sorted({d for d in (*DENOMS, *near) if d > 0})
    chip = st.sampled_from(denoms)
    n_motions = draw(st.sampled_from([0, 1, 1, 1, 2, 3]))
    motions = [draw(st.lists(chip, min_size=1, max_size=5).map(tuple)) for _ in range(n_motions)]
    if draw(st.integers(0, 9)):  # mostly keep the push within the stack
        kept: list[tuple[int, ...]] = []
        total = 0
        for motion in motions:
            fit = []
            for c in motion:
                if total + c <= s.stack:
                    fit.append(c)
                    total += c
            if fit:
                kept.append(tuple(fit))
        motions = kept
    silent = draw(st.booleans())
    decl = None if silent else draw(declarations)
    return s, ChipPush(motions=tuple(motions), declaration=decl)


def check_reading(r: ChipReading, p: ChipPush, s: Situation) -> None:
    assert min(r.chips_in, r.returned, r.forfeited) >= 0
    assert r.chips_in + r.returned + r.forfeited == p.total  # conservation
    assert r.amount_to - s.player_bet <= s.stack  # never more than the stack
    assert RULE_ID.match(r.rule), r.rule
    assert r.explanation
    if r.action in ("fold", "check"):
        assert r.amount_to == s.player_bet and r.chips_in == 0 and r.must_complete_to is None
        if r.action == "check":
            assert s.to_call == 0
        return
    needed = r.amount_to - s.player_bet
    assert r.chips_in <= needed
    assert (r.must_complete_to is None) == (r.chips_in == needed)
    assert r.must_complete_to in (None, r.amount_to)
    if r.action == "call":
        assert r.amount_to == s.call_to and s.to_call > 0
    elif r.action in ("bet", "raise"):
        assert s.can_raise
        assert s.min_raise_to <= r.amount_to <= s.cap_to
        assert (r.action == "bet") == (s.current_bet == 0)
    else:
        assert r.amount_to == s.all_in_to
        assert s.all_in_to <= s.current_bet or (s.can_raise and s.all_in_to <= s.cap_to)


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
@given(case=cases(), rules=st.sampled_from(RULESETS))
def test_property_reading_conserves_chips_and_is_legal(
    case: tuple[Situation, ChipPush], rules: ChipRules
) -> None:
    s, p = case
    try:
        r = read_chips(p, s, rules)
    except IllegalAction as e:
        assert e.code and e.message
        return
    check_reading(r, p, s)
    for option in r.options:
        if option == "withdraw":
            continue
        check_reading(r.choose(option, s), p, s)
