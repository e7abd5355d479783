"""Probe of the showdown in Omaha with several side pots: who shows first (SHD-01/02, per
house), how the pots and their odd chips are shared among tied hands (POT-02, POT-05), and
that hands are read as exactly two hole cards and three board cards (GAME-03) in 4-, 5- and
6-card Omaha."""

from __future__ import annotations

import pytest
from handkit import Hand, awards, check_round, show_down

from pokerroom.hand.actions import BetRaise, CheckCall, Fold
from pokerroom.house import load_house

# Board 5c 6d 7h 8s 9c: a straight on board, which no Omaha hand can play (two hole cards
# needed). p1, p2, p3 each hold T-J: the same jack-high straight, a three-way tie.
TIED = ("AsAhKsKh", "TcJc2c2d", "TdJd3c3d", "ThJh4c4d")


def _three_way(house: str, river_bet: bool = False) -> Hand:
    # PO 1/2, 4-handed, p2 has 7. Pre-flop p2 raises all in to 7 (pot limit: 2 + 5), all
    # call. Flop: p1 bets 11, p3 and p0 call. Turn: p1 bets 5, p3 calls, p0 folds.
    # Contributions 18, 23, 7, 23 (+10 each for p1 and p3 with a river bet).
    h = Hand("PO", (100, 100, 7, 100), 1, 2, TIED, rules=load_house(house, "cash"))
    h.act(BetRaise(2, 7), CheckCall(3), CheckCall(0), CheckCall(1))
    h.board("5c6d7h")
    h.act(CheckCall(0), BetRaise(1, 11), CheckCall(3), CheckCall(0))
    h.board("8s")
    h.act(CheckCall(0), BetRaise(1, 5), CheckCall(3), Fold(0))
    h.board("9c")
    if river_bet:
        h.act(CheckCall(1), BetRaise(3, 10), CheckCall(1))
    else:
        check_round(h)
    return h


@pytest.mark.parametrize(
    ("house", "order"),
    [
        ("hippodrome", [1, 2, 3]),  # HIPP:L195 the first to act
        ("cambridge", [1, 2, 3]),  # silent: first to act (chosen default)
        ("roberts", [1, 3, 2]),  # RRP:L75 first to act, side-pot players before p2
        ("lpr", [2, 1, 3]),  # LPR r32 from the button, the all-in player first
        ("grosvenor", [1, 2, 3]),  # GROS:L94 the last aggressor of an earlier street (p1)
    ],
)
def test_shd_02_pot_05_river_checked_three_way_tie_over_a_side_pot(
    house: str, order: list[int]
) -> None:
    # Main 7 x 4 = 28 (p1 p2 p3), side 11 + 16 + 16 = 43 (p1 p3). POT-02: the side pot
    # first, split p1 22 / p3 21 (the odd chip to the first left of the button); main
    # 28 = 3 x 9 + 1: p1 10, p2 9, p3 9.
    h = _three_way(house)
    assert h.state.show_order == order
    show_down(h)
    assert h.shown() == order
    assert awards(h) == [(1, "all", ((1, 22), (3, 21))), (0, "all", ((1, 10), (2, 9), (3, 9)))]
    assert h.stacks == (82, 109, 9, 107)
    assert h.awards()[-1].hand == "straight, jack high"


@pytest.mark.parametrize("house", ["hippodrome", "cambridge", "roberts", "lpr", "grosvenor"])
def test_shd_01_river_bettor_shows_first_then_clockwise_over_side_pots(house: str) -> None:
    # p3 bets the river, p1 calls: p3 shows first everywhere (SHD-01), then clockwise; under
    # RRP the main-pot-only all-in (p2) is last anyway. Side pot 43 + 20 = 63: p1 32, p3 31.
    h = _three_way(house, river_bet=True)
    assert h.state.show_order == [3, 1, 2]
    show_down(h)
    assert awards(h) == [(1, "all", ((1, 32), (3, 31))), (0, "all", ((1, 10), (2, 9), (3, 9)))]


def test_game_03_straight_on_board_needs_two_hole_cards() -> None:
    # Board 5c 6d 7h 8s 9c. p0 AA KK: one pair of aces (the board straight does not play).
    # p1 2c 3d 4s Qd: 3-4 + 5-6-7, a seven-high straight. p2 9d 9h Qs Qh: 9-9 + 9c, trips
    # nines beat the aces and lose to the straight.
    h = Hand("PO", (100,) * 3, 1, 2, ("AsAhKsKh", "2c3d4sQd", "9d9hQsQh"))
    check_round(h)
    for cards in ("5c6d7h", "8s", "9c"):
        h.board(cards)
        check_round(h)
    show_down(h)
    assert awards(h) == [(0, "all", ((1, 6),))]
    assert h.awards()[0].hand == "straight, seven high"


@pytest.mark.parametrize(
    ("code", "holes", "winner", "name"),
    [
        # Four hearts on board: six hole cards with one heart make no flush (p0: aces);
        # two hearts do (p1: king-high flush with Qh 4h).
        ("PO6", ("AhAsAdKcQcJc", "Qh4h7s8sTcTd"), 1, "flush, king high"),
        # Five-card Omaha, four hearts on board: p0's one heart plays nothing; p1's pair of
        # tens with the board's king: p0's aces win.
        ("PO5", ("AhAsAdKcQc", "Th7s8sTcJd"), 0, "one pair, aces"),
    ],
)
def test_game_03_four_flush_board_in_five_and_six_card_omaha(
    code: str, holes: tuple[str, str], winner: int, name: str
) -> None:
    h = Hand(code, (100, 100), 1, 2, holes)
    check_round(h)
    for cards in ("2h5h9h", "Kh", "3c"):
        h.board(cards)
        check_round(h)
    show_down(h)
    assert awards(h) == [(0, "all", ((winner, 4),))]
    assert h.awards()[0].hand == name
