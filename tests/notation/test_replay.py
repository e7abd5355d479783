"""Replaying real hand histories through the engine: the golden data must match exactly,
and a history the rules reject names the action and what was legal."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path

import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import ReplayError
from pokerroom.house.rules import HouseRules
from pokerroom.notation import phh
from pokerroom.notation.replay import replay_history

PHH_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "phh"
HISTORICAL = PHH_DIR / "historical"
PLURIBUS = PHH_DIR / "pluribus"


def _number(x: object) -> object:
    if isinstance(x, float):
        return int(x) if x.is_integer() else Decimal(repr(x))
    return x


def test_golden_data_is_present() -> None:
    assert HISTORICAL.is_dir() and PLURIBUS.is_dir()


@pytest.mark.parametrize(
    "name",
    [
        "alice-carol-wikipedia.phh",
        "antonius-blom-2009.phh",
        "arieh-yockey-2019.phh",
        "dwan-ivey-2009.phh",
        "phua-xuan-2019.phh",
    ],
)
def test_historical_hand_replays_to_expected_stacks(name: str) -> None:
    expected = json.loads((HISTORICAL / "expected_finishing_stacks.json").read_text())[name]
    result = replay_history(phh.load(HISTORICAL / name), expected=expected)
    assert result.complete
    assert result.matched
    assert result.final_stacks == tuple(_number(x) for x in expected)


def test_dwan_ivey_exact_stacks() -> None:
    result = replay_history(phh.load(HISTORICAL / "dwan-ivey-2009.phh"))
    assert result.final_stacks == (572100, 1997500, 1109500)
    assert sum(result.final_stacks) == 1125600 + 2000000 + 553500


def test_sample_of_500_pluribus_hands_replays_exactly() -> None:
    paths = sorted(phh.iter_paths(PLURIBUS))
    assert len(paths) == 10000
    sample = random.Random(2019).sample(paths, 500)
    for path in sample:
        hh = phh.load(path)
        result = replay_history(hh)
        assert result.complete, path
        assert result.matched, (path, result.final_stacks, result.expected)
        if all(isinstance(x, int) for x in hh.finishing_stacks or ()):
            assert result.final_stacks == hh.finishing_stacks, path


MINIMAL = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 AcKs", "d dh p2 ????", "d dh p3 7h6h", {action}, "p1 f", "p2 f"]
"""


def _replay_error(action: str) -> ReplayError:
    hh = phh.loads(MINIMAL.replace("{action}", f'"{action}"'), "bad.phh")
    with pytest.raises(ReplayError) as info:
        replay_history(hh)
    return info.value


def test_malformed_history_raise_below_minimum_names_action_and_legal() -> None:
    err = _replay_error("p3 cbr 3")
    assert err.code == "raise_below_minimum"
    assert "bad.phh: action 4 'p3 cbr 3' rejected" in str(err)
    assert "legal: fold, call 2, raise to 4..200" in str(err)


def test_malformed_history_out_of_turn() -> None:
    err = _replay_error("p2 cc")
    assert err.code == "out_of_turn"
    assert "action 4 'p2 cc'" in str(err) and "it is p3 to act" in str(err)
    assert "legal: fold, call 2, raise to 4..200" in str(err)


def test_malformed_history_above_stack() -> None:
    err = _replay_error("p3 cbr 500")
    assert err.code == "above_maximum"
    assert "legal: fold, call 2, raise to 4..200" in str(err)


def test_malformed_history_duplicate_card() -> None:
    text = MINIMAL.replace('"d dh p3 7h6h"', '"d dh p3 AcKs"').replace("{action}", '"p3 cc"')
    with pytest.raises(ReplayError) as info:
        replay_history(phh.loads(text, "dup.phh"))
    assert info.value.code == "duplicate_card"
    assert "action 3 'd dh p3 AcKs'" in str(info.value)


def test_replay_reports_a_mismatch_of_final_stacks() -> None:
    text = MINIMAL.replace("{action}", '"p3 cbr 6"') + "finishing_stacks = [199, 198, 204]\n"
    result = replay_history(phh.loads(text, "wrong.phh"))
    assert result.final_stacks == (199, 198, 203)
    assert not result.matched


def test_a_duplicate_hole_card_is_named_at_its_own_action() -> None:
    from pokerroom.errors import ReplayError
    from pokerroom.notation.phh import loads
    from pokerroom.notation.replay import replay_history

    text = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 AsJd", "p3 f"]
"""
    with pytest.raises(ReplayError) as info:
        replay_history(loads(text, "dup.phh"))
    assert info.value.code == "duplicate_card" and "action 3 'd dh p3 AsJd'" in str(info.value)


RIVER_RAISE = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1000, 800, 1200]
actions = [
  "d dh p1 AhAc", "d dh p2 KdKc", "d dh p3 QsQh",
  "p3 cbr 60", "p1 cbr 200", "p2 cc", "p3 cc",
  "d db 2s3s8d", "p1 cc", "p2 cc", "p3 cc",
  "d db 9h", "p1 cc", "p2 cc", "p3 cc",
  "d db Td", "p1 cbr 300", "p2 cbr 600", "p3 f", "p1 cc",
  {shows}
]
"""


def test_shd_01_replay_takes_the_show_order_the_history_records() -> None:
    # p2 raised last on the river, so SHD-01 asks him first; the file has the caller table his
    # aces before him. PokerKit 0.7.7 replays it (``sm`` names its player) to [2000, 0, 1000].
    orders = ('"p1 sm AhAc", "p2 sm KdKc"', '"p2 sm KdKc", "p1 sm AhAc"', '"p1 sm AhAc", "p2 sm"')
    for shows in orders:
        result = replay_history(phh.loads(RIVER_RAISE.replace("{shows}", shows), "order.phh"))
        assert result.complete, shows
        assert result.final_stacks == (2000, 0, 1000), shows


def test_shd_01_replay_refuses_a_show_by_a_hand_not_in_the_showdown() -> None:
    text = RIVER_RAISE.replace("{shows}", '"p3 sm QsQh"')
    with pytest.raises(ReplayError) as info:
        replay_history(phh.loads(text, "folded.phh"))
    assert info.value.code == "not_in_showdown"
    assert "the hands still to show are p2, p1" in str(info.value)


def test_no_limit_single_draw_replays() -> None:
    # N2L1D: one draw, no-limit, 2-7 lowball. PokerKit 0.7.7 gives [2000, 0, 1000]: p1's
    # 7-5-4-3-2 (the best low) beats p2's 9-8-6-4-2 after p3 folds the last round.
    text = """\
variant = "N2L1D"
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1000, 800, 1200]
actions = [
  "d dh p1 7h5c4d3s2c", "d dh p2 Ts9c8d6h2d", "d dh p3 KsQh6c3d2h",
  "p3 cbr 60", "p1 cbr 200", "p2 cc", "p3 cc",
  "p1 sd", "p2 sd Ts", "p3 sd KsQh", "d dh p2 4c", "d dh p3 8h7s",
  "p1 cbr 300", "p2 cbr 600", "p3 f", "p1 cc",
  "p2 sm 9c8d6h4c2d", "p1 sm 7h5c4d3s2c",
]
finishing_stacks = [2000, 0, 1000]
"""
    result = replay_history(phh.loads(text, "single_draw.phh"))
    assert result.complete and result.matched
    assert result.final_stacks == (2000, 0, 1000)


#: WSOP 2019 Event #42, Day 3, as published in the PHH dataset: p8's pre-flop fold is missing.
WSOP_2019_42 = (Path(__file__).parent / "data" / "wsop-2019-42-3-00-01-07.phh").read_text()


def test_a_big_blind_ante_is_dead_money_even_with_ante_trimming_set() -> None:
    # A big-blind ante with ante_trimming_status = true, which the spec reserves for uniform
    # antes. The recorded finishing stacks give the winner the ante: it is dead money
    # (PokerKit 0.7.7 layers it and hands it back to the big blind: 17,600,000 and 6,125,000).
    full = WSOP_2019_42.replace("'p1 cc', 'p2 cc', 'd db Th", "'p8 f', 'p1 cc', 'p2 cc', 'd db Th")
    hh = phh.loads(full)
    assert hh.ante_trimming_status is True  # kept as written
    result = replay_history(hh)
    assert result.complete and result.matched and result.repairs == ()
    assert result.final_stacks[:2] == (18100000, 5625000)


def test_replay_is_strict_about_a_missing_fold_and_repairs_it_only_when_asked() -> None:
    hh = phh.loads(WSOP_2019_42, "wsop.phh")
    with pytest.raises(ReplayError) as info:
        replay_history(hh)
    assert info.value.code == "out_of_turn"
    assert "action 14 'p1 cc'" in str(info.value) and "it is p8 to act" in str(info.value)
    result = replay_history(hh, repair=True)
    assert result.repairs == ("p8 f before action 14",)
    assert result.complete and result.matched


def test_repair_checks_where_a_check_is_free() -> None:
    # The big blind's check after the small blind completes is missing before the flop: with
    # repair the big blind checks (a fold is inserted only where a check is not free).
    text = MINIMAL.replace(
        '{action}, "p1 f", "p2 f"', '"p3 f", "p1 cc", "d db 2c3d4h", "p1 cc", "p2 cc"'
    )
    hh = phh.loads(text)
    with pytest.raises(ReplayError) as info:
        replay_history(hh)
    assert info.value.code == "not_dealing_board"
    result = replay_history(hh, repair=True)
    assert result.repairs == ("p2 cc before action 6",)
    assert result.state.board == tuple(parse_cards("2c3d4h"))


SPLIT_SIDE_POT = """\
variant = "NT"
antes = [1, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [200, 5, 200, 200]
actions = [
  "d dh p1 AcKd", "d dh p2 7c2d", "d dh p3 AhKs", "d dh p4 9h9d",
  "p3 cbr 10", "p4 cc", "p1 cc", "p2 cc",
  "d db QsJdTh", "p1 cc", "p3 cc", "p4 cc", "d db 3c", "p1 cc", "p3 cc", "p4 cc",
  "d db 4s", "p1 cbr 2", "p3 cc", "p4 f",
  "p1 sm AcKd", "p3 sm AhKs", "p2 sm 7c2d",
]
"""


def test_pot_05_replay_splits_pots_with_the_same_winners_as_one_pot() -> None:
    # p1 and p3 tie with the same straight in the main pot (21: p1's ante is dead money) and
    # in the side pot (19, p4's fold included). Split one pot at a time, p1 would take both
    # odd chips; PokerKit 0.7.7 kills p2's losing hand, merges the two pots, now contested
    # by the same two hands, and splits 40 evenly: [207, 0, 208, 190].
    result = replay_history(phh.loads(SPLIT_SIDE_POT, "split.phh"))
    assert result.complete
    assert result.final_stacks == (207, 0, 208, 190)


def test_pot_05_replay_gives_every_odd_chip_to_the_first_winner() -> None:
    # Three hands tie for a pot of 32 (p4's 8 folded in): PokerKit 0.7.7 gives the remainder
    # of 32 / 3 (2 chips) to the first winner, p1: [204, 202, 202, 192].
    text = """\
variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [200, 200, 200, 200]
actions = [
  "d dh p1 AcKd", "d dh p2 AdKc", "d dh p3 AhKs", "d dh p4 9h9d",
  "p3 cbr 6", "p4 cc", "p1 cc", "p2 cc", "d db QsJdTh", "p1 cc", "p2 cc", "p3 cc",
  "p4 cbr 2", "p1 cc", "p2 cc", "p3 cc", "d db 3c", "p1 cc", "p2 cc", "p3 cc", "p4 f",
  "d db 4s", "p1 cc", "p2 cc", "p3 cc",
  "p1 sm AcKd", "p2 sm AdKc", "p3 sm AhKs",
]
"""
    assert replay_history(phh.loads(text, "three_way.phh")).final_stacks == (
        204, 202, 202, 192
    )


def test_shd_04_replay_a_winner_may_show_after_the_pot() -> None:
    # Everyone folds to p3's raise; the file records p3 showing his hand afterwards, and
    # again (PokerKit 0.7.7 allows both: [199, 198, 203]); a folded hand may not show.
    base = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 7c2d", "d dh p2 8d8c", "d dh p3 AhKh", "p3 cbr 6", "p1 f", "p2 f"{more}]
"""
    for more in (', "p3 sm AhKh"', ', "p3 sm AhKh", "p3 sm -"'):
        result = replay_history(phh.loads(base.replace("{more}", more), "shows.phh"))
        assert result.final_stacks == (199, 198, 203), more
    with pytest.raises(ReplayError) as info:
        replay_history(phh.loads(base.replace("{more}", ', "p2 sm 8d8c"'), "folded.phh"))
    assert info.value.code == "hand_over"


TRIPLE_DRAW_REDEAL = """\
variant = "F2L3D"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 7h5c4d3s2c", "d dh p2 Ts9c8d6h2d", "d dh p3 KsQh6c3d2h", "p3 f", "p1 cc", "p2 cc",
  "p1 sd", "p2 sd Ts", "d dh p2 {card}",
  "p1 cc", "p2 cc", "p1 sd", "p2 sd {card}", "d dh p2 Qh",
  "p1 cc", "p2 cc", "p1 sd", "p2 sd Qh", "d dh p2 4c",
  "p1 cbr 4", "p2 cc", "p2 sm 9c8d6h4c2d", "p1 sm 7h5c4d3s2c",
]
"""


def test_draw_replay_deals_folded_and_discarded_cards_again() -> None:
    # A deck that runs out in a draw is made up from the discards and mucked cards: PokerKit
    # 0.7.7 deals p3's folded Ks and Qh to p2 and gives [106, 94, 100].
    result = replay_history(phh.loads(TRIPLE_DRAW_REDEAL.replace("{card}", "Ks"), "redeal.phh"))
    assert result.complete
    assert result.final_stacks == (106, 94, 100)
    # A card in the hand of a player still in is never dealt again.
    with pytest.raises(ReplayError) as info:
        replay_history(phh.loads(TRIPLE_DRAW_REDEAL.replace("{card}", "7h"), "held.phh"))
    assert info.value.code == "duplicate_card"


def _phh(text: str, name: str) -> tuple[int, ...]:
    result = replay_history(phh.loads(text, name))
    assert result.complete
    return tuple(int(x) for x in result.final_stacks)


def test_replay_raise_size_is_over_the_largest_raise_not_the_straddle() -> None:
    # PokerKit's minimum raise-to is the current bet plus the round's largest raise so far or
    # min_bet, whichever is more; blinds and straddles are not raises. With blinds 1/2 and a
    # straddle of 4, p4 may raise to 6 (a house demands 8), p3 re-raise to 8, p4 to 10.
    # PokerKit 0.7.7: [199, 198, 190, 213].
    text = """\
variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 4, 0]
min_bet = 2
starting_stacks = [200, 200, 200, 200]
actions = [
  "d dh p1 7c2d", "d dh p2 8d3c", "d dh p3 AhKh", "d dh p4 QsQd",
  "p4 cbr 6", "p1 f", "p2 f", "p3 cbr 8", "p4 cbr 10", "p3 cc",
  "d db 2h5s9c", "p3 cc", "p4 cc", "d db Jd", "p3 cc", "p4 cc", "d db 4c", "p3 cc", "p4 cc",
  "p3 sm AhKh", "p4 sm QsQd",
]
"""
    assert _phh(text, "straddle_raise.phh") == (199, 198, 190, 213)
    # Replayed under a house's rules, the straddle is a bet and the raise is short.
    with pytest.raises(ReplayError) as info:
        replay_history(phh.loads(text, "house.phh"), HouseRules())
    assert info.value.code == "raise_below_minimum"


def test_replay_raise_size_with_a_min_bet_below_the_big_blind_and_reopening() -> None:
    # min_bet 1 under blinds 1/2: p3 raises to 3, p1 to 4 (a raise of the round's largest
    # increment, 1, reopens the betting), so p3, who has acted, raises again to 5.
    # PokerKit 0.7.7: [94, 96, 110].
    text = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 1
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 7c2d", "d dh p2 8d3c", "d dh p3 AhKh",
  "p3 cbr 3", "p1 cbr 4", "p2 cc", "p3 cbr 5", "p1 cc", "p2 f",
  "d db 2h5s9c", "p1 cc", "p3 cbr 1", "p1 cc", "d db Jd", "p1 cc", "p3 cc",
  "d db Ac", "p1 cc", "p3 cc", "p1 sm 7c2d", "p3 sm AhKh",
]
"""
    assert _phh(text, "small_min_bet.phh") == (94, 96, 110)
    # Below min_bet over the current bet it is still refused.
    with pytest.raises(ReplayError) as info:
        replay_history(phh.loads(text.replace('"p1 cbr 4"', '"p1 cbr 3"'), "low.phh"))
    assert info.value.code == "raise_below_minimum"


def test_replay_fixed_limit_raise_is_one_bet_over_a_short_all_in() -> None:
    # Turn, bet 4: p1 bets 4, p2 raises to 8, p3 is all in for 9; p1's raise is one bet
    # over the current bet, to 13 (a house completes the full level, 8 + 4 = 12).
    # PokerKit 0.7.7: [130, 83, 0].
    text = """\
variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 13]
actions = [
  "d dh p1 AhAd", "d dh p2 8d3c", "d dh p3 KhKs",
  "p3 cc", "p1 cc", "p2 cc",
  "d db 2h5s9c", "p1 cbr 2", "p2 cc", "p3 cc",
  "d db Jd", "p1 cbr 4", "p2 cbr 8", "p3 cbr 9", "p1 cbr {to}", "p2 cc",
  "d db 4c", "p1 cbr 4", "p2 f",
  "p1 sm AhAd", "p3 sm KhKs",
]
"""
    assert _phh(text.replace("{to}", "13"), "limit_over_allin.phh") == (130, 83, 0)
    with pytest.raises(ReplayError) as info:
        replay_history(phh.loads(text.replace("{to}", "12"), "limit_12.phh"))
    assert info.value.code == "raise_below_minimum"


def test_replay_asks_a_player_still_to_act_after_the_others_fold_to_an_all_in() -> None:
    # p3 calls all in for the big blind, p1 folds: the big blind, who has not acted, is still
    # asked and checks (PokerKit asks every player of the round in turn).
    # PokerKit 0.7.7: [99, 98, 5].
    text = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 2]
actions = [
  "d dh p1 7c2d", "d dh p2 8d3c", "d dh p3 AhKh", "p3 cc", "p1 f", "p2 cc",
  "p2 sm 8d3c", "p3 sm AhKh", "d db 2h5s9c", "d db Jd", "d db 4c",
]
"""
    assert _phh(text, "asked_after_folds.phh") == (99, 98, 5)


def test_replay_first_to_act_is_left_of_the_largest_blind_posted() -> None:
    # A button straddle of 4 posted short (all in for 1): the largest blind posted is the
    # big blind's 2, so p3 acts first, not the small blind. PokerKit 0.7.7:
    # [100, 98, 100, 100, 3].
    text = """\
variant = "NT"
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 4]
min_bet = 2
starting_stacks = [100, 100, 100, 100, 1]
actions = [
  "d dh p1 7c2d", "d dh p2 8d3c", "d dh p3 AhKh", "d dh p4 QsJs", "d dh p5 9h9d",
  "p3 f", "p4 f", "p1 cc", "p2 cc",
  "d db 2h5s9c", "p1 cc", "p2 cc", "d db Jd", "p1 cc", "p2 cc", "d db 4c", "p1 cc", "p2 cc",
  "p1 sm 7c2d", "p2 sm 8d3c", "p5 sm 9h9d",
]
"""
    assert _phh(text, "short_straddle.phh") == (100, 98, 100, 100, 3)
