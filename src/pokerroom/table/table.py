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
from typing import Any, get_args

from pokerroom.cards import DECK, Card
from pokerroom.deck import SHORT_DECK
from pokerroom.floor.chips import ChipPush, read_chips
from pokerroom.floor.dead import KillHand as FloorKillHand
from pokerroom.floor.live import runs_open
from pokerroom.hand import engine as hand_engine
from pokerroom.hand.actions import Action, BetRaise, CheckCall, Fold, Muck, RunItTwice, Show
from pokerroom.hand.actions import KillHand as EngineKillHand
from pokerroom.hand.actions import ReviveHand as EngineReviveHand
from pokerroom.hand.actions import RunOnce as HandRunOnce
from pokerroom.hand.betting import LegalActions, legal_actions
from pokerroom.hand.config import VARIANTS, HandConfig, preflop_start
from pokerroom.hand.engine import rit_pending
from pokerroom.hand.state import DEAL_HOLE, HandState
from pokerroom.table.button import decide_draw, decide_place, decide_redraw, plan_hand
from pokerroom.table.commands import (
    KILL_RULES,
    Act,
    ActKind,
    AddChips,
    AgreeChop,
    AgreeRunTwice,
    AskOptions,
    AskPotCount,
    AskToSeeHand,
    BuyButton,
    CashOnTable,
    ChangeSeat,
    ColorUpStacks,
    Command,
    Dispute,
    DrawButton,
    FloorRuling,
    ForfeitForMiscall,
    ImpoundPot,
    KillHand,
    Leave,
    LogIncident,
    MoneyBehind,
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
    ShowOrMuck,
    SitDown,
    SitIn,
    SitOut,
    SpreadPot,
    StartHand,
    Straddle,
    TransferIn,
    TransferOut,
    check_types,
)
from pokerroom.table.config import TableConfig
from pokerroom.table.events import (
    ChipsRead,
    HandFinished,
    HandKilled,
    HandRevived,
    HandStarted,
    LogEvent,
    SatIn,
    TableEvent,
)
from pokerroom.table.guards import no_hand, seated, tournament_only
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
    decide_money_behind,
)
from pokerroom.table.moves import (
    decide_change_seat,
    decide_move_in,
    decide_move_out,
    decide_transfer_in,
    decide_transfer_out,
)
from pokerroom.table.players import (
    decide_add_chips,
    decide_buy_button,
    decide_leave,
    decide_post_blind,
    decide_rebuy,
    decide_sit_down,
    decide_sit_in,
    decide_sit_out,
    decide_straddle,
)
from pokerroom.table.requests import (
    decide_ask_options,
    decide_ask_pot_count,
    decide_ask_to_see,
    decide_spread_pot,
)
from pokerroom.table.rulings import (
    decide_chop,
    decide_dispute,
    decide_impound,
    decide_incident,
    decide_miscall,
    decide_release,
    decide_show_hand,
)
from pokerroom.table.seats import PlayerId, SeatNo, TableError
from pokerroom.table.stakes import decide_color_up, decide_set_level
from pokerroom.table.state import TableState, updated
from pokerroom.table.transitions import _acted_after, _with_hand, evolve

__all__ = [
    "TableState",
    "advance",
    "apply",
    "dead_hands_due",
    "decide",
    "evolve",
    "legal",
    "replay",
    "run_out_action",
    "run_out_pending",
]


# ---------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------


def apply(state: TableState, command: Command) -> tuple[TableState, tuple[LogEvent, ...]]:
    """Validate ``command``; return the new state and the events it caused."""
    check_types(command)  # whole numbers and names as such, before any rule is read
    decide_fn = _BETWEEN.get(type(command))
    if decide_fn is not None:  # a command that only emits table events (most between hands)
        events = decide_fn(state, command)
        for event in events:
            state = evolve(state, event)
        return state, tuple(events)
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
    """RIT-01: the hand waits for the players to agree to run it twice (or not); dealt live,
    until the dealer turns the run-out's first card (``floor.live.runs_open``)."""
    if state.live is not None:
        return runs_open(state.live)
    return state.hand is not None and rit_pending(state.hand)


def legal(state: TableState) -> tuple[PlayerId, LegalActions] | None:
    """Who is to act and what he may do (positions in ``LegalActions`` are the hand's)."""
    hand = state.hand
    if hand is None:
        return None
    options = legal_actions(hand)
    p = options.actor
    if p is None:
        return None
    if p in state.aggression_locked or (state.live is not None and p in state.live.restricted):
        # EXP-01/02, IRR-08 (HIPP:L155), DEAD-03 (GROS:L56): check, call or fold only.
        options = replace(options, min_raise_to=None, max_raise_to=None)
    player = state.player_at(state.positions[p])
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


def _start_hand(run: _Run, c: StartHand) -> None:
    no_hand(run.state, "a new deal")
    late = _back_during_deal(run, c.returned)
    st = run.state
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
        # SHD-05: where the players show or muck themselves the hand waits for them.
        automate_showdown=cfg.showdown == "auto",
        chip_unit=cfg.chip_unit,
        dead_at_deal=tuple(plan.absent),
        # POT-01 / BLD-06 (ante type a GAP) / NEW-04: antes every player pays are layered with
        # the bets; a big-blind ante and dead make-up posts are dead money in the main pot, as
        # card rooms play them (the poster's live bet is his blind: all in, he wins the dead
        # money and what his live bet matched).
        antes_layered=cfg.ante_type == "per_player",
        # BLD-03 / G12: a big blind short of blind and big-blind ante posts the blind first.
        blinds_before_antes=cfg.ante_type == "big_blind_ante",
        dead_money=st.dead_money,  # IRR-05: carried over from a deal called off
        # FLOW-03 / BLD-05: a make-up post or a button straddle does not move the start of
        # the pre-flop action; the hand starts where the table's plan says.
        preflop_first=(
            None if plan.first_to_act == preflop_start(plan.blinds) else plan.first_to_act
        ),
    )
    if c.deck is not None:
        _check_deck(c.deck, variant.deck_size, c.live)
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
            deck=c.deck,
        )
    )
    if c.live:
        # The live hand posted the blinds; the dealer reports the cards (table.live). Absent
        # players' hands are dead (BLD-07) and killed when due once the deal is over.
        for p in plan.absent:
            run.emit(HandKilled(p))
        for player, no in late:
            run.emit(SatIn(player, no, False))
        return
    # The pre-deal hand the HandStarted event just made is new and only this run holds it:
    # post and deal on it in place.
    hand = run.state.hand
    assert hand is not None
    # The deal makes no voluntary action (NEW-05: posts and cards only), so ``acted`` stays.
    run.events += hand_engine.deal_in_place(hand)
    for p in plan.absent:
        run.emit(HandKilled(p))  # BLD-07 / TRN-02: absent stacks post, their hands are dead
    for player, no in late:
        # TRN-02: back too late: at his seat for the next hand; this one's dead hand is folded
        # now, as the ruling is made (as ReturnToSeat does), its blinds and antes in the pot.
        run.emit(SatIn(player, no, False))
        hand = run.state.hand
        p = plan.positions.index(no)
        if hand is not None and not hand.is_over and not hand.folded[p]:
            _kill_dead(run, hand, p)
    _advance(run)


def _back_during_deal(
    run: _Run, returned: tuple[ReturnToSeat, ...]
) -> list[tuple[PlayerId, SeatNo]]:
    """TRN-02: ``StartHand.returned``. Players back in time sit in before the deal and play
    their hands; those too late (returned here) sit in once the deal has killed their hands."""
    if not returned:
        return []
    st = run.state
    tournament_only(st, "coming back during the deal (TRN-02)")
    players = [r.player for r in returned]
    if len(set(players)) != len(players):
        raise TableError(
            "returned_twice", f"each player comes back once: got {', '.join(players)}"
        )
    late: list[tuple[PlayerId, SeatNo]] = []
    for r in returned:
        no, seat = seated(st, r.player)
        if not seat.sitting_out:
            raise TableError("not_sitting_out", f"{r.player} is not away from the table")
        if seat.stack == 0:
            raise TableError("no_hand_for_him", f"{r.player} has no chips: he is not dealt in")
        if r.hand_live:
            run.emit(SatIn(r.player, no, False))
        else:
            late.append((r.player, no))
    return late


def _check_deck(deck: tuple[Card, ...], size: int, live: bool) -> None:
    """``StartHand.deck``: a whole deck of the game, every card once."""
    if live:
        raise TableError(
            "deck_with_live", "a hand dealt live has no deck given in advance: the dealer reports "
            "each card (ReportCard)"
        )
    cards = SHORT_DECK if size == 36 else DECK
    if len(deck) != size or set(deck) != set(cards):
        missing = sorted(set(cards) - set(deck), key=cards.index)
        extra = len(deck) - len(set(deck))
        raise TableError(
            "bad_deck",
            f"a deck of {len(deck)} cards ({extra} repeated, {len(missing)} missing, e.g. "
            f"{' '.join(map(str, missing[:3])) or '-'}): give all {size} cards of the game once",
        )


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
        if st.live is not None and st.live.flop_turned:
            raise TableError(
                "flop_pick_pending",
                f"{player} cannot {kind} yet: the dealer turned {len(st.live.flop_turned)} cards "
                "for the flop and the supervisor picks three first (IRR-13): "
                "FloorRuling(TooManyFlopCards(flop=...))",
            )
        who = st.to_act()
        if who is not None and st.shower() is not None:  # SHD-05: the betting is over
            raise TableError(
                "not_your_turn",
                f"{player} cannot {kind}: the betting is over and it is {who}'s turn to show or "
                "muck (ShowOrMuck)",
            )
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


_ACT_KINDS: tuple[str, ...] = get_args(ActKind)


def check_call_word(player: str, word: str, legal: LegalActions) -> None:
    """The word binds (RRP:L59): "check" facing a bet is no call, nor "call" with nothing to
    call a check (``cannot_check``, ``nothing_to_call``; the options listed)."""
    if word == "check" and not legal.can_check:
        raise TableError(
            "cannot_check",
            f"{player} faces {legal.call_amount} to call: he may not check; legal: "
            f"{legal.describe()}",
        )
    if word == "call" and legal.can_check:
        raise TableError(
            "nothing_to_call", f"{player} has nothing to call; legal: {legal.describe()}"
        )


def _act(run: _Run, c: Act) -> None:
    st = run.state
    if c.kind not in _ACT_KINDS:
        raise TableError(
            "bad_action_kind",
            f"{c.player}: Act kind {c.kind!r}; allowed: {', '.join(_ACT_KINDS)} (a bet or raise "
            "gives its total in 'to')",
        )
    p, _, legal = _turn(st, c.player, c.seat, c.kind)
    action: Action
    if c.forfeit and c.kind != "fold":
        raise TableError(
            "forfeit_without_fold",
            f"{c.player}: only a fold leaves chips in the pot as dead money (CHP-06); got "
            f"{c.kind} with forfeit {c.forfeit}",
        )
    if c.to and c.kind in ("fold", "check", "call"):
        # No amount is dropped unread: a fold, check or call has none (the call is the
        # table's to work out); a total goes with a bet or raise.
        raise TableError(
            "amount_not_taken",
            f"{c.player}: a {c.kind} takes no amount (got {c.to}); legal: {legal.describe()}",
        )
    if c.kind == "fold":
        action = Fold(p, c.forfeit)
    elif c.kind in ("check", "call"):
        check_call_word(c.player, c.kind, legal)
        action = CheckCall(p)
    else:
        action = BetRaise(p, c.to)
    _play(run, c.player, action, legal)


def _show_or_muck(run: _Run, c: ShowOrMuck) -> None:
    """SHD-05: at the showdown the player whose turn it is (SHD-01/02) shows or concedes
    without showing; the engine rules the rest (SHD-03 hands it shows itself, SHD-04 the last
    hand in a pot wins unshown, SHD-07 mucked hands are dead)."""
    st = run.state
    no = st.seat_of(c.player)
    if c.seat is not None and c.seat != no:
        raise TableError(
            "not_your_seat",
            f"{c.player} sits in seat {no}, not seat {c.seat}: nobody acts for another player",
        )
    if c.kind not in ("show", "muck"):
        raise TableError("bad_kind", f"ShowOrMuck kind {c.kind!r}; allowed: 'show', 'muck'")
    if st.config.showdown != "players":  # SHD-04/05: the table shows or mucks for everyone
        raise TableError(
            "showdown_automated",
            f"{c.player} cannot {c.kind}: this table shows and mucks for the players "
            "(TableConfig.showdown = 'auto'; 'players' lets them choose, SHD-05)",
        )
    hand = st.hand
    p = st.position_of(c.player)
    if hand is None or p is None or hand.folded[p] or hand.mucked[p]:
        raise TableError(
            "not_in_hand", f"{c.player} holds no hand in play to {c.kind} at the showdown"
        )
    shower = st.shower()
    if shower != p:  # SHD-01/02: the hands are shown (or mucked) in the house's order
        who = st.to_act()
        turn = (
            f"{who} (seat {st.seat_of(who)}) shows or mucks first (SHD-01/02)"
            if shower is not None and who is not None
            else f"it is {who}'s turn to bet"
            if who is not None
            else "no showdown is waiting for a player"
        )
        raise TableError("not_your_turn", f"{c.player} cannot {c.kind} now: {turn}")
    action = Show(p) if c.kind == "show" else Muck(p)
    if st.live is not None:
        for event in decide_live(st, action):
            run.emit(event)
    else:
        new_hand, events = hand_engine.apply(hand, action)
        run.emit_hand(new_hand, events)
    _advance(run)


def _push_chips(run: _Run, c: PushChips) -> None:
    """CHP-01..11: read the pushed chips with the house's rules; play what they were."""
    st = run.state
    p, hand, legal = _turn(st, c.player, None, "push chips")
    situation = situation_for(hand, p)
    if not c.aware_of_raise:
        situation = replace(situation, aware_of_raise=False)
    if p in st.aggression_locked or (st.live is not None and p in st.live.restricted):
        # EXP-05 (HIPP:L194) / EXP-01/02 (LPR r51, HIPP:L155): a player who may not raise has
        # his chips read with no raise open, so a silent over-call is a call and the extra
        # goes back (CHP-05 / BET-04), not a raise refused.
        situation = replace(situation, raise_allowed=False)
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


def run_out_action(st: TableState, c: AgreeRunTwice | RunOnce) -> RunItTwice | HandRunOnce:
    """RIT-01: the hand engine's answer for the players' agreement to run it twice, or not
    (TableError when no hand is in play or a player named is not in it)."""
    if isinstance(c, AgreeRunTwice) and not st.config.rules.run_it_twice_allowed:
        raise TableError(
            "run_twice_not_offered",
            f"house {st.config.rules.name} does not run the board twice (RIT-01): an all-in "
            "hand's board is run once as the betting closes",
        )
    if st.hand is None:
        raise TableError("no_hand", "no hand is in play: nothing to run out")
    if isinstance(c, RunOnce):
        return HandRunOnce()
    positions = []
    for player in c.players:
        p = st.position_of(player)
        if p is None:
            raise TableError("not_dealt_in", f"{player} is not in this hand")
        positions.append(p)
    return RunItTwice(tuple(positions))


def _run_twice(run: _Run, c: AgreeRunTwice | RunOnce) -> None:
    st = run.state
    action = run_out_action(st, c)
    assert st.hand is not None
    if st.live is not None:
        # RIT-01/02 dealt live: the answer goes to the live hand before the run-out's first
        # card; the dealer then reports both runs, burns included (ReportCard).
        for event in decide_live(st, action):
            run.emit(event)
        _advance(run)
        return
    new_hand, events = hand_engine.apply(st.hand, action)
    run.emit_hand(new_hand, events)
    _advance(run)


def _kill(run: _Run, c: KillHand) -> None:
    if c.rule != "NEW-05":
        _floor_kill(run, c)
        return
    st = run.state
    unsupported(st, "the table's KillHand for NEW-05")
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


def _floor_kill(run: _Run, c: KillHand) -> None:
    """The floor kills a live hand at once (DEAD-05, DEAD-07, EXP-01, EXP-05, PEN-02; see
    :class:`KillHand`): no refund, what he put in stays in the pot."""
    if c.rule not in KILL_RULES:
        raise TableError(
            "unknown_kill_rule",
            f"KillHand rule {c.rule!r}: the floor kills a hand under {', '.join(KILL_RULES)}",
        )
    st = run.state
    hand = st.hand
    p = st.position_of(c.player)
    if hand is None or p is None:
        raise TableError("not_dealt_in", f"{c.player} holds no hand in play to kill ({c.rule})")
    if hand.folded[p] or p in st.killed:
        raise TableError("already_killed", f"{c.player}'s hand is already out of play")
    if st.live is None:  # a live hand keeps its own record (floor.dead.KillHand)
        run.emit(HandKilled(p))
    _kill_dead(run, hand, p)
    _advance(run)


def _return_to_seat(run: _Run, c: ReturnToSeat) -> None:
    st = run.state
    no, seat = seated(st, c.player)
    tournament_only(st, "coming back during the deal (TRN-02)")
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
        if st.hand.folded[p] and (st.acted or st.live is not None):
            when = "as the live deal ended" if st.live is not None else (
                "at his turn and others have acted since"
            )
            raise TableError(
                "hand_already_folded",
                f"{c.player}'s dead hand was folded {when}: too late (TRN-02)",
            )
    run.emit(SatIn(c.player, no, False))
    if c.hand_live:
        run.emit(HandRevived(p))
        if st.hand.folded[p]:
            # TRN-02: he was first to act, so his dead hand was folded as the deal ended; nobody
            # has acted since, so the ruling that he was back in time gives it back.
            new_hand, events = hand_engine.apply(st.hand, EngineReviveHand(p))
            run.emit_hand(new_hand, events)
    elif not st.hand.folded[p] and st.hand.phase != DEAL_HOLE:
        # Too late: the deal is over, so his dead hand is folded now (CAMB:L48), not at his
        # turn; his blinds and antes stay in the pot. (Ruled during a live deal, it is killed
        # as the deal ends.)
        _kill_dead(run, st.hand, p)
        _advance(run)


def dead_hands_due(st: TableState, hand: HandState) -> list[int]:
    """Dead hands (``killed``) still unfolded that must be killed in the engine now.

    A hand marked dead at the deal (an absent player, BLD-07 / TRN-02; NEW-05) stays open
    to the floor's presence ruling (:class:`ReturnToSeat`) only while the deal is being ruled
    on: until the first voluntary action of the hand (at a house where an absent player's hand
    dies at his own first action, LPR, until his turn while he has chips behind), while at
    least two live hands are left and while a live player is to act. After that it is killed
    out of turn with the engine's
    ``KillHand`` (its chips stay in the pot), so a dead hand is never the last hand standing
    when everyone else folds and never goes to a showdown. When the blinds and antes leave
    nobody able to act, the engine itself kills them before running the board out
    (``HandConfig.dead_at_deal``).
    """
    dead = [p for p in sorted(st.killed) if not hand.folded[p] and not hand.mucked[p]]
    if not dead:
        return []
    live = sum(1 for p in range(hand.n) if not hand.folded[p] and p not in st.killed)
    actor = hand.actor
    if live < 2 or actor is None or actor in st.killed:
        return dead
    if st.acted - st.killed:
        if st.config.rules.presence_deadline == "absent_hand_killed":
            # TRN-02 (LPR:L194, CONFLICTS L-21): an absent player's hand dies at his own first
            # action, so until his turn he may still come back to it (ReturnToSeat). Only
            # while he has chips behind: all in, no turn of his would come before the board.
            return [p for p in dead if not (_away(st, p) and hand.stacks[p] > 0)]
        return dead
    return []


def _kill_dead(run: _Run, hand: HandState, position: int) -> None:
    """Fold a hand the table holds dead, out of turn: in the engine, or in a hand dealt live
    by the floor's ``KillHand`` (what it put in stays in the pot either way)."""
    if run.state.live is not None:
        ruling = FloorRuling(FloorKillHand(position, by="floor"))
        for event in decide_floor_ruling(run.state, ruling):
            run.emit(event)
    else:
        _kill_in_engine(run, hand, position)


def _kill_in_engine(run: _Run, hand: HandState, position: int) -> None:
    """The engine's ``KillHand`` on a dead hand, out of turn: what it put in stays in the pot."""
    new_hand, events = hand_engine.apply(hand, EngineKillHand(position, forfeit_uncalled=True))
    run.emit_hand(new_hand, events)


def _away(st: TableState, position: int) -> bool:
    """The player of ``position`` is away from the table (BLD-07: dealt in, hand dead)."""
    seat = st.seats[st.positions[position] - 1]
    return seat is not None and seat.sitting_out


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
        if not st.killed or hand.phase == DEAL_HOLE:  # a live deal: dead hands wait for its end
            return
        due = dead_hands_due(st, hand)
        if not due:
            return
        _kill_dead(run, hand, due[0])


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
    StartHand: _start_hand,
    Act: _act,
    ShowOrMuck: _show_or_muck,  # SHD-05
    AgreeRunTwice: _run_twice,
    RunOnce: _run_twice,
    KillHand: _kill,
    ReturnToSeat: _return_to_seat,
    PushChips: _push_chips,
}


#: Commands decided by a pure ``decide_fn(state, command) -> events`` of another module, the
#: events then applied in order (no hand engine step, nothing to settle).
_BETWEEN: dict[type, Callable[[TableState, Any], list[TableEvent]]] = {
    SitDown: decide_sit_down,  # STK-02/03/05
    AddChips: decide_add_chips,  # STK-04
    Rebuy: decide_rebuy,  # NEW-06
    Leave: decide_leave,  # STK-05
    SitOut: decide_sit_out,
    SitIn: decide_sit_in,  # NEW-04
    PostBlind: decide_post_blind,  # NEW-02/04
    BuyButton: decide_buy_button,  # NEW-03
    Straddle: decide_straddle,  # BLD-05
    DrawButton: decide_draw,  # BTN-01
    RedrawButton: decide_redraw,  # BTN-08
    PlaceButton: decide_place,  # BTN-01 (CONFLICTS G-18)
    MoveOut: decide_move_out,  # TRN-09
    MoveIn: decide_move_in,  # TRN-09
    SetLevel: decide_set_level,  # BLD-06
    ColorUpStacks: decide_color_up,  # STR-07
    ChangeSeat: decide_change_seat,  # NEW-07
    TransferOut: decide_transfer_out,  # STK-06
    TransferIn: decide_transfer_in,  # STK-06, SEAT-07
    CashOnTable: decide_cash_on_table,  # STK-07
    PayIncidental: decide_incidental,  # FEE-03
    ImpoundPot: decide_impound,  # POT-08
    ReleasePot: decide_release,  # POT-08
    Dispute: decide_dispute,  # GOV-02
    ForfeitForMiscall: decide_miscall,  # SHD-06
    LogIncident: decide_incident,  # §25
    AgreeChop: decide_chop,  # POT-09
    ShowHand: decide_show_hand,  # EXP-05
    AskPotCount: decide_ask_pot_count,  # CHP-11
    SpreadPot: decide_spread_pot,  # CHP-11
    AskOptions: decide_ask_options,  # CHP-11
    AskToSeeHand: decide_ask_to_see,  # SHD-08
    MoneyBehind: decide_money_behind,  # STK-01
}


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
