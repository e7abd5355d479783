"""Tests for pokerroom.floor.penalties: PEN-01..04, S37 exact under LPR and GROS compared."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokerroom.errors import IllegalAction
from pokerroom.floor import (
    Penalty,
    PenaltyImposed,
    PenaltyServed,
    ServeInstruction,
    impose_penalty,
    next_step,
)
from pokerroom.house import load_house

LPR = load_house("lpr", "tournament")
GROS = load_house("grosvenor", "cash")
HIPP = load_house("hippodrome", "cash")


def serve_with_blinds(
    p: Penalty, *, offender: int, first_button: int, seats: int, sb: int, bb: int
) -> Penalty:
    """Deal hands with a moving button at a full table until the penalty is served."""
    button = first_button
    while not p.done:
        button = button % seats + 1
        small, big = button % seats + 1, (button + 1) % seats + 1
        posted = bb if offender == big else sb if offender == small else 0
        p = p.record_hand(button_seat=button, posted=posted)
    return p


# ---- PEN-01 / PEN-02: S37 ---------------------------------------------------------------------


@pytest.mark.parametrize("first_button", range(1, 10))
def test_pen_01_s37a_nine_players_two_rounds_is_18_hands_and_600_in_blinds(
    first_button: int,
) -> None:
    p = impose_penalty(LPR, "ann", "two_rounds", players_at_table=9, reason="PEN-04 abuse")
    assert (p.hands, p.rule, p.remaining_hands) == (18, "PEN-01", 18)
    assert p.instruction() == ServeInstruction(deal_in=True, kill_hand=True, post_blinds=True)
    p = serve_with_blinds(p, offender=5, first_button=first_button, seats=9, sb=100, bb=200)
    assert p.served_hands == 18 and p.chips_posted == 2 * 200 + 2 * 100 == 600
    assert p.served_event == PenaltyServed("ann", 18)
    assert p.instruction() == ServeInstruction(deal_in=True, kill_hand=False, post_blinds=True)


def test_pen_01_s37b_busts_during_the_penalty_do_not_change_the_count() -> None:
    p = impose_penalty(LPR, "ann", "two_rounds", players_at_table=9, reason="soft play")
    for _ in range(17):
        p = p.record_hand()  # two players bust along the way: still 18 hands
        assert not p.done
    p = p.record_hand()
    assert p.done and p.players_at_table == 9
    with pytest.raises(IllegalAction) as err:
        p.record_hand()
    assert err.value.code == "penalty_served"


def test_pen_01_s37c_six_players_one_round_is_6_hands() -> None:
    p = impose_penalty(LPR, "bob", "one_round", players_at_table=6, reason="abuse")
    assert p.hands == 6


def test_pen_01_s37d_one_hand_penalty_is_1_hand() -> None:
    p = impose_penalty(LPR, "bob", "one_hand", players_at_table=9, reason="card off the table")
    assert p.hands == 1
    assert p.record_hand().done


@pytest.mark.parametrize("step,rounds", [("three_rounds", 3), ("four_rounds", 4)])
def test_pen_01_longer_lpr_penalties(step: str, rounds: int) -> None:
    p = impose_penalty(LPR, "cy", step, players_at_table=7, reason="abuse")  # type: ignore[arg-type]
    assert p.hands == 7 * rounds


def test_pen_02_hands_served_keep_the_offender_dealt_in_and_killed() -> None:
    p = impose_penalty(LPR, "ann", "one_round", players_at_table=4, reason="abuse")
    assert p.dealt_in and p.posts_blinds
    assert p.instruction().kill_hand


def test_pen_01_s37_compare_grosvenor_rounds_follow_the_button_not_a_formula() -> None:
    p = impose_penalty(
        GROS, "dan", "one_round", players_at_table=9, reason="OOT-07", seats=10, button_seat=3
    )
    assert (p.hands, p.rounds, p.rule) == (None, 1, "PEN-03")
    assert p.instruction() == ServeInstruction(deal_in=False, kill_hand=False, post_blinds=True)
    # Nine players in ten seats (seat 7 empty): the button skips it, the round takes 9 hands.
    for seat in (4, 5, 6, 8, 9, 10, 1, 2):
        p = p.record_hand(button_seat=seat)
        assert not p.done
    p = p.record_hand(button_seat=3)
    assert p.done and p.served_hands == 9
    two = impose_penalty(GROS, "dan", "two_hands", players_at_table=9, reason="OOT-07")
    assert two.hands == 2 and not two.dealt_in


def test_pen_02_grosvenor_round_penalty_needs_the_button() -> None:
    with pytest.raises(IllegalAction) as err:
        impose_penalty(GROS, "dan", "two_rounds", players_at_table=9, reason="x")
    assert err.value.code == "button_needed"
    p = impose_penalty(
        GROS, "dan", "two_rounds", players_at_table=9, reason="x", seats=9, button_seat=1
    )
    with pytest.raises(IllegalAction) as err:
        p.record_hand()
    assert err.value.code == "button_seat_needed"


def test_pen_02_house_that_exempts_penalised_players_from_blinds() -> None:
    rules = replace(GROS, penalised_player_posts_blinds=False)
    p = impose_penalty(rules, "eve", "two_hands", players_at_table=8, reason="etiquette")
    assert p.instruction() == ServeInstruction(deal_in=False, kill_hand=False, post_blinds=False)
    with pytest.raises(IllegalAction) as err:
        p.record_hand(posted=100)
    assert err.value.code == "posted_while_exempt"


# ---- PEN-03: menus ----------------------------------------------------------------------------


def test_pen_03_step_must_be_on_the_house_menu() -> None:
    with pytest.raises(IllegalAction) as err:
        impose_penalty(GROS, "dan", "three_rounds", players_at_table=9, reason="x")
    assert err.value.code == "penalty_not_in_menu"
    assert "legal: warning, two hands, one round, two rounds" in str(err.value)
    with pytest.raises(IllegalAction):
        impose_penalty(HIPP, "dan", "one_round", players_at_table=9, reason="x")


def test_pen_03_warning_suspension_and_disqualification() -> None:
    w = impose_penalty(HIPP, "fay", "warning", players_at_table=9, reason="abuse")
    assert w.done and w.hands is None and not w.removed
    s = impose_penalty(HIPP, "fay", "suspension", players_at_table=9, reason="abuse")
    assert s.removed and s.instruction().deal_in is False
    dq = impose_penalty(LPR, "gus", "disqualification", players_at_table=9, reason="collusion")
    assert dq.removed and dq.chips_removed_from_play  # LPR:L189
    cash = load_house("lpr", "cash")
    assert not impose_penalty(
        cash, "gus", "disqualification", players_at_table=9, reason="collusion"
    ).chips_removed_from_play


def test_pen_03_repeat_offences_escalate_along_the_menu() -> None:
    assert next_step(LPR) == "warning"
    assert next_step(LPR, ["warning", "one_round"]) == "two_rounds"
    assert next_step(GROS, ["warning"]) == "two_hands"
    assert next_step(LPR, ["disqualification"]) == "disqualification"


# ---- PEN-04: triggers are recorded ------------------------------------------------------------


def test_pen_04_the_trigger_is_recorded_with_the_penalty() -> None:
    p = impose_penalty(
        LPR,
        "hal",
        "one_hand",
        players_at_table=8,
        reason="EXP-01 exposed a card with action pending (LPR:L184)",
    )
    assert p.event == PenaltyImposed(
        "hal", "one_hand", "EXP-01 exposed a card with action pending (LPR:L184)", 1, None, 8
    )
    with pytest.raises(IllegalAction) as err:
        impose_penalty(LPR, "hal", "one_hand", players_at_table=8, reason=" ")
    assert err.value.code == "reason_missing"
    with pytest.raises(IllegalAction) as err:
        impose_penalty(LPR, "hal", "one_hand", players_at_table=0, reason="x")
    assert err.value.code == "no_players"


# ---- floor audit: players x rounds at the edges ----------------------------------------------


@pytest.mark.parametrize(
    ("players", "step", "hands"),
    [
        (2, "one_round", 2),  # heads-up: offender and one opponent
        (2, "four_rounds", 8),
        (10, "one_round", 10),
        (10, "four_rounds", 40),
        (3, "three_rounds", 9),
        (9, "one_hand", 1),  # a one-hand penalty is one hand whatever the table
        (2, "one_hand", 1),
    ],
)
def test_pen_01_players_at_the_table_times_rounds(players: int, step: str, hands: int) -> None:
    p = impose_penalty(LPR, "ann", step, players_at_table=players, reason="PEN-04")  # type: ignore[arg-type]
    assert p.hands == hands and p.remaining_hands == hands
    for k in range(hands - 1):
        p = p.record_hand(posted=0)
        assert not p.done and p.remaining_hands == hands - k - 1
    p = p.record_hand()
    assert p.done and p.served_hands == hands
    with pytest.raises(IllegalAction) as err:
        p.record_hand()
    assert err.value.code == "penalty_served"


def test_pen_01_a_table_without_players_is_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        impose_penalty(LPR, "ann", "one_round", players_at_table=0, reason="PEN-04")
    assert err.value.code == "no_players"


def test_pen_03_grosvenor_has_no_one_hand_or_three_round_step() -> None:
    for step in ("one_hand", "three_rounds", "four_rounds"):
        with pytest.raises(IllegalAction) as err:
            impose_penalty(GROS, "dan", step, players_at_table=9, reason="x")  # type: ignore[arg-type]
        assert err.value.code == "penalty_not_in_menu" and "two hands" in str(err.value)


def test_pen_02_grosvenor_two_rounds_heads_up_is_four_hands() -> None:
    # Heads-up the button moves between the two seats: a complete round is two hands.
    p = impose_penalty(
        GROS, "dan", "two_rounds", players_at_table=2, reason="x", seats=2, button_seat=1
    )
    for seat in (2, 1, 2):
        p = p.record_hand(button_seat=seat)
        assert not p.done
    p = p.record_hand(button_seat=1)
    assert p.done and p.served_hands == 4


@pytest.mark.parametrize("seat", [0, 10, -1])
def test_pen_02_button_seat_outside_the_table_is_refused(seat: int) -> None:
    # Seats are numbered 1..seats; a seat that is not at the table would miscount the round.
    with pytest.raises(IllegalAction) as err:
        impose_penalty(
            GROS, "dan", "one_round", players_at_table=9, reason="x", seats=9, button_seat=seat
        )
    assert err.value.code == "bad_button_seat" and "1..9" in str(err.value)
    p = impose_penalty(
        GROS, "dan", "one_round", players_at_table=9, reason="x", seats=9, button_seat=3
    )
    with pytest.raises(IllegalAction) as err:
        p.record_hand(button_seat=seat)
    assert err.value.code == "bad_button_seat"
    assert p.record_hand(button_seat=4).button_moved == 1  # the refused call changed nothing
