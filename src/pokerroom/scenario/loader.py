"""Loading scenario files: read TOML from disk and check it (the only I/O of the package).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "s.toml"
>>> _ = path.write_text('id = "X"\\ntitle = "t"\\nhouse = "lpr"\\nbutton = "one"\\n')
>>> try:
...     load_scenario(path)
... except ScenarioError as err:
...     print(err.code, "|", str(err).split(": ", 1)[1])
bad_value | button = 'one': expected a whole number
"""

from __future__ import annotations

from pathlib import Path

import rtoml

from pokerroom.scenario.format import Scenario, ScenarioError, parse_scenario

__all__ = ["load_scenario", "loads_scenario"]


def loads_scenario(text: str, source: str = "<scenario>") -> Scenario:
    """Parse scenario TOML text (ScenarioError names the key and what is allowed)."""
    try:
        data = rtoml.loads(text)
    except rtoml.TomlParsingError as err:
        raise ScenarioError("bad_toml", f"{source}: not valid TOML: {err}") from None
    return parse_scenario(data, source)


def load_scenario(path: str | Path) -> Scenario:
    """Read and check one scenario file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as err:
        raise ScenarioError("unreadable", f"{p}: cannot read the file: {err.strerror}") from None
    return loads_scenario(text, str(p))
