"""quick_init: a frozen dataclass built faster, and nothing else about it changed."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import FrozenInstanceError, InitVar, dataclass, field
from typing import Any, get_args

import pytest

from pokerroom.hand.config import HandConfig
from pokerroom.table.commands import Command
from pokerroom.table.events import TableEvent
from pokerroom.table.seats import Seat
from pokerroom.values import quick_init


def _twins(slots: bool) -> tuple[type[Any], type[Any]]:
    """The same frozen dataclass twice, the second with quick_init."""

    def make() -> type[Any]:
        @dataclass(frozen=True, slots=slots)
        class Post:
            player: str
            amount: int = 2
            tags: tuple[str, ...] = field(default_factory=tuple)
            dead: bool = False
            doubled: int = field(init=False, repr=False, compare=False)

            def __post_init__(self) -> None:
                if self.amount < 0:
                    raise ValueError("negative")
                object.__setattr__(self, "doubled", 2 * self.amount)

        return Post

    return make(), quick_init(make())


@pytest.mark.parametrize("slots", [True, False])
def test_quick_init_builds_what_the_dataclass_init_builds(slots: bool) -> None:
    plain, quick = _twins(slots)
    for args, kwargs in [
        (("ann",), {}),
        (("bob", 5), {"dead": True}),
        ((), {"player": "cat", "tags": ("x",), "amount": 0}),
    ]:
        a, b = plain(*args, **kwargs), quick(*args, **kwargs)
        assert dataclasses.asdict(a) == dataclasses.asdict(b)
        assert repr(a).split("(", 1)[1] == repr(b).split("(", 1)[1]
        assert a.doubled == b.doubled  # __post_init__ ran
    assert quick("ann").tags is not None and quick("ann") == quick("ann")
    assert hash(quick("ann")) == hash(quick("ann"))
    with pytest.raises(ValueError):
        quick("ann", -1)
    with pytest.raises(TypeError):
        quick()  # a required field is still required
    with pytest.raises(TypeError):
        quick("ann", nope=1)
    with pytest.raises(FrozenInstanceError):
        quick("ann").amount = 3


def test_quick_init_refuses_what_it_cannot_build() -> None:
    @dataclass
    class Mutable:
        x: int

    @dataclass(frozen=True)
    class WithInitVar:
        x: int
        seed: InitVar[int] = 0

    @dataclass(frozen=True, kw_only=True)
    class KeywordOnly:
        x: int

    for cls in (Mutable, WithInitVar, KeywordOnly):
        with pytest.raises(TypeError):
            quick_init(cls)


@pytest.mark.parametrize(
    "cls",
    [Seat, HandConfig, *get_args(TableEvent), *get_args(Command)],
    ids=lambda c: c.__name__,
)
def test_quick_init_keeps_each_table_value_signature(cls: type[Any]) -> None:
    """Every class given a quick __init__ takes its init fields, in order, with their
    defaults, as the dataclass's own __init__ does."""
    params = list(inspect.signature(cls).parameters.values())
    fields = [f for f in dataclasses.fields(cls) if f.init]
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default
        elif f.default_factory is dataclasses.MISSING:
            assert p.default is inspect.Parameter.empty


def test_with_fields_copies_and_refuses_an_unknown_field() -> None:
    from pokerroom.table.seats import PlayerId
    from pokerroom.values import with_fields

    seat = Seat(PlayerId("ann"), 200)
    moved = with_fields(seat, {"stack": 150, "new": False})
    assert (moved.stack, moved.new, seat.stack, seat.new) == (150, False, 200, True)
    assert moved == Seat(PlayerId("ann"), 150, new=False)
    with pytest.raises(TypeError, match="no field"):
        with_fields(seat, {"stak": 1})
    assert seat.with_stack(0) == Seat(PlayerId("ann"), 0)
