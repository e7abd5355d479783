"""The scenario format: a table session and its expected results, as plain values.

A scenario is parsed from a mapping (a TOML document, see ``docs/scenarios.md``) into frozen
:class:`Scenario`, :class:`SeatSpec`, :class:`CardSpec` and :class:`Step` values. Every key is
checked: an unknown key, a missing one or a value of the wrong type raises
:class:`ScenarioError` naming the key, where it is and what is allowed.

>>> sc = parse_scenario({
...     "id": "X01", "title": "demo", "house": "lpr", "blinds": [1, 2],
...     "seats": [{"seat": 1, "player": "ann", "stack": 100},
...               {"seat": 2, "player": "bob", "stack": 100}],
...     "button": 1,
...     "steps": [{"do": "start_hand", "expect": {"to_act": "ann"}}],
... })
>>> sc.houses, sc.steps[0].do, sc.steps[0].expected("lpr")
(('lpr',), 'start_hand', {'to_act': 'ann'})
>>> try:
...     parse_scenario({"id": "X02", "title": "t", "house": "lpr", "colour": "red"})
... except ScenarioError as err:
...     print(err.code)
unknown_key
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from pokerroom.errors import PokerroomError
from pokerroom.table.config import SHOWDOWN_MODES

__all__ = [
    "ACTIONS",
    "EXPECT_KEYS",
    "HOUSE_NAMES",
    "OPERATIONS",
    "CardSpec",
    "Scenario",
    "ScenarioError",
    "SeatSpec",
    "Step",
    "card_spec",
    "parse_scenario",
]

HOUSE_NAMES: Final = ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")
"""The packaged house profiles a scenario may name."""

ACTIONS: Final = ("fold", "check", "call", "bet N", "raise to N", "all-in", "show", "muck")
"""Player actions a step's ``act`` may say (``show``/``muck`` at the showdown of a scenario
with ``showdown = "players"``, SHD-05)."""

OPERATIONS: Final[dict[str, tuple[str, ...]]] = {
    # table
    "start_hand": ("seed", "dealt_by_mistake", "live", "deal", "button", "cards"),
    "deal": ("cards",),
    "sit_down": ("player", "seat", "chips", "new", "at"),
    "leave": ("player", "at"),
    "rebuy": ("player", "chips", "at"),
    "add_chips": ("player", "chips"),
    "sit_out": ("player",),
    "sit_in": ("player", "post"),
    "post_blind": ("player",),
    "straddle": ("player",),
    "buy_button": ("player",),
    "kill_hand": ("player", "rule"),
    "set_level": ("blinds", "ante", "ante_type"),
    "late_entry": (
        "player", "seat", "level", "starting_stack", "very_late", "seat_stack", "late_reg_until",
        "at",
    ),
    "color_up": ("chip", "rule", "seed"),
    "change_seat": ("player", "seat"),
    "run_twice": ("players",),
    "run_once": (),
    "draw_button": ("cards",),
    "redraw_button": ("new_players", "final_table", "seed"),
    "play": ("actions",),
    "fold_out": (),
    "check_down": (),
    "reset": (
        "blinds", "ante", "ante_type", "params", "seats", "game", "cards", "button",
        "last_button", "last_sb", "last_bb", "mode",
    ),
    # a player's requests (CHP-11, SHD-08) and money behind (STK-01)
    "ask_pot_count": ("player",),
    "spread_pot": ("player",),
    "ask_options": ("player",),
    "ask_to_see": ("player", "target"),
    "money_behind": ("player", "chips"),
    # floor rulings on a finished hand (GOV-01/02, POT-08, SHD-06) and the incident log (§25)
    "dispute": ("player", "hand", "claim", "override"),
    "impound_pot": ("pot", "hand", "takes", "override"),
    "release_pot": ("pot", "awards", "ruling"),
    "miscall": ("player", "victim", "hand", "chips", "override"),
    "log_incident": ("kind", "players", "player", "note"),
    # money at the table: transfers (STK-06), what may play (STK-07), incidentals (FEE-03),
    # chop agreements (POT-09)
    "transfer_out": ("player",),
    "transfer_in": ("player", "seat", "chips", "staff", "broken_game", "from_big_blind"),
    "cash_on_table": ("player", "amount", "kind", "announced", "authorised_by"),
    "pay_incidental": ("player", "chips", "item"),
    "agree_chop": ("players",),
    # floor (hand level)
    "expose": ("player", "cards", "at"),
    "out_of_turn": ("player", "action", "verbal"),
    "show_to": ("player", "viewer", "cards", "at"),
    "clock": ("by", "at"),
    "tick": ("at",),
    "undersized_bet": ("player", "to"),
    "correct_bet": (),
    # floor operations on a hand dealt live, cash floor, tournament desk
    "misdeal": ("cause",),
    "boxed_card": ("card",),
    "exposed_card": ("card",),
    "card_off_table": ("card",),
    "premature_flop": (),
    "missed_burn": (),
    "double_burn": (),
    "correct_burn": ("intact",),
    "too_many_flop_cards": ("extra", "pick", "seed"),
    "duplicate_card": ("card", "seen_by", "award_to"),
    "dealer_kills": ("player",),
    "fold_declared": ("player", "how", "next_player_acted"),
    "cards_reach_muck": ("player", "identifiable"),
    "retrieve_hand": ("player", "identifiable", "touched_muck"),
    "cards_thrown_into_hand": ("player", "into", "identifiable"),
    "dropped_card": ("player", "card"),
    "extra_card": ("player", "card"),
    "failure_to_cut": ("player", "looked"),
    "report_irregularity": ("player", "what"),
    "shuffle_objection": ("player", "looked"),
    "self_deal": ("player", "shuffler", "cutter", "cut_card"),
    "cards_to_wrong_seat": ("player", "seat", "cards", "present", "owes"),
    "player_dealt_out": ("player", "seat", "present", "owes"),
    "different_back": ("card", "in_stub"),
    "missing_cards": ("cards", "count"),
    "flashed_card": ("player", "card", "by", "looked"),
    "stub_fouled": ("mixed_with_muck",),
    "reconstruct": ("before_action", "before_street"),
    "joker_found": ("player",),
    "penalty": ("player", "rounds", "hands", "serve", "bust"),
    "transfer": ("player", "to_table", "tables"),
    "seat_new_player": ("tables",),
    "session_fee": ("player", "at", "event", "waiting_list"),
    "payouts": ("flights",),
    "return_during_deal": ("player", "cards_dealt"),
}
"""Step operations (``do = ...``) and the argument keys each one takes."""

WHOLE_NUMBER_ARGS: Final = frozenset({
    "seat", "chips", "chip", "level", "starting_stack", "seat_stack", "late_reg_until",
    "cards_dealt", "rounds", "hands", "button", "last_button", "last_sb", "last_bb", "ante",
    "deal", "count", "to", "extra", "hand", "amount", "from_big_blind",
})
"""Operation arguments that are whole numbers (checked when the file is read)."""

REQUIRED_ARGS: Final[dict[str, tuple[str, ...]]] = {
    "sit_down": ("player", "seat", "chips"),
    "rebuy": ("player", "chips"),
    "add_chips": ("player", "chips"),
    "money_behind": ("player", "chips"),
    "set_level": ("blinds",),
    "change_seat": ("player", "seat"),
    "late_entry": ("player", "seat", "level", "starting_stack"),
    "color_up": ("chip",),
    "return_during_deal": ("player",),
    "undersized_bet": ("player", "to"),
    "dispute": ("player",),
    "impound_pot": ("takes",),
    "release_pot": ("awards", "ruling"),
    "miscall": ("player", "victim"),
    "log_incident": ("kind",),
    "transfer_out": ("player",),
    "transfer_in": ("player", "seat", "chips"),
    "cash_on_table": ("player", "amount"),
    "pay_incidental": ("player", "chips"),
    "agree_chop": ("players",),
}
"""Arguments an operation cannot do without (``missing_key`` when the file is read)."""

EXPECT_KEYS: Final[dict[str, str]] = {
    "error": "error code the step must raise (the state is then unchanged)",
    "to_act": "player to act, or 'nobody'",
    "legal": "the legal options: 'fold, call 1, raise to 5..200' or a table",
    "posts": "{player = blind} posted by the last start_hand",
    "antes": "{player = ante} posted by the last start_hand",
    "button": "button seat of the hand in play / last hand",
    "sb": "small-blind seat (0: no small blind)",
    "bb": "big-blind seat",
    "deal_order": "players (or seats) receiving the hole cards, card by card",
    "order": "who acts this round, in order, if everyone checks or calls",
    "next_first": "who acts first in the next betting round",
    "pot": "chips in the middle",
    "pots": "[{amount = N, players = [...]}] main pot first",
    "stacks": "{player = chips behind}",
    "street": "preflop, flop, turn, river, showdown or over",
    "reading": "{action, amount_to, chips_in, returned, forfeited, must_complete_to, options}",
    "rule": "rule ID that decided the last ruling",
    "folded": "players whose hand is folded or dead",
    "dead": "players whose hand the table killed",
    "dealt_in": "players dealt into the hand in play",
    "show_order": "players in the order they showed (or mucked) at showdown",
    "shown": "players whose hole cards are face up (tabled, or all exposed), position order",
    "awarded": "{player = chips won} in this step",
    "pot_awards": "[amount, ...] of each pot award in this step",
    "rake": "rake taken in this step",
    "runs": "number of boards run (1 or 2)",
    "run_twice_pots": "indexes of the pots run twice",
    "owes": "{player = true/false}: owes a missed blind",
    "seated": "players at the table",
    "in_hand": "true while a hand is in play",
    "button_draw": "seat that wins the button draw, or [tied seats]",
    "short": "the buy-in was a short buy-in",
    "oot_binds": "the out-of-turn action binds",
    "chips_on_table": "seated stacks plus the chips in the middle",
    "winner": "the only player left with chips once the hand is over (TRN-15), else 'none'",
    "right_to_act": "{player, at_risk, actions, chips_actions}: OOT-09 for the player to act",
    "locked": "players who may no longer bet or raise",
    "clock": "{phase, deadline, action}",
    "refunds": "{player = chips back} after a void hand, a misdeal or a killed hand",
    "cards": "{player = hole cards, burn = burned cards, board = board} of a hand dealt live",
    "result": "free-form result of a floor operation (pending operations)",
}
"""Expectation keys a step may check, with what each one means."""

_TOP: Final = {
    "id": "scenario id, e.g. 'S04'",
    "title": "one line",
    "rules": "list of rule IDs",
    "house": "primary house",
    "mode": "'cash' or 'tournament'",
    "houses": "houses to run (default [house])",
    "modes": "{house = mode} per-house mode",
    "status": "'pending: <what is missing>' to skip in tests",
    "notes": "free text",
    "game": "variant code (NT, PO, FT, ...)",
    "blinds": "[small, big]",
    "ante": "ante per player",
    "ante_type": "'per_player' (default with an ante) or 'big_blind_ante'",
    "table_size": "number of chairs (default 9)",
    "chips": "chip values in play: the unit that plays is the house's (STR-07 min_wager_unit)",
    "buyin_min": "table minimum buy-in",
    "buyin_max": "table maximum buy-in",
    "button": "button seat of the first hand",
    "last_button": "button seat of the previous hand",
    "last_sb": "small-blind seat of the previous hand",
    "last_bb": "big-blind seat of the previous hand",
    "hand_no": "number of the previous hand (default 0)",
    "showdown": "'auto' (default: the table shows or mucks for everyone) or 'players' (each "
    "shows or mucks in turn: act = 'show' / 'muck', SHD-05)",
    "params": "{house parameter = value} for every house",
    "params_by_house": "{house = {parameter = value}}",
    "seats": "[[seats]] seat, player, stack (new, owes)",
    "cards": "[cards] hole = {player = 'AsKs'}, board = '...', or deck = '...' ('Jk': a joker)",
    "steps": "[[steps]]",
}

_STEP: Final = {
    "label": "text shown in reports",
    "do": "an operation: " + ", ".join(OPERATIONS),
    "player": "player name",
    "act": "player action: " + ", ".join(ACTIONS),
    "push": "chip denominations pushed forward in one motion, or a list of motions "
    "([[100], [100, 100]]: CHP-04 / CHP-09 string bets)",
    "tap": "with player: he tapped the table (CHP-10: a check)",
    "say": "what the player said with the push",
    "unaware": "with push: the player did not notice a raise (OOT-08)",
    "choose": "an option of the last reading (complete, fold_forfeit, fold_take_back, withdraw)",
    "houses": "run this step only for these houses",
    "expect": "{key = value} expectations",
    "expect_by_house": "{house = {key = value, unset = [keys]}} overriding expect per house",
}


class ScenarioError(PokerroomError, ValueError):
    """A malformed scenario: names the file, the key and what is allowed."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One occupied chair when the session starts."""

    seat: int
    player: str
    stack: int
    new: bool = False
    owes: bool = False


@dataclass(frozen=True, slots=True)
class CardSpec:
    """The cards of the first hand: hole cards by player and board, or a whole deck order."""

    hole: tuple[tuple[str, str], ...] = ()
    board: str = ""
    deck: str = ""

    @property
    def given(self) -> bool:
        """True when any card is fixed."""
        return bool(self.hole or self.board or self.deck)


@dataclass(frozen=True, slots=True)
class Step:
    """One thing that happens at the table, and what must be true after it."""

    index: int
    do: str
    label: str = ""
    player: str = ""
    act: str = ""
    push: tuple[int, ...] = ()
    #: CHP-04 / CHP-09: chips pushed in several forward motions (``push`` then stays empty).
    motions: tuple[tuple[int, ...], ...] = ()
    #: CHP-10: the player tapped the table.
    tap: bool = False
    say: str = ""
    choose: str = ""
    args: tuple[tuple[str, Any], ...] = ()
    houses: tuple[str, ...] = ()
    expect: tuple[tuple[str, Any], ...] = ()
    expect_by_house: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    def arg(self, key: str, default: Any = None) -> Any:
        """An operation argument (``seat``, ``chips``, ...)."""
        return dict(self.args).get(key, default)

    def flag(self, key: str, default: bool = False) -> bool:
        """A yes/no argument (``live = true``): a TOML boolean, nothing else."""
        value = self.arg(key, default)
        if not isinstance(value, bool):
            raise ScenarioError(
                "bad_value",
                f"step {self.index + 1} {self.do}: {key} = {value!r}; give true or false",
            )
        return value

    def runs_for(self, house: str) -> bool:
        """True when the step applies to ``house``."""
        return not self.houses or house in self.houses

    def expected(self, house: str) -> dict[str, Any]:
        """The expectations for ``house``: ``expect`` with that house's overrides on top."""
        out = dict(self.expect)
        mine = dict(dict(self.expect_by_house).get(house, ()))
        for key in mine.pop("unset", ()):
            out.pop(key, None)
        out.update(mine)
        return out

    def describe(self) -> str:
        """A short text for reports: the label, else what happened."""
        if self.label:
            return self.label
        if self.act:
            return f"{self.player} {self.act}"
        if self.push or self.motions:
            said = f" saying {self.say!r}" if self.say else ""
            pushed = list(self.push) if self.push else [list(m) for m in self.motions]
            return f"{self.player} pushes {pushed}{said}"
        if self.tap:
            return f"{self.player} taps the table"
        if self.choose:
            return f"{self.player} chooses {self.choose}"
        who = f" {self.player}" if self.player else ""
        return f"{self.do}{who}"


@dataclass(frozen=True, slots=True)
class Scenario:
    """A whole scenario: setup, houses and steps (see the module docstring)."""

    id: str
    title: str
    house: str
    mode: str = "cash"
    houses: tuple[str, ...] = ()
    modes: tuple[tuple[str, str], ...] = ()
    rules: tuple[str, ...] = ()
    status: str = ""
    game: str = "NT"
    blinds: tuple[int, int] = (1, 2)
    ante: int = 0
    ante_type: str = ""
    table_size: int = 9
    #: STR-07: the chip values in play (empty: the unit is 1).
    chips: tuple[int, ...] = ()
    buyin_min: int | None = None
    buyin_max: int | None = None
    button: int | None = None
    last_button: int | None = None
    last_sb: int | None = None
    last_bb: int | None = None
    hand_no: int = 0
    #: SHD-05: "players" plays the table with ``TableConfig.showdown = "players"``.
    showdown: str = "auto"
    params: tuple[tuple[str, Any], ...] = ()
    params_by_house: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    seats: tuple[SeatSpec, ...] = ()
    cards: CardSpec = field(default_factory=CardSpec)
    steps: tuple[Step, ...] = ()
    source: str = ""

    @property
    def pending(self) -> str:
        """The reason after ``pending:`` in ``status``, or '' when the scenario runs fully."""
        s = self.status.strip()
        if not s.startswith("pending"):
            return ""
        _, _, why = s.partition(":")
        return why.strip() or "pending"

    def mode_for(self, house: str) -> str:
        """The mode (cash/tournament) the scenario runs in for ``house``."""
        return dict(self.modes).get(house, self.mode)

    def params_for(self, house: str) -> dict[str, Any]:
        """House parameter overrides for ``house``."""
        out = dict(self.params)
        out.update(dict(dict(self.params_by_house).get(house, ())))
        return out


# --------------------------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------------------------


def _err(where: str, code: str, what: str) -> ScenarioError:
    return ScenarioError(code, f"{where}: {what}")


def _check_keys(data: Mapping[str, Any], allowed: Mapping[str, str] | tuple[str, ...],
                where: str) -> None:
    for key in data:
        if key not in allowed:
            names = ", ".join(allowed)
            raise _err(where, "unknown_key", f"unknown key {key!r}; allowed: {names}")


def _typed(value: Any, kind: type | tuple[type, ...], key: str, where: str, what: str) -> Any:
    if isinstance(value, bool) and kind is int:
        raise _err(where, "bad_value", f"{key} = {value!r}: expected {what}")
    if not isinstance(value, kind):
        raise _err(where, "bad_value", f"{key} = {value!r}: expected {what}")
    return value


def _chips(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(_chip(c) for c in value):
        raise _err(
            where, "bad_value", f"chips = {value!r}: expected a list of positive chip values"
        )
    return tuple(value)


def _opt_int(data: Mapping[str, Any], key: str, where: str) -> int | None:
    if key not in data:
        return None
    return int(_typed(data[key], int, key, where, "a whole number"))


def _house(name: Any, key: str, where: str) -> str:
    if name not in HOUSE_NAMES:
        raise _err(
            where, "unknown_house", f"{key} = {name!r}; allowed: {', '.join(HOUSE_NAMES)}"
        )
    return str(name)


def _mode(value: Any, key: str, where: str) -> str:
    if value not in ("cash", "tournament"):
        raise _err(where, "bad_mode", f"{key} = {value!r}; allowed: cash, tournament")
    return str(value)


ANTE_TYPES: Final = ("per_player", "big_blind_ante")
"""Values of ``ante_type`` (BLD-06 / G12): every player antes, or the big blind antes for all."""


def _ante_type(value: Any, key: str, where: str) -> str:
    if value not in ("", *ANTE_TYPES):
        raise _err(where, "bad_value", f"{key} = {value!r}; allowed: {', '.join(ANTE_TYPES)}")
    return str(value)


def _expect(data: Any, where: str) -> tuple[tuple[str, Any], ...]:
    _typed(data, dict, "expect", where, "a table of expectations")
    for key in data:
        if key not in EXPECT_KEYS:
            raise _err(
                where, "unknown_expectation",
                f"unknown expectation {key!r}; allowed: {', '.join(EXPECT_KEYS)}",
            )
    return tuple(data.items())


def _house_expect(data: Any, where: str) -> tuple[tuple[str, Any], ...]:
    """One house's expectations over ``expect``; ``unset = [keys]`` drops keys of ``expect``
    that this house does not check (a hand that ended early there, say)."""
    _typed(data, dict, "expect", where, "a table of expectations")
    rest = dict(data)
    unset = rest.pop("unset", [])
    if not isinstance(unset, list) or any(key not in EXPECT_KEYS for key in unset):
        raise _err(
            where, "bad_unset",
            f"unset = {unset!r}: give a list of expectation keys, from {', '.join(EXPECT_KEYS)}",
        )
    out = _expect(rest, where)
    return (("unset", tuple(unset)), *out) if unset else out


def _chip(value: object) -> bool:
    """A chip value: a positive whole number (not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _step(i: int, data: Any, houses: tuple[str, ...], where: str) -> Step:
    w = f"{where} step {i + 1}"
    _typed(data, dict, "steps", where, "a table")
    do = data.get("do", "")
    kinds = [k for k in ("act", "push", "choose", "tap") if k in data]
    if do and kinds:
        raise _err(w, "step_conflict", f"'do' and {kinds[0]!r} in one step; give one of them")
    if not do and not kinds:
        raise _err(
            w, "missing_key", "a step needs 'do' (an operation) or 'act'/'push'/'tap'/'choose' "
            "with 'player'",
        )
    if len(kinds) > 1 and not (set(kinds) == {"push"}):
        raise _err(w, "step_conflict", f"{' and '.join(kinds)} in one step; give one of them")
    args: dict[str, Any] = {}
    if do:
        _typed(do, str, "do", w, "an operation name")
        if do not in OPERATIONS:
            raise _err(w, "unknown_operation", f"do = {do!r}; allowed: {', '.join(OPERATIONS)}")
        allowed = {**_STEP, **{k: "" for k in OPERATIONS[do]}}
        _check_keys(data, allowed, w)
        args = {k: data[k] for k in OPERATIONS[do] if k in data and k != "player"}
        missing = [k for k in REQUIRED_ARGS.get(do, ()) if k not in data]
        if missing:
            raise _err(
                w, "missing_key", f"do = {do!r} needs {', '.join(missing)} "
                f"(takes {', '.join(OPERATIONS[do])})",
            )
        for k, v in args.items():
            if k in WHOLE_NUMBER_ARGS and (type(v) is not int):
                raise _err(w, "bad_value", f"{k} = {v!r}: a whole number")
        if "mode" in args and args["mode"] not in ("cash", "tournament"):
            raise _err(w, "bad_mode", f"mode = {args['mode']!r}; allowed: cash, tournament")
        if "ante_type" in args:
            _ante_type(args["ante_type"], "ante_type", w)
    else:
        _check_keys(data, _STEP, w)
        if "player" not in data:
            raise _err(w, "missing_key", "a player action needs 'player'")
    if "say" in data and "push" not in data:
        raise _err(w, "bad_value", "'say' goes with 'push' (chips and words together)")
    if "tap" in data and data["tap"] is not True:
        raise _err(w, "bad_value", f"tap = {data['tap']!r}: write tap = true (CHP-10)")
    push = data.get("push", [])
    motions: list[Any] = []
    if isinstance(push, list) and push and all(isinstance(m, list) for m in push):
        motions, push = push, []  # several forward motions (CHP-04 / CHP-09)
    if not isinstance(push, list) or not all(_chip(c) for c in push) or not all(
        m and all(_chip(c) for c in m) for m in motions
    ):
        raise _err(
            w,
            "bad_value",
            f"push = {data.get('push')!r}: expected a list of positive chip values, or a list "
            "of such lists, one per forward motion",
        )
    step_houses = tuple(_house(h, "houses", w) for h in data.get("houses", []))
    for h in step_houses:
        if h not in houses:
            raise _err(w, "unknown_house", f"step house {h!r} is not in the scenario's houses")
    by_house_raw = data.get("expect_by_house", {})
    _typed(by_house_raw, dict, "expect_by_house", w, "a table of houses")
    by_house = tuple(
        (_house(h, "expect_by_house", w), _house_expect(v, f"{w} expect_by_house.{h}"))
        for h, v in by_house_raw.items()
    )
    return Step(
        index=i,
        do=do or (
            "act" if "act" in data else "push" if "push" in data or "tap" in data else "choose"
        ),
        label=str(data.get("label", "")),
        player=str(data.get("player", "")),
        act=str(data.get("act", "")),
        push=tuple(push),
        motions=tuple(tuple(m) for m in motions),
        tap="tap" in data,
        say=str(data.get("say", "")),
        choose=str(data.get("choose", "")),
        args=tuple(args.items()) + ((("unaware", True),) if data.get("unaware") else ()),
        houses=step_houses,
        expect=_expect(data.get("expect", {}), f"{w} expect"),
        expect_by_house=by_house,
    )


def _seats(data: Any, where: str) -> tuple[SeatSpec, ...]:
    _typed(data, list, "seats", where, "a list of [[seats]] tables")
    out: list[SeatSpec] = []
    for k, s in enumerate(data):
        w = f"{where} seats[{k}]"
        _typed(s, dict, "seats", w, "a table with seat, player, stack")
        _check_keys(s, ("seat", "player", "stack", "new", "owes"), w)
        for key in ("seat", "player", "stack"):
            if key not in s:
                raise _err(w, "missing_key", f"missing {key!r}; a seat needs seat, player, stack")
        out.append(SeatSpec(
            seat=_typed(s["seat"], int, "seat", w, "a seat number"),
            player=_typed(s["player"], str, "player", w, "a name"),
            stack=_typed(s["stack"], int, "stack", w, "chips"),
            new=bool(s.get("new", False)),
            owes=bool(s.get("owes", False)),
        ))
    names = [s.player for s in out]
    if len(set(names)) != len(names):
        raise _err(where, "duplicate_player", f"a player sits twice: {names}")
    numbers = [s.seat for s in out]
    if len(set(numbers)) != len(numbers):
        raise _err(where, "duplicate_seat", f"two players on one seat: seats {numbers}")
    short = [f"{s.player} {s.stack}" for s in out if s.stack < 0]
    if short:
        raise _err(where, "bad_value", f"a stack below 0: {', '.join(short)}; give chips >= 0")
    return tuple(out)


def card_spec(data: Any, where: str) -> CardSpec:
    """``[cards]`` (or a ``reset``'s ``cards``) checked: hole cards and a board, or a deck."""
    w = f"{where} [cards]"
    _typed(data, dict, "cards", where, "a table")
    _check_keys(data, ("hole", "board", "deck"), w)
    if "deck" in data and ("hole" in data or "board" in data):
        raise _err(w, "card_conflict", "give a deck order, or hole cards and a board, not both")
    hole = data.get("hole", {})
    _typed(hole, dict, "hole", w, "{player = 'AsKs'}")
    return CardSpec(
        hole=tuple((str(k), str(v)) for k, v in hole.items()),
        board=str(data.get("board", "")),
        deck=str(data.get("deck", "")),
    )


def _pairs(data: Any, key: str, where: str) -> tuple[tuple[str, Any], ...]:
    _typed(data, dict, key, where, "a table")
    return tuple(data.items())


def parse_scenario(data: Mapping[str, Any], source: str = "<scenario>") -> Scenario:
    """Check a parsed TOML document and build the :class:`Scenario` (ScenarioError if bad)."""
    where = source
    _check_keys(data, _TOP, where)
    for key in ("id", "title", "house"):
        if key not in data:
            raise _err(where, "missing_key", f"missing {key!r} ({_TOP[key]})")
    house = _house(data["house"], "house", where)
    houses = tuple(_house(h, "houses", where) for h in data.get("houses", [house]))
    if house not in houses:
        raise _err(where, "bad_value", f"houses {list(houses)} must include house {house!r}")
    modes = tuple(
        (_house(h, "modes", where), _mode(m, f"modes.{h}", where))
        for h, m in _pairs(data.get("modes", {}), "modes", where)
    )
    blinds = data.get("blinds", [1, 2])
    if (
        not isinstance(blinds, list) or len(blinds) != 2
        or not all(isinstance(b, int) and not isinstance(b, bool) for b in blinds)
    ):
        raise _err(where, "bad_value", f"blinds = {blinds!r}: expected [small, big]")
    status = str(data.get("status", ""))
    if status and not status.startswith(("pending", "ok")):
        raise _err(where, "bad_value", f"status = {status!r}; allowed: 'ok', 'pending: <why>'")
    params_by_house = tuple(
        (_house(h, "params_by_house", where), _pairs(v, f"params_by_house.{h}", where))
        for h, v in _pairs(data.get("params_by_house", {}), "params_by_house", where)
    )
    steps_raw = data.get("steps", [])
    _typed(steps_raw, list, "steps", where, "a list of [[steps]]")
    showdown = data.get("showdown", "auto")
    if showdown not in SHOWDOWN_MODES:
        raise _err(
            where, "bad_value", f"showdown = {showdown!r}; allowed: {', '.join(SHOWDOWN_MODES)}"
        )
    seats = _seats(data.get("seats", []), where)
    button = _opt_int(data, "button", where)
    if button is not None and seats and button not in {s.seat for s in seats}:
        raise _err(
            where, "bad_value", f"button = {button}: nobody sits there; the first hand's button "
            "is on a player's seat (last_button gives the previous hand's, which may be empty)",
        )
    return Scenario(
        id=_typed(data["id"], str, "id", where, "text"),
        title=_typed(data["title"], str, "title", where, "text"),
        house=house,
        mode=_mode(data.get("mode", "cash"), "mode", where),
        houses=houses,
        modes=modes,
        rules=tuple(str(r) for r in data.get("rules", [])),
        status=status,
        game=str(data.get("game", "NT")),
        blinds=(blinds[0], blinds[1]),
        ante=_opt_int(data, "ante", where) or 0,
        ante_type=_ante_type(data.get("ante_type", ""), "ante_type", where),
        table_size=_opt_int(data, "table_size", where) or 9,
        chips=_chips(data.get("chips", []), where),
        buyin_min=_opt_int(data, "buyin_min", where),
        buyin_max=_opt_int(data, "buyin_max", where),
        button=button,
        last_button=_opt_int(data, "last_button", where),
        last_sb=_opt_int(data, "last_sb", where),
        last_bb=_opt_int(data, "last_bb", where),
        hand_no=_opt_int(data, "hand_no", where) or 0,
        showdown=showdown,
        params=_pairs(data.get("params", {}), "params", where),
        params_by_house=params_by_house,
        seats=seats,
        cards=card_spec(data.get("cards", {}), where),
        steps=tuple(_step(i, s, houses, where) for i, s in enumerate(steps_raw)),
        source=source,
    )
