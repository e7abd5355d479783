"""Load, validate, derive, describe and compare house profiles.

A profile is a TOML file with top-level ``name``, ``title`` and ``source`` (the seed rulebook)
and one table per mode, ``[cash]`` and ``[tournament]``, each setting every
:class:`~pokerroom.house.rules.HouseRules` field explicitly (``name`` and ``mode`` excepted:
they come from the file and the table). A club's own profile may instead say
``base = "lpr"`` and set only the keys it changes.

Validation is driven by the dataclass's type hints, not by a hand-kept list: an unknown key,
a missing key (in a profile without ``base``), a value of the wrong type or outside a
``Literal`` raises :class:`~pokerroom.errors.ConfigError` naming the file, the table, the
key, the bad value and what is allowed. Cash-only rules are checked per mode too: a
``[tournament]`` table (or an override of one) that blocks positions for new players
(``new_player_blocked_positions``, NEW-01) is refused, because tournaments deal every player in
wherever the blinds reach him (LPR:L181, L194; CAMB:L48); tournament profiles set ``[]``.

>>> list_houses()
('lpr', 'grosvenor', 'hippodrome', 'cambridge', 'roberts')
>>> load_house("lpr").reopen_barred_for
'already_raised'
>>> load_house("grosvenor", "tournament").overcall_raise_threshold
Fraction(51, 100)
>>> derive(load_house("lpr"), rake_percent=5).rake_percent
5
>>> try:
...     load_house("lpr", overrides={"reopen_barred_for": "sometimes"})
... except ConfigError as err:
...     print(*str(err).split(": "), sep="\\n")
lpr.toml [cash] (overrides) reopen_barred_for = "sometimes"
allowed values are "already_acted", "already_raised"
>>> diff_houses("lpr", "roberts")[0]
('cash', 'straddle_mode', 'utg_live_blind', 'none')
"""

from __future__ import annotations

import dataclasses
import difflib
import inspect
import re
from collections.abc import Mapping
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints

import rtoml

from pokerroom.errors import ConfigError
from pokerroom.house import rules as _rules_module
from pokerroom.house.rules import UNSUPPORTED_VALUES, HouseRules, Mode

__all__ = [
    "HOUSES",
    "derive",
    "describe_house",
    "diff_houses",
    "format_diff",
    "format_value",
    "list_houses",
    "load_house",
    "load_house_file",
    "load_profile",
    "profile_fields",
    "rule_id",
]

#: The packaged houses, in seed-file order (000 LPR ... 004 RRP).
HOUSES: tuple[str, ...] = ("lpr", "grosvenor", "hippodrome", "cambridge", "roberts")
_MODES: tuple[Mode, ...] = ("cash", "tournament")
_TOP_LEVEL_KEYS = ("name", "title", "source", "base", "cash", "tournament")
# set from the file's `name`, from the table's name, and from `base` (or the name)
_NOT_IN_TABLES = ("name", "mode", "rulebook")


def list_houses() -> tuple[str, ...]:
    """The names of the packaged house profiles.

    >>> "hippodrome" in list_houses()
    True
    """
    return HOUSES


def profile_fields() -> tuple[str, ...]:
    """The HouseRules fields a mode table of a profile must set (all but name, mode, rulebook).

    >>> "reopen_barred_for" in profile_fields(), "mode" in profile_fields()
    (True, False)
    """
    return tuple(f.name for f in dataclasses.fields(HouseRules) if f.name not in _NOT_IN_TABLES)


def _hints() -> dict[str, Any]:
    return get_type_hints(HouseRules)


# --------------------------------------------------------------------------------------------
# Formatting values (TOML-like) for messages and descriptions


def format_value(value: object) -> str:
    """Render a HouseRules value as TOML would write it.

    >>> format_value("a"), format_value(True), format_value(Fraction(51, 100))
    ('"a"', 'true', '"51/100"')
    >>> format_value((("1/2", 500),))
    '{ "1/2" = 500 }'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return f'"{value}"'
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, tuple | list):
        items = list(value)
        if items and all(isinstance(i, tuple) and len(i) == 2 for i in items):
            return (
                "{ " + ", ".join(f"{format_value(k)} = {format_value(v)}" for k, v in items) + " }"
            )
        return "[" + ", ".join(format_value(i) for i in items) + "]"
    if isinstance(value, dict):
        return (
            "{ "
            + ", ".join(f"{format_value(k)} = {format_value(v)}" for k, v in value.items())
            + " }"
        )
    return repr(value)


def _type_name(tp: Any) -> str:
    origin = get_origin(tp)
    if origin is Literal:
        return "one of " + ", ".join(format_value(a) for a in get_args(tp))
    if tp is bool:
        return "a boolean (true or false)"
    if tp is int:
        return "an integer"
    if tp is str:
        return "a string"
    if tp is Fraction:
        return 'a fraction string such as "51/100" (or an integer)'
    if origin is tuple:
        args = get_args(tp)
        if args[0] == tuple[str, int]:
            return 'a table of stakes to amounts such as { "1/2" = 500 }'
        return f"an array of {_type_name(args[0])}"
    return str(tp)


# --------------------------------------------------------------------------------------------
# Converting and validating one value


class _Where:
    """Where a value comes from, for error messages: ``lpr.toml [cash]``."""

    __slots__ = ("label",)

    def __init__(self, label: str) -> None:
        self.label = label

    def fail(self, key: str, value: object, message: str, code: str = "bad_value") -> ConfigError:
        return ConfigError(code, f"{self.label} {key} = {format_value(value)}: {message}")


def _convert(tp: Any, key: str, value: object, where: _Where) -> object:
    """Check ``value`` against the type hint ``tp`` and return it in HouseRules form."""
    origin = get_origin(tp)
    if origin is Literal:
        allowed = get_args(tp)
        if not isinstance(value, str) or value not in allowed:
            shown = ", ".join(format_value(a) for a in allowed)
            raise where.fail(key, value, f"allowed values are {shown}", "bad_literal")
        return value
    if tp is bool:
        if not isinstance(value, bool):
            raise where.fail(key, value, f"expected {_type_name(tp)}", "wrong_type")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise where.fail(key, value, f"expected {_type_name(tp)}", "wrong_type")
        if value < 0:
            raise where.fail(key, value, "allowed values are integers >= 0", "out_of_range")
        return value
    if tp is str:
        if not isinstance(value, str):
            raise where.fail(key, value, f"expected {_type_name(tp)}", "wrong_type")
        return value
    if tp is Fraction:
        return _convert_fraction(key, value, where)
    if origin is tuple:
        return _convert_tuple(tp, key, value, where)
    raise where.fail(key, value, f"unsupported field type {tp!r}", "unsupported_type")


def _convert_fraction(key: str, value: object, where: _Where) -> Fraction:
    if isinstance(value, Fraction):
        frac = value
    elif isinstance(value, int) and not isinstance(value, bool):
        frac = Fraction(value)
    elif isinstance(value, str):
        try:
            frac = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise where.fail(key, value, f"expected {_type_name(Fraction)}", "wrong_type") from None
    else:  # floats are refused: rule thresholds must be exact
        raise where.fail(key, value, f"expected {_type_name(Fraction)}", "wrong_type")
    if not 0 <= frac <= 1:
        raise where.fail(key, value, "allowed values are fractions from 0 to 1", "out_of_range")
    return frac


def _convert_tuple(tp: Any, key: str, value: object, where: _Where) -> tuple[object, ...]:
    (item_tp, _ellipsis) = get_args(tp)
    if item_tp == tuple[str, int]:  # a stakes -> amount mapping
        pairs: list[tuple[object, object]]
        if isinstance(value, Mapping):
            pairs = list(value.items())
        elif isinstance(value, tuple | list) and all(
            isinstance(p, tuple | list) and len(p) == 2 for p in value
        ):
            pairs = [(p[0], p[1]) for p in value]
        else:
            raise where.fail(key, value, f"expected {_type_name(tp)}", "wrong_type")
        out: list[tuple[str, int]] = []
        for k, v in pairs:
            if not isinstance(k, str):
                raise where.fail(key, value, f"expected {_type_name(tp)}", "wrong_type")
            amount = _convert(int, f"{key}.{k}", v, where)
            assert isinstance(amount, int)
            out.append((k, amount))
        return tuple(out)
    if not isinstance(value, tuple | list):
        raise where.fail(key, value, f"expected {_type_name(tp)}", "wrong_type")
    return tuple(_convert(item_tp, f"{key}[{i}]", v, where) for i, v in enumerate(value))


def _check_table(
    table: Mapping[str, object], where: _Where, mode: Mode, *, complete: bool
) -> dict[str, Any]:
    """Validate the keys and values of one mode table; return converted values."""
    hints = _hints()
    allowed = profile_fields()
    converted: dict[str, Any] = {}
    for key, value in table.items():
        if key not in allowed:
            if key in _NOT_IN_TABLES:
                msg = f"{key!r} is not set in a mode table (it comes from the file and the table)"
            else:
                close = difflib.get_close_matches(key, allowed, n=3)
                hint = (
                    f" (did you mean {', '.join(format_value(c) for c in close)}?)" if close else ""
                )
                msg = f"unknown key{hint}; allowed keys are the HouseRules fields: " + ", ".join(
                    allowed
                )
            raise ConfigError("unknown_key", f"{where.label} {key} = {format_value(value)}: {msg}")
        converted[key] = _convert(hints[key], key, value, where)
    if complete:
        missing = [k for k in allowed if k not in table]
        if missing:
            raise ConfigError(
                "missing_key",
                f"{where.label} missing key {missing[0]} ({_type_name(hints[missing[0]])}): "
                f"a profile without `base` must set every HouseRules field; missing: "
                + ", ".join(missing),
            )
    _check_consistency(converted, where, mode)
    return converted


def _check_consistency(values: Mapping[str, object], where: _Where, mode: Mode) -> None:
    for key, (supported, why) in UNSUPPORTED_VALUES.items():
        if key in values and not any(
            type(values[key]) is type(ok) and values[key] == ok for ok in supported
        ):
            shown = ", ".join(format_value(ok) for ok in supported)
            raise where.fail(
                key, values[key], f"supported values are {shown} ({why})", "unsupported_value"
            )
    den = values.get("limit_allin_full_threshold_den")
    if den == 0:
        raise where.fail(
            "limit_allin_full_threshold_den",
            den,
            "allowed values are integers >= 1",
            "out_of_range",
        )
    pct = values.get("rake_percent")
    if isinstance(pct, int) and pct > 100:
        raise where.fail("rake_percent", pct, "allowed values are 0..100", "out_of_range")
    minutes = values.get("session_fee_minutes")
    if isinstance(minutes, tuple) and any(isinstance(m, int) and m > 59 for m in minutes):
        raise where.fail("session_fee_minutes", minutes, "allowed values are 0..59", "out_of_range")
    blocked = values.get("new_player_blocked_positions")
    if mode == "tournament" and blocked:
        # NEW-01 is a cash-game rule (LPR r68 among the cash rules r68-r71, HIPP:L219; RULES.md
        # section 27: n/a for CAMB): tournament tables deal every player in wherever the dead
        # button's blinds reach him (LPR:L181, L193-194; CAMB:L30, L48) and never read it.
        raise where.fail(
            "new_player_blocked_positions",
            blocked,
            "NEW-01 is a cash-game rule: a tournament deals every player in, a moved or late "
            "player too, wherever the blinds reach him (LPR:L181, LPR:L194, CAMB:L48); "
            "allowed value in [tournament] is []",
            "cash_only",
        )
    if mode == "cash" and isinstance(blocked, tuple) and set(blocked) not in _BLOCKED_SETS:
        # NEW-01: the moving-button planner keeps a new player off both the small blind and
        # the button (LPR r68; HIPP:L219 with the gap before the small blind), or, as a
        # club's own rule, deals him in anywhere ([]); it cannot bar one of the two only.
        raise where.fail(
            "new_player_blocked_positions",
            blocked,
            'allowed values are ["small_blind", "button"] (LPR r68), ["small_blind", '
            '"between_button_and_small_blind"] (HIPP:L219), all three, or [] (a new player is '
            "dealt in wherever he sits); one of the small blind and the button alone is not "
            "supported",
            "unsupported_value",
        )


#: NEW-01: the sets of positions a new player may be kept out of (see ``_check_consistency``).
_BLOCKED_SETS: tuple[set[str], ...] = (
    set(),
    {"small_blind", "button"},
    {"small_blind", "between_button_and_small_blind"},
    {"small_blind", "button", "between_button_and_small_blind"},
)


# --------------------------------------------------------------------------------------------
# Loading


def _check_mode(mode: str) -> Mode:
    for known in _MODES:
        if mode == known:
            return known
    raise ConfigError(
        "unknown_mode", f'mode {format_value(mode)}: allowed values are "cash", "tournament"'
    )


def _packaged_text(name: str) -> str:
    if name not in HOUSES:
        raise ConfigError(
            "unknown_house",
            f"unknown house {format_value(name)}: allowed houses are "
            + ", ".join(format_value(h) for h in HOUSES),
        )
    return (resources.files("pokerroom.house") / "profiles" / f"{name}.toml").read_text("utf-8")


def _parse(text: str, label: str) -> dict[str, Any]:
    try:
        data = rtoml.loads(text)
    except Exception as exc:  # rtoml raises its own TomlParsingError
        raise ConfigError("toml_syntax", f"{label}: not valid TOML: {exc}") from None
    if not isinstance(data, dict):  # pragma: no cover - rtoml always returns a table
        raise ConfigError("toml_syntax", f"{label}: not a TOML table")
    return data


def _load_text(
    text: str, label: str, mode: Mode, base_dir: Path | None, chain: tuple[str, ...] = ()
) -> HouseRules:
    """Load one mode of a profile; ``chain``: the profile files on the way here (resolved
    paths, this one included) so that a base leading back to one of them is refused."""
    data = _parse(text, label)
    for key in data:
        if key not in _TOP_LEVEL_KEYS:
            raise ConfigError(
                "unknown_key",
                f"{label} {key} = {format_value(data[key])}: unknown top-level key; allowed keys "
                "are " + ", ".join(format_value(k) for k in _TOP_LEVEL_KEYS),
            )
    base = data.get("base")
    derived = base is not None
    required = ("name",) if derived else ("name", "title", "source", "cash", "tournament")
    for key in required:
        if key not in data:
            raise ConfigError("missing_key", f"{label} missing top-level key {key}")
    for key in ("name", "title", "source", "base"):
        if key in data and not isinstance(data[key], str):
            raise ConfigError(
                "wrong_type", f"{label} {key} = {format_value(data[key])}: expected a string"
            )
    # Both mode tables are checked, whichever mode is loaded: a bad key or value in either
    # table makes the profile fail to load (never a profile that loads in one mode only).
    values: dict[str, Any] = {}
    for m in _MODES:
        table = data.get(m, {})
        if not isinstance(table, dict):
            raise ConfigError(
                "wrong_type", f"{label} {m} = {format_value(table)}: expected a table [{m}]"
            )
        checked = _check_table(table, _Where(f"{label} [{m}]"), m, complete=not derived)
        if m == mode:
            values = checked
    if derived:
        assert isinstance(base, str)
        start = _load_base(base, label, mode, base_dir, chain)
        return dataclasses.replace(start, name=str(data["name"]), **values)
    return HouseRules(name=str(data["name"]), mode=mode, **values)


def _load_base(
    base: str, label: str, mode: Mode, base_dir: Path | None, chain: tuple[str, ...]
) -> HouseRules:
    allowed = (
        "allowed values are "
        + ", ".join(format_value(h) for h in HOUSES)
        + ' (a packaged house) or the path of a profile ending in ".toml"'
    )
    if base.endswith(".toml"):
        path = (base_dir or Path.cwd()) / base
        key = str(path.resolve())
        if key in chain:
            loop = " -> ".join(Path(c).name for c in (*chain[chain.index(key) :], key))
            raise ConfigError(
                "base_cycle",
                f"{label} base = {format_value(base)}: the profiles derive from each other in a "
                f"cycle ({loop}); {allowed} that does not lead back to this one",
            )
        try:
            text = path.read_text("utf-8")
        except OSError as exc:
            raise ConfigError(
                "unknown_house",
                f"{label} base = {format_value(base)}: cannot read: {exc}; {allowed}",
            ) from None
        return _load_text(text, path.name, mode, path.parent, (*chain, key))
    if base not in HOUSES:
        raise ConfigError("unknown_house", f"{label} base = {format_value(base)}: {allowed}")
    return _load_text(_packaged_text(base), f"{base}.toml", mode, None, chain)


def _apply_overrides(
    rules: HouseRules, overrides: Mapping[str, object] | None, label: str
) -> HouseRules:
    if not overrides:
        return rules
    values = _check_table(overrides, _Where(label), rules.mode, complete=False)
    return dataclasses.replace(rules, **values)


def load_house(
    name: str, mode: Mode = "cash", overrides: Mapping[str, object] | None = None
) -> HouseRules:
    """Load a packaged house profile for one mode, optionally overriding some keys.

    >>> load_house("hippodrome").rit_min_pot("1/2")
    500
    >>> load_house("hippodrome", "tournament").offered
    False
    """
    mode = _check_mode(mode)
    rules = _load_text(_packaged_text(name), f"{name}.toml", mode, None)
    return _apply_overrides(rules, overrides, f"{name}.toml [{mode}] (overrides)")


def load_house_file(
    path: str | Path, mode: Mode = "cash", overrides: Mapping[str, object] | None = None
) -> HouseRules:
    """Load a club's own TOML profile (complete, or ``base = "<house>"`` plus changes)."""
    mode = _check_mode(mode)
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise ConfigError("unreadable", f"{path}: cannot read profile: {exc}") from None
    chain = (str(path.resolve()),)
    rules = _load_text(text, path.name, mode, path.parent, chain)
    # The other mode must load too (its cross-field checks, e.g. BLD-05, FEE-02): a club's
    # profile that is wrong in one mode is refused whichever mode is asked for.
    _load_text(text, path.name, "tournament" if mode == "cash" else "cash", path.parent, chain)
    return _apply_overrides(rules, overrides, f"{path.name} [{mode}] (overrides)")


def load_profile(name: str, mode: Mode = "cash") -> HouseRules:
    """A packaged house by name, or a club's profile by the path of its ``.toml`` file: what
    the command line takes wherever it asks for a house.

    >>> load_profile("lpr").name
    'lpr'
    """
    if name.endswith(".toml"):
        return load_house_file(name, mode)
    return load_house(name, mode)


def _profile_text(name: str) -> tuple[str, str, Path | None]:
    """The profile's text, its label and (for a club's file) its folder."""
    if name.endswith(".toml"):
        path = Path(name)
        try:
            return path.read_text("utf-8"), path.name, path.parent
        except OSError as exc:
            raise ConfigError("unreadable", f"{path}: cannot read profile: {exc}") from None
    return _packaged_text(name), f"{name}.toml", None


def derive(rules: HouseRules, **overrides: object) -> HouseRules:
    """A copy of ``rules`` with some keys changed, validated like a profile.

    >>> derive(load_house("lpr"), straddle_mode="none").straddle_mode
    'none'
    """
    return _apply_overrides(rules, overrides, f"derive({rules.name}) [{rules.mode}]")


# --------------------------------------------------------------------------------------------
# Describing and comparing


_GROUP_RE = re.compile(r"^\s*# --- (.+?) -+\s*$")
_COMMENT_RE = re.compile(r"^\s*# (.*)$")
_FIELD_RE = re.compile(r"^\s*(\w+): ")


def _field_notes() -> dict[str, tuple[str, str]]:
    """Field -> (group, rule comment), read from the comments in ``rules.py``.

    A field without a comment of its own (``rake_cap`` after ``rake_percent``) shares the
    comment above the previous field.
    """
    notes: dict[str, tuple[str, str]] = {}
    group, last = "General", ""
    block: list[str] = []
    for line in inspect.getsource(_rules_module.HouseRules).splitlines():
        if m := _GROUP_RE.match(line):
            group, block = m.group(1), []
        elif m := _COMMENT_RE.match(line):
            block.append(m.group(1).strip())
        elif (m := _FIELD_RE.match(line)) and m.group(1) in HouseRules.__dataclass_fields__:
            last = " ".join(block) if block else last
            notes[m.group(1)] = (group, last)
            block = []
    return notes


def rule_id(field: str) -> str:
    """The rule ID(s) a HouseRules field implements, from its comment in ``rules.py``.

    >>> rule_id("reopen_barred_for"), rule_id("cumulative_short_allins_reopen")
    ('BET-04', 'BET-04 / G6')
    """
    note = _field_notes().get(field, ("", ""))[1]
    return note.split(":", 1)[0].strip()


def _toml_comments(text: str) -> dict[tuple[str, str], str]:
    """(table, key) -> the comment after the value in a profile's TOML text."""
    out: dict[tuple[str, str], str] = {}
    table = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            table = stripped[1:-1].strip()
        elif "=" in stripped and "  # " in stripped and not stripped.startswith("#"):
            key = stripped.split("=", 1)[0].strip()
            out[(table, key)] = stripped.split("  # ", 1)[1].strip()
    return out


def describe_house(name: str, mode: Mode | None = None) -> str:
    """Every parameter of a house (one mode, or both), grouped, with its rule comment.

    >>> text = describe_house("lpr", "cash")
    >>> print(text.splitlines()[0])
    lpr [cash] - London Poker Room (seeds/000_d014626a88a94359.txt)
    >>> any(line.startswith("  reopen_barred_for = ") for line in text.splitlines())
    True
    """
    modes: tuple[Mode, ...] = _MODES if mode is None else (_check_mode(mode),)
    text, label, _ = _profile_text(name)
    data = _parse(text, label)
    comments = _toml_comments(text)
    base = data.get("base")
    if isinstance(base, str) and base in HOUSES:  # a club's file: its base's comments too
        comments = {**_toml_comments(_packaged_text(base)), **comments}
    notes = _field_notes()
    lines: list[str] = []
    for m in modes:
        rules = load_profile(name, m)
        if lines:
            lines.append("")
        source = data.get("source") or (f"based on {base}" if base else name)
        lines.append(f"{data.get('name', name)} [{m}] - {data.get('title', '')} ({source})")
        lefts = {k: f"{k} = {format_value(getattr(rules, k))}" for k in profile_fields()}
        width = min(max(len(v) for v in lefts.values()), 64)
        group = None
        for key in profile_fields():
            g, note = notes.get(key, ("General", ""))
            if g != group:
                lines.append(f"  # {g}")
                group = g
            comment = comments.get((m, key), note)
            lines.append(f"  {lefts[key]:<{width}}  # {comment}")
    return "\n".join(line.rstrip() for line in lines)


def diff_houses(a: str, b: str) -> list[tuple[str, str, object, object]]:
    """(mode, key, value in a, value in b) for every parameter that differs between two houses.

    >>> row = ("cash", "reopen_barred_for", "already_raised", "already_acted")
    >>> row in diff_houses("lpr", "roberts")
    True
    """
    out: list[tuple[str, str, object, object]] = []
    for m in _MODES:
        ra, rb = load_profile(a, m), load_profile(b, m)
        for key in profile_fields():
            va, vb = getattr(ra, key), getattr(rb, key)
            if va != vb:
                out.append((m, key, va, vb))
    return out


def format_diff(a: str, b: str) -> str:
    """A side-by-side table of the parameters that differ between two houses.

    >>> print(format_diff("lpr", "lpr"))
    lpr and lpr set every parameter alike
    """
    rows = [(m, k, format_value(va), format_value(vb)) for m, k, va, vb in diff_houses(a, b)]
    if not rows:
        return f"{a} and {b} set every parameter alike"
    header = ("mode", "parameter", a, b)
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
    rule = "  ".join("-" * w for w in widths)
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    lines = [fmt.format(*header), rule, *(fmt.format(*r) for r in rows)]
    return "\n".join(line.rstrip() for line in lines)
