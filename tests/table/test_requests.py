"""A player's requests at the table: a pot count or his options (CHP-11) and asking to see a
hand after the showdown (SHD-08), under every cash house."""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.hand.betting import legal_actions
from pokerroom.house import derive, load_house
from pokerroom.table import (
    AskOptions,
    AskPotCount,
    AskToSeeHand,
    FloorFlagged,
    HandRevealed,
    OptionsTold,
    PlayerId,
    PotCounted,
    PotSpread,
    SeatNo,
    ShowdownHand,
    ShowdownRecord,
    ShowHand,
    SpreadPot,
    TableConfig,
    TableError,
    TableState,
    apply,
)
from pokerroom.table.requests import may_ask_to_see

from .tablekit import Table, config

HOUSES = ("lpr", "grosvenor", "hippodrome", "roberts")
P1, P2, P3, P4 = (PlayerId(f"p{k}") for k in range(1, 5))


def _table(house: str, players: int = 3, **kw: object) -> Table:
    """``players`` with 100 each in seats 1.., blinds 1/2; last hand: button 1 (hand 1)."""
    cfg = config(house, "cash", seats=6, **kw)
    stacks = {s: 100 for s in range(1, players + 1)}
    return Table.seated(cfg, stacks, button=1, sb=2, bb=3, hand_no=1)


def _refused(t: Table, command: object, code: str) -> TableError:
    before = t.state
    with pytest.raises(TableError) as err:
        apply(before, command)  # type: ignore[arg-type]
    assert err.value.code == code, err.value
    assert t.state == before
    return err.value


def _check_down(t: Table) -> None:
    """Everyone calls or checks to the end of the hand."""
    while (seat := t.seat_to_act()) is not None:
        hand = t.state.hand
        assert hand is not None
        t.act(seat, "check" if legal_actions(hand).can_check else "call")


def _showdown(house: str) -> Table:
    """Seed 0, four players (button p2, blinds p3 and p4): p1 folds first, the others check
    it down. p3 (the small blind, who completed) wins with a tabled hand; p2 (who called)
    and p4 (the big blind, who only checked: no money willingly put in) concede."""
    t = _table(house, 4)
    t.deal(bytes(32))
    assert t.state.to_act() == P1
    t.act(1, "fold")
    _check_down(t)
    assert t.state.hand is None
    return t


# ---------------------------------------------------------------------------------------
# CHP-11: a pot count, a spread pot, the player's options
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("house", ["grosvenor", "hippodrome", "roberts"])
def test_chp_11_pot_counted_on_request(house: str) -> None:
    t = _table(house)
    t.deal()
    who = t.state.to_act()
    assert who is not None
    t.act(who, "raise", 6)
    (counted,) = t(AskPotCount(P3))
    assert isinstance(counted, PotCounted)
    # The blinds 1 + 2 and the raise to 6, of which all 9 is still in front of the players.
    assert (counted.player, counted.pot, counted.bets) == (P3, 9, 9)
    assert t.replayed() == t.state


def test_chp_11_lpr_no_pot_count_in_no_limit_the_pot_is_spread() -> None:
    t = _table("lpr")
    t.deal()
    err = _refused(t, AskPotCount(P1), "pot_count_refused")
    assert "LPR r59" in str(err) and "SpreadPot" in str(err)
    (spread,) = t(SpreadPot(P1))
    assert spread == PotSpread(P1, SeatNo(1))
    assert t.replayed() == t.state


def test_chp_11_lpr_counts_the_pot_in_pot_limit() -> None:
    # LPR r59 speaks of no-limit games: in pot-limit the pot sets the largest bet.
    t = _table("lpr", variant="PO", small_blind=1, big_blind=2)
    t.deal()
    (counted,) = t(AskPotCount(P1))
    assert isinstance(counted, PotCounted) and counted.pot == 3


@pytest.mark.parametrize("house", HOUSES)
def test_chp_11_only_a_player_in_the_hand_asks(house: str) -> None:
    t = _table(house, 4)
    _refused(t, AskOptions(P1), "no_hand")
    t.deal()
    t.act(1, "fold")
    _refused(t, SpreadPot(P1), "hand_folded")
    _refused(t, AskOptions(P1), "hand_folded")


@pytest.mark.parametrize("house", HOUSES)
def test_chp_11_options_told_on_request(house: str) -> None:
    t = _table(house)
    t.deal()
    who = t.state.to_act()
    assert who is not None
    (told,) = t(AskOptions(who))
    assert isinstance(told, OptionsTold)
    assert told.options == "fold, call 2, raise to 4..100"
    # HIPP:L58: he may also ask which opposing hands are live.
    assert set(told.live_opponents) == {P1, P2, P3} - {who}
    other = next(p for p in (P1, P2, P3) if p != who)
    _refused(t, AskOptions(other), "not_your_turn")
    assert t.replayed() == t.state


def test_chp_11_options_of_a_player_who_showed_his_hand_hipp() -> None:
    # EXP-05 (HIPP:L194): after showing his hand to an active player he may not raise.
    t = _table("hippodrome")
    t.deal()
    who = t.state.to_act()
    assert who is not None
    other = next(p for p in (P1, P2, P3) if p != who)
    t(ShowHand(who, "showed", viewer=other))
    (told,) = t(AskOptions(who))
    assert isinstance(told, OptionsTold) and told.options == "fold, call 2"


def test_chp_11_a_house_that_does_not_tell_options_refuses() -> None:
    rules = derive(load_house("lpr", "cash"), tell_options_on_request=False)
    t = Table.seated(
        TableConfig(rules, seats=6), {1: 100, 2: 100, 3: 100}, button=1, sb=2, bb=3, hand_no=1
    )
    t.deal()
    who = t.state.to_act()
    assert who is not None
    _refused(t, AskOptions(who), "options_refused")


# ---------------------------------------------------------------------------------------
# SHD-08: asking to see a hand after the showdown
# ---------------------------------------------------------------------------------------


def test_shd_08_the_table_remembers_the_showdown() -> None:
    t = _showdown("lpr")
    rec = t.state.last_showdown
    assert rec is not None and rec.hand_no == t.state.hand_no
    fates = {h.player: (h.fate, h.voluntary, h.won > 0) for h in rec.hands}
    assert fates == {
        P1: ("folded", False, False),
        P2: ("mucked", True, False),  # called
        P3: ("shown", True, True),  # the small blind completed
        P4: ("mucked", False, False),  # the big blind checked: no money willingly put in
    }
    assert t.replayed() == t.state


@pytest.mark.parametrize("house", ["lpr", "roberts"])
def test_shd_08_anyone_dealt_in_may_ask_lpr_rrp(house: str) -> None:
    # LPR r74, RRP:L73: any player dealt in, even one who folded, may ask.
    t = _showdown(house)
    (revealed,) = t(AskToSeeHand(P1, P2))
    assert isinstance(revealed, HandRevealed)
    assert revealed.cards == tuple(parse_cards("Ks8c"))
    assert revealed.standing == "dead"  # not the pot winner asking
    assert t.replayed() == t.state


def test_shd_08_only_live_cards_may_ask_gros() -> None:
    # GROS:L97: only players with live cards at the showdown.
    t = _showdown("grosvenor")
    err = _refused(t, AskToSeeHand(P1, P2), "may_not_ask")
    assert "GROS:L97" in str(err)
    (revealed,) = t(AskToSeeHand(P4, P2))  # the big blind held his cards to the showdown
    assert isinstance(revealed, HandRevealed) and revealed.standing == "dead"  # GROS:L99


def test_shd_08_only_voluntary_money_may_ask_hipp() -> None:
    # HIPP:L193: the big blind who only checked put no money in willingly.
    t = _showdown("hippodrome")
    err = _refused(t, AskToSeeHand(P4, P2), "may_not_ask")
    assert "HIPP:L193" in str(err)
    _refused(t, AskToSeeHand(P1, P2), "may_not_ask")
    (revealed,) = t(AskToSeeHand(P2, P4))
    assert isinstance(revealed, HandRevealed) and revealed.standing == "dead"


@pytest.mark.parametrize("house", HOUSES)
def test_shd_08_winner_asks_the_hand_stays_live_but_cannot_win(house: str) -> None:
    # GROS:L98, HIPP:L193, RRP:L73 (LPR: chosen default): both hands stay live. The automated
    # showdown conceded the hand only because a tabled hand beat it: the result stands.
    t = _showdown(house)
    stacks = [t.stack(s) for s in (1, 2, 3, 4)]
    events = t(AskToSeeHand(P3, P2))
    assert len(events) == 1
    revealed = events[0]
    assert isinstance(revealed, HandRevealed)
    assert (revealed.player, revealed.seat, revealed.standing) == (P2, SeatNo(2), "live")
    assert [t.stack(s) for s in (1, 2, 3, 4)] == stacks


@pytest.mark.parametrize("house", HOUSES)
def test_shd_08_a_tabled_hand_is_only_shown_again(house: str) -> None:
    t = _showdown(house)
    (revealed,) = t(AskToSeeHand(P2, P3))
    assert isinstance(revealed, HandRevealed) and revealed.standing == "shown"


@pytest.mark.parametrize("house", HOUSES)
def test_shd_08_refusals_change_nothing(house: str) -> None:
    t = _showdown(house)
    _refused(t, AskToSeeHand(P2, P2), "own_hand")
    err = _refused(t, AskToSeeHand(P2, P1), "not_called")  # folded: never shown (SHD-10)
    assert "SHD-10" in str(err)
    _refused(t, AskToSeeHand(PlayerId("zed"), P2), "not_dealt_in")
    t.deal(bytes([1]) * 32)  # the next shuffle began: the last result stands (HIPP:L55)
    _refused(t, AskToSeeHand(P2, P3), "too_late")


def test_shd_08_no_showdown_no_request() -> None:
    t = _table("roberts")
    t.deal()
    t.fold_out()
    assert t.state.last_showdown is None
    _refused(t, AskToSeeHand(P1, P2), "no_showdown")


@pytest.mark.parametrize("seed", range(12))
def test_shd_08_automated_showdown_mucks_only_hands_the_winner_beats(seed: int) -> None:
    # Why the winner's request only reveals: every hand the table concedes at the showdown
    # is beaten by the pot winner, so keeping it live never changes who wins.
    t = _table("roberts", 4)
    t.deal(bytes([seed]) * 32)
    _check_down(t)
    rec = t.state.last_showdown
    assert rec is not None
    for winner in (h for h in rec.hands if h.won):
        for conceded in (h for h in rec.hands if h.fate == "mucked"):
            events = t(AskToSeeHand(winner.player, conceded.player))
            assert [type(e) for e in events] == [HandRevealed]


def test_shd_08_a_live_hand_that_would_have_won_is_flagged_for_the_floor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A hand a player conceded himself (a live deal) may beat the winner: the pot is already
    # pushed, so the table flags it for the floor (POT-08 impound and release).
    t = _showdown("roberts")
    board = tuple(parse_cards("2h3d4s9cJd"))
    rec = ShowdownRecord(
        t.state.hand_no,
        "NT",
        (board,),
        (
            ShowdownHand(SeatNo(1), P1, tuple(parse_cards("AsAd")), "mucked", True, 0),
            ShowdownHand(SeatNo(3), P3, tuple(parse_cards("KsKd")), "shown", True, 6),
        ),
    )
    monkeypatch.setattr(TableState, "last_showdown", property(lambda _: rec))
    revealed, flagged = t(AskToSeeHand(P3, P1))
    assert isinstance(revealed, HandRevealed) and revealed.standing == "live"
    assert isinstance(flagged, FloorFlagged) and flagged.rule == "SHD-08"


def test_shd_08_who_may_ask_per_house() -> None:
    def ask(house: str, voluntary: bool, reached: bool) -> bool:
        rules = load_house(house, "cash")
        return may_ask_to_see(rules, voluntary=voluntary, reached_showdown=reached)

    assert ask("lpr", False, False) and ask("roberts", False, False)
    assert ask("grosvenor", False, True) and not ask("grosvenor", True, False)
    assert ask("hippodrome", True, False) and not ask("hippodrome", False, True)
