"""The tournament clock: levels and breaks driven by injected timestamps.

A :class:`Clock` is a frozen value. Every operation takes the time ``t`` (whole seconds on any
monotonic scale the caller chooses; the core never reads the wall clock) and returns a new
clock. Queries (:meth:`Clock.status`, :meth:`Clock.level_at`, :meth:`Clock.time_left`) take
``t`` too and do not change the clock.

The schedule is the structure's levels with its breaks between them. A level that lasts
``minutes`` ends by time; a level that lasts ``hands`` ends when :meth:`Clock.record_hand`
has counted that many hands (time does not end it). Breaks always run by time. The last level
never ends. During a break :meth:`Clock.level_at` is the level just played (its blinds are the
"current" ones, e.g. for the late-registration penalty, TRN-04); the next level starts when the
break is over.

Operations: :meth:`start`, :meth:`pause`, :meth:`resume`, :meth:`add_time` (negative removes
time; removing more than is left is an error, not a silent level change), :meth:`jump_to_level`,
:meth:`record_hand`, and :meth:`change_structure` (TRN-14, the house changes the published
structure; the current level number is kept). Each operation is written to ``history``.

>>> from pokerroom.tournament.structure import load_structure
>>> clock = Clock(load_structure("pub_turbo")).start(1000)
>>> clock.level_at(1000 + 11 * 60).number, clock.time_left(1000 + 11 * 60)
(1, 60)
>>> clock.level_at(1000 + 12 * 60).number
2
>>> paused = clock.pause(1000 + 30)
>>> paused.time_left(5000)
690
>>> paused.resume(6000).add_time(6000, 60).time_left(6000)
750
>>> st = clock.status(1000 + 4 * 12 * 60 + 5)   # five seconds into the first break
>>> st.on_break is not None, st.level.number, st.next_level.number, st.time_left
(True, 4, 5, 595)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pokerroom.tournament.errors import ClockError
from pokerroom.tournament.structure import Break, Level, Structure

__all__ = ["Clock", "ClockStatus", "Segment"]

Segment = Level | Break


def _segments(structure: Structure) -> tuple[Segment, ...]:
    out: list[Segment] = []
    for level in structure.levels:
        out.append(level)
        brk = structure.break_after(level.number)
        if brk is not None:
            out.append(brk)
    return tuple(out)


def _seconds(seg: Segment) -> int | None:
    """Length of a segment in seconds, or None for a level counted in hands."""
    if isinstance(seg, Break):
        return seg.minutes * 60
    return None if seg.by_hands else seg.minutes * 60


@dataclass(frozen=True, slots=True)
class ClockStatus:
    """What the clock shows at one moment."""

    level: Level  # the level in play; during a break, the level just played
    on_break: Break | None
    next_level: Level | None
    time_left: int | None  # seconds left in the level or break; None for a level of hands
    hands_left: int | None  # hands left in a level counted in hands, else None
    running: bool
    started: bool


@dataclass(frozen=True, slots=True)
class Clock:
    """A pausable, adjustable tournament clock over a :class:`Structure`."""

    structure: Structure
    segment: int = 0  # index into the levels-and-breaks schedule
    elapsed: int = 0  # seconds spent in the segment, as of ``since`` when running
    hands: int = 0  # hands completed in the segment
    since: int | None = None  # the moment ``elapsed`` was measured, while running
    started: bool = False
    history: tuple[tuple[int, str], ...] = ()

    # -- internal ------------------------------------------------------------------------

    @property
    def _schedule(self) -> tuple[Segment, ...]:
        return _segments(self.structure)

    def _at(self, t: int) -> Clock:
        """This clock brought forward to time ``t`` (time-based segments roll over)."""
        if self.since is None:
            return self
        if t < self.since:
            raise ClockError(
                "time_goes_back", f"time {t} is before the clock's last reading {self.since}"
            )
        schedule = self._schedule
        seg, elapsed, hands = self.segment, self.elapsed + (t - self.since), self.hands
        while seg < len(schedule) - 1:
            length = _seconds(schedule[seg])
            if length is None or elapsed < length:
                break
            elapsed -= length
            seg, hands = seg + 1, 0
        return dataclasses.replace(self, segment=seg, elapsed=elapsed, hands=hands, since=t)

    def _log(self, t: int, what: str) -> Clock:
        return dataclasses.replace(self, history=(*self.history, (t, what)))

    # -- queries ---------------------------------------------------------------------------

    def status(self, t: int) -> ClockStatus:
        """Level, break, time and hands left at time ``t``."""
        now = self._at(t)
        schedule = now._schedule
        seg = schedule[now.segment]
        if isinstance(seg, Break):
            level = self.structure.level(seg.after_level)
            nxt: Level | None = self.structure.level(seg.after_level + 1)
            brk: Break | None = seg
        else:
            level, brk = seg, None
            nxt = (
                self.structure.level(seg.number + 1)
                if seg.number < len(self.structure.levels) else None
            )
        length = _seconds(seg)
        # the last level goes on after its time is up, showing 0
        time_left = None if length is None else max(length - now.elapsed, 0)
        hands_left = (
            max(seg.hands - now.hands, 0) if isinstance(seg, Level) and seg.by_hands else None
        )
        return ClockStatus(level, brk, nxt, time_left, hands_left, now.since is not None,
                           now.started)

    def level_at(self, t: int) -> Level:
        """The level in play at ``t`` (during a break: the level just played)."""
        return self.status(t).level

    def on_break(self, t: int) -> Break | None:
        """The break in progress at ``t``, if any."""
        return self.status(t).on_break

    def time_left(self, t: int) -> int | None:
        """Seconds left in the current level or break at ``t`` (None for a level of hands)."""
        return self.status(t).time_left

    # -- commands --------------------------------------------------------------------------

    def start(self, t: int) -> Clock:
        """Start level 1 at ``t``."""
        if self.started:
            raise ClockError("already_started", "the clock has already started; use resume")
        return dataclasses.replace(self, started=True, since=t)._log(t, "start")

    def pause(self, t: int) -> Clock:
        """Stop the clock at ``t``; the time left is kept."""
        if self.since is None:
            raise ClockError("not_running", "the clock is not running; allowed: start, resume")
        now = self._at(t)
        return dataclasses.replace(now, since=None)._log(t, "pause")

    def resume(self, t: int) -> Clock:
        """Restart a paused clock at ``t``."""
        if not self.started:
            raise ClockError("not_started", "the clock has not started; use start")
        if self.since is not None:
            raise ClockError("already_running", "the clock is already running")
        return dataclasses.replace(self, since=t)._log(t, "resume")

    def add_time(self, t: int, seconds: int) -> Clock:
        """Add ``seconds`` to the current level or break (negative: remove time)."""
        now = self._at(t)
        seg = now._schedule[now.segment]
        length = _seconds(seg)
        if length is None:
            raise ClockError(
                "level_in_hands",
                f"level {seg.number if isinstance(seg, Level) else '?'} is counted in hands; "
                "time cannot be added or removed (allowed: jump_to_level, record_hand)",
            )
        left = length - now.elapsed
        if seconds < 0 and -seconds >= left:
            raise ClockError(
                "remove_too_much",
                f"cannot remove {-seconds} s: only {left} s are left; remove at most "
                f"{left - 1} s, or jump to the next level",
            )
        moved = dataclasses.replace(now, elapsed=now.elapsed - seconds)
        return moved._log(t, f"add_time {seconds:+d}")

    def jump_to_level(self, t: int, number: int) -> Clock:
        """Start level ``number`` now, with its full length (running or paused as before)."""
        now = self._at(t)
        self.structure.level(number)  # raises StructureError for a level that does not exist
        index = next(
            k for k, s in enumerate(now._schedule) if isinstance(s, Level) and s.number == number
        )
        moved = dataclasses.replace(now, segment=index, elapsed=0, hands=0)
        return moved._log(t, f"jump_to_level {number}")

    def record_hand(self, t: int) -> Clock:
        """Count one finished hand; a level counted in hands ends when its count is reached."""
        now = self._at(t)
        schedule = now._schedule
        seg = schedule[now.segment]
        if isinstance(seg, Break):
            raise ClockError("on_break", "no hand can finish during a break")
        hands = now.hands + 1
        if seg.by_hands and hands >= seg.hands and now.segment < len(schedule) - 1:
            return dataclasses.replace(now, segment=now.segment + 1, elapsed=0, hands=0)
        return dataclasses.replace(now, hands=hands)

    def change_structure(self, t: int, structure: Structure, reason: str) -> Clock:
        """TRN-14: use ``structure`` from now on, keeping the current level and the time
        already played in it (a 30-minute level 10 minutes in, lengthened to 40, has 30 left).
        ``reason`` is the audit trail and may not be empty."""
        if not reason.strip():
            raise ClockError(
                "no_reason", "a change of structure in play states its reason (TRN-14 audit trail)"
            )
        now = self._at(t)
        seg = now._schedule[now.segment]
        number = seg.after_level if isinstance(seg, Break) else seg.number
        if number > len(structure.levels):
            raise ClockError(
                "level_missing",
                f"the new structure has {len(structure.levels)} levels; the clock is at level "
                f"{number}",
            )
        new_schedule = _segments(structure)
        if isinstance(seg, Break):
            index = next(
                (k for k, s in enumerate(new_schedule)
                 if isinstance(s, Break) and s.after_level == number),
                None,
            )
            if index is None:
                index = next(k for k, s in enumerate(new_schedule)
                             if isinstance(s, Level) and s.number == number + 1)
                now = dataclasses.replace(now, elapsed=0, hands=0)
        else:
            index = next(k for k, s in enumerate(new_schedule)
                         if isinstance(s, Level) and s.number == number)
        moved = dataclasses.replace(now, structure=structure, segment=index)
        return moved._log(t, f"change_structure {structure.name}: {reason}")
