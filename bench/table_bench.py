"""Table benchmark: hands per second of a 9-handed table session with bots under each house,
and the cost of the table layer over the bare hand engine (same bots, same hands).

The session is played by :func:`pokerroom.table.runner.run_session` with ``keep_full``: a
busted player buys in again (cash) or a player moved from another table takes his seat
(tournament), so the table stays 9-handed. Each hand's config, deck seed and bot seed are
recorded and the same hands are then played on the bare engine by
:func:`pokerroom.table.runner.replay_hands` (start the hand from its config, ask the bot,
``apply_in_place``). Two bots: ``random`` (uniform over the legal actions and amounts: many
all-ins and rebuys) and ``simple`` (plays its strong hands, calls cheap, folds the rest).

Run: ``.venv/bin/python bench/table_bench.py [hands]``
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial

from pokerroom.house import HOUSES, load_house
from pokerroom.table import TableConfig
from pokerroom.table.runner import BotKind, replay_hands, run_session

BIG = 100_000  # deep stacks, blinds 1/2
BOTS: tuple[BotKind, ...] = ("random", "simple")


def _best(*fns: Callable[[], object], rounds: int = 5) -> list[float]:
    """The best CPU time of each function over ``rounds`` rounds, the functions interleaved in
    each round: on a shared machine a slow spell then hits them alike, and time spent waiting
    for the CPU is not counted (both sides are single-threaded and CPU-bound)."""
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for k, fn in enumerate(fns):
            start = time.process_time()
            fn()
            best[k] = min(best[k], time.process_time() - start)
    return best


def main(hands: int = 2000) -> None:
    print(
        f"9-handed NLHE at 1/2, stacks {BIG:,}, {hands:,} hands per house and bot "
        "(best CPU time of 5)"
    )
    head = f"{'house':<11}{'mode':<11}{'bot':<8}{'players':>8}{'actions':>8}"
    print(
        head + f"{'hands/s table':>14}{'+event log':>12}{'bare engine':>13}{'table cost':>12}"
        f"{'µs/hand':>9}"
    )
    for house in HOUSES:
        mode = "cash" if load_house(house, "cash").offered else "tournament"
        rules = load_house(house, mode)  # type: ignore[arg-type]
        cfg = TableConfig(rules, seats=9, buyin_min=100, buyin_max=BIG)
        for kind in BOTS:

            def session(keep_log: bool, cfg: TableConfig = cfg, kind: BotKind = kind) -> None:
                run_session(
                    cfg, 9, hands, seed=1, bot=kind, buy_in=BIG, keep_log=keep_log, keep_full=True
                )

            rec = run_session(
                cfg, 9, hands, seed=1, bot=kind, buy_in=BIG, keep_log=False, keep_full=True,
                record=True,
            )
            players = sum(r.config.players for r in rec.records) / rec.hands
            t_table, t_logged, t_bare = _best(
                partial(session, False),
                partial(session, True),
                partial(replay_hands, rec.records, bot=kind),
            )
            n = rec.hands
            print(
                f"{house:<11}{mode:<11}{kind:<8}{players:>8.2f}{rec.actions / n:>8.1f}"
                f"{n / t_table:>14,.0f}{n / t_logged:>12,.0f}{n / t_bare:>13,.0f}"
                f"{t_table / t_bare - 1:>+11.0%}{(t_table - t_bare) / n * 1e6:>9.0f}"
            )
    print(
        "table cost: extra CPU time of the table session over the bare engine, same hands and "
        "bots; µs/hand: the same, per hand"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
