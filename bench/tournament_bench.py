"""Tournament benchmark: a 1,000-player tournament (10-handed tables) under each house.

For each house profile the director (:mod:`pokerroom.tournament.director`) plays a whole
tournament with bots on the table layer, from the seat draw to the last hand, with chips
checked after every hand; the table prints the wall time, the hands played (one hand at one
table), hands per second, rounds (one hand at every table) and the most tables in play.

Run: ``.venv/bin/python bench/tournament_bench.py [players] [structure] [bot] [seed]``
(defaults: 1000 pub_turbo random 1).
"""

from __future__ import annotations

import sys
import time

from pokerroom.house import HOUSES, load_house
from pokerroom.tournament import load_structure
from pokerroom.tournament.director import Director, TournamentConfig


def run(house: str, players: int, structure: str, bot: str, seed: int) -> tuple[float, object]:
    """Time one whole tournament (registration and seat draw included)."""
    cfg = TournamentConfig(
        load_house(house, "tournament"), load_structure(structure), bot=bot  # type: ignore[arg-type]
    )
    start = time.perf_counter()
    director = Director(cfg, seed=seed)
    for k in range(players):
        director.register(f"p{k:04}")
    results = director.run()
    return time.perf_counter() - start, results


def main(players: int = 1000, structure: str = "pub_turbo", bot: str = "random",
         seed: int = 1) -> None:
    print(f"{players} players, 10-handed, structure {structure}, {bot} bots, seed {seed}")
    print(f"{'house':<11}{'seconds':>9}{'hands':>8}{'hands/s':>9}{'rounds':>8}"
          f"{'h-f-h':>7}{'tables':>8}{'conserved':>11}")
    total_s = total_h = 0.0
    for house in HOUSES:
        seconds, res = run(house, players, structure, bot, seed)
        hands = res.hands  # type: ignore[attr-defined]
        total_s += seconds
        total_h += hands
        print(f"{house:<11}{seconds:>9.2f}{hands:>8}{hands / seconds:>9,.0f}"
              f"{res.rounds:>8}{res.hand_for_hand_rounds:>7}"  # type: ignore[attr-defined]
              f"{res.tables_max:>8}{res.chips_conserved!s:>11}")  # type: ignore[attr-defined]
    print(f"{'all':<11}{total_s:>9.2f}{int(total_h):>8}{total_h / total_s:>9,.0f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(
        int(args[0]) if args else 1000,
        args[1] if len(args) > 1 else "pub_turbo",
        args[2] if len(args) > 2 else "random",
        int(args[3]) if len(args) > 3 else 1,
    )
