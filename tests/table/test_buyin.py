"""Table stakes and buy-ins (STK-01..05, S33) and seats (SEAT-02)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokerroom.table import (
    Act,
    AddChips,
    Cashout,
    HandStarted,
    Leave,
    MoneyBehind,
    MoneyBehindPlaced,
    PlayerId,
    Rebuy,
    SeatNo,
    SitDown,
    TableError,
    TableState,
    apply,
)

from .tablekit import Table, config

ANN = PlayerId("ann")


def _code(state: TableState, command: object) -> str:
    with pytest.raises(TableError) as err:
        apply(state, command)  # type: ignore[arg-type]
    after = err.value
    return after.code


def test_stk_02_s33_default_minimums_rrp() -> None:
    nl = config("roberts", small_blind=1, big_blind=2)
    assert nl.buyin_limits[0] == 80  # (a) 40 x $2
    state, _ = apply(TableState.empty(nl), SitDown(ANN, SeatNo(1), 100))
    assert state.seat(SeatNo(1)) is not None
    assert config("roberts", variant="FT", small_blind=10, big_blind=10).buyin_limits[0] == 200
    assert config("roberts", variant="PO", small_blind=2, big_blind=5).buyin_limits[0] == 200
    # A table maximum is respected; other houses use the table's own minimum.
    capped = config("grosvenor", buyin_min=100, buyin_max=500)
    assert _code(TableState.empty(capped), SitDown(ANN, SeatNo(1), 501)) == "above_maximum"
    assert _code(TableState.empty(capped), SitDown(ANN, SeatNo(1), 99)) == "below_minimum"


def test_stk_03_s33d_one_short_buy_in_per_session() -> None:
    t = Table(TableState.empty(config("roberts", seats=6)))
    t(SitDown(ANN, SeatNo(1), 50))  # first short buy-in: accepted
    t(SitDown(PlayerId("bob"), SeatNo(2), 200))
    seat = t.state.seat(SeatNo(1))
    assert seat is not None and seat.short_buyins == 1
    t.state = t.start = t.state.__class__(
        **{
            **{f: getattr(t.state, f) for f in t.state.__dataclass_fields__},
            "seats": (seat.__class__(ANN, 0, short_buyins=1), *t.state.seats[1:]),
            "chips_in": 200,
        }
    )
    assert _code(t.state, Rebuy(ANN, 40)) == "below_minimum"  # second short buy-in
    t(Rebuy(ANN, 80))
    assert t.stack(1) == 80
    # Houses without short buy-ins refuse the first one.
    hipp = TableState.empty(config("hippodrome", buyin_min=40, buyin_max=200))
    assert _code(hipp, SitDown(ANN, SeatNo(1), 39)) == "below_minimum"


def test_stk_04_s33e_adding_chips_between_hands_only() -> None:
    t = Table.seated(config("roberts", seats=6), {1: 30, 2: 200, 3: 200}, button=1)
    t(AddChips(PlayerId("p1"), 25))  # adding is not a buy-in: any amount
    assert t.stack(1) == 55
    t.deal()
    assert _code(t.state, AddChips(PlayerId("p2"), 25)) == "in_hand"  # table stakes
    # HIPP: the resulting stack may not exceed the table maximum (CONFLICTS H-17).
    h = Table.seated(config("hippodrome", buyin_min=40, buyin_max=200), {1: 150, 2: 150}, button=1)
    assert _code(h.state, AddChips(PlayerId("p1"), 51)) == "above_maximum"
    h(AddChips(PlayerId("p1"), 50))


def test_stk_01_table_stakes_only_the_chips_in_front_play() -> None:
    t = Table.seated(config("lpr", buyin_min=40, buyin_max=400), {1: 100, 2: 300}, button=1)
    t.deal()
    hand = t.state.hand
    assert hand is not None
    seat = t.seat_to_act()
    assert seat is not None
    options = __import__("pokerroom.hand.betting", fromlist=["x"]).legal_actions(hand)
    # The most anyone can bet is what the shorter stack can match: 100 each.
    assert options.max_raise_to <= 300
    t(Act(t.state.to_act(), "raise", options.max_raise_to))  # type: ignore[arg-type]
    while t.state.to_act() is not None:
        t.act(t.state.to_act(), "call")  # type: ignore[arg-type]
    assert t.stack(1) + t.stack(2) == 400


def test_stk_05_two_hour_return_rule() -> None:
    cfg = config("hippodrome", buyin_min=40, buyin_max=200)
    t = Table.seated(cfg, {1: 500, 2: 100}, button=1)
    t(Leave(PlayerId("p1"), at=1000.0))
    assert t.state.chips_out == 500
    # Within two hours he must bring back what he took away (even above the maximum).
    assert _code(t.state, SitDown(PlayerId("p1"), SeatNo(1), 200, at=1000.0 + 7199)) == "rathole"
    back = Table(t.state)
    back(SitDown(PlayerId("p1"), SeatNo(3), 500, at=1000.0 + 7199))
    # After two hours the normal limits apply again.
    later = Table(t.state)
    later(SitDown(PlayerId("p1"), SeatNo(3), 100, at=1000.0 + 7200))
    # LPR: "no play for less within the window" has the same effect at the table.
    lpr = Table.seated(config("lpr", buyin_min=40, buyin_max=200), {1: 300, 2: 100}, button=1)
    lpr(Leave(PlayerId("p1"), at=0.0))
    assert _code(lpr.state, SitDown(PlayerId("p1"), SeatNo(1), 200, at=3600.0)) == "rathole"


def test_stk_05_stk_02_coming_back_with_the_chips_taken_away_still_needs_the_minimum() -> None:
    # He left with 30, below the table minimum of 40: coming back he must bring at least the
    # 30 (STK-05) and at least the minimum (STK-02), as a newcomer must.
    for house in ("lpr", "grosvenor", "hippodrome"):
        t = Table.seated(config(house, buyin_min=40, buyin_max=200), {1: 30, 2: 100}, button=1)
        t(Leave(PlayerId("p1"), at=0.0))
        assert _code(t.state, SitDown(PlayerId("p1"), SeatNo(1), 30, at=60.0)) == "below_minimum"
        back = Table(t.state)
        back(SitDown(PlayerId("p1"), SeatNo(1), 40, at=60.0))


@pytest.mark.parametrize("house", ["lpr", "hippodrome"])
def test_stk_05_same_stakes_both_readings_need_the_amount_removed(house: str) -> None:
    # HIPP:L69 "your buy-in must be equal to the amount removed" and LPR r90 "to play for a
    # lesser amount you must cease play for 2 hours" agree at the same stakes: at least the
    # amount taken away, even above the table maximum (HIPP:L68 funds fully restored).
    cfg = config(house, buyin_min=40, buyin_max=200)
    assert cfg.rules.return_buyin_rule == (
        "at_least_amount_removed" if house == "hippodrome" else "no_play_for_less_within_window"
    )
    t = Table.seated(cfg, {1: 300, 2: 100}, button=1)
    t(Leave(PlayerId("p1"), at=0.0))
    assert t.state.cashouts == (Cashout(PlayerId("p1"), 300, 0.0, 2),)
    assert _code(t.state, SitDown(PlayerId("p1"), SeatNo(1), 299, at=7199.0)) == "rathole"
    Table(t.state)(SitDown(PlayerId("p1"), SeatNo(1), 300, at=7199.0))
    Table(t.state)(SitDown(PlayerId("p1"), SeatNo(1), 40, at=7200.0))


def _elsewhere(amount: int, big_blind: int) -> Cashout:
    """p1 cashed out ``amount`` at time 0 from a game with this big blind."""
    return Cashout(PlayerId("p1"), amount, 0.0, big_blind)


def test_stk_05_lower_game_hipp_holds_to_the_smaller_of_maximum_and_amount() -> None:
    # HIPP:L69 "Seating in a lower stake game will be held to the maximum amount for the game
    # or the stack removed" (RULES.md STK-05 AMBIG: the smaller of the two).
    cfg = config("hippodrome", small_blind=1, big_blind=2, buyin_min=40, buyin_max=200)
    t = Table.seated(cfg, {2: 100}, button=2)
    big = _elsewhere(500, big_blind=10)
    sit = SitDown(PlayerId("p1"), SeatNo(1), 199, at=60.0, earlier_cashout=big)
    assert _code(t.state, sit) == "rathole"
    Table(t.state)(replace(sit, buy_in=200))  # the game's maximum, below the 500 taken
    small = _elsewhere(120, big_blind=10)
    assert _code(t.state, replace(sit, buy_in=100, earlier_cashout=small)) == "rathole"
    Table(t.state)(replace(sit, buy_in=120, earlier_cashout=small))


def test_stk_05_lower_game_lpr_no_play_for_less_within_the_window() -> None:
    # LPR r90: within two hours he may not play for less than he took away, in any game; a
    # lower game whose maximum is below it cannot seat him until the window is over (r87).
    cfg = config("lpr", small_blind=1, big_blind=2, buyin_min=40, buyin_max=200)
    t = Table.seated(cfg, {2: 100}, button=2)
    sit = SitDown(PlayerId("p1"), SeatNo(1), 200, at=60.0, earlier_cashout=_elsewhere(500, 10))
    err = _code(t.state, sit)
    assert err == "play_for_less"
    Table(t.state)(replace(sit, at=7200.0))
    # Within the maximum, the amount removed is the least he may bring.
    small = _elsewhere(120, big_blind=10)
    assert _code(t.state, replace(sit, buy_in=100, earlier_cashout=small)) == "rathole"
    Table(t.state)(replace(sit, buy_in=120, earlier_cashout=small))


def test_stk_05_higher_game_only_lpr_keeps_the_amount_removed() -> None:
    # HIPP:L69 names the same and lower stakes only; LPR r90 holds in any game.
    small = _elsewhere(150, big_blind=1)
    for house, needs in (("hippodrome", 40), ("lpr", 150)):
        cfg = config(house, small_blind=1, big_blind=2, buyin_min=40, buyin_max=200)
        t = Table.seated(cfg, {2: 100}, button=2)
        sit = SitDown(PlayerId("p1"), SeatNo(1), needs, at=60.0, earlier_cashout=small)
        Table(t.state)(sit)
        assert _code(t.state, replace(sit, buy_in=needs - 1)) in ("rathole", "below_minimum")


def test_stk_05_another_players_cashout_is_refused() -> None:
    t = Table.seated(config("lpr", buyin_min=40, buyin_max=200), {2: 100}, button=2)
    other = Cashout(PlayerId("bob"), 500, 0.0, 10)
    sit = SitDown(PlayerId("p1"), SeatNo(1), 100, at=60.0, earlier_cashout=other)
    assert _code(t.state, sit) == "not_his_cashout"


def test_stk_01_money_behind_plays_hipp() -> None:
    # HIPP:L70: chips bought but not yet delivered, shown by a marker, play; the amount is
    # announced (the event). Between hands, within the top-up limit (STK-04).
    cfg = config("hippodrome", buyin_min=40, buyin_max=200)
    t = Table.seated(cfg, {1: 100, 2: 100}, button=1)
    events = t(MoneyBehind(PlayerId("p1"), 60))
    assert events == (MoneyBehindPlaced(PlayerId("p1"), SeatNo(1), 60),)
    assert t.stack(1) == 160 and t.state.ledger_balanced()
    assert _code(t.state, MoneyBehind(PlayerId("p1"), 50)) == "above_maximum"
    assert _code(t.state, MoneyBehind(PlayerId("p1"), 0)) == "bad_amount"
    started = t.deal()
    assert isinstance(started, HandStarted)
    assert 160 in started.config.starting_stacks  # it plays in the next deal
    # STK-01: not during a hand he is in.
    assert _code(t.state, MoneyBehind(PlayerId("p2"), 10)) == "in_hand"
    assert t.replayed() == t.state


@pytest.mark.parametrize("house", ["lpr", "grosvenor", "roberts"])
def test_stk_01_money_behind_does_not_play_elsewhere(house: str) -> None:
    t = Table.seated(config(house, buyin_min=40, buyin_max=200), {1: 100, 2: 100}, button=1)
    before = t.state
    assert _code(t.state, MoneyBehind(PlayerId("p1"), 50)) == "money_behind_not_played"
    assert t.state == before


def test_seat_02_one_seat_per_player_and_taken_seats() -> None:
    t = Table(TableState.empty(config("lpr", seats=4, buyin_min=40, buyin_max=400)))
    t(SitDown(ANN, SeatNo(2), 100))
    assert _code(t.state, SitDown(ANN, SeatNo(3), 100)) == "already_seated"
    assert _code(t.state, SitDown(PlayerId("bob"), SeatNo(2), 100)) == "seat_taken"
    assert _code(t.state, SitDown(PlayerId("bob"), SeatNo(5), 100)) == "no_such_seat"
    assert _code(t.state, Leave(PlayerId("bob"))) == "not_seated"
    before = t.state
    with pytest.raises(TableError):
        apply(before, SitDown(PlayerId("bob"), SeatNo(2), 100))
    assert t.state == before  # a rejected command changes nothing
