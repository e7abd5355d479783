"""How each house reads chips: the CHP-* parameters of RULES.md §27, taken from the house's
profile (:class:`~pokerroom.house.HouseRules`, whose TOML cites the rulebook line of each value);
:func:`pokerroom.floor.chips.read_chips` applies them. A club's profile derived from a house
(``base = "lpr"`` plus overrides) reads chips by its own values: :meth:`ChipRules.from_house`.

>>> CHIP_RULES_BY_HOUSE["grosvenor"]["cash"].overcall_raise_threshold_num
51
>>> CHIP_RULES_BY_HOUSE["cambridge"]["tournament"].multi_chip_silent
'raise_to_total'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Final, Literal

from pokerroom.errors import ConfigError, IllegalAction
from pokerroom.house.profiles import HOUSES, load_house
from pokerroom.house.rules import HouseRules, Mode

__all__ = ["CHIP_RULES_BY_HOUSE", "ChipRules"]


@dataclass(frozen=True, slots=True)
class ChipRules:
    """A house's rules for reading chips; field names are the RULES.md §27 parameters.

    Built from a house profile by :meth:`from_house` (packaged houses:
    :data:`CHIP_RULES_BY_HOUSE`, :meth:`for_house`), or directly for a test of one rule.
    """

    # CHP-02: one chip bigger than the call, nothing said.
    single_oversized_chip: Literal["call"] = "call"
    # CHP-02 / G20: one chip, no bet in the round: a bet of its value, or (CAMB literal) a check.
    single_chip_no_bet_facing: Literal["bet_full_value", "check"] = "bet_full_value"
    # CHP-02 / GROS:L64 (G-7): "raise" with one chip needs the amount too; else the floor confirms.
    single_chip_raise_requires_amount: bool = False
    # CHP-03: several chips, nothing said.
    multi_chip_silent: Literal[
        "raise_if_one_chip_would_call", "raise_per_threshold", "raise_to_total"
    ] = "raise_per_threshold"
    # CHP-05: extra >= num/den × R is a raise; None = no threshold (CAMB raises to the total).
    overcall_raise_threshold_num: int | None = 50
    overcall_raise_threshold_den: int = 100
    overcall_below_threshold: Literal["call_return_excess"] = "call_return_excess"
    # CHP-05: "raise_to_total" (CAMB) goes with multi_chip_silent = "raise_to_total".
    overcall_at_or_above: Literal["complete_to_min_raise", "raise_to_total"] = (
        "complete_to_min_raise"
    )
    # CHP-06: less than the call, not all-in, nothing said.
    undercall_rule: Literal["gros_cash_51pct", "committed", "bring_up"] = "committed"
    undercall_threshold_num: int = 51
    undercall_threshold_den: int = 100
    # OOT-08: a call made without noticing a raise.
    unaware_of_raise: Literal[
        "call_or_fold_forfeit", "withdraw_if_no_action_after", "51pct_rule", "committed"
    ] = "call_or_fold_forfeit"
    # CHP-07: a spoken amount that can mean several values.
    ambiguous_verbal_amount: Literal["smallest_legitimate"] = "smallest_legitimate"
    # CHP-08 / G21: "pot" in no-limit: a pot-size bet (floor confirms) or the minimum bet.
    nl_pot_declaration: Literal["pot_size_bet", "minimum_bet"] = "pot_size_bet"
    # CHP-04 / CHP-09: a silent push in several motions: only the motion reaching the call counts.
    string_bet: Literal["first_motion_only"] = "first_motion_only"

    def __post_init__(self) -> None:
        if self.multi_chip_silent != "raise_to_total" and self.overcall_raise_threshold_num is None:
            raise IllegalAction(
                "chip_rules_threshold_missing",
                f"multi_chip_silent={self.multi_chip_silent!r} needs overcall_raise_threshold_num",
            )
        if self.overcall_raise_threshold_den <= 0 or self.undercall_threshold_den <= 0:
            raise IllegalAction("chip_rules_bad_threshold", "threshold denominators must be > 0")

    @staticmethod
    def from_house(rules: HouseRules) -> ChipRules:
        """The chip rules a house profile sets (CHP-02..08, OOT-08), overrides included.

        >>> from pokerroom.house import derive, load_house
        >>> ChipRules.from_house(load_house("grosvenor")).overcall_raise_threshold_num
        51
        >>> club = derive(load_house("lpr"), overcall_raise_threshold="51/100")
        >>> ChipRules.from_house(club).overcall_raise_threshold_num
        51
        """
        over, under = rules.overcall_raise_threshold, rules.undercall_threshold
        return ChipRules(
            single_oversized_chip=rules.single_oversized_chip,
            single_chip_no_bet_facing=rules.single_chip_no_bet_facing,
            single_chip_raise_requires_amount=rules.single_chip_raise_requires_amount,
            multi_chip_silent=rules.multi_chip_silent,
            overcall_raise_threshold_num=over.numerator,
            overcall_raise_threshold_den=over.denominator,
            overcall_below_threshold=rules.overcall_below_threshold,
            overcall_at_or_above=rules.overcall_at_or_above,
            undercall_rule=rules.undercall_rule,
            undercall_threshold_num=under.numerator,
            undercall_threshold_den=under.denominator,
            unaware_of_raise=rules.unaware_of_raise,
            # CHP-07: the profile's "smallest_legal" is the reading's "smallest_legitimate".
            ambiguous_verbal_amount="smallest_legitimate",
            # CHP-08 / G21: the floor rules the amount; the default it proposes is a pot bet.
            nl_pot_declaration="pot_size_bet",
        )

    @staticmethod
    def for_house(house: str, mode: Mode = "cash") -> ChipRules:
        """The chip rules of a packaged house ("lpr", "grosvenor", ...) in cash or tournament mode.

        >>> ChipRules.for_house("grosvenor", "tournament").undercall_rule
        'committed'
        """
        try:
            return _packaged(house, mode)
        except ConfigError:
            raise IllegalAction(
                "unknown_house",
                f"no chip rules for house {house!r} mode {mode!r}; "
                f"known: {', '.join(sorted(HOUSES))} × cash, tournament",
            ) from None


@cache
def _packaged(house: str, mode: Mode) -> ChipRules:
    return ChipRules.from_house(load_house(house, mode))


class _ByHouse(Mapping[str, Mapping[Mode, ChipRules]]):
    """House -> mode -> ChipRules for the packaged houses, read from their profiles on use."""

    def __getitem__(self, house: str) -> Mapping[Mode, ChipRules]:
        if house not in HOUSES:
            raise KeyError(house)
        return {"cash": _packaged(house, "cash"), "tournament": _packaged(house, "tournament")}

    def __iter__(self) -> Iterator[str]:
        return iter(HOUSES)

    def __len__(self) -> int:
        return len(HOUSES)


CHIP_RULES_BY_HOUSE: Final[Mapping[str, Mapping[Mode, ChipRules]]] = _ByHouse()
"""Chip rules per packaged house and mode, as their profiles (RULES.md §27) set them."""
