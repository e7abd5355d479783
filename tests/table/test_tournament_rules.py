"""Tournament rules the table and the hand engine carry (RULES.md section 21): TRN-05 dead
button, dead small blind and heads-up; TRN-07 all-in hands face up (SHD-03); TRN-10 the
fixed-limit raise cap heads-up (STR-04); TRN-16 the start of a hand for presence rulings."""

from __future__ import annotations

from pokerroom.hand.betting import legal_actions
from pokerroom.hand.events import Mucked, Shown
from pokerroom.table import MoveOut, PlayerId, SeatNo, SitIn, SitOut, TableConfig

from .tablekit import Table, config, posts


def _tournament(house: str) -> TableConfig:
    return config(house, "tournament", seats=9, small_blind=100, big_blind=200)


def test_trn_05_dead_small_blind_when_the_last_big_blind_leaves() -> None:
    t = Table.seated(_tournament("lpr"), {s: 5000 for s in (1, 2, 3, 4, 5)},
                     button=1, sb=2, bb=3, hand_no=4)
    t(MoveOut(PlayerId("p3")))  # the last big blind is moved away (or busted)
    h = t.deal()
    # BTN-03/04: the big blind moves on one seat; the small blind's seat (3) is empty, so
    # there is no small blind this hand; the button moves to the last small blind's seat.
    assert (h.button, h.sb_seat, h.bb_seat) == (2, 3, 4)
    assert posts(h) == {4: 200}
    assert t.replayed() == t.state


def test_trn_05_dead_button_on_an_empty_seat() -> None:
    t = Table.seated(_tournament("grosvenor"), {s: 5000 for s in (1, 2, 3, 4, 5)},
                     button=1, sb=2, bb=3, hand_no=4)
    t(MoveOut(PlayerId("p2")))  # the last small blind leaves: his seat gets the button
    h = t.deal()
    assert (h.button, h.sb_seat, h.bb_seat) == (2, 3, 4)
    assert SeatNo(2) not in h.positions  # a dead button: nobody sits there
    assert posts(h) == {3: 100, 4: 200}
    t.fold_out()
    h = t.deal()  # the button moves on normally from the dead seat
    assert (h.button, h.sb_seat, h.bb_seat) == (3, 4, 5)


def test_trn_05_heads_up_the_button_posts_the_small_blind_and_acts_first() -> None:
    t = Table.seated(_tournament("cambridge"), {s: 5000 for s in (1, 4, 7)},
                     button=1, sb=4, bb=7, hand_no=2)
    t(MoveOut(PlayerId("p4")))  # down to two players
    h = t.deal()
    assert len(h.positions) == 2 and h.bb_seat is not None
    assert h.sb_seat == h.button and posts(h)[h.button] == 100  # FLOW-08 / BTN-06
    assert posts(h)[h.bb_seat] == 200
    assert t.seat_to_act() == h.button  # the button acts first before the flop


def _all_in_heads_up(house: str) -> Table:
    t = Table.seated(_tournament(house), {1: 3000, 2: 3000}, button=1)
    t.deal()
    first = t.seat_to_act()
    assert first is not None
    t.act(first, "raise", 3000)
    second = t.seat_to_act()
    assert second is not None
    t.act(second, "call")
    assert t.state.hand is None
    return t


def test_trn_07_all_in_hands_are_turned_face_up_in_tournaments() -> None:
    for house in ("roberts", "lpr", "grosvenor", "cambridge", "hippodrome"):
        t = _all_in_heads_up(house)
        shown = {e.position for e in t.log if isinstance(e, Shown)}
        assert shown == {0, 1}, house  # SHD-03: both hands face up, the loser's too
        assert not any(isinstance(e, Mucked) for e in t.log)
        assert sum(x.stack for x in t.state.seats if x) == 6000 and t.replayed() == t.state


def _cap_round(mode: str) -> Table:
    extra: dict[str, object] = {"buyin_min": 100, "buyin_max": 100000} if mode == "cash" else {}
    cfg = config("roberts", mode, seats=9, variant="FT", small_blind=100, big_blind=200,
                 **extra)
    t = Table.seated(cfg, {1: 20000, 2: 20000}, button=1)
    t.deal()
    # Heads-up pre-flop: the big blind is the bet; raise, re-raise, cap (STR-03).
    for _ in range(3):
        hand = t.state.hand
        seat = t.seat_to_act()
        assert hand is not None and seat is not None
        to = legal_actions(hand).min_raise_to
        assert to is not None
        t.act(seat, "raise", to)
    return t


def test_trn_10_fixed_limit_tournaments_keep_the_raise_cap_heads_up() -> None:
    t = _cap_round("tournament")  # RRP:L55
    hand = t.state.hand
    assert hand is not None
    options = legal_actions(hand)
    assert options.min_raise_to is None and options.call_amount == 200  # four bets: capped
    # The same round at a cash table of the same house is uncapped heads-up (STR-04).
    cash = _cap_round("cash")
    assert cash.state.hand is not None
    assert legal_actions(cash.state.hand).min_raise_to == 1000


def test_trn_16_the_deal_starts_the_hand_for_presence_rulings() -> None:
    # GROS:L126 / FLOW-11: the hand starts when the riffle begins; the table shuffles and
    # deals in one command (StartHand), so presence is taken at StartHand.
    t = Table.seated(_tournament("grosvenor"), {1: 5000, 2: 5000, 3: 5000, 4: 5000}, button=1)
    t(SitOut(PlayerId("p3")))
    h = t.deal()
    p3 = h.positions.index(SeatNo(3))
    assert p3 in t.state.killed  # away at the start: dealt in, hand dead
    t(SitIn(PlayerId("p3")))  # sitting in after the start does not give the hand back
    assert p3 in t.state.killed
    t.fold_out()
    assert t.stack(3) == 5000 - 200  # his big blind stayed in the pot
    # Present at the start: leaving during the hand does not kill it (only a floor ruling).
    h = t.deal()
    p2 = h.positions.index(SeatNo(2))
    t(SitOut(PlayerId("p2")))
    assert p2 not in t.state.killed
    acted = []
    while (seat := t.seat_to_act()) is not None:
        acted.append(seat)
        t.act(seat, "fold")
    assert 2 in acted  # he is still asked to act: his hand is live
    assert t.replayed() == t.state
