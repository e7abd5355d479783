"""Exact heads-up equity, AhAs v KdKc over all 1,712,304 boards: pokerroom against peers.

Run with the benchmark environment (peers are never installed in .venv):

    .venv-bench/bin/python bench/equity_bench.py

In one run: (a) phevaluator's ``evaluate_cards`` called in a Python loop over every board,
(b) pokerroom's ``equity()`` cold (first call in a fresh interpreter, including the numba
import and compile or cache load, and the table build) and warm, (c) eval7's Monte Carlo over
the same number of boards (its ``py_hand_vs_range_exact`` returns 1.0 for this spot in the
installed version, so it is not usable as an exact figure). Prints a markdown table.
"""

from __future__ import annotations

import subprocess
import sys
import time
from itertools import combinations

HERO, VILLAIN = ("Ah", "As"), ("Kd", "Kc")


def phevaluator_loop() -> tuple[float, float]:
    """Equity of HERO by evaluating both hands on every board with phevaluator; (eq, s)."""
    from phevaluator import Card, evaluate_cards

    hero = [Card(c).id_ for c in HERO]
    villain = [Card(c).id_ for c in VILLAIN]
    rest = [c for c in range(52) if c not in hero + villain]
    t = time.perf_counter()
    won = 0.0
    n = 0
    h0, h1 = hero
    v0, v1 = villain
    for b in combinations(rest, 5):
        a = evaluate_cards(h0, h1, *b)
        k = evaluate_cards(v0, v1, *b)
        n += 1
        if a < k:
            won += 1
        elif a == k:
            won += 0.5
    return won / n, time.perf_counter() - t


def pokerroom_cold() -> tuple[float, float]:
    """First equity() call in a fresh interpreter (imports included); (eq, s)."""
    code = (
        "import time; t = time.perf_counter(); "
        "from pokerroom.equity import equity; from pokerroom.cards import parse_cards as p; "
        f"r = equity([p('{''.join(HERO)}'), p('{''.join(VILLAIN)}')]); "
        "print(r.equities[0], time.perf_counter() - t)"
    )
    eq, secs = subprocess.check_output([sys.executable, "-c", code]).split()
    return float(eq), float(secs)


def pokerroom_warm(repeat: int = 5) -> tuple[float, float]:
    from pokerroom.cards import parse_cards
    from pokerroom.equity import equity

    hands = [parse_cards("".join(HERO)), parse_cards("".join(VILLAIN))]
    equity(hands)
    best = float("inf")
    eq = 0.0
    for _ in range(repeat):
        t = time.perf_counter()
        eq = equity(hands).equities[0]
        best = min(best, time.perf_counter() - t)
    return eq, best


def eval7_monte_carlo(iterations: int = 1_712_304) -> tuple[float, float]:
    import eval7

    hero = [eval7.Card(c) for c in HERO]
    villain = eval7.HandRange("".join(VILLAIN))
    t = time.perf_counter()
    eq = eval7.py_hand_vs_range_monte_carlo(hero, villain, [], iterations)
    return float(eq), time.perf_counter() - t


def main() -> None:
    cold_first = pokerroom_cold()  # may compile and write numba's cache
    cold = pokerroom_cold()  # fresh interpreter, numba cache already on disk
    warm = pokerroom_warm()
    ph = phevaluator_loop()
    e7 = eval7_monte_carlo()
    print("## Exact equity AhAs v KdKc, all 1,712,304 boards\n")
    print("| method | equity AhAs | seconds | vs phevaluator loop |")
    print("|---|---:|---:|---:|")
    rows = [
        ("phevaluator `evaluate_cards`, Python loop (exact)", ph),
        ("pokerroom `equity()` first call ever (numba compile)", cold_first),
        ("pokerroom `equity()` cold (new process, numba cache)", cold),
        ("pokerroom `equity()` warm (exact)", warm),
        ("eval7 `py_hand_vs_range_monte_carlo`, 1,712,304 samples", e7),
    ]
    for name, (eq, secs) in rows:
        print(f"| {name} | {eq * 100:.4f}% | {secs:.3f} | {ph[1] / secs:.1f}x |")
    print(f"\npokerroom exact equity: {warm[0] * 100:.4f}%")


if __name__ == "__main__":
    main()
