"""The command line on the golden data: all 10,000 Pluribus hands replay exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerroom.cli import main

PLURIBUS = Path(__file__).resolve().parents[1].parent / "shared" / "phh" / "pluribus"


def test_cli_replays_all_pluribus_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(PLURIBUS), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == out["matched"] == 10000
    assert out["errors"] == []
    assert out["mismatched"] == []
    assert code == 0


HISTORICAL = PLURIBUS.parent / "historical"


def test_cli_replays_the_historical_hands_against_their_expected_stacks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # expected_finishing_stacks.json beside them holds fractional stacks too (antonius-blom).
    code = main(["replay", str(HISTORICAL), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == out["matched"] == 5 and out["errors"] == [] and code == 0
