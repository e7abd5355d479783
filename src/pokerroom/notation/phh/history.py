"""PHH hands as values: the fields, the variants, the actions, and reading them from text.

The package docstring (:mod:`pokerroom.notation.phh`) gives the policy; :mod:`.writer` writes
hands back and :mod:`.files` finds and reads files.

>>> hh = loads('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
...            'starting_stacks = [100, 100]\\nactions = ["p2 f"]')
>>> hh.variant, hh.starting_stacks, hh.actions[0].kind
('NT', (100, 100), 'f')
"""

from __future__ import annotations

import datetime as _dt
import tomllib
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from decimal import Decimal, InvalidOperation
from typing import Any, Final, Literal, NamedTuple, NoReturn, TypeAlias

import rtoml

from pokerroom.cards import DECK, format_cards, parse_card
from pokerroom.errors import CardError, NotationError

__all__ = [
    "EXTENSION_VARIANTS",
    "OPTIONAL_FIELDS",
    "VARIANTS",
    "ActionKind",
    "HandHistory",
    "Number",
    "PHHAction",
    "format_action",
    "loads",
    "loads_all",
    "parse_action",
]

Number: TypeAlias = int | Decimal | float
"""A chip amount: ``int`` if integral, ``Decimal`` if not, ``float('inf')`` if unknown."""

ActionKind: TypeAlias = Literal["dh", "db", "f", "cc", "cbr", "pb", "sd", "sm", "comment"]
"""The verb of a :class:`PHHAction`; ``comment`` is an empty or comment-only entry."""

_ALWAYS_REQUIRED: Final = frozenset({"variant", "antes", "starting_stacks", "actions"})


class _Variant(NamedTuple):
    game: str
    button: bool  # blinds_or_straddles (else bring_in: stud)
    fixed: bool  # small_bet and big_bet (else min_bet)
    required: frozenset[str]
    forbidden: frozenset[str]

    @property
    def stud(self) -> bool:
        return not self.button


def _variant(game: str, button: bool, fixed: bool) -> _Variant:
    needs = {"blinds_or_straddles": button, "bring_in": not button}
    needs.update({"small_bet": fixed, "big_bet": fixed, "min_bet": not fixed})
    required = _ALWAYS_REQUIRED | {k for k, v in needs.items() if v}
    return _Variant(game, button, fixed, required, frozenset(k for k, v in needs.items() if not v))


_VARIANT_INFO: Final[dict[str, _Variant]] = {
    "FT": _variant("Fixed-limit Texas hold'em", True, True),
    "NT": _variant("No-limit Texas hold'em", True, False),
    "NS": _variant("No-limit short-deck hold'em", True, False),
    "PO": _variant("Pot-limit Omaha hold'em", True, False),
    "FO/8": _variant("Fixed-limit Omaha hold'em hi/lo 8-or-better", True, True),
    "F7S": _variant("Fixed-limit seven card stud", False, True),
    "F7S/8": _variant("Fixed-limit seven card stud hi/lo 8-or-better", False, True),
    "FR": _variant("Fixed-limit razz", False, True),
    "N2L1D": _variant("No-limit deuce-to-seven lowball single draw", True, False),
    "F2L3D": _variant("Fixed-limit deuce-to-seven lowball triple draw", True, True),
    "FB": _variant("Fixed-limit badugi", True, True),
    # pokerroom extensions (not in the PHH spec)
    "PT": _variant("Pot-limit Texas hold'em (pokerroom extension)", True, False),
    "NO": _variant("No-limit Omaha hold'em (pokerroom extension)", True, False),
    "FO": _variant("Fixed-limit Omaha hold'em (pokerroom extension)", True, True),
    "PO/8": _variant(
        "Pot-limit Omaha hold'em hi/lo 8-or-better (pokerroom extension)", True, False
    ),
    "PO5": _variant("Pot-limit five-card Omaha (pokerroom extension)", True, False),
    "PO6": _variant("Pot-limit six-card Omaha (pokerroom extension)", True, False),
}

VARIANTS: Final[Mapping[str, str]] = {code: info.game for code, info in _VARIANT_INFO.items()}
"""Every accepted variant code and the game it names (PHH codes and our extensions)."""

EXTENSION_VARIANTS: Final[frozenset[str]] = frozenset({"PT", "NO", "FO", "PO/8", "PO5", "PO6"})
"""Variant codes that are pokerroom extensions rather than PHH spec codes."""

_CORE_FIELDS: Final = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
)

OPTIONAL_FIELDS: Final[tuple[str, ...]] = (
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)
"""The PHH optional fields, in the order :func:`dumps` writes them."""

_OWN_OPTIONAL: Final = frozenset({"players", "finishing_stacks", "winnings"})
_ALLOWED: Final = frozenset(_CORE_FIELDS) | frozenset(OPTIONAL_FIELDS)
_HANDLED: Final = frozenset(_CORE_FIELDS) | _OWN_OPTIONAL
_INT_TYPE: Final = frozenset({int})
_STR_TYPE: Final = frozenset({str})
_STR_FIELDS: Final = frozenset(
    {
        "author", "event", "url", "venue", "address", "city", "region", "postal_code",
        "country", "time_zone", "time_zone_abbreviation", "currency", "currency_symbol",
    }
)  # fmt: skip
_INT_RANGES: Final[dict[str, tuple[int, int | None]]] = {
    "day": (1, 31),
    "month": (1, 12),
    "year": (0, None),
    "level": (0, None),
    "seat_count": (1, None),
}
_INF: Final = float("inf")


# --------------------------------------------------------------------------------------
# values


@dataclass(frozen=True, slots=True, kw_only=True)
class PHHAction:
    """One parsed entry of ``actions``; ``str()`` renders it canonically."""

    kind: ActionKind
    actor: int | None = None
    target: int | None = None
    cards: tuple[int | None, ...] | None = None
    amount: int | Decimal | None = None
    muck: bool = False
    show_dealt: bool = False
    comment: str | None = None
    text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        return format_action(self)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandHistory:
    """One hand as written in PHH: the table's setup, the actions, and optional facts."""

    variant: str
    antes: tuple[Number, ...]
    blinds_or_straddles: tuple[Number, ...] | None = None
    bring_in: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    min_bet: Number | None = None
    starting_stacks: tuple[Number, ...]
    ante_trimming_status: bool = False
    actions: tuple[PHHAction, ...]
    finishing_stacks: tuple[Number, ...] | None = None
    winnings: tuple[Number, ...] | None = None
    players: tuple[str, ...] | None = None
    extra: Mapping[str, object] = field(default_factory=dict, hash=False)
    source: str | None = field(default=None, compare=False)

    @property
    def player_count(self) -> int:
        """Number of players (the length of every per-player field)."""
        return len(self.starting_stacks)


def _fast_constructor(cls: type) -> Any:
    """Build a keyword-only constructor for a frozen slots dataclass that skips its ``__init__``.

    A frozen dataclass sets each field through ``object.__setattr__`` (~2.7 us for the 15
    fields of HandHistory); calling the slot descriptors directly takes ~1 us. Generated from
    ``fields()`` the way dataclasses writes ``__init__``, so it cannot drift from the class.
    Fields with a ``default_factory`` must be passed.
    """
    ns: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    params = []
    body = []
    for f in fields(cls):
        ns[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            ns[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(h, {f.name})\n")
    exec(f"def new(*, {', '.join(params)}):\n    h = _new(_cls)\n{''.join(body)}    return h\n", ns)
    return ns["new"]


_new_hand: Final = _fast_constructor(HandHistory)
_new_action: Final = _fast_constructor(PHHAction)


# --------------------------------------------------------------------------------------
# action strings


class _ActionError(Exception):
    """Internal: an action-string problem, turned into NotationError with context."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


_CARD_TEXT: Final[dict[str, int | None]] = {repr(c): c for c in DECK}
_CARD_TEXT["??"] = None
_CARDS_CACHE: dict[str, tuple[int | None, ...]] = {}
_ACTION_CACHE: dict[str, PHHAction] = {}
_TOP_CACHE: dict[str, int] = {}  # highest player index an action names, -1 for none
_TOP_SEEN: list[int] = [-1]  # the highest value in _TOP_CACHE: below n, no check is needed
_CACHE_LIMIT: Final = 1 << 16
_PLAYER_VERBS: Final = frozenset({"f", "cc", "cbr", "pb", "sd", "sm"})
_DEALER_VERBS: Final = frozenset({"dh", "db"})
_VERB_HELP: Final = (
    "d dh pN CARDS, d db CARDS, pN f|cc|pb, pN cbr AMOUNT, pN sd [CARDS], pN sm [CARDS|-]"
)


def _parse_card_text(text: str) -> tuple[int | None, ...]:
    """Parse concatenated cards with ``??`` for unknown ones; cached."""
    hit = _CARDS_CACHE.get(text)
    if hit is not None:
        return hit
    if len(text) % 2:
        raise _ActionError(
            "bad_card", f"{text!r} is not a list of two-character cards (unknown card: ??)"
        )
    table = _CARD_TEXT
    out: list[int | None] = []
    for i in range(0, len(text), 2):
        chunk = text[i : i + 2]
        if chunk in table:
            out.append(table[chunk])
            continue
        try:
            out.append(parse_card(chunk))
        except CardError as exc:
            raise _ActionError("bad_card", f"{exc.message} (unknown card: ??)") from None
    known = [c for c in out if c is not None]
    if len(set(known)) != len(known):
        seen: set[int] = set()
        for c in known:
            if c in seen:
                raise _ActionError("duplicate_card", f"card {DECK[c]!r} appears twice in {text!r}")
            seen.add(c)
    cards = tuple(out)
    if len(_CARDS_CACHE) >= _CACHE_LIMIT:
        _CARDS_CACHE.clear()
    _CARDS_CACHE[text] = cards
    return cards


def _parse_player(tok: str, what: str) -> int:
    digits = tok[1:]
    if tok[:1] != "p" or not (digits.isascii() and digits.isdigit()) or digits[0] == "0":
        raise _ActionError("bad_actor", f"{what} {tok!r} is not 'd' or p1, p2, ...")
    return int(digits) - 1


def _parse_amount(tok: str) -> int | Decimal:
    whole, dot, frac = tok.partition(".")
    ok = whole.isascii() and whole.isdigit() and (not dot or (frac.isascii() and frac.isdigit()))
    if not ok:
        raise _ActionError("bad_amount", f"amount {tok!r} is not a number such as 300 or 2.50")
    amount: int | Decimal = Decimal(tok) if dot and frac.strip("0") else int(whole)
    if amount <= 0:
        raise _ActionError("bad_amount", f"amount {tok!r} must be greater than 0")
    return amount


def _parse_action_uncached(text: str) -> tuple[PHHAction, int]:
    """Parse one action string; return it and the highest player index it names (or -1)."""
    body, sep, rest = text.partition("#")
    comment = rest.strip() if sep else None
    toks = body.split()
    if not toks:
        return _new_action(kind="comment", comment=comment, text=text), -1
    actor_tok = toks[0]
    if len(toks) < 2:
        raise _ActionError("bad_action", f"missing verb after {actor_tok!r}; use {_VERB_HELP}")
    verb = toks[1]
    args = toks[2:]
    if actor_tok == "d":
        if verb not in _DEALER_VERBS:
            if verb in _PLAYER_VERBS:
                raise _ActionError("bad_actor", f"verb {verb!r} needs a player actor pN, not d")
            raise _ActionError("unknown_verb", f"unknown verb {verb!r}; use {_VERB_HELP}")
        if verb == "dh":
            if len(args) != 2:
                raise _ActionError("bad_action", "'d dh' takes a player and cards: d dh p1 AcKs")
            target = _parse_player(args[0], "target")
            cards = _parse_card_text(args[1])
            return _new_action(kind="dh", target=target, cards=cards, comment=comment, text=text), (
                target
            )
        if len(args) != 1:
            raise _ActionError("bad_action", "'d db' takes the board cards: d db Jc3d5c")
        cards = _parse_card_text(args[0])
        return _new_action(kind="db", cards=cards, comment=comment, text=text), -1
    actor = _parse_player(actor_tok, "actor")
    if verb not in _PLAYER_VERBS:
        if verb in _DEALER_VERBS:
            raise _ActionError("bad_actor", f"verb {verb!r} is the dealer's: d {verb} ...")
        raise _ActionError("unknown_verb", f"unknown verb {verb!r}; use {_VERB_HELP}")
    if verb == "cbr":
        if len(args) != 1:
            raise _ActionError("bad_action", "'cbr' takes one amount (the total): p1 cbr 300")
        amount = _parse_amount(args[0])
        return _new_action(
            kind="cbr", actor=actor, amount=amount, comment=comment, text=text
        ), actor
    if verb in ("f", "cc", "pb"):
        if args:
            raise _ActionError("bad_action", f"{verb!r} takes no arguments")
        return _new_action(kind=verb, actor=actor, comment=comment, text=text), actor
    if len(args) > 1:
        raise _ActionError("bad_action", f"{verb!r} takes at most one card list")
    if verb == "sd":
        cards_sd = _parse_card_text(args[0]) if args else None
        return _new_action(
            kind="sd", actor=actor, cards=cards_sd, comment=comment, text=text
        ), actor
    # sm
    if not args:
        return _new_action(kind="sm", actor=actor, muck=True, comment=comment, text=text), actor
    if args[0] == "-":
        return _new_action(
            kind="sm", actor=actor, show_dealt=True, comment=comment, text=text
        ), actor
    cards_sm = _parse_card_text(args[0])
    return _new_action(kind="sm", actor=actor, cards=cards_sm, comment=comment, text=text), actor


def parse_action(text: str, player_count: int | None = None) -> PHHAction:
    """Parse one PHH action string such as ``'p2 cbr 300'`` (players ``pN`` are 0-based here).

    >>> parse_action("d dh p1 Ac??").cards
    (Ac, None)
    >>> parse_action("p7 f", player_count=6)
    Traceback (most recent call last):
    ...
    pokerroom.errors.NotationError: action 'p7 f': player p7 does not exist; players are p1..p6
    """
    action, top = _action(text, "action")
    if player_count is not None and top >= player_count:
        _bad_player(text, top, player_count, "action")
    return action


def _action(text: str, ctx: str, index: int | None = None) -> tuple[PHHAction, int]:
    action = _ACTION_CACHE.get(text)
    if action is not None:
        return action, _TOP_CACHE[text]
    try:
        action, top = _parse_action_uncached(text)
    except _ActionError as exc:
        where = ctx if index is None else f"{ctx}: actions[{index}]"
        raise NotationError(exc.code, f"{where} {text!r}: {exc.message}") from None
    if len(_ACTION_CACHE) >= _CACHE_LIMIT:
        _ACTION_CACHE.clear()
        _TOP_CACHE.clear()
        _TOP_SEEN[0] = -1
    if top > _TOP_SEEN[0]:
        _TOP_SEEN[0] = top
    _TOP_CACHE[text] = top
    _ACTION_CACHE[text] = action
    return action, top


def _actions(raw: list[Any], n: int, ctx: str) -> tuple[PHHAction, ...]:
    """Parse the actions array; the fast path is two C-level cache lookups per action."""
    cache = _ACTION_CACHE
    for attempt in (0, 1):
        try:
            actions = tuple(map(cache.__getitem__, raw))
            if _TOP_SEEN[0] < n or max(map(_TOP_CACHE.__getitem__, raw), default=-1) < n:
                return actions
            break  # some action names a player beyond n: find it below
        except (KeyError, TypeError):
            if attempt:
                break  # the cache was cleared while filling it: take the slow path
            for i, text in enumerate(raw):
                if type(text) is not str:
                    _fail("bad_type", ctx, f"actions[{i}] must be a string, not {text!r}")
                if text not in cache:
                    _action(text, ctx, i)
    out: list[PHHAction] = []
    for i, text in enumerate(raw):
        action, top = _action(text, ctx, i)
        if top >= n:
            _bad_player(text, top, n, f"{ctx}: actions[{i}]")
        out.append(action)
    return tuple(out)


def _bad_player(text: str, top: int, n: int, where: str) -> NoReturn:
    raise NotationError(
        "bad_actor", f"{where} {text!r}: player p{top + 1} does not exist; players are p1..p{n}"
    )


def _format_amount(amount: int | Decimal) -> str:
    return str(amount) if type(amount) is int else format(amount, "f")


def format_action(action: PHHAction) -> str:
    """Render an action canonically, e.g. ``'d dh p1 AcKs'``, ``'p3 sm -'``, ``'p2 cc # hi'``.

    >>> format_action(parse_action("  p2   cbr 2.50   #  nice  "))
    'p2 cbr 2.50 # nice'
    """
    kind = action.kind
    if kind in ("dh", "db") and not action.cards:
        raise NotationError(
            "bad_card", f"{action!r}: a deal needs at least one card (?? if unknown)"
        )
    if kind == "comment":
        body = ""
    elif kind == "dh":
        body = f"d dh p{_index(action.target) + 1} {format_cards(action.cards or ())}"
    elif kind == "db":
        body = f"d db {format_cards(action.cards or ())}"
    else:
        body = f"p{_index(action.actor) + 1} {kind}"
        if kind == "cbr":
            if action.amount is None:
                raise NotationError("bad_amount", f"{action!r}: cbr needs an amount")
            body += " " + _format_amount(action.amount)
        elif kind == "sd" and action.cards is not None:
            body += " " + format_cards(action.cards)
        elif kind == "sm":
            if action.show_dealt:
                body += " -"
            elif action.cards is not None and not action.muck:
                body += " " + format_cards(action.cards)
    if action.comment is None:
        return body
    tail = f"# {action.comment}" if action.comment else "#"
    return f"{body} {tail}" if body else tail


def _index(player: int | None) -> int:
    if player is None or player < 0:
        raise NotationError("bad_actor", f"player index {player!r} must be an int >= 0")
    return player


# --------------------------------------------------------------------------------------
# reading


class _Inexact(Exception):
    """Internal: a binary float was met; re-read the document with exact decimals."""


def _exact_float(text: str) -> Number:
    if "inf" in text or "nan" in text:
        return float(text)
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else value


def _fail(code: str, ctx: str, message: str) -> NoReturn:
    raise NotationError(code, f"{ctx}: {message}")


def _number(x: object, ctx: str, name: str, inf_ok: bool) -> Number:
    t = type(x)
    if t is int or t is Decimal:
        return x  # type: ignore[return-value]
    if t is float:
        if x != x:  # NaN
            _fail("bad_value", ctx, f"field {name!r}: nan is not allowed")
        if x in (_INF, -_INF):
            if not inf_ok:
                _fail(
                    "bad_value",
                    ctx,
                    f"field {name!r}: inf is only allowed for stacks and time_limit",
                )
            return x
        raise _Inexact
    _fail("bad_type", ctx, f"field {name!r}: {x!r} is not a number")


def _check_sign(value: Number, ctx: str, name: str, positive: bool) -> None:
    if value < 0 or (positive and value == 0):
        need = "greater than 0" if positive else "0 or more"
        _fail("bad_value", ctx, f"field {name!r}: {value} is not allowed; it must be {need}")


def _scalar(x: object, name: str, ctx: str, inf_ok: bool = False) -> Number:
    value = _number(x, ctx, name, inf_ok)
    _check_sign(value, ctx, name, True)
    return value


def _numbers(
    value: object, name: str, ctx: str, inf_ok: bool, positive: bool, signed: bool = False
) -> tuple[Number, ...]:
    if type(value) is not list:
        _fail("bad_type", ctx, f"field {name!r} must be an array of numbers, not {value!r}")
    if signed:  # blinds_or_straddles: a negative amount is a post (PokerKit)
        return tuple(_number(x, ctx, name, inf_ok) for x in value)
    if _INT_TYPE.issuperset(map(type, value)):
        if value and (min(value) <= 0 if positive else min(value) < 0):
            for x in value:
                _check_sign(x, ctx, name, positive)
        return tuple(value)
    out = tuple(_number(x, ctx, name, inf_ok) for x in value)
    for v in out:
        _check_sign(v, ctx, name, positive)
    return out


def _user_value(x: object) -> object:
    """Freeze a user field's TOML value (arrays to tuples), demanding exact floats."""
    t = type(x)
    if t is float:
        if x != x or x in (_INF, -_INF):
            return x
        raise _Inexact
    if t is list:
        return tuple(_user_value(v) for v in x)  # type: ignore[attr-defined]
    if t is dict:
        return {k: _user_value(v) for k, v in x.items()}  # type: ignore[attr-defined]
    return x


def _extra_value(value: object, name: str, ctx: str, n: int) -> object:
    if name in _STR_FIELDS:
        if type(value) is not str:
            _fail("bad_type", ctx, f"field {name!r} must be a string, not {value!r}")
        return value
    if name in _INT_RANGES:
        low, high = _INT_RANGES[name]
        if type(value) is not int:
            _fail("bad_type", ctx, f"field {name!r} must be an integer, not {value!r}")
        if value < low or (high is not None and value > high):
            top = "" if high is None else f"..{high}"
            _fail("bad_value", ctx, f"field {name!r}: {value} is outside {low}{top}")
        return value
    if name in ("hand", "table"):
        if type(value) not in (str, int):
            _fail("bad_type", ctx, f"field {name!r} must be a string or an integer")
        return value
    if name == "time":
        if type(value) is not _dt.time:
            _fail("bad_type", ctx, "field 'time' must be a TOML local time such as 21:05:00")
        return value
    if name == "time_limit":
        return _scalar(value, name, ctx, inf_ok=True)  # the spec: inf when there is no clock
    if name == "seats":
        if type(value) is not list or any(type(s) is not int or s < 1 for s in value):
            _fail("bad_type", ctx, "field 'seats' must be an array of seat numbers >= 1")
        if len(value) != n:
            _length_error(value, name, ctx, n)
        return tuple(value)
    # time_banks
    banks = _numbers(value, name, ctx, False, False)
    if len(banks) != n:
        _length_error(banks, name, ctx, n)
    return banks


def _length_error(value: tuple[object, ...] | list[Any], name: str, ctx: str, n: int) -> NoReturn:
    _fail(
        "length_mismatch",
        ctx,
        f"field {name!r} has {len(value)} entries but starting_stacks has {n}; "
        "every per-player field needs one entry per player",
    )


def _build(doc: Mapping[str, Any], ctx: str, source: str | None) -> HandHistory:
    """Validate one hand's TOML table and build it (the hot path: keep it lean)."""
    if not _ALLOWED.issuperset(doc):
        bad = [k for k in doc if k not in _ALLOWED and not k.startswith("_")]
        if bad:
            _fail(
                "unknown_field",
                ctx,
                f"unknown field {bad[0]!r}; allowed: {', '.join((*_CORE_FIELDS, *OPTIONAL_FIELDS))}"
                ", or a user field starting with '_'",
            )
    variant = doc.get("variant")
    info = _VARIANT_INFO.get(variant) if type(variant) is str else None
    if info is None:
        if variant is None:
            _fail("missing_field", ctx, "required field 'variant' is missing")
        _fail(
            "unknown_variant", ctx, f"unknown variant {variant!r}; allowed: {', '.join(VARIANTS)}"
        )
    if not info.required.issubset(doc):
        for name in _CORE_FIELDS:
            if name in info.required and name not in doc:
                why = "" if name in _ALWAYS_REQUIRED else f" for variant {variant!r}"
                _fail("missing_field", ctx, f"field {name!r} is required{why}")
    if not info.forbidden.isdisjoint(doc):
        for name in _CORE_FIELDS:
            if name in info.forbidden and name in doc:
                _fail(
                    "field_not_allowed",
                    ctx,
                    f"field {name!r} is not allowed in variant {variant!r}",
                )

    stacks = _numbers(doc["starting_stacks"], "starting_stacks", ctx, True, True)
    n = len(stacks)
    if n < 2:
        _fail("too_few_players", ctx, f"starting_stacks has {n} entries; a hand needs 2 or more")
    antes = _numbers(doc["antes"], "antes", ctx, False, False)
    if len(antes) != n:
        _length_error(antes, "antes", ctx, n)
    blinds = bring_in = small_bet = big_bet = min_bet = None
    if info.button:
        # A negative amount is a post: a player just seated pays it to play at once, live,
        # without it moving the first to act (PokerKit; HandHQ files have them); replay
        # reads a missed small blind in it as dead money (notation.replay._posts).
        blinds = _numbers(
            doc["blinds_or_straddles"], "blinds_or_straddles", ctx, False, False, signed=True
        )
        if len(blinds) != n:
            _length_error(blinds, "blinds_or_straddles", ctx, n)
    if info.stud:
        bring_in = _scalar(doc["bring_in"], "bring_in", ctx)
    if info.fixed:
        small_bet = _scalar(doc["small_bet"], "small_bet", ctx)
        big_bet = _scalar(doc["big_bet"], "big_bet", ctx)
    else:
        min_bet = _scalar(doc["min_bet"], "min_bet", ctx)

    trimming = doc.get("ante_trimming_status", False)
    if type(trimming) is not bool:
        _fail("bad_type", ctx, "field 'ante_trimming_status' must be true or false")
    # The spec asks for false with non-uniform antes (a big-blind ante), yet real files set it
    # (WSOP 2019 Event #42): it is kept as written, and replay reads it for uniform antes only.

    raw_actions = doc["actions"]
    if type(raw_actions) is not list:
        _fail("bad_type", ctx, "field 'actions' must be an array of strings")
    actions = _actions(raw_actions, n, ctx)

    finishing = winnings = players = None
    extra: dict[str, object] = {}
    if len(doc) > len(info.required) + ("ante_trimming_status" in doc):
        value = doc.get("finishing_stacks")
        if value is not None:
            finishing = _numbers(value, "finishing_stacks", ctx, True, False)
            if len(finishing) != n:
                _length_error(finishing, "finishing_stacks", ctx, n)
        value = doc.get("winnings")
        if value is not None:
            winnings = _numbers(value, "winnings", ctx, False, False)
            if len(winnings) != n:
                _length_error(winnings, "winnings", ctx, n)
        value = doc.get("players")
        if value is not None:
            if type(value) is not list or not _STR_TYPE.issuperset(map(type, value)):
                _fail("bad_type", ctx, "field 'players' must be an array of strings")
            if len(value) != n:
                _length_error(value, "players", ctx, n)
            players = tuple(value)
        others = doc.keys() - _HANDLED
        for key in [k for k in doc if k in others] if len(others) > 1 else others:
            if key in _ALLOWED:
                extra[key] = _extra_value(doc[key], key, ctx, n)
            else:
                extra[key] = _user_value(doc[key])

    hand: HandHistory = _new_hand(
        variant=variant,
        antes=antes,
        blinds_or_straddles=blinds,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=big_bet,
        min_bet=min_bet,
        starting_stacks=stacks,
        ante_trimming_status=trimming,
        actions=actions,
        finishing_stacks=finishing,
        winnings=winnings,
        players=players,
        extra=extra,
        source=source,
    )
    return hand


def _toml(text: str, ctx: str, exact: bool) -> dict[str, Any]:
    try:
        if exact:
            return tomllib.loads(text, parse_float=_exact_float)
        doc: dict[str, Any] = rtoml.loads(text)
        return doc
    except (ValueError, tomllib.TOMLDecodeError, InvalidOperation) as exc:
        raise NotationError("toml_syntax", f"{ctx}: not valid TOML: {exc}") from None


def loads(text: str, source: str | None = None) -> HandHistory:
    """Parse one ``.phh`` hand from text; ``source`` names it in error messages."""
    ctx = source or "<phh>"
    doc = _toml(text, ctx, False)
    try:
        return _build(doc, ctx, source)
    except _Inexact:
        return _build(_toml(text, ctx, True), ctx, source)


def loads_all(text: str, source: str | None = None) -> list[HandHistory]:
    """Parse a ``.phhs`` text: hands in tables ``[1]``, ``[2]``, ... in that order."""
    ctx = source or "<phhs>"
    doc = _toml(text, ctx, False)
    exact: dict[str, Any] | None = None
    hands: list[HandHistory] = []
    for i, (key, table) in enumerate(doc.items(), 1):
        if key != str(i) or type(table) is not dict:
            _fail(
                "bad_bulk",
                ctx,
                f"top-level entry {key!r} should be the table [{i}]; "
                "a .phhs file holds only tables [1], [2], ... in order",
            )
        hand_source = f"{source}[{i}]" if source is not None else None
        hand_ctx = f"{ctx}[{i}]"
        try:
            hands.append(_build(table, hand_ctx, hand_source))
        except _Inexact:
            if exact is None:
                exact = _toml(text, ctx, True)
            hands.append(_build(exact[key], hand_ctx, hand_source))
    return hands
