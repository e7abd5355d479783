"""The README's library examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{k}" for k in range(len(BLOCKS))])
def test_readme_example_runs(code: str) -> None:
    namespace: dict[str, object] = {}
    exec(compile(code, str(README), "exec"), namespace)  # our own README
    host = namespace.get("host")
    if host is not None:  # the table example: the bots finished the hand, chips conserved
        from pokerroom.table.host import TableHost

        assert isinstance(host, TableHost)
        assert not host.in_hand and host.state.ledger_balanced()
        assert host.state.hand_no == 1 and len(host.events) > 10
