"""Waiting lists per game (SEAT-03), seat-call lock-ups (SEAT-04) and seat priority (SEAT-09).

Values, not mutation: every operation returns a new :class:`WaitingList` or raises
:class:`~pokerroom.cash.policy.SeatingError` leaving the old one as it was. Times are
injected seconds.

>>> from pokerroom.house import load_house
>>> from pokerroom.cash.policy import seating_policy
>>> hipp = seating_policy(load_house("hippodrome", "cash"))
>>> wl = WaitingList("1/2 NLH").add(PlayerId("ann"), 0.0, staff="desk")
>>> wl, called = wl.call_next(60.0)
>>> called, wl.lockup_expired(PlayerId("ann"), 60.0 + 15 * 60, hipp)
('ann', False)
>>> wl.lockup_expired(PlayerId("ann"), 60.0 + 15 * 60 + 1, hipp)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pokerroom.cash.policy import SeatingError, SeatingPolicy
from pokerroom.table import PlayerId, SeatNo

__all__ = [
    "Arrival",
    "Entry",
    "WaitingList",
    "choose_new_game_seats",
    "new_game_lockup_released",
    "seat_change_winner",
]

_MIN = 60.0


def _staff(staff: str, what: str) -> None:
    if not staff.strip():
        raise SeatingError("needs_staff", f"{what} is done by staff (SEAT-01/03): name them")


@dataclass(frozen=True, slots=True)
class Entry:
    """A name on a list: when it was added and when (if) the player was called for a seat."""

    player: PlayerId
    added_at: float
    called_at: float | None = None


@dataclass(frozen=True, slots=True)
class WaitingList:
    """SEAT-03: the list for one game, kept by staff, first come first served."""

    game: str
    entries: tuple[Entry, ...] = ()

    def names(self) -> tuple[PlayerId, ...]:
        """The players on the list, in order."""
        return tuple(e.player for e in self.entries)

    def entry(self, player: PlayerId) -> Entry:
        """The player's entry (SeatingError if he is not on the list)."""
        for e in self.entries:
            if e.player == player:
                return e
        raise SeatingError("not_listed", f"{player} is not on the {self.game} list")

    def add(self, player: PlayerId, at: float, *, staff: str) -> WaitingList:
        """SEAT-03: staff put a name at the end of the list (once)."""
        _staff(staff, "adding a name to a list")
        if player in self.names():
            raise SeatingError("already_listed", f"{player} is already on the {self.game} list")
        return replace(self, entries=(*self.entries, Entry(player, at)))

    def remove(self, player: PlayerId) -> WaitingList:
        """Take a name off the list (seated, left, or lost his place)."""
        self.entry(player)
        return replace(self, entries=tuple(e for e in self.entries if e.player != player))

    def call_next(self, at: float) -> tuple[WaitingList, PlayerId]:
        """SEAT-04: call the first player not yet called for a free seat; his lock-up starts."""
        for k, e in enumerate(self.entries):
            if e.called_at is None:
                entries = list(self.entries)
                entries[k] = replace(e, called_at=at)
                return replace(self, entries=tuple(entries)), e.player
        raise SeatingError("nobody_waiting", f"nobody on the {self.game} list is left to call")

    def lockup_expired(self, player: PlayerId, at: float, policy: SeatingPolicy) -> bool:
        """SEAT-04: the called player's lock-up has run out (HIPP: more than 15 minutes)."""
        e = self.entry(player)
        limit = policy.seat_call_lockup_min
        if e.called_at is None or limit is None:
            return False
        return at - e.called_at > limit * _MIN

    def take_seat(self, player: PlayerId, at: float, policy: SeatingPolicy) -> WaitingList:
        """SEAT-04: a called player takes the seat in time and leaves the list."""
        e = self.entry(player)
        if e.called_at is None:
            raise SeatingError(
                "not_called", f"{player} has not been called: the seat goes in list order"
            )
        if self.lockup_expired(player, at, policy):
            raise SeatingError(
                "lockup_expired",
                f"{player} came {_elapsed(at - e.called_at)} after the call; the lock-up "
                f"lasts {policy.seat_call_lockup_min} minutes: he lost his place (SEAT-04, "
                "HIPP:L95)",
            )
        return self.remove(player)

    def expire(self, at: float, policy: SeatingPolicy) -> tuple[WaitingList, tuple[PlayerId, ...]]:
        """SEAT-04: drop every called player whose lock-up has run out; returns who lost it."""
        lost = tuple(e.player for e in self.entries if self.lockup_expired(e.player, at, policy))
        kept = tuple(e for e in self.entries if e.player not in lost)
        return replace(self, entries=kept), lost


def new_game_lockup_released(
    policy: SeatingPolicy, locked_at: float, at: float, *, someone_waiting: bool
) -> bool:
    """SEAT-04 (HIPP:L80): a lock-up in a new game is picked up after 10 minutes if someone
    is waiting; never by itself when nobody waits or the house states no limit."""
    limit = policy.new_game_lockup_min
    return someone_waiting and limit is not None and at - locked_at > limit * _MIN


@dataclass(frozen=True, slots=True)
class Arrival:
    """SEAT-09: a player arriving at a new game: when, his place on the list, the seat wanted."""

    player: PlayerId
    arrived_at: float
    list_rank: int
    wants: SeatNo


def choose_new_game_seats(
    arrivals: Sequence[Arrival], free: Sequence[SeatNo]
) -> dict[PlayerId, SeatNo]:
    """SEAT-09 (HIPP:L100): in a new game the earliest arrival chooses first; arriving
    together, the higher on the list. A player whose seat is gone gets the lowest free one."""
    left = sorted(free)
    out: dict[PlayerId, SeatNo] = {}
    for a in sorted(arrivals, key=lambda a: (a.arrived_at, a.list_rank)):
        if not left:
            raise SeatingError("no_free_seat", f"no seat left for {a.player}")
        seat = a.wants if a.wants in left else left[0]
        left.remove(seat)
        out[a.player] = seat
    return out


def seat_change_winner(
    requests: Sequence[tuple[PlayerId, float]],
    newcomer: PlayerId | None = None,
    *,
    newcomer_dealt_in: bool = False,
) -> PlayerId | None:
    """SEAT-09 (HIPP:L101): who gets a freed seat. Players already in the game come before a
    newcomer, unless the newcomer has been dealt a hand there already; among them, the
    first to ask."""
    if newcomer is not None and newcomer_dealt_in:
        return newcomer
    if requests:
        return min(requests, key=lambda r: r[1])[0]
    return newcomer


def _elapsed(seconds: float) -> str:
    """``15 min 1 s`` (minutes and seconds, for messages)."""
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"
