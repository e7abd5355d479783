"""What a table is set up with: house rules, number of seats, game, stakes, antes, buy-in limits.

>>> from pokerroom.house import load_house
>>> cfg = TableConfig(load_house("roberts", "cash"), small_blind=1, big_blind=2)
>>> cfg.buyin_limits, cfg.stakes_key
((80, None), '1/2')
>>> TableConfig(load_house("roberts", "cash"), variant="FT", small_blind=5, big_blind=10,
...             ).buyin_limits[0]
200
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from pokerroom.errors import ConfigError
from pokerroom.hand.config import VARIANTS
from pokerroom.house.rules import HouseRules

__all__ = ["SHOWDOWN_MODES", "AnteType", "ShowdownMode", "TableConfig"]

AnteType = Literal["none", "per_player", "big_blind_ante"]

ShowdownMode = Literal["auto", "players"]
"""Who shows or mucks at the showdown: the table for everyone (``"auto"``), or each player
himself in turn (``"players"``, SHD-05: he may concede without showing)."""
SHOWDOWN_MODES: tuple[str, ...] = get_args(ShowdownMode)


@dataclass(frozen=True, slots=True)
class TableConfig:
    """A table's fixed setup. Blinds and antes may change by level (tournaments, BLD-06)."""

    rules: HouseRules
    seats: int = 9
    variant: str = "NT"
    small_blind: int = 1
    big_blind: int = 2
    #: BLD-06: ante amount and type for this table or level ("none" when the house has none).
    ante: int = 0
    ante_type: AnteType = "none"
    #: STK-02: the table's buy-in limits (None: house default, or no limit).
    buyin_min: int | None = None
    buyin_max: int | None = None
    #: RIT-01 stakes key; empty means "small/big".
    stakes: str = ""
    #: STR-07: the smallest chip in play. Blinds and antes are multiples of it, the hand
    #: engine hands out odd chips in it (POT-05, ``HandConfig.chip_unit``), and a larger one
    #: comes in by a colour-up (``ColorUpStacks``).
    chip_unit: int = 1
    #: SHD-04/05: ``"auto"``: the table shows every hand that can still win and mucks the
    #: others (``default_showdown_action``). ``"players"``: the hand waits at the showdown for
    #: the player whose turn it is (SHD-01/02) to show or muck (``ShowOrMuck``), so he may
    #: concede without showing (SHD-05); hands that must be shown (SHD-03) are still shown.
    showdown: ShowdownMode = "auto"

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 10:
            raise ConfigError("bad_seat_count", f"a table has 2 to 10 seats, got {self.seats}")
        if self.variant not in VARIANTS:
            raise ConfigError(
                "unknown_variant", f"unknown variant {self.variant!r}; known: {', '.join(VARIANTS)}"
            )
        if not 0 < self.small_blind <= self.big_blind:
            raise ConfigError(
                "bad_blinds",
                f"blinds {self.small_blind}/{self.big_blind}: need 0 < small blind <= big blind",
            )
        if self.showdown not in SHOWDOWN_MODES:
            raise ConfigError(
                "bad_showdown_mode",
                f"showdown = {self.showdown!r}; allowed: {', '.join(map(repr, SHOWDOWN_MODES))}",
            )
        if self.chip_unit < 1:
            raise ConfigError(
                "bad_chip_unit", f"chip_unit = {self.chip_unit}; must be at least 1 (STR-07)"
            )
        odd = [
            f"{name} {value}"
            for name, value in (
                ("small blind", self.small_blind),
                ("big blind", self.big_blind),
                ("ante", self.ante),
            )
            if value % self.chip_unit
        ]
        if odd:
            raise ConfigError(
                "not_a_chip_multiple",
                f"{', '.join(odd)}: blinds and antes must be multiples of the smallest chip in "
                f"play, {self.chip_unit} (STR-07)",
            )
        if self.rules.bb_must_equal_2x_sb and self.big_blind != 2 * self.small_blind:
            raise ConfigError(
                "bb_not_2x_sb",
                f"{self.rules.name}: the big blind must be twice the small blind (BLD-01), "
                f"got {self.small_blind}/{self.big_blind}",
            )
        if self.ante < 0 or (self.ante > 0) != (self.ante_type != "none"):
            raise ConfigError(
                "bad_ante",
                f"ante {self.ante} with ante_type {self.ante_type!r}: give a positive ante "
                "with 'per_player' or 'big_blind_ante', or 0 with 'none'",
            )
        if self.ante and self.rules.ante_mode == "none":
            raise ConfigError(
                "antes_not_played",
                f"{self.rules.name} {self.rules.mode} plays no antes (BLD-06 ante_mode = none)",
            )
        lo, hi = self.buyin_min, self.buyin_max
        if (lo is not None and lo <= 0) or (hi is not None and (hi <= 0 or (lo or 0) > hi)):
            raise ConfigError(
                "bad_buyin_limits", f"buy-in limits {lo}..{hi}: need 0 < minimum <= maximum"
            )

    @property
    def fixed_limit(self) -> bool:
        """True for fixed-limit games (big bet = 2 x big blind)."""
        return VARIANTS[self.variant].structure == "fixed_limit"

    @property
    def stakes_key(self) -> str:
        """The stakes as the house profiles name them, e.g. ``"1/2"``."""
        return self.stakes or f"{self.small_blind}/{self.big_blind}"

    @property
    def buyin_limits(self) -> tuple[int, int | None]:
        """STK-02: (minimum, maximum) buy-in; RRP defaults 10 x big bet (FL), 40 x BB (NL/PL)."""
        lo = self.buyin_min
        if lo is None:
            rules = self.rules
            if self.fixed_limit:
                lo = rules.buyin_min_default_fl_big_bets * 2 * self.big_blind
            else:
                lo = rules.buyin_min_default_nlpl_big_blinds * self.big_blind
        return max(lo, 1), self.buyin_max
