"""The command line: deal + verify, simulate, equity, house, and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokerroom.cli import main


def test_deal_then_verify_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hand.phh"
    assert main(["deal", "--players", "4", "--seed", "ab" * 32, "--out", str(out)]) == 0
    assert main(["verify", str(out)]) == 0
    assert "OK" in capsys.readouterr().out
    assert main(["replay", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["matched"] == 1
    # Change one dealt card: verification fails.
    text = out.read_text()
    first = text.split('"d dh p1 ')[1][:4]
    swapped = first[2:] + first[:2]
    out.write_text(text.replace(f'"d dh p1 {first}"', f'"d dh p1 {swapped}"'))
    assert main(["verify", str(out)]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "plo8", "--players", "4", "--hands", "50", "--json"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["hands"] == 50 and set(line) == {"hands", "seconds", "hands_per_second"}


def test_equity_json_exact_aces_against_kings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhAs", "KdKc", "--json"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["boards"] == 1_712_304
    assert round(line["equities"][0] * 100, 4) == 81.2555


def test_house_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["house", "list"]) == 0
    assert capsys.readouterr().out.split() == [
        "lpr",
        "grosvenor",
        "hippodrome",
        "cambridge",
        "roberts",
    ]
    assert main(["house", "diff", "lpr", "grosvenor"]) == 0
    assert "showdown_order_no_river_bet" in capsys.readouterr().out


def test_errors_are_typed_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhAs", "AhKd"]) == 2
    assert "error [" in capsys.readouterr().err


def test_replay_repair_lists_what_it_filled_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = Path(__file__).parent / "notation" / "data" / "wsop-2019-42-3-00-01-07.phh"
    path = tmp_path / "wsop.phh"
    path.write_text(real.read_text())
    assert main(["replay", str(path), "--json"]) == 1
    strict = json.loads(capsys.readouterr().out)
    assert strict["matched"] == 0 and "it is p8 to act" in strict["errors"][0]["error"]
    assert "repaired" not in strict
    assert main(["replay", str(path), "--json", "--repair"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["matched"] == 1
    assert line["repaired"] == [{"file": str(path), "inserted": ["p8 f before action 14"]}]


def test_replay_of_a_bad_file_reports_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text('variant = "NT"\nantes = [0, 0]\n')
    assert main(["replay", str(bad), "--json"]) == 1
    line = json.loads(capsys.readouterr().out)
    assert line["hands"] == 0 and line["errors"][0]["file"] == str(bad)


def test_house_show_and_unknown_house_names_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["house", "show", "lpr", "--mode", "cash"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("lpr [cash] - London Poker Room")
    assert any(
        line.startswith("  reopen_barred_for = ") and "BET-04; LPR r26" in line
        for line in out.splitlines()
    )
    for argv in (["house", "show", "vegas"], ["house", "diff", "lpr", "vegas"]):
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert 'error [unknown_house]: unknown house "vegas": allowed houses are "lpr"' in (
            captured.err
        )


def test_bad_numbers_on_the_command_line_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    # A hand of one player (or a negative count) is refused before any blind is laid out (was
    # an IndexError), and deal refuses before it publishes a commitment for a hand it would not
    # deal; negative seeds and absurd sample counts are refused (were numpy tracebacks).
    for argv, says in (
        (["simulate", "--players", "1", "--hands", "3"], "from 2"),
        (["simulate", "--players", "-3"], "'-3': give a whole number from 2"),
        (["deal", "--players", "1"], "from 2"),
        (["deal", "--seed", "zz"], "hexadecimal"),
        (["tournament", "simulate", "--players", "-1"], "from 2"),
        (["play", "--hands", "-1"], "from 0"),
        (["equity", "AhAs", "KdKc", "--seed", "-1"], "from 0"),
        (["equity", "AhAs", "KdKc", "--samples", "99999999999999"], "from 1 to 100000000"),
    ):
        with pytest.raises(SystemExit):
            main(argv)
        err = capsys.readouterr().err
        assert says in err and "commitment" not in err
    # Files that cannot be read or written, a .phhs to verify, a mode the house does not run.
    for argv, says in (
        (["verify", "/nonexistent.phh"], "[file_error] /nonexistent.phh"),
        (["deal", "--out", "/nonexistent/dir/h.phh"], "[cannot_write]"),
        (["play", "--house", "cambridge"], "[mode_not_offered]"),
        (["tournament", "simulate", "--house", "hippodrome"], "[mode_not_offered]"),
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert says in err.replace("]:", "]") and "commitment" not in err


def test_replay_of_a_folder_with_no_hand_files_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert "[no_hand_files]" in capsys.readouterr().err
    shared = Path(__file__).resolve().parents[1].parent / "shared" / "phh" / "historical"
    (tmp_path / "hand.phh").write_text((shared / "dwan-ivey-2009.phh").read_text())
    (tmp_path / "expected_finishing_stacks.json").write_text('{"hand.phh": [1,2')
    assert main(["replay", str(tmp_path)]) == 2
    assert "[bad_expected_stacks]" in capsys.readouterr().err


def test_house_commands_take_a_clubs_profile_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A club derives its rules from a house (issue: "a club's own rules") and looks at them,
    # and at what it changed, with the same commands as the packaged houses.
    club = tmp_path / "club.toml"
    club.write_text(
        'name = "club"\ntitle = "The Crown pub league"\nbase = "lpr"\n\n[cash]\n'
        'straddle_mode = "none"  # BLD-05; our league: no straddles\n'
    )
    assert main(["house", "show", str(club), "--mode", "cash"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("club [cash] - The Crown pub league (based on lpr)")
    lines = out.splitlines()
    assert any('straddle_mode = "none"' in line and "our league" in line for line in lines)
    assert main(["house", "diff", "lpr", str(club)]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 3 and "straddle_mode" in rows[2] and '"none"' in rows[2]
    assert main(["house", "show", str(tmp_path / "missing.toml")]) == 2
    assert "error [unreadable]" in capsys.readouterr().err
