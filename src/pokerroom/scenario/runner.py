"""Run a scenario: play its steps at a table under each house and check every expectation.

Pure: :func:`run_scenario` takes a :class:`~pokerroom.scenario.format.Scenario` value and
returns :class:`StepResult` values; it reads no file and no clock (times are in the steps).
The table (:mod:`pokerroom.table`) plays the hands; the floor modules rule on chips pushed
(:mod:`pokerroom.floor.chips`), cards exposed, actions out of turn and the clock. Hand-level
floor rulings (an exposed card, a bet out of turn, BET-08) act on the table's hand in play.

Cards: the table deals from a seeded shuffle; when the scenario fixes cards, the runner deals
the same hand (same config, same positions) from the scenario's deck order instead.

An unexpected error stops the house's run until the next ``reset`` step; the steps skipped
are reported as failures, so nothing is silently left out.

>>> from pokerroom.scenario.format import parse_scenario
>>> sc = parse_scenario({
...     "id": "X01", "title": "heads-up", "house": "cambridge", "mode": "tournament",
...     "houses": ["cambridge", "lpr"], "blinds": [300, 600], "button": 1,
...     "seats": [{"seat": 1, "player": "X", "stack": 9000},
...               {"seat": 2, "player": "Y", "stack": 15000}],
...     "steps": [
...         {"do": "start_hand", "expect": {"posts": {"X": 300, "Y": 600}, "to_act": "X"}},
...         {"player": "X", "act": "raise to 1500", "expect": {"to_act": "Y", "pot": 2100}},
...     ],
... })
>>> results = run_scenario(sc)
>>> all(r.passed for r in results), sorted({r.house for r in results})
(True, ['cambridge', 'lpr'])
>>> results[0].line()
'PASS X01 [cambridge] step 1 start_hand: posts = {X: 300, Y: 600}'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from pokerroom.cards import DECK, Card, parse_card, parse_cards
from pokerroom.deck import SHORT_DECK, shuffled_deck
from pokerroom.errors import PokerroomError
from pokerroom.floor.chips import (
    ChipPush,
    ChipReading,
    Declaration,
    Situation,
    read_chips,
)
from pokerroom.floor.clock import ClockError, call_clock, tick
from pokerroom.floor.exposure import expose_cards, show_to
from pokerroom.floor.out_of_turn import (
    OutOfTurnAction,
    record_out_of_turn,
    rule_out_of_turn,
)
from pokerroom.hand import engine as hand_engine
from pokerroom.hand.actions import (
    Action,
    BetRaise,
    CheckCall,
    CorrectBet,
    Fold,
    Muck,
    Show,
    UndersizedBet,
)
from pokerroom.hand.actions import RunOnce as HandRunOnce
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.events import (
    RunsAgreed,
)
from pokerroom.house import HouseRules, load_house
from pokerroom.scenario.expect import _matches, _normalize, _observe
from pokerroom.scenario.format import (
    ACTIONS,
    CardSpec,
    Scenario,
    ScenarioError,
    SeatSpec,
    Step,
    card_spec,
)
from pokerroom.scenario.session import (
    _apply,
    _hand,
    _name,
    _pos,
    _Session,
    _set_hand,
    _Stop,
    _to_act,
    deal,
)
from pokerroom.scenario.steps_floor import (
    FLOOR_OPS,
    catch_up,
    kill_live,
    live_act,
    live_answer,
    live_start,
)
from pokerroom.table import (
    Act,
    AddChips,
    AgreeChop,
    AgreeRunTwice,
    AskOptions,
    AskPotCount,
    AskToSeeHand,
    ButtonDrawn,
    BuyButton,
    CashOnTable,
    ChangeSeat,
    ColorUpStacks,
    Dispute,
    FloorFlagged,
    ForfeitForMiscall,
    HandRevealed,
    HandStarted,
    ImpoundPot,
    KillHand,
    Leave,
    LogIncident,
    MoneyBehind,
    OptionsTold,
    Override,
    PayIncidental,
    PlayerId,
    PlayerSeated,
    PostBlind,
    PotCounted,
    PotReleased,
    Rebought,
    Rebuy,
    RedrawButton,
    ReleasePot,
    RunOnce,
    Seat,
    SeatNo,
    SetLevel,
    ShowOrMuck,
    SitDown,
    SitIn,
    SitOut,
    SpreadPot,
    StartHand,
    Straddle,
    TableConfig,
    TableState,
    TransferIn,
    TransferOut,
    apply,
    check_call_word,
    plan_hand,
    run_out_pending,
)
from pokerroom.table import evolve as table_evolve
from pokerroom.table.button import best_seats
from pokerroom.table.commands import KILL_RULES
from pokerroom.table.config import AnteType, ShowdownMode
from pokerroom.table.live import chip_rules, situation_for
from pokerroom.table.seats import TableError
from pokerroom.table.stakes import wager_unit
from pokerroom.table.table import run_out_action
from pokerroom.tournament.entrants import EntryPolicy, Registry
from pokerroom.tournament.structure import Level, Structure, color_up

__all__ = ["StepResult", "run_scenario", "summarize"]

_SEED = bytes(range(32))
#: Operations of the floor modules still being written: what each one needs.
#: Operations the runner cannot perform yet, with what each one needs (none left).
PENDING_OPERATIONS: dict[str, str] = {}


@dataclass(frozen=True, slots=True)
class StepResult:
    """One checked expectation (or one step with nothing to check) under one house."""

    scenario: str
    house: str
    step: int
    label: str
    key: str
    expected: Any
    got: Any
    passed: bool

    def line(self) -> str:
        """``PASS S04 [cambridge] step 2 X raise to 1500: to_act = Y`` (FAIL adds what happened)."""
        head = (
            f"{'PASS' if self.passed else 'FAIL'} {self.scenario} [{self.house}] "
            f"step {self.step + 1} {self.label}: {self.key} = {_show(self.expected)}"
        )
        return head if self.passed else f"{head}; got {_show(self.got)}"


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return str(value)


# --------------------------------------------------------------------------------------------
# Setup
# --------------------------------------------------------------------------------------------


def _house_rules(
    sc: Scenario, house: str, params: dict[str, Any], mode: str | None = None
) -> HouseRules:
    mode = mode or sc.mode_for(house)
    try:
        return load_house(house, mode, overrides=params or None)  # type: ignore[arg-type]
    except PokerroomError as err:
        raise ScenarioError("bad_params", f"{sc.source} params for {house}: {err}") from None


def _new_session(
    sc: Scenario,
    house: str,
    *,
    blinds: tuple[int, int] | None = None,
    params: dict[str, Any] | None = None,
    seats: Sequence[SeatSpec] | None = None,
    game: str | None = None,
    cards: CardSpec | None = None,
    button: int | None = None,
    ante: tuple[int, str] | None = None,
    previous: dict[str, int] | None = None,
    mode: str | None = None,
) -> _Session:
    all_params = sc.params_for(house)
    all_params.update(params or {})
    rules = _house_rules(sc, house, all_params, mode)
    small, big = blinds or sc.blinds
    ante_amount, ante_type = ante or (sc.ante, sc.ante_type or "per_player")
    try:
        config = TableConfig(
            rules,
            seats=sc.table_size,
            variant=game or sc.game,
            small_blind=small,
            big_blind=big,
            ante=ante_amount,
            ante_type=cast(AnteType, ante_type) if ante_amount else "none",
            buyin_min=sc.buyin_min,
            buyin_max=sc.buyin_max,
            # STR-07: the unit that plays, by the house's min_wager_unit.
            chip_unit=wager_unit(rules, sc.chips, (small, big, ante_amount)) if sc.chips else 1,
            showdown=cast(ShowdownMode, sc.showdown),  # SHD-05
        )
    except PokerroomError as err:
        raise ScenarioError(err.code, f"{sc.source} table for {house}: {err}") from None
    # the previous hand (a reset's last_button / last_sb / last_bb, else the file's)
    last_button: int | None
    if previous:
        last_button = previous["last_button"]
        last_sb, last_bb = previous.get("last_sb"), previous.get("last_bb")
    else:
        last_button, last_sb, last_bb = sc.last_button, sc.last_sb, sc.last_bb
    specs = sc.seats if seats is None else seats
    chairs: list[Seat | None] = [None] * sc.table_size
    for s in specs:
        if not 1 <= s.seat <= sc.table_size:
            raise ScenarioError(
                "bad_value",
                f"{sc.source}: seat {s.seat} of {s.player}; seats are "
                f"1..{sc.table_size} (table_size)",
            )
        chairs[s.seat - 1] = Seat(
            PlayerId(s.player), s.stack, new=s.new, missed_bb=s.owes,
            # BTN-06: the previous hand's big blind posted it in that hand, as a table that
            # played it would record (heads-up, the most recent big blind takes the button).
            last_bb_hand=sc.hand_no if s.seat == last_bb and not s.new else -1,
        )
    if button is None:
        first = None if previous else sc.button
        button = first if first is not None else last_button
        fresh = first is not None
    else:
        fresh = True  # a reset's button: the next hand's, as a freshly drawn one
    table = TableState(
        config,
        tuple(chairs),
        button=None if button is None else SeatNo(button),
        sb_seat=None if last_sb is None else SeatNo(last_sb),
        bb_seat=None if last_bb is None else SeatNo(last_bb),
        hand_no=sc.hand_no,
        fresh_button=fresh,
        chips_in=sum(s.stack for s in specs),
    )
    chips = chip_rules(rules)
    return _Session(
        sc, house, rules, chips, table, cards=sc.cards if cards is None else cards,
        denominations=tuple(sc.chips),
    )


# --------------------------------------------------------------------------------------------
# Helpers on the session
# --------------------------------------------------------------------------------------------


JOKER = "Jk"
"""IRR-04: a joker in a scenario's deck or hole cards (the live hand holds it as ``None``, a
card nobody saw; ``joker_found`` is the floor's ruling)."""


def _physical(text: str, joker: bool = False) -> list[Card | None]:
    """Cards in deck order; a physical deck may hold a card twice (IRR-05), so no check;
    ``joker``: ``Jk`` is a joker (``None``)."""
    compact = "".join(text.split())
    if len(compact) % 2:
        raise ScenarioError("bad_cards", f"{text!r}: cards are two characters each, e.g. 'As'")
    pairs = [compact[i : i + 2] for i in range(0, len(compact), 2)]
    if not joker and any(p.lower() == JOKER.lower() for p in pairs):
        raise ScenarioError(
            "bad_cards", f"{text!r}: a joker ({JOKER}) may only be a hole card (IRR-04)"
        )
    return [None if p.lower() == JOKER.lower() else parse_card(p) for p in pairs]


def _known(cards: list[Card | None]) -> list[Card]:
    return [c for c in cards if c is not None]


def _deck_for(s: _Session, started: HandStarted, spec: CardSpec) -> list[Card | None]:
    """Chosen cards (``[cards]``, a ``reset``'s or a ``start_hand``'s ``cards``) as a whole deck
    in dealing order: its ``deck``, or its hole cards dealt one at a time in the hand's dealing
    order (FLOW-02 / FLOW-08), then a burn and the flop, a burn and the turn, a burn and the
    river, then the rest of the deck."""
    cards: list[Card | None]
    if spec.deck:
        cards = _physical(spec.deck, joker=True)
    else:
        holes = {name: _physical(text, joker=True) for name, text in spec.hole}
        board = _known(_physical(spec.board))
        known = {c for h in holes.values() for c in h} | set(board)
        spare = [c for c in DECK if c not in known]
        per = started.config.variant.hole_cards
        cards = []
        for r in range(per):
            for p in started.config.deal_order:
                name = s.table.player_at(started.positions[p]) or ""
                hole = holes.get(name)
                cards.append(hole[r] if hole and r < len(hole) else spare.pop(0))
        for size in (3, 1, 1):
            cards.append(spare.pop(0))  # burn
            for _ in range(size):
                cards.append(board.pop(0) if board else spare.pop(0))
    used = set(cards)
    return cards + [c for c in DECK if c not in used]


def _button_for(s: _Session, step: Step) -> SeatNo | None:
    """BTN-07: the seat the dealer puts the button on (``button = N``), or the floor's
    correction after a hand played out with a misplaced button (RRP:L35,
    ``misplaced_button_prev_hand = correct_positions``: the skipped seat gets it)."""
    placed = step.arg("button")
    misplaced, s.misplaced = s.misplaced, None
    if placed is not None:
        should = plan_hand(s.table).button
        if should != placed:
            s.misplaced = (int(should), int(placed))
        return SeatNo(int(placed))
    if misplaced is not None and s.rules.misplaced_button_prev_hand == "correct_positions":
        s.rule = "BTN-07"
        return SeatNo(misplaced[0])
    return None


def _start(s: _Session, step: Step) -> None:
    mistaken = tuple(PlayerId(p) for p in step.arg("dealt_by_mistake", []))
    seed = bytes(step.arg("seed", list(_SEED)))
    button = _button_for(s, step)
    live = step.flag("live", False)
    before = s.table
    command = StartHand(seed, 0.0, mistaken, button=button)  # a live deal is the runner's
    deck: list[Card | None] | None = None
    own = step.arg("cards")
    spec = (
        card_spec(own, f"step {step.index + 1} start_hand") if own is not None
        else s.cards if s.first_hand else None
    )
    if spec is not None and spec.given:
        # The hand's positions, then the chosen cards where they fall in dealing order.
        planned = next(e for e in apply(before, command)[1] if isinstance(e, HandStarted))
        deck = _deck_for(s, planned, spec)
        if not live:
            if None in deck:
                raise ScenarioError(
                    "joker_needs_live",
                    f"a joker ({JOKER}) in the deck needs start_hand live = true",
                )
            command = replace(command, deck=tuple(_known(deck)))
    started = deal(s, before, command)
    if live:
        if deck is None:
            short = started.config.variant.deck_size == 36
            deck = [*shuffled_deck(seed, SHORT_DECK if short else DECK)]
        live_start(s, started, deck, step.arg("deal"))


def _parse_act(s: _Session, player: str, text: str) -> Action:
    hand = _hand(s)
    p = _pos(s, player)
    words = text.lower().replace("all in", "all-in").split()
    if words in (["fold"],):
        return Fold(p)
    if words in (["check"], ["call"]):
        if hand.actor == p:  # the word binds, dealt live too (the table's own check)
            check_call_word(player, words[0], legal_actions(hand))
        return CheckCall(p)
    if words == ["all-in"]:
        to = hand.bets[p] + hand.stacks[p]
        return BetRaise(p, to) if to > hand.current_bet else CheckCall(p)
    if len(words) == 2 and words[0] == "bet" and words[1].isdigit():
        return BetRaise(p, int(words[1]))
    if len(words) == 3 and words[:2] == ["raise", "to"] and words[2].isdigit():
        return BetRaise(p, int(words[2]))
    if words == ["show"]:
        return Show(p)
    if words == ["muck"]:
        return Muck(p)  # SHD-05
    raise ScenarioError("bad_action", f"act = {text!r}; allowed: {', '.join(ACTIONS)}")


def _act_kind(s: _Session, action: Action) -> tuple[str, int]:
    hand = _hand(s)
    if isinstance(action, Fold):
        return "fold", 0
    if isinstance(action, CheckCall):
        return ("check" if hand.bets[action.actor] >= hand.current_bet else "call"), 0
    assert isinstance(action, BetRaise)
    return ("bet" if hand.current_bet == 0 else "raise"), action.to


def _play(s: _Session, action: Action) -> None:
    """Apply a player's action through the table, with the floor's pending rulings."""
    hand = _hand(s)
    s.conduct.check(hand, action)
    ruling = s.oot_ruling
    if (
        ruling is not None
        and isinstance(action, Fold | CheckCall | BetRaise)
        and action.actor == ruling.position
    ):
        outcome = ruling.accept(action, hand)
        s.rule = outcome.rule
        s.oot = None
        s.oot_ruling = None
    if s.live is not None:
        before = len(s.events)
        live_act(s, action)
        _spent(s, action)
        _after_action(s, s.events[before:])
        return
    if isinstance(action, Show | Muck):
        # SHD-05: at the showdown, as the player does it at the table.
        shower = PlayerId(_name(s, action.actor))
        command = ShowOrMuck(shower, "show" if isinstance(action, Show) else "muck")
        _after_action(s, _apply(s, command))
        return
    kind, to = _act_kind(s, action)
    player = _name(s, getattr(action, "actor", 0))
    forfeit = action.forfeit if isinstance(action, Fold) else 0
    events = _apply(s, Act(PlayerId(player), kind, to, forfeit=forfeit))  # type: ignore[arg-type]
    _spent(s, action)
    _after_action(s, events)


def _spent(s: _Session, action: Action) -> None:
    """OOT-06: the player has taken a turn, so a limit on his next turn is used up."""
    if isinstance(action, Fold | CheckCall | BetRaise):
        s.conduct = s.conduct.acted(action.actor)


def _after_action(s: _Session, events: Sequence[Any]) -> None:
    """Feed in-turn actions to the pending out-of-turn records; rule each when his turn comes."""
    if s.table.hand is None or (s.oot is None and not s.oot_later):
        return
    if s.oot is not None:
        s.oot = s.oot.observe(events)
    s.oot_later = tuple(o.observe(events) for o in s.oot_later)
    _rule_pending(s)


def _rule_pending(s: _Session) -> None:
    """OOT-02..06: rule the out-of-turn records in the order they were made, each when its
    player's turn comes. An action that binds is played; the records made after it knew of it,
    so it is no intervening action for them (a call of an out-of-turn bet binds with it)."""
    while True:
        if s.oot is None and s.oot_ruling is None and s.oot_later:
            s.oot, s.oot_later = s.oot_later[0], s.oot_later[1:]
        hand = s.table.hand
        pending = s.oot
        waiting = s.oot_ruling is not None  # a released action waits for the player's choice
        if pending is None or hand is None or hand.actor != pending.position or waiting:
            return
        ruling = rule_out_of_turn(pending, hand)
        s.rule = ruling.rule
        s.oot_binds = ruling.binds  # OOT-02..06: kept after the ruling is carried out
        if ruling.action is None:
            s.oot_ruling = ruling
            return
        s.oot = None
        later, s.oot_later = s.oot_later, ()
        street = hand.street
        _play(s, ruling.action)
        s.oot_later = later + s.oot_later
        if ruling.limits_next_turn:  # OOT-06: his check stood
            s.conduct = s.conduct.limit_next_turn(ruling.position, street)


def _situation(s: _Session, p: int) -> Situation:
    """The bet ``p`` faces, with no raise open where the floor has taken it away: a card he
    exposed (EXP-01/02, LPR r51, GROS:L74, HIPP:L155), his out-of-turn check that stood
    (OOT-06, RRP:L61), a released out-of-turn action with call or fold only (OOT-03), a
    retrieved or flashed hand (DEAD-03 GROS:L56, IRR-08 HIPP:L155). Silent chips are then read
    as a call with the extra handed back (CHP-05 / BET-04), not as a raise he may not make."""
    hand = _hand(s)
    situation = situation_for(hand, p)
    ruling = s.oot_ruling
    limited = (
        s.conduct.limited(p, hand.street)
        or (s.live is not None and p in s.live.restricted)
        or (
            ruling is not None
            and ruling.position == p
            and ruling.options is not None
            and ruling.options.min_raise_to is None
        )
    )
    return replace(situation, raise_allowed=False) if limited else situation


def _push(s: _Session, step: Step) -> None:
    p = _pos(s, step.player)
    hand = _hand(s)
    if hand.actor != p:
        raise ScenarioError(
            "not_to_act",
            f"{step.player} pushes chips but {_to_act(s)} is to act "
            "(use do = 'out_of_turn' for action out of turn)",
        )
    situation = _situation(s, p)
    if step.arg("unaware"):
        situation = replace(situation, aware_of_raise=False)
    declaration = None
    if step.say:
        chip = step.push[0] if len(step.push) == 1 else None
        declaration = Declaration.parse(step.say, chip=chip)
    push = ChipPush(chips=step.push, declaration=declaration, motions=step.motions, tap=step.tap)
    reading = read_chips(push, situation, s.chips)
    s.reading, s.situation, s.reading_player = reading, situation, step.player
    s.rule = reading.rule
    if reading.options or reading.needs_floor:
        return  # the player (or the floor) decides first: a 'choose' step follows
    _apply_reading(s, p, reading)


def _apply_reading(s: _Session, p: int, reading: ChipReading) -> None:
    if reading.action == "fold":
        _play(s, Fold(p, reading.forfeited))  # CHP-06 / OOT-08: forfeited chips stay
    elif reading.action in ("check", "call"):
        _play(s, CheckCall(p))
    else:
        hand = _hand(s)
        to = reading.amount_to
        if to <= hand.current_bet:
            _play(s, CheckCall(p))
        else:
            _play(s, BetRaise(p, to))


def _choose(s: _Session, step: Step) -> None:
    if s.reading is None or s.situation is None:
        raise ScenarioError("no_reading", "'choose' needs a push before it with options")
    p = _pos(s, step.player)
    chosen = s.reading.choose(step.choose, s.situation)  # type: ignore[arg-type]
    s.reading = chosen
    s.rule = chosen.rule
    _apply_reading(s, p, chosen)


# --------------------------------------------------------------------------------------------
# Operations
# --------------------------------------------------------------------------------------------


def _op_player(cls: Any) -> Callable[[_Session, Step], None]:
    def run(s: _Session, step: Step) -> None:
        _apply(s, cls(PlayerId(step.player)))

    return run


def _op_kill_hand(s: _Session, step: Step) -> None:
    rule = step.arg("rule", "NEW-05")
    if s.live is not None and rule == "NEW-05":
        raise TableError(
            "live_unsupported", "KillHand for NEW-05 is not supported in a hand dealt live"
        )
    if s.live is not None and rule in KILL_RULES:
        # A hand the runner deals live: the floor's kill acts on that hand (DEAD-07: no
        # refund, what he put in stays), as the table's KillHand does on one it deals live.
        kill_live(s, str(step.player))
        s.rule = rule
        return
    events = _apply(s, KillHand(PlayerId(step.player), rule))
    s.rule = rule
    _after_action(s, events)  # the turn moved on: an out-of-turn action may now be ruled


def _op_sit_down(s: _Session, step: Step) -> None:
    seat, chips, at = SeatNo(step.arg("seat")), step.arg("chips"), float(step.arg("at", 0))
    events = _apply(s, SitDown(PlayerId(step.player), seat, chips, at))
    s.short = next(e.short for e in events if isinstance(e, PlayerSeated))


def _op_late_entry(s: _Session, step: Step) -> None:
    """TRN-04: a late entrant sits down with the stack the house gives at ``level`` (the
    level in play): CAMB docks 10 big blinds while registration is open and caps a very late
    entry (``very_late``) at 30%; LPR's entrant gets what is left of the stack placed for him
    (``seat_stack``); ``late_reg_until`` is the event's last level of late registration where
    the house leaves it to the TD. ``result`` = ``{stack, docked, kind}``."""
    cfg = s.table.config
    number = int(step.arg("level"))
    try:  # the levels so far at the table's blinds: only the one in play counts (TRN-04)
        levels = tuple(
            Level(k, cfg.small_blind, cfg.big_blind, cfg.ante, cfg.ante_type, minutes=1)
            for k in range(1, number + 1)
        )
        structure = Structure(
            "scenario", levels, int(step.arg("starting_stack")),
            tuple(s.denominations) or (cfg.chip_unit,),
        )
    except PokerroomError as err:
        raise ScenarioError(err.code, f"step {step.index + 1} late_entry: {err}") from None
    seat_stack = step.arg("seat_stack")
    policy = EntryPolicy.for_house(s.rules)
    until = step.arg("late_reg_until")
    if until is not None:  # the event's own last level of late registration (TD, TRN-04)
        policy = replace(policy, late_reg_until_level=int(until))
    registry = Registry(s.rules, structure, policy).register(
        PlayerId(step.player), at=int(step.arg("at", 0)), level=levels[-1],
        very_late=step.flag("very_late", False),
        seat_stack=None if seat_stack is None else int(seat_stack),
    )
    entry = registry.entries[-1]
    _apply(s, SitDown(PlayerId(step.player), SeatNo(step.arg("seat")), entry.stack))
    s.rule = "TRN-04"
    s.result = {"stack": entry.stack, "docked": entry.docked, "kind": entry.kind}


def _op_rebuy(s: _Session, step: Step) -> None:
    events = _apply(s, Rebuy(PlayerId(step.player), step.arg("chips"), float(step.arg("at", 0))))
    s.short = next(e.short for e in events if isinstance(e, Rebought))


def _op_add(s: _Session, step: Step) -> None:
    _apply(s, AddChips(PlayerId(step.player), step.arg("chips")))


def _op_leave(s: _Session, step: Step) -> None:
    _apply(s, Leave(PlayerId(step.player), float(step.arg("at", 0))))  # STK-05: when he left


def _op_change_seat(s: _Session, step: Step) -> None:
    """NEW-07: move between hands; ``result.flagged`` when the move skips a blind."""
    events = _apply(s, ChangeSeat(PlayerId(step.player), SeatNo(step.arg("seat"))))
    flags = [e for e in events if isinstance(e, FloorFlagged)]
    s.result = {"flagged": bool(flags)}
    if flags:
        s.rule = flags[-1].rule


def _op_sit_in(s: _Session, step: Step) -> None:
    _apply(s, SitIn(PlayerId(step.player), step.flag("post", False)))


def _op_set_level(s: _Session, step: Step) -> None:
    small, big = step.arg("blinds")
    ante = step.arg("ante", 0)
    kind: AnteType = step.arg("ante_type", "per_player") if ante else "none"  # BLD-06 / G12
    # STR-07 (RRP:L58): with the chips in play given, the unit follows the level's blinds and
    # antes; a larger unit waits while stacks hold smaller chips, until they are coloured up
    # (color_up, the chip race of a level change).
    unit = wager_unit(s.rules, s.denominations, (small, big, ante)) if s.denominations else None
    if unit is not None and unit > s.table.config.chip_unit and any(
        seat.stack % unit for seat in s.table.seats if seat is not None
    ):
        unit = s.table.config.chip_unit
    _apply(s, SetLevel(small, big, ante, kind, unit))
    s.result = {"unit": s.table.config.chip_unit}


def _op_color_up(s: _Session, step: Step) -> None:
    """STR-07: the chip ``chip`` leaves play; odd chips raced up to the next chip in play
    (``rule`` race_off or round_half_up, ``seed`` for the race's cards)."""
    chip = int(step.arg("chip"))
    larger = sorted(d for d in s.denominations if d > chip)
    if chip not in s.denominations or not larger:
        raise ScenarioError(
            "bad_value",
            f"step {step.index + 1} color_up: chip = {chip}; the file's chips in play are "
            f"{list(s.denominations) or 'not given (chips = [...])'} and a larger one must stay",
        )
    rule = str(step.arg("rule", "race_off"))
    seed = bytes(step.arg("seed", list(_SEED)))
    stacks = {str(seat.player): seat.stack for seat in s.table.seats if seat is not None}
    try:
        result = color_up(stacks, chip, larger[0], rule, seed=seed)  # type: ignore[arg-type]
    except PokerroomError as err:
        raise ScenarioError(err.code, f"step {step.index + 1} color_up: {err}") from None
    race = tuple((PlayerId(p), n) for p, n in result.stacks)
    _apply(s, ColorUpStacks(chip, larger[0], race, rule, seed))
    s.denominations = tuple(d for d in s.denominations if d != chip)
    s.rule = "STR-07"
    s.result = {"chips_added": result.chips_added}


def _op_run_twice(s: _Session, step: Step) -> None:
    agreed = AgreeRunTwice(tuple(PlayerId(p) for p in step.arg("players", [])))
    if s.live is not None:  # RIT-01/02 in the hand dealt live: the dealer runs both boards
        events: Sequence[object] = live_answer(s, run_out_action(s.table, agreed))
    else:
        events = _apply(s, agreed)
    runs = [e for e in events if isinstance(e, RunsAgreed)]
    if runs:
        s.result = {"runs": runs[-1].runs, "pots": list(runs[-1].pots)}


def _op_run_once(s: _Session) -> None:
    if s.live is not None:
        live_answer(s, HandRunOnce())
    else:
        _apply(s, RunOnce())
    s.result = {"runs": 1}  # not an earlier hand's run twice


def _op_draw(s: _Session, step: Step) -> None:
    cards = step.arg("cards", {})
    drawn = [(SeatNo(int(k)), parse_card(v)) for k, v in cards.items()]
    best = best_seats(drawn, s.rules.draw_suit_order)
    s.draw = best[0] if len(best) == 1 else best
    s.rule = "BTN-01"
    rounds = (*s.draw_rounds, tuple(drawn))
    if len(best) > 1:
        s.draw_rounds = rounds  # BTN-01: the tied seats draw again (the next step's cards)
        return
    s.draw_rounds = ()
    if s.table.button is None and s.table.hand is None:
        # A table with no button yet takes the drawn one: these are its draw's cards.
        event = ButtonDrawn(rounds, best[0])
        s.table = table_evolve(s.table, event)
        s.events = (*s.events, event)


def _op_redraw(s: _Session, step: Step) -> None:
    new = step.arg("new_players")
    _apply(
        s,
        RedrawButton(
            bytes(step.arg("seed", list(_SEED))),
            step.flag("final_table", False),
            None if new is None else tuple(PlayerId(p) for p in new),
        ),
    )
    s.result = {"redraw": True}
    s.rule = "BTN-08"


def _op_play(s: _Session, step: Step) -> None:
    for text in step.arg("actions", []):
        player, _, act = str(text).partition(" ")
        _play(s, _parse_act(s, player, act))


def _op_fold_out(s: _Session, step: Step) -> None:
    catch_up(s)
    while s.table.hand is not None and s.table.hand.actor is not None:
        _play(s, Fold(s.table.hand.actor))
        catch_up(s)


def _op_check_down(s: _Session, step: Step) -> None:
    catch_up(s)
    while s.table.hand is not None and s.table.hand.actor is not None:
        _play(s, CheckCall(s.table.hand.actor))
        catch_up(s)


def _op_expose(s: _Session, step: Step) -> None:
    hand = _hand(s)
    p = _pos(s, step.player)
    cards = step.arg("cards")
    ruling = expose_cards(
        hand,
        p,
        None if cards is None else tuple(parse_cards(cards)),
        s.conduct,
        at=step.arg("at"),
    )
    s.conduct = ruling.conduct
    s.rule = ruling.rule
    if ruling.timer is not None:
        s.clock = ruling.timer
    s.result = {
        "locked": ruling.aggression_locked,
        "suggested": "fold" if ruling.suggested is not None else "none",
        "timer_s": ruling.timer_s,
        "facing_action": ruling.facing_action,
    }


def _op_show_to(s: _Session, step: Step) -> None:
    """EXP-03 (show one, show all): ``player`` showed his cards to ``viewer`` (omitted: someone
    not dealt in). ``result`` = ``{reveal, locked}``: when the table is owed the cards ("now",
    "end_of_betting", or "none" where the house has no such rule) and whether showing a
    player who may still bet cost him aggressive action (HIPP:L194)."""
    hand = _hand(s)
    p = _pos(s, step.player)
    viewer = step.arg("viewer")
    cards = step.arg("cards")
    ruling = show_to(
        hand, p, None if viewer is None else _pos(s, str(viewer)),
        None if cards is None else tuple(parse_cards(cards)), s.conduct,
        rules=s.rules, at=step.arg("at"),
    )
    s.conduct = ruling.conduct
    s.rule = ruling.rule
    s.result = {
        "reveal": ruling.reveal.when if ruling.reveal is not None else "none",
        "locked": p in ruling.conduct.locked,
    }


def _op_oot(s: _Session, step: Step) -> None:
    hand = _hand(s)
    p = _pos(s, step.player)
    # "all-in" / "all in" as in a player's act (OOT-05); the record's kind is "all_in"
    text = step.arg("action", "").lower().replace("all-in", "all_in").replace("all in", "all_in")
    words = text.replace("raise to", "raise").split()
    kind = words[0] if words else ""
    to = int(words[-1]) if words and words[-1].isdigit() else None
    verbal = step.flag("verbal", False)  # CHP-01: only said, no chips released
    record = record_out_of_turn(hand, OutOfTurnAction(p, kind, to, verbal))  # type: ignore[arg-type]
    s.oot_behind = (*(o for o in s.oot_behind if o.street == hand.street), record)
    if s.oot is None and s.oot_ruling is None:
        s.oot = record
        s.oot_binds = None
    else:  # OOT-02: another out-of-turn action behind the first: ruled after it, in its turn
        s.oot_later = (*s.oot_later, record)
    s.rule = "OOT-02"


def _op_clock(s: _Session, step: Step) -> None:
    hand = _hand(s)
    by = step.arg("by")
    s.clock = call_clock(hand, by=None if by is None else _pos(s, by), at=float(step.arg("at", 0)))
    s.rule = s.clock.rule
    s.clock_state = {"deadline": s.clock.deadline, "player": _name(s, s.clock.position)}


def _op_tick(s: _Session, step: Step) -> None:
    if s.clock is None:  # the table's state (no clock called, or it ran out): a failed step
        raise ClockError(
            "no_clock", "no clock or timer is running: call it first (do = 'clock'; an exposure "
            "timer starts with 'expose' where the house has one)"
        )
    hand = _hand(s)
    t = tick(s.clock, hand, at=float(step.arg("at", 0)))
    s.rule = t.rule
    s.clock_state = {"phase": t.phase}
    if t.action is not None:
        s.clock_state["action"] = type(t.action).__name__.lower()
        s.clock = None
        if isinstance(t.action, Fold | CheckCall):
            _play(s, t.action)


def _op_undersized(s: _Session, step: Step) -> None:
    hand = _hand(s)
    p = _pos(s, step.player)
    new, events = hand_engine.apply(hand, UndersizedBet(p, int(step.arg("to"))))
    _set_hand(s, new, events, p)
    s.rule = "BET-08"


def _op_correct(s: _Session, step: Step) -> None:
    hand = _hand(s)
    new, events = hand_engine.apply(hand, CorrectBet())
    _set_hand(s, new, events, None)
    s.rule = "BET-08"


def _op_reset(s: _Session, step: Step) -> _Session:
    blinds = step.arg("blinds")
    seats = step.arg("seats")
    specs = None
    if seats is not None:
        specs = [
            SeatSpec(
                int(x["seat"]),
                str(x["player"]),
                int(x["stack"]),
                bool(x.get("new")),
                bool(x.get("owes")),
            )
            for x in seats
        ]
    cards = step.arg("cards")
    button = step.arg("button")
    ante = step.arg("ante")
    ante_type = step.arg("ante_type")
    previous = {
        key: int(step.arg(key)) for key in ("last_button", "last_sb", "last_bb")
        if step.arg(key) is not None
    }
    if previous and (button is not None or "last_button" not in previous):
        raise ScenarioError(
            "bad_value",
            f"step {step.index + 1} reset: give the next hand's button, or the previous hand's "
            "last_button (with last_sb / last_bb where they were), not both",
        )
    if ante_type is not None and ante is None:
        raise ScenarioError(
            "bad_value", f"step {step.index + 1} reset: ante_type = {ante_type!r} needs an ante"
        )
    return _new_session(
        s.scenario,
        s.house,
        blinds=None if blinds is None else (blinds[0], blinds[1]),
        params=step.arg("params"),
        seats=specs,
        game=step.arg("game"),
        cards=None if cards is None else card_spec(cards, f"step {step.index + 1} reset"),
        button=None if button is None else int(button),
        ante=None if ante is None else (int(ante), str(ante_type or "per_player")),
        previous=previous or None,
        mode=step.arg("mode"),
    )


def _op_ask_pot_count(s: _Session, step: Step) -> None:
    """CHP-11: ``result`` = ``{pot, bets}``; error ``pot_count_refused`` (LPR no-limit)."""
    for e in _apply(s, AskPotCount(PlayerId(step.player))):
        if isinstance(e, PotCounted):
            s.result = {"pot": e.pot, "bets": e.bets}
    s.rule = "CHP-11"


def _op_spread_pot(s: _Session, step: Step) -> None:
    """CHP-11 (LPR r59): the pot is spread flat; ``result.spread`` is true."""
    _apply(s, SpreadPot(PlayerId(step.player)))
    s.result = {"spread": True}
    s.rule = "CHP-11"


def _op_ask_options(s: _Session, step: Step) -> None:
    """CHP-11: ``result`` = ``{options, live}`` (live: the opposing hands still live)."""
    for e in _apply(s, AskOptions(PlayerId(step.player))):
        if isinstance(e, OptionsTold):
            s.result = {"options": e.options, "live": list(e.live_opponents)}
    s.rule = "CHP-11"


def _op_ask_to_see(s: _Session, step: Step) -> None:
    """SHD-08: ``result`` = ``{cards, standing, flagged}`` of the hand shown on request."""
    events = _apply(s, AskToSeeHand(PlayerId(step.player), PlayerId(step.arg("target"))))
    result: dict[str, object] = {"flagged": any(isinstance(e, FloorFlagged) for e in events)}
    for e in events:
        if isinstance(e, HandRevealed):
            result["cards"] = "".join("??" if c is None else str(c) for c in e.cards)
            result["standing"] = e.standing
    s.result = result
    s.rule = "SHD-08"


def _op_money_behind(s: _Session, step: Step) -> None:
    """STK-01: money behind plays (HIPP); error ``money_behind_not_played`` elsewhere."""
    _apply(s, MoneyBehind(PlayerId(step.player), step.arg("chips")))
    s.rule = "STK-01"


def _op_transfer_out(s: _Session, step: Step) -> None:
    """STK-06 / SEAT-07: he leaves for another table with his whole stack (not a cash-out)."""
    _apply(s, TransferOut(PlayerId(step.player)))
    s.rule = "STK-06"


def _op_transfer_in(s: _Session, step: Step) -> None:
    """STK-06 / SEAT-07: he arrives from another table with his stack, staff permitting."""
    command = TransferIn(
        PlayerId(step.player), SeatNo(step.arg("seat")), step.arg("chips"),
        str(step.arg("staff", "floor")), step.flag("broken_game", False),
        step.arg("from_big_blind"),
    )
    _apply(s, command)
    s.rule = "STK-06"


def _op_cash_on_table(s: _Session, step: Step) -> None:
    """STK-07: money that is not this table's chips put in front of him between hands."""
    command = CashOnTable(
        PlayerId(step.player), step.arg("amount"), step.arg("kind", "cash"),
        step.flag("announced", True), str(step.arg("authorised_by", "")),
    )
    _apply(s, command)
    s.rule = "STK-07"


def _op_pay_incidental(s: _Session, step: Step) -> None:
    """FEE-03: food or drink paid with chips from the stack (LPR r89); refused elsewhere."""
    _apply(s, PayIncidental(PlayerId(step.player), step.arg("chips"), str(step.arg("item", ""))))
    s.rule = "FEE-03"


def _op_agree_chop(s: _Session, step: Step) -> None:
    """POT-09: players ask to split the pot in play (no house allows it)."""
    s.rule = "POT-09"
    _apply(s, AgreeChop(tuple(PlayerId(p) for p in step.arg("players", []))))


def _override(step: Step) -> Override | None:
    """GOV-01: ``override = { by = "...", reason = "..." }`` reopens a locked hand."""
    value = step.arg("override")
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"by", "reason"}:
        raise ScenarioError(
            "bad_value",
            f"step {step.index + 1} {step.do}: override = {value!r}; give "
            "{ by = \"...\", reason = \"...\" }",
        )
    return Override(str(value["by"]), str(value["reason"]))


def _chips_by_player(step: Step, key: str) -> tuple[tuple[PlayerId, int], ...]:
    """``{ player = chips, ... }`` as (player, chips) pairs."""
    value = step.arg(key, {})
    if not isinstance(value, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value.values()
    ):
        raise ScenarioError(
            "bad_value",
            f"step {step.index + 1} {step.do}: {key} = {value!r}; give {{ player = chips }}",
        )
    return tuple((PlayerId(p), v) for p, v in value.items())


def _hand_arg(s: _Session, step: Step) -> int:
    """``hand``: a hand number; the table's last (or current) hand when not given."""
    return int(step.arg("hand", s.table.hand_no))


def _op_dispute(s: _Session, step: Step) -> None:
    """GOV-02: a dispute, in time or reopened by the floor's ``override`` (GOV-01)."""
    claim = str(step.arg("claim", "the result"))
    _apply(s, Dispute(PlayerId(step.player), _hand_arg(s, step), claim, _override(step)))
    s.rule = "GOV-02"


def _op_impound_pot(s: _Session, step: Step) -> None:
    """POT-08: the house holds chips a hand awarded (``takes``) pending a ruling."""
    pot = str(step.arg("pot", "held"))
    takes = _chips_by_player(step, "takes")
    _apply(s, ImpoundPot(pot, _hand_arg(s, step), takes, _override(step)))
    s.rule = "POT-08"


def _op_release_pot(s: _Session, step: Step) -> None:
    """POT-08: the ruling gives the held chips out (``awards``)."""
    pot, ruling = str(step.arg("pot", "held")), str(step.arg("ruling", ""))
    _apply(s, ReleasePot(pot, _chips_by_player(step, "awards"), ruling))
    s.rule = "POT-08"


def _op_miscall(s: _Session, step: Step) -> None:
    """SHD-06: ``player`` deliberately miscalled and made ``victim`` discard a winner; where
    the house forfeits the pot the chips move (``result.forfeited``)."""
    command = ForfeitForMiscall(
        PlayerId(step.player),
        PlayerId(step.arg("victim")),
        _hand_arg(s, step),
        step.arg("chips"),
        _override(step),
    )
    for e in _apply(s, command):
        if isinstance(e, PotReleased):
            s.result = {"forfeited": e.awards[0][2]}
    s.rule = "SHD-06"


def _op_log_incident(s: _Session, step: Step) -> None:
    """§25: an incident recorded for the floor; nothing at the table changes."""
    players = step.arg("players") or ([step.player] if step.player else [])
    kind, note = str(step.arg("kind", "")), str(step.arg("note", ""))
    _apply(s, LogIncident(kind, tuple(PlayerId(p) for p in players), note))


_OPS: dict[str, Callable[[_Session, Step], None]] = {
    "start_hand": _start,
    "sit_down": _op_sit_down,
    "leave": _op_leave,
    "change_seat": _op_change_seat,  # NEW-07
    "rebuy": _op_rebuy,
    "add_chips": _op_add,
    "sit_out": _op_player(SitOut),
    "sit_in": _op_sit_in,
    "post_blind": _op_player(PostBlind),
    "straddle": _op_player(Straddle),  # BLD-05
    "buy_button": _op_player(BuyButton),  # NEW-03
    "kill_hand": _op_kill_hand,
    "set_level": _op_set_level,
    "late_entry": _op_late_entry,
    "color_up": _op_color_up,
    "run_twice": _op_run_twice,
    "run_once": lambda s, step: _op_run_once(s),
    "draw_button": _op_draw,
    "redraw_button": _op_redraw,
    "play": _op_play,
    "fold_out": _op_fold_out,
    "check_down": _op_check_down,
    "expose": _op_expose,
    "out_of_turn": _op_oot,
    "show_to": _op_show_to,
    "clock": _op_clock,
    "tick": _op_tick,
    "undersized_bet": _op_undersized,
    "correct_bet": _op_correct,
    "ask_pot_count": _op_ask_pot_count,  # CHP-11
    "spread_pot": _op_spread_pot,  # CHP-11
    "ask_options": _op_ask_options,  # CHP-11
    "ask_to_see": _op_ask_to_see,  # SHD-08
    "money_behind": _op_money_behind,  # STK-01
    "dispute": _op_dispute,  # GOV-02
    "impound_pot": _op_impound_pot,  # POT-08
    "release_pot": _op_release_pot,  # POT-08
    "miscall": _op_miscall,  # SHD-06
    "log_incident": _op_log_incident,  # §25
    "transfer_out": _op_transfer_out,  # STK-06
    "transfer_in": _op_transfer_in,  # STK-06
    "cash_on_table": _op_cash_on_table,  # STK-07
    "pay_incidental": _op_pay_incidental,  # FEE-03
    "agree_chop": _op_agree_chop,  # POT-09
}


def _run_step(s: _Session, step: Step) -> None:
    if step.do == "act":
        _play(s, _parse_act(s, step.player, step.act))
    elif step.do == "push":
        _push(s, step)
    elif step.do == "choose":
        _choose(s, step)
    elif step.do in PENDING_OPERATIONS:
        raise _Stop(
            f"operation {step.do!r} is not in this build: needs {PENDING_OPERATIONS[step.do]}"
        )
    elif step.do in FLOOR_OPS:
        FLOOR_OPS[step.do](s, step)
    else:
        _OPS[step.do](s, step)
    catch_up(s)  # live dealing: the burn and board cards that are now due


# --------------------------------------------------------------------------------------------
# Observations: what the table shows for each expectation key
# --------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------------


def _nobody_asks_to_run_twice(s: _Session, following: Sequence[Step]) -> bool:
    """RIT-01: the hand waits for the players' answer and the file's next step gives none.

    A file that does not say the players asked to run it twice means they did not: the board
    is run once, as at a table where nobody asks.
    """
    if not run_out_pending(s.table):
        return False
    return not following or following[0].do not in ("run_twice", "run_once")


def _run_house(sc: Scenario, house: str) -> list[StepResult]:
    results: list[StepResult] = []
    s = _new_session(sc, house)
    stopped = ""

    def record(step: Step, key: str, expected: Any, got: Any, ok: bool) -> None:
        results.append(
            StepResult(sc.id, house, step.index, step.describe(), key, expected, got, ok)
        )

    mine = [step for step in sc.steps if step.runs_for(house)]
    for i, step in enumerate(mine):
        expect = step.expected(house)
        if step.do == "reset":
            s = _op_reset(s, step)
            stopped = ""
            record(step, "reset", "ok", "ok", True)
            continue
        if stopped:
            for key, value in expect.items() or [("runs", "ok")]:
                record(step, key, value, f"not run: {stopped}", False)
            continue
        s.events = ()
        error: PokerroomError | None = None
        s.answer_next = any(nxt.do in ("run_twice", "run_once") for nxt in mine[i + 1 : i + 2])
        try:
            _run_step(s, step)
        except _Stop as stop:
            stopped = stop.what
            for key, value in expect.items() or [("runs", "ok")]:
                record(step, key, value, f"not run: {stop.what}", False)
            continue
        except ScenarioError as err:
            where = f"{sc.source} step {step.index + 1} ({step.describe()}) under {house}"
            if str(err).startswith(sc.source):
                raise
            raise ScenarioError(err.code, f"{where}: {err}") from None
        except PokerroomError as err:
            error = err
        if error is None and _nobody_asks_to_run_twice(s, mine[i + 1 : i + 2]):
            _apply(s, RunOnce())
        if error is not None and "error" not in expect:
            record(step, "error", "none", f"{error.code}: {error}", False)
            stopped = f"step {step.index + 1} failed ({error.code})"
            continue
        if "error" in expect:
            got_code = error.code if error is not None else "no error"
            record(step, "error", expect["error"], got_code, got_code == expect["error"])
        if not expect:
            record(step, "runs", "ok", "ok", True)
        for key, value in expect.items():
            if key == "error":
                continue
            got = _observe(s, key, value)
            want = _normalize(s, key, value, got)
            record(step, key, value, got, _matches(want, got))
    return results


def run_scenario(scenario: Scenario, houses: Sequence[str] | None = None) -> list[StepResult]:
    """Play the scenario under each of its houses (or ``houses``); one result per expectation.

    Raises :class:`~pokerroom.scenario.format.ScenarioError` when the scenario itself is
    wrong (a player who is not dealt in, a step that needs a hand when none is in play).
    """
    chosen = scenario.houses if houses is None else tuple(houses)
    out: list[StepResult] = []
    for house in chosen:
        out.extend(_run_house(scenario, house))
    return out


def summarize(results: Sequence[StepResult]) -> dict[str, Any]:
    """Counts for a report: expectations checked, passed, and the failures.

    >>> summarize([])
    {'checked': 0, 'passed': 0, 'failed': []}
    """
    failed = [r for r in results if not r.passed]
    return {
        "checked": len(results),
        "passed": len(results) - len(failed),
        "failed": failed,
    }
