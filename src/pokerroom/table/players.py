"""Players between hands: sitting down and buying in, adding chips, rebuying, leaving,
sitting out and in, posting to come in, buying the button and declaring a straddle.

Each ``decide_*`` function checks a command against the table and the house and returns the
events it causes (or raises :class:`TableError`, changing nothing); each ``evolve_*`` function
is the one place its event changes the table. :mod:`pokerroom.table.table` wires them in.

* STK-01..05 (table stakes): buy-ins within the house's limits, one short buy-in where the
  house allows it, chips added only between hands, no ratholing (:mod:`.buyin`).
* NEW-01..06: new players post or wait for the big blind, missed blinds are owed and made up
  (the planner in :mod:`.button` deals them in), a rebuy is a new player again.
* NEW-03 buying the button and BLD-05 straddles, where the house allows them.

>>> from pokerroom.house import load_house
>>> from pokerroom.table.commands import Rebuy, SitDown
>>> from pokerroom.table.config import TableConfig
>>> from pokerroom.table.seats import SeatNo
>>> cfg = TableConfig(load_house("roberts", "cash"), seats=6, buyin_min=40, buyin_max=200)
>>> t = TableState.empty(cfg)
>>> (seated,) = decide_sit_down(t, SitDown(PlayerId("ann"), SeatNo(2), 100))
>>> seated
PlayerSeated(player='ann', seat=2, buy_in=100, short=False)
>>> t = evolve_seated(t, seated)
>>> try:
...     decide_rebuy(t, Rebuy(PlayerId("ann"), 100))
... except TableError as err:
...     print(err.code)
not_busted
"""

from __future__ import annotations

from pokerroom.table.button import plan_hand
from pokerroom.table.buyin import Cashout, check_add, check_buy_in
from pokerroom.table.commands import (
    AddChips,
    BuyButton,
    Leave,
    PostBlind,
    Rebuy,
    SitDown,
    SitIn,
    SitOut,
    Straddle,
)
from pokerroom.table.events import (
    ButtonBought,
    ChipsAdded,
    PlayerLeft,
    PlayerSeated,
    PostPromised,
    Rebought,
    SatIn,
    SatOut,
    StraddleDeclared,
    TableEvent,
)
from pokerroom.table.guards import free_seat, no_hand, not_in_hand, seated
from pokerroom.table.seats import PlayerId, Seat, TableError, between
from pokerroom.table.state import TableState, chips_bought, occupant, seats_with, updated

__all__ = [
    "decide_add_chips",
    "decide_buy_button",
    "decide_leave",
    "decide_post_blind",
    "decide_rebuy",
    "decide_sit_down",
    "decide_sit_in",
    "decide_sit_out",
    "decide_straddle",
    "evolve_added",
    "evolve_bought",
    "evolve_left",
    "evolve_post",
    "evolve_rebought",
    "evolve_sat_in",
    "evolve_sat_out",
    "evolve_seated",
    "evolve_straddle",
]


def _cashout(st: TableState, player: PlayerId) -> Cashout | None:
    for c in st.cashouts:
        if c.player == player:
            return c
    return None


def _late_for_sb(st: TableState, seat: Seat) -> bool:
    rules = st.config.rules
    return rules.missed_blind_return == "post_sb_if_before_button" and seat.button_passed


def decide_sit_down(st: TableState, c: SitDown) -> list[TableEvent]:
    free_seat(st, c.seat, c.player)
    cashout = _cashout(st, c.player)
    earlier = c.earlier_cashout
    if earlier is not None:
        if earlier.player != c.player:
            raise TableError(
                "not_his_cashout",
                f"the cash-out given for {c.player} is {earlier.player}'s (STK-05)",
            )
        if cashout is None or earlier.at > cashout.at:
            cashout = earlier  # STK-05: his latest cash-out in the room counts
    short = check_buy_in(st.config, c.buy_in, short_buyins=0, cashout=cashout, at=c.at)
    return [PlayerSeated(c.player, c.seat, c.buy_in, short)]


def decide_add_chips(st: TableState, c: AddChips) -> list[TableEvent]:
    no, seat = seated(st, c.player)
    not_in_hand(st, c.player, "adding chips")  # STK-04 / STK-01
    if seat.stack == 0:
        raise TableError("busted", f"{c.player} has no chips: buy in again with Rebuy (NEW-06)")
    if c.add_on and st.config.rules.is_tournament:
        if c.amount <= 0 or c.amount % st.config.chip_unit:
            raise TableError(
                "bad_amount",
                f"add-on of {c.amount}: give a positive multiple of the chip unit "
                f"{st.config.chip_unit}",
            )
    else:
        check_add(st.config, seat.stack, c.amount)
    return [ChipsAdded(c.player, no, c.amount)]


def decide_rebuy(st: TableState, c: Rebuy) -> list[TableEvent]:
    no, seat = seated(st, c.player)
    if st.config.rules.is_tournament:
        raise TableError("tournament_chips", "no rebuys at a tournament table")
    if seat.stack > 0:
        raise TableError(
            "not_busted", f"{c.player} still has {seat.stack} chips: add chips with AddChips"
        )
    not_in_hand(st, c.player, "rebuying")
    short = check_buy_in(st.config, c.amount, short_buyins=seat.short_buyins, at=c.at)
    return [Rebought(c.player, no, c.amount, short)]


def decide_leave(st: TableState, c: Leave) -> list[TableEvent]:
    no, seat = seated(st, c.player)
    not_in_hand(st, c.player, "leaving")
    if st.config.rules.is_tournament and seat.stack:
        raise TableError(
            "tournament_chips",
            f"{c.player}'s {seat.stack} tournament chips stay in play: sit out instead (BLD-07)",
        )
    return [PlayerLeft(c.player, no, seat.stack, c.at)]


def decide_sit_out(st: TableState, c: SitOut) -> list[TableEvent]:
    no, seat = seated(st, c.player)
    if seat.sitting_out:
        raise TableError("already_sitting_out", f"{c.player} is already sitting out")
    return [SatOut(c.player, no)]


def decide_sit_in(st: TableState, c: SitIn) -> list[TableEvent]:
    no, seat = seated(st, c.player)
    if not seat.sitting_out:
        raise TableError("not_sitting_out", f"{c.player} is not sitting out")
    post = c.post
    tournament = st.config.rules.is_tournament
    if post and (tournament or not (seat.new or seat.owes)):
        # A post he cannot make is refused, not dropped: he comes back with post=False.
        why = "a tournament player never posts to come in" if tournament else (
            "he owes no blind and is not new"
        )
        raise TableError(
            "nothing_to_post", f"{c.player}: {why}; he sits in without posting (post=False)"
        )
    if post and seat.owes and _late_for_sb(st, seat):
        # NEW-04 (LPR r69): a small-blind make-up only before the button passes the seat.
        raise TableError(
            "wait_for_big_blind",
            f"the button has passed seat {no} since {c.player} missed his blind: he may only "
            "wait for his big blind",
        )
    return [SatIn(c.player, no, post)]


def decide_post_blind(st: TableState, c: PostBlind) -> list[TableEvent]:
    no, seat = seated(st, c.player)
    if seat.sitting_out:
        raise TableError(
            "sitting_out",
            f"{c.player} is sitting out: he comes back and posts in one command, "
            "SitIn(post=True)",
        )
    if st.config.rules.is_tournament or not (seat.new or seat.owes):
        raise TableError(
            "nothing_to_post",
            f"{c.player} owes no blind and is not new: he is dealt in without posting",
        )
    if seat.owes and _late_for_sb(st, seat):
        raise TableError(
            "wait_for_big_blind",
            f"the button has passed seat {no}: {c.player} must wait for his big blind (NEW-04)",
        )
    return [PostPromised(c.player, no)]


def decide_buy_button(st: TableState, c: BuyButton) -> list[TableEvent]:
    rules = st.config.rules
    no, seat = seated(st, c.player)
    no_hand(st, "buying the button")
    if rules.buy_the_button != "allowed_post_sb_plus_bb" or rules.is_tournament:
        raise TableError(
            "buy_button_not_allowed",
            f"{rules.name} {rules.mode}: buying the button is not allowed (NEW-03)",
        )
    plan = plan_hand(updated(st, button_buyer=None))
    sb = plan.sb_seat
    if sb == plan.button:
        # NEW-03 (HIPP:L220) needs a seat between the button and the small blind; heads-up
        # the button posts the small blind (BTN-06, HIPP:L217), so there is none: the
        # newcomer waits for his big blind (HIPP:L218-219). ``between`` would read the
        # whole circle here, and the planner deals heads-up without a buyer.
        raise TableError(
            "cannot_buy_button",
            f"the next hand is heads-up (seat {plan.button} has the button and the small "
            f"blind): no seat lies between them, so {c.player} cannot buy the button; he "
            "waits for his big blind (NEW-03, NEW-01)",
        )
    if not seat.new or sb is None or not between(no, plan.button, sb, st.config.seats):
        raise TableError(
            "cannot_buy_button",
            f"only a new player between the button (seat {plan.button}) and the small blind "
            f"(seat {sb}) may buy the button (NEW-03)",
        )
    return [ButtonBought(c.player, no)]


def decide_straddle(st: TableState, c: Straddle) -> list[TableEvent]:
    rules = st.config.rules
    no, _ = seated(st, c.player)
    no_hand(st, "a straddle is declared")
    mode = rules.straddle_mode
    if mode == "none":
        raise TableError(
            "straddle_not_allowed", f"{rules.name} {rules.mode}: no straddles (BLD-05)"
        )
    plan = plan_hand(updated(st, straddle=None))
    n = len(plan.positions)
    if mode == "utg_live_blind":
        utg = plan.positions[plan.first_to_act]
        if n < 3 or no != utg:
            raise TableError(
                "not_straddle_seat",
                f"only the player under the gun (seat {utg}, 3+ players) may straddle (BLD-05)",
            )
    elif not 3 <= n <= 4 or no != plan.button:
        raise TableError(
            "not_straddle_seat",
            f"only the button (seat {plan.button}) may straddle, and only 3 or 4 handed "
            f"({n} players now) (BLD-05, HIPP L175)",
        )
    return [StraddleDeclared(c.player, no)]



def evolve_seated(st: TableState, e: PlayerSeated) -> TableState:
    seat = Seat(e.player, e.buy_in, short_buyins=int(e.short))
    cashouts = tuple(c for c in st.cashouts if c.player != e.player)
    return updated(
        st, seats=seats_with(st, e.seat, seat), chips_in=st.chips_in + e.buy_in, cashouts=cashouts
    )


def evolve_added(st: TableState, e: ChipsAdded) -> TableState:
    return chips_bought(st, e.seat, e.amount)


def evolve_rebought(st: TableState, e: Rebought) -> TableState:
    seat = occupant(st, e.seat)
    # NEW-06: a rebuy owes nothing and is a new player again.
    fresh = Seat(
        e.player,
        e.amount,
        sitting_out=seat.sitting_out,
        short_buyins=seat.short_buyins + int(e.short),
        last_bb_hand=seat.last_bb_hand,
    )
    return updated(st, seats=seats_with(st, e.seat, fresh), chips_in=st.chips_in + e.amount)


def evolve_left(st: TableState, e: PlayerLeft) -> TableState:
    cashouts = tuple(c for c in st.cashouts if c.player != e.player)
    if e.cashout:
        # STK-05: the stakes he left, for a return to another game of the room.
        cashouts += (Cashout(e.player, e.cashout, e.at, st.config.big_blind),)
    return updated(
        st,
        seats=seats_with(st, e.seat, None),
        chips_out=st.chips_out + e.cashout,
        cashouts=cashouts,
        straddle=None if st.straddle == e.player else st.straddle,
        button_buyer=None if st.button_buyer == e.player else st.button_buyer,
    )


def evolve_sat_out(st: TableState, e: SatOut) -> TableState:
    seat = occupant(st, e.seat)
    seat = updated(seat, sitting_out=True, will_post=False)
    return updated(st, seats=seats_with(st, e.seat, seat))


def evolve_sat_in(st: TableState, e: SatIn) -> TableState:
    seat = occupant(st, e.seat)
    seat = updated(seat, sitting_out=False, will_post=e.post)
    return updated(st, seats=seats_with(st, e.seat, seat))


def evolve_post(st: TableState, e: PostPromised) -> TableState:
    seat = occupant(st, e.seat)
    return updated(st, seats=seats_with(st, e.seat, updated(seat, will_post=True)))


def evolve_bought(st: TableState, e: ButtonBought) -> TableState:
    return updated(st, button_buyer=e.player)


def evolve_straddle(st: TableState, e: StraddleDeclared) -> TableState:
    return updated(st, straddle=e.player)
