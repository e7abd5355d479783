"""Black-box tests: running it twice (RIT-01/02) in a hand dealt LIVE from a physical deck.

Written from README.md, docs/*.md, CHANGELOG.md, ``help()`` on the public modules, the
rulebooks (../shared/seeds/002 HIPP L199-204 for running it twice, L159 for burn errors),
../shared/RULES.md (RIT-01/02, IRR-14) and ../shared/CONFLICTS.md (A40, H-9) only, in the
manner of tests/test_blackbox_live.py. Every number is worked out by hand in the comments.

Conventions: seats 1, 2, 3 hold A, B, C; the button is on seat 1, so B posts the small blind
and C the big blind. Hole cards come one at a time clockwise from the small blind (B, C, A,
B, C, A: FLOW-02), then burn + flop, burn + turn, burn + river (FLOW-05). Engine positions:
B = 0, C = 1, A = 2.

Hippodrome cash profile (``pokerroom house show hippodrome``): ``run_it_twice_allowed = true``,
``run_it_twice_min_pot = {"1/2" = 500, "1/2/5 PLO" = 10, "2/5+" = 10}`` (HIPP:L200-202 as
written), ``rit_basis = "per_pot"`` (G24, CONFLICTS H-9), ``rit_mechanics =
"run1_then_run2_same_stub"`` and ``rit_odd_unit_to = "run_1"`` (RIT-02, G16),
``odd_chip_to = "first_left_of_button"`` (HIPP:L210). The other four houses never run it twice.

The standard deal used by most tests, ``AsKdQhQc7h2d``: B AsQc, C Kd7h, A Qh2d.
"""

from __future__ import annotations

from typing import Any

import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import PokerroomError
from pokerroom.floor import corrections, irregularities
from pokerroom.house import load_house
from pokerroom.table import (
    Act,
    AgreeRunTwice,
    FloorRuling,
    PlayerId,
    ReportCard,
    RunOnce,
    SeatNo,
    SitDown,
    StartHand,
    TableConfig,
    TableHost,
    apply,
    replay,
    run_out_pending,
)

HOLES = "AsKdQhQc7h2d"  # B AsQc, C Kd7h, A Qh2d
# Run 1 from the stub: burn 3c, flop Ks 8d 2c, burn 4h, turn 5h, burn 6h, river 9h.
RUN1 = "3cKs8d2c4h5h6h9h"
# Run 2 from the same stub: burn 9d, flop Jh Jd Tc, burn 4c, turn 3h, burn 5c, river 6c.
RUN2 = "9dJhJdTc4c3h5c6c"


def act(player: str, kind: str, to: int = 0) -> Act:
    return Act(PlayerId(player), kind, to)  # type: ignore[arg-type]


def agree(*players: str) -> AgreeRunTwice:
    return AgreeRunTwice(tuple(PlayerId(p) for p in players))


def card(text: str):  # type: ignore[no-untyped-def]
    return parse_cards(text)[0]


def cards(text: str) -> list[Any]:
    return list(parse_cards(text))


def host(
    house: str = "hippodrome",
    stacks: tuple[int, ...] = (300, 300, 300),
    sb: int = 1,
    bb: int = 2,
    variant: str = "NT",
    stakes: str = "",
) -> TableHost:
    h = TableHost(
        TableConfig(
            load_house(house, "cash"),
            seats=6,
            variant=variant,
            small_blind=sb,
            big_blind=bb,
            buyin_min=20,
            buyin_max=20000,
            stakes=stakes,
        )
    )
    for i, name in enumerate("ABC"):
        h.apply(SitDown(PlayerId(name), SeatNo(i + 1), stacks[i]))
    return h


def deal(h: TableHost, text: str, **kw: object) -> list[Any]:
    out: list[Any] = []
    for c in parse_cards(text):
        out += h.apply(ReportCard(c, **kw))  # type: ignore[arg-type]
    return out


def seat_stacks(h: TableHost) -> dict[str, int]:
    return {s.player: s.stack for s in h.state.seats if s is not None}


def engine_events(events: list[Any] | tuple[Any, ...]) -> list[Any]:
    """The hand engine's events carried by the table's live steps."""
    out: list[Any] = []
    for e in events:
        inner = getattr(e, "event", None)
        out += list(getattr(inner, "events", ()) or ())
    return out


def awards(events: list[Any] | tuple[Any, ...]) -> list[tuple[int, int, dict[int, int]]]:
    """(pot, run, {position: chips}) for every PotAwarded among the events."""
    return [
        (e.pot, e.run, dict(e.shares))
        for e in engine_events(events)
        if type(e).__name__ == "PotAwarded"
    ]


def runs_agreed(events: list[Any] | tuple[Any, ...]) -> tuple[int, tuple[int, ...]]:
    [agreed] = [e for e in engine_events(events) if type(e).__name__ == "RunsAgreed"]
    return agreed.runs, tuple(agreed.pots)


def rulings(events: list[Any] | tuple[Any, ...]) -> list[Any]:
    out = []
    for e in events:
        ev = getattr(e, "event", None)
        if ev is not None and hasattr(ev, "rule") and hasattr(ev, "outcome"):
            out.append(ev)
    return out


def boards(h: TableHost) -> list[list[Any]]:
    live = h.state.live
    assert live is not None
    return [list(b) for b in live.engine.boards]


def unchanged(h: TableHost, command: object, code: str) -> None:
    """The command is refused with a typed PokerroomError naming ``code``; nothing changes."""
    before, n = h.state, len(h.events)
    with pytest.raises(PokerroomError) as info:
        h.apply(command)  # type: ignore[arg-type]
    assert getattr(info.value, "code", None) == code, str(info.value)
    assert h.state == before
    assert len(h.events) == n


def all_in_on_flop(h: TableHost) -> None:
    """A raises to 6, B calls, C folds; flop (burn 3c) Ks 8d 2c; B checks, A bets his last
    294, B calls: pot 602, the turn and river to come."""
    h.apply(StartHand(b"", live=True, button=SeatNo(1)))
    deal(h, HOLES)
    h.apply(act("A", "raise", 6))
    h.apply(act("B", "call"))
    h.apply(act("C", "fold"))
    deal(h, "3cKs8d2c")
    h.apply(act("B", "check"))
    h.apply(act("A", "bet", 294))
    h.apply(act("B", "call"))


def all_in_preflop(h: TableHost, c_calls: bool = False) -> None:
    """Dealt live, button seat 1: A (first to act three-handed) moves all in for his stack,
    B calls (or folds, ``c_calls``: then C calls instead), C folds."""
    h.apply(StartHand(b"", live=True, button=SeatNo(1)))
    deal(h, HOLES)
    a_stack = seat_stacks(h)["A"]
    h.apply(act("A", "raise", a_stack))
    if c_calls:
        h.apply(act("B", "fold"))
        h.apply(act("C", "call"))
    else:
        h.apply(act("B", "call"))
        h.apply(act("C", "fold"))


def three_way_all_in(stacks: tuple[int, int, int]) -> TableHost:
    """A all in for his stack, B all in for his (a raise), C calls: every chip in."""
    h = host(stacks=stacks)
    h.apply(StartHand(b"", live=True, button=SeatNo(1)))
    deal(h, HOLES)
    h.apply(act("A", "raise", stacks[0]))
    h.apply(act("B", "raise", stacks[1]))
    h.apply(act("C", "call"))
    return h


def replays(h: TableHost) -> bool:
    return bool(replay(h.state.config, h.events) == h.state)


def settled(h: TableHost, stacks: dict[str, int]) -> None:
    """The hand is over with these stacks, every chip accounted for, and the log replays."""
    assert seat_stacks(h) == stacks
    assert h.state.ledger_balanced()
    assert replays(h)


# --------------------------------------------------------------------------------------
# The run-out, pre-flop, on the flop and on the turn
# --------------------------------------------------------------------------------------


def test_rit_01_02_all_in_preflop_both_runs_from_the_same_stub_pot_halved() -> None:
    """HIPP cash 1/2, 300 each. A all in for 300, B calls, C folds his 2: pot 602 >= 500.
    The dealer waits (nobody to act, no card due yet) for the answer; A and B agree.
    Run 1 (burn 3c, Ks 8d 2c, burn 4h, 5h, burn 6h, 9h): A's Qh2d pairs the 2c, B AsQc ace
    high: A wins 301 (half of 602). Run 2 from the same stub with its own burns (burn 9d,
    Jh Jd Tc, burn 4c, 3h, burn 5c, 6c): both pair jacks, B's ace beats A's queen: B 301.
    Final: A 301, B 301, C 298 (900 in, 900 out)."""
    h = host()
    all_in_preflop(h)
    assert run_out_pending(h.state)
    assert h.legal() is None
    agreed = h.apply(agree("A", "B"))
    assert runs_agreed(agreed) == (2, (0,))
    assert not run_out_pending(h.state)
    deal(h, RUN1)
    assert boards(h) == [cards("Ks8d2c5h9h"), []]
    assert h.state.in_hand
    deal(h, RUN2[:12])
    live = h.state.live
    assert live is not None
    assert live.where(card("9d")) == "burn"
    assert live.where(card("4c")) == "burn"
    assert boards(h) == [cards("Ks8d2c5h9h"), cards("JhJdTc3h")]
    events = deal(h, RUN2[12:])
    assert not h.state.in_hand
    # positions: B 0, A 2
    assert awards(events) == [(0, 0, {2: 301}), (0, 1, {0: 301})]
    settled(h, {"A": 301, "B": 301, "C": 298})
    # the next hand deals as usual: the button moves on to seat 2
    h.apply(StartHand(b"", live=True))
    assert h.state.button == 2


def test_rit_02_all_in_on_the_flop_run_two_shares_the_flop_and_burns_for_its_own_streets() -> None:
    """A raises to 6, B calls, C folds (pot 14). Burn 3c, flop Ks 8d 2c; B checks, A bets his
    last 294, B calls: pot 14 + 588 = 602 >= 500. Both agree.
    Run 1: burn 4h, turn 5h, burn 6h, river 9h: A's pair of twos beats B's ace high: 301.
    Run 2 shares Ks 8d 2c (dealt before the agreement) and burns only for the turn and the
    river: burn 9d, turn Jh, burn Jd, river Tc: B's As Qc makes A-K-Q-J-T, a straight: 301.
    Eight cards after the agreement end the hand. Final: A 301, B 301, C 298."""
    h = host()
    all_in_on_flop(h)
    assert run_out_pending(h.state)
    h.apply(agree("B", "A"))
    deal(h, "4h5h6h9h")
    assert boards(h) == [cards("Ks8d2c5h9h"), cards("Ks8d2c")]
    deal(h, "9dJh")
    assert boards(h) == [cards("Ks8d2c5h9h"), cards("Ks8d2cJh")]
    events = deal(h, "JdTc")
    assert not h.state.in_hand
    assert awards(events) == [(0, 0, {2: 301}), (0, 1, {0: 301})]
    settled(h, {"A": 301, "B": 301, "C": 298})


def test_rit_02_all_in_on_the_turn_run_two_is_one_burn_and_one_river() -> None:
    """A raises to 6, B calls, C folds (14). Burn 3c, Ks 8d 2c: check, check. Burn 4h, turn 5h:
    B bets his last 294, A calls: pot 602. Both agree.
    Run 1: burn 6h, river 9h: board Ks 8d 2c 5h 9h, A's twos beat B's ace high: A 301.
    Run 2: burn 9d, river Ad: B pairs aces (As), A still a pair of twos: B 301.
    Final: A 301, B 301, C 298."""
    h = host()
    h.apply(StartHand(b"", live=True, button=SeatNo(1)))
    deal(h, HOLES)
    h.apply(act("A", "raise", 6))
    h.apply(act("B", "call"))
    h.apply(act("C", "fold"))
    deal(h, "3cKs8d2c")
    h.apply(act("B", "check"))
    h.apply(act("A", "check"))
    deal(h, "4h5h")
    h.apply(act("B", "bet", 294))
    h.apply(act("A", "call"))
    assert run_out_pending(h.state)
    h.apply(agree("A", "B"))
    deal(h, "6h9h9d")
    assert boards(h) == [cards("Ks8d2c5h9h"), cards("Ks8d2c5h")]
    live = h.state.live
    assert live is not None and live.where(card("9d")) == "burn"
    events = deal(h, "Ad")
    assert not h.state.in_hand
    assert awards(events) == [(0, 0, {2: 301}), (0, 1, {0: 301})]
    settled(h, {"A": 301, "B": 301, "C": 298})


# --------------------------------------------------------------------------------------
# Side pots: the minimum and the agreement are per pot
# --------------------------------------------------------------------------------------


def test_rit_01_side_pot_qualifies_main_pot_below_the_minimum_is_run_once() -> None:
    """A 100, B 600, C 600 (1,300). A all in 100, B all in 600, C calls.
    Main pot 3 x 100 = 300 (< 500: not eligible), side pot 2 x 500 = 1,000 (eligible, HIPP
    per-pot basis, G24). The side pot's players B and C agree (A is only in the main pot).
    A and B alone is refused: C, in both pots, did not agree.
    Run 1 (Ks 8d 2c 5h 9h): C's Kd7h pairs the king: main 300 and the side's first half 500.
    Run 2 (Jh Jd Tc 3h 6c): all pair jacks; kickers B ace, C king, A queen: B wins the side's
    second half 500. Final: A 0, B 500, C 800 (1,300)."""
    h = three_way_all_in((100, 600, 600))
    assert run_out_pending(h.state)
    unchanged(h, agree("A", "B"), "run_twice_not_eligible")
    assert runs_agreed(h.apply(agree("B", "C"))) == (2, (1,))
    deal(h, RUN1)
    events = deal(h, RUN2)
    assert not h.state.in_hand
    # positions: B 0, C 1, A 2; the main pot is awarded on run 1 only
    assert sorted(awards(events)) == [(0, 0, {1: 300}), (1, 0, {1: 500}), (1, 1, {0: 500})]
    settled(h, {"A": 0, "B": 500, "C": 800})


def test_rit_01_player_not_agreeing_keeps_his_pot_to_one_board_the_other_pot_runs_twice() -> None:
    """A 250, B 600, C 600 (1,450): main 3 x 250 = 750, side 2 x 350 = 700, both >= 500.
    A does not agree; B and C do (HIPP:L204: "All players involved in a pot should agree to
    run it twice to make the pot eligible"): only the side pot runs twice.
    Run 1: C's kings win the main pot 750 and the side's first half 350; run 2: B's jacks
    with the ace win the second half 350. Final: A 0, B 350, C 1,100 (1,450)."""
    h = three_way_all_in((250, 600, 600))
    assert runs_agreed(h.apply(agree("B", "C"))) == (2, (1,))
    deal(h, RUN1)
    events = deal(h, RUN2)
    assert sorted(awards(events)) == [(0, 0, {1: 750}), (1, 0, {1: 350}), (1, 1, {0: 350})]
    assert seat_stacks(h) == {"A": 0, "B": 350, "C": 1100}
    assert h.state.ledger_balanced()


def test_rit_01_hippodrome_example_main_450_side_300_neither_pot_runs_twice_per_pot() -> None:
    """HIPP:L204's own example: main pot 450, side pot 300. The rulebook calls the side pot
    eligible "as the total of the pot exceeds £500"; the rule itself is per pot (CONFLICTS
    H-9). The library's chosen default is the per-pot basis (G24: ``rit_basis = "per_pot"``):
    neither pot reaches 500, so nobody is asked and an agreement is refused.
    A 150, B 300, C 300: all in, main 450, side 300. The board is run once (Ks 8d 2c 5h 9h):
    C's kings win both: A 0, B 0, C 750."""
    h = three_way_all_in((150, 300, 300))
    live = h.state.live
    assert live is not None
    assert [p.amount for p in live.engine.pots()] == [450, 300]
    assert not run_out_pending(h.state)
    unchanged(h, agree("A", "B", "C"), "run_twice_not_eligible")
    deal(h, RUN1)
    assert not h.state.in_hand
    assert seat_stacks(h) == {"A": 0, "B": 0, "C": 750}
    assert h.state.ledger_balanced()


# --------------------------------------------------------------------------------------
# Odd chips
# --------------------------------------------------------------------------------------


def test_rit_02_odd_chip_of_a_halved_pot_goes_to_run_one() -> None:
    """A all in 300, B folds his small blind (1), C calls 300: pot 601 >= 500. A and C agree.
    601 halves into 301 (run 1, RIT-02 odd unit to run 1, ``rit_odd_unit_to = "run_1"``) and 300.
    Run 1 (Ks 8d 2c 5h 9h): C's pair of kings: 301.
    Run 2 (burn 9d, 2h 4c 6s, burn 3h, 9s, burn 5c, Tc): A's Qh2d pairs the 2h; C has king high:
    A 300. Final: A 300, B 299, C 301 (900)."""
    h = host()
    all_in_preflop(h, c_calls=True)
    h.apply(agree("C", "A"))
    deal(h, RUN1)
    events = deal(h, "9d2h4c6s3h9s5cTc")
    assert awards(events) == [(0, 0, {1: 301}), (0, 1, {2: 300})]
    settled(h, {"A": 300, "B": 299, "C": 301})


def test_rit_02_pot_05_tie_on_run_one_splits_the_odd_half_first_left_of_the_button() -> None:
    """Pot 601 as above (A and C all in, B folded his 1). Run 1: burn 3c, flop 9h 9d 9s,
    burn 4h, turn 9c, burn 5h, river Ah: four nines with an ace, both play the board: its
    half 301 is split 150 / 150 and the odd chip goes to the first winner left of the button
    (HIPP:L210; button seat 1, seat 2 B is out, seat 3 C): C 151, A 150.
    Run 2: burn 8d, 2h 4c 6s, burn 3h, Js, burn 5c, Tc: A's pair of twos beats C's king high:
    A 300. Final: A 450, B 299, C 151 (900)."""
    h = host()
    all_in_preflop(h, c_calls=True)
    h.apply(agree("A", "C"))
    deal(h, "3c9h9d9s4h9c5hAh")
    events = deal(h, "8d2h4c6s3hJs5cTc")
    assert awards(events) == [(0, 0, {1: 151, 2: 150}), (0, 1, {2: 300})]
    assert seat_stacks(h) == {"A": 450, "B": 299, "C": 151}
    assert h.state.ledger_balanced()


def test_rit_02_both_pots_run_twice_each_halved_odd_unit_of_the_main_pot_to_run_one() -> None:
    """A 251, B 600, C 600 (1,451), all in: main 3 x 251 = 753, side 2 x 349 = 698, both >= 500;
    all three agree: both pots run twice. Main halves 377 (run 1, odd unit) / 376; side
    349 / 349. Run 1 (Ks 8d 2c 5h 9h): C's kings win 377 + 349 = 726. Run 2 (Jh Jd Tc 3h 6c):
    B's jacks with the ace win 376 + 349 = 725. Final: A 0, B 725, C 726 (1,451)."""
    h = three_way_all_in((251, 600, 600))
    assert runs_agreed(h.apply(agree("A", "B", "C"))) == (2, (0, 1))
    deal(h, RUN1)
    events = deal(h, RUN2)
    assert sorted(awards(events)) == [
        (0, 0, {1: 377}),
        (0, 1, {0: 376}),
        (1, 0, {1: 349}),
        (1, 1, {0: 349}),
    ]
    settled(h, {"A": 0, "B": 725, "C": 726})


# --------------------------------------------------------------------------------------
# Stakes and games: the minimum pot
# --------------------------------------------------------------------------------------


# PLO hole cards, four each in dealing order B C A B C A ...: B As Ah 7c 2d, C Kd Kh 8s 3c,
# A Qs Qh Js Jh.
PLO_HOLES = "AsKdQsAhKhQh7c8sJs2d3cJh"


@pytest.mark.parametrize(("stakes", "runs"), [("1/2/5 PLO", True), ("", False)])
def test_rit_01_plo_minimum_of_ten_as_written_and_one_two_any_game_needs_500(
    stakes: str, runs: bool
) -> None:
    """PLO, blinds 1/2, 20 each. A raises to 6 (pot limit allows 7), B and C call (18).
    Burn 4d, flop Ts 9s 2h: B bets his last 14 (pot 18 allows it), C folds, A calls: pot 46.
    "1/2/5 PLO" (HIPP:L201 as written: minimum 10; CONFLICTS H-9 suspects a typo): eligible.
    Plain 1/2 (HIPP:L200 "£1/£2 (any game)": 500): not eligible, nobody is asked.
    Run 1 (burn 4c, 5d, burn 6d, 7d; board Ts 9s 2h 5d 7d): B's aces (exactly two hole cards)
    beat A's queens. Run 2 (burn 6c, 8d, burn 5c, Kc; board Ts 9s 2h 8d Kc): A's Qs Js with
    K T 9 make a king-high straight. Twice: A 23, B 23, C 14; once: A 0, B 46, C 14 (60)."""
    h = host(stacks=(20, 20, 20), variant="PO", stakes=stakes)
    h.apply(StartHand(b"", live=True, button=SeatNo(1)))
    deal(h, PLO_HOLES)
    h.apply(act("A", "raise", 6))
    h.apply(act("B", "call"))
    h.apply(act("C", "call"))
    deal(h, "4dTs9s2h")
    h.apply(act("B", "bet", 14))
    h.apply(act("C", "fold"))
    h.apply(act("A", "call"))
    assert run_out_pending(h.state) is runs
    if not runs:
        unchanged(h, agree("A", "B"), "run_twice_not_eligible")
        deal(h, "4c5d6d7d")
        assert seat_stacks(h) == {"A": 0, "B": 46, "C": 14}
        return
    h.apply(agree("A", "B"))
    deal(h, "4c5d6d7d")
    events = deal(h, "6c8d5cKc")
    assert awards(events) == [(0, 0, {0: 23}), (0, 1, {2: 23})]
    settled(h, {"A": 23, "B": 23, "C": 14})


@pytest.mark.parametrize(("sb", "bb"), [(2, 5), (5, 10)])
def test_rit_01_two_five_and_higher_minimum_ten(sb: int, bb: int) -> None:
    """HIPP:L202 "£2/£5 and higher limits - MINIMUM £10" (as written, CONFLICTS H-9).
    200 each; A all in 200, B calls, C folds his big blind: pot 405 (2/5) or 410 (5/10).
    Run 1 to A (twos), run 2 to B (jacks, ace kicker): 2/5: A 203 (odd unit to run 1), B 202,
    C 195; 5/10: A 205, B 205, C 190."""
    h = host(stacks=(200, 200, 200), sb=sb, bb=bb)
    all_in_preflop(h)
    assert run_out_pending(h.state)
    h.apply(agree("A", "B"))
    deal(h, RUN1 + RUN2)
    pot = 400 + bb
    assert seat_stacks(h) == {"A": pot - pot // 2, "B": pot // 2, "C": 200 - bb}
    assert h.state.ledger_balanced()


def test_rit_01_pot_below_the_minimum_is_never_asked() -> None:
    """HIPP 1/2, 200 each: A all in 200, B calls, C folds: pot 402 < 500 (HIPP:L200). The
    dealer does not wait; an agreement is refused and changes nothing; the board is run once:
    A's twos win 402. Final: A 402, B 0, C 198."""
    h = host(stacks=(200, 200, 200))
    all_in_preflop(h)
    assert not run_out_pending(h.state)
    unchanged(h, agree("A", "B"), "run_twice_not_eligible")
    deal(h, RUN1)
    assert not h.state.in_hand
    assert seat_stacks(h) == {"A": 402, "B": 0, "C": 198}


@pytest.mark.parametrize(
    ("house", "stacks"), [("hippodrome", (200, 200, 200)), ("lpr", (300, 300, 300))]
)
def test_rit_01_run_once_is_refused_where_nobody_was_asked(
    house: str, stacks: tuple[int, int, int]
) -> None:
    """HIPP with a 402 pot (< 500) and LPR (never runs it twice): ``run_out_pending`` is False,
    the dealer is not waiting for an answer; an answer is a bad command: it must be refused
    with a code and change nothing (as the engine says: "no run-it-twice decision pending")."""
    h = host(house, stacks=stacks)
    all_in_preflop(h)
    assert not run_out_pending(h.state)
    unchanged(h, RunOnce(), "run_once_not_now")


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "cambridge", "roberts"])
def test_rit_01_houses_that_never_run_it_twice(house: str) -> None:
    """CONFLICTS A40: only HIPP runs it twice (``run_it_twice_allowed = false`` elsewhere).
    The 602 pot of the first test is not held for an answer; an agreement is refused
    (``run_twice_not_offered``) and changes nothing; run once, A's twos win: A 602, B 0, C 298."""
    h = host(house)
    all_in_preflop(h)
    assert not run_out_pending(h.state)
    unchanged(h, agree("A", "B"), "run_twice_not_offered")
    deal(h, RUN1)
    assert not h.state.in_hand
    assert seat_stacks(h) == {"A": 602, "B": 0, "C": 298}
    assert h.state.ledger_balanced()


# --------------------------------------------------------------------------------------
# When the answer may come
# --------------------------------------------------------------------------------------


def test_rit_01_run_once_deals_one_board_and_closes_the_question() -> None:
    """Pot 602 eligible, the players answer RunOnce: one board (Ks 8d 2c 5h 9h), A's twos win
    602: A 602, B 0, C 298. After RunOnce neither answer is taken again; after the river the
    hand is over and a further card is refused (``not_live``)."""
    h = host()
    all_in_preflop(h)
    h.apply(RunOnce())
    assert not run_out_pending(h.state)
    unchanged(h, agree("A", "B"), "run_twice_not_now")
    unchanged(h, RunOnce(), "run_once_not_now")
    events = deal(h, RUN1)
    assert awards(events) == [(0, 0, {2: 602})]
    assert not h.state.in_hand
    assert seat_stacks(h) == {"A": 602, "B": 0, "C": 298}
    unchanged(h, ReportCard(card("9d")), "not_live")
    assert h.state.ledger_balanced()
    assert replays(h)


def test_rit_01_answer_after_the_flop_was_turned_is_refused_board_run_once() -> None:
    """Pot 602, no answer; the dealer burns 3c and turns Ks 8d 2c. The run-out has begun
    (CHANGELOG: "a board card turned without an answer runs the board once"): nobody is asked
    any more, AgreeRunTwice and RunOnce are refused with ``run_out_started``; nothing
    changes. The board runs once: A 602, B 0, C 298."""
    h = host()
    all_in_preflop(h)
    deal(h, "3cKs8d2c")
    assert not run_out_pending(h.state)
    unchanged(h, agree("A", "B"), "run_out_started")
    unchanged(h, RunOnce(), "run_out_started")
    deal(h, "4h5h6h9h")
    assert seat_stacks(h) == {"A": 602, "B": 0, "C": 298}


def test_rit_01_answer_after_the_turn_in_a_flop_all_in_is_refused() -> None:
    """All in on the flop (pot 602, as in the flop test); the dealer burns 4h and turns 5h
    before anyone answers: ``run_out_started``; the river (burn 6h, 9h) ends the hand, A's twos
    win 602."""
    h = host()
    all_in_on_flop(h)
    deal(h, "4h5h")
    unchanged(h, agree("A", "B"), "run_out_started")
    deal(h, "6h9h")
    assert not h.state.in_hand
    assert seat_stacks(h) == {"A": 602, "B": 0, "C": 298}


@pytest.mark.parametrize("before", ["3c", "3cKs"])
def test_rit_01_answer_after_the_burn_before_the_flop_is_turned_is_taken(before: str) -> None:
    """The dealer burns 3c before the players answer: no board card is turned yet, the
    question is still open (``run_out_pending``) and the agreement is taken; 3c stays run 1's
    flop burn (no second burn), and both runs come as in the first test: A 301, B 301.
    "3cKs": the library holds flop cards until the third one (``BoardCardReported``: the flop
    is turned as one), so one flop card reported is not yet a turned board card and the
    question stays open too. The rulebooks are silent on when the answer must come; we
    accept the library's choice (its help: "until the dealer turns the run-out's first card")."""
    h = host()
    all_in_preflop(h)
    deal(h, before)
    assert run_out_pending(h.state)
    h.apply(agree("A", "B"))
    live = h.state.live
    assert live is not None and live.where(card("3c")) == "burn"
    deal(h, RUN1[len(before) :])
    assert boards(h) == [cards("Ks8d2c5h9h"), []]
    deal(h, RUN2)
    settled(h, {"A": 301, "B": 301, "C": 298})


# --------------------------------------------------------------------------------------
# Floor rulings during the run-out
# --------------------------------------------------------------------------------------


def test_irr_14_missed_burn_on_run_one_with_no_action_is_corrected() -> None:
    """Agreed; run 1: burn 3c, Ks 8d 2c, then the dealer turns 4h where the turn's burn was due.
    HIPP:L159: corrected when no betting action has started on the street (all in: none
    can): 4h is the burn and the next card 5h the turn (IRR-14 ``burn_corrected``); run 1 and
    run 2 then come as in the first test: A 301, B 301, C 298."""
    h = host()
    all_in_preflop(h)
    h.apply(agree("A", "B"))
    deal(h, "3cKs8d2c")
    h.apply(ReportCard(card("4h"), to="board"))
    [r] = rulings(h.apply(FloorRuling(corrections.CorrectBurnError())))
    assert (r.rule, r.outcome) == ("IRR-14", "burn_corrected")
    live = h.state.live
    assert live is not None and live.where(card("4h")) == "burn"
    deal(h, "5h6h9h")
    assert boards(h) == [cards("Ks8d2c5h9h"), []]
    deal(h, RUN2)
    settled(h, {"A": 301, "B": 301, "C": 298})


def test_irr_14_missed_burn_on_run_two_is_corrected_like_on_run_one() -> None:
    """Agreed; run 1 in full; run 2: burn 9d, Jh Jd Tc, then the dealer turns 4c where run 2's
    turn burn was due. Nobody can act (all in) and no later card of run 2 has come: the floor
    corrects it (HIPP:L159): 4c is the burn, 3h the turn, burn 5c, river 6c, as in the first
    test: run 2 Jh Jd Tc 3h 6c to B: A 301, B 301, C 298."""
    h = host()
    all_in_preflop(h)
    h.apply(agree("A", "B"))
    deal(h, RUN1 + "9dJhJdTc")
    h.apply(ReportCard(card("4c"), to="board"))
    [r] = rulings(h.apply(FloorRuling(corrections.CorrectBurnError())))
    assert (r.rule, r.outcome) == ("IRR-14", "burn_corrected")
    live = h.state.live
    assert live is not None and live.where(card("4c")) == "burn"
    deal(h, "3h5c6c")
    assert seat_stacks(h) == {"A": 301, "B": 301, "C": 298}


def test_irr_14_missed_burn_on_run_two_left_unruled_stands_and_the_river_takes_two_burns() -> None:
    """Agreed; run 1 in full; run 2: burn 9d, Jh Jd Tc, then 4c turned where the burn was due
    and nobody rules before the dealer goes on. HIPP:L159: the card stands, and "subsequent
    cards dealt should be those that would have come if no error had occurred": the river is
    still 6c, so the dealer burns 3h and 5c (IRR-14 ``stands``, two burns) and turns 6c.
    Run 2 Jh Jd Tc 4c 6c: both pair jacks, B's ace kicker beats A's queen: B 301.
    Final: A 301, B 301, C 298."""
    h = host()
    all_in_preflop(h)
    h.apply(agree("A", "B"))
    deal(h, RUN1 + "9dJhJdTc")
    h.apply(ReportCard(card("4c"), to="board"))
    assert boards(h) == [cards("Ks8d2c5h9h"), cards("JhJdTc4c")]
    [r] = rulings(h.apply(ReportCard(card("3h"))))
    assert (r.rule, r.outcome) == ("IRR-14", "stands")
    deal(h, "5c")
    live = h.state.live
    assert live is not None
    assert (live.where(card("3h")), live.where(card("5c"))) == ("burn", "burn")
    assert boards(h) == [cards("Ks8d2c5h9h"), cards("JhJdTc4c")]
    events = deal(h, "6c")
    assert awards(events) == [(0, 0, {2: 301}), (0, 1, {0: 301})]
    settled(h, {"A": 301, "B": 301, "C": 298})


def test_irr_02_irr_03_boxed_card_and_exposed_burn_during_the_second_run() -> None:
    """Agreed; run 1 in full (A wins 301). Run 2: the burn 9d is seen (``exposed=True``,
    IRR-03: it is still the burn). Then the next card, Jh, is found face up in the stub:
    HIPP is silent on a single boxed card; the profile's chosen default (LPR r48, RRP:L41) is a
    scrap of paper (IRR-02 ``scrap``): the card below it comes instead. Run 2's flop is
    Jd Tc 4c, burn 3h, turn 5c, burn 6c, river 8c: B's ace high beats A's queen high: B 301.
    Final: A 301, B 301, C 298."""
    h = host()
    all_in_preflop(h)
    h.apply(agree("A", "B"))
    deal(h, RUN1)
    h.apply(ReportCard(card("9d"), exposed=True))
    live = h.state.live
    assert live is not None and live.where(card("9d")) == "burn"
    [r] = rulings(h.apply(FloorRuling(irregularities.BoxedCard(card("Jh")))))
    assert (r.rule, r.outcome) == ("IRR-02", "scrap")
    deal(h, "JdTc4c3h5c6c")
    assert boards(h) == [cards("Ks8d2c5h9h"), cards("JdTc4c5c")]
    events = deal(h, "8c")
    assert awards(events) == [(0, 0, {2: 301}), (0, 1, {0: 301})]
    settled(h, {"A": 301, "B": 301, "C": 298})


@pytest.mark.parametrize("when", ["pending", "agreed", "second_run"])
def test_mis_01_no_misdeal_once_the_betting_is_over_and_run_twice_agreed(when: str) -> None:
    """Three voluntary actions (A all in, B call, C fold) are past HIPP's cut-off of two
    (HIPP:L119-120): a misdeal is refused (``misdeal_cutoff_passed``) while the answer is
    pending, after the agreement and in the middle of run 2, and nothing changes."""
    h = host()
    all_in_preflop(h)
    if when != "pending":
        h.apply(agree("A", "B"))
    if when == "second_run":
        deal(h, RUN1 + "9dJh")
    for cause in ("button_misplaced", "out_of_order"):
        unchanged(h, FloorRuling(irregularities.DeclareMisdeal(cause)), "misdeal_cutoff_passed")
    assert run_out_pending(h.state) is (when == "pending")


# --------------------------------------------------------------------------------------
# Bad commands, chips, the log
# --------------------------------------------------------------------------------------


def test_rit_01_bad_answers_are_typed_errors_that_change_nothing() -> None:
    """During the deal and while betting is open the question is not asked
    (``run_twice_not_now``, ``run_once_not_now``). Once pending: a stranger is not in the hand
    (``not_dealt_in``); nobody, or A alone (named twice), is not every player in the pot
    (``run_twice_not_eligible``); a player may not act (``not_your_turn``). After the
    agreement a second answer is refused, and run 2 cannot reuse run 1's Ks
    (``duplicate_card``). Each refusal is a PokerroomError with a code."""
    h = host()
    h.apply(StartHand(b"", live=True, button=SeatNo(1)))
    deal(h, "AsKd")
    unchanged(h, agree("A", "B"), "run_twice_not_now")
    unchanged(h, RunOnce(), "run_once_not_now")
    deal(h, "QhQc7h2d")
    unchanged(h, agree("A", "B", "C"), "run_twice_not_now")
    unchanged(h, RunOnce(), "run_once_not_now")
    h.apply(act("A", "raise", 300))
    h.apply(act("B", "call"))
    unchanged(h, agree("A", "B"), "run_twice_not_now")  # C still to act
    h.apply(act("C", "fold"))
    assert run_out_pending(h.state)
    unchanged(h, agree("A", "Z"), "not_dealt_in")
    unchanged(h, agree(), "run_twice_not_eligible")
    unchanged(h, agree("A", "A"), "run_twice_not_eligible")
    unchanged(h, agree("B",), "run_twice_not_eligible")
    unchanged(h, act("B", "check"), "not_your_turn")
    assert run_out_pending(h.state)
    h.apply(agree("A", "B"))
    unchanged(h, agree("A", "B"), "run_twice_not_now")
    unchanged(h, RunOnce(), "run_once_not_now")
    # run 2 comes from the same stub: a card of run 1 cannot come off the deck again
    deal(h, RUN1 + "9d")
    unchanged(h, ReportCard(card("Ks")), "duplicate_card")


def test_gov_07_pure_apply_and_the_log_replay_to_the_same_table_at_every_stage() -> None:
    """The pure ``apply`` gives the host's state and events for the answer and for a card of
    run 2; ``replay(config, events)`` rebuilds the table while the answer is pending, after
    the agreement, in the middle of run 2 and at the end (GOV-07). Chips: 900 throughout."""
    h = host()
    all_in_preflop(h)
    assert replays(h)
    state, events = apply(h.state, agree("A", "B"))
    assert tuple(h.apply(agree("A", "B"))) == tuple(events)
    assert h.state == state
    assert replays(h)
    deal(h, RUN1 + "9dJh")
    state, events = apply(h.state, ReportCard(card("Jd")))
    h.apply(ReportCard(card("Jd")))
    assert h.state == state
    assert replays(h)
    assert h.state.ledger_balanced()
    deal(h, "Tc4c3h5c6c")
    assert not h.state.in_hand
    again = replay(h.state.config, h.events)
    assert again == h.state
    assert {s.player: s.stack for s in again.seats if s} == {"A": 301, "B": 301, "C": 298}
    assert sum(seat_stacks(h).values()) == 900
    assert h.state.ledger_balanced()
