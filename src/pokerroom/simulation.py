"""Random legal play, hand after hand, with the chips checked after each hand.

Each hand is fresh: the same stacks, blinds 1/2 (or the given blinds), a deck drawn from one
seeded generator, every player the random bot. Used by ``pokerroom simulate``, the property
tests and the benchmarks.

``engine="auto"`` plays the games of :data:`pokerroom.fastsim.SUPPORTED_GAMES` (2 to 10
players, default house rules) in the compiled kernel of :mod:`pokerroom.fastsim`, which
``tests/test_fastsim.py`` proves identical to the reference engine hand by hand; everything
else, or ``engine="reference"``, is played by the reference engine. The two engines draw
their random numbers differently, so one seed gives different (equally distributed) hands.

>>> result = simulate("nlhe", players=6, hands=50, seed=1)
>>> result.hands, result.chips_conserved
(50, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from pokerroom.bots.random_bot import random_action
from pokerroom.cards import DECK, SHORT_DECK
from pokerroom.errors import ConfigError, PokerroomError
from pokerroom.hand.actions import RunOnce
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.engine import apply_in_place, start_hand
from pokerroom.hand.state import HandState
from pokerroom.house.rules import HouseRules

__all__ = ["GAMES", "SimulationResult", "play_random_hand", "simulate"]

#: Game names for the command line, mapped to variant codes.
GAMES: dict[str, str] = {
    "nlhe": "NT",
    "plhe": "PT",
    "flhe": "FT",
    "plo": "PO",
    "plo5": "PO5",
    "plo6": "PO6",
    "nlo": "NO",
    "flo": "FO",
    "plo8": "PO/8",
    "flo8": "FO/8",
    "nlsd": "NS",
}


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """How many hands were played, how many actions, and whether every hand kept its chips."""

    hands: int
    actions: int
    chips_conserved: bool


def play_random_hand(config: HandConfig, rng: random.Random) -> tuple[HandState, int]:
    """Play one hand to the end with random legal actions; return the state and action count."""
    cards = SHORT_DECK if config.variant.deck_size == 36 else DECK
    needed = config.players * config.variant.hole_cards + 8
    state, _ = start_hand(config, rng.sample(cards, needed))
    actions = 0
    while not state.is_over:
        legal = legal_actions(state)
        if legal.actor is None and state.awaiting_runs:
            apply_in_place(state, RunOnce())  # the random players never agree to run twice
            continue
        if legal.actor is None:
            raise PokerroomError("stuck", f"no player to act and the hand is not over: {state!r}")
        apply_in_place(state, random_action(legal, rng))
        actions += 1
    return state, actions


def simulate(
    game: str = "nlhe",
    players: int = 6,
    hands: int = 1000,
    seed: int = 0,
    *,
    stack: int = 400,
    small_blind: int = 1,
    big_blind: int = 2,
    rules: HouseRules | None = None,
    engine: Literal["auto", "fast", "reference"] = "auto",
) -> SimulationResult:
    """Play ``hands`` fresh random hands and check that chips are conserved in each.

    ``engine``: ``"fast"`` insists on the compiled kernel (``ConfigError`` where it does not
    apply), ``"reference"`` on the pure-Python engine, ``"auto"`` uses the kernel when it can.
    """
    code = GAMES.get(game)
    if code is None:
        raise ConfigError("unknown_game", f"unknown game {game!r}; choose from {', '.join(GAMES)}")
    if engine not in ("auto", "fast", "reference"):
        raise ConfigError(
            "unknown_engine", f"unknown engine {engine!r}; choose from auto, fast, reference"
        )
    if engine != "reference":
        from pokerroom.fastsim import SUPPORTED_GAMES, fast_simulate

        fits = (
            game in SUPPORTED_GAMES
            and 2 <= players <= 10
            and 0 <= seed < 1 << 32
            and (rules is None or rules == HouseRules())
        )
        if fits:
            fast = fast_simulate(game, players, hands, seed, stack, small_blind, big_blind)
            return SimulationResult(hands, fast.actions, fast.chips_conserved)
        if engine == "fast":
            raise ConfigError(
                "not_compiled",
                f"the compiled engine plays {', '.join(SUPPORTED_GAMES)} with 2 to 10 players, "
                f"default house rules and a seed in 0..2**32-1; {game!r} with {players} "
                "players and these rules or seed needs engine='reference' or 'auto'",
            )
    config = HandConfig.build(
        code, (stack,) * players, small_blind, big_blind, rules=rules, automate_showdown=True
    )
    rng = random.Random(seed)
    total = config.chips_in_play()
    conserved = True
    count = 0
    for _ in range(hands):
        state, k = play_random_hand(config, rng)
        count += k
        if sum(state._stacks) + state.rake != total:
            conserved = False
    return SimulationResult(hands, count, conserved)
