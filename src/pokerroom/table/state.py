"""The state of a table between and during hands, as a value.

>>> from pokerroom.house import load_house
>>> from pokerroom.table.config import TableConfig
>>> state = TableState.empty(TableConfig(load_house("lpr", "cash"), seats=6))
>>> len(state.seats), state.hand, state.free_seats()[:3]
(6, None, (1, 2, 3))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from pokerroom.cards import Card
from pokerroom.floor.live import LiveHand
from pokerroom.hand.engine import showdown_turn
from pokerroom.hand.state import HandState
from pokerroom.table.buyin import Cashout
from pokerroom.table.config import TableConfig
from pokerroom.table.recall import FinishedHand, ShowdownRecord
from pokerroom.table.seats import PlayerId, Seat, SeatNo, TableError
from pokerroom.values import with_fields

__all__ = ["TableState", "chips_bought", "occupant", "seats_with", "updated"]


@dataclass(frozen=True)
class TableState:
    """Seats, button, the hand in play (if any) and the chip ledger of one table."""

    config: TableConfig
    #: ``seats[k]`` is seat number ``k + 1`` (None: empty).
    seats: tuple[Seat | None, ...]
    #: The button seat of the last hand (or the drawn seat before the first hand).
    button: SeatNo | None = None
    #: Seats of the last hand's small-blind and big-blind positions (BTN-03).
    sb_seat: SeatNo | None = None
    bb_seat: SeatNo | None = None
    #: Number of the last hand started (0: none yet).
    hand_no: int = 0
    #: The button was just drawn: the next hand's button is the drawn seat itself.
    fresh_button: bool = False
    #: The hand in play, and the seat of each of its positions.
    hand: HandState | None = None
    positions: tuple[SeatNo, ...] = ()
    #: NEW-05: positions dealt in while owing a blind; positions whose hand is dead.
    mistaken: frozenset[int] = frozenset()
    killed: frozenset[int] = frozenset()
    #: Positions that have made a voluntary action this hand (NEW-05).
    acted: frozenset[int] = frozenset()
    #: BLD-05 / NEW-03: declared for the next hand.
    straddle: PlayerId | None = None
    button_buyer: PlayerId | None = None
    #: STK-05: the last cash-out of each player who left (latest only).
    cashouts: tuple[Cashout, ...] = ()
    #: Chip ledger: bought in or added, taken away, raked.
    chips_in: int = 0
    chips_out: int = 0
    rake: int = 0
    #: FEE-03: chips paid from stacks for food and drink.
    incidentals: int = 0
    #: POT-08: chips held by the house pending a ruling, by pot id.
    impounded: tuple[tuple[str, int], ...] = ()
    #: POT-08: what each player collected from the pots of the last finished hand, less what
    #: has been impounded from it since (a pot is held once at most, HIPP:L56).
    last_won: tuple[tuple[PlayerId, int], ...] = ()
    #: EXP-05: positions that may only check, call or fold for the rest of the hand.
    aggression_locked: frozenset[int] = frozenset()
    #: EXP-05: times each player told or showed his hand during play (this session).
    disclosures: tuple[tuple[PlayerId, int], ...] = ()
    #: A hand dealt from a physical deck (its engine is ``hand``), the table before that deal
    #: (a misdeal deals again from there, G10/G27) and flop cards turned so far.
    live: LiveHand | None = None
    before_deal: TableState | None = None
    board_pending: tuple[Card, ...] = ()
    #: IRR-05 (RRP:L39-40): chips in the middle between hands, carried over from a deal called
    #: off to the next one (its ``HandConfig.dead_money``).
    dead_money: int = 0
    #: SHD-08: the last hand as it ended, for requests to see a hand (see ``last_showdown``).
    last_hand: FinishedHand | None = None

    @staticmethod
    def empty(config: TableConfig) -> TableState:
        """A table with every seat empty and no button yet."""
        return TableState(config, (None,) * config.seats)

    # -- queries ---------------------------------------------------------------------------

    def seat_of(self, player: PlayerId) -> SeatNo:
        """The seat of a seated player (TableError if he is not at the table)."""
        seat = self.find(player)
        if seat is None:
            here = ", ".join(sorted(self.players())) or "nobody"
            raise TableError("not_seated", f"{player} is not at this table; seated: {here}")
        return seat

    def find(self, player: PlayerId) -> SeatNo | None:
        """The seat of ``player``, or None."""
        for k, s in enumerate(self.seats):
            if s is not None and s.player == player:
                return SeatNo(k + 1)
        return None

    def seat(self, seat: SeatNo) -> Seat | None:
        """Who sits in ``seat`` (None: empty)."""
        return self.seats[seat - 1]

    def player_at(self, seat: SeatNo) -> PlayerId | None:
        """The player in ``seat``, if any."""
        s = self.seats[seat - 1]
        return None if s is None else s.player

    def free_seats(self) -> tuple[SeatNo, ...]:
        """Empty seat numbers."""
        return tuple(SeatNo(k + 1) for k, s in enumerate(self.seats) if s is None)

    def players(self) -> tuple[PlayerId, ...]:
        """Seated players in seat order."""
        return tuple(s.player for s in self.seats if s is not None)

    def position_of(self, player: PlayerId) -> int | None:
        """The player's position in the hand in play (None: not dealt in, or no hand)."""
        if self.hand is None:
            return None
        seat = self.find(player)
        if seat is None or seat not in self.positions:
            return None
        return self.positions.index(seat)

    @property
    def last_showdown(self) -> ShowdownRecord | None:
        """SHD-08: the last hand's showdown (None: no hand yet, or it ended without one)."""
        return None if self.last_hand is None else self.last_hand.showdown()

    @property
    def in_hand(self) -> bool:
        """True while a hand is being played."""
        return self.hand is not None

    def to_act(self) -> PlayerId | None:
        """The player whose turn it is, or None: to bet, or (``TableConfig.showdown =
        "players"``) to show or muck at the showdown (SHD-01/02, SHD-05)."""
        hand = self.hand
        if hand is None:
            return None
        actor = hand.actor
        if actor is None:
            actor = self.shower()
            if actor is None:
                return None
        return self.player_at(self.positions[actor])

    def shower(self) -> int | None:
        """The position whose turn it is to show or muck at the showdown, where the players
        show or muck themselves (``TableConfig.showdown = "players"``; SHD-05); else None."""
        hand = self.hand
        if hand is None or self.config.showdown != "players":
            return None
        return showdown_turn(hand)

    def chips_on_table(self) -> int:
        """Chips in front of the seated players, including those in a hand in play."""
        stacks = sum(s.stack for s in self.seats if s is not None)
        if self.hand is None:
            return stacks + self.dead_money
        in_hand = {self.positions[p] for p in range(len(self.positions))}
        outside = sum(
            s.stack for k, s in enumerate(self.seats) if s is not None and k + 1 not in in_hand
        )
        return outside + self.hand.chips_total() - self.hand.rake

    def held(self) -> int:
        """POT-08: chips impounded by the house, all pots."""
        return sum(amount for _, amount in self.impounded)

    def ledger_balanced(self) -> bool:
        """Chips conserved: on the table + held + taken away + raked + incidentals == in."""
        hand_rake = 0 if self.hand is None else self.hand.rake
        out = self.chips_out + self.rake + hand_rake + self.incidentals + self.held()
        return self.chips_on_table() + out == self.chips_in


def seats_with(st: TableState, seat: SeatNo, value: Seat | None) -> tuple[Seat | None, ...]:
    """The seats of ``st`` with ``seat`` holding ``value`` (None: empty), for an evolver."""
    seats = list(st.seats)
    seats[seat - 1] = value
    return tuple(seats)


def chips_bought(st: TableState, seat: SeatNo, amount: int) -> TableState:
    """The table after the player in ``seat`` bought ``amount`` more chips between hands
    (added chips, cash played, money behind): his stack and the ledger's chips in."""
    s = occupant(st, seat)
    seats = seats_with(st, seat, s.with_stack(s.stack + amount))
    return updated(st, seats=seats, chips_in=st.chips_in + amount)


def occupant(st: TableState, seat: SeatNo) -> Seat:
    """Who sits in ``seat``, which the event being applied says is occupied."""
    s = st.seats[seat - 1]
    assert s is not None, f"seat {seat} is empty"
    return s


_T = TypeVar("_T", TableState, Seat)


def updated(value: _T, **changes: Any) -> _T:
    """A copy of a table snapshot or seat with these fields changed (``dataclasses.replace``
    without its generic machinery: every table event makes one, so this is the hot path).

    Neither class validates in ``__post_init__``, so nothing is skipped; an unknown field is
    refused.
    """
    return with_fields(value, changes)
