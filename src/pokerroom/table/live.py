"""A table hand dealt from a physical deck, the floor acting on it, and chips read at the table.

``StartHand(..., live=True)`` starts a hand without a deck: the table keeps a
:class:`~pokerroom.floor.live.LiveHand` (``TableState.live``) whose engine is the hand in play.
The dealer reports each card as it comes off the deck, burns included
(:class:`~pokerroom.table.commands.ReportCard`); the table knows where it goes, and the dealer
says so when it went elsewhere (``to``): a street turned without its burn or a second burn
(IRR-14, the floor's ``BurnIrregularity``), a card turned with the flop (IRR-13, the floor's
``ExtraFlopCard``: the flop waits for the supervisor's pick). The floor's
commands (:mod:`pokerroom.floor.irregularities`, ``dead``, ``procedure``, ``deck_faults``,
``corrections``) come wrapped in :class:`~pokerroom.table.commands.FloorRuling`; player ``Act``
and ``PushChips`` go through the live hand. Every live event is logged as a :class:`LiveStep`,
so the log replays. A misdeal or void hand (``RedealRequired``) is logged as
:class:`HandCalledOff`: the chips go back, and with the same button (G10, G27; MIS-08 the
corrected one) the table is as it was before the deal, ready to deal again.

Absent tournament players (BLD-07) are dealt in with dead hands; a ``ReturnToSeat`` during
the deal rules on them while the cards are still coming (TRN-02), and the dead hands left are
folded by the floor's ``KillHand`` when due once the deal is over (as in a seeded hand).

A straddle or a make-up post that must not move the start of the pre-flop action is in the
hand's config (``HandConfig.preflop_first``), so such hands are dealt live too.

Running it twice (RIT-01/02): where the house offers it and a pot reaches its minimum,
:func:`~pokerroom.table.table.run_out_pending` says the dealer waits for the players' answer
(``AgreeRunTwice``/``RunOnce``) before the run-out's first board card; the dealer then reports
the first run in full and the second from the same stub, each with its burns. A board card
turned without an answer runs the board once (a later answer: ``run_out_started``).

Not supported live (refused with ``live_unsupported``): the table's own ``KillHand`` for
NEW-05 (the floor's ``dead.KillHand`` works through ``FloorRuling``). Dead money carried to
the next deal (IRR-05 RRP) is carried over and played for by the next deal, live or not.

**Chips** (``PushChips``): the push is read with the house's
:meth:`~pokerroom.floor.chips.ChipRules.for_house` rules against the :func:`situation_for` the
engine gives, and the resulting action is played; a :class:`ChipsRead` event names the rule.
A reading that leaves the player a choice is refused (``choice_required``, options listed) and
nothing changes: the same push is made again with ``option``; that keeps every command
complete in itself and the log free of half-made actions. ``withdraw`` (OOT-08, RRP) is not an
action: it is refused the same way and the player acts afresh.
"""

from __future__ import annotations

from pokerroom.errors import DealError
from pokerroom.floor import corrections, dead, deck_faults, irregularities, procedure
from pokerroom.floor.chips import ChipReading, ChipRules, Situation
from pokerroom.floor.dealing import (
    BoardCardsDealt,
    BurnCard,
    DealBoardCards,
    DealHoleCard,
    EngineStep,
    ExtraFlopCard,
    FloorError,
    LiveEvent,
    PrematureCardsDealt,
)
from pokerroom.floor.live import LiveHand, check_fresh, from_stub_top, next_street
from pokerroom.floor.live import apply as live_apply
from pokerroom.floor.live import evolve as live_evolve
from pokerroom.hand.actions import Action, BetRaise, CheckCall, Fold
from pokerroom.hand.betting import raise_bounds
from pokerroom.hand.state import HandState
from pokerroom.house.rules import HouseRules
from pokerroom.table.commands import FloorRuling, ReportCard
from pokerroom.table.events import (
    BoardCardReported,
    HandCalledOff,
    LiveStep,
    TableEvent,
)
from pokerroom.table.seats import TableError
from pokerroom.table.state import TableState, updated

__all__ = [
    "FLOOR_COMMANDS",
    "action_for_reading",
    "chip_rules",
    "decide_floor_ruling",
    "decide_live",
    "decide_report_card",
    "evolve_board_reported",
    "evolve_called_off",
    "evolve_live_step",
    "situation_for",
]

FLOOR_COMMANDS: frozenset[type] = frozenset(
    t
    for module in (irregularities, dead, procedure, deck_faults, corrections)
    for t in module.RULINGS
)
"""The floor's commands that :class:`FloorRuling` may carry."""


def live_of(st: TableState, what: str) -> LiveHand:
    """The live hand in play (TableError if there is none)."""
    if st.live is None:
        raise TableError(
            "not_live",
            f"{what}: no hand dealt from a physical deck is in play (StartHand(..., live=True))",
        )
    return st.live


def unsupported(st: TableState, what: str) -> None:
    """Refuse a table command that a live hand does not take."""
    if st.live is not None:
        raise TableError("live_unsupported", f"{what} is not supported in a hand dealt live")


# ---------------------------------------------------------------------------------------
# decide
# ---------------------------------------------------------------------------------------


def decide_live(st: TableState, command: object) -> list[TableEvent]:
    """Apply a dealer, player or floor command to the live hand: the table's events."""
    live = live_of(st, type(command).__name__)
    after, events = live_apply(live, command)
    out: list[TableEvent] = [LiveStep(e) for e in events]
    redeal = after.redeal
    if redeal is not None:
        back = list(redeal.refunds)
        for p, amount in redeal.awards:
            back[p] += amount
        returned = tuple((st.positions[p], a) for p, a in enumerate(back) if a)
        out.append(
            HandCalledOff(
                st.hand_no,
                redeal.kind,
                redeal.rule,
                redeal.cause,
                returned,
                redeal.same_button or redeal.correct_button,
                # IRR-05 (RRP:L39-40): the freeroller's chips stay in the pot for the next deal,
                # and so does dead money this hand started with.
                redeal.carry_over + live.config.dead_money,
            )
        )
    return out


_TARGETS = (None, "burn", "board", "flop")


def decide_report_card(st: TableState, c: ReportCard) -> list[TableEvent]:
    """FLOW-02 / FLOW-05: the dealer's next card goes where dealing order puts it, or where
    he says it went (``to``: a missed or second burn, IRR-14; a card turned with the flop,
    IRR-13)."""
    if c.to not in _TARGETS:
        raise TableError(
            "bad_target",
            f"ReportCard to={c.to!r}; allowed: None (where dealing order puts it), 'burn', "
            "'board', 'flop'",
        )
    live = live_of(st, "ReportCard")
    live.check_open("ReportCard")
    n, k = live.config.players, live.config.variant.hole_cards
    placed = sum(len(h) for h in live.hands)
    due: int | None = None
    if placed < n * k:
        due = placed % n
    elif live.owed:
        due = live.owed[0][0]
    if due is not None:
        if c.to is not None:
            raise DealError(
                "hole_card_due",
                f"the deal is not over: the next card is p{due + 1}'s hole card (FLOW-02); "
                f"to={c.to!r} is for a burn or board card after the deal",
            )
        if c.exposed:
            raise TableError(
                "exposed_hole_card",
                "a hole card dealt face up is ruled by the floor: FloorRuling(ExposedCard(...))"
                " (IRR-01)",
            )
        position = due
        if c.player is not None:
            p = st.position_of(c.player)
            if p is None:
                raise TableError("not_dealt_in", f"{c.player} is not in this hand")
            position = p
        return decide_live(st, DealHoleCard(position, c.card))
    if c.player is not None:
        raise DealError(
            "no_hole_card_due",
            f"every hole card is dealt: the next card is a burn or a board card, not {c.player}'s",
        )
    street = next_street(live)
    if corrections.burn_error_passed(live) and not st.board_pending:
        # IRR-14 (HIPP:L159): the dealer goes on past an unruled burn error: it stands, and
        # the next street makes up for it (one burn more or none); then this card is placed.
        stood = decide_live(st, corrections.BurnErrorStands())
        after = st
        for event in stood:
            after = evolve_live_step(after, event)  # type: ignore[arg-type]
        return [*stood, *decide_report_card(after, c)]
    if c.to == "flop" and (live.flop_turned or street != 1):
        # IRR-13: one more card turned with the flop; the floor refuses it unless the flop's
        # three cards are the last thing dealt (no action, no turn burn since).
        if c.card is None or c.exposed:
            raise DealError("board_card_unseen", "a card turned with the flop: name the card")
        return decide_live(st, ExtraFlopCard(c.card))
    if live.flop_turned:
        raise FloorError(
            "flop_pick_pending",
            f"the dealer turned {len(live.flop_turned)} cards for the flop; the supervisor picks "
            "three first: FloorRuling(TooManyFlopCards(flop=...)) (IRR-13); another card "
            "turned with the flop is ReportCard(card, to='flop')",
        )
    if street == 0 or live.premature:
        raise DealError(
            "no_card_due",
            f"no card is due now (phase {live.engine.phase_name})"
            + ("; premature cards wait for the floor (IRR-10/11/12)" if live.premature else ""),
        )
    pending = st.board_pending
    if c.to == "burn":
        if pending:
            raise DealError(
                "flop_in_progress",
                f"{len(pending)} flop card(s) are turned: the next card is a flop card; the "
                "flop is dealt in one action (FLOW-05)",
            )
        # IRR-14: a burn where the board card was due is the floor's second burn
        return decide_live(st, BurnCard(c.card, c.exposed))
    burn_due = not pending and (street not in live.burned or street in live.extra_burns)
    if burn_due and c.to is None:
        return decide_live(st, BurnCard(c.card, c.exposed))
    # a board card: where dealing order puts it, or turned where the burn was due (to='board'
    # or 'flop': the floor logs the missed burn, IRR-14, when the street's cards are dealt)
    if c.card is None or c.exposed:
        raise DealError("board_card_unseen", "a board card is turned face up: name the card")
    cards = (*pending, c.card)
    size = 3 if street == 1 else 1
    if len(cards) < size:
        if c.card in pending:
            raise DealError("duplicate_card", f"{c.card!r} was already turned on this flop")
        check_fresh(live, (c.card,))
        from_stub_top(live, cards)
        return [BoardCardReported(street, c.card)]
    return decide_live(st, DealBoardCards(cards))


def decide_floor_ruling(st: TableState, c: FloorRuling) -> list[TableEvent]:
    """A floor ruling on the live hand (only the floor's own commands)."""
    live_of(st, "FloorRuling")
    if type(c.command) not in FLOOR_COMMANDS:
        names = ", ".join(sorted(t.__name__ for t in FLOOR_COMMANDS))
        raise TableError(
            "not_a_floor_command",
            f"{c.command!r} is not a floor ruling; cards come with ReportCard, actions with "
            f"Act or PushChips; floor rulings: {names}",
        )
    return decide_live(st, c.command)


# ---------------------------------------------------------------------------------------
# evolve
# ---------------------------------------------------------------------------------------


def evolve_live_step(st: TableState, e: LiveStep) -> TableState:
    """The table after one live-hand event: the live hand and its engine move on."""
    live = st.live
    assert live is not None, f"{e!r} with no live hand"
    new = live_evolve(live, e.event)
    acted = st.acted
    inner: LiveEvent = e.event
    if isinstance(inner, EngineStep) and isinstance(inner.input, Fold | CheckCall | BetRaise):
        acted = acted | {inner.input.actor}
    pending = st.board_pending
    if isinstance(inner, BoardCardsDealt | PrematureCardsDealt):
        pending = ()
    return updated(st, live=new, hand=new.engine, acted=acted, board_pending=pending)


def evolve_board_reported(st: TableState, e: BoardCardReported) -> TableState:
    """A flop card is held until the flop is complete."""
    return updated(st, board_pending=(*st.board_pending, e.card))


def evolve_called_off(st: TableState, e: HandCalledOff) -> TableState:
    """The chips go back; with the same button, the table as before the deal."""
    hand = st.hand
    assert hand is not None
    back = dict(e.returned)
    seats = list(st.seats)
    before = st.before_deal
    restore = e.same_button and before is not None
    for p, seat_no in enumerate(st.positions):
        seat = seats[seat_no - 1]
        assert seat is not None
        stack = hand.stacks[p] + back.get(seat_no, 0)
        old = before.seats[seat_no - 1] if restore and before is not None else None
        if old is not None and old.player == seat.player:
            seats[seat_no - 1] = updated(
                seat,
                stack=stack,
                new=old.new,
                will_post=old.will_post,
                missed_bb=old.missed_bb,
                missed_sb=old.missed_sb,
                button_passed=old.button_passed,
                last_bb_hand=old.last_bb_hand,
            )
        else:
            seats[seat_no - 1] = updated(seat, stack=stack)
    changes: dict[str, object] = {}
    if restore and before is not None:
        changes = {
            "button": before.button,
            "sb_seat": before.sb_seat,
            "bb_seat": before.bb_seat,
            "hand_no": before.hand_no,
            "fresh_button": before.fresh_button,
            "straddle": before.straddle,
            "button_buyer": before.button_buyer,
            # The last hand is the last hand again: what it awarded stays open to the floor
            # (POT-08 impounds, SHD-06 forfeits) until the next deal really starts (GOV-02).
            "last_won": before.last_won,
        }
    return updated(
        st,
        seats=tuple(seats),
        hand=None,
        live=None,
        before_deal=None,
        board_pending=(),
        positions=(),
        mistaken=frozenset(),
        killed=frozenset(),
        acted=frozenset(),
        aggression_locked=frozenset(),
        dead_money=e.carried,  # IRR-05: in the middle until the next deal
        **changes,
    )


# ---------------------------------------------------------------------------------------
# Chips
# ---------------------------------------------------------------------------------------


def chip_rules(rules: HouseRules) -> ChipRules:
    """The house's rules for reading chips (CHP-01..11), all from the house profile, so a
    club's overrides and a scenario's ``params`` are obeyed."""
    return ChipRules.from_house(rules)


def situation_for(hand: HandState, p: int) -> Situation:
    """The bet position ``p`` faces and what the structure allows, as the engine knows it."""
    bounds = raise_bounds(hand, p)
    cfg = hand.config
    structure = cfg.variant.structure
    current = hand.current_bet
    all_in = hand.bets[p] + hand.stacks[p]
    if bounds is not None:
        min_to, max_to = bounds
    else:
        min_to = max(current + max(hand.last_raise, cfg.min_bet, 1), current + 1)
        max_to = max(min_to, all_in)
    unit = None
    if structure == "fixed_limit":
        unit = cfg.bet_unit(hand.street)  # STR-02: the house's big-bet streets
    return Situation(
        current_bet=current,
        player_bet=hand.bets[p],
        stack=hand.stacks[p],
        min_raise_to=min_to,
        max_raise_to=max_to,
        last_full_raise=max(hand.last_raise, cfg.min_bet or cfg.small_bet, 1),
        structure=structure,
        bet_unit=unit,
        pot_size_for_pot_bet=hand.pot,
        raise_allowed=bounds is not None,
    )


def action_for_reading(reading: ChipReading, hand: HandState, p: int) -> Action:
    """The engine action a settled reading stands for (forfeits stay in the pot, CHP-06)."""
    if reading.action == "fold":
        return Fold(p, reading.forfeited)
    if reading.action in ("check", "call") or reading.amount_to <= hand.current_bet:
        return CheckCall(p)
    return BetRaise(p, reading.amount_to)
