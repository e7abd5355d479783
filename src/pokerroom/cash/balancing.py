"""Balancing same-stakes cash games: transfers and where a new player sits (SEAT-06).

>>> from pokerroom.house import load_house
>>> hipp = load_house("hippodrome", "cash")
>>> transfer_allowed(GameCount("A", 8), GameCount("B", 7), hipp)
(False, 'SEAT-06: after the move A would have 7 and B 8: the game left may not have fewer')
>>> seat_new_player([GameCount("A", 8), GameCount("B", 7)])
'B'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokerroom.errors import ConfigError
from pokerroom.house.rules import HouseRules

__all__ = ["GameCount", "seat_new_player", "transfer_allowed"]


@dataclass(frozen=True, slots=True)
class GameCount:
    """A game of the same stakes and how many players it has now."""

    name: str
    players: int

    def __post_init__(self) -> None:
        if self.players < 0:
            raise ConfigError("bad_count", f"game {self.name} cannot have {self.players} players")


def transfer_allowed(source: GameCount, target: GameCount, rules: HouseRules) -> tuple[bool, str]:
    """SEAT-06: may a player move from ``source`` to ``target`` (same stakes)?

    Not if the game he leaves would then have fewer players than the game he joins; the
    counts are compared after the move or before it per ``balance_count_basis`` (G25).
    """
    if source.name == target.name:
        raise ConfigError("same_game", f"a transfer needs two games, got {source.name} twice")
    if source.players < 1:
        # SEAT-06 / SEAT-07: the player moving is one of the source game's players.
        raise ConfigError(
            "bad_count",
            f"game {source.name} has {source.players} players: nobody there can move; "
            "the game left must count the player moving (1 or more)",
        )
    if rules.balance_count_basis == "after_move":
        left, joined = source.players - 1, target.players + 1
        when = "after the move"
    else:
        left, joined = source.players, target.players
        when = "before the move"
    if left < joined:
        return False, (
            f"SEAT-06: {when} {source.name} would have {left} and {target.name} {joined}: "
            "the game left may not have fewer"
        )
    return True, f"SEAT-06: {when} {source.name} {left}, {target.name} {joined}: allowed"


def seat_new_player(games: Sequence[GameCount]) -> str:
    """SEAT-06: a new player goes to the game that most needs a player (fewest players;
    on a tie, the first listed, i.e. the earlier game)."""
    if not games:
        raise ConfigError("no_games", "there is no game to seat the player in")
    names = [g.name for g in games]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        # SEAT-06: each game is counted once, or the count that decides is ambiguous.
        raise ConfigError(
            "same_game", f"game {', '.join(twice)} is listed twice: give each game once"
        )
    return min(games, key=lambda g: g.players).name
