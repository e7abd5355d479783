"""docs/rules.md lists every rule ID with the tests named after it, and is kept current."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("rules_index", ROOT / "tools" / "rules_index.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_rules_md_is_current() -> None:
    tool = _tool()
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == tool.render(), (
        "run: python tools/rules_index.py"
    )


def test_every_rule_of_the_hand_engine_issue_has_a_test() -> None:
    # The rule families the hand engine enforces: each ENGINE rule has a test named after it.
    tool = _tool()
    tests = tool.tests_by_rule({r[0] for r in tool.rules()})
    families = ("GAME", "STR", "BET", "RIT")
    missing = [r[0] for r in tool.rules() if r[0].split("-")[0] in families and not tests[r[0]]]
    assert missing == []
    for rule_id in ("FLOW-08", "BLD-03", "POT-01", "POT-02", "POT-04", "POT-05", "POT-06",
                    "POT-07", "SHD-01", "SHD-02", "SHD-03", "SHD-04", "SHD-05", "FEE-01"):
        assert tests[rule_id], rule_id
