"""PHH files on disk: read one hand or a ``.phhs`` of many, and walk directories for them
in a deterministic order (natural sort: ``2.phh`` before ``10.phh``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final

from pokerroom.errors import NotationError
from pokerroom.notation.phh.history import HandHistory, loads, loads_all

__all__ = ["iter_path_names", "iter_paths", "load", "load_all"]


def _read(path: str | os.PathLike[str]) -> tuple[str, str]:
    name = os.fspath(path)
    with open(name, "rb") as fh:
        data = fh.read()
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError as exc:
        raise NotationError("toml_syntax", f"{name}: not UTF-8 text: {exc}") from None


def load(path: str | os.PathLike[str]) -> HandHistory:
    """Read one ``.phh`` file (``OSError`` if it cannot be read)."""
    text, name = _read(path)
    return loads(text, name)


def load_all(path: str | os.PathLike[str]) -> list[HandHistory]:
    """Read a ``.phhs`` file; a ``.phh`` file gives a list of its one hand."""
    text, name = _read(path)
    if name.endswith(".phh"):
        return [loads(text, name)]
    return loads_all(text, name)


_DIGITS: Final = re.compile(r"(\d+)")


def _natural(name: str) -> list[tuple[int, int | str]]:
    """Sort key: digit runs compare as numbers, so ``2.phh`` < ``10.phh``."""
    stem, dot, ext = name.partition(".")
    if stem.isdigit() and not any(c.isdigit() for c in ext):
        return [(0, int(stem)), (1, dot + ext)] if dot else [(0, int(stem))]
    return [(0, int(p)) if p.isdigit() else (1, p) for p in _DIGITS.split(name) if p]


def _walk(top: str) -> Iterator[str]:
    dirs: list[str] = []
    files: list[str] = []
    with os.scandir(top) as entries:
        for entry in entries:
            if entry.is_dir():
                dirs.append(entry.name)
            elif entry.name.endswith((".phh", ".phhs")):
                files.append(entry.name)
    files.sort(key=_natural)
    dirs.sort(key=_natural)
    for name in files:
        yield os.path.join(top, name)
    for name in dirs:
        yield from _walk(os.path.join(top, name))


def iter_paths(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
) -> Iterator[Path]:
    """Yield the given files, and every ``*.phh``/``*.phhs`` under the given directories.

    Inside a directory, files come first and then subdirectories, each in natural order
    (``2.phh`` before ``10.phh``), so the walk is deterministic. A path that does not exist
    raises ``NotationError('no_such_path')``.
    """
    return map(Path, iter_path_names(paths))


def iter_path_names(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
) -> Iterator[str]:
    """:func:`iter_paths` as plain strings (cheaper for tens of thousands of files)."""
    items = [paths] if isinstance(paths, str | os.PathLike) else list(paths)
    for item in items:
        name = os.fspath(item)
        if os.path.isdir(name):
            yield from _walk(name)
        elif os.path.exists(name):
            yield name
        else:
            raise NotationError("no_such_path", f"{name}: no such file or directory")
