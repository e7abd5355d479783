"""Equity: exact figures, agreement with a pure-Python enumeration, Monte Carlo, errors."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from math import comb

import pytest

from pokerroom.cards import parse_cards
from pokerroom.equity import EquityResult, equity
from pokerroom.errors import CardError, ConfigError
from pokerroom.evaluate import holdem_high, omaha_high, omaha_low8


def p(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def reference(
    hands: Sequence[Sequence[int]], board: Sequence[int], game: str, dead: Sequence[int] = ()
) -> tuple[list[float], int]:
    """Enumerate the remaining boards in Python with the evaluators; pot shares per hand."""
    used = {c for h in hands for c in h} | set(board) | set(dead)
    rest = [c for c in range(52) if c not in used]
    shares = [0.0] * len(hands)
    boards = 0
    for extra in combinations(rest, 5 - len(board)):
        full = [*board, *extra]
        boards += 1
        if game == "holdem":
            high = [holdem_high([*h, *full]) for h in hands]
        else:
            high = [omaha_high(h, full) for h in hands]
        lows = [omaha_low8(h, full) for h in hands] if game == "omaha_hilo" else []
        top = max(high)
        hi_winners = [i for i, v in enumerate(high) if v == top]
        qualifying = [v for v in lows if v is not None]
        pot_high = 0.5 if qualifying else 1.0
        for i in hi_winners:
            shares[i] += pot_high / len(hi_winners)
        if qualifying:
            best = max(qualifying)
            lo_winners = [i for i, v in enumerate(lows) if v == best]
            for i in lo_winners:
                shares[i] += 0.5 / len(lo_winners)
    return [s / boards for s in shares], boards


def assert_matches_reference(r: EquityResult, hands: Sequence[Sequence[int]],
                             board: Sequence[int], game: str) -> None:
    shares, boards = reference(hands, board, game)
    assert r.boards == boards
    assert r.equities == pytest.approx(shares, abs=1e-12)
    assert sum(r.equities) == pytest.approx(1.0)


def test_aces_v_kings_exact_over_all_boards() -> None:
    r = equity([p("AhAs"), p("KdKc")])
    assert r.boards == 1_712_304 == comb(48, 5)
    assert round(r.equities[0], 6) == 0.812555
    assert f"{r.equities[0]:.4%}" == "81.2555%"
    assert r.wins == (1_388_072, 317_694)
    assert r.ties == (6_538, 6_538)


def test_three_way_on_the_turn_counted_by_hand() -> None:
    # AsKs (top pair) v QhQd v 7c6c on Kd7h2c3s: 42 rivers. QQ wins on the two queens; 76 on
    # the two sevens (trips) and the three sixes (two pair); AK wins the other 35.
    r = equity([p("AsKs"), p("QhQd"), p("7c6c")], board=p("Kd7h2c3s"))
    assert r.boards == 42
    assert r.wins == (35, 2, 5)
    assert r.ties == (0, 0, 0)
    assert r.equities == pytest.approx((35 / 42, 2 / 42, 5 / 42))


def test_three_way_on_the_flop_matches_python_enumeration() -> None:
    hands = [p("AhKh"), p("JcJd"), p("9s8s")]
    board = p("Th7s2h")
    assert_matches_reference(equity(hands, board), hands, board, "holdem")


def test_split_pots_are_shared() -> None:
    # Both play a royal flush on the board: every board ties.
    r = equity([p("2c3c"), p("4d5d")], board=p("AsKsQsJsTs"))
    assert (r.boards, r.wins, r.ties, r.equities) == (1, (0, 0), (1, 1), (0.5, 0.5))
    # AK v AK: mostly a split; suits decide only flushes.
    r = equity([p("AsKd"), p("AcKh")], board=p("Qs7s2d"))
    assert r.boards == comb(45, 2)
    assert r.wins == (comb(10, 2), 0)  # two more spades: the ace of spades makes a flush
    assert r.equities[0] + r.equities[1] == pytest.approx(1.0)
    assert r.ties[0] == r.boards - r.wins[0] - r.wins[1]


def test_dead_cards_reduce_the_boards_exactly() -> None:
    assert equity([p("AhAs"), p("KdKc")], dead=p("2c")).boards == comb(47, 5)
    r = equity([p("AhAs"), p("KdKc")], board=p("Qh7s2d"), dead=p("Ks3c"))
    assert r.boards == comb(43, 2)
    # With both remaining kings dead, kings lose their set outs.
    hands, board = [p("AhAs"), p("KdKc")], p("Qh7s2d")
    r = equity(hands, board, dead=p("KsKh"))
    shares, boards = reference(hands, board, "holdem", dead=p("KsKh"))
    assert r.boards == boards
    assert r.equities == pytest.approx(shares, abs=1e-12)
    assert r.equities[1] < equity(hands, board).equities[1]


def test_complete_board_is_one_board() -> None:
    r = equity([p("AhAs"), p("KdKc"), p("7h2c")], board=p("Kh9s4d3c2d"))
    assert r == EquityResult((0.0, 1.0, 0.0), (0, 1, 0), (0, 0, 0), 1)
    # A sample count on a complete board still evaluates the one board.
    assert equity([p("AhAs"), p("KdKc")], board=p("Kh9s4d3c2d"), samples=50).boards == 1


def test_monte_carlo_is_close_to_exact_and_reproducible() -> None:
    exact = equity([p("AhAs"), p("KdKc")]).equities[0]
    r = equity([p("AhAs"), p("KdKc")], samples=100_000, seed=3)
    assert r.boards == 100_000
    assert abs(r.equities[0] - exact) < 0.005  # ~4 standard errors
    assert r == equity([p("AhAs"), p("KdKc")], samples=100_000, seed=3)
    assert r != equity([p("AhAs"), p("KdKc")], samples=100_000, seed=4)


def test_monte_carlo_with_board_and_dead_cards_draws_only_live_cards() -> None:
    # On the turn with every out but one dead, the draw hits in a fixed share of samples.
    hands = [p("AhKh"), p("QsQd")]
    board = p("2h7hQc3s")
    r = equity(hands, board, samples=20_000, seed=1)
    exact = equity(hands, board)
    assert exact.boards == 44
    assert abs(r.equities[0] - exact.equities[0]) < 0.02


def test_ten_players_preflop_exact() -> None:
    hands = [p(h) for h in ("AsAc", "KsKc", "QsQc", "JsJc", "TsTc",
                            "9s9c", "8s8c", "7s7c", "6s6c", "5s5c")]
    r = equity(hands)
    assert r.boards == comb(32, 5)
    assert sum(r.equities) == pytest.approx(1.0)
    assert r.equities[0] == max(r.equities)


def test_game_03_omaha_equity_matches_python_enumeration() -> None:
    hands = [p("AsKsQdJd"), p("7h8h9cTc")]
    board = p("2s7s8d")
    assert_matches_reference(equity(hands, board, game="omaha"), hands, board, "omaha")


def test_omaha_five_and_six_card_hands_mixed() -> None:
    hands = [p("AsKsQdJd2c"), p("7h8h9cTc3d4d"), p("AhAd5s6s")]
    board = p("2s7s8dKh")
    assert_matches_reference(equity(hands, board, game="omaha"), hands, board, "omaha")


def test_omaha_heads_up_exact_preflop() -> None:
    r = equity([p("AsAhKsKh"), p("7c8d9cTd")], game="omaha")
    assert r.boards == comb(44, 5) == 1_086_008
    assert sum(r.equities) == pytest.approx(1.0)
    assert 0.5 < r.equities[0] < 0.7


def test_omaha_hilo_matches_python_enumeration() -> None:
    hands = [p("As2sKdQd"), p("3h4h9c9d"), p("Ac3cJhTh")]
    board = p("5s8dKc")
    assert_matches_reference(equity(hands, board, game="omaha_hilo"), hands, board, "omaha_hilo")


def test_omaha_hilo_scoops_and_split_halves() -> None:
    # The nut low and the nut high together: a scoop on the river.
    r = equity([p("As2sKdQd"), p("9h9cThJh")], board=p("3s4s5s8dKc"), game="omaha_hilo")
    assert (r.wins, r.ties, r.equities) == ((1, 0), (0, 0), (1.0, 0.0))
    # One takes the high half, the other the low half.
    r = equity([p("KsKdQhQc"), p("Ah2h9c9d")], board=p("3s4d7hKcJd"), game="omaha_hilo")
    assert (r.wins, r.ties, r.equities) == ((0, 0), (1, 1), (0.5, 0.5))
    # No low: the high takes the whole pot.
    r = equity([p("KsKdQhQc"), p("Ah2h9c9d")], board=p("Ts4dJhKcJd"), game="omaha_hilo")
    assert r.equities == (1.0, 0.0)
    # Two equal lows quarter the pot.
    r = equity([p("KsKdAh2h"), p("Ac2c9s9d")], board=p("3s4d7hKcJd"), game="omaha_hilo")
    assert r.equities == (0.75, 0.25)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"hands": [p("AsAh")]}, ConfigError, "2 to 10 hands"),
        ({"hands": [[i, i + 13] for i in range(11)]}, ConfigError, "2 to 10 hands"),
        ({"hands": [p("AsAh"), p("KsKhQd")]}, CardError, "holdem hands have 2"),
        ({"hands": [p("AsAh"), p("KsKh")], "game": "omaha"}, CardError, "4 or 5 or 6"),
        ({"hands": [p("AsAh"), p("AsKh")]}, CardError, "card As is used twice"),
        ({"hands": [p("AsAh"), p("KsKh")], "board": p("As2c3c")}, CardError, "used twice"),
        ({"hands": [p("AsAh"), p("KsKh")], "dead": p("Kh")}, CardError, "used twice"),
        ({"hands": [[0, 52], p("KsKh")]}, CardError, "52 in the hand is not a card"),
        ({"hands": [p("AsAh"), p("KsKh")], "board": p("2c3c4c5c6c7c")}, CardError, "at most 5"),
        ({"hands": [p("AsAh"), p("KsKh")], "game": "stud"}, ConfigError, "is not one of"),
        ({"hands": [p("AsAh"), p("KsKh")], "samples": 0}, ConfigError, "int >= 1"),
        (
            {"hands": [list(range(i * 6, i * 6 + 6)) for i in range(8)], "game": "omaha"},
            ConfigError,
            "need 53 cards: the deck has 52",
        ),
    ],
)
def test_errors_say_what_is_wrong(kwargs: dict[str, object], error: type[Exception],
                                  message: str) -> None:
    with pytest.raises(error, match=message):
        equity(**kwargs)  # type: ignore[arg-type]
