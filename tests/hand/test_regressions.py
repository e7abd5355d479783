"""Regressions: engine bugs the hand tests found (chips_total, S21 all-in, PO5 export, RIT)."""

from __future__ import annotations

from handkit import Hand, make_deck

from pokerroom.hand.actions import BetRaise, CheckCall, Fold, RunItTwice
from pokerroom.hand.engine import apply
from pokerroom.house import load_house
from pokerroom.notation import phh
from pokerroom.notation.export import history_from_events
from pokerroom.notation.replay import replay_history


def test_regression_chips_total_constant_after_the_hand_ends() -> None:
    # S04: 24,000 chips. After the award chips_total() says 27,000 (contrib not cleared).
    h = Hand("NT", (15000, 9000), 300, 600, ("AsKs", "7d2c"))
    h.act(BetRaise(1, 1500), CheckCall(0))
    h.board("2h3h4d")
    h.act(CheckCall(0), BetRaise(1, 2000))
    assert h.state.chips_total() == 24000
    h.act(Fold(0))
    assert h.state.is_over and h.stacks == (13500, 10500)
    assert h.state.chips_total() == 24000


def _s21_allin(house: str) -> Hand:
    stacks = [1000] * 9
    stacks[5] = 100
    holes = ("2c3d", "AsKd", "4c5d", "6c7d", "8c9d", "QsQd", "Th2h", "Jc3h", "4h5h")
    h = Hand("NT", stacks, 1, 2, holes, rules=load_house(house, "cash"))
    h.act(Fold(2), Fold(3), Fold(4), CheckCall(5), Fold(6), Fold(7), Fold(8), Fold(0))
    h.act(CheckCall(1))
    h.board("7h8h9s")
    h.act(CheckCall(1), CheckCall(5))
    h.board("Js")
    h.act(CheckCall(1), BetRaise(5, 98), CheckCall(1))  # seat 6 all-in on the turn
    h.board("2s")
    return h


def test_regression_s21_allin_variant_hippodrome_seat_2_shows_first() -> None:
    assert _s21_allin("hippodrome").state.show_order[0] == 1


def test_regression_s21_allin_variant_roberts_seat_2_shows_first() -> None:
    assert _s21_allin("roberts").state.show_order[0] == 1


def test_regression_po5_export_is_not_loadable() -> None:
    deck = make_deck(("AsKsQsJsTs", "2c3c4c5c6c"))
    h = Hand("PO5", (100, 100), 1, 2, deck=deck, automate_showdown=True)
    h.act(BetRaise(1, 6), Fold(0))
    text = phh.dumps(history_from_events(h.config, h.events))
    assert replay_history(phh.loads(text, "po5.phh")).matched


def test_regression_rit_impossible_when_the_engine_deals_from_a_deck() -> None:
    # HIPP 1/2, 600 all-in pre-flop: RIT-01 eligible, but with a deck the board is run out in
    # the same apply() as the closing call, so RunItTwice can never be agreed.
    deck = make_deck(("AsAd", "KsKd"), ("2c3d9h", "Td", "Jc"))
    h = Hand("NT", (300, 300), 1, 2, deck=deck, rules=load_house("hippodrome", "cash"))
    h.act(BetRaise(1, 300), CheckCall(0))
    apply(h.state, RunItTwice(agreed=(0, 1)))


def test_regression_flow_02_draw_from_a_deck_that_cannot_replace_the_discards() -> None:
    # Badugi (4 cards), 6 players, the engine dealing from a 52-card deck: 24 dealt, 28 left.
    # Everyone draws 4 on the first draw (24 replaced, 4 left). On the second draw the first
    # player may still draw his 4; the next one cannot be given any card: the engine used to
    # deal him an empty hand of replacements for ever (a hang). The discard is refused,
    # naming how many cards he may draw.
    from pokerroom.cards import DECK
    from pokerroom.errors import IllegalAction
    from pokerroom.hand.actions import Discard

    h = Hand("FB", (100,) * 6, 1, 2, deck=DECK)
    while h.state.street == 0:
        h.act(CheckCall(h.legal.actor or 0))
    for p in range(6):
        h.act(Discard(p, tuple(c for c in h.state.hole_cards(p) if c is not None)))
    assert len(h.state.stub or ()) == 4
    while h.legal.actor is not None:
        h.act(CheckCall(h.legal.actor))
    h.act(Discard(0, tuple(c for c in h.state.hole_cards(0) if c is not None)))
    err = h.refuse(Discard(1, h.state.hole_cards(1)[:1]), "deck_exhausted", IllegalAction)
    assert "at most 0" in str(err)
    h.act(Discard(1))  # standing pat needs no card
    assert h.state.actor is None and h.state.phase_name == "discard"
