"""All of pokerroom's headline benchmarks against its peers, in one run, as a markdown table.

Run ``make bench`` (it builds ``.venv-bench`` with the peers from ``bench/requirements.txt``
and pokerroom itself). Every figure is measured here, now, on this machine, side by side:

* simulate: 6-max NLHE random play, blinds 1/2, 400 stacks (same policy for both);
* replay: the 10,000 Pluribus hands, each tool's whole command in a fresh process;
* equity: exact AhAs v KdKc over all 1,712,304 boards;
* then the table layer (`table_bench.py`) and tournaments (`tournament_bench.py`), which have
  no peer: their own figures.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PLURIBUS = ROOT.parent / "shared" / "phh" / "pluribus"
BIN = Path(sys.executable).parent


def _run(cmd: list[str]) -> tuple[dict[str, object], float]:
    start = time.perf_counter()
    out = subprocess.run(cmd, check=False, capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        raise SystemExit(f"{cmd} printed no JSON: {out.stdout[-500:]} {out.stderr[-2000:]}")
    return json.loads(lines[-1]), wall


def main() -> None:
    sys.path.insert(0, str(HERE))
    import equity_bench

    pokerroom = str(BIN / "pokerroom")
    rows: list[tuple[str, str, str, str]] = []

    pk_sim, _ = _run([sys.executable, str(HERE / "peers.py"), "simulate", "--hands", "2000"])
    _run([pokerroom, "simulate", "--hands", "2000", "--json"])  # warm numba's cache
    pr_sim, pr_sim_wall = _run([pokerroom, "simulate", "--hands", "50000", "--json"])
    ratio = float(pr_sim["hands_per_second"]) / float(pk_sim["hands_per_second"])  # type: ignore[arg-type]
    rows.append(("simulate 6-max NLHE (hands/s)", f"{pk_sim['hands_per_second']:,.0f}",
                 f"{pr_sim['hands_per_second']:,.0f} (50,000 hands; whole command "
                 f"{pr_sim_wall:.2f} s)", f"{ratio:.1f}x"))

    pk_rep, pk_wall = _run([sys.executable, str(HERE / "peers.py"), "replay", "--root",
                            str(PLURIBUS)])
    pr_rep, pr_wall = _run([pokerroom, "replay", str(PLURIBUS), "--json"])
    rows.append(("replay 10,000 Pluribus hands (s, whole command)",
                 f"{pk_wall:.2f} ({pk_rep['matched']} matched)",
                 f"{pr_wall:.2f} ({pr_rep['matched']} matched)", f"{pk_wall / pr_wall:.1f}x"))

    equity_bench.pokerroom_cold()  # compile or load numba's cache once
    cold = equity_bench.pokerroom_cold()
    warm = equity_bench.pokerroom_warm()
    ph = equity_bench.phevaluator_loop()
    rows.append(("exact equity AhAs v KdKc (s)", f"{ph[1]:.3f} (phevaluator loop, "
                 f"{ph[0] * 100:.4f}%)", f"{warm[1]:.4f} warm, {cold[1]:.2f} cold "
                 f"({warm[0] * 100:.4f}%)", f"{ph[1] / warm[1]:.0f}x"))

    print("| benchmark | peer | pokerroom | speed-up |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    for extra in ("table_bench.py", "tournament_bench.py"):
        if (HERE / extra).exists():
            out = subprocess.run([sys.executable, str(HERE / extra)], capture_output=True,
                                 text=True, cwd=ROOT, check=False)
            print(f"\n{extra}:\n{out.stdout.strip() or out.stderr[-1000:]}")


if __name__ == "__main__":
    main()
