"""Governance (GOV-03, GOV-06, GOV-07) proved on the code that carries them.

GOV-01/02/04 are proved by the table's rulings tests (override, dispute window, the game going
on with an impounded pot) and GOV-05 by the floor's premature-card tests.
"""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.errors import IllegalAction
from pokerroom.hand import (
    BetRaise,
    CheckCall,
    CorrectBet,
    HandConfig,
    UndersizedBet,
    apply,
    replay,
    start_hand,
)
from pokerroom.house import derive, load_house


def _limit_hand():  # type: ignore[no-untyped-def]
    deck = parse_cards("AsKsQdQc7h2d3c4c5c6c8s9sTsJs")
    return start_hand(HandConfig.build("FT", (200, 200, 200), 5, 10), deck)


def test_gov_03_a_low_bet_is_corrected_only_while_its_round_lasts() -> None:
    # Errors are raised when noticed; once the round is over the low bet stands (BET-08).
    state, _ = _limit_hand()
    state, _ = apply(state, CheckCall(2))
    state, _ = apply(state, CheckCall(0))
    state, _ = apply(state, CheckCall(1))  # flop
    state, _ = apply(state, CheckCall(0))
    state, _ = apply(state, CheckCall(1))
    state, _ = apply(state, CheckCall(2))  # turn: the big bet is 20
    state, _ = apply(state, UndersizedBet(0, 10))
    noticed, _ = apply(state, CorrectBet())
    assert noticed.bets[0] == 20
    late = state
    for p in (1, 2):
        late, _ = apply(late, CheckCall(p))  # everyone called the 10: the round is over
    with pytest.raises(IllegalAction) as info:
        apply(late, CorrectBet())
    assert info.value.code == "nothing_to_correct"


def test_gov_06_a_house_amends_its_rules_by_deriving_a_new_profile() -> None:
    lpr = load_house("lpr", "cash")
    amended = derive(lpr, rake_percent=5, rake_cap=3)
    assert (amended.rake_percent, amended.rake_cap) == (5, 3)
    assert (lpr.rake_percent, lpr.rake_cap) == (0, 0)  # the old profile is a value: unchanged
    assert amended.reopen_barred_for == lpr.reopen_barred_for


def test_gov_07_the_event_log_reconstructs_every_step_of_a_hand() -> None:
    state, log = _limit_hand()
    events = list(log)
    for action in (BetRaise(2, 20), CheckCall(0), CheckCall(1)):
        state, new = apply(state, action)
        events += new
        # After every step the log alone rebuilds the state exactly.
        assert replay(state.config, events, parse_cards("AsKsQdQc7h2d3c4c5c6c8s9sTsJs")) == state
