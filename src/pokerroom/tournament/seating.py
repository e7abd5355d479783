"""Tournament seating: the seat draw, balancing, breaking tables, button re-draws.

A :class:`Seating` is a frozen value (tables of numbered seats, each empty or holding one
player) that checks on construction that every player is seated exactly once (SEAT-02) and
that seat numbers are in range. Every function returns a new value; seating a player in a
taken seat raises :class:`SeatingError` and changes nothing.

Decisions no house states (TRN-09, RULES.md §26 G15 and G25), chosen here and documented:

* **Seat draw**: the players are spread over the fewest tables, table sizes differing by at
  most one; each table's seats and the players' order are drawn from an injected seed.
* **Balancing**: while the largest and the smallest table differ by more than the house's
  ``balance_when_diff_gt``, one player moves from the largest (lowest number on a tie) to the
  smallest (lowest number on a tie). ``balance_count_basis`` (G25) is ``after_move``: a move
  is made only if the table left would not then be smaller than the table joined; a move
  always needs a difference of at least two (a move with a difference of one would only swap
  the sizes), so the basis only matters when ``balance_when_diff_gt = 0``.
* **Who moves**: the player due the big blind next at the table he leaves - the first
  occupied seat clockwise after the seat that posted the last big blind (BTN-03 step 1) - and
  he takes the empty seat at the new table that reaches the big blind soonest (the first empty
  seat clockwise after that table's last big blind). So a moved player neither dodges nor
  pays twice for the big blind (LPR:L181). Without a last big blind (play not started at that
  table), seat 1 is where counting starts.
* **Breaking**: a table breaks when the players fit on one table fewer; which one is the
  event's ``break_order`` (every house leaves it to the TD): ``"highest_number_first"``,
  ``"lowest_number_first"``, ``"smallest_first"`` or an explicit tuple of table numbers.
  Its players, in an order drawn from the seed, each go to the table with the fewest players,
  into the empty seat nearest its big blind as above.
* **Hand-for-hand**: on (house ``hand_for_hand``) while at least two tables play and the
  players left are no more than ``from_bubble`` above the places paid.
* **Button re-draw** (BTN-08, CAMB:L18): a re-seated table re-draws the button when new
  players / players now at the table >= ``redraw_button_if_new_fraction_gte`` (CONFLICTS C-9),
  and at the start of the final table.

>>> s = draw_seats([f"p{k}" for k in range(15)], 9, seed=bytes(16))
>>> s.counts()
(8, 7)
>>> s2 = remove_player(remove_player(remove_player(s, s.table(2).players()[0]),
...                    s.table(2).players()[1]), s.table(2).players()[2])
>>> from pokerroom.house import load_house
>>> balanced, moves = balance(s2, load_house("cambridge", "tournament"))
>>> s2.counts(), balanced.counts(), len(moves)
((8, 4), (6, 6), 2)
>>> high_card_draw({1: "Ks", 2: "Ac", 3: "7d", 4: "Ah", 5: "Qh", 6: "Ad"},
...                "spades_hearts_diamonds_clubs")
DrawResult(winner=4, tied=())
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from pokerroom.cards import Card, parse_card
from pokerroom.house.rules import HouseRules
from pokerroom.tournament.errors import SeatingError

__all__ = [
    "BreakOrder",
    "DrawResult",
    "Move",
    "Seating",
    "Table",
    "balance",
    "break_table",
    "button_redraw_needed",
    "button_seat_for_table",
    "consolidate",
    "draw_seats",
    "hand_for_hand_due",
    "high_card_draw",
    "move_player",
    "redraw_tables",
    "remove_player",
    "seat_player",
    "seeded_shuffle",
    "table_to_break",
]

PlayerId = str
BreakOrder = (
    Literal["highest_number_first", "lowest_number_first", "smallest_first"] | tuple[int, ...]
)
_T = TypeVar("_T")


def seeded_shuffle(items: Sequence[_T], seed: bytes, label: bytes = b"") -> tuple[_T, ...]:
    """``items`` in an order drawn from ``seed`` (Fisher-Yates over SHAKE-256, unbiased).

    >>> seeded_shuffle([1, 2, 3], bytes(16)) == seeded_shuffle([1, 2, 3], bytes(16))
    True
    """
    if len(seed) < 16:
        raise SeatingError("weak_seed", f"a seed needs at least 16 bytes, got {len(seed)}")
    out = list(items)
    n = len(out)
    stream = hashlib.shake_256(b"pokerroom-seating-v1" + label + seed).digest(16 * max(n, 1))
    pos = 0
    for i in range(n - 1, 0, -1):
        bound = i + 1
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            if pos + 8 > len(stream):  # pragma: no cover - vanishingly rare
                stream += hashlib.shake_256(b"more" + stream[-32:]).digest(8 * n)
            x = int.from_bytes(stream[pos : pos + 8], "big")
            pos += 8
            if x < limit:
                break
        j = x % bound
        out[i], out[j] = out[j], out[i]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Table:
    """One table: ``seats[k]`` is the player in seat ``k + 1`` or None."""

    number: int
    seats: tuple[PlayerId | None, ...]

    def players(self) -> tuple[PlayerId, ...]:
        """Players at the table, in seat order."""
        return tuple(p for p in self.seats if p is not None)

    def count(self) -> int:
        """Number of players at the table."""
        return sum(1 for p in self.seats if p is not None)

    def empty_seats(self) -> tuple[int, ...]:
        """Numbers of the empty seats."""
        return tuple(k + 1 for k, p in enumerate(self.seats) if p is None)

    def seat_of(self, player: PlayerId) -> int | None:
        """The seat number of ``player`` at this table, or None."""
        for k, p in enumerate(self.seats):
            if p == player:
                return k + 1
        return None

    def occupied_after(self, seat: int) -> int | None:
        """The first occupied seat clockwise after ``seat`` (0: start from seat 1)."""
        n = len(self.seats)
        for step in range(1, n + 1):
            s = (seat - 1 + step) % n + 1 if seat else step
            if self.seats[s - 1] is not None:
                return s
        return None

    def empty_after(self, seat: int) -> int | None:
        """The first empty seat clockwise after ``seat`` (0: start from seat 1)."""
        n = len(self.seats)
        for step in range(1, n + 1):
            s = (seat - 1 + step) % n + 1 if seat else step
            if self.seats[s - 1] is None:
                return s
        return None


@dataclass(frozen=True, slots=True)
class Seating:
    """All tables of a tournament; every player is seated exactly once (SEAT-02)."""

    seats_per_table: int
    tables: tuple[Table, ...]
    hand_for_hand: bool = False

    def __post_init__(self) -> None:
        if self.seats_per_table < 2:
            raise SeatingError("bad_table_size", "a table needs at least 2 seats")
        numbers = [t.number for t in self.tables]
        if len(set(numbers)) != len(numbers):
            raise SeatingError("duplicate_table", f"table numbers repeat: {numbers}")
        seen: dict[PlayerId, int] = {}
        for t in self.tables:
            if len(t.seats) != self.seats_per_table:
                raise SeatingError(
                    "bad_table_size",
                    f"table {t.number} has {len(t.seats)} seats; every table has "
                    f"{self.seats_per_table}",
                )
            for p in t.players():
                if p in seen:
                    raise SeatingError(
                        "seated_twice",
                        f"{p} is seated at table {seen[p]} and table {t.number}; one seat per "
                        "player (SEAT-02)",
                    )
                seen[p] = t.number

    def table(self, number: int) -> Table:
        """The table numbered ``number``."""
        for t in self.tables:
            if t.number == number:
                return t
        raise SeatingError(
            "no_such_table",
            f"no table {number}; tables: {', '.join(str(t.number) for t in self.tables)}",
        )

    def where(self, player: PlayerId) -> tuple[int, int] | None:
        """(table, seat) of ``player``, or None if he is not seated."""
        for t in self.tables:
            s = t.seat_of(player)
            if s is not None:
                return t.number, s
        return None

    def players(self) -> tuple[PlayerId, ...]:
        """Every seated player, table by table."""
        return tuple(p for t in self.tables for p in t.players())

    def counts(self) -> tuple[int, ...]:
        """Players per table, in table order."""
        return tuple(t.count() for t in self.tables)

    def is_final_table(self) -> bool:
        """True when one table is left."""
        return len(self.tables) == 1


@dataclass(frozen=True, slots=True)
class Move:
    """One player moved from one seat to another, and why."""

    player: PlayerId
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: Literal["balance", "break"]


def draw_seats(
    players: Sequence[PlayerId], seats_per_table: int, *, seed: bytes, tables: int = 0
) -> Seating:
    """The random seat draw: the fewest tables (or ``tables``), sizes differing by one at most."""
    n = len(players)
    if len(set(players)) != n:
        raise SeatingError("seated_twice", "a player appears twice in the draw (SEAT-02)")
    needed = -(-n // seats_per_table) if n else 0
    count = tables or needed
    if count < needed:
        raise SeatingError(
            "not_enough_tables",
            f"{n} players need at least {needed} tables of {seats_per_table}; got {count}",
        )
    sizes = [n // count + (1 if k < n % count else 0) for k in range(count)] if count else []
    seat_cards: list[tuple[int, int]] = []
    for k, size in enumerate(sizes):
        chosen = seeded_shuffle(range(1, seats_per_table + 1), seed, b"table%d" % k)[:size]
        seat_cards.extend((k, s) for s in chosen)
    order = seeded_shuffle(players, seed, b"players")
    grid: list[list[PlayerId | None]] = [[None] * seats_per_table for _ in sizes]
    for player, (k, s) in zip(order, seat_cards, strict=True):
        grid[k][s - 1] = player
    return Seating(
        seats_per_table, tuple(Table(k + 1, tuple(row)) for k, row in enumerate(grid))
    )


def _replace_table(seating: Seating, table: Table) -> Seating:
    tables = tuple(table if t.number == table.number else t for t in seating.tables)
    return dataclasses.replace(seating, tables=tables)


def _set_seat(table: Table, seat: int, player: PlayerId | None) -> Table:
    seats = list(table.seats)
    seats[seat - 1] = player
    return dataclasses.replace(table, seats=tuple(seats))


def seat_player(seating: Seating, player: PlayerId, table: int, seat: int) -> Seating:
    """Seat ``player`` (not yet seated) in an empty seat."""
    t = seating.table(table)
    if not 1 <= seat <= seating.seats_per_table:
        raise SeatingError(
            "no_such_seat", f"table {table} has seats 1..{seating.seats_per_table}, not {seat}"
        )
    where = seating.where(player)
    if where is not None:
        raise SeatingError(
            "already_seated",
            f"{player} is already in seat {where[1]} of table {where[0]}; one seat per player "
            "(SEAT-02); use move_player",
        )
    holder = t.seats[seat - 1]
    if holder is not None:
        raise SeatingError(
            "seat_taken",
            f"seat {seat} of table {table} is taken by {holder}; empty seats: "
            f"{', '.join(map(str, t.empty_seats())) or 'none'}",
        )
    return _replace_table(seating, _set_seat(t, seat, player))


def remove_player(seating: Seating, player: PlayerId) -> Seating:
    """Take ``player`` off his seat (eliminated, disqualified, removed)."""
    where = seating.where(player)
    if where is None:
        raise SeatingError("not_seated", f"{player} is not seated")
    return _replace_table(seating, _set_seat(seating.table(where[0]), where[1], None))


def move_player(seating: Seating, player: PlayerId, table: int, seat: int) -> Seating:
    """Move a seated ``player`` to an empty seat (a taken seat is an error)."""
    if seating.where(player) is None:
        raise SeatingError("not_seated", f"{player} is not seated; use seat_player")
    t = seating.table(table)
    if 1 <= seat <= seating.seats_per_table and t.seats[seat - 1] is not None:
        raise SeatingError(
            "seat_taken",
            f"seat {seat} of table {table} is taken by {t.seats[seat - 1]}; empty seats: "
            f"{', '.join(map(str, t.empty_seats())) or 'none'}",
        )
    return seat_player(remove_player(seating, player), player, table, seat)


def _move_one(
    seating: Seating, src: int, dst: int, last_bb: Mapping[int, int],
    reason: Literal["balance", "break"], player: PlayerId | None = None,
) -> tuple[Seating, Move]:
    s_table, d_table = seating.table(src), seating.table(dst)
    if player is None:
        seat = s_table.occupied_after(last_bb.get(src, 0))
        if seat is None:
            raise SeatingError("empty_table", f"table {src} has nobody to move")
    else:
        found = s_table.seat_of(player)
        assert found is not None
        seat = found
    who = s_table.seats[seat - 1]
    assert who is not None
    to_seat = d_table.empty_after(last_bb.get(dst, 0))
    if to_seat is None:
        raise SeatingError("table_full", f"table {dst} has no empty seat")
    return (
        move_player(seating, who, dst, to_seat),
        Move(who, src, seat, dst, to_seat, reason),
    )


def _last_big_blinds(
    seating: Seating, last_big_blind: Mapping[int, int] | None
) -> dict[int, int]:
    """``last_big_blind`` checked: a table of the event and a seat of it (the seat decides who
    moves and where, TRN-09: a typo must not move the wrong player)."""
    numbers = {t.number for t in seating.tables}
    n = seating.seats_per_table
    for table, seat in (last_big_blind or {}).items():
        if table not in numbers:
            raise SeatingError(
                "no_such_table",
                f"last big blind given for table {table}; the tables are "
                f"{', '.join(map(str, sorted(numbers)))}",
            )
        if type(seat) is not int or not 1 <= seat <= n:
            raise SeatingError(
                "no_such_seat", f"table {table}: last big blind on seat {seat}; seats are 1..{n}"
            )
    return dict(last_big_blind or {})


def balance(
    seating: Seating, house: HouseRules, last_big_blind: Mapping[int, int] | None = None
) -> tuple[Seating, tuple[Move, ...]]:
    """TRN-09: move players until no two tables differ by more than the house allows.

    ``last_big_blind`` maps a table number to the seat that posted its last big blind
    (``SeatingError`` ``no_such_table`` / ``no_such_seat`` for one the event does not have).
    """
    last_bb = _last_big_blinds(seating, last_big_blind)
    moves: list[Move] = []
    limit = house.balance_when_diff_gt
    while len(seating.tables) > 1:
        counts = [(t.count(), t.number) for t in seating.tables]
        big = max(counts, key=lambda c: (c[0], -c[1]))
        small = min(counts, key=lambda c: (c[0], c[1]))
        diff = big[0] - small[0]
        if diff <= limit or diff < 2:
            break
        if house.balance_count_basis == "after_move" and big[0] - 1 < small[0] + 1:
            break  # pragma: no cover - implied by diff >= 2; kept to state G25
        seating, move = _move_one(seating, big[1], small[1], last_bb, "balance")
        moves.append(move)
    return seating, tuple(moves)


def table_to_break(
    seating: Seating, order: BreakOrder = "highest_number_first"
) -> int | None:
    """The table to break now (players fit on one table fewer), or None."""
    n = len(seating.tables)
    if n < 2 or len(seating.players()) > (n - 1) * seating.seats_per_table:
        return None
    numbers = [t.number for t in seating.tables]
    if order == "highest_number_first":
        return max(numbers)
    if order == "lowest_number_first":
        return min(numbers)
    if order == "smallest_first":
        return min(seating.tables, key=lambda t: (t.count(), -t.number)).number
    if isinstance(order, tuple):
        for number in order:
            if number in numbers:
                return number
        raise SeatingError(
            "break_order_exhausted",
            f"break_order {order} names none of the tables left ({numbers})",
        )
    raise SeatingError(
        "bad_break_order",
        f"break_order {order!r}; allowed: highest_number_first, lowest_number_first, "
        "smallest_first, or a tuple of table numbers",
    )


def break_table(
    seating: Seating, number: int, *, seed: bytes,
    last_big_blind: Mapping[int, int] | None = None,
) -> tuple[Seating, tuple[Move, ...]]:
    """Break table ``number``: its players, in a seeded order, fill the emptiest tables."""
    last_bb = _last_big_blinds(seating, last_big_blind)
    leaving = seating.table(number)
    others = [t for t in seating.tables if t.number != number]
    free = sum(len(t.empty_seats()) for t in others)
    if leaving.count() > free:
        raise SeatingError(
            "no_room",
            f"table {number} has {leaving.count()} players and the other tables {free} empty "
            "seats",
        )
    moves: list[Move] = []
    for player in seeded_shuffle(leaving.players(), seed, b"break%d" % number):
        target = min(
            (t for t in seating.tables if t.number != number),
            key=lambda t: (t.count(), t.number),
        )
        seating, move = _move_one(seating, number, target.number, last_bb, "break", player)
        moves.append(move)
    tables = tuple(t for t in seating.tables if t.number != number)
    return dataclasses.replace(seating, tables=tables), tuple(moves)


def consolidate(
    seating: Seating, house: HouseRules, *, seed: bytes, order: BreakOrder = "highest_number_first",
    last_big_blind: Mapping[int, int] | None = None,
) -> tuple[Seating, tuple[Move, ...], tuple[int, ...]]:
    """Break every table that can break (in ``order``), then balance; (seating, moves, broken)."""
    moves: list[Move] = []
    broken: list[int] = []
    last_bb = _last_big_blinds(seating, last_big_blind)
    while (number := table_to_break(seating, order)) is not None:
        seating, done = break_table(seating, number, seed=seed, last_big_blind=last_bb)
        moves.extend(done)
        broken.append(number)
        last_bb.pop(number, None)  # the broken table's last big blind no longer counts
    seating, done = balance(seating, house, last_bb)
    moves.extend(done)
    return seating, tuple(moves), tuple(broken)


def hand_for_hand_due(
    house: HouseRules, seating: Seating, players_left: int, places_paid: int,
    from_bubble: int = 1,
) -> bool:
    """TRN-09 / G15: play hand-for-hand now (near the money, several tables)."""
    return (
        house.hand_for_hand
        and len(seating.tables) > 1
        and 0 < players_left - places_paid <= from_bubble
    )


# --------------------------------------------------------------------------------------------
# Button draw and re-draw (BTN-01, BTN-08)


@dataclass(frozen=True, slots=True)
class DrawResult:
    """Winner of a high-card draw, or the seats tied for it that must draw again."""

    winner: int | None
    tied: tuple[int, ...]


def high_card_draw(
    cards: Mapping[int, Card | str],
    suit_order: Literal["spades_hearts_diamonds_clubs", "none"],
) -> DrawResult:
    """BTN-01: the seat with the highest card; suits break ties unless ``suit_order`` is none."""
    if not cards:
        raise SeatingError("no_cards", "a draw needs at least one card")
    parsed = {seat: parse_card(c) if isinstance(c, str) else c for seat, c in cards.items()}
    if len(set(parsed.values())) != len(parsed):
        raise SeatingError(
            "duplicate_card", "one deck deals every card once: the same card was drawn twice"
        )

    def key(card: Card) -> tuple[int, int]:
        return (int(card.rank), int(card.suit) if suit_order != "none" else 0)

    best = max(key(c) for c in parsed.values())
    top = tuple(sorted(seat for seat, c in parsed.items() if key(c) == best))
    return DrawResult(top[0], ()) if len(top) == 1 else DrawResult(None, top)


def button_seat_for_table(table: Table, drawn_seat: int) -> int | None:
    """GROS:L125 scope ``table1_seat_applies_to_all``: the drawn seat, or if it is empty at
    this table the next occupied seat clockwise (CONFLICTS G-18)."""
    if table.seats[drawn_seat - 1] is not None:
        return drawn_seat
    return table.occupied_after(drawn_seat)


def button_redraw_needed(
    house: HouseRules, before: Collection[PlayerId], now: Collection[PlayerId],
    *, final_table: bool = False,
) -> bool:
    """BTN-08: does a re-seated table draw for the button again?"""
    if final_table and house.redraw_button_at_final_table:
        return True
    if not house.redraw_button_on_reseat or not now:
        return False
    new = sum(1 for p in now if p not in set(before))
    return new * house.redraw_button_if_new_fraction_gte.denominator >= (
        house.redraw_button_if_new_fraction_gte.numerator * len(now)
    )


def redraw_tables(house: HouseRules, before: Seating, after: Seating) -> tuple[int, ...]:
    """BTN-08: the tables of ``after`` that re-draw for the button after a re-seat."""
    final = after.is_final_table() and not before.is_final_table()
    out = []
    old = {t.number: t.players() for t in before.tables}
    for t in after.tables:
        if button_redraw_needed(house, old.get(t.number, ()), t.players(), final_table=final):
            out.append(t.number)
    return tuple(out)
