"""Betting at hand level: order of action, minimum bets and raises, all-ins and reopening
(FLOW-03/04/06/08, BLD-03/04/05, BET-01..08), with exact chip numbers, and the refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest
from handkit import Hand

from pokerroom.errors import ConfigError, IllegalAction
from pokerroom.hand.actions import BetRaise, CheckCall, CorrectBet, Fold, UndersizedBet
from pokerroom.hand.betting import LegalActions
from pokerroom.hand.config import HandConfig, preflop_start
from pokerroom.hand.events import BetCorrected, ChipsBet, UndersizedBetMade
from pokerroom.house import derive, load_house
from pokerroom.house.rules import HouseRules

FOUR = ("AsAd", "KsKd", "QcQh", "JcJh")


def limped_to_flop(h: Hand) -> None:
    """Everyone calls the big blind pre-flop (positions 2.., then SB, then BB checks)."""
    while h.state.street == 0 and not h.state.is_over:
        legal = h.legal
        assert legal.actor is not None
        h.act(CheckCall(legal.actor))
    assert h.state.street == 1


# ------------------------------------------------------------------ order of action


def test_flow_03_preflop_first_to_act_is_left_of_the_big_blind() -> None:
    h = Hand("NT", (200,) * 6, 1, 2, ("AsAd", "KsKd", "QcQh", "JcJh", "Tc9c", "8d8h"))
    assert h.legal == LegalActions(2, False, 2, 4, 200)
    h.refuse(CheckCall(3), "out_of_turn", IllegalAction)
    order = []
    for _ in range(6):
        order.append(h.legal.actor)
        h.act(CheckCall(h.legal.actor))  # type: ignore[arg-type]
    assert order == [2, 3, 4, 5, 0, 1]


def test_flow_03_the_table_may_start_the_preflop_action_elsewhere() -> None:
    # A make-up post of a big blind by position 4 must not move the start (the table's
    # plan, HandConfig.preflop_first): position 2 acts first, the poster has his option.
    base = HandConfig.build("NT", (200,) * 6, 1, 2)
    posted = replace(base, blinds=(1, 2, 0, 0, 2, 0))
    assert preflop_start(posted.blinds) == 5  # the engine's own: left of the last big blind
    h = Hand("NT", (200,) * 6, 1, 2, ("AsAd", "KsKd", "QcQh", "JcJh", "Tc9c", "8d8h"),
             config=replace(posted, preflop_first=2))
    order = []
    for _ in range(6):
        order.append(h.legal.actor)
        h.act(CheckCall(h.legal.actor))  # type: ignore[arg-type]
    assert order == [2, 3, 4, 5, 0, 1]
    with pytest.raises(ConfigError) as err:
        replace(base, preflop_first=6)
    assert err.value.code == "bad_position"


def test_flow_04_big_blind_option_when_limped_to() -> None:
    h = Hand("NT", (200, 200, 200), 1, 2, FOUR[:3])
    h.act(CheckCall(2), CheckCall(0))
    # The pot is only called to the BB: he may check or raise (HIPP:L221).
    assert h.legal == LegalActions(1, True, 0, 4, 200)
    h.act(BetRaise(1, 6))
    # His raise reopens the round for the callers.
    assert h.legal == LegalActions(2, False, 4, 10, 200)
    h.act(CheckCall(2), CheckCall(0))
    assert h.state.phase_name == "board" and h.state.pot == 18


def test_flow_04_round_ends_when_bb_checks_the_option() -> None:
    h = Hand("NT", (200, 200, 200), 1, 2, FOUR[:3])
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    assert h.state.phase_name == "board"
    assert h.legal.actor is None
    assert h.state.pot == 6 and h.stacks == (198, 198, 198)


def test_flow_04_bets_stay_in_front_until_the_round_ends() -> None:
    h = Hand("NT", (200, 200, 200), 1, 2, FOUR[:3])
    h.act(BetRaise(2, 6))
    assert h.state.bets == [1, 2, 6]
    h.act(CheckCall(0), CheckCall(1))
    assert h.state.bets == [0, 0, 0] and h.state.pot == 18


def test_flow_06_postflop_first_live_player_left_of_the_button_acts_first() -> None:
    h = Hand("NT", (200,) * 4, 1, 2, FOUR)
    h.act(CheckCall(2), CheckCall(3), Fold(0), CheckCall(1))
    h.board("2c3d4h")
    # The SB folded: the BB (position 1) is the first live player left of the button.
    assert h.legal == LegalActions(1, True, 0, 2, 198)
    h.act(CheckCall(1))
    assert h.legal.actor == 2
    h.act(CheckCall(2))
    assert h.legal.actor == 3  # the button acts last


def test_flow_07_check_raise_is_allowed() -> None:
    h = Hand("NT", (200, 200, 200), 1, 2, FOUR[:3])
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    h.board("2c3d4h")
    h.act(CheckCall(0), BetRaise(1, 10), CheckCall(2))
    assert h.legal == LegalActions(0, False, 10, 20, 198)
    h.act(BetRaise(0, 30))
    assert h.state.bets == [30, 10, 10]


def test_flow_08_heads_up_button_posts_sb_acts_first_preflop_last_after() -> None:
    h = Hand("NT", (100, 100), 1, 2, ("AsAd", "KsKd"))
    assert h.config.blinds == (2, 1)  # position 0 posts the BB, the button the SB
    assert h.stacks == (98, 99)
    assert h.legal == LegalActions(1, False, 1, 4, 100)
    h.act(CheckCall(1))
    assert h.legal == LegalActions(0, True, 0, 4, 100)  # BB option
    h.act(CheckCall(0))
    h.board("2c3d4h")
    assert h.legal.actor == 0  # the button acts last after the flop
    h.act(CheckCall(0))
    assert h.legal.actor == 1


def test_s04_camb_heads_up_blinds_deal_and_action_order() -> None:
    # Position 0 = Y (BB, 15,000), position 1 = X (button, 9,000).
    rules = load_house("cambridge", "tournament")
    h = Hand("NT", (15000, 9000), 300, 600, ("AsKs", "7d2c"), rules=rules)
    assert h.stacks == (14400, 8700)
    assert h.legal == LegalActions(1, False, 300, 1200, 9000)  # X first, min raise-to 1,200
    h.act(BetRaise(1, 1500))
    assert h.legal.actor == 0 and h.legal.call_amount == 900
    h.act(CheckCall(0))
    assert h.state.pot == 3000 and h.stacks == (13500, 7500)
    h.board("2h3h4d")
    assert h.legal.actor == 0  # Y acts first on the flop
    h.act(CheckCall(0), BetRaise(1, 2000), Fold(0))
    assert h.state.is_over
    assert h.stacks == (13500, 10500)
    assert sum(h.stacks) == 24000


# ------------------------------------------------------------------ blinds


def test_bld_03_short_big_blind_keeps_the_scheduled_call_and_raise() -> None:
    # £2/£5, BB all-in for £3: others still call £5 and raise to at least £10.
    h = Hand("NT", (200, 3, 200, 200), 2, 5, FOUR)
    assert h.stacks == (198, 0, 200, 200)
    assert h.legal == LegalActions(2, False, 5, 10, 200)
    h.refuse(BetRaise(2, 8), "raise_below_minimum", IllegalAction)
    h.act(CheckCall(2), CheckCall(3), CheckCall(0))
    assert h.state.pot == 18 and h.stacks == (195, 0, 195, 195)


def test_bld_03_house_may_let_the_short_blind_set_the_call() -> None:
    h = Hand(
        "NT",
        (200, 3, 200, 200),
        2,
        5,
        FOUR,
        rules=HouseRules(short_blind_sets_call_amount=True),
    )
    assert h.legal.call_amount == 3


def test_bld_04_blind_keeps_option_after_short_allin_in_front() -> None:
    # UTG calls 2, button all-in for 3 (incomplete), SB folds: the BB has not acted.
    h = Hand("NT", (200, 200, 200, 3), 1, 2, FOUR)
    h.act(CheckCall(2), BetRaise(3, 3), Fold(0))
    assert h.legal == LegalActions(1, False, 1, 5, 200)


def test_bld_05_straddle_sets_min_raise_and_straddler_acts_last() -> None:
    holes = (*FOUR, "Tc9c")
    h = Hand("NT", (200,) * 5, 1, 2, holes, straddles=(4,))
    assert h.stacks == (199, 198, 196, 200, 200)
    # Action starts left of the straddler; the straddle is the bet to call, raise to 8+.
    assert h.legal == LegalActions(3, False, 4, 8, 200)
    h.refuse(BetRaise(3, 6), "raise_below_minimum", IllegalAction)
    h.act(CheckCall(3), CheckCall(4), CheckCall(0), CheckCall(1))
    # The straddler has the last option.
    assert h.legal == LegalActions(2, True, 0, 8, 200)
    h.act(CheckCall(2))
    assert h.state.phase_name == "board" and h.state.pot == 20


# ------------------------------------------------------------------ minimum bet and raise


def test_bet_01_minimum_opening_bet_is_the_big_blind() -> None:
    h = Hand("NT", (200, 200, 200), 5, 10, FOUR[:3])
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    h.board("2c3d4h")
    assert h.legal == LegalActions(0, True, 0, 10, 190)
    err = h.refuse(BetRaise(0, 9), "raise_below_minimum", IllegalAction)
    assert "minimum bet to 10" in str(err) and "bet to 10..190" in str(err)


def test_bet_01_opening_bet_below_the_big_blind_only_all_in() -> None:
    h = Hand("NT", (200, 16, 200), 5, 10, FOUR[:3])
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    h.board("2c3d4h")
    h.act(CheckCall(0))
    assert h.legal == LegalActions(1, True, 0, 6, 6)  # 6 left: all-in is the only bet
    h.act(BetRaise(1, 6))
    assert h.of(ChipsBet)[-1] == ChipsBet(1, "bet", 6, 6, True)


def test_bet_02_min_raise_is_the_largest_bet_or_raise_this_round() -> None:
    h = Hand("NT", (500,) * 3, 1, 2, FOUR[:3])
    assert h.legal.min_raise_to == 4  # pre-flop: 2 x BB
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    h.board("2c3d4h")
    h.act(BetRaise(0, 10))
    assert h.legal.min_raise_to == 20
    h.act(BetRaise(1, 35))  # a raise of 25
    assert h.legal.min_raise_to == 60
    h.refuse(BetRaise(2, 59), "raise_below_minimum", IllegalAction)
    h.act(BetRaise(2, 60))
    assert h.legal.min_raise_to == 85


def test_bet_02_incomplete_allin_keeps_the_last_full_raise() -> None:
    # G7: after an all-in for less than a full raise, min raise-to = current + last full raise.
    h = Hand("NT", (500, 17, 500, 500), 1, 2, FOUR)
    limped_to_flop(h)
    h.board("2c3d4h")
    h.act(BetRaise(0, 10), BetRaise(1, 15))
    assert h.legal == LegalActions(2, False, 15, 25, 498)


def test_bet_03_under_raise_only_as_all_in() -> None:
    h = Hand("NT", (500, 17, 500), 1, 2, FOUR[:3])
    limped_to_flop(h)
    h.board("2c3d4h")
    h.act(BetRaise(0, 10))
    assert h.legal == LegalActions(1, False, 10, 15, 15)  # all-in 15 < min 20: allowed
    h.act(BetRaise(1, 15))
    h.refuse(BetRaise(2, 20), "raise_below_minimum", IllegalAction)  # not all-in: 25+


def test_bet_04_incomplete_allin_does_not_reopen_for_players_who_acted() -> None:
    h = Hand("NT", (500, 17, 500, 500), 1, 2, FOUR)
    limped_to_flop(h)
    h.board("2c3d4h")
    h.act(BetRaise(0, 10), BetRaise(1, 15), CheckCall(2), CheckCall(3))
    # Position 0 already acted and faces only the incomplete 5: call or fold.
    assert h.legal == LegalActions(0, False, 5, None, None)
    err = h.refuse(BetRaise(0, 25), "raise_not_allowed", IllegalAction)
    assert "fold, call 5" in str(err)
    h.act(CheckCall(0))
    assert h.state.phase_name == "board" and h.state.pot == 68


def test_bet_04_lpr_literal_lets_a_caller_reraise() -> None:
    # reopen_barred_for = already_raised (LPR r26): U only called, so he may re-raise.
    h = Hand(
        "NT",
        (200, 200, 200, 3),
        1,
        2,
        FOUR,
        rules=HouseRules(reopen_barred_for="already_raised"),
    )
    h.act(CheckCall(2), BetRaise(3, 3), Fold(0), CheckCall(1))
    assert h.legal == LegalActions(2, False, 1, 5, 200)


def test_bet_04_lpr_literal_bars_a_player_who_raised_then_called() -> None:
    # A raises to 10, X calls, B raises to 30, the blinds fold, A calls 30, then X goes all in
    # for 40 (short of a full raise), B calls. A raised earlier this round, so the short all-in
    # does not reopen the betting for him under LPR r26's literal reading, however he acted
    # since; nor under the "already acted" reading.
    holes = ("AsKs", "QdQc", "7h2d", "8c8d", "9c9d")
    for rules in (HouseRules(reopen_barred_for="already_raised"), HouseRules()):
        h = Hand("NT", (200, 200, 200, 40, 200), 1, 2, holes, rules=rules)
        h.act(BetRaise(2, 10), CheckCall(3), BetRaise(4, 30), Fold(0), Fold(1), CheckCall(2))
        h.act(BetRaise(3, 40), CheckCall(4))
        assert h.legal == LegalActions(2, False, 10)


def test_bet_04_g6_cumulative_short_allins_reopen() -> None:
    # A bets 10; B all-in 15 (+5); C all-in 21 (+6): together +11 >= 10, a full raise.
    h = Hand("NT", (500, 17, 23, 500), 1, 2, FOUR)
    limped_to_flop(h)
    h.board("2c3d4h")
    h.act(BetRaise(0, 10), BetRaise(1, 15), BetRaise(2, 21), CheckCall(3))
    assert h.legal == LegalActions(0, False, 11, 31, 498)


def test_bet_04_g6_off_cumulative_short_allins_do_not_reopen() -> None:
    h = Hand(
        "NT",
        (500, 17, 23, 500),
        1,
        2,
        FOUR,
        rules=HouseRules(cumulative_short_allins_reopen=False),
    )
    limped_to_flop(h)
    h.board("2c3d4h")
    h.act(BetRaise(0, 10), BetRaise(1, 15), BetRaise(2, 21), CheckCall(3))
    assert h.legal == LegalActions(0, False, 11, None, None)


def _s07() -> Hand:
    # Positions: 0 = SB S, 1 = BB W, 2 = UTG U, 3 = button B with exactly £3.
    h = Hand("NT", (200, 200, 200, 3), 1, 2, FOUR, rules=load_house("hippodrome", "cash"))
    h.act(CheckCall(2), BetRaise(3, 3), Fold(0))
    assert h.legal == LegalActions(1, False, 1, 5, 200)  # W: fold, call £1, raise to £5+
    return h


def test_s07_a_incomplete_allin_does_not_reopen_for_the_caller() -> None:
    h = _s07()
    h.act(CheckCall(1))
    assert h.legal == LegalActions(2, False, 1, None, None)  # U: no raise button
    h.refuse(BetRaise(2, 5), "raise_not_allowed", IllegalAction)
    h.act(CheckCall(2))
    assert h.state.pot == 10
    assert h.state.contrib == [1, 3, 3, 3]
    h.board("2c3d4h")
    assert h.legal.actor == 1  # W first, then U
    h.act(CheckCall(1))
    assert h.legal.actor == 2


def test_s07_b_full_raise_by_the_blind_reopens() -> None:
    h = _s07()
    h.act(BetRaise(1, 8))
    assert h.legal == LegalActions(2, False, 6, 13, 200)  # U: fold, call £6, raise to £13+
    h.act(CheckCall(2))
    assert h.state.phase_name == "board"
    assert h.state.contrib == [1, 8, 8, 3]
    assert h.state.pot == 20  # main 3+3+3+1 = 10, side 5+5 = 10


# ------------------------------------------------------------------ all-in


def test_bet_06_all_in_commits_every_chip() -> None:
    h = Hand("NT", (150, 200, 200), 1, 2, FOUR[:3])
    h.act(BetRaise(2, 200))
    assert h.of(ChipsBet)[-1] == ChipsBet(2, "raise", 200, 200, True)
    assert h.stacks[2] == 0
    h.refuse(BetRaise(0, 150), "raise_not_allowed", IllegalAction)  # only call all-in


def test_bet_07_calling_short_is_all_in_for_less() -> None:
    h = Hand("NT", (150, 200, 200), 1, 2, FOUR[:3])
    h.act(BetRaise(2, 200))
    assert h.legal == LegalActions(0, False, 149, None, None)
    h.act(CheckCall(0))
    assert h.of(ChipsBet)[-1] == ChipsBet(0, "call", 150, 149, True)
    h.act(CheckCall(1))
    assert h.state.contrib == [150, 200, 200]


# ------------------------------------------------------------------ fixed limit, BET-05


def test_bet_05_allin_under_half_a_bet_is_completed_to_the_full_level() -> None:
    # FLHE 10/20, pre-flop: current bet 20; all-in for 28 -> next player may complete to 40.
    h = Hand("FT", (500, 500, 28, 500), 10, 20, FOUR)
    h.act(BetRaise(2, 28))
    assert h.legal == LegalActions(3, False, 28, 40, 40)
    h.refuse(BetRaise(3, 48), "above_maximum", IllegalAction)
    h.act(BetRaise(3, 40))
    assert h.legal == LegalActions(0, False, 30, 60, 60)


def test_bet_05_short_limit_allin_does_not_reopen_for_players_who_acted_preflop() -> None:
    # FLHE 10/20: UTG calls 20, button all-in 28 (< half a bet over 20), SB folds, BB calls 28.
    # UTG acted and matched every earlier bet: he may only call 8 or fold (BET-05).
    h = Hand("FT", (500, 500, 500, 28), 10, 20, FOUR)
    h.act(CheckCall(2), BetRaise(3, 28), Fold(0), CheckCall(1))
    assert h.legal == LegalActions(2, False, 8, None, None)


def test_bet_05_short_limit_allin_does_not_reopen_for_players_who_acted_flop() -> None:
    # Flop, U = 20: A bets 20, B all-in 28, C calls 28: A may only call 8 or fold.
    h = Hand("FT", (500, 48, 500), 10, 20, FOUR[:3])
    h.act(CheckCall(2), CheckCall(0), CheckCall(1))
    h.board("2h3h4d")
    h.act(BetRaise(0, 20), BetRaise(1, 28), CheckCall(2))
    assert h.legal == LegalActions(0, False, 8, None, None)


def test_bet_05_allin_of_half_a_bet_or_more_is_a_full_bet() -> None:
    # U = 20 on the flop; an opening all-in of 15 (>= 10) is a full bet: raise to 35.
    h = Hand("FT", (500, 500, 35, 500), 10, 20, FOUR)
    limped_to_flop(h)
    h.board("2c3d4h")
    h.act(CheckCall(0), CheckCall(1), BetRaise(2, 15))
    assert h.legal == LegalActions(3, False, 15, 35, 35)
    h.act(CheckCall(3))
    # It reopens the betting for the players who checked before it.
    assert h.legal == LegalActions(0, False, 15, 35, 35)


def test_bet_05_g5_completing_a_short_allin_counts_toward_the_cap() -> None:
    # FLHE 10/20, a house where short all-ins do not count toward the cap. BB 20 is bet 1,
    # raise to 40 is 2, an all-in for 48 (under half a bet) does not count, completing it
    # to 60 is a whole raise (3), and the raise to 80 is the fourth bet: the cap.
    rules = derive(load_house("roberts"), limit_short_allin_counts_toward_cap=False)
    h = Hand("FT", (500, 500, 500, 48, 500), 10, 20, (*FOUR, "Tc9c"), rules=rules)
    h.act(BetRaise(2, 40), BetRaise(3, 48))
    assert h.legal == LegalActions(4, False, 48, 60, 60)
    h.act(BetRaise(4, 60), BetRaise(0, 80))
    assert h.state.bet_count == 4
    assert h.legal == LegalActions(1, False, 60, None, None)
    h.refuse(BetRaise(1, 100), "raise_not_allowed", IllegalAction)


def test_bet_05_g5_half_bet_allin_not_counted_toward_the_cap_when_the_house_says_so() -> None:
    # FLHE 10/20: BB (1), raise to 40 (2), all-in for 55 (15 over: a full bet by BET-05 but
    # short of a whole one), raise to 75 (3), raise to 95 (4). Counted as a raise (G5), the
    # all-in makes 75 the fourth bet and 95 is refused.
    holes = (*FOUR, "Tc9c")
    for counts, after_75 in ((True, None), (False, 95)):
        rules = derive(load_house("roberts"), limit_short_allin_counts_toward_cap=counts)
        h = Hand("FT", (500, 500, 500, 55, 500), 10, 20, holes, rules=rules)
        h.act(BetRaise(2, 40), BetRaise(3, 55), BetRaise(4, 75))
        assert h.legal.max_raise_to == after_75


def test_bet_05_exactly_half_a_bet_counts_as_full() -> None:
    h = Hand("FT", (500, 500, 30, 500), 10, 20, FOUR)
    limped_to_flop(h)
    h.board("2c3d4h")
    h.act(CheckCall(0), CheckCall(1), BetRaise(2, 10))
    assert h.legal == LegalActions(3, False, 10, 30, 30)


def test_s40_rrp_low_bet_on_big_bet_round_corrected() -> None:
    # FLHE $10/$20, turn, order A (0), B (1), C (2).
    h = Hand("FT", (500, 500, 500), 5, 10, FOUR[:3], rules=load_house("roberts", "cash"))
    limped_to_flop(h)
    h.board("3c4d9h")
    h.act(CheckCall(0), CheckCall(1), CheckCall(2))
    h.board("Td")
    assert h.state.pot == 30 and h.stacks == (490, 490, 490)
    h.refuse(BetRaise(0, 10), "raise_below_minimum", IllegalAction)  # online: refused
    h.act(UndersizedBet(0, 10))
    assert h.of(UndersizedBetMade)[-1] == UndersizedBetMade(0, 10, 10, 20)
    h.act(CheckCall(1))
    assert h.stacks == (480, 480, 490)
    h.act(CorrectBet())
    assert h.of(BetCorrected)[-1] == BetCorrected(0, 20, ((0, 10), (1, 10)))
    assert h.stacks == (470, 470, 490) and h.state.bets == [20, 20, 0]
    # C may fold, call $20 or raise to $40; B's call did not become a raise.
    assert h.legal == LegalActions(2, False, 20, 40, 40)
    h.act(BetRaise(2, 40))
    # C raised: A and B get full options.
    assert h.legal == LegalActions(0, False, 20, 60, 60)
    h.act(CheckCall(0))
    assert h.legal == LegalActions(1, False, 20, 60, 60)


def test_bet_08_correction_then_calls_close_the_round() -> None:
    h = Hand("FT", (500, 500, 500), 5, 10, FOUR[:3])
    limped_to_flop(h)
    h.board("3c4d9h")
    h.act(CheckCall(0), CheckCall(1), CheckCall(2))
    h.board("Td")
    h.act(UndersizedBet(0, 10), CheckCall(1), CorrectBet(), CheckCall(2))
    assert h.state.phase_name == "board" and h.state.pot == 90
    assert h.stacks == (470, 470, 470)


def test_bet_08_raise_over_a_low_bet_stands_when_the_low_bet_is_corrected() -> None:
    # RRP:L67: a low wager is brought up if discovered before the round ends, even after
    # someone raised over it; that raise stands (it was the current bet: 20, not 10).
    h = Hand("NT", (1000,) * 4, 5, 10, FOUR, rules=load_house("roberts", "cash"))
    limped_to_flop(h)
    h.board("3c4d9h")
    h.act(UndersizedBet(0, 6), BetRaise(1, 20))
    assert h.legal == LegalActions(2, False, 20, 34, 990)
    h.act(CorrectBet())
    assert h.of(BetCorrected)[-1] == BetCorrected(0, 10, ((0, 4),))
    assert h.state.bets == [10, 20, 0, 0] and h.state.current_bet == 20
    assert h.legal == LegalActions(2, False, 20, 34, 990)  # was: call 10
    h.act(CheckCall(2), CheckCall(3))
    # A's bet, now 10, still faces B's raise; a raise came after him: full options.
    assert h.legal == LegalActions(0, False, 10, 34, 990)
    h.act(CheckCall(0))
    assert h.state.phase_name == "board" and h.state.pot == 40 + 80
    assert h.replayed() == h.state


def test_bet_08_short_allin_between_the_low_and_the_corrected_bet() -> None:
    # A bets 6 (low), B is all in for 8 (less than the corrected 10): the correction
    # makes A's 10 the current bet and a full bet.
    h = Hand("NT", (1000, 18, 1000), 5, 10, FOUR[:3], rules=load_house("roberts", "cash"))
    limped_to_flop(h)
    h.board("3c4d9h")
    h.act(UndersizedBet(0, 6), BetRaise(1, 8), CorrectBet())
    assert h.state.current_bet == 10 and h.state.bets == [10, 8, 0]
    assert h.legal == LegalActions(2, False, 10, 20, 990)


def test_bet_08_nothing_to_correct_is_refused() -> None:
    h = Hand("FT", (500, 500, 500), 5, 10, FOUR[:3])
    h.refuse(CorrectBet(), "nothing_to_correct", IllegalAction)
    h.refuse(UndersizedBet(2, 10), "not_undersized", IllegalAction)  # 10 = call, not a bet


# ------------------------------------------------------------------ refusals


def test_out_of_turn_is_refused_with_the_legal_list() -> None:
    h = Hand("NT", (200, 200, 200), 1, 2, FOUR[:3])
    err = h.refuse(BetRaise(0, 10), "out_of_turn", IllegalAction)
    assert "p1 acted out of turn: it is p3 to act" in str(err)
    assert "legal: fold, call 2, raise to 4..200" in str(err)
    h.refuse(Fold(1), "out_of_turn", IllegalAction)


def test_raise_below_minimum_is_refused() -> None:
    h = Hand("NT", (200, 200, 200), 1, 2, FOUR[:3])
    err = h.refuse(BetRaise(2, 3), "raise_below_minimum", IllegalAction)
    assert "raise to 3 is below the minimum raise to 4" in str(err)


def test_betting_before_the_deal_is_refused() -> None:
    h = Hand("NT", (200, 200, 200), 1, 2)
    err = h.refuse(CheckCall(2), "not_betting", IllegalAction)
    assert "deal_hole" in str(err)


def test_flow_09_a_blind_over_a_short_all_in_big_blind_is_not_asked_to_call() -> None:
    # Heads-up at 2000/4000: the small blind (p1 here) posts 2000, the big blind (p2) is all in
    # for 1000. The call stays the full blind (BLD-03), but nobody is left to bet against and
    # he already covers the all-in: no decision (FLOW-09); his 1000 above it comes back
    # (POT-04). Found by probe AR08, where he was asked to fold 2000 or call 2000 more.
    h = Hand("NT", (20000, 1000), 2000, 4000, ("AsAd", "KsKd"), automate_showdown=True)
    assert h.state.contrib == [1000, 1000] and h.legal.actor is None  # 1000 back at once
    for cards in ("2c7d9h", "Js", "3c"):
        h.board(cards)
    assert h.state.is_over and h.state.stacks == (21000, 0)  # aces: 1000 back, 2000 won
