"""The compiled replay fast path gives the reference replayer's stacks, and nothing else.

Three proofs: every hand of ``../shared/phh`` (the Pluribus hands through the kernel, the
historical ones left to the reference); thousands of hands played by the engine with random
legal actions (NT, PT, FT, PO, NO; 2 to 9 players; equal and short stacks; antes), exported
to PHH; and hands that break a rule, which the kernel must refuse so that the reference
engine raises its own error.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokerroom import fastreplay
from pokerroom.bots.random_bot import random_action
from pokerroom.cards import DECK
from pokerroom.errors import PokerroomError, ReplayError
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.config import HandConfig
from pokerroom.hand.engine import apply_in_place, start_hand
from pokerroom.hand.events import Event
from pokerroom.notation.export import history_from_events
from pokerroom.notation.phh import HandHistory, iter_paths, load_all, loads
from pokerroom.notation.replay import PHH_RULES, replay_history

SHARED = Path(__file__).resolve().parents[2] / "shared" / "phh"


def reference(hh: HandHistory) -> tuple[int, ...] | str:
    try:
        return tuple(replay_history(hh).final_stacks)  # type: ignore[arg-type]
    except PokerroomError as exc:
        return f"{type(exc).__name__}: {exc}"


def check(hands: list[HandHistory]) -> int:
    """Fast path + fallback == reference on every hand; return how many took the fast path."""
    fast = fastreplay.replay_stacks(hands)
    taken = 0
    for hh, got in zip(hands, fast, strict=True):
        want = reference(hh)
        if got is not None:
            taken += 1
            assert got == want, f"{hh.source}: fast {got}, reference {want}"
    return taken


@pytest.mark.skipif(not SHARED.exists(), reason="../shared/phh is not here")
def test_every_shared_hand_gives_the_reference_stacks() -> None:
    hands: list[HandHistory] = []
    for path in iter_paths([SHARED]):
        name = str(path)
        hands += load_all(name) if name.endswith(".phhs") else [loads(path.read_text(), name)]
    assert len(hands) == 10_005
    fast = fastreplay.replay_stacks(hands)
    for hh, got in zip(hands, fast, strict=True):
        want = reference(hh)
        assert got is None or got == want, f"{hh.source}: fast {got}, reference {want}"
        pluribus = "pluribus" in (hh.source or "")
        assert (got is not None) == pluribus, hh.source  # historical hands: the reference


def play(config: HandConfig, rng: random.Random) -> HandHistory:
    """An engine-played random hand (random legal actions, the engine's own showdown)."""
    deck = rng.sample(DECK, config.players * config.variant.hole_cards + 8)
    state, log = start_hand(config, deck)
    events: list[Event] = list(log)
    while state.phase != 7:
        legal = legal_actions(state)
        assert legal.actor is not None
        events += apply_in_place(state, random_action(legal, rng))
    return history_from_events(config, events)


@pytest.mark.parametrize("code", ["NT", "PT", "FT", "PO", "NO"])
def test_engine_played_hands_give_the_reference_stacks(code: str) -> None:
    rng = random.Random(f"fastreplay {code}")
    hands: list[HandHistory] = []
    for players in (2, 3, 4, 6, 9):
        for k in range(120):
            if k % 3 == 0:
                stacks = (400,) * players
            else:  # short and uneven stacks: all-ins, side pots, short blinds
                stacks = tuple(rng.choice((1, 2, 3, 5, 9, 40, 150, 400)) for _ in range(players))
            ante = rng.choice((0, 0, 1))
            config = HandConfig.build(
                code, stacks, 1, 2, ante=ante, rules=PHH_RULES, automate_showdown=True
            )
            hands.append(play(config, rng))
    taken = check(hands)
    assert taken >= 0.9 * len(hands)


def nt(actions: list[str], stacks: str = "[200, 200, 200]", variant: str = "NT") -> HandHistory:
    bets = "small_bet = 2\nbig_bet = 4" if variant == "FT" else "min_bet = 2"
    n = stacks.count(",") + 1
    return loads(
        f'variant = "{variant}"\nantes = [{", ".join(["0"] * n)}]\n'
        f"blinds_or_straddles = [1, 2{', 0' * (n - 2)}]\n{bets}\nstarting_stacks = {stacks}\n"
        f"actions = {actions!r}\n".replace("'", '"'),
        source="<test>",
    )


DEAL = ["d dh p1 AcKs", "d dh p2 7d2c", "d dh p3 7h6h"]
RIVER = ["d db Jc3d5c", "p1 cc", "p2 cc", "d db 4h", "p1 cc", "p2 cc", "d db Jh"]
ILLEGAL = {
    "out of turn": [*DEAL, "p1 cbr 6"],
    "raise below minimum": [*DEAL, "p3 cbr 6", "p1 cbr 8"],
    "bet below minimum": [*DEAL, "p3 cc", "p1 cc", "p2 cc", "d db Jc3d5c", "p1 cbr 1"],
    "above the stack": [*DEAL, "p3 cbr 201"],
    "deal out of order": ["d dh p2 7d2c", "d dh p1 AcKs", "d dh p3 7h6h"],
    "a card twice": ["d dh p1 AcKs", "d dh p2 7d2c", "d dh p3 7hAc"],
    "board too early": [*DEAL[:2], "d db Jc3d5c"],
    "two board cards": [*DEAL, "p3 f", "p1 cc", "p2 cc", "d db Jc3d"],
    "check facing a bet is a call, fold after the end": [*DEAL, "p3 f", "p1 f", "p2 f"],
    "wrong show order": [*DEAL, "p3 f", "p1 cc", "p2 cc", *RIVER, "p2 sm 7d2c", "p1 sm AcKs"],
    "shows other cards": [*DEAL, "p3 f", "p1 cc", "p2 cc", *RIVER, "p1 sm AcKd", "p2 sm"],
    "last hand mucks": [*DEAL, "p3 f", "p1 cc", "p2 cc", *RIVER, "p1 sm", "p2 sm"],
    "shows after the end": [*DEAL, "p3 f", "p1 cc", "p2 cc", *RIVER, "p1 sm", "p2 sm 7d2c"],
    "unfinished": [*DEAL, "p3 f", "p1 cc", "p2 cc", "d db Jc3d5c"],
}


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_or_odd_hands_are_left_to_the_reference(name: str) -> None:
    hh = nt(ILLEGAL[name])
    assert fastreplay.replay_stacks([hh]) == [None]
    if name != "unfinished":
        with pytest.raises(ReplayError):
            replay_history(hh)


def test_limit_and_pot_limit_bounds_are_the_engines() -> None:
    fifth_bet = [*DEAL, "p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10"]
    over_pot = [*DEAL, "p3 cbr 8"]  # pot limit: 2 + (1 + 2 + 2) = 7 at most
    for hh in (nt(fifth_bet, variant="FT"), nt(over_pot, variant="PT")):
        assert fastreplay.replay_stacks([hh]) == [None]
        with pytest.raises(ReplayError):
            replay_history(hh)
    cap = nt([*DEAL, "p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 f", "p1 f"], variant="FT")
    pot = nt([*DEAL, "p3 cbr 7", "p1 f", "p2 f"], variant="PT")
    assert check([cap, pot]) == 2
