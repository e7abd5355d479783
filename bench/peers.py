"""The peer side of pokerroom's benchmarks: the same workloads run with PokerKit.

Run under the benchmark environment (``.venv-bench``), never imported by pokerroom itself::

    .venv-bench/bin/python bench/peers.py simulate --hands 2000
    .venv-bench/bin/python bench/peers.py replay
    .venv-bench/bin/python -m bench.peers replay --root /work/shared/phh/pluribus

Each command prints one JSON line, so ``bench/run.py`` can time the whole process
(interpreter start-up and imports included) and read the figures back.

Workloads
---------
``simulate``
    Random legal play of fresh 6-max no-limit hold'em hands (blinds 1/2, 400-chip stacks),
    the policy of ``pokerroom simulate``: the actor picks uniformly among the legal action
    types {fold (only when facing a bet), check/call, bet/raise (when allowed)}; for
    bet/raise it picks a raise-to amount uniformly over the integer range [min, max].
    PokerKit automates everything else (blinds, dealing, burning, showdown showing/mucking,
    hand killing, pushing and pulling chips). After every hand the stacks must add up to the
    starting total; the count of hands that do is returned as ``conserved``.
``replay``
    Load every ``.phh`` file under a folder with ``HandHistory.load`` and replay it to the
    end, comparing the final stacks with the file's ``finishing_stacks``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import deque
from importlib.metadata import version
from typing import Any

from pokerkit import Automation, HandHistory, Mode, NoLimitTexasHoldem

PLURIBUS_ROOT = "/work/shared/phh/pluribus"

SMALL_BLIND = 1
BIG_BLIND = 2
STARTING_STACK = 400

# Every automation PokerKit offers: the only calls left to the caller are the players'
# betting decisions (showdown showing/mucking is automated too, in proper showdown order).
AUTOMATIONS: tuple[Automation, ...] = tuple(Automation)


def pokerkit_version() -> str:
    """Return the installed PokerKit version."""
    return version("pokerkit")


def pokerkit_simulate(hands: int, players: int = 6, seed: int = 0) -> dict[str, Any]:
    """Play ``hands`` fresh random NLHE hands with PokerKit; return count, time and rate.

    The policy's choices come from ``random.Random(seed)``. PokerKit shuffles its deck with the
    module-level ``random``, so that is seeded with ``seed`` too, to make a run reproducible.
    """
    rng = random.Random(seed)
    random.seed(seed)
    game = NoLimitTexasHoldem(
        AUTOMATIONS,
        False,  # ante trimming: no antes here
        0,  # antes
        (SMALL_BLIND, BIG_BLIND),
        BIG_BLIND,  # min bet
        mode=Mode.CASH_GAME,
    )
    stacks = (STARTING_STACK,) * players
    total = STARTING_STACK * players
    conserved = 0
    actions = 0
    choice = rng.randrange
    randint = rng.randint

    start = time.perf_counter()
    for _ in range(hands):
        state = game(stacks, players)
        while state.status:
            to_call = state.checking_or_calling_amount
            if to_call is None:  # pragma: no cover - every non-decision step is automated
                raise RuntimeError(f"PokerKit state stalled without an actor: {state!r}")
            low = state.min_completion_betting_or_raising_to_amount
            # Action types in a fixed order: fold (facing a bet), check/call, bet/raise.
            kinds = 1 + (to_call > 0) + (low is not None)
            pick = choice(kinds)
            if to_call > 0:
                if pick == 0:
                    state.fold()
                    actions += 1
                    continue
                pick -= 1
            if pick == 0:
                state.check_or_call()
            else:
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                state.complete_bet_or_raise_to(randint(low, high))
            actions += 1
        if sum(state.stacks) == total:
            conserved += 1
    seconds = time.perf_counter() - start

    return {
        "peer": "pokerkit",
        "version": pokerkit_version(),
        "workload": "simulate",
        "hands": hands,
        "players": players,
        "seed": seed,
        "actions": actions,
        "conserved": conserved,
        "seconds": seconds,
        "hands_per_second": hands / seconds if seconds else float("inf"),
    }


def phh_files(root: str) -> list[str]:
    """Return every ``.phh`` file under ``root``, in sorted order."""
    found = []
    for folder, _dirs, names in os.walk(root):
        found.extend(os.path.join(folder, name) for name in names if name.endswith(".phh"))
    found.sort()
    return found


def pokerkit_replay(root: str = PLURIBUS_ROOT) -> dict[str, Any]:
    """Load and replay every ``.phh`` under ``root`` with PokerKit; compare finishing stacks.

    ``seconds`` covers listing, loading (TOML parsing) and replaying. ``matched`` counts hands
    whose final stacks equal ``finishing_stacks`` exactly; ``fractional`` counts files whose
    ``finishing_stacks`` are not all integers (PokerKit splits integer pots with floor
    division, so such a file cannot match). Files PokerKit rejects are listed in ``errors``.

    Note that iterating a ``HandHistory`` is PokerKit's tolerant reader: it inserts a check,
    fold or unknown-card deal when an action does not fit, and raises only if it cannot repair.
    """
    start = time.perf_counter()
    files = phh_files(root)
    hands = matched = fractional = 0
    mismatched: list[str] = []
    errors: dict[str, str] = {}
    for path in files:
        try:
            with open(path, "rb") as fp:
                history = HandHistory.load(fp)
            # Iterating yields the (one, mutated) state after every step; keep the last.
            state = deque(history, maxlen=1)[0]
        except Exception as exc:  # a peer's failure is a finding, not a crash
            errors[os.path.relpath(path, root)] = f"{type(exc).__name__}: {exc}"
            continue
        hands += 1
        expected = history.finishing_stacks
        if expected is None:
            continue
        if any(value != int(value) for value in expected):
            fractional += 1
        if list(state.stacks) == list(expected):
            matched += 1
        else:
            mismatched.append(os.path.relpath(path, root))
    seconds = time.perf_counter() - start

    return {
        "peer": "pokerkit",
        "version": pokerkit_version(),
        "workload": "replay",
        "root": root,
        "files": len(files),
        "hands": hands,
        "matched": matched,
        "fractional": fractional,
        "mismatched": mismatched,
        "errors": errors,
        "seconds": seconds,
        "hands_per_second": hands / seconds if seconds else float("inf"),
    }


def main(argv: list[str] | None = None) -> int:
    """Command line: ``simulate --hands N`` or ``replay [--root DIR]``; prints one JSON line."""
    parser = argparse.ArgumentParser(prog="bench.peers", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    simulate = commands.add_parser("simulate", help="random 6-max NLHE play with PokerKit")
    simulate.add_argument("--hands", type=int, default=2000)
    simulate.add_argument("--players", type=int, default=6)
    simulate.add_argument("--seed", type=int, default=0)
    replay = commands.add_parser("replay", help="load and replay PHH files with PokerKit")
    replay.add_argument("--root", default=PLURIBUS_ROOT)
    args = parser.parse_args(argv)

    if args.command == "simulate":
        result = pokerkit_simulate(args.hands, args.players, args.seed)
    else:
        result = pokerkit_replay(args.root)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
