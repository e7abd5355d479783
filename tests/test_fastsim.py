"""The compiled simulator plays the reference engine's rules: every recorded hand replays.

For each supported game and 2, 3, 6 and 9 players the kernel records 1,000 hands (deck,
actions, final stacks); each hand is replayed through ``start_hand(config, deck)`` +
``apply_in_place``, which must accept every action (acting in turn, folding only when facing
a bet, amounts inside ``legal_actions``) and end with exactly the kernel's stacks. The
replays also count the rule situations they went through, so the tests below show that the
proof covers side pots, split pots, odd chips, uncalled bets, mucks, reopening and the cap.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from pokerroom.bots.random_bot import random_action
from pokerroom.cards import DECK
from pokerroom.errors import ConfigError
from pokerroom.fastsim import BET_RAISE, CHECK_CALL, FOLD, SUPPORTED_GAMES, fast_simulate
from pokerroom.hand.actions import Action, BetRaise, CheckCall, Fold
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.engine import apply_in_place, start_hand
from pokerroom.hand.events import ChipsBet, Mucked, PotAwarded, UncalledBetReturned
from pokerroom.simulation import play_random_hand, simulate

HANDS = 1000
PLAYER_COUNTS = (2, 3, 6, 9)


@cache
def replay_all(
    game: str,
    players: int,
    stack: int | tuple[int, ...] = 400,
    sb: int = 1,
    bb: int = 2,
    hands: int = HANDS,
    seed: int = 7,
) -> Counter[str]:
    """Record kernel hands, replay each through the engine; count what happened."""
    stacks = (stack,) * players if isinstance(stack, int) else stack
    r = fast_simulate(game, players, hands, seed, 400, sb, bb, record=True, stacks=stacks)
    assert r.chips_conserved and r.bad_hands == 0
    assert r.decks is not None and r.final_stacks is not None and r.log_start is not None
    assert r.log_actor is not None and r.log_kind is not None and r.log_to is not None
    code = SUPPORTED_GAMES[game][0]
    config = HandConfig.build(code, stacks, sb, bb, automate_showdown=True)
    seen: Counter[str] = Counter()
    starts = r.log_start.tolist()
    actors, kinds, tos = r.log_actor.tolist(), r.log_kind.tolist(), r.log_to.tolist()
    for h in range(hands):
        state, _ = start_hand(config, [DECK[c] for c in r.decks[h].tolist()])
        for k in range(starts[h], starts[h + 1]):
            legal = legal_actions(state)
            actor, kind, to = actors[k], kinds[k], tos[k]
            assert legal.actor == actor, f"hand {h} action {k - starts[h]}: out of turn"
            action: Action
            if kind == FOLD:
                assert not legal.can_check, f"hand {h}: the random bot folds only facing a bet"
                action = Fold(actor)
            elif kind == CHECK_CALL:
                assert to == state.bets[actor] + legal.call_amount
                action = CheckCall(actor)
            else:
                assert kind == BET_RAISE and legal.min_raise_to is not None
                assert legal.max_raise_to is not None
                assert legal.min_raise_to <= to <= legal.max_raise_to
                action = BetRaise(actor, to)
                _note_limit_allin(state, actor, to, seen, config)
            _note_situation(state, legal, seen, config)
            events = apply_in_place(state, action)  # raises IllegalAction if not legal
            for e in events:
                _note_event(e, seen)
        assert state.is_over, f"hand {h}: the engine wants more actions than the kernel took"
        assert state.stacks == tuple(r.final_stacks[h].tolist()), f"hand {h}: stacks differ"
        seen["hands"] += 1
    return seen


def _note_situation(state, legal, seen, config) -> None:  # type: ignore[no-untyped-def]
    i = legal.actor
    can_push = state.stacks[i] + state.bets[i] > state.current_bet
    others = any(j != i and not state.folded[j] and state.stacks[j] > 0 for j in range(state.n))
    if config.variant.structure == "fixed_limit":
        if state.bet_count >= 4 and can_push and others:
            seen["cap_reached_uncapped" if state.uncapped else "cap_reached_capped"] += 1
        return
    if state.acted[i] and can_push and others and legal.call_amount > 0:
        if legal.min_raise_to is None:
            seen["short_allin_not_reopened"] += 1
        elif state.faced[i] >= state.full_level:
            seen["short_allins_add_up_reopen"] += 1


def _note_limit_allin(state, i, to, seen, config) -> None:  # type: ignore[no-untyped-def]
    if config.variant.structure != "fixed_limit" or to != state.stacks[i] + state.bets[i]:
        return
    unit = config.big_bet if state.street >= 2 else config.small_bet
    over = to - max(state.current_bet, state.full_level)
    seen["limit_allin_half_or_more" if 2 * over >= unit else "limit_allin_below_half"] += 1


def _note_event(e: object, seen: Counter[str]) -> None:
    if isinstance(e, PotAwarded):
        if e.pot > 0:
            seen["side_pot"] += 1
        if len(e.shares) > 1:
            seen["split_pot"] += 1
            if len({a for _, a in e.shares}) > 1:
                seen["odd_chip"] += 1
    elif isinstance(e, UncalledBetReturned):
        seen["uncalled_returned"] += 1
    elif isinstance(e, Mucked):
        seen["mucked"] += 1
    elif isinstance(e, ChipsBet) and e.all_in:
        seen["all_in"] += 1


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("game", sorted(SUPPORTED_GAMES))
def test_kernel_hands_replay_identically_in_reference_engine(game: str, players: int) -> None:
    seen = replay_all(game, players)
    assert seen["hands"] == HANDS


#: Short and unequal stacks, other blinds: all-ins, short blinds (BLD-03), side pots.
SHORT_HANDS = 250
SHORT: tuple[tuple[int | tuple[int, ...], int, int], ...] = (
    (25, 1, 2), (7, 1, 2), (1, 1, 2), (60, 2, 5), (90, 0, 3),
    ((400, 37, 120, 9, 250, 64, 3, 18, 1), 1, 2),
    ((11, 30, 2, 75, 400, 23, 6, 52, 140), 2, 4),
    ((400, 400, 400, 3, 4, 400, 5, 400, 400), 1, 2),  # G6: short all-ins that add up
)  # fmt: skip


def _short(players: int) -> list[tuple[int | tuple[int, ...], int, int]]:
    return [(st if isinstance(st, int) else st[:players], sb, bb) for st, sb, bb in SHORT]


@pytest.mark.parametrize("players", (2, 3, 6, 9))
@pytest.mark.parametrize("game", sorted(SUPPORTED_GAMES))
def test_short_unequal_stacks_and_other_blinds_replay_identically(game: str, players: int) -> None:
    for stack, sb, bb in _short(players):
        seen = replay_all(game, players, stack, sb, bb, SHORT_HANDS)
        assert seen["hands"] == SHORT_HANDS


def _all(game: str) -> Counter[str]:
    total: Counter[str] = Counter()
    for p in PLAYER_COUNTS:
        total += replay_all(game, p)
        for stack, sb, bb in _short(p):
            total += replay_all(game, p, stack, sb, bb, SHORT_HANDS)
    return total


@pytest.mark.parametrize("game", sorted(SUPPORTED_GAMES))
def test_pot_01_04_05_side_pots_uncalled_bets_and_odd_chips_are_exercised(game: str) -> None:
    total = _all(game)
    for situation in ("side_pot", "split_pot", "uncalled_returned", "mucked", "all_in"):
        assert total[situation] > 0, f"{game}: no {situation} in {total['hands']} hands"
    assert total["odd_chip"] > 0


@pytest.mark.parametrize("game", ["nlhe", "nlo", "plo", "plhe"])
def test_bet_04_g6_reopening_after_short_allins_is_exercised(game: str) -> None:
    total = _all(game)
    assert total["short_allin_not_reopened"] > 0
    if game.startswith("nl"):
        assert total["short_allins_add_up_reopen"] > 0


def test_str_03_04_limit_cap_and_heads_up_uncapping_are_exercised() -> None:
    total = _all("flhe")
    assert total["cap_reached_capped"] > 0
    assert total["cap_reached_uncapped"] > 0


def test_bet_05_limit_allins_below_and_above_half_a_bet_are_exercised() -> None:
    total = _all("flhe")
    assert total["limit_allin_below_half"] > 0
    assert total["limit_allin_half_or_more"] > 0


def test_chips_conserved_and_same_seed_same_result() -> None:
    a = fast_simulate("plo", 6, 500, seed=11, record=True)
    b = fast_simulate("plo", 6, 500, seed=11, record=True)
    c = fast_simulate("plo", 6, 500, seed=12, record=True)
    assert a.chips_conserved and a.bad_hands == 0
    assert a.actions == b.actions
    for name in ("decks", "final_stacks", "log_start", "log_actor", "log_kind", "log_to"):
        x, y = getattr(a, name), getattr(b, name)
        assert (x == y).all(), name
    assert c.decks is not None and a.decks is not None
    assert not (a.decks == c.decks).all()


def test_decks_are_distinct_cards() -> None:
    r = fast_simulate("nlo", 10, 200, seed=3, record=True)
    assert r.decks is not None and r.decks.shape == (200, 48)
    for row in r.decks.tolist():
        assert len(set(row)) == 48 and all(0 <= c < 52 for c in row)


def test_policy_matches_random_bot_action_frequencies() -> None:
    # Same policy as bots.random_bot: the shares of folds, calls and raises agree with the
    # reference engine playing random_action (statistical, 4,000 hands of each).
    r = fast_simulate("nlhe", 6, 4000, seed=5, record=True)
    assert r.log_kind is not None
    kernel = Counter(r.log_kind.tolist())
    config = HandConfig.build("NT", (400,) * 6, 1, 2, automate_showdown=True)
    rng = random.Random(5)
    ref: Counter[int] = Counter()
    for _ in range(4000):
        state, _ = start_hand(config, rng.sample(DECK, 20))
        while not state.is_over:
            a = random_action(legal_actions(state), rng)
            ref[{Fold: FOLD, CheckCall: CHECK_CALL, BetRaise: BET_RAISE}[type(a)]] += 1
            apply_in_place(state, a)
    nk, nr = sum(kernel.values()), sum(ref.values())
    assert abs(nk / 4000 - nr / 4000) / (nr / 4000) < 0.05
    for kind in (FOLD, CHECK_CALL, BET_RAISE):
        assert abs(kernel[kind] / nk - ref[kind] / nr) < 0.02


def test_errors_name_what_is_allowed() -> None:
    with pytest.raises(ConfigError, match="nlhe") as e:
        fast_simulate("plo8", 6, 10)
    assert e.value.code == "unsupported_game"
    with pytest.raises(ConfigError) as e:
        fast_simulate("nlhe", 11, 10)
    assert e.value.code == "bad_player_count"


def test_simulate_dispatches_to_the_kernel_and_falls_back() -> None:
    fast = simulate("nlhe", players=6, hands=300, seed=2)
    assert fast.hands == 300 and fast.chips_conserved
    assert simulate("nlhe", 6, 300, seed=2, engine="fast") == fast
    ref = simulate("nlhe", 6, 30, seed=2, engine="reference")
    assert ref.hands == 30 and ref.chips_conserved
    other = simulate("plo8", 3, 20, seed=2)  # not compiled: the reference engine plays it
    assert other.hands == 20 and other.chips_conserved
    with pytest.raises(ConfigError):
        simulate("plo8", 3, 20, engine="fast")
    # Reference path is still the reference: same as playing the hands one by one.
    cfg = HandConfig.build("NT", (400,) * 6, 1, 2, automate_showdown=True)
    rng = random.Random(2)
    count = sum(play_random_hand(cfg, rng)[1] for _ in range(30))
    assert ref.actions == count
