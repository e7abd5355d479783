"""How each house reads chips: the CHP-* parameters of RULES.md §27, one value per house and
mode, each set from its rulebook line (:func:`pokerroom.floor.chips.read_chips` applies them).

>>> CHIP_RULES_BY_HOUSE["grosvenor"]["cash"].overcall_raise_threshold_num
51
>>> CHIP_RULES_BY_HOUSE["cambridge"]["tournament"].multi_chip_silent
'raise_to_total'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from pokerroom.errors import IllegalAction
from pokerroom.house.rules import Mode

__all__ = ["CHIP_RULES_BY_HOUSE", "ChipRules"]


@dataclass(frozen=True, slots=True)
class ChipRules:
    """A house's rules for reading chips; field names are the RULES.md §27 parameters.

    One value per house and mode, like :class:`~pokerroom.house.HouseRules`; see
    :data:`CHIP_RULES_BY_HOUSE` and :meth:`for_house`.
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
    overcall_at_or_above: Literal["complete_to_min_raise"] = "complete_to_min_raise"
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
    def for_house(house: str, mode: Mode = "cash") -> ChipRules:
        """The chip rules of a house profile ("lpr", "grosvenor", ...) in cash or tournament mode.

        >>> ChipRules.for_house("grosvenor", "tournament").undercall_rule
        'committed'
        """
        try:
            return CHIP_RULES_BY_HOUSE[house][mode]
        except KeyError:
            raise IllegalAction(
                "unknown_house",
                f"no chip rules for house {house!r} mode {mode!r}; "
                f"known: {', '.join(sorted(CHIP_RULES_BY_HOUSE))} × cash, tournament",
            ) from None


def _both(rules: ChipRules) -> dict[Mode, ChipRules]:
    return {"cash": rules, "tournament": rules}


_LPR = ChipRules(
    single_chip_no_bet_facing="bet_full_value",  # G20 (LPR silent)
    multi_chip_silent="raise_if_one_chip_would_call",  # CHP-03, LPR r18
    overcall_raise_threshold_num=50,  # CHP-05, LPR r25 (base = R, CONFLICTS L-4)
    undercall_rule="committed",  # CHP-06: LPR silent; released chips bind (as r22)
    unaware_of_raise="call_or_fold_forfeit",  # OOT-08, LPR r22
)
_GROS_CASH = ChipRules(
    single_chip_raise_requires_amount=True,  # GROS:L64
    multi_chip_silent="raise_per_threshold",  # GROS:L65 obvious raise, sized by L121
    overcall_raise_threshold_num=51,  # CHP-05, GROS:L121
    undercall_rule="gros_cash_51pct",  # CHP-06, GROS:L117-118
    unaware_of_raise="51pct_rule",  # OOT-08 -> CHP-06 (GROS cash)
)
_HIPP = ChipRules(
    single_chip_no_bet_facing="bet_full_value",  # CHP-02, HIPP:L185
    multi_chip_silent="raise_per_threshold",  # HIPP:L177 "50% rule"
    overcall_raise_threshold_num=50,  # CONFLICTS H-6: as LPR r25
    undercall_rule="committed",  # HIPP:L173 released chips bind / forfeit
    unaware_of_raise="call_or_fold_forfeit",  # OOT-08, HIPP:L173
)
_CAMB = ChipRules(
    single_chip_no_bet_facing="bet_full_value",  # CONFLICTS C-6 recommendation
    multi_chip_silent="raise_to_total",  # CHP-03, CAMB:L71
    overcall_raise_threshold_num=None,  # CHP-05: CAMB has no threshold
    undercall_rule="committed",  # CAMB silent: released chips bind
    unaware_of_raise="committed",  # CAMB silent
)
_RRP = ChipRules(
    multi_chip_silent="raise_per_threshold",  # RRP:L65 full bet + half a bet
    overcall_raise_threshold_num=50,
    undercall_rule="bring_up",  # RRP:L63, L67
    unaware_of_raise="withdraw_if_no_action_after",  # OOT-08, RRP:L63
)

CHIP_RULES_BY_HOUSE: Final[dict[str, dict[Mode, ChipRules]]] = {
    "lpr": _both(_LPR),
    "grosvenor": {
        "cash": _GROS_CASH,
        # GROS:L137 any under-call commits; OOT-08 -> committed.
        "tournament": replace(_GROS_CASH, undercall_rule="committed", unaware_of_raise="committed"),
    },
    "hippodrome": _both(_HIPP),
    "cambridge": _both(_CAMB),  # a tournament-only book; cash mirrors it
    "roberts": _both(_RRP),
}
"""Chip rules per house and mode, as RULES.md §27 and the seed rulebooks say."""
