"""IRR-05 (RRP:L39-40): chips carried into a hand from a deal called off are dead money in the
main pot (``HandConfig.dead_money``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokerroom.deck import shuffled_deck
from pokerroom.errors import ConfigError, NotationError
from pokerroom.hand import BetRaise, CheckCall, Fold, HandConfig
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.engine import apply_in_place, start_hand
from pokerroom.notation.export import history_from_events

STACKS = (100, 100, 100)


def _config(code: str = "NT", dead: int = 16) -> HandConfig:
    return replace(HandConfig.build(code, STACKS, 1, 2, automate_showdown=True), dead_money=dead)


def test_irr_05_dead_money_is_in_the_pot_and_goes_to_the_winner() -> None:
    hand, _ = start_hand(_config(), shuffled_deck(bytes(32)))
    assert hand.pot == 16 + 1 + 2 and hand.chips_total() == sum(STACKS) + 16
    apply_in_place(hand, Fold(2))
    apply_in_place(hand, Fold(0))  # the big blind wins uncontested: blinds and dead money
    assert hand.is_over and hand.stacks == (99, 100 + 1 + 16, 100)


def test_irr_05_dead_money_is_contested_at_the_showdown() -> None:
    hand, _ = start_hand(_config(), shuffled_deck(bytes(range(32))))
    apply_in_place(hand, CheckCall(2))
    apply_in_place(hand, CheckCall(0))
    while not hand.is_over:
        apply_in_place(hand, CheckCall(legal_actions(hand).actor or 0))
    assert sum(hand.stacks) == sum(STACKS) + 16 and hand.pot == 0
    assert hand.config.chips_in_play() == sum(STACKS) + 16


def test_irr_05_str_05_dead_money_counts_in_the_pot_limit_maximum() -> None:
    hand, _ = start_hand(_config("PO", dead=10), shuffled_deck(bytes(32)))
    # Pot-limit: call 2, then raise the pot (1 + 2 + 10 dead + 2 called): to 2 + 15 = 17.
    assert legal_actions(hand).max_raise_to == 17
    apply_in_place(hand, BetRaise(2, 17))
    assert hand.pot == 10 + 1 + 2 + 17


@pytest.mark.parametrize("dead", [-1, 3])
def test_irr_05_dead_money_must_be_whole_chips(dead: int) -> None:
    with pytest.raises(ConfigError) as err:
        replace(HandConfig.build("NT", STACKS, 2, 4), chip_unit=2, dead_money=dead)
    assert err.value.code == "bad_dead_money"


def test_irr_05_a_hand_with_dead_money_does_not_export_to_phh() -> None:
    config = _config()
    _, events = start_hand(config, shuffled_deck(bytes(32)))
    with pytest.raises(NotationError) as err:
        history_from_events(config, events)
    assert err.value.code == "not_representable" and "dead money" in str(err.value)
