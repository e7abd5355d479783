"""The table's pure core: ``decide``, ``evolve``, ``apply`` and ``replay``.

``apply(state, command)`` validates a command, returns the new table state and the events it
caused, and leaves the given state alone; a rejected command raises a typed error
(:class:`~pokerroom.table.seats.TableError`, or the hand engine's ``IllegalAction``) and
changes nothing. Every change goes through :func:`evolve`, so folding the event log over an
empty table rebuilds it exactly (:func:`replay`). Hands are played by the hand engine; the
table maps players to seats and seats to positions.

>>> from pokerroom.house import load_house
>>> from pokerroom.table.config import TableConfig
>>> from pokerroom.table.commands import Act, DrawButton, SitDown, StartHand
>>> cfg = TableConfig(load_house("hippodrome", "cash"), seats=6, buyin_min=40, buyin_max=200)
>>> t = TableState.empty(cfg)
>>> for name, seat in (("ann", 1), ("bob", 3), ("cat", 5)):
...     t, _ = apply(t, SitDown(PlayerId(name), SeatNo(seat), 100))
>>> t, _ = apply(t, DrawButton(bytes(32)))
>>> t, events = apply(t, StartHand(bytes(range(32))))
>>> t.button, t.positions, t.to_act()
(1, (3, 5, 1), 'ann')
>>> t, _ = apply(t, Act(PlayerId("ann"), "fold"))
>>> t, _ = apply(t, Act(PlayerId("bob"), "fold"))
>>> t.in_hand, [s.stack for s in t.seats if s]
(False, [100, 99, 101])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from pokerroom.errors import ConfigError
from pokerroom.floor.chips import ChipPush, read_chips
from pokerroom.hand import engine as hand_engine
from pokerroom.hand.actions import Action, BetRaise, CheckCall, Fold, RunItTwice
from pokerroom.hand.actions import KillHand as EngineKillHand
from pokerroom.hand.actions import RunOnce as HandRunOnce
from pokerroom.hand.betting import LegalActions, legal_actions
from pokerroom.hand.config import VARIANTS, HandConfig
from pokerroom.hand.engine import rit_pending
from pokerroom.hand.state import BET, HandState
from pokerroom.table.button import draw_button, plan_hand
from pokerroom.table.buyin import Cashout, check_add, check_buy_in
from pokerroom.table.colorup import decide_color_up
from pokerroom.table.commands import (
    Act,
    AddChips,
    AgreeChop,
    AgreeRunTwice,
    BuyButton,
    CashOnTable,
    ChangeSeat,
    ColorUpStacks,
    Command,
    Dispute,
    DrawButton,
    FloorRuling,
    ImpoundPot,
    KillHand,
    Leave,
    MoveIn,
    MoveOut,
    PayIncidental,
    PlaceButton,
    PostBlind,
    PushChips,
    Rebuy,
    RedrawButton,
    ReleasePot,
    ReportCard,
    ReturnToSeat,
    RunOnce,
    SetLevel,
    ShowHand,
    SitDown,
    SitIn,
    SitOut,
    StartHand,
    Straddle,
    TransferIn,
    TransferOut,
)
from pokerroom.table.config import TableConfig
from pokerroom.table.events import (
    ActionOrderSet,
    ButtonBought,
    ButtonDrawn,
    ButtonPlaced,
    ChipsAdded,
    ChipsRead,
    HandFinished,
    HandKilled,
    HandRevived,
    HandStarted,
    LevelSet,
    LogEvent,
    PlayerLeft,
    PlayerMovedIn,
    PlayerMovedOut,
    PlayerSeated,
    PostPromised,
    Rebought,
    SatIn,
    SatOut,
    StraddleDeclared,
    TableEvent,
)
from pokerroom.table.live import (
    action_for_reading,
    chip_rules,
    decide_floor_ruling,
    decide_live,
    decide_report_card,
    situation_for,
    unsupported,
)
from pokerroom.table.money import (
    decide_cash_on_table,
    decide_incidental,
)
from pokerroom.table.moves import (
    decide_change_seat,
    decide_transfer_in,
    decide_transfer_out,
)
from pokerroom.table.rulings import (
    decide_chop,
    decide_dispute,
    decide_impound,
    decide_release,
    decide_show_hand,
)
from pokerroom.table.seats import PlayerId, Seat, SeatNo, TableError, between
from pokerroom.table.state import TableState, updated
from pokerroom.table.transitions import _acted_after, _deck, _with_hand, evolve

__all__ = [
    "TableState",
    "advance",
    "apply",
    "decide",
    "evolve",
    "legal",
    "replay",
    "run_out_pending",
]


# ---------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------


def apply(state: TableState, command: Command) -> tuple[TableState, tuple[LogEvent, ...]]:
    """Validate ``command``; return the new state and the events it caused."""
    run = _Run(state)
    handler = _DECIDE.get(type(command))
    if handler is None:
        raise TableError("unknown_command", f"{command!r} is not a table command")
    handler(run, command)
    return run.state, tuple(run.events)


def advance(state: TableState) -> tuple[TableState, tuple[LogEvent, ...]]:
    """What the table does by itself after a hand step: kill the dead hands that are due and
    settle a finished hand (every command that plays the hand ends with this)."""
    run = _Run(state)
    _advance(run)
    return run.state, tuple(run.events)


def decide(state: TableState, command: Command) -> tuple[LogEvent, ...]:
    """The events ``command`` causes (TableError / IllegalAction if it is not allowed)."""
    return apply(state, command)[1]


def replay(config: TableConfig, events: Iterable[LogEvent]) -> TableState:
    """Rebuild a table from its config and event log (the log is the truth)."""
    state = TableState.empty(config)
    for event in events:
        state = evolve(state, event)
    return state


def run_out_pending(state: TableState) -> bool:
    """RIT-01: the hand waits for the players to agree to run it twice (or not)."""
    return state.hand is not None and rit_pending(state.hand)


def legal(state: TableState) -> tuple[PlayerId, LegalActions] | None:
    """Who is to act and what he may do (positions in ``LegalActions`` are the hand's)."""
    hand = state.hand
    if hand is None:
        return None
    options = legal_actions(hand)
    if options.actor is None:
        return None
    player = state.player_at(state.positions[options.actor])
    assert player is not None
    return player, options


class _Run:
    """A command being decided: the events so far and the state they lead to."""

    __slots__ = ("events", "state")

    def __init__(self, state: TableState) -> None:
        self.state = state
        self.events: list[LogEvent] = []

    def emit(self, event: LogEvent) -> None:
        self.state = evolve(self.state, event)
        self.events.append(event)

    def emit_hand(self, hand: HandState, events: Sequence[LogEvent]) -> None:
        """Hand events already applied to ``hand`` by the engine (same result as evolve)."""
        st = self.state
        acted = st.acted
        for e in events:
            acted = _acted_after(acted, e)
        self.events.extend(events)
        if hand is not st.hand or acted is not st.acted:  # the deal itself changes neither
            self.state = _with_hand(st, hand, acted)


# ---------------------------------------------------------------------------------------
# decide: one handler per command
# ---------------------------------------------------------------------------------------


def _no_hand(st: TableState, what: str) -> None:
    if st.hand is not None:
        raise TableError("hand_in_progress", f"{what} only between hands; a hand is in play")


def _not_in_hand(st: TableState, player: PlayerId, what: str) -> None:
    if st.position_of(player) is not None:
        raise TableError(
            "in_hand", f"{player} is in the hand in play: {what} only after it (STK-01, STK-04)"
        )


def _seat(st: TableState, player: PlayerId) -> tuple[SeatNo, Seat]:
    no = st.seat_of(player)
    seat = st.seats[no - 1]
    assert seat is not None
    return no, seat


def _cashout(st: TableState, player: PlayerId) -> Cashout | None:
    for c in st.cashouts:
        if c.player == player:
            return c
    return None


def _sit_down(run: _Run, c: SitDown) -> None:
    st = run.state
    n = st.config.seats
    if not 1 <= c.seat <= n:
        raise TableError("no_such_seat", f"seat {c.seat} does not exist; seats are 1..{n}")
    if st.find(c.player) is not None:
        # SEAT-02: one seat per player.
        raise TableError(
            "already_seated", f"{c.player} already sits in seat {st.seat_of(c.player)}"
        )
    if st.seats[c.seat - 1] is not None:
        free = ", ".join(map(str, st.free_seats())) or "none"
        raise TableError("seat_taken", f"seat {c.seat} is taken; free seats: {free}")
    short = check_buy_in(
        st.config, c.buy_in, short_buyins=0, cashout=_cashout(st, c.player), at=c.at
    )
    run.emit(PlayerSeated(c.player, c.seat, c.buy_in, short))


def _add_chips(run: _Run, c: AddChips) -> None:
    st = run.state
    no, seat = _seat(st, c.player)
    _not_in_hand(st, c.player, "adding chips")  # STK-04 / STK-01
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
    run.emit(ChipsAdded(c.player, no, c.amount))


def _rebuy(run: _Run, c: Rebuy) -> None:
    st = run.state
    no, seat = _seat(st, c.player)
    if st.config.rules.is_tournament:
        raise TableError("tournament_chips", "no rebuys at a tournament table")
    if seat.stack > 0:
        raise TableError(
            "not_busted", f"{c.player} still has {seat.stack} chips: add chips with AddChips"
        )
    _not_in_hand(st, c.player, "rebuying")
    short = check_buy_in(st.config, c.amount, short_buyins=seat.short_buyins, at=c.at)
    run.emit(Rebought(c.player, no, c.amount, short))


def _leave(run: _Run, c: Leave) -> None:
    st = run.state
    no, seat = _seat(st, c.player)
    _not_in_hand(st, c.player, "leaving")
    if st.config.rules.is_tournament and seat.stack:
        raise TableError(
            "tournament_chips",
            f"{c.player}'s {seat.stack} tournament chips stay in play: sit out instead (BLD-07)",
        )
    run.emit(PlayerLeft(c.player, no, seat.stack, c.at))


def _sit_out(run: _Run, c: SitOut) -> None:
    st = run.state
    no, seat = _seat(st, c.player)
    if seat.sitting_out:
        raise TableError("already_sitting_out", f"{c.player} is already sitting out")
    run.emit(SatOut(c.player, no))


def _late_for_sb(st: TableState, seat: Seat) -> bool:
    rules = st.config.rules
    return rules.missed_blind_return == "post_sb_if_before_button" and seat.button_passed


def _sit_in(run: _Run, c: SitIn) -> None:
    st = run.state
    no, seat = _seat(st, c.player)
    if not seat.sitting_out:
        raise TableError("not_sitting_out", f"{c.player} is not sitting out")
    post = c.post and seat.owes and not st.config.rules.is_tournament
    if post and _late_for_sb(st, seat):
        # NEW-04 (LPR r69): a small-blind make-up only before the button passes the seat.
        raise TableError(
            "wait_for_big_blind",
            f"the button has passed seat {no} since {c.player} missed his blind: he may only "
            "wait for his big blind",
        )
    run.emit(SatIn(c.player, no, post))


def _post_blind(run: _Run, c: PostBlind) -> None:
    st = run.state
    no, seat = _seat(st, c.player)
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
    run.emit(PostPromised(c.player, no))


def _buy_button(run: _Run, c: BuyButton) -> None:
    st = run.state
    rules = st.config.rules
    no, seat = _seat(st, c.player)
    _no_hand(st, "buying the button")
    if rules.buy_the_button != "allowed_post_sb_plus_bb" or rules.is_tournament:
        raise TableError(
            "buy_button_not_allowed",
            f"{rules.name} {rules.mode}: buying the button is not allowed (NEW-03)",
        )
    plan = plan_hand(updated(st, button_buyer=None))
    sb = plan.sb_seat
    if not seat.new or sb is None or not between(no, plan.button, sb, st.config.seats):
        raise TableError(
            "cannot_buy_button",
            f"only a new player between the button (seat {plan.button}) and the small blind "
            f"(seat {sb}) may buy the button (NEW-03)",
        )
    run.emit(ButtonBought(c.player, no))


def _straddle(run: _Run, c: Straddle) -> None:
    st = run.state
    rules = st.config.rules
    no, _ = _seat(st, c.player)
    _no_hand(st, "a straddle is declared")
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
    run.emit(StraddleDeclared(c.player, no))


def _draw_players(st: TableState) -> list[SeatNo]:
    return [SeatNo(k + 1) for k, s in enumerate(st.seats) if s is not None and s.stack > 0]


def _draw(run: _Run, c: DrawButton) -> None:
    st = run.state
    _no_hand(st, "the button draw")
    if st.button is not None:
        raise TableError(
            "button_drawn", f"the button is on seat {st.button}; use RedrawButton (BTN-08)"
        )
    rounds, seat = draw_button(_draw_players(st), c.seed, st.config.rules.draw_suit_order)
    run.emit(ButtonDrawn(rounds, seat))


def _redraw(run: _Run, c: RedrawButton) -> None:
    st = run.state
    rules = st.config.rules
    _no_hand(st, "the button draw")
    players = st.players()
    new = c.new_players
    if new is None:
        new = tuple(s.player for s in st.seats if s is not None and s.new)
    fraction_ok = (
        rules.redraw_button_on_reseat
        and players
        and len(set(new) & set(players)) >= rules.redraw_button_if_new_fraction_gte * len(players)
    )
    if not ((c.final_table and rules.redraw_button_at_final_table) or fraction_ok):
        raise TableError(
            "no_redraw",
            f"{rules.name}: no new button draw: {len(new)} of {len(players)} players are new "
            f"(a draw needs {rules.redraw_button_if_new_fraction_gte} with re-seat draws "
            f"{'on' if rules.redraw_button_on_reseat else 'off'}), final table draw "
            f"{'on' if rules.redraw_button_at_final_table else 'off'} (BTN-08)",
        )
    rounds, seat = draw_button(_draw_players(st), c.seed, rules.draw_suit_order)
    run.emit(ButtonDrawn(rounds, seat))


def _tournament_only(st: TableState, what: str) -> None:
    rules = st.config.rules
    if not rules.is_tournament:
        raise TableError(
            "not_a_tournament", f"{what} is for tournament tables; {rules.name} {rules.mode}"
        )


def _place(run: _Run, c: PlaceButton) -> None:
    st = run.state
    _tournament_only(st, "placing the button drawn at another table")
    _no_hand(st, "placing the button")
    if st.button is not None:
        raise TableError(
            "button_drawn", f"the button is on seat {st.button}; use RedrawButton (BTN-08)"
        )
    n = st.config.seats
    seat = st.seats[c.seat - 1] if 1 <= c.seat <= n else None
    if seat is None or seat.stack == 0:
        here = ", ".join(map(str, _draw_players(st))) or "none"
        raise TableError(
            "button_seat_empty",
            f"the button goes to a player's seat (BTN-01, CONFLICTS G-18); seat {c.seat} has "
            f"no player with chips; players sit in: {here}",
        )
    run.emit(ButtonPlaced(c.seat))


def _move_out(run: _Run, c: MoveOut) -> None:
    st = run.state
    _tournament_only(st, "moving a player to another table (TRN-09)")
    no, seat = _seat(st, c.player)
    _not_in_hand(st, c.player, "moving to another table")
    if seat.stack == 0:
        raise TableError("busted", f"{c.player} has no chips: he is out, not moved")
    run.emit(PlayerMovedOut(c.player, no, seat.stack))


def _move_in(run: _Run, c: MoveIn) -> None:
    st = run.state
    _tournament_only(st, "seating a player moved from another table (TRN-09)")
    n = st.config.seats
    if not 1 <= c.seat <= n:
        raise TableError("no_such_seat", f"seat {c.seat} does not exist; seats are 1..{n}")
    if st.find(c.player) is not None:
        raise TableError(
            "already_seated", f"{c.player} already sits in seat {st.seat_of(c.player)}"
        )
    holder = st.seats[c.seat - 1]
    if holder is not None:
        free = ", ".join(map(str, st.free_seats())) or "none"
        raise TableError(
            "seat_taken", f"seat {c.seat} is taken by {holder.player}; free seats: {free}"
        )
    if c.chips <= 0:
        raise TableError("no_chips", f"a moved player brings his chips; got {c.chips}")
    run.emit(PlayerMovedIn(c.player, c.seat, c.chips))


def _set_level(run: _Run, c: SetLevel) -> None:
    st = run.state
    _no_hand(st, "a new level")
    unit = st.config.chip_unit if c.chip_unit is None else c.chip_unit
    try:
        replace(
            st.config,
            small_blind=c.small_blind,
            big_blind=c.big_blind,
            ante=c.ante,
            ante_type=c.ante_type,
            chip_unit=unit,
        )
    except ConfigError as err:
        raise TableError(err.code, err.message) from None
    odd = [f"{s.player} {s.stack}" for s in st.seats if s is not None and s.stack % unit]
    if odd:
        raise TableError(
            "chips_below_unit",
            f"the smallest chip cannot become {unit} while stacks hold smaller chips "
            f"({', '.join(odd)}): colour them up first (ColorUpStacks, STR-07)",
        )
    run.emit(LevelSet(c.small_blind, c.big_blind, c.ante, c.ante_type, unit))


def _color_up(run: _Run, c: ColorUpStacks) -> None:
    for event in decide_color_up(run.state, c):
        run.emit(event)


def _start_hand(run: _Run, c: StartHand) -> None:
    st = run.state
    _no_hand(st, "a new deal")
    planned = st
    if c.button is not None:
        # BTN-07: the button was put on this seat (by mistake, or the floor's correction):
        # plan the hand as for a freshly drawn button there.
        placed = st.seats[c.button - 1] if 1 <= c.button <= st.config.seats else None
        if placed is None or placed.stack == 0 or placed.sitting_out:
            raise TableError(
                "no_player_on_button_seat",
                f"the button cannot go to seat {c.button}: nobody there is dealt in",
            )
        planned = updated(st, button=c.button, fresh_button=True)
    plan = plan_hand(planned, c.dealt_by_mistake)
    if plan.absent and len(plan.absent) == len(plan.positions):
        # BLD-07 kills an absent player's hand; with every player away no hand could win the
        # pot, so there is nothing to deal until someone is back (SitIn).
        raise TableError(
            "everyone_absent",
            "every player who would be dealt in is away from the table (BLD-07): no hand can "
            "be played until one of them sits in",
        )
    cfg = st.config
    variant = VARIANTS[cfg.variant]
    fixed = variant.structure == "fixed_limit"
    seats = st.seats
    stacks = tuple([seats[s - 1].stack for s in plan.positions])  # type: ignore[union-attr]
    hand_config = HandConfig(
        variant=variant,
        starting_stacks=stacks,
        blinds=plan.blinds,
        antes=plan.antes,
        min_bet=0 if fixed else cfg.big_blind,
        small_bet=cfg.big_blind if fixed else 0,
        big_bet=2 * cfg.big_blind if fixed else 0,
        rules=cfg.rules,
        stakes=cfg.stakes_key,
        automate_showdown=True,
        chip_unit=cfg.chip_unit,
        dead_at_deal=tuple(plan.absent),
    )
    if c.live:
        short = variant.deck_size == 36
        # Where the engine starts the action does not depend on the cards: probe any deck.
        probe = hand_engine.start_hand(hand_config, _deck(bytes(32), short))[0]
        if plan.absent or (
            probe.phase == BET and probe.street == 0 and probe.cursor != plan.first_to_act
        ):
            raise TableError(
                "live_unsupported",
                "a hand with absent players, or whose action starts away from the seat the "
                "engine starts at (a straddle or make-up post, FLOW-03), is not dealt live yet",
            )
    run.emit(
        HandStarted(
            hand_no=st.hand_no + 1,
            seed=c.seed,
            config=hand_config,
            positions=plan.positions,
            button=plan.button,
            sb_seat=plan.sb_seat,
            bb_seat=plan.bb_seat,
            bb_poster=plan.bb_poster,
            entered=plan.entered,
            missed_bb=plan.missed_bb,
            missed_sb=plan.missed_sb,
            button_passed=plan.button_passed,
            mistaken=plan.mistaken,
            absent=plan.absent,
            at=c.at,
            live=c.live,
        )
    )
    if c.live:
        return  # the live hand posted the blinds; the dealer reports the cards (table.live)
    # The pre-deal hand the HandStarted event just made is new and only this run holds it:
    # post and deal on it in place.
    hand = run.state.hand
    assert hand is not None
    run.emit_hand(hand, hand_engine.deal_in_place(hand))
    if hand.phase == BET and hand.street == 0 and hand.cursor != plan.first_to_act:
        run.emit(ActionOrderSet(plan.first_to_act))
    for p in plan.absent:
        run.emit(HandKilled(p))  # BLD-07 / TRN-02: absent stacks post, their hands are dead
    _advance(run)


def _turn(
    st: TableState, player: PlayerId, seat: SeatNo | None, kind: str
) -> tuple[int, HandState, LegalActions]:
    """The position, hand and legal actions of ``player`` whose turn it must be."""
    hand = st.hand
    no = st.seat_of(player)
    if seat is not None and seat != no:
        raise TableError(
            "not_your_seat",
            f"{player} sits in seat {no}, not seat {seat}: nobody acts for another player",
        )
    if hand is None:
        raise TableError("no_hand", f"{player} cannot {kind}: no hand is in play")
    p = st.position_of(player)
    if p is None:
        raise TableError("not_dealt_in", f"{player} is not dealt into this hand")
    legal = legal_actions(hand)
    if legal.actor != p:
        who = st.to_act()
        turn = f"it is {who}'s turn (seat {st.seat_of(who)})" if who else "nobody is to act"
        raise TableError("not_your_turn", f"{player} (seat {no}) acted out of turn: {turn}")
    return p, hand, legal


def _play(run: _Run, player: PlayerId, action: Action, legal: LegalActions) -> None:
    """A player's action in turn: to the hand engine, or through the live hand."""
    st = run.state
    if isinstance(action, BetRaise) and action.actor in st.aggression_locked:
        raise TableError(
            "aggression_locked",
            f"{player} showed his hand during play and may only check, call or fold "
            f"(EXP-05, HIPP:L194); legal otherwise: {legal.describe()}",
        )
    if st.live is not None:
        for event in decide_live(st, action):
            run.emit(event)
    else:
        hand = st.hand
        assert hand is not None
        new_hand, events = hand_engine.apply(hand, action)
        run.emit_hand(new_hand, events)
    _advance(run)


def _act(run: _Run, c: Act) -> None:
    st = run.state
    p, _, legal = _turn(st, c.player, c.seat, c.kind)
    action: Action
    if c.forfeit and c.kind != "fold":
        raise TableError(
            "forfeit_without_fold",
            f"{c.player}: only a fold leaves chips in the pot as dead money (CHP-06); got "
            f"{c.kind} with forfeit {c.forfeit}",
        )
    if c.kind == "fold":
        action = Fold(p, c.forfeit)
    elif c.kind in ("check", "call"):
        if c.kind == "check" and not legal.can_check:
            raise TableError("cannot_check", f"{c.player} faces a bet; legal: {legal.describe()}")
        if c.kind == "call" and legal.can_check:
            raise TableError(
                "nothing_to_call", f"{c.player} has nothing to call; legal: {legal.describe()}"
            )
        action = CheckCall(p)
    else:
        action = BetRaise(p, c.to)
    _play(run, c.player, action, legal)


def _push_chips(run: _Run, c: PushChips) -> None:
    """CHP-01..11: read the pushed chips with the house's rules; play what they were."""
    st = run.state
    p, hand, legal = _turn(st, c.player, None, "push chips")
    situation = situation_for(hand, p)
    if not c.aware_of_raise:
        situation = replace(situation, aware_of_raise=False)
    push: ChipPush = c.push
    if push.total > situation.stack:
        raise TableError(
            "push_exceeds_stack",
            f"{c.player} pushed {push.total} but has {situation.stack} behind; "
            f"legal: {legal.describe()}",
        )
    reading = read_chips(push, situation, chip_rules(st.config.rules))
    if reading.options:
        if c.option is None:
            raise TableError(
                "choice_required",
                f"{reading.rule}: {reading.explanation} {c.player} chooses first; options: "
                f"{', '.join(reading.options)} (PushChips(..., option=...))",
            )
        reading = reading.choose(c.option, situation)
    elif c.option is not None:
        raise TableError(
            "no_choice", f"{reading.rule}: the push was read as {reading.action}; no choice left"
        )
    if reading.needs_floor and not c.confirmed:
        raise TableError(
            "floor_must_confirm",
            f"{reading.rule}: {reading.explanation} The floor confirms it first "
            "(PushChips(..., confirmed=True))",
        )
    seat = st.seat_of(c.player)
    run.emit(
        ChipsRead(
            c.player,
            seat,
            push.total,
            reading.action,
            reading.amount_to,
            reading.chips_in,
            reading.returned,
            reading.forfeited,
            reading.rule,
            c.option,
            reading.explanation,
        )
    )
    _play(run, c.player, action_for_reading(reading, hand, p), legal)


def _run_twice(run: _Run, c: AgreeRunTwice | RunOnce) -> None:
    st = run.state
    hand = st.hand
    unsupported(st, "running it twice (RIT-01)")
    if hand is None:
        raise TableError("no_hand", "no hand is in play: nothing to run out")
    action: Action
    if isinstance(c, RunOnce):
        action = HandRunOnce()
    else:
        positions = []
        for player in c.players:
            p = st.position_of(player)
            if p is None:
                raise TableError("not_dealt_in", f"{player} is not in this hand")
            positions.append(p)
        action = RunItTwice(tuple(positions))
    new_hand, events = hand_engine.apply(hand, action)
    run.emit_hand(new_hand, events)
    _advance(run)


def _kill(run: _Run, c: KillHand) -> None:
    st = run.state
    unsupported(st, "the table's KillHand: use FloorRuling(dead.KillHand(...))")
    p = st.position_of(c.player)
    if p is None or p not in st.mistaken:
        raise TableError(
            "not_killable",
            f"{c.player} was not dealt in owing a blind: only such a hand may be killed (NEW-05)",
        )
    if p in st.acted:
        raise TableError(
            "already_acted",
            f"{c.player} has acted and put chips in: his hand plays on (NEW-05, HIPP L223)",
        )
    if p in st.killed:
        raise TableError("already_killed", f"{c.player}'s hand is already dead")
    run.emit(HandKilled(p))
    _advance(run)


def _return_to_seat(run: _Run, c: ReturnToSeat) -> None:
    st = run.state
    no, seat = _seat(st, c.player)
    _tournament_only(st, "coming back during the deal (TRN-02)")
    unsupported(st, "ReturnToSeat")
    if not seat.sitting_out:
        raise TableError("not_sitting_out", f"{c.player} is not away from the table")
    p = st.position_of(c.player)
    if st.hand is None or p is None:
        raise TableError(
            "no_hand_for_him",
            f"{c.player} is not dealt into a hand in play: he sits in with SitIn",
        )
    if c.hand_live:
        if p not in st.killed:
            raise TableError("hand_not_dead", f"{c.player}'s hand was not killed")
        if st.hand.folded[p]:
            raise TableError(
                "hand_already_folded",
                f"{c.player}'s dead hand was already folded at his turn: too late (TRN-02)",
            )
    run.emit(SatIn(c.player, no, False))
    if c.hand_live:
        run.emit(HandRevived(p))
    elif not st.hand.folded[p]:
        # Too late: the deal is over, so his dead hand is folded now (CAMB:L48), not at his
        # turn; his blinds and antes stay in the pot.
        new_hand, events = hand_engine.apply(st.hand, EngineKillHand(p, forfeit_uncalled=True))
        run.emit_hand(new_hand, events)
        _advance(run)


def _dead_hands_due(st: TableState, hand: HandState) -> list[int]:
    """Dead hands (``killed``) still unfolded that must be killed in the engine now.

    A hand marked dead at the deal (an absent player, BLD-07 / TRN-02; NEW-05) stays open
    to the floor's presence ruling (:class:`ReturnToSeat`) only while the deal is being ruled
    on: until the first voluntary action of the hand, while at least two live hands are left
    and while a live player is to act. After that it is killed out of turn with the engine's
    ``KillHand`` (its chips stay in the pot), so a dead hand is never the last hand standing
    when everyone else folds and never goes to a showdown. When the blinds and antes leave
    nobody able to act, the engine itself kills them before running the board out
    (``HandConfig.dead_at_deal``).
    """
    dead = [p for p in sorted(st.killed) if not hand.folded[p]]
    if not dead:
        return []
    live = sum(1 for p in range(hand.n) if not hand.folded[p] and p not in st.killed)
    actor = hand.actor
    if st.acted - st.killed or live < 2 or actor is None or actor in st.killed:
        return dead
    return []


def _advance(run: _Run) -> None:
    """Kill dead hands in the engine when due; when the hand is over, settle it at the table."""
    while True:
        st = run.state
        hand = st.hand
        if hand is None:
            return
        if hand.is_over:
            _finish(run)
            return
        if st.live is not None or not st.killed:
            return
        due = _dead_hands_due(st, hand)
        if not due:
            return
        new_hand, events = hand_engine.apply(hand, EngineKillHand(due[0], forfeit_uncalled=True))
        run.emit_hand(new_hand, events)


def _finish(run: _Run) -> None:
    st = run.state
    hand = st.hand
    assert hand is not None
    stacks = tuple(zip(st.positions, hand.stacks, strict=True))
    eliminated: tuple[SeatNo, ...] = ()
    if st.config.rules.is_tournament:
        eliminated = tuple(s for s, chips in stacks if chips == 0)
    run.emit(HandFinished(st.hand_no, stacks, hand.rake, eliminated))


_DECIDE: dict[type, Callable[[_Run, Any], None]] = {
    SitDown: _sit_down,
    AddChips: _add_chips,
    Rebuy: _rebuy,
    Leave: _leave,
    SitOut: _sit_out,
    SitIn: _sit_in,
    PostBlind: _post_blind,
    BuyButton: _buy_button,
    Straddle: _straddle,
    DrawButton: _draw,
    RedrawButton: _redraw,
    PlaceButton: _place,
    MoveOut: _move_out,
    MoveIn: _move_in,
    SetLevel: _set_level,
    ColorUpStacks: _color_up,  # STR-07
    StartHand: _start_hand,
    Act: _act,
    AgreeRunTwice: _run_twice,
    RunOnce: _run_twice,
    KillHand: _kill,
    ReturnToSeat: _return_to_seat,
    PushChips: _push_chips,
}


def _emitting(
    decide_fn: Callable[[TableState, Any], list[TableEvent]],
) -> Callable[[_Run, Any], None]:
    """A handler from a pure ``decide_fn(state, command) -> events`` of another module."""

    def handler(run: _Run, command: Any) -> None:
        for event in decide_fn(run.state, command):
            run.emit(event)

    return handler


_DECIDE.update(
    {
        ChangeSeat: _emitting(decide_change_seat),  # NEW-07
        TransferOut: _emitting(decide_transfer_out),  # STK-06
        TransferIn: _emitting(decide_transfer_in),  # STK-06, SEAT-07
        CashOnTable: _emitting(decide_cash_on_table),  # STK-07
        PayIncidental: _emitting(decide_incidental),  # FEE-03
        ImpoundPot: _emitting(decide_impound),  # POT-08
        ReleasePot: _emitting(decide_release),  # POT-08
        Dispute: _emitting(decide_dispute),  # GOV-02
        AgreeChop: _emitting(decide_chop),  # POT-09
        ShowHand: _emitting(decide_show_hand),  # EXP-05
    }
)


def _live_handler(
    decide_fn: Callable[[TableState, Any], list[TableEvent]],
) -> Callable[[_Run, Any], None]:
    """A handler for the live hand's dealer and floor commands (then settle a finished hand)."""

    def handler(run: _Run, command: Any) -> None:
        for event in decide_fn(run.state, command):
            run.emit(event)
        _advance(run)

    return handler


_DECIDE[ReportCard] = _live_handler(decide_report_card)  # FLOW-02, FLOW-05
_DECIDE[FloorRuling] = _live_handler(decide_floor_ruling)  # MIS, IRR, DEAD
