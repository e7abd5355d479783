"""Scenario steps for the floor, the cash-game floor and the tournament desk.

**Live dealing.** ``start_hand`` with ``live = true`` deals the hand card by card from the
scenario's deck order (or the table's seeded deck), burns included, through
:class:`pokerroom.floor.live.LiveHand`; ``deal = N`` stops after N hole cards so that a
floor step can happen during the deal, and ``do = "deal"`` goes on. The live hand's engine
is then the hand in play: the table shows it, player actions go to it, and the burn and board
cards are dealt from the deck as soon as they are due (after every step). Floor rulings
(:mod:`pokerroom.floor.irregularities`, :mod:`pokerroom.floor.dead`,
:mod:`pokerroom.floor.corrections`) are applied to it. Dealing mistakes on the board:
``missed_burn`` / ``double_burn`` make the dealer turn the next street without its burn or
after two (IRR-14; ``correct_burn`` is the floor's ruling), ``too_many_flop_cards`` turns one
or two more cards with the flop just dealt and the supervisor picks the flop (IRR-13). When
the hand ends the runner records the table's ``HandFinished`` from the live engine's stacks.
A misdeal or void hand (``RedealRequired``) gives the chips back and puts the table back as it
was before the deal (same or corrected button); the next ``start_hand`` deals again. The table
has no misdeal command of its own yet, so that restore is done here.

**Cash floor and tournament desk.** ``transfer`` and ``seat_new_player`` ask
:mod:`pokerroom.cash.balancing` (SEAT-06), ``session_fee`` :mod:`pokerroom.cash.fees` (FEE-02),
``payouts`` builds a :class:`pokerroom.tournament.entrants.Registry` per flight (TRN-12),
``penalty`` imposes (and with ``serve = true`` serves, hand by hand at the table) a
:mod:`pokerroom.floor.penalties` penalty (PEN-01/02), ``return_during_deal`` applies the
house's presence rule (TRN-02) with the table's ``ReturnToSeat``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pokerroom.cards import Card, format_cards, parse_card, parse_cards
from pokerroom.cash.balancing import GameCount, seat_new_player, transfer_allowed
from pokerroom.cash.fees import fee_on_refusal, fee_on_sitting, last_collection, owed_on_return
from pokerroom.errors import DealError, PokerroomError
from pokerroom.floor.corrections import (
    RECONSTRUCT_AFTER_AWARD,
    BurnErrorStands,
    CorrectBurnError,
    Reconstruct,
    TooManyFlopCards,
    burn_error_passed,
)
from pokerroom.floor.dead import (
    CardsReachMuck,
    CardsThrownIntoHand,
    FoldDeclared,
    PlayerDroppedCard,
    RetrieveHand,
)
from pokerroom.floor.dead import KillHand as FloorKillHand
from pokerroom.floor.dealing import (
    BurnCard,
    CardsRestored,
    DealBoardCards,
    DealHoleCard,
    EngineStep,
    ExtraFlopCard,
    FloorError,
    FloorRuling,
    LiveEvent,
    RedealRequired,
)
from pokerroom.floor.deck_faults import DifferentBackFound, FlashedCard, MissingCards, StubFouled
from pokerroom.floor.irregularities import (
    BoxedCard,
    CardOffTable,
    DeclareMisdeal,
    DuplicateCardFound,
    ExposedCard,
    ExtraCardDealt,
    FailureToCut,
    JokerFound,
    ReportIrregularity,
    RulePrematureCards,
)
from pokerroom.floor.live import LiveHand, last_board_dealt, next_street, runs_open
from pokerroom.floor.live import apply as live_apply
from pokerroom.floor.penalties import impose_penalty
from pokerroom.floor.procedure import (
    CardsToWrongSeat,
    PlayerDealtOut,
    SeatClaim,
    SelfDeal,
    ShuffleObjection,
)
from pokerroom.hand.actions import Action, BetRaise, CheckCall, Fold, RunItTwice, RunOnce
from pokerroom.hand.engine import showdown_turn
from pokerroom.hand.events import Event
from pokerroom.hand.state import BOARD
from pokerroom.scenario.format import ScenarioError, Step
from pokerroom.scenario.session import (
    _apply,
    _hand,
    _name,
    _pos,
    _Session,
    _set_hand,
    _Stop,
    deal,
)
from pokerroom.table import (
    Act,
    HandFinished,
    HandStarted,
    KillHand,
    MoveOut,
    PlayerId,
    ReturnToSeat,
    SeatNo,
    StartHand,
    TableError,
)
from pokerroom.table import evolve as table_evolve
from pokerroom.table.table import dead_hands_due
from pokerroom.tournament.entrants import EntryPolicy, Registry, presence_rule
from pokerroom.tournament.payouts import STANDARD_PAYOUTS
from pokerroom.tournament.structure import load_structure

__all__ = ["FLOOR_OPS", "catch_up", "live_act", "live_answer", "live_start"]

_SEED = bytes(range(32))


# --------------------------------------------------------------------------------------------
# Live dealing
# --------------------------------------------------------------------------------------------


def _live(s: _Session) -> LiveHand:
    if s.live is None:
        if s.last_live is not None:  # the live hand is over: the table's state, a failed step
            raise TableError(
                "no_hand", "the hand dealt live is over: deal again (start_hand live = true)"
            )
        raise ScenarioError(
            "not_live", "this step needs a hand dealt live: start_hand with live = true"
        )
    return s.live


def _draw(s: _Session) -> Card | None:
    if not s.stub:
        raise ScenarioError("deck_empty", "the deck has no card left to deal")
    return s.stub.pop(0)


def _board_cards(s: _Session, size: int) -> tuple[Card, ...]:
    """The next ``size`` cards of the deck for the board (a joker there is a file error)."""
    cards = s.stub[:size]
    if None in cards:
        raise ScenarioError(
            "joker_on_board", "a joker (Jk) reached the board: put it where a hole card is dealt"
        )
    return tuple(c for c in cards if c is not None)


def _card(s: _Session) -> Card:
    card = _draw(s)
    if card is None:
        raise ScenarioError("joker_on_board", "a joker (Jk) may only be dealt as a hole card")
    return card


def _run(s: _Session, command: object) -> tuple[LiveEvent, ...]:
    """Apply a dealer, player or floor command to the live hand; the table shows the result."""
    live, events = live_apply(_live(s), command)
    s.live = live
    engine_events = [e for ev in events if isinstance(ev, EngineStep) for e in ev.events]
    actor = getattr(command, "actor", None)
    _set_hand(s, live.engine, engine_events, actor if isinstance(actor, int) else None)
    for ev in events:
        if isinstance(ev, FloorRuling):
            s.rule = ev.rule
    if live.redeal is None and live.engine.is_over:
        _finish(s)
    return events


def _finish(s: _Session) -> None:
    """The live hand is over: the table records it from the live engine's stacks."""
    t = s.table
    hand = _hand(s)
    stacks = tuple(zip(t.positions, hand.stacks, strict=True))
    out = tuple(seat for seat, chips in stacks if chips == 0) if s.rules.is_tournament else ()
    event = HandFinished(t.hand_no, stacks, hand.rake, out)
    s.table = table_evolve(t, event)
    s.events = (*s.events, event)
    s.last_live = s.live
    s.live = None


def live_start(
    s: _Session, started: HandStarted, deck: list[Card | None], deal: int | None
) -> None:
    """Deal the hand just started card by card from ``deck`` (``deal``: hole cards now)."""
    s.live = LiveHand.start(started.config)
    s.last_live = None
    s.burn_error = ""  # a burn error set up for a street the last hand never reached
    s.stub = list(deck)
    _set_hand(s, s.live.engine, (), None)
    n, k = started.config.players, started.config.variant.hole_cards
    _deal_hole(s, n * k if deal is None else deal)


def _deal_hole(s: _Session, count: int | None) -> None:
    """Deal hole cards (and owed replacements) in order, ``count`` of them (None: all)."""
    done = 0
    while count is None or done < count:
        live = _live(s)
        n, k = live.config.players, live.config.variant.hole_cards
        placed = sum(len(h) for h in live.hands)
        if placed < n * k:
            position = placed % n
        elif live.owed:
            position = live.owed[0][0]
        else:
            break
        _run(s, DealHoleCard(position, _draw(s)))
        done += 1


def catch_up(s: _Session) -> None:
    """Deal the burn and board cards that are due (a second copy of a card stops the dealer:
    the floor rules on it with ``duplicate_card``); a burn error set up by ``missed_burn`` or
    ``double_burn`` is made on the first street turned."""
    while s.live is not None:
        live = s.live
        if live.is_over or live.premature or live.flop_turned or not live.deal_complete:
            return
        if _kill_due(s):
            continue
        if live.engine.phase != BOARD or (s.answer_next and runs_open(live)):
            return  # RIT-01: the players answer first (the file's next step)
        street = next_street(live)
        if street == 0:
            return
        if burn_error_passed(live):  # IRR-14: an unruled burn error stands as we deal on
            _run(s, BurnErrorStands())
        error, s.burn_error = s.burn_error, ""
        if error != "missed":  # IRR-14: a street may owe two burns after an error that stood
            while street not in _live(s).burned or street in _live(s).extra_burns:
                _run(s, BurnCard(_draw(s)))
        if error == "double":
            _run(s, BurnCard(_draw(s)))
        size = 3 if street == 1 else 1
        cards = _board_cards(s, size)
        try:
            _run(s, DealBoardCards(cards))
        except DealError as err:
            if err.code == "duplicate_card":
                s.result = {"duplicate": format_cards(c for c in cards if c in live.seen())}
                return
            raise
        del s.stub[:size]


def _kill_due(s: _Session) -> bool:
    """BLD-07 / TRN-02: once the deal is over, the floor folds the dead hands of absent
    players when due, as the table does in a hand it deals live (``dead_hands_due``): what
    they posted stays in the pot. True when one was killed. The step's own rule and refunds
    are kept: the kill is the table's housekeeping, not the step's ruling."""
    live = s.live
    if live is None or not s.table.killed:
        return False
    due = [p for p in dead_hands_due(s.table, live.engine) if not live.engine.folded[p]]
    if not due:
        return False
    rule, refunds = s.rule, s.refunds
    _ruled(s, FloorKillHand(due[0], "floor"))
    s.rule, s.refunds = rule, refunds
    return True


def live_act(s: _Session, action: Action) -> None:
    """A player's action in a live hand (refused out of turn with the table's code)."""
    catch_up(s)
    engine = _live(s).engine
    actor: int = getattr(action, "actor", -1)
    if isinstance(action, Fold | CheckCall | BetRaise):
        turn = engine.actor
    else:  # SHD-01/02: Show / Muck in the house's showing order, as the table checks it
        turn = showdown_turn(engine)
    if turn is not None and actor != turn:
        raise TableError(
            "not_your_turn", f"{_name(s, actor)} acted out of turn: it is "
            f"{_name(s, turn)}'s turn",
        )
    _run(s, action)


def live_answer(s: _Session, answer: RunItTwice | RunOnce) -> tuple[Event, ...]:
    """RIT-01: the players' answer on running it twice in the hand dealt live (before the
    run-out's first card); the engine's events."""
    events = _run(s, answer)
    return tuple(e for ev in events if isinstance(ev, EngineStep) for e in ev.events)


def _call_off(s: _Session, redeal: RedealRequired) -> None:
    """MIS-02 / IRR-05: every chip back (or as the floor awarded it); the table as before the
    deal, so that the next deal has the same (or the corrected) button."""
    live = _live(s)
    t = s.table
    back = list(redeal.refunds)
    for p, amount in redeal.awards:
        back[p] += amount
    refunds = {_name(s, p): a for p, a in enumerate(redeal.refunds) if a}
    seats = list(t.seats)
    for p, seat_no in enumerate(t.positions):
        seat = seats[seat_no - 1]
        assert seat is not None
        seats[seat_no - 1] = replace(seat, stack=live.engine.stacks[p] + back[p])
    base = s.before if (redeal.same_button or redeal.correct_button) and s.before else t
    if base is not t:
        seats = [
            None if old is None else replace(old, stack=new.stack) if new else old
            for old, new in zip(base.seats, seats, strict=True)
        ]
    s.table = replace(
        base, seats=tuple(seats), hand=None, positions=(), killed=frozenset(),
        mistaken=frozenset(), acted=frozenset(),
        # IRR-05 (RRP:L39-40): the freeroller's chips stay in the middle for the next deal.
        dead_money=redeal.carry_over + live.config.dead_money,
    )
    s.refunds = refunds
    s.last_live, s.live = live, None
    if redeal.correct_button:
        s.misplaced = None
    s.result = {
        **s.result, "redeal": redeal.kind, "same_button": redeal.same_button,
        "correct_button": redeal.correct_button,
        "awards": {_name(s, p): a for p, a in redeal.awards},
    }


def _ruled(s: _Session, command: object) -> FloorRuling:
    events = _run(s, command)
    ruling = next(e for e in events if isinstance(e, FloorRuling))
    s.refunds = {_name(s, p): a for p, a in ruling.refunds}
    if ruling.redeal is not None:
        _call_off(s, ruling.redeal)
    return ruling


def _op_deal(s: _Session, step: Step) -> None:
    _deal_hole(s, step.arg("cards"))


def _op_misdeal(s: _Session, step: Step) -> None:
    try:
        ruling = _ruled(s, DeclareMisdeal(step.arg("cause", "button_misplaced")))
    except FloorError as err:
        if err.code == "misdeal_cutoff_passed":
            s.rule = "MIS-01"
        raise
    s.result = {**s.result, "outcome": ruling.outcome}


def _op_boxed(s: _Session, step: Step) -> None:
    card = parse_card(str(step.arg("card")))
    if not s.stub or s.stub[0] != card:
        top = format_cards(s.stub[:1]) or "nothing"
        raise ScenarioError(
            "not_next_card", f"boxed_card {card!r}: the next card of the deck is {top}"
        )
    s.stub.pop(0)
    ruling = _ruled(s, BoxedCard(card))
    s.result = {"outcome": ruling.outcome}


def _op_dealt_card(
    report: type[ExposedCard] | type[CardOffTable],
) -> Callable[[_Session, Step], None]:
    """IRR-01 / MIS-04 / MIS-05 / MIS-10: the dealer exposed (or sent off the table) this hole
    card during the deal; the house rules: a replacement after the deal with the card as the
    first burn (``result.outcome = "replace"``) or a misdeal (``"misdeal"``, refunds)."""

    def run(s: _Session, step: Step) -> None:
        ruling = _ruled(s, report(parse_card(str(step.arg("card")))))
        s.result = {"outcome": ruling.outcome}

    return run


def _op_premature(s: _Session, step: Step) -> None:
    live = _live(s)
    street = next_street(live)
    if street == 0 or live.engine.phase == BOARD:
        raise ScenarioError("not_premature", "the betting is over: board cards are due now")
    if street not in live.burned:
        _run(s, BurnCard(_draw(s)))
    size = 3 if street == 1 else 1
    cards = _board_cards(s, size)
    del s.stub[:size]
    _run(s, DealBoardCards(cards))
    ruling = _ruled(s, RulePrematureCards())
    if ruling.outcome == "reshuffle":
        s.stub.extend(cards)  # shuffled back into the stub (kept in order: reproducible)
    word = {"reshuffle": "reshuffled", "set_aside": "set_aside"}.get(ruling.outcome)
    s.result = {"flop" if street == 1 else "card": word or ruling.outcome}


def _op_burn_error(kind: str) -> Callable[[_Session, Step], None]:
    """IRR-14: the dealer turns the next street without burning ("missed") or after burning
    twice ("double"); the street is turned as soon as it is due."""

    def run(s: _Session, step: Step) -> None:
        live = _live(s)
        if live.is_over or next_street(live) == 0:
            raise ScenarioError(
                "no_street_due",
                f"{step.do}: no board street is left to turn in this hand (the river is out)",
            )
        s.burn_error = kind

    return run


def _op_correct_burn(s: _Session, step: Step) -> None:
    """IRR-14: the floor rules on the burn error; cards put back on the stub go on top of the
    deck in the order they must come off."""
    ruling = _ruled(s, CorrectBurnError(intact=step.flag("intact", True)))
    live = _live(s)
    restored = next(
        e for e in reversed(live.log) if isinstance(e, CardsRestored) and e.rule == "IRR-14"
    )
    back = {c for c, fate in restored.moves if fate == "stub"}
    s.stub[:0] = [c for c in restored.stub_top if c in back]
    s.result = {"outcome": ruling.outcome}


def _op_too_many_flop(s: _Session, step: Step) -> None:
    """IRR-13: one or two more cards (``extra``) turned with the flop just dealt; the
    supervisor picks three (``pick``, or drawn from ``seed``)."""
    extra = step.arg("extra", 1)
    if extra not in (1, 2):
        raise ScenarioError(
            "bad_value", f"too_many_flop_cards extra = {extra!r}; allowed: 1 or 2 (a flop of "
            "four or five cards)"
        )
    if len(s.stub) < extra:
        raise ScenarioError("deck_empty", "the deck has no card left to deal")
    pick = step.arg("pick")
    seed = step.arg("seed")
    command = TooManyFlopCards(
        flop=None if pick is None else parse_cards(str(pick)),
        seed=None if seed is None else int(seed),
    )
    cards = _board_cards(s, extra)
    trial = _live(s)
    for card in cards:  # refused as a whole: nothing changes unless the ruling is made
        trial, _ = live_apply(trial, ExtraFlopCard(card))
    live_apply(trial, command)
    for _ in cards:
        _run(s, ExtraFlopCard(_card(s)))
    ruling = _ruled(s, command)
    board = last_board_dealt(_live(s))  # RIT-02: the second run's flop too
    s.result = {
        "outcome": ruling.outcome,
        "flop": format_cards(board),
        "surplus": format_cards(c for c in ruling.cards if c not in board),
    }


def _op_duplicate(s: _Session, step: Step) -> None:
    live = _live(s)
    card = parse_card(str(step.arg("card")))
    if live.engine.phase == BOARD and next_street(live) not in live.burned:
        _run(s, BurnCard(_draw(s)))
    knowing = step.arg("seen_by")
    award = step.arg("award_to")
    k = None if knowing is None else _pos(s, knowing)
    a = None if award is None else _pos(s, award)
    if k is not None and a is None and s.rules.defective_deck_freeroll == "pot_to_last_live_hand":
        others = [p for p in range(live.engine.n) if not live.engine.folded[p] and p != k]
        if len(others) != 1:
            raise ScenarioError(
                "award_to_needed",
                f"several hands are live besides {knowing}: name the floor's choice award_to",
            )
        a = others[0]
    if s.stub and s.stub[0] == card:
        s.stub.pop(0)  # the second copy that was turned
    _ruled(s, DuplicateCardFound(card, knowing_player=k, award_to=a))


def kill_live(s: _Session, player: str) -> None:
    """The floor kills ``player``'s hand in the hand dealt live (``kill_hand`` with a floor
    rule: DEAD-05, DEAD-07, EXP-01, EXP-05, PEN-02)."""
    _ruled(s, FloorKillHand(_pos(s, player), "floor"))


def _op_dealer_kills(s: _Session, step: Step) -> None:
    ruling = _ruled(s, FloorKillHand(_pos(s, step.player), "dealer"))
    s.result = {"ruling_required": ruling.ruling_required}


def _op_hand_ruling(
    command: Callable[[_Session, Step], object],
) -> Callable[[_Session, Step], None]:
    """DEAD-01..04 / IRR-09: the floor rules on ``player``'s cards in a live hand with the
    command ``command`` builds from the step; ``result.outcome`` is the ruling's outcome
    (``dead``, ``live``, ``in_muck``, ``retrieved``, ...) and a killed hand shows in ``dead``."""

    def run(s: _Session, step: Step) -> None:
        ruling = _ruled(s, command(s, step))
        s.result = {"outcome": ruling.outcome}

    return run


def _fold_declared(s: _Session, step: Step) -> FoldDeclared:
    how = step.arg("how", "said")
    if how not in ("said", "forward_motion"):
        raise ScenarioError(
            "bad_value", f"fold_declared how = {how!r}; allowed: said, forward_motion"
        )
    return FoldDeclared(_pos(s, step.player), how, step.flag("next_player_acted", False))


def _reach_muck(s: _Session, step: Step) -> CardsReachMuck:
    return CardsReachMuck(_pos(s, step.player), step.flag("identifiable", False))


def _retrieve(s: _Session, step: Step) -> RetrieveHand:
    return RetrieveHand(
        _pos(s, step.player),
        identifiable=step.flag("identifiable", True),
        touched_muck=step.flag("touched_muck", False),
    )


def _thrown(s: _Session, step: Step) -> CardsThrownIntoHand:
    return CardsThrownIntoHand(
        _pos(s, step.player), _pos(s, str(step.arg("into"))),
        step.flag("identifiable", False),
    )


def _dropped(s: _Session, step: Step) -> PlayerDroppedCard:
    card = step.arg("card")
    return PlayerDroppedCard(_pos(s, step.player), None if card is None else parse_card(card))



# --------------------------------------------------------------------------------------------
# The deal and the deck: MIS-03, MIS-07, MIS-09, MIS-11, DEAL-02/03, IRR-04, IRR-06/07/08/15/16
# --------------------------------------------------------------------------------------------


def _next_card(s: _Session, step: Step, what: str) -> Card | None:
    """The next card of the deck, taken off it; ``card`` (optional) must name it."""
    named = step.arg("card")
    if not s.stub:
        raise ScenarioError("deck_empty", "the deck has no card left to deal")
    top = s.stub[0]
    if named is not None and top != parse_card(str(named)):
        shown = "a joker" if top is None else format_cards([top])
        raise ScenarioError(
            "not_next_card", f"{what} {named!r}: the next card of the deck is {shown}"
        )
    return s.stub.pop(0)


def _op_extra_card(s: _Session, step: Step) -> None:
    """MIS-07 / DEAD-05: the next card of the deck went to ``player`` as a surplus card."""
    p = _pos(s, step.player)
    _live(s)
    card = _next_card(s, step, "extra_card")
    try:
        ruling = _ruled(s, ExtraCardDealt(p, card))
    except PokerroomError:
        s.stub.insert(0, card)
        raise
    s.result = {"outcome": ruling.outcome}


def _failure_to_cut(s: _Session, step: Step) -> FailureToCut:
    who = step.player
    return FailureToCut(
        None if not who else _pos(s, who), step.flag("looked", False)
    )


def _report(s: _Session, step: Step) -> ReportIrregularity:
    return ReportIrregularity(_pos(s, step.player), str(step.arg("what", "")))


def _objection(s: _Session, step: Step) -> ShuffleObjection:
    return ShuffleObjection(_pos(s, step.player), step.flag("looked", False))


def _self_deal(s: _Session, step: Step) -> SelfDeal:
    def who(key: str) -> int | None:
        name = step.arg(key)
        return None if name is None else _pos(s, str(name))

    return SelfDeal(
        _pos(s, step.player), who("shuffler"), who("cutter"), step.flag("cut_card", True)
    )


def _claim(s: _Session, step: Step) -> tuple[SeatClaim, int | None]:
    """MIS-09: what the table knows of the seat (``seat``, or ``player``'s seat), with
    ``present`` / ``owes`` as the floor finds them; and the seat's position in the hand."""
    t = s.table
    if step.arg("seat") is not None:
        seat_no = SeatNo(int(step.arg("seat")))
    elif step.player:
        seat_no = t.seat_of(PlayerId(step.player))
    else:
        raise ScenarioError("missing_key", f"{step.do}: name the player or the seat")
    if not 1 <= int(seat_no) <= len(t.seats):
        raise ScenarioError("bad_value", f"{step.do}: seat {int(seat_no)} is not at this table")
    chair = t.seats[int(seat_no) - 1]
    positions = t.positions or (s.started.positions if s.started else ())
    p = positions.index(seat_no) if seat_no in positions else None
    posted = False
    if p is not None and s.started is not None:
        cfg = s.started.config
        posted = bool(cfg.blinds[p] or cfg.antes[p])
    if chair is None:
        return SeatClaim(int(seat_no), occupied=False), p
    present = step.arg("present")
    owes = step.arg("owes")
    hand = t.hand
    chips = chair.stack if hand is None or p is None else hand.stacks[p] + hand.contrib[p]
    return SeatClaim(
        int(seat_no),
        occupied=True,
        present=(not chair.sitting_out) if present is None else bool(present),
        chips=chips,
        posted=posted,
        owes_blind=chair.owes if owes is None else bool(owes),
    ), p


def _wrong_seat(s: _Session, step: Step) -> CardsToWrongSeat:
    claim, p = _claim(s, step)
    text = step.arg("cards")
    if p is not None:
        return CardsToWrongSeat(claim, p)
    k = _live(s).config.variant.hole_cards
    cards = tuple(parse_cards(str(text))) if text else (None,) * k
    return CardsToWrongSeat(claim, None, cards)


def _dealt_out(s: _Session, step: Step) -> PlayerDealtOut:
    claim, p = _claim(s, step)
    if p is not None:
        raise ScenarioError(
            "dealt_in", f"{step.player or claim.seat} is dealt into the hand: not dealt out"
        )
    return PlayerDealtOut(claim)


def _op_different_back(s: _Session, step: Step) -> None:
    """IRR-06: a card with a different back, in play or (``in_stub``) among the undealt cards,
    where it is taken out of the deck."""
    text = step.arg("card")
    card = None if text is None else parse_card(str(text))
    in_stub = step.flag("in_stub", False)
    ruling = _ruled(s, DifferentBackFound(card, in_stub))
    if in_stub and card is not None and card in s.stub:
        s.stub.remove(card)
    s.result = {"outcome": ruling.outcome}


def _op_missing(s: _Session, step: Step) -> None:
    """IRR-07: cards missing from the deck (taken out of the stub); also after the hand."""
    text = step.arg("cards")
    cards = () if text is None else tuple(parse_cards(str(text)))
    command = MissingCards(cards, int(step.arg("count", 0)))
    if s.live is None and s.last_live is not None:
        s.last_live, events = live_apply(s.last_live, command)
        ruling = next(e for e in events if isinstance(e, FloorRuling))
        s.rule = ruling.rule
    else:
        ruling = _ruled(s, command)
    for card in cards:
        if card in s.stub:
            s.stub.remove(card)
    s.result = {"outcome": ruling.outcome}


def _flashed(s: _Session, step: Step) -> FlashedCard:
    by = step.arg("by", "dealer")
    if by not in ("dealer", "player"):
        raise ScenarioError("bad_value", f"flashed_card by = {by!r}; allowed: dealer, player")
    return FlashedCard(
        _pos(s, step.player), parse_card(str(step.arg("card"))), by,
        step.flag("looked", False),
    )


def _fouled(s: _Session, step: Step) -> StubFouled:
    return StubFouled(step.flag("mixed_with_muck", False))


def _op_reconstruct(s: _Session, step: Step) -> None:
    """IRR-16: the supervisor restores the hand to just before voluntary action
    ``before_action`` (0 = the first) or before street ``before_street``'s burn and board;
    known burn and board cards dealt since go back on top of the deck in their order."""
    command = Reconstruct(step.arg("before_action"), step.arg("before_street"))
    if s.live is None and s.last_live is not None:
        last = s.last_live
        if last.redeal is None and last.config.rules.rulebook in RECONSTRUCT_AFTER_AWARD:
            raise _Stop(
                "reconstruction of a hand already awarded (GROS:L28): the table has recorded it"
            )
        live_apply(last, command)  # the house's refusal (hand_over, hand_called_off)
    ruling = _ruled(s, command)
    s.stub[:0] = [c for c in ruling.cards if c not in s.stub]
    s.result = {"outcome": ruling.outcome}


def _op_joker(s: _Session, step: Step) -> None:
    """IRR-04: ``player`` finds a joker (``Jk`` in the deck) among his hole cards; replaced by
    the next card of the deck if he has not acted, else his hand is dead."""
    ruling = _ruled(s, JokerFound(_pos(s, step.player)))
    if ruling.outcome == "replace" and _live(s).hole_sent:
        _deal_hole(s, None)  # the deal is over: the replacement comes at once
    s.result = {"outcome": ruling.outcome}

# --------------------------------------------------------------------------------------------
# Penalties (PEN-01/02), return during the deal (TRN-02)
# --------------------------------------------------------------------------------------------

_PENALTY_STEPS = {
    ("rounds", 1): "one_round", ("rounds", 2): "two_rounds", ("rounds", 3): "three_rounds",
    ("rounds", 4): "four_rounds", ("hands", 1): "one_hand", ("hands", 2): "two_hands",
}


def _penalty_button(s: _Session) -> int | None:
    """PEN-03: the button of the hand the penalty is given after, as a complete round (GROS:L158)
    counts from it. Before the first hand (a drawn or given button, ``fresh_button``) the next
    hand is the first of the round, so the reference is the occupied seat before that button."""
    t = s.table
    if t.button is None:
        return None
    button = int(t.button)
    if not t.fresh_button:
        return button
    occupied = [k + 1 for k, seat in enumerate(t.seats) if seat is not None]
    before = [n for n in occupied if n < button]
    return (before or occupied)[-1]


def _op_penalty(s: _Session, step: Step) -> None:
    unit = "rounds" if step.arg("rounds") is not None else "hands"
    key = (unit, int(step.arg(unit, 0)))
    if key not in _PENALTY_STEPS:
        raise ScenarioError(
            "bad_value", f"penalty {unit} = {key[1]}; allowed: rounds 1..4 or hands 1..2"
        )
    t = s.table
    seated = len(t.players())
    penalty = impose_penalty(
        s.rules, step.player, _PENALTY_STEPS[key], players_at_table=seated,  # type: ignore[arg-type]
        reason="scenario", seats=t.config.seats, button_seat=_penalty_button(s),
    )
    s.rule = penalty.rule
    s.result = {"hands": penalty.hands, "rounds": penalty.rounds}
    if not step.arg("serve", False):
        return
    bust = [PlayerId(p) for p in step.arg("bust", [])]
    me = PlayerId(step.player)
    while not penalty.done and s.table.find(me) is not None:  # served, or he is out (BLD-07)
        events = _apply(s, StartHand(_SEED, 0.0))
        started = next(e for e in events if isinstance(e, HandStarted))
        s.started, s.start_events = started, events
        p = _pos(s, step.player)
        config = started.config  # BLD-03: a short stack posts what he has
        posted = min(config.blinds[p] + config.antes[p], config.starting_stacks[p])
        serve = penalty.instruction()
        if (serve.kill_hand or serve.post_blinds) and s.table.hand is not None:
            # PEN-02 (LPR:L188): dealt in, blinds posted, the hand killed (by the table, which
            # settles the hand when that leaves one live hand, heads-up say). Dealt out but
            # still paying his blinds (GROS, CONFLICTS G-20) comes to the same: what he posts
            # goes to the pot and he holds no hand that could win it.
            _apply(s, KillHand(me, "PEN-02"))
        while s.table.hand is not None and (who := s.table.to_act()) is not None:
            _apply(s, Act(who, "fold"))
        penalty = penalty.record_hand(
            button_seat=int(started.button),
            posted=posted if penalty.posts_blinds else 0,
        )
        if bust:
            for player in bust:  # they leave the table (busted) after the first hand served
                if player != me:
                    _apply(s, MoveOut(player))
            bust = []
    s.result = {
        **s.result, "served": penalty.served_hands, "blinds_paid": penalty.chips_posted,
    }


def _op_return(s: _Session, step: Step) -> None:
    """TRN-02: an absent player sits down after ``cards_dealt`` cards of the deal.

    The house's presence rule rules on when he came back. While nothing has happened since
    the deal, the ruling is given with the deal (``StartHand.returned``): the hand is dealt
    again from the same cards with him back, live or dead, which also holds heads-up where his
    dead hand ends the hand as it is dealt. Later, the table's ``ReturnToSeat`` rules on the
    hand in play.
    """
    started = s.started
    untouched = s.deal is not None and s.table is s.dealt and s.live is None
    if started is None or (s.table.hand is None and not untouched):
        raise TableError("no_hand", "return_during_deal needs a hand in play")
    seat = s.table.seat_of(PlayerId(step.player))
    if untouched and seat in started.positions:  # the deal may have ended the hand (heads-up)
        p = started.positions.index(seat)
    else:
        p = _pos(s, step.player)
    n, k = len(started.positions), started.config.variant.hole_cards
    dealt = int(step.arg("cards_dealt", 0))
    if dealt == 0:
        arrival = "before_deal"
    elif dealt <= started.config.deal_order.index(p):  # FLOW-08: heads-up the BB's card first
        arrival = "before_own_first_card"
    elif dealt < n * k:
        arrival = "before_last_card"
    else:
        arrival = "before_own_first_action"
    live = presence_rule(s.rules).hand_is_live(arrival)  # type: ignore[arg-type]
    ruling = ReturnToSeat(PlayerId(step.player), live)
    if untouched:
        assert s.deal is not None and s.before is not None
        deal(s, s.before, replace(s.deal, returned=(*s.deal.returned, ruling)))
    elif s.live is not None:
        _return_live(s, ruling, p)
    else:
        _apply(s, ruling)
    s.rule = "TRN-02"
    s.result = {"arrival": arrival, "hand_live": live}


def _return_live(s: _Session, ruling: ReturnToSeat, p: int) -> None:
    """TRN-02 in a hand dealt live: the table records his return (and a hand given back
    during the deal); a dead hand folded on the live hand, as the table folds it in a hand it
    deals live."""
    live = _live(s)
    folded = live.engine.folded[p]
    if ruling.hand_live and folded:
        raise TableError(
            "hand_already_folded",
            f"{ruling.player}'s dead hand was folded as the live deal ended: too late (TRN-02)",
        )
    _apply(s, ruling)  # the table's copy of the hand: the live one is the hand in play
    if not ruling.hand_live and not folded and live.deal_complete:
        _ruled(s, FloorKillHand(p, "floor"))
    else:
        _set_hand(s, _live(s).engine, (), None)


# --------------------------------------------------------------------------------------------
# Cash floor (SEAT-06, FEE-02), tournament entries (TRN-12)
# --------------------------------------------------------------------------------------------


def _games(step: Step) -> list[GameCount]:
    tables = step.arg("tables", {})
    return [GameCount(str(name), int(n)) for name, n in tables.items()]


def _op_transfer(s: _Session, step: Step) -> None:
    games = {g.name: g for g in _games(step)}
    target = str(step.arg("to_table"))
    sources = [g for name, g in games.items() if name != target]
    if target not in games or len(sources) != 1:
        raise ScenarioError(
            "bad_value", f"transfer: tables {sorted(games)} must be two, one of them {target!r}"
        )
    source = sources[0]
    s.rule = "SEAT-06"
    ok, why = transfer_allowed(source, games[target], s.rules)
    if not ok:
        raise PokerroomError("transfer_unbalances", why)
    s.result = {source.name: source.players - 1, target: games[target].players + 1}


def _op_seat_new(s: _Session, step: Step) -> None:
    s.rule = "SEAT-06"
    s.result = {"table": seat_new_player(_games(step))}


def _op_session_fee(s: _Session, step: Step) -> None:
    at = int(step.arg("at"))
    event = step.arg("event", "sit_down")
    s.rule = "FEE-02"
    if event == "sit_down":
        fee = fee_on_sitting(at, s.rules)
        s.result = {"pays_now": fee.pays_now, "next_due": fee.next_due}
    elif event == "away":
        s.result = {"owed_on_return": owed_on_return(last_collection(at, s.rules) == at)}
    elif event == "refuses":
        refusal = fee_on_refusal(step.flag("waiting_list", False), s.rules)
        s.result = {
            "courtesy_hands": refusal.courtesy_hands,
            "pay_or_leave_now": refusal.must_pay_or_leave_now,
        }
    else:
        raise ScenarioError(
            "bad_value", f"session_fee event = {event!r}; allowed: sit_down, away, refuses"
        )


def _op_payouts(s: _Session, step: Step) -> None:
    flights = step.arg("flights", {})
    reg = Registry(
        s.rules, load_structure("standard_20"),
        EntryPolicy(re_entry=True, max_entries_per_flight=0, late_reg_until_level=6),
    )
    level = reg.structure.level(2)
    # A re-entry is a late entry; a house that seats it at a placed stack (LPR:L193) needs
    # one, which the count does not use: the full starting stack.
    placed = (
        reg.structure.starting_stack if s.rules.late_reg_penalty == "blinded_stack" else None
    )
    names: dict[str, list[str]] = {}
    fresh = 0
    clock = 0
    for flight, spec in flights.items():
        players: list[str] = []
        for key, value in spec.items():
            if key.startswith("also_in_"):
                players.extend(names[key.removeprefix("also_in_")][: int(value)])
        while len(players) < int(spec["players"]):
            fresh += 1
            players.append(f"player{fresh}")
        for player in players:
            clock += 1
            reg = reg.register(player, at=clock, flight=flight)
        for player in players[: int(spec["entries"]) - len(players)]:
            clock += 1
            entry = reg.entries_of(player, flight)[-1].entry_id
            reg = reg.bust(entry, at=clock).re_enter(
                player, at=clock, level=level, flight=flight, seat_stack=placed
            )
        names[flight] = players
    counted = reg.counted_entries()
    s.rule = "TRN-12"
    s.result = {
        "unique_entries": reg.unique_entries(), "total_entries": len(reg.entries),
        "payout_basis": counted, "places_paid": STANDARD_PAYOUTS.places_paid(counted),
    }


FLOOR_OPS: dict[str, Callable[[_Session, Step], None]] = {
    "deal": _op_deal,
    "misdeal": _op_misdeal,
    "boxed_card": _op_boxed,
    "exposed_card": _op_dealt_card(ExposedCard),
    "card_off_table": _op_dealt_card(CardOffTable),
    "premature_flop": _op_premature,
    "missed_burn": _op_burn_error("missed"),
    "double_burn": _op_burn_error("double"),
    "correct_burn": _op_correct_burn,
    "too_many_flop_cards": _op_too_many_flop,
    "duplicate_card": _op_duplicate,
    "dealer_kills": _op_dealer_kills,
    "fold_declared": _op_hand_ruling(_fold_declared),
    "cards_reach_muck": _op_hand_ruling(_reach_muck),
    "retrieve_hand": _op_hand_ruling(_retrieve),
    "cards_thrown_into_hand": _op_hand_ruling(_thrown),
    "dropped_card": _op_hand_ruling(_dropped),
    "extra_card": _op_extra_card,
    "failure_to_cut": _op_hand_ruling(_failure_to_cut),
    "report_irregularity": _op_hand_ruling(_report),
    "shuffle_objection": _op_hand_ruling(_objection),
    "self_deal": _op_hand_ruling(_self_deal),
    "cards_to_wrong_seat": _op_hand_ruling(_wrong_seat),
    "player_dealt_out": _op_hand_ruling(_dealt_out),
    "different_back": _op_different_back,
    "missing_cards": _op_missing,
    "flashed_card": _op_hand_ruling(_flashed),
    "stub_fouled": _op_hand_ruling(_fouled),
    "reconstruct": _op_reconstruct,
    "joker_found": _op_joker,
    "penalty": _op_penalty,
    "return_during_deal": _op_return,
    "transfer": _op_transfer,
    "seat_new_player": _op_seat_new,
    "session_fee": _op_session_fee,
    "payouts": _op_payouts,
}
"""Operations of this module by step name."""
