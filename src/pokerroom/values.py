"""Frozen dataclasses that are quick to build.

The generated ``__init__`` of a frozen dataclass sets each field with ``object.__setattr__``
(the class refuses ordinary assignment): about 0.2 µs a field on CPython 3.11. The table
builds several such values every hand (its events and commands, a seat for every buy-in),
and that is a measurable part of what the table layer adds to the hand engine
(``bench/table_bench.py``). :func:`quick_init` gives a frozen dataclass an ``__init__`` with
the same signature, defaults and ``__post_init__`` call that stores each field directly:
through the field's slot, or into the instance ``__dict__`` of a class without slots. The
class stays frozen to everyone else; equality, hashing and ``repr`` are the dataclass's own.

>>> from dataclasses import dataclass
>>> @quick_init
... @dataclass(frozen=True, slots=True)
... class Chip:
...     colour: str
...     value: int = 1
>>> Chip("red", 5), Chip("white") == Chip(colour="white", value=1)
(Chip(colour='red', value=5), True)
>>> Chip("red").value = 2
Traceback (most recent call last):
...
dataclasses.FrozenInstanceError: cannot assign to field 'value'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar, cast

__all__ = ["quick_init", "with_fields"]

_T = TypeVar("_T")


def quick_init(cls: type[_T]) -> type[_T]:
    """Replace the ``__init__`` of the frozen dataclass ``cls`` by a quicker one (same
    signature, defaults and ``__post_init__``); return ``cls``.

    Only plain fields are supported: a keyword-only field or an ``InitVar`` raises TypeError,
    as does a class that is not a frozen dataclass.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    namespace: dict[str, Any] = {"_MISSING": dataclasses.MISSING}
    slotted = "__slots__" in cls.__dict__
    args: list[str] = []
    lines: list[str] = []
    for f in dataclasses.fields(cast(Any, cls)):
        if not f.init:
            continue
        if f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name} is keyword-only: not supported")
        name = f.name
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{name}"] = f.default
            args.append(f"{name}=_default_{name}")
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{name}"] = f.default_factory
            args.append(f"{name}=_MISSING")
            lines.append(f"    if {name} is _MISSING: {name} = _factory_{name}()")
        else:
            args.append(name)
        if slotted:  # the slot's own descriptor bypasses the class's __setattr__
            namespace[f"_set_{name}"] = cls.__dict__[name].__set__
            lines.append(f"    _set_{name}(self, {name})")
        else:
            lines.append(f"    self.__dict__[{name!r}] = {name}")
    if hasattr(cls, "__post_init__"):
        lines.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(args)}):\n" + ("\n".join(lines) or "    pass")
    exec(source, namespace)  # as dataclasses itself builds __init__
    init = namespace["__init__"]
    if _shape(init) != _shape(cls.__init__):  # an InitVar, say: not supported
        raise TypeError(f"{cls.__name__}: its __init__ takes more than its plain fields")
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010 (a method assigned on purpose)
    return cls


def _shape(init: Any) -> tuple[object, ...]:
    """Each parameter's name and kind, and how many have defaults (read off the code object:
    ``inspect.signature`` would cost more than the rest of ``quick_init``)."""
    code = init.__code__
    count = code.co_argcount + code.co_kwonlyargcount
    return (
        code.co_argcount,
        code.co_varnames[:count],
        len(init.__defaults__ or ()),
        len(init.__kwdefaults__ or {}),
    )


def with_fields(value: _T, changes: Mapping[str, Any]) -> _T:
    """A copy of ``value``, a frozen dataclass without slots, with ``changes`` to its fields:
    ``dataclasses.replace`` without its generic machinery (no ``__init__`` call, so nothing in
    ``__post_init__`` runs again). A name that is not a field raises TypeError.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Stack:
    ...     player: str
    ...     chips: int
    >>> with_fields(Stack("ann", 200), {"chips": 150})
    Stack(player='ann', chips=150)
    """
    cls = type(value)
    state = value.__dict__.copy()
    size = len(state)
    state.update(changes)
    if len(state) != size:  # a name that is not a field added a key
        names = {f.name for f in dataclasses.fields(cast(Any, cls))}
        unknown = sorted(set(changes) - names)
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(unknown)}")
    new = _new(cls)
    _set(new, "__dict__", state)  # past the frozen class's __setattr__, as its __init__ does
    return new


_new = object.__new__
_set = object.__setattr__
