"""Table benchmark: hands per second of a 9-handed table session with bots under each house,
and the cost of the table layer over the bare hand engine (same bots, same hands).

The session is played by :func:`pokerroom.table.runner.run_session` (no churn, so every hand
is 9-handed); each hand's config, deck seed and bot seed are recorded and the same hands are
then played on the bare engine by :func:`pokerroom.table.runner.replay_hands`.

Run: ``.venv/bin/python bench/table_bench.py [hands]``
"""

from __future__ import annotations

import sys
import time

from pokerroom.house import HOUSES, load_house
from pokerroom.table import TableConfig
from pokerroom.table.runner import replay_hands, run_session

BIG = 100_000  # deep stacks: nobody busts, every hand is 9-handed


def _best(fn, repeat: int = 3) -> float:  # type: ignore[no-untyped-def]
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main(hands: int = 2000) -> None:
    rows = []
    for house in HOUSES:
        mode = "cash" if load_house(house, "cash").offered else "tournament"
        rules = load_house(house, mode)  # type: ignore[arg-type]
        cfg = TableConfig(rules, seats=9, buyin_min=100, buyin_max=100_000)
        rec = run_session(cfg, 9, hands, seed=1, buy_in=BIG, record=True, keep_log=False)
        records = rec.records

        def table(cfg: TableConfig = cfg) -> None:
            run_session(cfg, 9, hands, seed=1, buy_in=BIG, keep_log=False)

        def logged(cfg: TableConfig = cfg) -> None:
            run_session(cfg, 9, hands, seed=1, buy_in=BIG, keep_log=True)

        def bare(records=records) -> None:  # type: ignore[no-untyped-def]
            replay_hands(records)

        t_table = _best(table)
        t_logged = _best(logged)
        t_bare = _best(bare)
        rows.append((house, mode, rec.hands, rec.actions, t_table, t_logged, t_bare))
    print(f"9-handed NLHE, random bots, {hands} hands per house (best of 3)")
    head = f"{'house':<11}{'mode':<11}{'hands/s table':>14}{'+event log':>12}{'bare engine':>13}"
    print(head + f"{'table cost':>12}")
    for house, mode, n, _actions, t_table, t_logged, t_bare in rows:
        print(
            f"{house:<11}{mode:<11}{n / t_table:>14,.0f}{n / t_logged:>12,.0f}"
            f"{n / t_bare:>13,.0f}{t_table / t_bare:>11.2f}x"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
