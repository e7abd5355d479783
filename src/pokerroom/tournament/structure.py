"""Tournament structures: blind levels, breaks, chip colour-ups and the starting stack.

A :class:`Structure` is a frozen value that is valid by construction: its ``__post_init__``
checks every level, break and colour-up and raises :class:`StructureError` naming the key, the
bad value and what is allowed. Structures are kept in TOML files
(``tournament/structures/*.toml``); :func:`load_structure` reads a packaged one and
:func:`load_structure_file` any file. The loader is strict: an unknown key, a missing key or a
value of the wrong type is an error.

Levels (BLD-06 / G12: the ante type is set per level):

* ``small_blind``, ``big_blind`` and ``ante`` in chips; ``ante_type`` is ``"none"``,
  ``"per_player"`` (every player dealt in posts ``ante``) or ``"big_blind_ante"`` (the big
  blind posts ``ante`` for the table);
* a level lasts ``minutes`` **or** ``hands`` (exactly one of them is positive).

Breaks come after a level (``after_level``) and last ``minutes``.

Colour-ups (chip race). ``[[color_ups]]`` with ``before_level = n`` and ``chip = d`` removes
the smallest chip in play, ``d``, before level ``n`` starts (at the break before it if there
is one). Every blind and ante from level ``n`` on must be a multiple of the new smallest
chip. How odd chips are exchanged is :attr:`ColorUp.rule`:

* ``"race_off"`` (our default): a player's chips that do not make a whole new smallest chip
  ``D`` are his *odd chips*. Each odd ``d`` chip gets one card from an injected seed; the table
  races for ``round_half_up(sum of odd value / D)`` chips of ``D``; the highest cards (rank,
  then suit s > h > d > c) win one ``D`` chip each, and nobody wins more than one. With more
  than 52 odd chips the cards come from further decks (each from the seed), as a card room
  opens a second deck; equal best cards are then won by the one dealt first.
* ``"round_half_up"``: each player's odd value is rounded to ``D``, a half or more up.

Under both rules a player may not be raced out of the tournament: if he holds chips but would
be left with none, he gets one ``D`` (a colour-up is not a hand; only hands eliminate, TRN-15).

Both rules may change the number of chips in play by less than one ``D`` per player; that is
the nature of a chip race and :func:`color_up` reports the change.

>>> s = load_structure("pub_turbo")
>>> s.level(1).small_blind, s.level(1).big_blind, s.level(1).minutes
(25, 50, 12)
>>> s.smallest_chip_at(1), s.smallest_chip_at(s.color_ups[0].before_level)
(25, 100)
>>> s.break_after(4).minutes
10
>>> Level(1, 100, 50, minutes=20)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerroom.tournament.errors.StructureError: level 1: big_blind = 50 is below small_blind = 100; ...
>>> color_up({"ann": 1075, "bob": 1050}, 25, 100, "round_half_up", seed=bytes(16))
ColorUpResult(stacks=(('ann', 1100), ('bob', 1100)), chips_added=75)
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal, get_args

from pokerroom.cards import Card
from pokerroom.deck import shuffled_deck
from pokerroom.tournament.errors import StructureError

__all__ = [
    "AnteType",
    "Break",
    "ColorUp",
    "ColorUpResult",
    "ColorUpRule",
    "Level",
    "Structure",
    "color_up",
    "edit_level",
    "list_structures",
    "load_structure",
    "load_structure_file",
    "parse_structure",
]

AnteType = Literal["none", "per_player", "big_blind_ante"]
ColorUpRule = Literal["race_off", "round_half_up"]
_ANTE_TYPES: tuple[str, ...] = get_args(AnteType)
_COLOR_UP_RULES: tuple[str, ...] = get_args(ColorUpRule)


@dataclass(frozen=True, slots=True)
class Level:
    """One blind level: blinds, ante and its length in minutes or in hands."""

    number: int
    small_blind: int
    big_blind: int
    ante: int = 0
    ante_type: AnteType = "none"
    minutes: int = 0
    hands: int = 0

    def __post_init__(self) -> None:
        where = f"level {self.number}"
        if self.number < 1:
            raise StructureError("bad_level_number", f"{where}: levels are numbered from 1")
        if self.small_blind < 1:
            raise StructureError(
                "bad_small_blind", f"{where}: small_blind = {self.small_blind}; must be >= 1"
            )
        if self.big_blind < self.small_blind:
            raise StructureError(
                "bad_big_blind",
                f"{where}: big_blind = {self.big_blind} is below small_blind = "
                f"{self.small_blind}; the big blind must be at least the small blind",
            )
        if self.ante_type not in _ANTE_TYPES:
            raise StructureError(
                "bad_ante_type",
                f"{where}: ante_type = {self.ante_type!r}; allowed: {', '.join(_ANTE_TYPES)}",
            )
        if self.ante < 0 or (self.ante_type == "none") != (self.ante == 0):
            raise StructureError(
                "bad_ante",
                f"{where}: ante = {self.ante} with ante_type = {self.ante_type!r}; an ante "
                "must be positive with 'per_player' or 'big_blind_ante' and 0 with 'none'",
            )
        if (self.minutes > 0) == (self.hands > 0) or self.minutes < 0 or self.hands < 0:
            raise StructureError(
                "bad_level_length",
                f"{where}: minutes = {self.minutes}, hands = {self.hands}; a level lasts a "
                "positive number of minutes or of hands, exactly one of the two",
            )

    @property
    def by_hands(self) -> bool:
        """True when the level lasts a number of hands rather than minutes."""
        return self.hands > 0

    def describe(self) -> str:
        """Blinds and ante as people write them: ``'100/200 ante 200 (BB)'``."""
        text = f"{self.small_blind}/{self.big_blind}"
        if self.ante_type == "per_player":
            text += f" ante {self.ante}"
        elif self.ante_type == "big_blind_ante":
            text += f" ante {self.ante} (BB)"
        return text


@dataclass(frozen=True, slots=True)
class Break:
    """A break after ``after_level`` lasting ``minutes``."""

    after_level: int
    minutes: int

    def __post_init__(self) -> None:
        if self.minutes < 1:
            raise StructureError(
                "bad_break",
                f"break after level {self.after_level}: minutes = {self.minutes}; must be >= 1",
            )


@dataclass(frozen=True, slots=True)
class ColorUp:
    """The smallest chip ``chip`` leaves play before level ``before_level`` starts."""

    before_level: int
    chip: int
    rule: ColorUpRule = "race_off"


@dataclass(frozen=True, slots=True)
class Structure:
    """A whole tournament structure; valid by construction (see the module docstring)."""

    name: str
    levels: tuple[Level, ...]
    starting_stack: int
    chips: tuple[int, ...]
    breaks: tuple[Break, ...] = ()
    color_ups: tuple[ColorUp, ...] = ()
    early_reg_bonus: int = 0
    title: str = ""
    house: str = ""

    def __post_init__(self) -> None:
        n = len(self.levels)
        where = f"structure {self.name!r}"
        if n == 0:
            raise StructureError("no_levels", f"{where}: needs at least one level")
        for k, level in enumerate(self.levels, start=1):
            if level.number != k:
                raise StructureError(
                    "bad_level_number",
                    f"{where}: levels[{k - 1}] is numbered {level.number}; levels are "
                    f"numbered 1..{n} in order",
                )
        if not self.chips or any(c < 1 for c in self.chips) or list(self.chips) != sorted(
            set(self.chips)
        ):
            raise StructureError(
                "bad_chips",
                f"{where}: chips = {list(self.chips)}; must be positive, distinct and ascending",
            )
        seen: set[int] = set()
        for b in self.breaks:
            if not 1 <= b.after_level < n or b.after_level in seen:
                raise StructureError(
                    "bad_break",
                    f"{where}: break after_level = {b.after_level}; allowed: one break at most "
                    f"after each of levels 1..{n - 1}",
                )
            seen.add(b.after_level)
        in_play = list(self.chips)
        last = 1
        for cu in self.color_ups:
            if not last < cu.before_level <= n:
                raise StructureError(
                    "bad_color_up",
                    f"{where}: color_up before_level = {cu.before_level}; allowed: "
                    f"{last + 1}..{n}, in increasing order",
                )
            if cu.rule not in _COLOR_UP_RULES:
                raise StructureError(
                    "bad_color_up",
                    f"{where}: color_up rule = {cu.rule!r}; allowed: {', '.join(_COLOR_UP_RULES)}",
                )
            if len(in_play) < 2 or cu.chip != in_play[0]:
                raise StructureError(
                    "bad_color_up",
                    f"{where}: color_up before level {cu.before_level} removes chip {cu.chip}; "
                    f"only the smallest chip in play ({in_play[0]}) may be removed, and never "
                    "the last denomination",
                )
            in_play.pop(0)
            last = cu.before_level
        for name, value in (("starting_stack", self.starting_stack),
                            ("early_reg_bonus", self.early_reg_bonus)):
            unit = self.chips[0]
            if value < 0 or value % unit or (name == "starting_stack" and value == 0):
                raise StructureError(
                    "bad_stack",
                    f"{where}: {name} = {value}; must be a "
                    f"{'positive ' if name == 'starting_stack' else ''}multiple of the "
                    f"smallest chip {unit}",
                )
        for level in self.levels:
            unit = self.smallest_chip_at(level.number)
            for name in ("small_blind", "big_blind", "ante"):
                value = getattr(level, name)
                if value % unit:
                    raise StructureError(
                        "not_a_chip_multiple",
                        f"{where}: level {level.number} {name} = {value}; must be a multiple "
                        f"of {unit}, the smallest chip in play at level {level.number}",
                    )

    def level(self, number: int) -> Level:
        """The level numbered ``number`` (1-based)."""
        if not 1 <= number <= len(self.levels):
            raise StructureError(
                "no_such_level",
                f"structure {self.name!r} has no level {number}; levels are 1..{len(self.levels)}",
            )
        return self.levels[number - 1]

    def break_after(self, number: int) -> Break | None:
        """The break after level ``number``, if any."""
        return next((b for b in self.breaks if b.after_level == number), None)

    def chips_at(self, number: int) -> tuple[int, ...]:
        """Chip denominations in play during level ``number``."""
        removed = {cu.chip for cu in self.color_ups if cu.before_level <= number}
        return tuple(c for c in self.chips if c not in removed)

    def smallest_chip_at(self, number: int) -> int:
        """The smallest chip in play during level ``number`` (STR-07 unit)."""
        return self.chips_at(number)[0]

    def color_up_before(self, number: int) -> ColorUp | None:
        """The colour-up that happens before level ``number`` starts, if any."""
        return next((cu for cu in self.color_ups if cu.before_level == number), None)


def edit_level(structure: Structure, number: int, **changes: int | str) -> Structure:
    """TRN-14: a copy of ``structure`` with level ``number`` changed (the house may do this).

    >>> s = load_structure("standard_20")
    >>> edit_level(s, 3, minutes=15).level(3).minutes
    15
    """
    level = structure.level(number)
    allowed = {f.name for f in dataclasses.fields(Level)} - {"number"}
    bad = sorted(set(changes) - allowed)
    if bad:
        raise StructureError(
            "bad_key", f"edit_level: unknown key {bad[0]!r}; allowed: {', '.join(sorted(allowed))}"
        )
    for key, value in changes.items():
        want = str if key == "ante_type" else int
        if type(value) is not want:
            raise StructureError(
                "bad_type", f"edit_level: {key} = {value!r} must be {want.__name__}"
            )
    new_level = dataclasses.replace(level, **changes)  # type: ignore[arg-type]
    levels = tuple(new_level if lv.number == number else lv for lv in structure.levels)
    return dataclasses.replace(structure, levels=levels)


# --------------------------------------------------------------------------------------------
# Colour-ups


@dataclass(frozen=True, slots=True)
class ColorUpResult:
    """Stacks after a colour-up (in the order given) and the chips the race added (or removed)."""

    stacks: tuple[tuple[str, int], ...]
    chips_added: int


def color_up(
    stacks: Mapping[str, int], chip: int, next_chip: int, rule: ColorUpRule, *, seed: bytes
) -> ColorUpResult:
    """Exchange every stack's ``chip`` chips for ``next_chip`` chips under ``rule``.

    ``stacks`` maps players to chip totals; the odd part of a stack is ``stack % next_chip``
    (made of ``chip`` chips). ``seed`` (at least 16 bytes) deals the race-off cards.

    >>> r = color_up({"a": 1075, "b": 1050, "c": 1025, "d": 1000}, 25, 100, "race_off",
    ...              seed=bytes(16))
    >>> sum(1 for _, s in r.stacks if s % 100), r.chips_added
    (0, 50)
    """
    if next_chip <= chip or next_chip % chip:
        raise StructureError(
            "bad_color_up",
            f"color_up: next chip {next_chip} must be a larger multiple of the chip {chip}",
        )
    for who, stack in stacks.items():
        if stack < 0 or stack % chip:
            raise StructureError(
                "bad_stack",
                f"color_up: {who} has {stack}; stacks must be non-negative multiples of {chip}",
            )
    if rule not in _COLOR_UP_RULES:
        raise StructureError(
            "bad_color_up", f"color_up rule {rule!r}; allowed: {', '.join(_COLOR_UP_RULES)}"
        )
    if rule == "race_off" and len(seed) < 16:  # checked whether or not a race is needed
        raise StructureError("weak_seed", f"a seed needs at least 16 bytes, got {len(seed)}")
    odd = {who: s % next_chip for who, s in stacks.items()}
    new = {who: s - odd[who] for who, s in stacks.items()}
    if rule == "round_half_up":
        for who, r in odd.items():
            if 2 * r >= next_chip or (r and new[who] == 0):  # never rounded out (TRN-15)
                new[who] += next_chip
    else:
        total_odd = sum(odd.values())
        to_win = (2 * total_odd + next_chip) // (2 * next_chip)  # round half up
        deck = _race_cards(seed)
        best: list[tuple[Card, int, str]] = []
        dealt = 0
        for who, r in odd.items():
            cards = [next(deck) for _ in range(r // chip)]
            if cards:
                top = max(cards)  # Card order = rank, then suit c<d<h<s
                best.append((top, -(dealt + cards.index(top)), who))  # equal: dealt first
                dealt += len(cards)
        best.sort(reverse=True)
        winners = {who for _, _, who in best[:to_win]}
        for who in odd:
            if odd[who] and (who in winners or new[who] == 0):
                new[who] += next_chip  # a player is never raced out of the tournament
    added = sum(new.values()) - sum(stacks.values())
    return ColorUpResult(tuple((who, new[who]) for who in stacks), added)


def _race_cards(seed: bytes) -> Iterator[Card]:
    """Cards for a chip race: the deck ``seed`` shuffles, then as many more decks as needed."""
    yield from shuffled_deck(seed)
    for k in itertools.count(1):
        yield from shuffled_deck(hashlib.sha256(b"race-deck/%d/" % k + seed).digest())


# --------------------------------------------------------------------------------------------
# TOML loading

_TOP = {
    "name": str, "title": str, "house": str, "starting_stack": int, "early_reg_bonus": int,
    "chips": list, "levels": list, "breaks": list, "color_ups": list,
}
_REQUIRED_TOP = ("name", "chips", "levels")
_LEVEL = {"small_blind": int, "big_blind": int, "ante": int, "ante_type": str, "minutes": int,
          "hands": int}
_BREAK = {"after_level": int, "minutes": int}
_COLOR_UP = {"before_level": int, "chip": int, "rule": str}


def _check_table(data: Any, spec: Mapping[str, type], required: Sequence[str], where: str) -> None:
    if not isinstance(data, dict):
        raise StructureError("bad_type", f"{where}: must be a table, got {type(data).__name__}")
    for key, value in data.items():
        if key not in spec:
            raise StructureError(
                "unknown_key", f"{where}: unknown key {key!r}; allowed: {', '.join(spec)}"
            )
        want = spec[key]
        ok = isinstance(value, want) and not (want is int and isinstance(value, bool))
        if not ok:
            raise StructureError(
                "bad_type",
                f"{where}: {key} = {value!r} is a {type(value).__name__}; "
                f"must be a {want.__name__}",
            )
    for key in required:
        if key not in data:
            raise StructureError("missing_key", f"{where}: missing key {key!r}")


def parse_structure(data: Mapping[str, Any], source: str = "<structure>") -> Structure:
    """Build a :class:`Structure` from parsed TOML, naming ``source`` in every error.

    A file that names its ``house`` takes that house's ``starting_stack`` and
    ``early_reg_bonus`` (TRN-01) unless it sets them; setting a different value is an error.

    >>> parse_structure({"name": "x", "chips": [25], "starting_stack": 1000,
    ...                  "levels": [{"small_blind": 25, "big_blind": 50, "minutes": 15}],
    ...                  "blinds": []}, "x.toml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerroom.tournament.errors.StructureError: x.toml: unknown key 'blinds'; allowed: name, ...
    """
    if not isinstance(data, Mapping):
        raise StructureError(
            "bad_type", f"{source}: a structure is a table of keys, not {type(data).__name__}"
        )
    _check_table(dict(data), _TOP, _REQUIRED_TOP, source)
    name = data["name"]
    stack = data.get("starting_stack")
    bonus = data.get("early_reg_bonus")
    house = data.get("house", "")
    if house:
        from pokerroom.house import HOUSES, load_house

        if house not in HOUSES:
            raise StructureError(
                "unknown_house", f"{source}: house = {house!r}; allowed: {', '.join(HOUSES)}"
            )
        rules = load_house(house, "tournament")
        for key, given, theirs in (("starting_stack", stack, rules.starting_stack),
                                   ("early_reg_bonus", bonus, rules.early_reg_bonus)):
            if given is not None and theirs and given != theirs:
                raise StructureError(
                    "house_mismatch",
                    f"{source}: {key} = {given} but house {house} sets {key} = {theirs} (TRN-01); "
                    "leave it out or use the house value",
                )
        stack = rules.starting_stack if stack is None else stack
        bonus = rules.early_reg_bonus if bonus is None else bonus
    if stack is None:
        raise StructureError(
            "missing_key",
            f"{source}: missing key 'starting_stack' (needed unless the named house sets one)",
        )
    chips = data["chips"]
    if not all(isinstance(c, int) and not isinstance(c, bool) for c in chips):
        raise StructureError("bad_type", f"{source}: chips = {chips!r}; must be integers")
    levels = []
    for k, raw in enumerate(data["levels"]):
        where = f"{source}: levels[{k}]"
        _check_table(raw, _LEVEL, ("small_blind", "big_blind"), where)
        ante_type = raw.get("ante_type", "none")
        if ante_type not in _ANTE_TYPES:
            raise StructureError(
                "bad_ante_type",
                f"{where}: ante_type = {ante_type!r}; allowed: {', '.join(_ANTE_TYPES)}",
            )
        try:
            levels.append(Level(number=k + 1, **raw))
        except StructureError as err:
            raise StructureError(err.code, f"{source}: {err.message}") from None
    breaks = []
    for k, raw in enumerate(data.get("breaks", [])):
        _check_table(raw, _BREAK, ("after_level", "minutes"), f"{source}: breaks[{k}]")
        try:
            breaks.append(Break(**raw))
        except StructureError as err:
            raise StructureError(err.code, f"{source}: {err.message}") from None
    ups = []
    for k, raw in enumerate(data.get("color_ups", [])):
        where = f"{source}: color_ups[{k}]"
        _check_table(raw, _COLOR_UP, ("before_level", "chip"), where)
        if raw.get("rule", "race_off") not in _COLOR_UP_RULES:
            raise StructureError(
                "bad_color_up",
                f"{where}: rule = {raw['rule']!r}; allowed: {', '.join(_COLOR_UP_RULES)}",
            )
        ups.append(ColorUp(**raw))
    try:
        return Structure(
            name=name, title=data.get("title", ""), house=house, starting_stack=stack,
            early_reg_bonus=bonus or 0, chips=tuple(chips), levels=tuple(levels),
            breaks=tuple(breaks), color_ups=tuple(ups),
        )
    except StructureError as err:
        raise StructureError(err.code, f"{source}: {err.message}") from None


def _package_dir() -> Any:
    return resources.files("pokerroom.tournament").joinpath("structures")


def list_structures() -> tuple[str, ...]:
    """Names of the packaged structures (``tournament/structures/*.toml``).

    >>> "deep_stack" in list_structures()
    True
    """
    return tuple(
        sorted(p.name[:-5] for p in _package_dir().iterdir() if p.name.endswith(".toml"))
    )


def load_structure(name: str) -> Structure:
    """Load a packaged structure by name (see :func:`list_structures`)."""
    names = list_structures()
    if name not in names:
        raise StructureError(
            "unknown_structure", f"no structure {name!r}; packaged: {', '.join(names)}"
        )
    text = _package_dir().joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return _parse_text(text, f"{name}.toml")


def load_structure_file(path: str | Path) -> Structure:
    """Load a structure from any TOML file."""
    p = Path(path)
    return _parse_text(p.read_text(encoding="utf-8"), p.name)


def _parse_text(text: str, source: str) -> Structure:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise StructureError("bad_toml", f"{source}: not valid TOML: {err}") from None
    return parse_structure(data, source)
