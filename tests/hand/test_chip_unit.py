"""STR-07 in the hand engine: bets and raises are whole numbers of the smallest chip that plays
(``HandConfig.chip_unit``); only the all-in (everything he has) may be off the unit."""

from __future__ import annotations

import dataclasses
import random

from handkit import Hand

from pokerroom.bots.random_bot import random_action
from pokerroom.bots.simple import SimpleBot
from pokerroom.errors import IllegalAction
from pokerroom.hand.actions import BetRaise, CheckCall
from pokerroom.hand.betting import LegalActions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.events import ChipsBet

FOUR = ("AsAd", "KsKd", "QcQh", "JcJh")


def _hand(code: str, stacks: tuple[int, ...], unit: int = 25) -> Hand:
    config = dataclasses.replace(HandConfig.build(code, stacks, 25, 50), chip_unit=unit)
    return Hand(code, stacks, 25, 50, FOUR[: len(stacks)], config=config)


def test_str_07_off_unit_raise_refused_at_a_25_chip_table() -> None:
    h = _hand("NT", (5000, 5000, 5000))
    assert h.legal == LegalActions(2, False, 50, 100, 5000, unit=25)
    err = h.refuse(BetRaise(2, 130), "not_in_chip_unit", IllegalAction)
    assert "25" in err.message and "raise to 125 or 150" in err.message
    assert "STR-07" in err.message and "in chips of 25" in err.message  # the legal list says so
    h.refuse(BetRaise(2, 4990), "not_in_chip_unit", IllegalAction)
    (bet,) = h.act(BetRaise(2, 150))
    assert isinstance(bet, ChipsBet) and bet.to == 150 and not bet.all_in
    # The nearest legal amounts never leave the legal range.
    err = h.refuse(BetRaise(0, 260), "not_in_chip_unit", IllegalAction)
    assert "raise to 250 or 275" in err.message


def test_str_07_unit_1_plays_every_chip() -> None:
    h = _hand("NT", (5000, 5000, 5000), unit=1)
    assert h.legal == LegalActions(2, False, 50, 100, 5000)
    assert "chips of" not in h.legal.describe()
    h.act(BetRaise(2, 131))
    assert h.state.current_bet == 131


def test_str_07_off_unit_all_in_is_accepted() -> None:
    h = _hand("NT", (5000, 5000, 1010))
    assert h.legal == LegalActions(2, False, 50, 100, 1010, unit=25)
    h.refuse(BetRaise(2, 1005), "not_in_chip_unit", IllegalAction)
    (bet,) = h.act(BetRaise(2, 1010))
    assert isinstance(bet, ChipsBet) and bet.all_in and bet.to == 1010
    # A short all-in for less than a full raise is legal too (BET-03).
    h2 = _hand("NT", (5000, 5000, 90))
    assert h2.legal.min_raise_to == h2.legal.max_raise_to == 90
    (bet,) = h2.act(BetRaise(2, 90))
    assert isinstance(bet, ChipsBet) and bet.all_in


def test_str_07_min_raise_rounded_up_and_pot_limit_max_rounded_down() -> None:
    # p3 is all in for an off-unit 130 (an odd stack): a full raise of 80 over the big blind.
    for unit, low, high in ((1, 210, 465), (25, 225, 450)):
        h = _hand("PT", (5000, 5000, 130, 5000), unit=unit)
        h.act(BetRaise(2, 130))
        # BET-02: 130 + 80 = 210; STR-05: 130 + pot 205 + call 130 = 465; in the unit of 25
        # the minimum goes up to 225 and the maximum down to 450.
        assert h.legal == LegalActions(3, False, 130, low, high, unit=unit)
    h.refuse(BetRaise(3, 210), "raise_below_minimum", IllegalAction)
    h.refuse(BetRaise(3, 465), "above_pot_limit", IllegalAction)
    h.act(BetRaise(3, 450))
    # The call of an off-unit bet is whatever it takes.
    (call,) = h.act(CheckCall(0))
    assert isinstance(call, ChipsBet) and call.to == 450


def test_str_07_no_limit_maximum_is_the_all_in_and_fixed_limit_amount_stands() -> None:
    h = _hand("NT", (5000, 5000, 5000))
    assert h.legal.max_raise_to == 5000
    h = _hand("FT", (5000, 5000, 5000))
    assert h.legal.min_raise_to == h.legal.max_raise_to == 100
    h.act(BetRaise(2, 100))


def test_str_07_bots_choose_amounts_in_the_unit() -> None:
    legal = LegalActions(1, True, 0, 50, 1010, unit=25)
    rng = random.Random(3)
    for _ in range(300):
        action = random_action(legal, rng)
        if isinstance(action, BetRaise):
            assert action.to % 25 == 0 or action.to == 1010
            assert 50 <= action.to <= 1010
    bot = SimpleBot(1)
    for pot in (40, 130, 333, 5000):
        action = bot.act(legal, (48, 49), (), pot)  # aces: he bets about the pot
        assert isinstance(action, BetRaise)
        assert action.to == {40: 50, 130: 125, 333: 325, 5000: 1010}[pot]


def test_str_07_random_bot_with_unit_1_draws_as_before() -> None:
    # Seeded sessions, benchmarks and PHH tests depend on the exact draws with unit 1.
    legal = LegalActions(1, False, 7, 9, 613)
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        action = random_action(legal, ours)
        pick = theirs.randrange(3)
        if pick == 2:
            assert action == BetRaise(1, theirs.randint(9, 613))
        assert ours.getstate() == theirs.getstate()
