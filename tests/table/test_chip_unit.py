"""STR-07 at the table: the chip unit, levels that change it, and colour-ups (ColorUpStacks)."""

from __future__ import annotations

import pytest

from pokerroom.errors import ConfigError
from pokerroom.floor.chips import ChipPush
from pokerroom.hand.events import ChipsBet
from pokerroom.house import load_house
from pokerroom.table import (
    ChipsRead,
    ColorUpStacks,
    LevelSet,
    PlayerId,
    PushChips,
    SetLevel,
    StacksColoredUp,
    TableError,
)
from pokerroom.table.runner import BotKind, run_session
from pokerroom.table.stakes import wager_unit

from .tablekit import Table, config


def _table(stacks: dict[int, int], unit: int = 25) -> Table:
    cfg = config("lpr", "tournament", seats=6, small_blind=25, big_blind=50, chip_unit=unit)
    return Table.seated(cfg, stacks, button=1)


def test_str_07_blinds_and_antes_are_multiples_of_the_chip_unit() -> None:
    with pytest.raises(ConfigError) as err:
        config("lpr", "tournament", small_blind=10, big_blind=20, chip_unit=25)
    assert err.value.code == "not_a_chip_multiple" and "STR-07" in err.value.message
    with pytest.raises(ConfigError) as err:
        config("lpr", "tournament", small_blind=1, big_blind=2, chip_unit=0)
    assert err.value.code == "bad_chip_unit"


def test_str_07_pot_05_the_hand_plays_in_the_table_chip_unit() -> None:
    t = _table({1: 1000, 2: 1000, 3: 1000})
    started = t.deal()
    assert started.config.chip_unit == 25  # POT-05: odd chips are handed out in this unit


def test_str_07_set_level_changes_the_unit_only_when_every_stack_is_in_it() -> None:
    t = _table({1: 1000, 2: 1075})
    with pytest.raises(TableError) as err:
        t(SetLevel(100, 200, chip_unit=100))
    assert err.value.code == "chips_below_unit" and "p2 1075" in err.value.message
    with pytest.raises(TableError) as err:
        t(SetLevel(30, 60))  # not in the table's unit of 25
    assert err.value.code == "not_a_chip_multiple"
    (e,) = t(SetLevel(50, 100))
    assert isinstance(e, LevelSet) and e.chip_unit == 25  # None keeps the unit
    t2 = _table({1: 1000, 2: 1100})
    t2(SetLevel(100, 200, chip_unit=100))
    assert t2.state.config.chip_unit == 100
    assert t2.replayed() == t2.state


def test_str_07_color_up_changes_stacks_unit_and_ledger() -> None:
    t = _table({1: 1075, 2: 1050, 3: 1000, 4: 25})
    t(SetLevel(100, 200))
    new = ((PlayerId("p1"), 1100), (PlayerId("p2"), 1000), (PlayerId("p3"), 1000),
           (PlayerId("p4"), 100))
    (e,) = t(ColorUpStacks(25, 100, new, "race_off", b"s" * 16))
    assert isinstance(e, StacksColoredUp)
    assert (e.removed, e.added) == (75 + 50 + 25, 100 + 100)
    assert [t.stack(s) for s in (1, 2, 3, 4)] == [1100, 1000, 1000, 100]
    assert t.state.config.chip_unit == 100
    st = t.state
    assert st.ledger_balanced() and st.chips_in - st.chips_out == st.chips_on_table()
    assert t.replayed() == t.state  # the event log rebuilds the table
    assert t.deal().config.chip_unit == 100


def test_str_07_color_up_refuses_what_is_not_a_colour_up() -> None:
    t = _table({1: 1075, 2: 25})
    t(SetLevel(100, 200))
    ann, bob = PlayerId("p1"), PlayerId("p2")
    cases = {
        "bad_color_up_stack": [
            ColorUpStacks(25, 100, ((ann, 1100), (bob, 0))),  # raced out of the tournament
            ColorUpStacks(25, 100, ((ann, 1200), (bob, 100))),  # two chips for odd chips
            ColorUpStacks(25, 100, ((ann, 1075), (bob, 100))),  # not in the new unit
        ],
        "color_up_players": [
            ColorUpStacks(25, 100, ((ann, 1100),)),
            ColorUpStacks(25, 100, ((ann, 1100), (bob, 100), (ann, 1100))),
        ],
        "bad_color_up": [
            ColorUpStacks(5, 100, ((ann, 1100), (bob, 100))),  # 5 is not the table's chip
            ColorUpStacks(25, 110, ((ann, 1100), (bob, 110))),
        ],
    }
    for code, commands in cases.items():
        for command in commands:
            before = t.state
            with pytest.raises(TableError) as err:
                t(command)
            assert err.value.code == code, command
            assert t.state is before
    t2 = _table({1: 1000, 2: 1000, 3: 1000})
    t2.deal()
    with pytest.raises(TableError) as err:
        t2(ColorUpStacks(25, 100, tuple((PlayerId(f"p{s}"), 1000) for s in (1, 2, 3))))
    assert err.value.code == "hand_in_play"
    t3 = _table({1: 1000, 2: 1000})  # blinds 25/50 are not in chips of 100: new level first
    with pytest.raises(TableError) as err:
        t3(ColorUpStacks(25, 100, ((ann, 1000), (bob, 1000))))
    assert err.value.code == "not_a_chip_multiple"


@pytest.mark.parametrize("mode", ["cash", "tournament"])
@pytest.mark.parametrize("variant", ["NT", "PO", "FT"])
@pytest.mark.parametrize("bot", ["random", "simple"])
def test_str_07_bots_play_whole_sessions_in_the_chip_unit(
    mode: str, variant: str, bot: BotKind
) -> None:
    buy_in = {"buyin_min": 1000, "buyin_max": 5000} if mode == "cash" else {}
    cfg = config("roberts", mode, seats=9, variant=variant, small_blind=25, big_blind=50,
                 chip_unit=25, **buy_in)
    # keep_full: busted players are replaced (a tournament would otherwise end early);
    # tournament levels double the blinds, still multiples of the unit.
    result = run_session(cfg, players=6, hands=40, seed=11, bot=bot, churn=0.2, keep_full=True,
                         level_every=10 if mode == "tournament" else 0)
    assert result.hands == 40 and result.state.ledger_balanced()
    wagers = [e for e in result.events if isinstance(e, ChipsBet) and e.kind in ("bet", "raise")]
    assert wagers
    # Every bet and raise is in whole chips of 25, except an all-in (an odd stack).
    assert all(e.to % 25 == 0 or e.all_in for e in wagers)


def test_str_07_chp_05_a_silent_push_is_made_up_to_a_raise_in_the_unit() -> None:
    # Seat 4 (UTG) is all in for an odd 130 (a full raise of 80); seat 1 pushes 200 silently:
    # CHP-05 makes it a minimum raise, 130 + 80 = 210, which plays only as 225 in chips of 25.
    t = _table({1: 1000, 2: 1000, 3: 1000, 4: 130})
    t.deal()
    t.act(4, "raise", 130)
    events = t(PushChips(PlayerId("p1"), ChipPush(chips=(100, 100))))
    read = next(e for e in events if isinstance(e, ChipsRead))
    assert (read.action, read.amount_to, read.rule) == ("raise", 225, "CHP-05")
    assert t.state.hand is not None and t.state.hand.current_bet == 225
    assert t.replayed() == t.state


@pytest.mark.parametrize(
    ("house", "chips", "forced", "unit"),
    [
        ("hippodrome", (5, 25, 100), (25, 50), 5),  # HIPP:L165 the smallest chip in play
        ("roberts", (5, 25, 100), (25, 50), 25),  # RRP:L58 the smallest chip of the blinds
        ("lpr", (5, 25, 100), (25, 50), 25),  # LPR silent: chosen default as RRP
        ("roberts", (5, 25, 100), (10, 20), 5),  # 10 is two 5s: the 5 plays
        ("roberts", (5, 25, 100), (25, 50, 15), 5),  # an ante of 15 needs 5s
        ("roberts", (1, 5, 25), (100, 200), 25),  # 100 and 200 in 25s
    ],
)
def test_str_07_wager_unit_per_house(
    house: str, chips: tuple[int, ...], forced: tuple[int, ...], unit: int
) -> None:
    assert wager_unit(load_house(house, "cash"), chips, forced) == unit


def test_str_07_wager_unit_refuses_chips_that_cannot_post_the_blinds() -> None:
    rules = load_house("roberts", "cash")
    with pytest.raises(ConfigError) as err:
        wager_unit(rules, (25, 100), (10, 20))
    assert err.value.code == "forced_bet_not_in_chips" and "(25, 100)" in str(err.value)
    with pytest.raises(ConfigError) as err:
        wager_unit(rules, (), (1, 2))
    assert err.value.code == "bad_chips"
