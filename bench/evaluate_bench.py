"""Hand evaluation: pokerroom against phevaluator, eval7 and treys, in one run.

Run with the benchmark environment (peers are never installed in .venv):

    .venv-bench/bin/python bench/evaluate_bench.py [--hands 100000]

Times one call per hand on the same random 7-card hands (card conversion to each library's
own type is done before timing), then checks correctness against phevaluator: our value must
equal 7463 - phevaluator's rank on every hand (both number the 7,462 classes, in opposite
directions), so every comparison between two hands agrees. The same for Omaha (4 hole cards,
5 board cards) with phevaluator's evaluate_omaha_cards. Prints markdown tables.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np


def per_call_us(fn: Callable[[Any], object], items: Sequence[Any], repeat: int = 3) -> float:
    """Best of ``repeat`` runs of ``fn`` over ``items``, in microseconds per call."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, time.perf_counter() - t)
    return best / len(items) * 1e6


def loop_overhead_us(items: Sequence[Any]) -> float:
    return per_call_us(lambda x: None, items)


def cold_start_s() -> float:
    """Seconds for a fresh interpreter to import pokerroom.evaluate and evaluate one hand."""
    code = (
        "import time; t = time.perf_counter(); "
        "from pokerroom.evaluate import holdem_high; holdem_high([0, 5, 10, 15, 20, 25, 30]); "
        "print(time.perf_counter() - t)"
    )
    runs = [float(subprocess.check_output([sys.executable, "-c", code])) for _ in range(3)]
    return min(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()

    import eval7
    import phevaluator
    from treys import Card as TreysCard
    from treys import Evaluator as TreysEvaluator

    from pokerroom.cards import DECK
    from pokerroom.evaluate import holdem_high, omaha_high

    rng = np.random.default_rng(args.seed)
    n = args.hands
    hands = [
        [int(c) for c in row] for row in np.argsort(rng.random((n, 52)), axis=1)[:, :7]
    ]
    holdem_high(hands[0])  # build the tables outside the timing

    ph_eval = phevaluator.evaluate_cards
    e7_cards = [[eval7.Card(repr(DECK[c])) for c in h] for h in hands]
    e7_eval = eval7.evaluate
    treys_ev = TreysEvaluator()
    tr = [TreysCard.new(repr(card)) for card in DECK]
    tr_cards = [([tr[c] for c in h[2:]], [tr[c] for c in h[:2]]) for h in hands]

    overhead = loop_overhead_us(hands)
    rows = [
        ("pokerroom `holdem_high`", per_call_us(holdem_high, hands)),
        ("phevaluator `evaluate_cards`", per_call_us(lambda h: ph_eval(*h), hands)),
        ("eval7 `evaluate`", per_call_us(e7_eval, e7_cards)),
        ("treys `Evaluator.evaluate`", per_call_us(lambda bh: treys_ev.evaluate(*bh), tr_cards)),
    ]

    # Correctness: exact agreement with phevaluator, and order agreement with the others.
    ours = np.asarray([holdem_high(h) for h in hands])
    ph = np.asarray([ph_eval(*h) for h in hands])
    e7 = np.asarray([e7_eval(h) for h in e7_cards])
    trv = np.asarray([treys_ev.evaluate(*bh) for bh in tr_cards])
    exact_ph = int(np.sum(ours == 7463 - ph))
    a = rng.integers(0, n, size=n)
    b = rng.integers(0, n, size=n)
    agree_ph = int(np.sum(np.sign(ours[a] - ours[b]) == np.sign(ph[b] - ph[a])))
    agree_e7 = int(np.sum(np.sign(ours[a] - ours[b]) == np.sign(e7[a] - e7[b])))
    agree_tr = int(np.sum(np.sign(ours[a] - ours[b]) == np.sign(trv[b] - trv[a])))

    # Omaha: 4 hole cards, 5 board cards.
    m = min(n, 20_000)
    omaha = [(h[:4], h[4:] + [c for c in _extra(h, rng)]) for h in hands[:m]]
    ph_omaha = phevaluator.evaluate_omaha_cards
    omaha_rows = [
        ("pokerroom `omaha_high`", per_call_us(lambda hb: omaha_high(*hb), omaha)),
        ("phevaluator `evaluate_omaha_cards`",
         per_call_us(lambda hb: ph_omaha(*hb[1], *hb[0]), omaha)),
    ]
    om_ours = np.asarray([omaha_high(*hb) for hb in omaha])
    om_ph = np.asarray([ph_omaha(*hb[1], *hb[0]) for hb in omaha])
    exact_omaha = int(np.sum(om_ours == 7463 - om_ph))

    print(f"## Hold'em 7-card evaluation, {n:,} random hands (Python {sys.version.split()[0]})\n")
    print("| evaluator | µs per call | vs pokerroom |")
    print("|---|---:|---:|")
    base = rows[0][1]
    for name, us in rows:
        print(f"| {name} | {us:.3f} | {us / base:.2f}x |")
    print(f"\n(loop overhead {overhead:.3f} µs per call, included in every row)")
    cold = cold_start_s()
    print(f"\nCold start (fresh interpreter: import + table build + 1 hand): {cold:.3f} s")
    print("\n## Omaha (4 hole + 5 board)\n")
    print("| evaluator | µs per call |")
    print("|---|---:|")
    for name, us in omaha_rows:
        print(f"| {name} | {us:.3f} |")
    print("\n## Agreement\n")
    print(f"- Hold'em value == 7463 - phevaluator rank: {exact_ph:,} / {n:,} hands")
    print(f"- comparisons of {n:,} random pairs agreeing with phevaluator: {agree_ph:,}, "
          f"eval7: {agree_e7:,}, treys: {agree_tr:,}")
    print(f"- Omaha value == 7463 - phevaluator rank: {exact_omaha:,} / {m:,} hands")
    ok = exact_ph == n and agree_ph == agree_e7 == agree_tr == n and exact_omaha == m
    print(f"\nall agree: {ok}")
    if not ok:
        sys.exit(1)


def _extra(hand: list[int], rng: np.random.Generator) -> list[int]:
    """Two more cards not in ``hand`` (to make 4 hole + 5 board from 7 dealt cards)."""
    rest = [c for c in range(52) if c not in hand]
    picks = rng.choice(len(rest), size=2, replace=False)
    return [rest[int(i)] for i in picks]


if __name__ == "__main__":
    main()
