"""The tournament clock: injected time, pause, resume, adjustments, breaks, hands (TRN-14)."""

from __future__ import annotations

import pytest

from pokerroom.tournament import Clock, ClockError, edit_level, load_structure

T0 = 10_000
TURBO = load_structure("pub_turbo")  # 12-minute levels, 10-minute break after level 4


def test_not_started_clock_shows_level_1_full_time() -> None:
    clock = Clock(TURBO)
    st = clock.status(T0 + 999)
    assert (st.level.number, st.time_left, st.running, st.started) == (1, 720, False, False)


def test_levels_advance_by_time_and_breaks_come_between() -> None:
    clock = Clock(TURBO).start(T0)
    assert clock.level_at(T0 + 719).number == 1
    assert clock.level_at(T0 + 720).number == 2
    brk = T0 + 4 * 720
    st = clock.status(brk)
    assert st.on_break is not None and st.level.number == 4 and st.next_level is not None
    assert st.next_level.number == 5 and st.time_left == 600
    assert clock.level_at(brk + 600).number == 5
    assert clock.on_break(brk + 600) is None


def test_last_level_never_ends() -> None:
    clock = Clock(TURBO).start(T0)
    far = T0 + 10 ** 7
    assert clock.level_at(far).number == len(TURBO.levels)
    assert clock.time_left(far) == 0


def test_pause_resume_keeps_the_time_left() -> None:
    clock = Clock(TURBO).start(T0).pause(T0 + 100)
    assert clock.time_left(T0 + 5000) == 620
    clock = clock.resume(T0 + 5000)
    assert clock.time_left(T0 + 5020) == 600
    assert clock.level_at(T0 + 5000 + 620).number == 2


def test_add_and_remove_time() -> None:
    clock = Clock(TURBO).start(T0)
    assert clock.add_time(T0 + 60, 120).time_left(T0 + 60) == 780
    assert clock.add_time(T0 + 60, -600).time_left(T0 + 60) == 60
    with pytest.raises(ClockError) as err:
        clock.add_time(T0 + 60, -660)
    assert err.value.code == "remove_too_much" and "at most 659 s" in str(err.value)


def test_jump_to_level_and_errors() -> None:
    clock = Clock(TURBO).start(T0).jump_to_level(T0 + 30, 6)
    assert clock.level_at(T0 + 30).number == 6 and clock.time_left(T0 + 30) == 720
    with pytest.raises(Exception, match=r"levels are 1\.\.12"):
        clock.jump_to_level(T0 + 30, 13)
    with pytest.raises(ClockError, match="before the clock's last reading"):
        clock.pause(T0)
    with pytest.raises(ClockError, match="already started"):
        clock.start(T0 + 40)
    with pytest.raises(ClockError, match="not running"):
        Clock(TURBO).pause(T0)
    assert [what for _, what in clock.history] == ["start", "jump_to_level 6"]


def test_levels_counted_in_hands() -> None:
    s = load_structure("sng_hands")
    clock = Clock(s).start(0)
    assert clock.level_at(10 ** 6).number == 1  # time does not end a level of hands
    for k in range(9):
        clock = clock.record_hand(k)
    st = clock.status(9)
    assert (st.level.number, st.hands_left, st.time_left) == (1, 1, None)
    clock = clock.record_hand(10)
    assert clock.level_at(10).number == 2
    with pytest.raises(ClockError, match="counted in hands"):
        clock.add_time(10, 60)
    for k in range(30):
        clock = clock.record_hand(11 + k)
    assert clock.level_at(50).number == 5
    for k in range(10):
        clock = clock.record_hand(60 + k)
    st = clock.status(69)  # the tenth hand of level 5 ended at 69
    assert st.on_break is not None and st.time_left == 300  # break after level 5 runs by time
    with pytest.raises(ClockError, match="during a break"):
        clock.record_hand(71)
    assert clock.level_at(69 + 300).number == 6


def test_trn_14_structure_change_keeps_the_level_in_play() -> None:
    clock = Clock(TURBO).start(T0)
    t = T0 + 720 + 100  # level 2, 620 s left
    changed = clock.change_structure(t, edit_level(TURBO, 2, small_blind=75, big_blind=150),
                                     "house decision, GROS:L132")
    assert changed.level_at(t).describe() == "75/150"
    assert changed.time_left(t) == 620
    assert changed.history[-1][1].startswith("change_structure pub_turbo: house decision")
