"""``pokerroom play`` (``make run``): you against bots at a house's cash table.

The terminal is a client of the table layer: these tests read what it prints (the hand
histories, the stacks after each hand) and check that hand after hand the table carries the
stacks, moves the button and the blinds, and lets a busted player buy in again.
"""

from __future__ import annotations

import itertools
from io import StringIO

import pytest

from pokerroom.cli import main
from pokerroom.notation.phh import loads
from pokerroom.notation.replay import replay_history
from pokerroom.terminal import play


class Answers:
    """Your answers, chosen from the question the terminal just asked: ``action`` to every
    betting question (a call when it was refused), ``twice`` to running it twice, and the
    ``rebuys`` in turn when you are out of chips (then you quit)."""

    def __init__(self, out: StringIO, action: str, rebuys: tuple[str, ...] = ()) -> None:
        self.out, self.action, self.rebuys = out, action, list(rebuys)
        self.busted = 0

    def readline(self) -> str:
        text = self.out.getvalue()
        asked = text[text.rfind("> ", 0, len(text) - 2) :]  # since the question before
        if "out of chips" in asked:
            self.busted += 1
            return (self.rebuys.pop(0) if self.rebuys else "q") + "\n"
        if "twice?" in asked:
            return "y\n"
        if "not allowed" in asked:  # no such bet or raise to make: call instead
            return "c\n"
        return self.action + "\n"


def _session(
    action: str, rebuys: tuple[str, ...] = (), **settings: object
) -> tuple[str, Answers]:
    out = StringIO()
    answers = Answers(out, action, rebuys)
    assert play(inp=answers, out=out, **settings) == 0  # type: ignore[arg-type]
    return out.getvalue(), answers


def _hands(text: str) -> list[tuple[dict[str, int], dict[str, int], list[str]]]:
    """Each hand's starting and finishing stacks by player, and its players by position."""
    hands = []
    for block in text.split("--- hand history (PHH) ---\n")[1:]:
        hh = loads(block.split("\n  stacks:")[0])
        assert hh.players is not None and hh.finishing_stacks is not None
        assert replay_history(hh).matched  # the history printed is the hand the table played
        names = list(hh.players)
        start = dict(zip(names, map(int, hh.starting_stacks), strict=True))
        end = dict(zip(names, map(int, hh.finishing_stacks), strict=True))
        hands.append((start, end, names))
    return hands


def test_play_btn_02_the_table_carries_stacks_and_moves_the_button() -> None:
    text, _ = _session("c", players=4, hands=12, seed=3, house="lpr")
    hands = _hands(text)
    assert len(hands) == 12
    for (_, end, _), (start, _, _) in itertools.pairwise(hands):
        assert all(start[p] == end[p] for p in start)  # the next hand starts where this ended
    # BTN-02: the button (the last position) moves one player clockwise each hand.
    order = ["you", "bot1", "bot2", "bot3"]
    buttons = [names[-1] for _, _, names in hands]
    for a, b in itertools.pairwise(buttons):
        assert order.index(b) == (order.index(a) + 1) % 4
    raked = sum(int(line.split()[1]) for line in text.splitlines() if line.startswith("  rake "))
    assert sum(hands[-1][1].values()) + raked == 4 * 200  # every chip is a stack or the rake


def test_play_btn_06_heads_up_the_button_posts_the_small_blind() -> None:
    text, _ = _session("c", players=2, hands=6, seed=1, house="hippodrome")
    for start, _, names in _hands(text):
        assert len(names) == 2 and set(start) == {"you", "bot1"}
    blinds = [line for line in text.splitlines() if line.split()[1:2] in (["posts"], ["post"])]
    buttons = [line.split()[1] for line in text.splitlines() if line.startswith("=== hand")]
    assert len(blinds) == 12 and len(buttons) == 6
    # FLOW-08 / BTN-06: heads-up the button posts the small blind; the blinds alternate.
    small = [b.split()[0] for b in blinds[::2]]
    big = [b.split()[0] for b in blinds[1::2]]
    assert all(s != b for s, b in zip(small, big, strict=True))
    assert all(a != b for a, b in itertools.pairwise(small))


def test_play_new_06_a_busted_player_buys_in_again() -> None:
    # You push every hand and buy in again once (and would quit when busted again).
    text, answers = _session("r 200", ("b",), players=3, hands=500, seed=11, house="hippodrome")
    assert answers.busted >= 1 and "you buy in again for 200" in text
    hands = _hands(text)
    rebought = [line for line in text.splitlines() if line.endswith(" in again for 200")]
    bought = 3 * 200 + 200 * len(rebought)
    assert sum(hands[-1][1].values()) == bought  # every chip bought is still on the table


def test_play_rit_01_players_all_in_may_run_the_board_twice() -> None:
    text, _ = _session("r 200", ("b",) * 5, players=3, hands=60, seed=11, house="hippodrome")
    assert "run the rest of the board twice?" in text
    assert "board (run 2):" in text  # HIPP deals a second run when all agree (RIT-01)


def test_play_quit_and_game_over() -> None:
    out = StringIO()
    assert play(players=3, seed=2, inp=StringIO("q\n"), out=out) == 0
    assert out.getvalue().rstrip().endswith("Bye.")
    text, answers = _session("r 200", players=3, hands=500, seed=11, house="lpr")
    assert answers.busted == 1 and text.rstrip().endswith("Bye.")


def test_play_refuses_an_illegal_action_and_asks_again() -> None:
    text, _ = _session("r 1", players=3, hands=3, seed=2)
    assert "not allowed: bet to 1 is below" in text or "not allowed: raise to 1 is below" in text


def test_play_takes_whole_words_and_the_word_binds() -> None:
    # "fold", "call", "check", "raise N" as well as f, c, r N; a check facing a bet is
    # refused and asked again (RRP:L59), the same as at a table.
    out = StringIO()
    moves = StringIO("check\nwhat\ncall\nquit\n")
    assert play(players=3, seed=2, inp=moves, out=out) == 0
    text = out.getvalue()
    assert "you cannot check now" in text
    assert "say f (fold), c (check or call)" in text
    assert "you call" in text and text.rstrip().endswith("Bye.")


def test_play_command_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--house", "nowhere", "--hands", "1"]) == 2
    assert "nowhere" in capsys.readouterr().err
    assert main(["play", "--players", "11", "--hands", "1"]) == 2
    assert "2 to 10 seats" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--seed", "-1"])
    assert "from 0" in capsys.readouterr().err
