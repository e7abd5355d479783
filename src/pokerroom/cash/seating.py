"""Who sits where in the card room: SEAT-01, 02, 05, 07, 08, 10, 11, 12, 13, 14.

:class:`Room` is a value: the seats held across all cash tables, the seat lock-ups and the
pairs kept apart. Every operation returns a new room or raises
:class:`~pokerroom.cash.policy.SeatingError` leaving it unchanged. Times are injected
seconds; the random card for moves takes an injected seed.

>>> room = Room().assign(PlayerId("ann"), "T1", SeatNo(3), staff="floor")
>>> room.where(PlayerId("ann"))
Placement(player='ann', game='T1', seat=3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from pokerroom.cards import Card
from pokerroom.cash.policy import SeatingError, SeatingPolicy
from pokerroom.deck import shuffled_deck
from pokerroom.table import PlayerId, SeatNo, TableState, must_move_now

__all__ = [
    "Placement",
    "Room",
    "absence_expired",
    "allocate_broken_game",
    "busted_seat_released",
    "condition_change_allowed",
    "must_move",
    "play_over_allowed",
    "random_card_for_moves",
]

_MIN = 60.0


def _staff(staff: str, what: str, rule: str) -> None:
    if not staff.strip():
        raise SeatingError("needs_staff", f"{what} needs staff ({rule}): name who allowed it")


@dataclass(frozen=True, slots=True)
class Placement:
    """A player in a seat of a game (table)."""

    player: PlayerId
    game: str
    seat: SeatNo


@dataclass(frozen=True, slots=True)
class Room:
    """Seats held across the room, seat lock-ups, and the pairs kept apart (SEAT-12)."""

    seats: tuple[Placement, ...] = ()
    #: SEAT-02 (HIPP:L100): seats held for a player finishing a hand in another game.
    lockups: tuple[Placement, ...] = ()
    apart: frozenset[frozenset[PlayerId]] = frozenset()

    def where(self, player: PlayerId) -> Placement | None:
        """The seat the player holds, if any."""
        return next((p for p in self.seats if p.player == player), None)

    def in_game(self, game: str) -> tuple[PlayerId, ...]:
        """Players seated or locked up in ``game``."""
        return tuple(p.player for p in (*self.seats, *self.lockups) if p.game == game)

    def _taken(self, game: str, seat: SeatNo) -> PlayerId | None:
        for p in (*self.seats, *self.lockups):
            if p.game == game and p.seat == seat:
                return p.player
        return None

    def _check_seat(self, player: PlayerId, game: str, seat: SeatNo) -> None:
        holder = self._taken(game, seat)
        if holder is not None and holder != player:
            raise SeatingError("seat_taken", f"{game} seat {seat} is held by {holder}")
        for other in self.in_game(game):
            if frozenset((player, other)) in self.apart:
                raise SeatingError(
                    "kept_apart",
                    f"{player} and {other} may not play in the same game (SEAT-12, GROS:L23, "
                    "HIPP:L98)",
                )

    def assign(self, player: PlayerId, game: str, seat: SeatNo, *, staff: str) -> Room:
        """SEAT-01/02: staff seat a player; one seat per player across the room."""
        _staff(staff, "taking a seat", "SEAT-01, LPR r81, HIPP:L72-73")
        held = self.where(player)
        if held is not None:
            raise SeatingError(
                "already_seated",
                f"{player} holds {held.game} seat {held.seat}: one seat per player (SEAT-02, "
                "LPR r83, HIPP:L97); move him with transfer",
            )
        self._check_seat(player, game, seat)
        lockups = tuple(p for p in self.lockups if p.player != player)
        return replace(self, seats=(*self.seats, Placement(player, game, seat)), lockups=lockups)

    def lock_up(self, player: PlayerId, game: str, seat: SeatNo, *, staff: str) -> Room:
        """SEAT-02 (HIPP:L100): hold a seat for a player finishing a hand elsewhere (one)."""
        _staff(staff, "a seat lock-up", "SEAT-01")
        if any(p.player == player for p in self.lockups):
            raise SeatingError("already_locked", f"{player} already has a seat locked up")
        held = self.where(player)
        if held is not None and held.game == game:
            raise SeatingError("same_game", f"{player} already sits in {game}")
        self._check_seat(player, game, seat)
        return replace(self, lockups=(*self.lockups, Placement(player, game, seat)))

    def release_lockup(self, player: PlayerId, *, staff: str) -> Room:
        """SEAT-04 / SEAT-02: staff pick up the player's seat lock-up (HIPP:L80: a lock-up in
        a new game after ten minutes if someone is waiting; or he no longer wants it). His
        own seat, if any, is kept."""
        _staff(staff, "picking up a lock-up", "SEAT-04")
        if not any(p.player == player for p in self.lockups):
            raise SeatingError("no_lockup", f"{player} has no seat locked up")
        return replace(self, lockups=tuple(p for p in self.lockups if p.player != player))

    def leave(self, player: PlayerId) -> Room:
        """The player gives up his seat (and any lock-up)."""
        if self.where(player) is None:
            raise SeatingError("not_seated", f"{player} holds no seat")
        return replace(
            self,
            seats=tuple(p for p in self.seats if p.player != player),
            lockups=tuple(p for p in self.lockups if p.player != player),
        )

    def transfer(self, player: PlayerId, game: str, seat: SeatNo, *, staff: str) -> Room:
        """SEAT-07 (LPR r86, HIPP:L107, GROS:L111): a move to another game with permission.

        Balance between games of the same stakes is checked separately (SEAT-06,
        :func:`pokerroom.cash.balancing.transfer_allowed`); the chips move with the table's
        ``TransferOut`` / ``TransferIn`` (STK-06).
        """
        _staff(staff, "a transfer", "SEAT-07")
        held = self.where(player)
        if held is None:
            raise SeatingError("not_seated", f"{player} holds no seat to transfer from")
        if held.game == game:
            raise SeatingError("same_game", f"{player} already plays in {game}: a seat change")
        self._check_seat(player, game, seat)
        return self.leave(player).assign(player, game, seat, staff=staff)

    def keep_apart(self, a: PlayerId, b: PlayerId, *, staff: str) -> Room:
        """SEAT-12 (GROS:L23, HIPP:L98): the house forbids two players the same game."""
        _staff(staff, "keeping players apart", "SEAT-12")
        if a == b:
            raise SeatingError("same_player", "name two different players")
        return replace(self, apart=self.apart | {frozenset((a, b))})


def absence_expired(
    policy: SeatingPolicy, away_since: float, at: float, *, waiting_list: bool
) -> bool:
    """SEAT-05: the player's absence may cost him his seat (LPR: over 30 minutes; HIPP: over
    15 minutes, only while a waiting list runs; silent houses: never by itself)."""
    limit = policy.absence_limit_min
    if limit is None or (policy.absence_limit_needs_waitlist and not waiting_list):
        return False
    return at - away_since > limit * _MIN


def busted_seat_released(
    policy: SeatingPolicy, busted_at: float, at: float, *, says_returning: bool
) -> bool:
    """SEAT-05 (HIPP:L86): a busted player who says he will return keeps the seat 10
    minutes; one who does not say so frees it at once. Silent houses: staff decide (False)."""
    hold = policy.busted_seat_hold_min
    if hold is None:
        return False
    return not says_returning or at - busted_at > hold * _MIN


def must_move(
    policy: SeatingPolicy, table: TableState, player: PlayerId, *, waiting_for_seat: int
) -> tuple[bool, str]:
    """SEAT-08 (HIPP:L102): a player who locked up a seat in another game must go at once when
    two or more names wait for the seat he leaves, except that he may play his button if he
    has already taken a blind (NEW-08, :func:`pokerroom.table.must_move_now`)."""
    need = policy.must_move_waiting
    if need is None:
        return False, f"SEAT-08: {policy.house} has no must-move rule; staff decide"
    if waiting_for_seat < need:
        return False, f"SEAT-08: {waiting_for_seat} waiting for his seat (needs {need})"
    return must_move_now(table, player)


def allocate_broken_game(
    players: Sequence[PlayerId],
    free: Sequence[tuple[str, SeatNo]],
    *,
    absent: frozenset[PlayerId] = frozenset(),
    swaps: Sequence[tuple[PlayerId, PlayerId]] = (),
) -> dict[PlayerId, tuple[str, SeatNo]]:
    """SEAT-10 (HIPP:L103): each player of a broken game gets a free seat (players in the
    given order, seats in the given order, e.g. as drawn by :func:`random_card_for_moves`);
    an active player may then swap into the seat given to an absent player (``swaps``:
    (active, absent) requests, granted in order)."""
    if len(set(players)) != len(players):
        raise SeatingError(
            "duplicate_player", "a player of the broken game is named twice: name each once"
        )
    if len(set(free)) != len(free):
        # SEAT-10 / SEAT-02: one player to a seat; a seat given twice would seat two.
        raise SeatingError(
            "duplicate_seat", "a free seat is named twice: give each (game, seat) once"
        )
    if len(free) < len(players):
        raise SeatingError(
            "not_enough_seats", f"{len(players)} players from the broken game, {len(free)} seats"
        )
    out = dict(zip(players, free, strict=False))
    for active, away in swaps:
        if active not in out or away not in out:
            raise SeatingError("not_in_game", f"{active} or {away} was not in the broken game")
        if active in absent or away not in absent:
            raise SeatingError(
                "swap_refused",
                f"only an active player may take an absent player's seat: {active} is "
                f"{'absent' if active in absent else 'active'}, {away} is "
                f"{'absent' if away in absent else 'active'} (SEAT-10)",
            )
        out[active], out[away] = out[away], out[active]
    return out


def play_over_allowed(
    policy: SeatingPolicy, *, staff: str = "", holder_consents: bool = False
) -> tuple[bool, bool, str]:
    """SEAT-11: (allowed, play-over box required, why). LPR r82: with staff permission;
    GROS:L114: with the seat holder's and the supervisor's consent, using a play-over box;
    HIPP:L63 and silent houses: never."""
    if policy.play_over == "staff_permission":
        ok = bool(staff.strip())
        return ok, False, "SEAT-11 (LPR r82): " + ("permitted" if ok else "needs permission")
    if policy.play_over == "holder_and_supervisor":
        ok = bool(staff.strip()) and holder_consents
        why = "with the holder's and supervisor's consent, in a play-over box"
        return ok, ok, f"SEAT-11 (GROS:L114): {'allowed' if ok else 'needs both consents'} {why}"
    return False, False, f"SEAT-11: {policy.house} allows nobody to play another's chips"


def condition_change_allowed(
    policy: SeatingPolicy,
    *,
    supervisor: str,
    objectors: int = 0,
    raises_limit: bool = False,
    management: str = "",
) -> tuple[bool, str]:
    """SEAT-13: a game's conditions change only with the supervisor's permission (GROS:L27,
    L115); at HIPP not if two or more players object, and a raise needs management
    (HIPP:L76)."""
    if not supervisor.strip():
        return False, "SEAT-13: game conditions change only with the supervisor's permission"
    block = policy.condition_objectors_block
    if block and objectors >= block:
        return False, f"SEAT-13 (HIPP:L76): {objectors} players object; the limit stays"
    if raises_limit and policy.raise_needs_management and not management.strip():
        return False, "SEAT-13 (HIPP:L76): raising the limit needs management approval"
    return True, "SEAT-13: change approved"


def random_card_for_moves(
    seated: Sequence[tuple[SeatNo, PlayerId]], dealer_seat: SeatNo, seats: int, seed: bytes
) -> tuple[tuple[PlayerId, Card], ...]:
    """SEAT-14 (RRP:L78): one card to each player clockwise from the first player on the
    dealer's left, whatever the button; the cards come from the deck ``seed`` gives."""
    by_seat = dict(seated)
    if len(by_seat) != len(seated):
        raise SeatingError("duplicate_seat", "each seat holds one player")
    order = [SeatNo((dealer_seat + k - 1) % seats + 1) for k in range(1, seats + 1)]
    cards = iter(shuffled_deck(seed))  # the top card first, as in the button draw (BTN-01)
    return tuple((by_seat[s], next(cards)) for s in order if s in by_seat)
