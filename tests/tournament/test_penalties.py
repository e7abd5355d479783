"""Tournament penalties (PEN-01/02/03, S37) through the floor's penalty module, the
disqualification that takes chips out of play (TRN-11), and TRN-08.

The penalty rules live in :mod:`pokerroom.floor.penalties`; these tests check them in the
tournament setting: the LPR tournament profile, the blinds an offender pays while dealt in,
and a disqualification recorded in the tournament's registry.
"""

from __future__ import annotations

from datetime import time

import pytest

from pokerroom.floor.penalties import PenaltyError, impose_penalty
from pokerroom.house import HOUSES, load_house
from pokerroom.tournament import Registry, load_structure

LPR = load_house("lpr", "tournament")
GROS = load_house("grosvenor", "tournament")


def _blinds_paid(hands: int, players: int, offset: int, sb: int, bb: int) -> int:
    """Blinds posted by the player ``offset`` seats after the first big blind, nobody leaving."""
    paid = 0
    for h in range(hands):
        if offset == h % players:
            paid += bb
        elif offset == (h - 1) % players:
            paid += sb
    return paid


def test_s37_pen_01_two_rounds_nine_players_is_18_hands_fixed_when_given() -> None:
    p = impose_penalty(LPR, "eve", "two_rounds", players_at_table=9, reason="abuse")
    assert p.hands == 18
    for _ in range(17):  # (b) two players bust meanwhile: the count stays 18
        p = p.record_hand()
    assert not p.done
    assert p.record_hand().done


def test_s37_pen_01_one_round_six_players_and_one_hand() -> None:
    assert impose_penalty(LPR, "e", "one_round", players_at_table=6, reason="x").hands == 6
    assert impose_penalty(LPR, "e", "one_hand", players_at_table=6, reason="x").hands == 1


def test_s37_pen_02_offender_dealt_in_killed_and_pays_600() -> None:
    p = impose_penalty(LPR, "eve", "two_rounds", players_at_table=9, reason="abuse")
    ins = p.instruction()
    assert ins.kill_hand and ins.post_blinds
    for offset in range(9):  # wherever he sits: 2 x 200 + 2 x 100 at blinds 100/200
        assert _blinds_paid(p.hands or 0, 9, offset, 100, 200) == 600


def test_pen_03_only_the_houses_menu() -> None:
    with pytest.raises(PenaltyError, match="not a penalty at this house"):
        impose_penalty(GROS, "eve", "four_rounds", players_at_table=9, reason="x")


def test_trn_11_pen_03_disqualification_takes_the_chips_out_of_play() -> None:
    p = impose_penalty(LPR, "eve", "disqualification", players_at_table=9, reason="LPR:L183")
    assert p.chips_removed_from_play
    s = load_structure("standard_20")
    reg = Registry(LPR, s).register("eve", at=0).register("bo", at=0)
    reg = reg.disqualify(1, 23_500, "hid chips (LPR:L183)", at=100)
    assert reg.chips_in_play() == 40_000 - 23_500
    assert Registry(LPR, s).register("x", at=0, local_time=time(20, 0)).chips_in_play() == 20_000


def test_trn_08_no_straddles_in_tournaments() -> None:
    for house in HOUSES:
        rules = load_house(house, "tournament")
        if rules.offered:
            assert rules.straddle_mode == "none", house
