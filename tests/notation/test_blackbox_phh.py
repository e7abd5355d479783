"""Hand histories written from the PHH specification alone by a tester who never read the
code (``data/blackbox``): every variant and field real histories use, each with final stacks
worked out by hand, and malformed files, each refused with a typed error that says why."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerroom.errors import PokerroomError
from pokerroom.notation import phh
from pokerroom.notation.replay import replay_history

BLACKBOX = Path(__file__).parent / "data" / "blackbox"
GOOD = sorted(p for p in BLACKBOX.iterdir() if p.suffix in (".phh", ".phhs"))

BAD = {
    "bad01_bet_below_min.phh": "raise_below_minimum",
    "bad02_folded_player_acts.phh": "out_of_turn",
    "bad03_wrong_card_count.phh": "wrong_card_count",
    "bad04_duplicate_card.phh": "duplicate_card",
    "bad05_unknown_variant.phh": "unknown_variant",
    "bad06_missing_min_bet.phh": "missing_field",
    "bad07_out_of_turn.phh": "out_of_turn",
    "bad08_fl_fifth_raise.phh": "raise_not_allowed",
    "bad09_reraise_after_short_allin.phh": "raise_not_allowed",
    "bad10_array_length.phh": "length_mismatch",
    "bad11_bet_more_than_stack.phh": "above_maximum",
    "bad12_short_deck_card.phh": "card_not_in_deck",
    "bad13_plo_over_pot.phh": "above_pot_limit",
    "bad14_hole_deal_order.phh": "out_of_order",
    "bad15_show_other_cards.phh": "wrong_cards",
    "bad16_folded_player_shows.phh": "not_in_showdown",
}


def test_the_blackbox_hands_are_all_here() -> None:
    assert len(GOOD) == 38
    assert sorted(p.name for p in (BLACKBOX / "bad").iterdir()) == sorted(BAD)


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_blackbox_hand_replays_to_the_stacks_worked_out_by_hand(path: Path) -> None:
    for hh in phh.load_all(path):
        assert hh.finishing_stacks, f"{path.name}: no finishing_stacks to check"
        result = replay_history(hh)
        assert result.matched, (path.name, result.final_stacks, result.expected)


def test_blackbox_hands_with_their_stacks_in_a_side_file() -> None:
    folder = BLACKBOX / "expected_json"
    expected = json.loads((folder / "expected_finishing_stacks.json").read_text())
    assert sorted(expected) == ["hand_a.phh", "hand_b.phh"]
    for name, stacks in expected.items():
        result = replay_history(phh.load(folder / name), expected=stacks)
        assert result.complete and result.matched, (name, result.final_stacks)


@pytest.mark.parametrize("name", sorted(BAD))
def test_blackbox_malformed_hand_is_refused_with_its_reason(name: str) -> None:
    with pytest.raises(PokerroomError) as err:
        for hh in phh.load_all(BLACKBOX / "bad" / name):
            replay_history(hh)
    assert err.value.code == BAD[name], err.value
    assert name in str(err.value)
