"""Tests for pokerroom.floor.out_of_turn: OOT-01..09 and CHP-01 out of turn, S17 and S18."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import IllegalAction
from pokerroom.floor import (
    CHIP_RULES_BY_HOUSE,
    ChipPush,
    Conduct,
    OutOfTurn,
    OutOfTurnAction,
    Situation,
    impose_penalty,
    read_chips,
    record_out_of_turn,
    right_to_act,
    rule_out_of_turn,
)
from pokerroom.hand import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    HandConfig,
    HandState,
    apply,
    legal_actions,
    start_hand,
)
from pokerroom.hand.events import Event
from pokerroom.house import HouseRules, load_house

HOUSES = ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")
A, B, C = 1, 2, 3  # flop order in the S18 table: BB, UTG, button (the SB folded)


def flop(house: str | HouseRules, mode: str = "cash") -> HandState:
    """S18 table: four players, blinds 2/6; three see a flop with a pot of 20, 1,000 behind."""
    rules = house if isinstance(house, HouseRules) else load_house(house, mode)  # type: ignore[arg-type]
    s, _ = start_hand(HandConfig.build("NT", (1006,) * 4, 2, 6, rules=rules))
    for p, c in enumerate(("AsKs", "QdQc", "7h7d", "2c3c")):
        s, _ = apply(s, DealHole(p, parse_cards(c)))
    for a in (CheckCall(2), CheckCall(3), Fold(0), CheckCall(1)):
        s, _ = apply(s, a)
    s, _ = apply(s, DealBoard(parse_cards("Ah8s4d")))
    assert s.pot == 20 and s.stacks == (1004, 1000, 1000, 1000) and s.actor == A
    return s


def step(
    s: HandState, oot: OutOfTurn, *actions: BetRaise | CheckCall | Fold
) -> tuple[HandState, OutOfTurn]:
    """Apply in-turn actions and let the out-of-turn record see their events."""
    for a in actions:
        s, events = apply(s, a)
        oot = oot.observe(events)
    return s, oot


def s18(house: str | HouseRules) -> tuple[HandState, OutOfTurn]:
    """A bets 10; C raises to 40 out of turn; B then calls 10."""
    s, _ = apply(flop(house), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "raise", to=40))
    return step(s, oot, CheckCall(B))


# ---- OOT-01 ---------------------------------------------------------------------------------


def test_oot_01_engine_accepts_only_the_player_to_act() -> None:
    s, _ = apply(flop("lpr"), BetRaise(A, 10))
    with pytest.raises(IllegalAction) as err:
        apply(s, BetRaise(C, 40))
    assert err.value.code == "out_of_turn"
    with pytest.raises(IllegalAction) as err:
        record_out_of_turn(s, OutOfTurnAction(B, "call"))
    assert err.value.code == "in_turn" and "OOT-01" in str(err.value)


# ---- OOT-02 and S18 -------------------------------------------------------------------------


def test_oot_02_s18_roberts_intervening_call_frees_the_raise() -> None:
    s, oot = s18("roberts")
    r = rule_out_of_turn(oot, s)
    assert not r.binds and r.action is None and r.rule == "OOT-02"
    assert r.options is not None
    assert r.options.describe() == "fold (40 back), call 10, raise to 20..1000"
    fold = r.accept(Fold(C), s)
    assert (fold.returned, fold.forfeited) == (40, 0)
    call = r.accept(CheckCall(C), s)
    assert (call.returned, call.forfeited) == (30, 0)  # 10 of the 40 make the call
    assert r.accept(BetRaise(C, 20), s).returned == 20
    with pytest.raises(IllegalAction) as err:
        r.accept(BetRaise(C, 19), s)
    assert err.value.code == "oot_option_not_allowed" and "raise to 20..1000" in str(err.value)


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "hippodrome"])
def test_oot_02_s18_compare_call_does_not_free_the_raise_to_40(house: str) -> None:
    s, oot = s18(house)
    r = rule_out_of_turn(oot, s)
    assert r.binds and r.action == BetRaise(C, 40) and r.rule == "OOT-02"
    assert r.accept(BetRaise(C, 40), s).returned == 0
    with pytest.raises(IllegalAction) as err:
        r.accept(Fold(C), s)
    assert err.value.code == "oot_action_bound"
    # A and B must respond to 40.
    s, _ = apply(s, r.action)
    la = legal_actions(s)
    assert (la.actor, la.call_amount, la.min_raise_to) == (A, 30, 70)
    s, _ = apply(s, CheckCall(A))
    assert legal_actions(s).actor == B and legal_actions(s).call_amount == 30


@pytest.mark.parametrize("house", HOUSES)
def test_oot_02_checks_and_folds_never_release(house: str) -> None:
    s = flop(house)
    oot = record_out_of_turn(s, OutOfTurnAction(C, "bet", to=15))
    s, oot = step(s, oot, CheckCall(A), Fold(B))
    r = rule_out_of_turn(oot, s)
    assert r.binds and r.action == BetRaise(C, 15)
    assert "check, fold" in r.explanation


def test_oot_02_ruling_waits_for_the_turn_and_the_round() -> None:
    s, _ = apply(flop("lpr"), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "raise", to=40))
    before = s.copy()
    with pytest.raises(IllegalAction) as err:
        rule_out_of_turn(oot, s)
    assert err.value.code == "oot_not_yet" and s == before


def test_oot_02_record_refuses_what_he_could_not_do_and_changes_nothing() -> None:
    s, _ = apply(flop("lpr"), BetRaise(A, 10))
    before = s.copy()
    with pytest.raises(IllegalAction) as err:
        record_out_of_turn(s, OutOfTurnAction(C, "raise", to=15))
    assert err.value.code == "oot_amount_out_of_range" and "raise to 20..1000" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        record_out_of_turn(s, OutOfTurnAction(C, "check"))
    assert err.value.code == "check_facing_bet"
    with pytest.raises(IllegalAction) as err:
        record_out_of_turn(s, OutOfTurnAction(0, "call"))  # the SB folded pre-flop
    assert err.value.code == "not_due"
    with pytest.raises(IllegalAction):
        OutOfTurnAction(C, "raise")
    with pytest.raises(IllegalAction):
        OutOfTurnAction(C, "call", to=10)
    assert s == before


# ---- OOT-03 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "cambridge"])
def test_oot_03_released_offender_may_call_or_fold_only(house: str) -> None:
    s, _ = apply(flop(house, "tournament" if house == "cambridge" else "cash"), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "call"))
    assert oot.chips == 10
    s, oot = step(s, oot, BetRaise(B, 30))
    r = rule_out_of_turn(oot, s)
    assert not r.binds and r.rule == "OOT-03" and r.options is not None
    assert r.options.describe() == "fold (10 back), call 30"
    assert r.accept(CheckCall(C), s).returned == 0
    assert r.accept(Fold(C), s).returned == 10
    with pytest.raises(IllegalAction):
        r.accept(BetRaise(C, 50), s)


def test_oot_03_hippodrome_smaller_intervening_raise_must_be_called() -> None:
    s, _ = apply(flop("hippodrome"), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "raise", to=40))
    s, oot = step(s, oot, BetRaise(B, 30))
    r = rule_out_of_turn(oot, s)
    assert r.action == CheckCall(C) and not r.binds and r.rule == "OOT-03"
    out = r.accept(CheckCall(C), s)
    assert (out.returned, out.forfeited) == (10, 0)  # 30 of his 40 call, 10 goes back
    with pytest.raises(IllegalAction):
        r.accept(Fold(C), s)


def test_oot_03_hippodrome_equal_intervening_raise_must_be_called_h7() -> None:
    s, _ = apply(flop("hippodrome"), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "raise", to=40))
    s, oot = step(s, oot, BetRaise(B, 40))
    r = rule_out_of_turn(oot, s)
    assert r.action == CheckCall(C)
    assert r.accept(CheckCall(C), s).returned == 0


def test_oot_03_hippodrome_larger_intervening_raise_call_or_fold_and_take_back() -> None:
    s, _ = apply(flop("hippodrome"), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "raise", to=40))
    s, oot = step(s, oot, BetRaise(B, 70))
    r = rule_out_of_turn(oot, s)
    assert r.options is not None and r.options.describe() == "fold (40 back), call 70"
    assert r.accept(Fold(C), s).returned == 40


def test_oot_03_no_refund_house_forfeits_on_fold() -> None:
    rules = replace(load_house("lpr", "cash"), oot_refund_on_fold=False)
    s, _ = apply(flop(rules), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "call"))
    s, oot = step(s, oot, BetRaise(B, 30))
    r = rule_out_of_turn(oot, s)
    assert r.options is not None and r.options.describe() == "fold (losing 10), call 30"
    out = r.accept(Fold(C), s)
    assert (out.returned, out.forfeited) == (0, 10)


# ---- OOT-04 / OOT-05 / OOT-06 ---------------------------------------------------------------


@pytest.mark.parametrize("house", HOUSES)
def test_oot_04_out_of_turn_fold_always_binds(house: str) -> None:
    s = flop(house, "tournament" if house == "cambridge" else "cash")
    oot = record_out_of_turn(s, OutOfTurnAction(C, "fold"))
    s, oot = step(s, oot, BetRaise(A, 10), BetRaise(B, 30))
    r = rule_out_of_turn(oot, s)
    assert r.binds and r.action == Fold(C) and r.rule == "OOT-04"


def test_oot_05_all_in_out_of_turn_is_handled_like_a_bet() -> None:
    s = flop("lpr")
    oot = record_out_of_turn(s, OutOfTurnAction(C, "all_in"))
    assert oot.to == 1000 and oot.chips == 1000
    s1, o1 = step(s, oot, CheckCall(A), CheckCall(B))
    r = rule_out_of_turn(o1, s1)
    assert r.binds and r.action == BetRaise(C, 1000) and r.rule == "OOT-05"
    s2, o2 = step(s, oot, BetRaise(A, 10), CheckCall(B))
    r = rule_out_of_turn(o2, s2)
    assert r.rule == "OOT-03" and r.options is not None
    assert r.options.describe() == "fold (1000 back), call 10"


def test_oot_06_roberts_out_of_turn_check_may_not_bet_or_raise() -> None:
    s = flop("roberts")
    oot = record_out_of_turn(s, OutOfTurnAction(C, "check"))
    s1, o1 = step(s, oot, BetRaise(A, 10), CheckCall(B))
    r = rule_out_of_turn(o1, s1)
    assert r.rule == "OOT-06" and r.options is not None
    assert r.options.describe() == "fold, call 10"
    with pytest.raises(IllegalAction):
        r.accept(BetRaise(C, 20), s1)
    # Nobody bets: the check stands.
    s2, o2 = step(s, oot, CheckCall(A), CheckCall(B))
    r = rule_out_of_turn(o2, s2)
    assert r.binds and r.action == CheckCall(C)


def test_oot_06_standing_check_may_not_bet_or_raise_on_his_next_turn() -> None:
    # A to act; B checks out of turn; A checks, so B's check stands (RRP:L61: "may not bet
    # or raise on the next turn to act"). C bets, A folds: B may call or fold, not raise.
    s = flop("roberts")
    oot = record_out_of_turn(s, OutOfTurnAction(B, "check"))
    s, oot = step(s, oot, CheckCall(A))
    r = rule_out_of_turn(oot, s)
    assert r.binds and r.action == CheckCall(B) and r.rule == "OOT-06" and r.limits_next_turn
    conduct = Conduct().limit_next_turn(B, s.street)
    s, _ = apply(s, CheckCall(B))
    s, _ = apply(s, BetRaise(C, 10))
    s, _ = apply(s, Fold(A))
    assert s.actor == B and conduct.legal_actions(s).describe() == "fold, call 10"
    with pytest.raises(IllegalAction) as err:
        conduct.check(s, BetRaise(B, 30))
    assert err.value.code == "oot_check_no_raise" and "OOT-06" in str(err.value)
    conduct = conduct.acted(B)  # the limit is for that one turn
    assert conduct.legal_actions(s).describe() == "fold, call 10, raise to 20..1000"
    # A standing check where the house has no such limit carries nothing over.
    free = replace(load_house("roberts", "cash"), oot_check_limits_to_check_call_fold=False)
    s = flop(free)
    oot = record_out_of_turn(s, OutOfTurnAction(B, "check"))
    s, oot = step(s, oot, CheckCall(A))
    assert not rule_out_of_turn(oot, s).limits_next_turn


def test_oot_06_house_without_the_limit_gives_full_options() -> None:
    rules = replace(load_house("roberts", "cash"), oot_check_limits_to_check_call_fold=False)
    s = flop(rules)
    oot = record_out_of_turn(s, OutOfTurnAction(C, "check"))
    s, oot = step(s, oot, BetRaise(A, 10), CheckCall(B))
    r = rule_out_of_turn(oot, s)
    assert r.options is not None and r.options.describe() == "fold, call 10, raise to 20..1000"


# ---- OOT-07 ---------------------------------------------------------------------------------


def test_oot_07_deliberate_out_of_turn_goes_to_the_penalty_menu() -> None:
    gros = load_house("grosvenor", "cash")
    p = impose_penalty(
        gros,
        "carl",
        "two_hands",
        players_at_table=8,
        reason="OOT-07 deliberate out-of-turn action (GROS:L86)",
    )
    assert p.hands == 2 and p.event.reason.startswith("OOT-07")


# ---- OOT-08 and S17 (read by pokerroom.floor.chips) -----------------------------------------


def s17() -> tuple[HandState, Situation]:
    """S17: flop, pot 30; A bets 100, B raises to 300; C (unaware) silently puts in 100."""
    rules = load_house("roberts", "cash")
    st, _ = start_hand(HandConfig.build("NT", (1007,) * 5, 2, 7, rules=rules))
    for p, cards in enumerate(("AsKs", "QdQc", "7h7d", "2c3c", "9h9d")):
        st, _ = apply(st, DealHole(p, parse_cards(cards)))
    for a in (CheckCall(2), CheckCall(3), CheckCall(4), Fold(0), CheckCall(1)):
        st, _ = apply(st, a)
    st, _ = apply(st, DealBoard(parse_cards("Ah8s4d")))
    assert st.pot == 30
    st, _ = apply(st, BetRaise(1, 100))
    st, _ = apply(st, BetRaise(2, 300))
    la = legal_actions(st)
    assert (la.actor, la.call_amount, la.min_raise_to) == (3, 300, 500)
    sit = Situation(
        current_bet=300,
        player_bet=0,
        stack=1000,
        min_raise_to=500,
        max_raise_to=1000,
        last_full_raise=200,
        aware_of_raise=False,
    )
    return st, sit


def test_oot_08_s17_roberts_unaware_caller_takes_back_and_chooses_again() -> None:
    _, sit = s17()
    r = read_chips(ChipPush(chips=(100,)), sit, CHIP_RULES_BY_HOUSE["roberts"]["cash"])
    assert r.rule == "OOT-08" and "withdraw" in r.options and "fold_take_back" in r.options
    folded = r.choose("fold_take_back", sit)
    assert (folded.returned, folded.forfeited) == (100, 0)


@pytest.mark.parametrize(
    "house,mode", [("lpr", "cash"), ("hippodrome", "cash"), ("grosvenor", "tournament")]
)
def test_oot_08_s17_compare_call_the_raise_or_fold_losing_100(house: str, mode: str) -> None:
    _, sit = s17()
    r = read_chips(ChipPush(chips=(100,)), sit, CHIP_RULES_BY_HOUSE[house][mode])  # type: ignore[index]
    assert r.options == ("complete", "fold_forfeit") and r.must_complete_to == 300
    assert r.amount_to - r.chips_in == 200  # adds 200
    assert r.choose("fold_forfeit", sit).forfeited == 100


def test_oot_08_s17_compare_grosvenor_cash_under_51_percent_takes_back() -> None:
    _, sit = s17()
    r = read_chips(ChipPush(chips=(100,)), sit, CHIP_RULES_BY_HOUSE["grosvenor"]["cash"])
    assert r.options == ("complete", "fold_take_back")  # 100 < 153
    assert r.choose("fold_take_back", sit).returned == 100


# ---- OOT-09 ---------------------------------------------------------------------------------


def _behind(s: HandState, *acts: OutOfTurnAction) -> list[OutOfTurn]:
    return [record_out_of_turn(s, a) for a in acts]


@pytest.mark.parametrize(
    "house,two_checks,three",
    [
        ("hippodrome", True, True),
        ("roberts", False, True),
        ("grosvenor", False, True),
    ],
)
def test_oot_09_passive_actions_behind_the_skipped_player(
    house: str, two_checks: bool, three: bool
) -> None:
    s = flop(house)
    two = _behind(s, OutOfTurnAction(B, "check"), OutOfTurnAction(C, "check"))
    r = right_to_act(s, two)
    assert (r.position, r.actions_behind, r.at_risk, r.rule) == (A, 2, two_checks, "OOT-09")
    three_acts = [*two, *two[:1]]
    assert right_to_act(s, three_acts).at_risk is three


def test_oot_09_grosvenor_two_actions_with_chips_put_him_at_risk() -> None:
    s = flop("grosvenor")
    acts = _behind(s, OutOfTurnAction(B, "bet", to=10), OutOfTurnAction(C, "fold"))
    r = right_to_act(s, acts)
    assert r.at_risk and r.chips_actions_behind == 1 and "GROS:L83" in r.explanation


def test_oot_09_roberts_no_loss_while_a_player_in_front_is_still_to_act() -> None:
    s = flop("roberts")
    acts = _behind(
        s, OutOfTurnAction(C, "check"), OutOfTurnAction(C, "check"), OutOfTurnAction(C, "check")
    )
    r = right_to_act(s, acts, position=B)
    assert not r.at_risk and "still to act" in r.explanation


def test_oot_09_actions_before_his_turn_came_do_not_count_against_him() -> None:
    # RRP:L62 (probe H12): waiting for a player in front of you while others act behind you
    # does not hinder your right to act. C checks out of turn while A is to act; once A and B
    # have acted in turn, B's and C's turns come with no action taken behind them in their turn.
    s = flop("roberts")
    early = _behind(s, OutOfTurnAction(C, "check"))
    assert right_to_act(s, early).actions_behind == 1  # behind A, in A's turn
    s, _ = apply(s, CheckCall(A))
    r = right_to_act(s, early)
    assert (r.position, r.actions_behind, r.at_risk) == (B, 0, False)
    late = _behind(s, OutOfTurnAction(C, "check"))  # in B's turn: it counts against B
    assert right_to_act(s, [*early, *late]).actions_behind == 1


# ---- CHP-01 out of turn: words -------------------------------------------------------------


def test_chp_01_lpr_words_out_of_turn_do_not_bind() -> None:
    s, _ = apply(flop("lpr"), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "raise", to=40, verbal=True))
    assert oot.chips == 0
    s, oot = step(s, oot, CheckCall(B))
    r = rule_out_of_turn(oot, s)
    assert not r.binds and r.rule == "CHP-01"
    assert r.options is not None and r.options.describe() == "fold, call 10, raise to 20..1000"


def test_chp_01_oot_04_lpr_spoken_fold_out_of_turn_does_not_bind() -> None:
    # LPR r15: words out of turn do not bind (CONFLICTS L-1: r15 governs words), so "fold"
    # said out of turn leaves the hand live; OOT-04 (GROS:L86) is only a default for the
    # houses that are silent. A fold by the cards (not verbal) still binds.
    s, _ = apply(flop("lpr"), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "fold", verbal=True))
    s1, o1 = step(s, oot, CheckCall(B))
    r = rule_out_of_turn(o1, s1)
    assert not r.binds and r.rule == "CHP-01" and r.action is None
    assert r.options is not None and r.options.describe() == "fold, call 10, raise to 20..1000"
    oot = record_out_of_turn(s, OutOfTurnAction(C, "fold"))
    s2, o2 = step(s, oot, CheckCall(B))
    assert rule_out_of_turn(o2, s2).action == Fold(C)


@pytest.mark.parametrize("house", ["grosvenor", "hippodrome", "roberts"])
def test_oot_04_spoken_fold_out_of_turn_binds_where_words_can_bind(house: str) -> None:
    s, _ = apply(flop(house), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "fold", verbal=True))
    s, oot = step(s, oot, CheckCall(B))
    r = rule_out_of_turn(oot, s)
    assert r.binds and r.action == Fold(C) and r.rule == "OOT-04"


def test_chp_01_grosvenor_key_words_bind_but_check_does_not() -> None:
    s, _ = apply(flop("grosvenor"), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "call", verbal=True))
    s1, o1 = step(s, oot, CheckCall(B))
    assert rule_out_of_turn(o1, s1).action == CheckCall(C)
    s = flop("grosvenor")
    oot = record_out_of_turn(s, OutOfTurnAction(C, "check", verbal=True))
    s, oot = step(s, oot, CheckCall(A), CheckCall(B))
    r = rule_out_of_turn(oot, s)
    assert not r.binds and r.rule == "CHP-01"


def test_chp_01_roberts_words_freed_by_an_intervening_call() -> None:
    rules = replace(load_house("roberts", "cash"), oot_released_by="bet_raise")
    s, _ = apply(flop(rules), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "raise", to=40, verbal=True))
    s, oot = step(s, oot, CheckCall(B))
    r = rule_out_of_turn(oot, s)
    assert not r.binds and r.rule == "CHP-01"


def test_events_record_the_action_and_the_ruling() -> None:
    s, oot = s18("lpr")
    assert oot.event.kind == "raise" and oot.event.to == 40 and oot.event.chips == 40
    r = rule_out_of_turn(oot, s)
    assert (r.event.position, r.event.binds, r.event.rule) == (C, True, "OOT-02")


def test_observe_ignores_deals_and_the_offender() -> None:
    s, _ = apply(flop("lpr"), BetRaise(A, 10))
    oot = record_out_of_turn(s, OutOfTurnAction(C, "call"))
    extra: list[Event] = []
    assert oot.observe(extra) == oot


# ---- floor audit: multiway, heads-up and the size edges ----------------------------------------


def five_preflop(house: str) -> HandState:
    """Five players, blinds 1/2, 500 each: UTG (position 2) to act; p4 and p5 behind him."""
    s, _ = start_hand(HandConfig.build("NT", (500,) * 5, 1, 2, rules=load_house(house, "cash")))  # type: ignore[arg-type]
    for p, c in enumerate(("AsKs", "QdQc", "7h7d", "2c3c", "9s9h")):
        s, _ = apply(s, DealHole(p, parse_cards(c)))
    assert s.actor == 2
    return s


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "hippodrome", "cambridge"])
def test_oot_02_multiway_two_skipped_players_fold_and_call_raise_binds(house: str) -> None:
    # The button raises to 10 out of turn over UTG and the cut-off; UTG folds, the cut-off calls
    # the big blind: no bet or raise in between (LPR r20, GROS:L80, HIPP:L169).
    s = five_preflop(house)
    oot = record_out_of_turn(s, OutOfTurnAction(4, "raise", to=10))
    assert oot.skipped == (2, 3) and oot.chips == 10
    s, oot = step(s, oot, Fold(2), CheckCall(3))
    r = rule_out_of_turn(oot, s)
    assert r.binds and r.action == BetRaise(4, 10) and r.rule == "OOT-02"
    assert r.accept(BetRaise(4, 10), s).returned == 0
    s, _ = apply(s, r.action)
    assert s.pot == 1 + 2 + 2 + 10 and s.current_bet == 10


def test_oot_02_roberts_calling_the_big_blind_in_between_releases_the_raise() -> None:
    # RRP:L61: a call by an intervening player is enough; the button then acts afresh.
    s = five_preflop("roberts")
    oot = record_out_of_turn(s, OutOfTurnAction(4, "raise", to=10))
    s, oot = step(s, oot, Fold(2), CheckCall(3))
    r = rule_out_of_turn(oot, s)
    assert not r.binds and r.rule == "OOT-02" and r.options is not None
    assert r.options.describe() == "fold (10 back), call 2, raise to 4..500"
    assert r.accept(CheckCall(4), s).returned == 8  # he calls 2; 8 of the 10 go back


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "cambridge"])
def test_oot_03_multiway_raise_in_between_call_or_fold_only(house: str) -> None:
    s = five_preflop(house)
    oot = record_out_of_turn(s, OutOfTurnAction(4, "raise", to=10))
    s, oot = step(s, oot, Fold(2), BetRaise(3, 6))  # the cut-off raises to 6: positive action
    r = rule_out_of_turn(oot, s)
    assert not r.binds and r.rule == "OOT-03" and r.options is not None
    assert r.options.describe() == "fold (10 back), call 6"
    with pytest.raises(IllegalAction) as err:
        r.accept(BetRaise(4, 20), s)
    assert err.value.code == "oot_option_not_allowed"
    out = r.accept(CheckCall(4), s)
    assert (out.returned, out.forfeited) == (4, 0)
    out = r.accept(Fold(4), s)
    assert (out.returned, out.forfeited) == (10, 0)


@pytest.mark.parametrize(
    ("raise_to", "forced", "describe", "back"),
    [
        (6, True, None, 4),  # smaller: must call 6, 4 of his 10 go back (HIPP:L170)
        (10, True, None, 0),  # equal: treated as not larger (CONFLICTS H-7)
        (11, False, "fold (10 back), call 11", 0),  # one chip larger: released (HIPP:L171)
    ],
)
def test_oot_03_hippodrome_multiway_size_edge(
    raise_to: int, forced: bool, describe: str | None, back: int
) -> None:
    s = five_preflop("hippodrome")
    oot = record_out_of_turn(s, OutOfTurnAction(4, "raise", to=10))
    s, oot = step(s, oot, BetRaise(2, raise_to), Fold(3))
    r = rule_out_of_turn(oot, s)
    assert not r.binds and r.rule == "OOT-03"
    if forced:
        assert r.action == CheckCall(4) and r.options is None
        with pytest.raises(IllegalAction):
            r.accept(Fold(4), s)  # he cannot fold
        assert r.accept(CheckCall(4), s).returned == back
    else:
        assert r.action is None and r.options is not None
        assert r.options.describe() == describe


def heads_up_flop_oot(house: str) -> tuple[HandState, int, int]:
    """Heads-up flop, pot 4: the big blind (first to act) and the button behind him."""
    s, _ = start_hand(HandConfig.build("NT", (200, 200), 1, 2, rules=load_house(house, "cash")))  # type: ignore[arg-type]
    s, _ = apply(s, DealHole(0, parse_cards("AsKs")))
    s, _ = apply(s, DealHole(1, parse_cards("QdQc")))
    s, _ = apply(s, CheckCall(s.actor))  # type: ignore[arg-type]
    s, _ = apply(s, CheckCall(s.actor))  # type: ignore[arg-type]
    s, _ = apply(s, DealBoard(parse_cards("Ah8s4d")))
    first = s.actor
    assert first is not None and s.pot == 4
    return s, first, 1 - first


@pytest.mark.parametrize("house", HOUSES)
def test_oot_02_heads_up_skipped_player_checks_the_bet_binds(house: str) -> None:
    s, first, button = heads_up_flop_oot(house)
    oot = record_out_of_turn(s, OutOfTurnAction(button, "bet", to=10))
    assert oot.skipped == (first,)
    s, oot = step(s, oot, CheckCall(first))
    r = rule_out_of_turn(oot, s)
    assert r.binds and r.action == BetRaise(button, 10)


@pytest.mark.parametrize(
    ("house", "bet", "describe", "forced"),
    [
        ("lpr", 6, "fold (10 back), call 6", False),
        ("lpr", 20, "fold (10 back), call 20", False),
        ("grosvenor", 20, "fold (10 back), call 20", False),
        ("hippodrome", 6, None, True),
        ("hippodrome", 20, "fold (10 back), call 20", False),
        ("roberts", 6, "fold (10 back), call 6, raise to 12..198", False),
    ],
)
def test_oot_03_heads_up_skipped_player_bets_instead(
    house: str, bet: int, describe: str | None, forced: bool
) -> None:
    s, first, button = heads_up_flop_oot(house)
    oot = record_out_of_turn(s, OutOfTurnAction(button, "bet", to=10))
    s, oot = step(s, oot, BetRaise(first, bet))
    r = rule_out_of_turn(oot, s)
    assert not r.binds
    if forced:
        assert r.action == CheckCall(button) and r.accept(CheckCall(button), s).returned == 10 - bet
    else:
        assert r.options is not None and r.options.describe() == describe


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "hippodrome", "cambridge"])
def test_oot_06_check_out_of_turn_then_a_bet_in_between_call_or_fold(house: str) -> None:
    s, first, button = heads_up_flop_oot(house)
    oot = record_out_of_turn(s, OutOfTurnAction(button, "check"))
    assert oot.chips == 0
    s, oot = step(s, oot, BetRaise(first, 4))
    r = rule_out_of_turn(oot, s)
    assert not r.binds and r.options is not None
    assert r.options.describe() == "fold, call 4"  # nothing of his to give back


def test_oot_06_roberts_check_out_of_turn_released_by_a_bet_still_no_raise() -> None:
    # RRP:L61: the check out of turn bars a bet or raise on his next turn even once released.
    s, first, button = heads_up_flop_oot("roberts")
    oot = record_out_of_turn(s, OutOfTurnAction(button, "check"))
    s, oot = step(s, oot, BetRaise(first, 4))
    r = rule_out_of_turn(oot, s)
    assert r.rule == "OOT-06" and r.options is not None
    assert r.options.describe() == "fold, call 4"


@pytest.mark.parametrize(
    ("house", "acts", "at_risk"),
    [
        ("hippodrome", ("check",), False),  # one behind him: not yet (HIPP:L172 "two or more")
        ("hippodrome", ("check", "fold"), True),
        ("roberts", ("check", "check"), False),  # RRP:L62 "three or more"
        ("roberts", ("bet", "fold"), False),
        ("roberts", ("check", "check", "fold"), True),
        ("grosvenor", ("check", "fold"), False),  # two passive: not substantial (GROS:L83)
        ("grosvenor", ("check", "bet"), True),  # two, one with chips
        ("grosvenor", ("bet",), False),  # one action is never substantial
        ("grosvenor", ("check", "check", "fold"), True),  # three passive
        ("lpr", ("check", "check"), False),  # LPR silent: chosen default 3
        ("lpr", ("check", "check", "check"), True),
    ],
)
def test_oot_09_exact_count_at_which_the_right_to_act_is_at_risk(
    house: str, acts: tuple[str, ...], at_risk: bool
) -> None:
    # Five-handed flop: the BB (p2) is first and misses his turn; the players behind him act
    # out of turn in order.
    s, _ = start_hand(HandConfig.build("NT", (500,) * 5, 1, 2, rules=load_house(house, "cash")))  # type: ignore[arg-type]
    for p, c in enumerate(("AsKs", "QdQc", "7h7d", "2c3c", "9s9h")):
        s, _ = apply(s, DealHole(p, parse_cards(c)))
    for a in (CheckCall(2), CheckCall(3), CheckCall(4), Fold(0), CheckCall(1)):
        s, _ = apply(s, a)
    s, _ = apply(s, DealBoard(parse_cards("Ah8s4d")))
    assert s.actor == 1
    records = [
        record_out_of_turn(
            s,
            OutOfTurnAction(pos, "bet", to=4) if kind == "bet" else OutOfTurnAction(pos, kind),  # type: ignore[arg-type]
        )
        for pos, kind in zip((2, 3, 4), acts, strict=False)
    ]
    r = right_to_act(s, records)
    assert (r.position, r.actions_behind, r.at_risk) == (1, len(acts), at_risk)
