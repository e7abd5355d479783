"""One situation, two houses, two outcomes: the table plays each house's profile (RULES.md §27).

Each test plays the same commands at a table under two house profiles and checks that the
outcome differs where the profiles differ, and how.
"""

from __future__ import annotations

from pathlib import Path

from pokerroom.cards import parse_card, parse_cards
from pokerroom.errors import PokerroomError
from pokerroom.floor.chips import ChipPush
from pokerroom.floor.irregularities import ExposedCard
from pokerroom.hand.betting import legal_actions
from pokerroom.house import HouseRules, load_house, load_house_file
from pokerroom.table import (
    AddChips,
    ChipsRead,
    FloorRuling,
    HandCalledOff,
    PlayerId,
    PushChips,
    ReportCard,
    TableConfig,
)

from .tablekit import SEED, Table, config


def _bet_1000_heads_up(house: str | HouseRules) -> Table:
    """NLHE 50/100 heads-up (S11): seat 1 raises to 300, seat 2 calls; seat 2 bets 1,000."""
    rules = load_house(house) if isinstance(house, str) else house
    cfg = TableConfig(rules, seats=6, small_blind=50, big_blind=100)
    t = Table.seated(cfg, {1: 8300, 2: 10300}, button=1)
    t.deal(SEED)
    t.act(1, "raise", 300)
    t.act(2, "call")
    t.act(2, "bet", 1000)
    return t


def test_chp_05_half_a_bet_extra_is_a_raise_at_lpr_and_a_call_at_grosvenor() -> None:
    # Facing 1,000, seat 1 silently pushes 1,000 + 500: the extra is exactly 50% of the bet.
    # LPR r25 (>= 50%; r18 one chip would call) -> a minimum raise to 2,000;
    # GROS:L121 (>= 51%) -> a call, the 500 goes back.
    readings = {}
    for house in ("lpr", "grosvenor"):
        t = _bet_1000_heads_up(house)
        events = t(PushChips(PlayerId("p1"), ChipPush(chips=(1000, 500))))
        read = next(e for e in events if isinstance(e, ChipsRead))
        readings[house] = (read.action, read.amount_to, read.returned)
        assert t.replayed() == t.state
    assert readings["lpr"][:2] == ("raise", 2000)
    assert readings["grosvenor"] == ("call", 1000, 500)


def test_chp_05_a_club_derived_from_grosvenor_reads_chips_by_its_own_threshold(
    tmp_path: Path,
) -> None:
    # A club's profile (base = "grosvenor") with its own 75% over-call threshold: the table
    # reads chips by the club's values (it used to look the chip rules up by the house name,
    # "club", and refuse the push), and keeps the rest of Grosvenor's.
    path = tmp_path / "club.toml"
    path.write_text('name = "club"\nbase = "grosvenor"\n[cash]\novercall_raise_threshold = "3/4"\n')
    club = load_house_file(path, "cash")
    assert (club.name, club.rulebook) == ("club", "grosvenor")
    readings = {}
    for house in ("grosvenor", club):
        t = _bet_1000_heads_up(house)
        events = t(PushChips(PlayerId("p1"), ChipPush(chips=(1000, 500, 100))))
        read = next(e for e in events if isinstance(e, ChipsRead))
        readings[t.state.config.rules.name] = (read.action, read.amount_to, read.returned)
        assert t.replayed() == t.state
    assert readings["grosvenor"][:2] == ("raise", 2000)  # 600 >= 51% of 1,000 (GROS:L121)
    assert readings["club"] == ("call", 1000, 600)  # 600 < 75% of 1,000


def _short_all_in_after_a_call(house: str) -> Table:
    """Button 1, SB 2, BB 3 (14 chips), UTG 4: UTG raises to 10, the button calls, the small
    blind folds, the big blind goes all-in for 14 (a raise of 4: incomplete); UTG calls."""
    cfg = config(house, seats=6, small_blind=1, big_blind=2)
    t = Table.seated(cfg, {1: 200, 2: 200, 3: 14, 4: 200}, button=4, sb=1, bb=2, hand_no=1,
                     last_bb={2: 1})
    h = t.deal(SEED)
    assert (h.button, h.sb_seat, h.bb_seat) == (1, 2, 3)
    t.act(4, "raise", 10)
    t.act(1, "call")
    t.act(2, "fold")
    t.act(3, "raise", 14)
    t.act(4, "call")
    assert t.seat_to_act() == 1
    return t


def test_bet_04_a_caller_may_reraise_a_short_all_in_at_lpr_but_not_at_roberts() -> None:
    # BET-04: LPR r26 bars only a player "who has already raised" (literal, CONFLICTS L-3);
    # RRP bars every player who has already acted. The button only called.
    for house, may_raise in (("lpr", True), ("roberts", False)):
        t = _short_all_in_after_a_call(house)
        assert t.state.hand is not None
        legal = legal_actions(t.state.hand)
        assert legal.call_amount == 4
        assert (legal.min_raise_to is not None) is may_raise, house
        if may_raise:
            assert legal.min_raise_to == 22  # 14 + the last full raise, 8 (BET-02 / G7)


def test_stk_04_adding_chips_above_the_table_maximum_roberts_yes_hippodrome_no() -> None:
    # STK-04: RRP:L5 adds "any quantity between hands"; HIPP:L114 only up to the table maximum
    # (the resulting stack, CONFLICTS H-17).
    results = {}
    for house in ("roberts", "hippodrome"):
        cfg = config(house, seats=6, buyin_min=40, buyin_max=400)
        t = Table.seated(cfg, {1: 300, 2: 300}, button=1)
        try:
            t(AddChips(PlayerId("p1"), 200))
            results[house] = t.stack(1)
        except PokerroomError as err:
            results[house] = err.code
        assert t.state.ledger_balanced()
    assert results["roberts"] == 500
    assert results["hippodrome"] == "above_maximum"


def test_mis_04_first_card_exposed_is_a_misdeal_at_lpr_and_replaced_at_grosvenor() -> None:
    # MIS-04: LPR r40 - either of the first two cards exposed is a misdeal; GROS:L39 - one
    # exposed card, wherever it falls, is replaced by the first burn card (IRR-01).
    outcomes = {}
    for house in ("lpr", "grosvenor"):
        t = Table.seated(config(house, seats=6, small_blind=1, big_blind=2),
                         {1: 100, 3: 100, 5: 100}, button=1)
        t.deal(b"", live=True)
        first = parse_cards("As")[0]
        t(ReportCard(first))
        events = t(FloorRuling(ExposedCard(parse_card("As"))))
        called = [e for e in events if isinstance(e, HandCalledOff)]
        outcomes[house] = called[0].kind if called else "replaced"
        assert t.state.ledger_balanced() and t.replayed() == t.state
        if not called:
            live = t.state.live
            assert live is not None and live.owed  # a replacement card is owed
    assert outcomes == {"lpr": "misdeal", "grosvenor": "replaced"}
