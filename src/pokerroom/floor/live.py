"""Live dealing: a hand dealt from a physical deck, card by card, with the floor's rulings.

A :class:`LiveHand` wraps the hand engine in external dealing mode. The dealer reports every
card as it comes off the deck, burns included, in dealing order: hole cards one at a time
clockwise from position 0 (FLOW-02, :class:`DealHoleCard`), then a burn before the flop, the
turn and the river (FLOW-05, :class:`BurnCard`, :class:`DealBoardCards`); a card turned with
the flop beyond its three is reported with :class:`ExtraFlopCard` and waits for the
supervisor's pick (IRR-13, :class:`~pokerroom.floor.corrections.TooManyFlopCards`). Betting
actions (``Fold``, ``CheckCall``, ``BetRaise``, ``Show``, ``Muck``) pass through to the
engine. The live hand keeps what the engine does not: where each physical card went (a player,
the burn, the board, face up, boxed, scrapped, back in the stub), how many voluntary actions
have been taken (the misdeal cut-off, MIS-01), which hands are dead, and the premature board
cards or the flop turned with too many cards that wait for the floor.

Floor operations are commands too (:mod:`pokerroom.floor.irregularities` for MIS / IRR,
:mod:`pokerroom.floor.dead` for DEAD, :mod:`pokerroom.floor.procedure` for DEAL-02/03 and
MIS-09, :mod:`pokerroom.floor.deck_faults` for IRR-06/07/08/15 and
:mod:`pokerroom.floor.corrections` for IRR-13/14/16); :func:`apply` takes any of them. Known
cards the floor put back on top of the stub (:attr:`LiveHand.stub_top`) must come off next, in
that order, and a street may owe a second burn (:attr:`LiveHand.extra_burns`, IRR-14). Each
returns the new live hand and the events it caused; the log of events is the truth
(:func:`replay` rebuilds the hand from it). A hand ended by a misdeal or declared void carries a
:class:`RedealRequired` in :attr:`LiveHand.redeal`: the table returns the chips and deals again.

The dealer's commands and the live hand's events are in :mod:`pokerroom.floor.dealing`.

Bad commands raise a typed error (:class:`FloorError`, ``DealError``, ``IllegalAction``) that
says what was wrong and what is allowed, and the live hand is left unchanged.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.hand import HandConfig, BetRaise, Fold
>>> live = LiveHand.start(HandConfig.holdem_no_limit((100, 100, 100), 1, 2))
>>> for position, card in zip([0, 1, 2, 0, 1, 2], parse_cards("AsKsQdQc7h2d")):
...     live, _ = apply(live, DealHoleCard(position, card))
>>> live.engine.actor, live.actions
(2, 0)
>>> live, events = apply(live, BetRaise(2, 6))
>>> live.actions, live.where(parse_cards("Qc")[0])
(1, 'hole p1')
>>> live, _ = apply(live, Fold(0))
>>> live, _ = apply(live, Fold(1))
>>> live.engine.is_over, live.engine.stacks
(True, (99, 98, 103))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from pokerroom.cards import Card
from pokerroom.errors import DealError
from pokerroom.floor.dealing import (
    BoardCardsDealt,
    BurnCard,
    BurnIrregularity,
    BurnTaken,
    CardFate,
    CardsRestored,
    DeadHand,
    DealBoardCards,
    DealHoleCard,
    EngineInput,
    EngineRebuilt,
    EngineStep,
    ExtraFlopCard,
    ExtraFlopCardTurned,
    FloorError,
    FloorRuling,
    HandReconstructed,
    HoleCardPlaced,
    LiveEvent,
    PlayerAction,
    PrematureCardsDealt,
    RedealRequired,
)
from pokerroom.hand.actions import (
    BETTING_ACTIONS,
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    KillHand,
    Muck,
    RunItTwice,
    RunOnce,
    Show,
)
from pokerroom.hand.config import HandConfig
from pokerroom.hand.decisions import rit_offered
from pokerroom.hand.engine import apply as engine_apply
from pokerroom.hand.engine import start_hand
from pokerroom.hand.events import BoardDealt, Event
from pokerroom.hand.state import BET, BOARD, DEAL_HOLE, SHOWDOWN, HandState

__all__ = [
    "LiveHand",
    "apply",
    "last_board_dealt",
    "replay",
    "run_dealt_after",
    "run_in_progress",
]

# ---------------------------------------------------------------------------------------
# The live hand
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LiveHand:
    """One hand dealt from a physical deck: the engine state plus the physical facts."""

    config: HandConfig
    engine: HandState
    inputs: tuple[EngineInput, ...] = ()
    log: tuple[LiveEvent, ...] = ()
    #: hole cards by position as physically held (``None``: a card nobody saw)
    hands: tuple[tuple[Card | None, ...], ...] = ()
    #: every physical card in the order it came off the deck, with where it went
    trail: tuple[tuple[Card | None, CardFate, int], ...] = ()
    #: (position, slot, fate of the card being replaced) owed a replacement card (IRR-01/04)
    owed: tuple[tuple[int, int, CardFate], ...] = ()
    exposed_in_deal: int = 0
    boxed_in_deal: int = 0
    #: board streets whose burn is done (1 flop, 2 turn, 3 river)
    burned: frozenset[int] = frozenset()
    premature: tuple[Card, ...] = ()
    premature_street: int = 0
    #: voluntary actions taken so far (MIS-01)
    actions: int = 0
    acted: frozenset[int] = frozenset()
    dead: frozenset[int] = frozenset()
    #: hands that may only check, call or fold (DEAD-03 GROS retrieval, IRR-08 HIPP flash)
    restricted: frozenset[int] = frozenset()
    #: known cards on top of the stub, next to come off in this order (IRR-13/14)
    stub_top: tuple[Card, ...] = ()
    #: streets that owe a second burn before their board (IRR-14: later cards as without error)
    extra_burns: frozenset[int] = frozenset()
    #: a flop turned with too many cards, in dealing order, waiting for the pick (IRR-13)
    flop_turned: tuple[Card, ...] = ()
    #: positions whose cards have reached the muck (DEAD-02)
    in_muck: frozenset[int] = frozenset()
    hole_sent: bool = False
    redeal: RedealRequired | None = None
    _engine_log: tuple[Event, ...] = field(default=(), repr=False)

    @staticmethod
    def start(config: HandConfig) -> LiveHand:
        """Post the blinds and wait for the dealer's first card."""
        state, events = start_hand(config)
        n = config.players
        return LiveHand(
            config=config,
            engine=state,
            hands=((),) * n,
            _engine_log=events,
        )

    # -- read-only views -------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """True once the engine has awarded the pot, or the hand was called off."""
        return self.redeal is not None or self.engine.is_over

    @property
    def engine_events(self) -> tuple[Event, ...]:
        """The engine's own event log (blinds first)."""
        return self._engine_log

    @property
    def cutoff_count(self) -> int:
        """Actions counted toward the misdeal cut-off (MIS-01): voluntary ones, plus the
        blinds where the house counts them."""
        blinds = sum(1 for b in self.config.blinds if b)
        return self.actions + (blinds if self.config.rules.misdeal_cutoff_counts_blinds else 0)

    @property
    def misdeal_allowed(self) -> bool:
        """True while a dealer error can still be a misdeal (MIS-01)."""
        return not self.is_over and self.cutoff_count < self.config.rules.misdeal_cutoff_actions

    @property
    def deal_complete(self) -> bool:
        """True once every position holds its hole cards and no replacement is owed."""
        k = self.config.variant.hole_cards
        return all(len(h) == k for h in self.hands) and not self.owed

    def seen(self) -> frozenset[Card]:
        """Known cards out of the stub (cards returned to the stub are not counted)."""
        fate: dict[Card, CardFate] = {}
        for card, where, _ in self.trail:
            if card is not None:
                fate[card] = where
        return frozenset(c for c, f in fate.items() if f != "stub")

    def where(self, card: Card) -> str:
        """Where this physical card is now: ``'hole p2'``, ``'burn'``, ``'board'``, ``'stub'``..."""
        result = "stub"
        for c, fate, pos in self.trail:
            if c == card:
                result = f"{fate} p{pos + 1}" if pos >= 0 else fate
        return result

    def refunds(self) -> tuple[int, ...]:
        """Every chip each position has put in this hand (what a misdeal gives back)."""
        return tuple(self.engine.contrib)

    def check_open(self, what: str) -> None:
        """Raise :class:`FloorError` if the hand is over (nothing may change it any more)."""
        if self.redeal is not None:
            raise FloorError(
                "hand_called_off",
                f"{what}: the hand was already called off ({self.redeal.kind}, "
                f"{self.redeal.rule}); deal the next hand",
            )
        if self.engine.is_over:
            raise FloorError(
                "hand_over",
                f"{what}: the hand is over and the pot awarded; later changes need an "
                "override by the supervisor (GOV-01, GOV-02)",
            )


# ---------------------------------------------------------------------------------------
# Engine plumbing
# ---------------------------------------------------------------------------------------


def kill_in_engine(state: HandState, position: int) -> tuple[HandState, tuple[Event, ...]]:
    """Make ``position``'s hand dead out of turn (the engine's ``KillHand``, DEAD-06);
    betting continues from the player whose turn it was."""
    if state.folded[position]:
        return state.copy(), ()
    if state.phase not in (BET, BOARD, SHOWDOWN) or (
        state.show_order and state.phase != SHOWDOWN
    ):
        raise FloorError(
            "cannot_kill_now",
            f"p{position + 1}'s hand can be made dead only during the betting, between streets "
            f"or at the showdown (phase {state.phase_name})",
        )
    # DEAD-06: the house's refund (killed_hand_refund) is ruled by the floor before the kill;
    # what is left of the hand's bets stays in the pot.
    return engine_apply(state, KillHand(position, forfeit_uncalled=True))


def engine_step(state: HandState, item: EngineInput) -> tuple[HandState, tuple[Event, ...]]:
    """Give one input to the engine (a copy): an action, or a dead-hand marker."""
    if isinstance(item, DeadHand):
        return kill_in_engine(state, item.position)
    return engine_apply(state, item)


def run_engine(
    config: HandConfig, inputs: Iterable[EngineInput]
) -> tuple[HandState, tuple[Event, ...]]:
    """The engine state after these inputs, and its whole event log."""
    state, first = start_hand(config)
    log = list(first)
    for item in inputs:
        state, events = engine_step(state, item)
        log.extend(events)
    return state, tuple(log)


def street_start(inputs: Sequence[EngineInput]) -> int:
    """Index of the first input of the current betting round."""
    for i in range(len(inputs) - 1, -1, -1):
        if isinstance(inputs[i], DealBoard | DealHole):
            return i + 1
    return 0


# ---------------------------------------------------------------------------------------
# evolve: the only place a live hand changes
# ---------------------------------------------------------------------------------------


def evolve(live: LiveHand, event: LiveEvent) -> LiveHand:
    """The live hand after one event (used by :func:`apply` and :func:`replay`)."""
    log = (*live.log, event)
    if isinstance(event, HoleCardPlaced):
        return _ev_hole(live, event, log)
    if isinstance(event, BurnTaken):
        fate: CardFate = "burn"
        extra = live.extra_burns
        if event.street in live.burned and event.street in extra:
            extra = extra - {event.street}  # IRR-14: the owed second burn
        return replace(
            live,
            log=log,
            burned=live.burned | {event.street},
            extra_burns=extra,
            stub_top=live.stub_top[1:],
            trail=(*live.trail, (event.card, fate, -1)),
        )
    if isinstance(event, BurnIrregularity):
        return replace(live, log=log)
    if isinstance(event, BoardCardsDealt):
        board: CardFate = "board"
        return replace(
            live,
            log=log,
            stub_top=live.stub_top[len(event.cards) :],
            trail=(*live.trail, *((c, board, -1) for c in event.cards)),
        )
    if isinstance(event, PrematureCardsDealt):
        early: CardFate = "premature"
        return replace(
            live,
            log=log,
            premature=event.cards,
            premature_street=event.street,
            stub_top=live.stub_top[len(event.cards) :],
            trail=(*live.trail, *((c, early, -1) for c in event.cards)),
        )
    if isinstance(event, ExtraFlopCardTurned):
        turned: CardFate = "board"
        return replace(
            live,
            log=log,
            flop_turned=(*event.flop, event.card),
            stub_top=live.stub_top[1:],
            trail=(*live.trail, (event.card, turned, -1)),
        )
    if isinstance(event, EngineStep):
        state, _ = engine_step(live.engine, event.input)
        voluntary = isinstance(event.input, BETTING_ACTIONS)
        acted = live.acted
        if voluntary:
            acted = acted | {event.input.actor}  # type: ignore[union-attr]
        burned = live.burned
        if (
            state.runs == 2
            and isinstance(event.input, DealBoard)
            and len(state.boards[0]) == 5
            and len(live.engine.boards[0]) < 5
        ):
            # RIT-02: the first run is out; the second is burned and dealt from the same
            # stub, street by street after those both runs share.
            burned = _streets_shared(state)
        return replace(
            live,
            log=log,
            engine=state,
            burned=burned,
            inputs=(*live.inputs, event.input),
            actions=live.actions + int(voluntary),
            acted=acted,
            hole_sent=live.hole_sent or isinstance(event.input, DealHole),
            _engine_log=(*live._engine_log, *event.events),
        )
    if isinstance(event, EngineRebuilt):
        state, events = run_engine(live.config, event.inputs)
        return replace(live, log=log, engine=state, inputs=event.inputs, _engine_log=events)
    if isinstance(event, CardsRestored):
        return replace(
            live,
            log=log,
            trail=(*live.trail, *((c, f, -1) for c, f in event.moves)),
            stub_top=event.stub_top,
            burned=event.burned,
            extra_burns=event.extra_burns,
        )
    if isinstance(event, HandReconstructed):
        return replace(replay(live.config, live.log[: event.keep]), log=log)
    return _ev_ruling(live, event, log)


def _ev_hole(live: LiveHand, e: HoleCardPlaced, log: tuple[LiveEvent, ...]) -> LiveHand:
    hands = list(live.hands)
    hand = list(hands[e.position])
    hole: CardFate = "hole"
    trail = [*live.trail, (e.card, hole, e.position)]
    owed = live.owed
    if e.slot >= 0:
        old = hand[e.slot]
        _, _, old_fate = owed[0]
        owed = owed[1:]
        hand[e.slot] = e.card
        trail.append((old, old_fate, -1))
        burned = live.burned | {1} if old_fate == "burn" else live.burned
    else:
        hand.append(e.card)
        burned = live.burned
    hands[e.position] = tuple(hand)
    return replace(live, log=log, hands=tuple(hands), trail=tuple(trail), owed=owed, burned=burned)


def _ev_ruling(live: LiveHand, e: FloorRuling, log: tuple[LiveEvent, ...]) -> LiveHand:
    """Bookkeeping of a floor ruling (engine changes come as their own events)."""
    out = e.outcome
    changes: dict[str, object] = {"log": log}
    trail = list(live.trail)
    if e.redeal is not None:
        changes["redeal"] = e.redeal
    if e.rule == "IRR-13" and out == "flop_chosen":
        changes["flop_turned"] = ()  # the supervisor picked the flop
    if e.rule == "IRR-02" and not live.hole_sent:
        changes["boxed_in_deal"] = live.boxed_in_deal + 1
    if out == "replace":  # IRR-01 / IRR-04: the card in this slot is owed a replacement
        (position,) = e.positions
        card = e.cards[0]
        hand = live.hands[position]
        slot = _slot_of(hand, card)
        fate: CardFate = "burn" if card is not None else "scrap"
        changes["owed"] = (*live.owed, (position, slot, fate))
        if card is not None:
            exposed: CardFate = "exposed"
            trail.append((card, exposed, position))
            changes["exposed_in_deal"] = live.exposed_in_deal + 1
    elif out in ("scrap", "back_to_stub", "exposed_burn", "extra_to_burn", "exposed_in_hand"):
        new_fate: CardFate = {
            "scrap": "scrap",
            "back_to_stub": "stub",
            "exposed_burn": "burn",
            "extra_to_burn": "burn",
            "exposed_in_hand": "exposed",
        }[out]  # type: ignore[assignment]
        pos = e.positions[0] if out == "exposed_in_hand" else -1
        trail.extend((c, new_fate, pos) for c in e.cards)
        if out == "extra_to_burn":
            changes["burned"] = live.burned | {1}
    elif out in ("reshuffle", "set_aside", "stands"):
        to: CardFate = {"reshuffle": "stub", "set_aside": "set_aside", "stands": "board"}[out]  # type: ignore[assignment]
        trail.extend((c, to, -1) for c in e.cards)
        changes["premature"] = ()
        changes["premature_street"] = 0
        burned = set(live.burned)
        if out == "set_aside":  # IRR-11 LPR: new burn for the turn, none for the river
            burned.discard(e.street)
            burned.add(e.street + 1)
        elif out == "reshuffle" and live.config.rules.premature_flop_new_burn:
            burned.discard(e.street)  # G18 off: a new burn before the replacement card
        changes["burned"] = frozenset(burned)
    elif out == "release_set_aside":
        trail.extend((c, "stub", -1) for c in e.cards)
    elif out == "dead":
        changes["dead"] = live.dead | set(e.positions)
        changes["restricted"] = live.restricted - set(e.positions)
    elif out == "aggression_locked":  # IRR-08 (HIPP:L155): check, call or fold only
        changes["restricted"] = live.restricted | set(e.positions)
    elif out in ("missing", "void_card", "dead_cards"):  # IRR-07, IRR-06, MIS-09
        gone: CardFate = "missing" if out == "missing" else "scrap"
        trail.extend((c, gone, -1) for c in e.cards)
    elif out in ("retrieved", "retrieved_no_further_action"):
        changes["dead"] = live.dead - set(e.positions)
        if out == "retrieved_no_further_action":  # GROS:L56, CONFLICTS G-17: check/call only
            changes["restricted"] = live.restricted | set(e.positions)
    if e.rule == "DEAD-02" and out in ("dead", "in_muck"):
        changes["in_muck"] = live.in_muck | set(e.positions)
    changes["trail"] = tuple(trail)
    return replace(live, **changes)  # type: ignore[arg-type]


def _slot_of(hand: tuple[Card | None, ...], card: Card | None) -> int:
    if card is None:
        return max(i for i, c in enumerate(hand) if c is None)
    return hand.index(card)


# ---------------------------------------------------------------------------------------
# decide: dealer and player commands
# ---------------------------------------------------------------------------------------


def check_fresh(live: LiveHand, cards: Iterable[Card | None]) -> None:
    """Each card is new: not out of the deck yet, and not named twice in ``cards``."""
    seen = live.seen()
    batch: set[Card] = set()
    for c in cards:
        if c is not None and c in batch:
            raise DealError(
                "duplicate_card",
                f"{c!r} is named twice in these cards: each card comes off the deck once",
            )
        if c is not None and c in seen:
            raise DealError(
                "duplicate_card",
                f"{c!r} has already come out of the deck ({live.where(c)}); if the deck "
                "really holds it twice the floor rules it with DuplicateCardFound "
                "(IRR-05), else report the card that was dealt",
            )
        if c is not None:
            batch.add(c)


def from_stub_top(live: LiveHand, cards: Sequence[Card | None]) -> None:
    """Refuse cards that are not the known next cards of the stub (IRR-13/14 corrections)."""
    for want, got in zip(live.stub_top, cards, strict=False):
        if got is not None and got != want:
            raise DealError(
                "not_next_card",
                f"the floor put {', '.join(map(repr, live.stub_top))} back on top of the stub "
                f"(IRR-13/14: later cards are those that would have come without the error); "
                f"the next card off is {want!r}, not {got!r}",
            )


def _hole_inputs(live: LiveHand) -> list[LiveEvent]:
    """Once the deal is complete, give each position's hand to the engine (FLOW-02)."""
    events: list[LiveEvent] = []
    state = live.engine
    for p, hand in enumerate(live.hands):
        action = DealHole(p, hand)
        state, evs = engine_apply(state, action)
        events.append(EngineStep(action, evs))
    return events


def _decide_hole(live: LiveHand, cmd: DealHoleCard) -> list[LiveEvent]:
    n, k = live.config.players, live.config.variant.hole_cards
    placed = sum(len(h) for h in live.hands)
    if not 0 <= cmd.position < n:
        raise DealError("bad_position", f"p{cmd.position + 1} is not in this hand (p1..p{n})")
    if placed < n * k:
        due = placed % n
        if cmd.position != due:
            raise DealError(
                "out_of_order",
                f"the next hole card is due to p{due + 1}, not p{cmd.position + 1} (FLOW-02: "
                "one at a time clockwise from p1); a card dealt out of order is a misdeal "
                "before the cut-off: DeclareMisdeal('out_of_order') (MIS-08)",
            )
        check_fresh(live, (cmd.card,))
        event = HoleCardPlaced(cmd.position, cmd.card)
    elif live.owed:
        due, slot, _ = live.owed[0]
        if cmd.position != due:
            raise DealError(
                "out_of_order", f"p{due + 1} is owed a replacement card first (IRR-01/04)"
            )
        check_fresh(live, (cmd.card,))
        event = HoleCardPlaced(cmd.position, cmd.card, slot)
    else:
        raise DealError("no_hole_card_due", "every position has its hole cards; nothing is owed")
    after = evolve(live, event)
    events: list[LiveEvent] = [event]
    if after.deal_complete:
        if not after.hole_sent:
            events.extend(_hole_inputs(after))
        else:
            inputs = tuple(
                DealHole(i.position, after.hands[i.position]) if isinstance(i, DealHole) else i
                for i in after.inputs
            )
            _, evs = run_engine(after.config, inputs)
            events.append(EngineRebuilt(inputs, evs))
    return events


def next_street(live: LiveHand) -> int:
    """The board street the next board card belongs to (1 flop, 2 turn, 3 river; 0: none)."""
    state = live.engine
    if not state.config.variant.has_board:
        return 0
    if state.phase == BOARD:
        # FLOW-05 / FLOW-09: by the cards on the board being dealt (RIT-02: the second run's
        # once the first is out). In a run-out with the betting closed the engine's street
        # stays where the betting stopped while the rest is dealt.
        dealt = len(_board_in_progress(state))
        return 1 if dealt < 3 else dealt - 1 if dealt < 5 else 0
    if state.phase == BET and state.street < 3:
        return state.street + 1
    return 0


def _board_in_progress(state: HandState) -> list[Card]:
    """The board now being dealt: the first run's, then (RIT-02) the second's."""
    return state.boards[run_in_progress(state)]


def run_in_progress(state: HandState) -> int:
    """The run whose board is being dealt: 0, or 1 once the first of two runs is out (RIT-02)."""
    for run, board in enumerate(state.boards):
        if len(board) < 5:
            return run
    return 0


def run_dealt_after(live: LiveHand, index: int) -> int:
    """The run that the first board deal after ``live.log[index]`` went to (RIT-02: a burn
    error belongs to the board dealt after it); with no deal since, the run being dealt."""
    for event in live.log[index:]:
        if isinstance(event, EngineStep):
            for e in event.events:
                if isinstance(e, BoardDealt):
                    return e.run
    return run_in_progress(live.engine)


def last_board_dealt(live: LiveHand) -> list[Card]:
    """The board that the last board deal went to (the first run's, or the second's)."""
    for event in reversed(live.log):
        if isinstance(event, EngineStep):
            for e in event.events:
                if isinstance(e, BoardDealt):
                    return live.engine.boards[e.run]
    return live.engine.boards[0]


def _streets_shared(state: HandState) -> frozenset[int]:
    """RIT-02: the streets both runs share (dealt before the players agreed): the second run
    burns and deals only the streets after them."""
    shared = len(state.boards[-1])
    return frozenset(street for street, cards in ((1, 3), (2, 4), (3, 5)) if shared >= cards)


def run_out_started(live: LiveHand) -> bool:
    """True once a board card has been dealt after the betting closed: the run-out has begun
    and the board is run once (RIT-01)."""
    inputs = live.inputs
    return live.engine.betting_closed and bool(inputs) and isinstance(inputs[-1], DealBoard)


def runs_open(live: LiveHand) -> bool:
    """RIT-01 in a hand dealt live: the betting is over with board cards to come, the house
    runs it twice, and neither the players' answer nor the run-out's first card has come. The
    dealer waits for the answer (``RunItTwice``/``RunOnce``); turning the next card runs the
    board once. A pot must reach the house's minimum; who agreed, the answer decides."""
    return (
        rit_offered(live.engine)
        and live.redeal is None
        and not live.premature
        and not live.flop_turned
        and not run_out_started(live)
    )


def _decide_runs(live: LiveHand, answer: RunItTwice | RunOnce) -> list[LiveEvent]:
    """RIT-01/02: the players' answer on running it twice, before the run-out's first card;
    the engine judges the pots (minimum, who agreed)."""
    if run_out_started(live):
        raise FloorError(
            "run_out_started",
            f"{type(answer).__name__}: the run-out has begun (a board card was turned after "
            "the betting closed), so the board is run once (RIT-01); agree before the next "
            "card is dealt",
        )
    _, evs = engine_apply(live.engine, answer)
    return [EngineStep(answer, evs)]


def check_no_flop_pick(live: LiveHand, what: str) -> None:
    """Refuse ``what`` while a flop turned with too many cards waits for the supervisor."""
    if live.flop_turned:
        raise FloorError(
            "flop_pick_pending",
            f"{what}: the dealer turned {len(live.flop_turned)} cards for the flop "
            f"({', '.join(map(repr, live.flop_turned))}); the supervisor picks three of them "
            "first with TooManyFlopCards (IRR-13, GOV-05)",
        )


def _decide_extra_flop(live: LiveHand, cmd: ExtraFlopCard) -> list[LiveEvent]:
    """IRR-13: one more card turned with the flop just dealt. The flop is taken back from the
    engine (nobody may act on it) until the supervisor picks three of the cards turned."""
    turned = live.flop_turned
    if not turned:
        last = live.log[-1] if live.log else None
        board = last_board_dealt(live)  # RIT-02: the second run's flop too
        flop_last = isinstance(last, EngineStep) and isinstance(last.input, DealBoard)
        if not (flop_last and len(board) == 3):
            raise DealError(
                "no_flop_turned",
                "a card turned with the flop comes right after the flop's three cards, before "
                f"anyone acts on them or the turn is burned (IRR-13); board now: {list(board)}",
            )
        turned = tuple(board)
    if len(turned) >= 5:
        raise DealError(
            "wrong_card_count",
            f"{len(turned)} cards are turned already: IRR-13 rules on a flop of four or five "
            "(three are the flop, the surplus the turn and river burns)",
        )
    check_fresh(live, (cmd.card,))
    from_stub_top(live, (cmd.card,))
    events: list[LiveEvent] = []
    if not live.flop_turned:
        inputs = live.inputs[:-1]  # the flop's DealBoard: it waits for the supervisor's pick
        _, evs = run_engine(live.config, inputs)
        events.append(EngineRebuilt(inputs, evs))
    events.append(ExtraFlopCardTurned(cmd.card, turned))
    return events


def _decide_burn(live: LiveHand, cmd: BurnCard) -> list[LiveEvent]:
    check_no_flop_pick(live, "BurnCard")
    street = next_street(live)
    if street == 0 or not live.deal_complete or live.premature:
        raise DealError(
            "no_burn_due",
            f"no card is due to be burned now (phase {live.engine.phase_name}); a burn comes "
            "before the flop, the turn and the river (FLOW-05)",
        )
    check_fresh(live, (cmd.card,))
    from_stub_top(live, (cmd.card,))
    events: list[LiveEvent] = []
    if cmd.exposed:
        events.append(
            FloorRuling(
                "IRR-03",
                "announced",
                "exposed burn card announced, burned face down",
                cards=(cmd.card,),
                street=street,
            )
        )
    if street in live.burned and street not in live.extra_burns:
        events.append(BurnIrregularity(street, "two_burns"))
    events.append(BurnTaken(street, cmd.card, cmd.exposed))
    return events


def _decide_board(live: LiveHand, cmd: DealBoardCards) -> list[LiveEvent]:
    check_no_flop_pick(live, "DealBoardCards")
    street = next_street(live)
    if street == 0 or not live.deal_complete or live.premature:
        raise DealError(
            "no_board_due",
            f"no board card is due now (phase {live.engine.phase_name})"
            + ("; premature cards wait for RulePrematureCards" if live.premature else ""),
        )
    size = 3 if street == 1 else 1
    if len(cmd.cards) != size:
        raise DealError(
            "wrong_card_count",
            f"street {street} is {size} card(s), not {len(cmd.cards)}"
            + (
                "; a flop turned with too many cards: TooManyFlopCards (IRR-13)"
                if size == 3
                else ""
            ),
        )
    events: list[LiveEvent] = []
    aside = tuple(c for c in live.seen() if live.where(c) == "set_aside")
    if street == 3 and aside:
        # IRR-11 (LPR r55): the set-aside turn card goes back into the stub before the river.
        release = FloorRuling(
            "IRR-11", "release_set_aside", "set-aside card shuffled into the stub", cards=aside
        )
        events.append(release)
        live = evolve(live, release)
    check_fresh(live, cmd.cards)
    from_stub_top(live, cmd.cards)
    if street not in live.burned or street in live.extra_burns:
        events.append(BurnIrregularity(street, "no_burn"))
    if live.engine.phase == BET:
        events.append(PrematureCardsDealt(street, cmd.cards))
        return events
    events.append(BoardCardsDealt(street, cmd.cards))
    action = DealBoard(cmd.cards)
    _, evs = engine_apply(live.engine, action)
    events.append(EngineStep(action, evs))
    return events


def _decide_action(live: LiveHand, action: PlayerAction) -> list[LiveEvent]:
    check_no_flop_pick(live, str(action))
    if live.premature:
        raise FloorError(
            "premature_cards_pending",
            f"{action}: board cards were dealt before the betting was over; the floor must "
            "rule first with RulePrematureCards (IRR-10/11/12, GOV-05)",
        )
    if live.owed:
        p = live.owed[0][0]
        raise FloorError(
            "replacement_owed",
            f"{action}: p{p + 1} is owed a replacement card; deal it with DealHoleCard({p}, ...)",
        )
    if isinstance(action, BetRaise) and action.actor in live.restricted:
        why = next(
            (
                f"{e.rule}: {e.detail}"
                for e in reversed(live.log)
                if isinstance(e, FloorRuling)
                and action.actor in e.positions
                and e.outcome in ("retrieved_no_further_action", "aggression_locked")
            ),
            "restricted",
        )
        raise FloorError(
            "no_further_action",
            f"p{action.actor + 1} may only check, call or fold for the rest of the hand ({why})",
        )
    _, evs = engine_apply(live.engine, action)
    return [EngineStep(action, evs)]


# ---------------------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------------------


def decide(live: LiveHand, command: object) -> list[LiveEvent]:
    """The events a command causes (raises a typed error and changes nothing if refused)."""
    from pokerroom.floor import corrections, dead, deck_faults, irregularities, procedure

    # IRR-07 and IRR-16 (GROS:L28) may still be ruled on a finished hand (GOV-02 window);
    # those rulings check the hand's state themselves.
    if type(command) not in (*deck_faults.AFTER_HAND, *corrections.AFTER_HAND):
        live.check_open(type(command).__name__)
    if isinstance(command, DealHoleCard):
        return _decide_hole(live, command)
    if isinstance(command, BurnCard | DealBoardCards) and corrections.burn_error_passed(live):
        # IRR-14 (HIPP:L159): dealing a later street over an unruled burn error makes it stand
        stood = corrections.RULINGS[corrections.BurnErrorStands](
            live, corrections.BurnErrorStands()
        )
        after = live
        for event in stood:
            after = evolve(after, event)
        return [*stood, *decide(after, command)]
    if isinstance(command, BurnCard):
        return _decide_burn(live, command)
    if isinstance(command, DealBoardCards):
        return _decide_board(live, command)
    if isinstance(command, ExtraFlopCard):
        return _decide_extra_flop(live, command)
    if isinstance(command, Fold | CheckCall | BetRaise | Show | Muck):
        return _decide_action(live, command)
    if isinstance(command, RunItTwice | RunOnce):
        check_no_flop_pick(live, type(command).__name__)
        return _decide_runs(live, command)
    for module in (irregularities, dead, procedure, deck_faults, corrections):
        rule = module.RULINGS.get(type(command))
        if rule is not None:
            events: list[LiveEvent] = rule(live, command)
            return events
    raise FloorError("unknown_command", f"{command!r} is not a live-dealing or floor command")


def apply(live: LiveHand, command: object) -> tuple[LiveHand, tuple[LiveEvent, ...]]:
    """Apply a dealer, player or floor command; return the new live hand and its events."""
    events = decide(live, command)
    for event in events:
        live = evolve(live, event)
    return live, tuple(events)


def replay(config: HandConfig, events: Iterable[LiveEvent]) -> LiveHand:
    """Rebuild a live hand from its config and event log."""
    live = LiveHand.start(config)
    for event in events:
        live = evolve(live, event)
    return live


def is_dealing(live: LiveHand) -> bool:
    """True while the hole cards are still being dealt (the engine waits for them)."""
    return live.engine.phase == DEAL_HOLE
