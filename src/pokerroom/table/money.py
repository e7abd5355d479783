"""Money at a cash table that is not a buy-in: cash on the table (STK-07), money behind
(STK-01) and incidentals paid from the stack (FEE-03).

Both only between hands for a player not in a hand (STK-01: only the chips in front of him at
the start of a hand play in it). ``decide_*`` returns the events or raises
:class:`TableError` changing nothing; ``evolve_*`` applies an event.

FEE-03 has no house parameter. The value per house is chosen here from the rulebooks
(:data:`INCIDENTALS_FROM_STACK`):

* ``lpr``: allowed, LPR r89 ("players may pay for incidental items such as food or drinks
  from their stack") and r90 (the only exception to no removal).
* ``grosvenor``: not allowed, GROS:L112-113 (no removal of chips, no "weeding").
* ``hippodrome``: not allowed; silent, and HIPP:L68 requires removed funds to be restored.
* ``roberts``: not allowed; silent (no removal is the general rule, STK-05).
* ``cambridge`` and every tournament: not allowed (tournament chips are not money).

>>> sorted(k for k, v in INCIDENTALS_FROM_STACK.items() if v)
['lpr']
"""

from __future__ import annotations

from pokerroom.table.buyin import check_add
from pokerroom.table.commands import CashOnTable, MoneyBehind, PayIncidental
from pokerroom.table.events import CashConverted, IncidentalPaid, MoneyBehindPlaced, TableEvent
from pokerroom.table.seats import PlayerId, SeatNo, TableError
from pokerroom.table.state import TableState, chips_bought, updated

__all__ = [
    "INCIDENTALS_FROM_STACK",
    "decide_cash_on_table",
    "decide_incidental",
    "decide_money_behind",
    "evolve_cash_converted",
    "evolve_incidental",
    "evolve_money_behind",
]

INCIDENTALS_FROM_STACK: dict[str, bool] = {
    "lpr": True,  # LPR r89
    "grosvenor": False,  # GROS:L112-113
    "hippodrome": False,  # silent; HIPP:L68
    "roberts": False,  # silent
    "cambridge": False,  # tournaments only
}


def _between_hands(st: TableState, player: PlayerId, what: str) -> None:
    if st.position_of(player) is not None:
        raise TableError(
            "in_hand", f"{player} is in the hand in play: {what} only between hands (STK-01)"
        )


def decide_cash_on_table(st: TableState, c: CashOnTable) -> list[TableEvent]:
    """STK-07: refuse what may never play; convert cash the house lets play into chips."""
    rules = st.config.rules
    no = st.seat_of(c.player)
    if rules.is_tournament:
        raise TableError("tournament_chips", "only tournament chips play at a tournament table")
    if c.amount <= 0:
        raise TableError("bad_amount", f"cash of {c.amount}: give a positive amount")
    if c.kind == "foreign_currency":
        raise TableError(
            "foreign_currency",
            "foreign currency never plays: change it at the cash desk (STK-07, GROS:L110)",
        )
    if c.kind == "other_room_chips":
        raise TableError(
            "other_room_chips", "chips from another card room never play (STK-07, HIPP:L67)"
        )
    if c.kind == "rack":
        raise TableError(
            "chip_rack", "playing out of a chip rack is not allowed (STK-07, HIPP:L71)"
        )
    if not c.announced:
        raise TableError(
            "concealed",
            "concealed cash does not play: it must be announced to the table "
            "(STK-07, GROS:L108-109)",
        )
    if rules.cash_plays == "only_when_authorised" and not c.authorised_by.strip():
        raise TableError(
            "cash_not_authorised",
            f"{rules.name}: cash plays only during cash-desk balancing or when the supervisor "
            "allows it (STK-07, HIPP:L67): change it into chips, or name the supervisor",
        )
    _chips_bought(st, c.player, no, c.amount, "cash on the table")
    return [CashConverted(c.player, no, c.amount, c.authorised_by)]


def _chips_bought(st: TableState, player: PlayerId, no: SeatNo, amount: int, what: str) -> None:
    """STK-04 / STK-07 / STK-01: ``what`` (cash on the table, money behind) buys ``player``
    chips between hands: chips added, within the house's limit on adding; a player with no
    chips must buy in again instead (STK-02 / NEW-06, as AddChips refuses a busted player)."""
    _between_hands(st, player, what)
    seat = st.seats[no - 1]
    assert seat is not None
    if seat.stack == 0:
        raise TableError(
            "busted",
            f"{player} has no chips: {what} would be a buy-in; buy in again with Rebuy for at "
            f"least the table minimum {st.config.buyin_limits[0]} (STK-02)",
        )
    check_add(st.config, seat.stack, amount)


def evolve_cash_converted(st: TableState, e: CashConverted) -> TableState:
    """STK-07: the cash is in the stack as chips (ledger: chips in)."""
    return chips_bought(st, e.seat, e.amount)


def decide_incidental(st: TableState, c: PayIncidental) -> list[TableEvent]:
    """FEE-03: pay food or drink from the stack, where the house allows it, between hands."""
    rules = st.config.rules
    no = st.seat_of(c.player)
    if rules.is_tournament or not INCIDENTALS_FROM_STACK.get(rules.rulebook, False):
        raise TableError(
            "no_removal",
            f"{rules.name} {rules.mode}: chips may not leave the table, not even for food or "
            "drink (FEE-03 is an LPR r89 exception; STK-05)",
        )
    if not c.item.strip():
        raise TableError("no_item", "name what the chips pay for (FEE-03: incidentals only)")
    seat = st.seats[no - 1]
    assert seat is not None
    if not 0 < c.amount <= seat.stack:
        raise TableError(
            "bad_amount", f"{c.player} may pay 1..{seat.stack} from his stack; got {c.amount}"
        )
    _between_hands(st, c.player, "paying from the stack")
    return [IncidentalPaid(c.player, no, c.amount, c.item)]


def evolve_incidental(st: TableState, e: IncidentalPaid) -> TableState:
    """FEE-03: the chips left the stack (ledger: incidentals)."""
    seat = st.seats[e.seat - 1]
    assert seat is not None
    seats = list(st.seats)
    seats[e.seat - 1] = updated(seat, stack=seat.stack - e.amount)
    return updated(st, seats=tuple(seats), incidentals=st.incidentals + e.amount)


def decide_money_behind(st: TableState, c: MoneyBehind) -> list[TableEvent]:
    """STK-01 (HIPP:L70): chips bought but not yet delivered play, shown by a marker.

    "Only the chips in front of a player at the start of a deal may play for that hand, except
    for chips not yet received that a player has purchased indicated by a money behind
    button. The amount bought must be announced to the table" (HIPP:L70): the event is that
    announcement, and the amount plays from the next deal, so it is placed between hands
    (STK-01; no chips are added during a hand, LPR r88). It is a purchase of chips: the
    house's limit on adding chips holds (STK-04). When the chips arrive they replace the
    marker: the stack does not change again. Houses where money behind does not play
    (``money_behind_plays`` false: GROS:L60 table stakes, LPR r88, RRP silent: chosen
    default) refuse it: the chips play once delivered, added with ``AddChips``.
    """
    rules = st.config.rules
    no = st.seat_of(c.player)
    if rules.is_tournament:
        raise TableError("tournament_chips", "only tournament chips play at a tournament table")
    if not rules.money_behind_plays:
        raise TableError(
            "money_behind_not_played",
            f"{rules.name}: money behind does not play, only chips in front of the player "
            "(STK-01); add the chips with AddChips when they are delivered",
        )
    if c.amount <= 0:
        raise TableError("bad_amount", f"money behind of {c.amount}: give a positive amount")
    _chips_bought(st, c.player, no, c.amount, "money behind")
    return [MoneyBehindPlaced(c.player, no, c.amount)]


def evolve_money_behind(st: TableState, e: MoneyBehindPlaced) -> TableState:
    """STK-01: the marker's amount plays as chips in the stack (ledger: chips in)."""
    return chips_bought(st, e.seat, e.amount)
