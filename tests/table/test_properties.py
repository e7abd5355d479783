"""Long random sessions under every house, cash and tournament: chips are conserved after
every hand, the big blind moves fairly, and the event log replays to the same table.

The big-blind rules checked (cash and tournament):

* nobody posts the big blind in two consecutive hands (BTN-06, and BTN-02/03 between),
  except a cash player who busted on it and bought in again: he is new (NEW-06) and comes in
  on his big blind (NEW-02) rather than on the small blind (NEW-01);
* in a *stable stretch* - consecutive hands dealt to the same k >= 2 players in the same
  seats - every k consecutive hands after the stretch's first give each of them the big blind
  exactly once (nobody skips his big blind in an orbit). Players joining, leaving or sitting
  out end a stretch: then the moving button may let someone skip a blind (BTN-02, nobody owes
  it) - that is the rule, not a defect.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerroom.house import HOUSES, load_house
from pokerroom.table import HandFinished, HandStarted, TableConfig, TableState, evolve
from pokerroom.table.runner import run_session

CASES = [
    (house, mode)
    for mode in ("cash", "tournament")
    for house in HOUSES
    if load_house(house, mode).offered  # type: ignore[arg-type]
]


def _config(house: str, mode: str, seats: int) -> TableConfig:
    rules = load_house(house, mode)  # type: ignore[arg-type]
    if mode == "cash":
        return TableConfig(rules, seats=seats, buyin_min=100, buyin_max=400)
    return TableConfig(rules, seats=seats, ante=1, ante_type="per_player")


@pytest.mark.parametrize(("house", "mode"), CASES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 10),
    seats=st.integers(2, 10),
    churn=st.sampled_from([0.0, 0.3, 0.8]),
    bot=st.sampled_from(["random", "simple"]),
)
def test_random_sessions(
    house: str, mode: str, seed: int, players: int, seats: int, churn: float, bot: str
) -> None:
    cfg = _config(house, mode, seats)
    result = run_session(
        cfg,
        players=players,
        hands=40,
        seed=seed,
        churn=churn,
        bot=bot,  # type: ignore[arg-type]
        level_every=8 if mode == "tournament" else 0,
    )
    state = TableState.empty(cfg)
    bb_players: list[tuple[int, str, frozenset[tuple[int, str]]]] = []
    rebought: set[int] = set()  # hands whose big blind is a rebuy's entry (NEW-06)
    for event in result.events:
        fresh = False
        if isinstance(event, HandStarted):
            before = state.seats
            fresh = any(
                (seat := before[s - 1]) is not None and (seat.new or seat.owes)
                for s in event.positions
            )
            poster_seat = before[event.bb_poster - 1] if event.bb_poster else None
            if poster_seat is not None and poster_seat.new:
                rebought.add(event.hand_no)
        state = evolve(state, event)
        if isinstance(event, HandStarted):
            dealt = frozenset((int(s), str(state.player_at(s))) for s in event.positions)
            poster = state.player_at(event.bb_poster) if event.bb_poster else None
            # A hand dealing a new or returning player starts a new stretch.
            bb_players.append(
                (event.hand_no, str(poster), dealt | {(-event.hand_no, "")} if fresh else dealt)
            )
        if isinstance(event, HandFinished):
            # Chips conserved after every hand: stacks + cashed out + rake == bought in.
            assert state.ledger_balanced()
            assert state.hand is None
    assert state == result.state  # the log replays to the same table
    assert state.ledger_balanced()
    _check_big_blinds(bb_players, rebought)


def _check_big_blinds(
    hands: list[tuple[int, str, frozenset[tuple[int, str]]]], rebought: set[int]
) -> None:
    for (n1, p1, _), (n2, p2, _) in itertools.pairwise(hands):
        assert n2 == n1 + 1
        assert p1 != p2 or n2 in rebought, f"{p1} posted the big blind in hands {n1} and {n2}"
    # Stable stretches.
    k = 0
    while k < len(hands):
        j = k
        while j + 1 < len(hands) and hands[j + 1][2] == hands[k][2]:
            j += 1
        stretch = [p for _, p, _ in hands[k + 1 : j + 1]]  # skip the stretch's first hand
        members = sorted({p for s, p in hands[k][2] if s > 0})
        size = len(members)
        for w in range(len(stretch) - size + 1):
            window = stretch[w : w + size]
            assert sorted(window) == members, (
                f"hands {hands[k + 1 + w][0]}..: big blinds {window} in a stable "
                f"{size}-handed stretch"
            )
        k = j + 1
