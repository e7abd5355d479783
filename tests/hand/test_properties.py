"""Property tests: random legal play in every game, with random player counts and stacks.

After every action the chips are conserved; every hand ends within a bound; while the hand
is not over somebody (a player or, with a deck, nobody because the engine deals) can move;
the event log replays to the final state; and the PHH export replays to the same stacks.
"""

from __future__ import annotations

import random

from handkit import chips_now
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerroom.cards import DECK
from pokerroom.deck import SHORT_DECK
from pokerroom.hand.actions import BetRaise, CheckCall, Fold
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.config import VARIANTS, HandConfig
from pokerroom.hand.engine import apply, replay, start_hand
from pokerroom.hand.events import Event
from pokerroom.hand.state import HandState
from pokerroom.notation import phh
from pokerroom.notation.export import history_from_events
from pokerroom.notation.replay import replay_history
from pokerroom.simulation import GAMES

MAX_ACTIONS = 400  # 4 streets x (cap or all-in) x 9 players stays far below this


def max_players(code: str) -> int:
    variant = VARIANTS[code]
    return min(9, (variant.deck_size - 8) // variant.hole_cards)


@st.composite
def hands(draw: st.DrawFn, game: str) -> tuple[HandConfig, tuple[int, ...], int]:
    code = GAMES[game]
    n = draw(st.integers(2, max_players(code)), label="players")
    stacks = tuple(draw(st.lists(st.integers(1, 400), min_size=n, max_size=n), label="stacks"))
    ante = draw(st.sampled_from((0, 0, 1)), label="ante")
    config = HandConfig.build(code, stacks, 1, 2, ante=ante, automate_showdown=True)
    cards = SHORT_DECK if VARIANTS[code].deck_size == 36 else DECK
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    return config, cards, seed  # type: ignore[return-value]


def random_play(
    config: HandConfig, cards: tuple, seed: int
) -> tuple[HandState, list[Event], tuple]:
    rng = random.Random(seed)
    deck = tuple(rng.sample(cards, len(cards)))
    state, events = start_hand(config, deck)
    log = list(events)
    total = config.chips_in_play()
    assert chips_now(state) == total
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        legal = legal_actions(state)
        assert legal.actor is not None, f"hand not over but nobody to act: {state!r}"
        i = legal.actor
        options = [CheckCall(i)]
        if not legal.can_check:
            options.append(Fold(i))
        if legal.min_raise_to is not None:
            assert legal.max_raise_to is not None and legal.min_raise_to <= legal.max_raise_to
            low, high = legal.min_raise_to, legal.max_raise_to
            options += [BetRaise(i, low), BetRaise(i, high), BetRaise(i, rng.randint(low, high))]
        previous, snapshot = state, state.copy()
        state, events = apply(previous, rng.choice(options))
        assert previous == snapshot  # apply left its input alone
        log += events
        assert chips_now(state) == total
        assert all(s >= 0 for s in state.stacks)
    assert state.is_over, f"hand did not end within {MAX_ACTIONS} actions"
    assert sum(state.stacks) + state.rake == total
    return state, log, deck


def check_hand(config: HandConfig, cards: tuple, seed: int) -> None:
    state, log, deck = random_play(config, cards, seed)
    assert replay(config, log, deck) == state
    hh = history_from_events(config, log)
    text = phh.dumps(hh)
    # Replayed under the rules it was played with (the showdown order is a house rule).
    result = replay_history(phh.loads(text, "random.phh"), rules=config.rules)
    assert result.complete
    assert result.final_stacks == state.stacks
    assert result.matched


def _test_for(game: str):  # type: ignore[no-untyped-def]
    @settings(max_examples=100, deadline=None)
    @given(data=st.data())
    def test(data: st.DataObject) -> None:
        config, cards, seed = data.draw(hands(game))
        check_hand(config, cards, seed)  # type: ignore[arg-type]

    test.__name__ = f"test_random_play_{game}"
    return test


for _game in GAMES:
    globals()[f"test_random_play_{_game}"] = _test_for(_game)


def test_every_game_is_covered() -> None:
    assert {f"test_random_play_{g}" for g in GAMES} <= set(globals())


@settings(max_examples=80, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 6), min_size=2, max_size=9),
    seed=st.integers(0, 2**32 - 1),
    game=st.sampled_from(sorted(GAMES)),
)
def test_tiny_stacks_all_in_on_the_blinds(stacks: list[int], seed: int, game: str) -> None:
    code = GAMES[game]
    stacks = stacks[: max_players(code)]
    config = HandConfig.build(code, tuple(stacks), 1, 2, ante=1, automate_showdown=True)
    cards = SHORT_DECK if VARIANTS[code].deck_size == 36 else DECK
    check_hand(config, cards, seed)
