"""Table commands the floor uses: a button put on a given seat (BTN-07), a fold that forfeits
pushed chips (CHP-06, OOT-08), a tournament player back in his seat during the deal (TRN-02)
and a hand the floor kills (DEAD-05, DEAD-07, EXP-01, EXP-05)."""

from __future__ import annotations

import pytest

from pokerroom.hand.events import Folded
from pokerroom.table import (
    Act,
    HandRevived,
    KillHand,
    PlayerId,
    ReturnToSeat,
    SeatNo,
    SitOut,
    TableError,
)

from .tablekit import Table, config, posts


def nine_handed(house: str = "roberts") -> Table:
    """Nine players, the last hand's button on seat 3 (SB 4, BB 5)."""
    cfg = config(house, seats=9, buyin_min=40, buyin_max=400)
    return Table.seated(
        cfg, {s: 200 for s in range(1, 10)}, button=3, sb=4, bb=5, hand_no=1,
        last_bb={5: 1, 4: 0},
    )


def test_btn_07_s26_hand_dealt_with_the_button_on_a_given_seat() -> None:
    t = nine_handed()
    h = t.deal(button=SeatNo(5))  # should be seat 4: the dealer put it on seat 5
    assert (h.button, h.sb_seat, h.bb_seat) == (5, 6, 7)
    assert posts(h) == {6: 1, 7: 2}
    assert t.seat_to_act() == 8
    t.fold_out()
    h = t.deal()  # keeps moving clockwise from where it actually was (HIPP:L147)
    assert (h.button, h.sb_seat, h.bb_seat) == (6, 7, 8)
    t.fold_out()
    h = t.deal(button=SeatNo(4))  # the floor's correction (RRP:L35) is a placed button too
    assert (h.button, h.sb_seat, h.bb_seat) == (4, 5, 6)
    assert t.replayed() == t.state


def test_btn_07_button_on_an_empty_seat_is_refused() -> None:
    cfg = config("roberts", seats=9, buyin_min=40, buyin_max=400)
    t = Table.seated(cfg, {1: 200, 2: 200, 3: 200}, button=1)
    with pytest.raises(TableError) as err:
        t.deal(button=SeatNo(7))
    assert err.value.code == "no_player_on_button_seat" and "seat 7" in str(err.value)
    assert t.state.hand is None


def test_chp_06_fold_forfeit_leaves_pushed_chips_in_the_pot() -> None:
    cfg = config("lpr", seats=9, buyin_min=40, buyin_max=400)
    t = Table.seated(cfg, {1: 200, 2: 200, 3: 200}, button=1)
    t.deal()
    t.act(1, "raise", 10)  # the button opens; the small blind put 5 more forward unaware
    before = t.state.hand
    assert before is not None
    t(Act(PlayerId("p2"), "fold", forfeit=5))
    hand = t.state.hand
    assert hand is not None and hand.pot == before.pot + 5
    assert any(isinstance(e, Folded) and e.forfeited == 5 for e in t.log)
    with pytest.raises(TableError) as err:
        t(Act(PlayerId("p3"), "call", forfeit=5))
    assert err.value.code == "forfeit_without_fold"
    t.fold_out()
    assert t.stack(2) == 200 - 1 - 5 and t.state.ledger_balanced()
    assert t.replayed() == t.state


def test_dead_05_wrong_card_count_after_the_cutoff_kills_the_hand_chips_stay() -> None:
    # LPR r43 (000:L108): found after action, "the player's hand is mucked"; HIPP:L138,
    # RRP:L29, GROS:L103: a hand with the wrong number of cards is dead. p2 (the small blind)
    # has put in 1 and then called a raise to 10: all 10 stay in the pot, nothing comes back.
    for house in ("lpr", "hippodrome", "roberts", "grosvenor"):
        cfg = config(house, seats=9, buyin_min=40, buyin_max=400)
        t = Table.seated(cfg, {1: 200, 2: 200, 3: 200, 4: 200}, button=1)
        t.deal()
        order = t.state.positions
        t.act(order[2], "raise", 10)
        t.act(order[3], "call")
        t.act(order[0], "call")  # p2, the small blind, calls 9 more
        assert t.seat_to_act() == order[1]
        pot = t.state.hand.pot  # type: ignore[union-attr]
        t(KillHand(PlayerId("p2"), "DEAD-05"))
        hand = t.state.hand
        assert hand is not None and hand.folded[0] and hand.pot == pot
        assert t.seat_to_act() == order[1]  # the big blind's option is next, as before
        t.fold_out()
        assert t.stack(2) == 190 and t.replayed() == t.state


def test_exp_05_the_floor_kills_a_raisers_hand_his_raise_stays_in_the_pot() -> None:
    # LPR r80: showing his cards to another player may get the hand ruled dead. p4 has raised
    # to 30 and nobody has called yet: a floor kill returns nothing (unlike the dealer's DEAD-06).
    cfg = config("lpr", seats=9, buyin_min=40, buyin_max=400)
    t = Table.seated(cfg, {1: 200, 2: 200, 3: 200, 4: 200}, button=1)
    t.deal()
    t.act(4, "raise", 30)
    t(KillHand(PlayerId("p4"), "EXP-05"))
    assert t.seat_to_act() == 1
    t.fold_out()
    assert t.stack(4) == 170 and t.stack(3) == 200 + 1 + 30  # the BB takes the blinds and 30
    assert t.replayed() == t.state


def test_dead_07_floor_kill_errors_change_nothing() -> None:
    cfg = config("roberts", seats=9, buyin_min=40, buyin_max=400)
    t = Table.seated(cfg, {1: 200, 2: 200, 3: 200, 4: 200}, button=1)
    with pytest.raises(TableError) as err:
        t(KillHand(PlayerId("p2"), "DEAD-07"))
    assert err.value.code == "not_dealt_in"  # no hand in play
    t.deal()
    t.act(4, "fold")
    before = t.state
    for player, rule, code in (
        ("p4", "DEAD-07", "already_killed"),  # folded already
        ("p9", "DEAD-07", "not_dealt_in"),
        ("p1", "PEN-01", "unknown_kill_rule"),
        ("p1", "NEW-05", "not_killable"),  # he owes no blind
    ):
        with pytest.raises(TableError) as err:
            t(KillHand(PlayerId(player), rule))  # type: ignore[arg-type]
        assert err.value.code == code and t.state == before
        if code == "unknown_kill_rule":  # the error lists the rulings allowed
            assert "NEW-05, DEAD-05, DEAD-07, EXP-01, EXP-05" in str(err.value)


def absent_big_blind() -> Table:
    """GROS-like tournament, blinds 200/400: p3 (the next big blind) is away at the deal."""
    cfg = config("grosvenor", "tournament", seats=9, small_blind=200, big_blind=400)
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 5000}, button=1)
    t(SitOut(PlayerId("p3")))
    h = t.deal()
    assert posts(h) == {2: 200, 3: 400}
    return t


def test_trn_02_back_in_time_gets_his_hand_back() -> None:
    t = absent_big_blind()
    events = t(ReturnToSeat(PlayerId("p3"), hand_live=True))
    assert any(isinstance(e, HandRevived) for e in events) and not t.state.killed
    t.fold_out()  # p1 and p2 fold: the big blind wins, he was live
    assert t.stack(3) == 5200 and not t.state.seats[2].sitting_out  # type: ignore[union-attr]
    assert t.replayed() == t.state


def test_trn_02_back_too_late_hand_stays_dead_and_blind_stays_in_the_pot() -> None:
    t = absent_big_blind()
    t(ReturnToSeat(PlayerId("p3"), hand_live=False))
    hand = t.state.hand
    assert hand is not None and hand.folded[1]  # the deal is over: folded at once (CAMB:L48)
    t.fold_out()  # p1 folds: p2 wins; p3's 400 stayed in the pot
    assert t.stack(3) == 4600 and t.stack(2) == 5400
    assert t.replayed() == t.state


def test_trn_02_return_needs_an_absent_player_in_a_hand() -> None:
    t = absent_big_blind()
    with pytest.raises(TableError) as err:
        t(ReturnToSeat(PlayerId("p1"), hand_live=True))
    assert err.value.code == "not_sitting_out"
    cash = Table.seated(config("lpr", seats=9, buyin_min=40, buyin_max=400),
                        {1: 200, 2: 200}, button=1)
    with pytest.raises(TableError) as err:
        cash(ReturnToSeat(PlayerId("p1"), hand_live=True))
    assert err.value.code == "not_a_tournament"


def test_trn_02_dead_hand_never_wins_when_everyone_else_folds() -> None:
    """Reported bug: the absent big blind's dead hand was folded only at its turn, so when
    the others folded first it was the last hand standing and won the pot."""
    t = absent_big_blind()
    t.act(1, "fold")  # the first voluntary action: the deal is over, his hand is killed now
    assert t.state.hand is None  # the small blind is the only live hand: he wins
    assert t.stack(3) == 4600 and t.stack(2) == 5400 and t.stack(1) == 5000
    assert t.state.ledger_balanced() and t.replayed() == t.state
    with pytest.raises(TableError):  # too late to give him his hand back
        t(ReturnToSeat(PlayerId("p3"), hand_live=True))


def test_trn_02_heads_up_dead_big_blind_loses_his_blind_at_once() -> None:
    cfg = config("grosvenor", "tournament", seats=9, small_blind=200, big_blind=400)
    t = Table.seated(cfg, {1: 5000, 2: 5000}, button=1)
    t(SitOut(PlayerId("p2")))
    h = t.deal()
    assert posts(h) == {1: 200, 2: 400}
    # One live hand against a dead one: nobody can contest it, the hand is over at once.
    assert t.state.hand is None and t.stack(1) == 5400 and t.stack(2) == 4600
    assert t.replayed() == t.state


def heads_up_away(house: str, away: int) -> Table:
    """Tournament heads-up, button (small blind) seat 1; ``away`` sits out before the deal."""
    cfg = config(house, "tournament", seats=9, small_blind=100, big_blind=200)
    t = Table.seated(cfg, {1: 5000, 2: 5000}, button=1)
    t(SitOut(PlayerId(f"p{away}")))
    return t


def test_trn_02_heads_up_back_in_time_is_ruled_with_the_deal_and_plays() -> None:
    # GROS:L127: back before the last card, his hand is live. Heads-up a dead hand ends the
    # hand as it is dealt, so the ruling comes with the deal (StartHand.returned).
    for away in (1, 2):
        t = heads_up_away("grosvenor", away)
        back = ReturnToSeat(PlayerId(f"p{away}"), hand_live=True)
        h = t.deal(returned=(back,))
        assert posts(h) == {1: 100, 2: 200} and h.absent == ()
        assert t.state.hand is not None and not t.state.killed
        assert t.seat_to_act() == 1  # the button acts first heads-up (FLOW-08)
        assert not t.state.seats[away - 1].sitting_out  # type: ignore[union-attr]
        t.act(1, "raise", 600)
        t.act(2, "fold")
        assert (t.stack(1), t.stack(2)) == (5200, 4800) and t.replayed() == t.state


def test_trn_02_heads_up_back_too_late_the_other_hand_takes_the_blinds() -> None:
    # CAMB:L48: back after his own first card is too late; his blind stays in the pot and
    # the only live hand wins it. He is at his seat for the next deal.
    for away, stacks in ((1, (4900, 5100)), (2, (5200, 4800))):
        t = heads_up_away("cambridge", away)
        t.deal(returned=(ReturnToSeat(PlayerId(f"p{away}"), hand_live=False),))
        assert t.state.hand is None and (t.stack(1), t.stack(2)) == stacks
        assert not t.state.seats[away - 1].sitting_out  # type: ignore[union-attr]
        assert t.state.ledger_balanced() and t.replayed() == t.state
        t.deal()
        assert not t.state.killed  # the next hand is his to play


def test_trn_02_back_too_late_at_the_deal_is_folded_at_once() -> None:
    cfg = config("cambridge", "tournament", seats=9, small_blind=200, big_blind=400)
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 5000}, button=1)
    t(SitOut(PlayerId("p3")))
    t.deal(returned=(ReturnToSeat(PlayerId("p3"), hand_live=False),))
    hand = t.state.hand
    assert hand is not None and hand.folded[t.state.positions.index(SeatNo(3))]
    t.fold_out()
    assert t.stack(3) == 4600 and t.replayed() == t.state


def test_trn_02_returns_with_the_deal_are_checked_and_change_nothing() -> None:
    t = heads_up_away("grosvenor", 2)
    before = t.state
    for returned, code in (
        ((ReturnToSeat(PlayerId("p1"), True),), "not_sitting_out"),
        ((ReturnToSeat(PlayerId("p2"), True),) * 2, "returned_twice"),
        ((ReturnToSeat(PlayerId("p9"), True),), "not_seated"),
    ):
        with pytest.raises(TableError) as err:
            t.deal(returned=returned)
        assert err.value.code == code and t.state == before
    cash = Table.seated(config("lpr", seats=9, buyin_min=40, buyin_max=400),
                        {1: 200, 2: 200}, button=1)
    cash(SitOut(PlayerId("p2")))
    with pytest.raises(TableError) as err:
        cash.deal(returned=(ReturnToSeat(PlayerId("p2"), True),))
    assert err.value.code == "not_a_tournament"


def test_bld_07_trn_02_dead_hand_never_wins_when_nobody_can_act_after_the_posts() -> None:
    # Heads-up, the button is all-in on his small blind and the absent big blind posts: no
    # betting is possible, and the engine kills the dead hand before the board is run out.
    for seed in range(40):
        cfg = config("grosvenor", "tournament", seats=9, small_blind=200, big_blind=400)
        t = Table.seated(cfg, {1: 100, 2: 5000}, button=1)
        t(SitOut(PlayerId("p2")))
        t.deal(seed=bytes([seed]) * 32)
        assert t.state.hand is None
        # The absent player's big blind is dead money (BLD-07): the only live hand takes it.
        assert (t.stack(1), t.stack(2)) == (500, 4600)
        assert t.replayed() == t.state


def test_stk_04_tournament_chips_are_added_only_as_the_directors_add_on() -> None:
    from pokerroom.table import AddChips, TableError

    cfg = config("cambridge", "tournament", seats=9, small_blind=100, big_blind=200)
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 5000}, button=1)
    before = t.state
    with pytest.raises(TableError) as info:
        t(AddChips(PlayerId("p1"), 1000))
    assert info.value.code == "tournament_chips" and t.state == before
    t(AddChips(PlayerId("p1"), 1000, add_on=True))
    assert t.stack(1) == 6000 and t.state.ledger_balanced()
    assert t.replayed() == t.state


def test_pen_02_heads_up_the_penalised_hand_is_killed_and_the_hand_ends() -> None:
    # LPR:L188: a player serving a penalty is dealt in, posts, and his hand is dead. Heads-up
    # that leaves one live hand: the hand is over at once and the other player takes the blinds.
    cfg = config("lpr", "tournament", seats=9, small_blind=100, big_blind=200)
    for offender in (1, 2):
        t = Table.seated(cfg, {1: 5000, 2: 5000}, button=1)
        t.deal()
        t(KillHand(PlayerId(f"p{offender}"), "PEN-02"))
        assert t.state.hand is None  # settled: nobody is left to play against
        other = 3 - offender
        assert t.stack(other) > 5000 and t.stack(offender) < 5000
        assert t.stack(1) + t.stack(2) == 10000 and t.replayed() == t.state


def test_trn_02_absent_first_actor_back_in_time_gets_his_hand_back() -> None:
    # GROS:L127: in his seat by the time the last card is dealt, his hand is live. Four-handed,
    # button 1: p4 (under the gun, first to act) is away, so his dead hand is folded as the
    # seeded deal ends; ruled back in time before anyone acts, it is his turn again.
    cfg = config("grosvenor", "tournament", seats=9, small_blind=200, big_blind=400)
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 5000, 4: 5000}, button=1)
    t(SitOut(PlayerId("p4")))
    t.deal()
    hand = t.state.hand
    assert hand is not None and hand.folded[2] and t.seat_to_act() == 1
    t(ReturnToSeat(PlayerId("p4"), hand_live=True))
    hand = t.state.hand
    assert hand is not None and not hand.folded[2] and t.seat_to_act() == 4
    assert not t.state.killed
    t.act(4, "raise", 1200)
    t.fold_out()
    assert t.stack(4) == 5000 + 200 + 400 and t.replayed() == t.state


def test_trn_02_absent_first_actor_too_late_once_another_player_acted() -> None:
    cfg = config("grosvenor", "tournament", seats=9, small_blind=200, big_blind=400)
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 5000, 4: 5000}, button=1)
    t(SitOut(PlayerId("p4")))
    t.deal()
    t.act(1, "call")
    before = t.state
    with pytest.raises(TableError) as err:
        t(ReturnToSeat(PlayerId("p4"), hand_live=True))
    assert err.value.code == "hand_already_folded" and t.state == before


def test_trn_02_lpr_absent_hand_dies_at_his_own_turn_so_he_may_come_back_before_it() -> None:
    # LPR:L194 / CONFLICTS L-21: the absent player's hand is killed at his first action, so
    # after others have acted he may still sit down before his turn and play it. Button 1 (p1)
    # is away; p4 (under the gun) calls and p1 is back while the action is still before him.
    cfg = config("lpr", "tournament", seats=9, small_blind=100, big_blind=200)
    t = Table.seated(cfg, {1: 5000, 2: 5000, 3: 5000, 4: 5000, 5: 5000}, button=1)
    t(SitOut(PlayerId("p1")))
    t.deal()
    t.act(4, "call")  # under the gun; p5 is next, then the button p1
    hand = t.state.hand
    assert hand is not None and not hand.folded[t.state.positions.index(SeatNo(1))]
    t(ReturnToSeat(PlayerId("p1"), hand_live=True))
    t.act(5, "fold")
    assert t.seat_to_act() == 1  # his turn: he plays his hand
    t.act(1, "fold")
    t.fold_out()
    assert t.replayed() == t.state
    # Not back by his turn: his hand is killed then, and it never wins.
    t2 = Table.seated(cfg, {1: 5000, 2: 5000, 3: 5000, 4: 5000, 5: 5000}, button=1)
    t2(SitOut(PlayerId("p1")))
    t2.deal()
    t2.act(4, "call")
    t2.act(5, "fold")
    hand = t2.state.hand
    assert hand is not None and hand.folded[t2.state.positions.index(SeatNo(1))]
    assert t2.seat_to_act() == 2
