"""Defects a code review of one session's changes found, each fixed: the tests keep them
fixed (a hand killed at the showdown, PHH export of hands PHH cannot record, the host and the
pure core refusing the same values, chips in tuples, a forfeit after a misdealt next deal)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from pokerroom.cards import DECK
from pokerroom.deck import shuffled_deck
from pokerroom.hand.actions import BetRaise, CheckCall, KillHand, Show
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.decisions import _next_shower
from pokerroom.hand.engine import apply_in_place, default_showdown_action, start_hand
from pokerroom.hand.events import Shown
from pokerroom.house import load_house
from pokerroom.table import (
    Act,
    DrawButton,
    PlayerId,
    SeatNo,
    SitDown,
    StartHand,
    TableConfig,
    TableError,
    TableHost,
    apply,
)

sys.path.insert(0, str(Path(__file__).parent / "hand"))
from handkit import Hand, check_round

# --------------------------------------------------------------------------- SHD-09 kill


def test_review_killed_shown_hand_is_not_a_rival_at_the_showdown() -> None:
    h = Hand("NT", (200, 200, 200), 1, 2, ("AsAd", "KsKd", "QsQd"), automate_showdown=False)
    check_round(h)
    for street in ("2c7d9h", "Js", "3c"):
        h.board(street)
        check_round(h)
    first = _next_shower(h.state)
    assert first == 0
    h.act(Show(0))  # the aces are shown ...
    h.act(KillHand(0, forfeit_uncalled=True))  # ... and found foul: dead (SHD-09)
    nxt = _next_shower(h.state)
    assert nxt == 1
    # The kings beat the only other live hand (queens): the default action is to show.
    assert isinstance(default_showdown_action(h.state, 1), Shown)


# --------------------------------------------------------------------------- PHH export


def test_review_phh_export_of_a_moved_preflop_start_is_refused_or_replays() -> None:
    from pokerroom.errors import NotationError
    from pokerroom.notation import phh
    from pokerroom.notation.export import history_from_events
    from pokerroom.notation.replay import replay_history

    base = HandConfig.build("NT", (200,) * 6, 1, 2, automate_showdown=True)
    # A make-up big blind at position 4; the table starts the action at position 2.
    cfg = replace(base, blinds=(1, 2, 0, 0, 2, 0), preflop_first=2)
    hand, events = start_hand(cfg, shuffled_deck(bytes(range(32)), DECK))
    log = list(events)
    log += apply_in_place(hand, BetRaise(2, 10))
    while not hand.is_over:
        actor = legal_actions(hand).actor
        assert actor is not None
        log += apply_in_place(hand, CheckCall(actor))
    try:
        hh = history_from_events(cfg, log)
    except NotationError as err:
        assert err.code == "not_representable"
        return
    again = replay_history(phh.loads(phh.dumps(hh)), rules=cfg.rules)
    assert again.final_stacks == hand.stacks


# --------------------------------------------------------------------------- check_types


def _host_in_hand() -> TableHost:
    cfg = TableConfig(load_house("lpr", "cash"), seats=6, buyin_max=400)
    host = TableHost(cfg)
    for k, name in enumerate(("ann", "bob", "cat"), start=1):
        host.apply(SitDown(PlayerId(name), SeatNo(k), 200))
    host.apply(DrawButton(bytes(32)))
    host.apply(StartHand(bytes(32)))
    return host


@pytest.mark.parametrize("bad", ["seat", "forfeit"])
def test_review_host_refuses_what_apply_refuses(bad: str) -> None:
    host = _host_in_hand()
    turn = host.legal()
    assert turn is not None
    who = turn[0]
    seat = host.state.seat_of(who)
    command = (
        Act(who, "call", seat=float(seat))  # type: ignore[arg-type]
        if bad == "seat"
        else Act(who, "call", forfeit=0.0)  # type: ignore[arg-type]
    )
    with pytest.raises(TableError) as pure:
        apply(host.state, command)
    assert pure.value.code == "bad_value"
    before = host.state
    with pytest.raises(TableError) as err:
        host.apply(command)
    assert err.value.code == "bad_value"
    assert host.state == before


# --------------------------------------------------------------------------- SHD-06


def test_review_miscall_forfeit_survives_a_misdealt_next_deal() -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from pokerroom.floor.irregularities import DeclareMisdeal
    from pokerroom.table import FloorRuling, ForfeitForMiscall
    from table.test_showdown_choice import _miscalled

    t, bb, sb = _miscalled("hippodrome")
    assert t.stacks()[bb] == 222
    t(StartHand(bytes(32), live=True))
    t(FloorRuling(DeclareMisdeal("out_of_order")))
    assert t.state.hand_no == 1 and not t.state.in_hand
    t(ForfeitForMiscall(bb, sb, 1))  # the floor's ruling on hand 1 (still the last hand)
    assert t.stacks()[bb] == 222 - 44 and t.stacks()[sb] == 178 + 44


def test_review_release_pot_refuses_fractional_chips() -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from pokerroom.table import ImpoundPot, ReleasePot
    from table.test_showdown_choice import _miscalled

    t, bb, sb = _miscalled("lpr")
    t(ImpoundPot("held", t.state.hand_no, ((bb, 20),)))
    before = t.state
    with pytest.raises(TableError) as err:
        apply(before, ReleasePot("held", ((sb, 10.5), (bb, 9.5)), "split"))  # type: ignore[arg-type]
    assert err.value.code == "bad_value"


def test_review_phh_export_of_a_showdown_kill_is_refused_or_replays() -> None:
    from pokerroom.errors import NotationError
    from pokerroom.notation import phh
    from pokerroom.notation.export import history_from_events
    from pokerroom.notation.replay import replay_history

    h = Hand("NT", (200, 200, 200), 1, 2, ("AsAd", "KsKd", "QsQd"), automate_showdown=False)
    check_round(h)
    for street in ("2c7d9h", "Js", "3c"):
        h.board(street)
        check_round(h)
    h.act(Show(0))
    h.act(KillHand(0, forfeit_uncalled=True))  # SHD-09: the shown hand is found foul
    h.act(Show(1), Show(2))
    assert h.state.is_over
    try:
        hh = history_from_events(h.config, h.events)
    except NotationError as err:
        assert err.code == "not_representable"
        return
    again = replay_history(phh.loads(phh.dumps(hh)), rules=h.config.rules)
    assert again.final_stacks == h.stacks
