"""One tournament's settings: house rules, structure, table size, payouts, the clock's pace.

>>> from pokerroom.house import load_house
>>> from pokerroom.tournament.structure import load_structure
>>> cfg = TournamentConfig(load_house("grosvenor", "tournament"), load_structure("sng_hands"))
>>> cfg.seats_per_table, cfg.entry_policy() == EntryPolicy.for_house(cfg.house)
(10, True)
>>> try:
...     TournamentConfig(load_house("grosvenor", "cash"), load_structure("sng_hands"))
... except TournamentError as err:
...     print(err.code)
not_tournament_rules
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import time

from pokerroom.house.rules import HouseRules
from pokerroom.table.runner import BotKind
from pokerroom.tournament.entrants import EntryPolicy
from pokerroom.tournament.errors import TournamentError
from pokerroom.tournament.payouts import STANDARD_PAYOUTS, PayoutTable
from pokerroom.tournament.seating import BreakOrder
from pokerroom.tournament.structure import Structure

__all__ = ["TournamentConfig"]


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """One event: house rules, structure, table size, payouts and the simulated clock.

    ``entry_fee`` is the prize money per counted entry (TRN-12). ``seconds_per_hand`` is how
    far the simulated clock moves per round of hands. ``policy`` defaults to what the house's
    rulebook implies (:meth:`EntryPolicy.for_house`). ``local_start`` is the room's time of day
    for registrations made without one (CAMB's early-registration bonus, TRN-01).
    """

    house: HouseRules
    structure: Structure
    seats_per_table: int = 10
    payouts: PayoutTable = STANDARD_PAYOUTS
    policy: EntryPolicy | None = None
    entry_fee: int = 100
    prize_unit: int = 1
    seconds_per_hand: int = 60
    break_order: BreakOrder = "highest_number_first"
    hand_for_hand_from_bubble: int = 1
    bot: BotKind = "random"
    local_start: time = time(19, 0)

    def __post_init__(self) -> None:
        if not self.house.is_tournament:
            raise TournamentError(
                "not_tournament_rules",
                f"house {self.house.name} rules are {self.house.mode} rules; load them with "
                "load_house(name, 'tournament')",
            )
        if not 2 <= self.seats_per_table <= 10:
            raise TournamentError(
                "bad_table_size", f"seats_per_table = {self.seats_per_table}; allowed 2..10"
            )
        if self.entry_fee < 0 or self.prize_unit < 1 or self.seconds_per_hand < 1:
            raise TournamentError(
                "bad_config",
                f"entry_fee = {self.entry_fee}, prize_unit = {self.prize_unit}, "
                f"seconds_per_hand = {self.seconds_per_hand}; need entry_fee >= 0, "
                "prize_unit >= 1, seconds_per_hand >= 1",
            )

        order = self.break_order
        named = ("highest_number_first", "lowest_number_first", "smallest_first")
        if isinstance(order, tuple):
            numbers_ok = all(type(t) is int and t >= 1 for t in order)
            if not order or not numbers_ok or len(set(order)) != len(order):
                raise TournamentError(
                    "bad_break_order",
                    f"break_order = {order!r}: a tuple names distinct table numbers (1, 2, ...)",
                )
        elif order not in named:
            raise TournamentError(
                "bad_break_order",
                f"break_order = {order!r}; allowed: {', '.join(named)}, or a tuple of table "
                "numbers",
            )

    def entry_policy(self) -> EntryPolicy:
        """The event's entry policy (the house's implied one when none is given)."""
        return self.policy if self.policy is not None else EntryPolicy.for_house(self.house)
