"""Real HandHQ hands from the public PHH dataset (see tests/notation/data/handhq-2009-sample.phhs
for where each comes from). Expected stacks were checked against PokerKit 0.7.7."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from pokerroom.errors import NotationError
from pokerroom.notation import phh
from pokerroom.notation.replay import replay_history

SAMPLE = Path(__file__).parent / "data" / "handhq-2009-sample.phhs"
INF = Decimal("Infinity")


@pytest.fixture(scope="module")
def hands() -> list[phh.HandHistory]:
    return phh.load_all(SAMPLE)


def test_hands_shown_as_unknown_after_each_street_stay_in_until_the_river(
    hands: list[phh.HandHistory],
) -> None:
    # PokerStars: p9 all in pre-flop and called; the file "shows" both hands as ???? after
    # every street (PokerKit asks again while the cards stay face down) and the cards at the
    # river, where p9's club flush wins. PokerKit 0.7.7 ends with these stacks.
    result = replay_history(hands[0])
    assert result.complete and result.repairs == ()
    assert result.final_stacks == (
        Decimal("136.7"), 246, Decimal("93.8"), Decimal("51.15"), Decimal("176.9"),
        200, 200, 46, Decimal("99.2"),
    )  # fmt: skip


def test_unknown_stacks_replay_and_stay_unknown(hands: list[phh.HandHistory]) -> None:
    # iPoker records no stacks (inf); the hand still plays out and the pot is awarded.
    result = replay_history(hands[2])
    assert result.final_stacks == (INF,) * 7
    assert not result.complete  # the history stops at the river card
    assert replay_history(hands[1]).final_stacks == (INF,) * 10


def test_a_negative_blind_is_a_post_that_does_not_move_the_first_to_act(
    hands: list[phh.HandHistory],
) -> None:
    # p5 posts 1 to play at once (-1): live, so p5's call is a check, and the action still
    # starts with p3, left of the big blind (PokerKit's reading of a negative blind).
    hh = hands[1]
    assert hh.blinds_or_straddles is not None and hh.blinds_or_straddles[4] == -1
    assert phh.loads(phh.dumps(hh)).blinds_or_straddles == hh.blinds_or_straddles
    text = phh.dumps(hh).replace("inf", "100")
    result = replay_history(phh.loads(text))
    assert result.complete
    # PokerKit 0.7.7 with 100 for every stack:
    assert result.final_stacks == (
        Decimal("99.5"), 99, 100, 100, 99, Decimal("102.5"), 100, 100, 100, 100,
    )  # fmt: skip


def test_only_a_big_blind_posted_and_a_cash_game_ante(hands: list[phh.HandHistory]) -> None:
    assert replay_history(hands[3]).final_stacks == (1000, 125, 675, 940, 1061)
    result = replay_history(hands[4])
    assert result.final_stacks == (
        Decimal("45.6"), Decimal("138.54"), Decimal("190.32"), Decimal("225.8"),
    )  # fmt: skip
    # winnings are recorded after the rake: the same winner, a little less
    assert hands[4].winnings == (0, Decimal("13.75"), 0, 0)
    assert result.state.winnings == [0, 1500, 0, 0]  # in cents: 15.00


def test_an_unknown_amount_other_than_a_stack_is_still_refused(
    hands: list[phh.HandHistory],
) -> None:
    text = phh.dumps(hands[3])
    hh = phh.loads(text.replace("starting_stacks = [1000", "starting_stacks = [inf"))
    assert replay_history(hh).final_stacks == (INF, 125, 675, 940, 1061)
    with pytest.raises(NotationError):
        phh.loads(text.replace("min_bet = 10", "min_bet = inf"))


def test_cli_counts_hands_without_finishing_stacks_as_unchecked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import json

    from pokerroom.cli import main

    assert main(["replay", str(SAMPLE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["hands"], out["matched"], out["unchecked"], out["errors"]) == (5, 0, 5, [])
