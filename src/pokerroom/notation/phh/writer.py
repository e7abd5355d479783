"""Writing PHH: one hand as canonical ``.phh`` text, many as ``.phhs``; reading the text back
gives the same hand (``loads(dumps(hh)) == hh``).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Final

from pokerroom.errors import NotationError
from pokerroom.notation.phh.history import (
    _ALLOWED,
    _CORE_FIELDS,
    _INF,
    _OWN_OPTIONAL,
    OPTIONAL_FIELDS,
    HandHistory,
    format_action,
)

__all__ = ["dumps", "dumps_all"]


_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES: Final = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
                   "\r": "\\r"}  # fmt: skip


def _str(s: str) -> str:
    if s.isascii() and s.isprintable() and '"' not in s and "\\" not in s:
        return f'"{s}"'
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch < " " or ch == "\x7f":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _key(k: str) -> str:
    return k if _BARE_KEY.fullmatch(k) else _str(k)


def _value(v: object, where: str) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(int(v))
    if isinstance(v, Decimal):
        if v.is_nan():
            raise NotationError("bad_value", f"{where}: NaN cannot be written")
        if v.is_infinite():
            return "inf" if v > 0 else "-inf"
        return str(v)
    if isinstance(v, float):
        if v != v:
            return "nan"
        if v in (_INF, -_INF):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, _dt.date | _dt.time):
        return v.isoformat()
    if isinstance(v, Mapping):
        inner = ", ".join(f"{_key(str(k))} = {_value(x, where)}" for k, x in v.items())
        return "{" + inner + "}" if inner else "{}"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x, where) for x in v) + "]"
    raise NotationError("bad_type", f"{where}: cannot write {v!r} as TOML")


def dumps(hh: HandHistory) -> str:
    """Write one hand as ``.phh`` text: required fields first, actions one per line."""
    where = hh.source or "<phh>"
    lines = [
        f"variant = {_str(hh.variant)}",
        f"ante_trimming_status = {'true' if hh.ante_trimming_status else 'false'}",
        f"antes = {_value(hh.antes, where)}",
    ]
    setup: tuple[tuple[str, object], ...] = (
        ("blinds_or_straddles", hh.blinds_or_straddles),
        ("bring_in", hh.bring_in),
        ("small_bet", hh.small_bet),
        ("big_bet", hh.big_bet),
        ("min_bet", hh.min_bet),
    )
    for name, value in setup:
        if value is not None:
            lines.append(f"{name} = {_value(value, where)}")
    lines.append(f"starting_stacks = {_value(hh.starting_stacks, where)}")
    if hh.actions:
        lines.append("actions = [")
        lines.extend(f"  {_str(format_action(a))}," for a in hh.actions)
        lines.append("]")
    else:
        lines.append("actions = []")
    extra = hh.extra
    for key in extra:
        if key not in _ALLOWED and not key.startswith("_"):
            raise NotationError("unknown_field", f"{where}: extra field {key!r} is not PHH")
        if key in _CORE_FIELDS or key in _OWN_OPTIONAL:
            raise NotationError(
                "unknown_field", f"{where}: extra field {key!r} duplicates a HandHistory field"
            )
    for name in OPTIONAL_FIELDS:
        optional: object = getattr(hh, name) if name in _OWN_OPTIONAL else extra.get(name)
        if optional is not None:
            lines.append(f"{name} = {_value(optional, where)}")
    for key, user_value in extra.items():
        if key not in _ALLOWED:
            lines.append(f"{_key(key)} = {_value(user_value, where)}")
    return "\n".join(lines) + "\n"


def dumps_all(hhs: Iterable[HandHistory]) -> str:
    """Write many hands as ``.phhs`` text: tables ``[1]``, ``[2]``, ..."""
    return "\n".join(f"[{i}]\n{dumps(hh)}" for i, hh in enumerate(hhs, 1))
