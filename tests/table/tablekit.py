"""Helpers for the table tests: set up seats and a button, apply commands, read a hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pokerroom.hand.events import BlindPosted, HoleDealt
from pokerroom.house import load_house
from pokerroom.table import (
    Act,
    Command,
    HandStarted,
    LogEvent,
    PlayerId,
    Seat,
    SeatNo,
    StartHand,
    TableConfig,
    TableState,
    apply,
    replay,
)

SEED = bytes(range(32))


def config(house: str, mode: str = "cash", **kw: object) -> TableConfig:
    """A table config for a packaged house (keyword overrides of TableConfig)."""
    rules = load_house(house, mode)  # type: ignore[arg-type]
    return TableConfig(rules, **kw)  # type: ignore[arg-type]


class Table:
    """A table under test: applies commands, keeps the log, checks replay and chips."""

    def __init__(self, state: TableState) -> None:
        self.start = state
        self.state = state
        self.log: list[LogEvent] = []

    @staticmethod
    def seated(
        cfg: TableConfig,
        players: dict[int, int],
        *,
        button: int | None = None,
        sb: int | None = None,
        bb: int | None = None,
        hand_no: int = 0,
        last_bb: dict[int, int] | None = None,
    ) -> Table:
        """Players ``p<seat>`` in the given seats with the given stacks, playing already.

        With ``hand_no`` 0 the button is the drawn seat; otherwise ``button``/``sb``/``bb``
        are the last hand's seats.
        """
        seats: list[Seat | None] = [None] * cfg.seats
        for s, stack in players.items():
            seats[s - 1] = Seat(
                PlayerId(f"p{s}"),
                stack,
                new=False,
                last_bb_hand=(last_bb or {}).get(s, -1),
            )
        state = TableState(
            cfg,
            tuple(seats),
            button=None if button is None else SeatNo(button),
            sb_seat=None if sb is None else SeatNo(sb),
            bb_seat=None if bb is None else SeatNo(bb),
            hand_no=hand_no,
            fresh_button=hand_no == 0,
            chips_in=sum(players.values()),
        )
        return Table(state)

    def __call__(self, command: Command) -> tuple[LogEvent, ...]:
        before = self.state
        self.state, events = apply(before, command)
        self.log.extend(events)
        assert self.state.ledger_balanced()
        return events

    def deal(self, seed: bytes = SEED, **kw: object) -> HandStarted:
        """Start a hand; return its HandStarted event."""
        events = self(StartHand(seed, **kw))  # type: ignore[arg-type]
        return next(e for e in events if isinstance(e, HandStarted))

    def act(self, player: int | str, kind: str, to: int = 0) -> None:
        """``player``: a name, or a seat number."""
        name = player if isinstance(player, str) else self.state.player_at(SeatNo(player))
        self(Act(PlayerId(name), kind, to))  # type: ignore[arg-type]

    def seat_to_act(self) -> int | None:
        who = self.state.to_act()
        return None if who is None else self.state.seat_of(who)

    def preflop_order(self) -> list[int]:
        """Seats in the order they act pre-flop when everyone just calls/checks."""
        order: list[int] = []
        while self.state.hand is not None and self.state.hand.street == 0:
            seat = self.seat_to_act()
            if seat is None:
                break
            order.append(seat)
            options = self.state.hand
            assert options is not None
            from pokerroom.hand.betting import legal_actions

            la = legal_actions(options)
            self.act(seat, "check" if la.can_check else "call")
        return order

    def fold_out(self) -> None:
        """Everyone folds in turn until the hand is over."""
        while (seat := self.seat_to_act()) is not None:
            self.act(seat, "fold")

    def replayed(self) -> TableState:
        start = replace(self.start)
        state = start
        from pokerroom.table import evolve

        for e in self.log:
            state = evolve(state, e)
        return state

    def stack(self, seat: int) -> int:
        s = self.state.seats[seat - 1]
        assert s is not None
        return s.stack


def posts(started: HandStarted) -> dict[int, int]:
    """Blind posted by seat (from the hand config)."""
    return {int(s): b for s, b in zip(started.positions, started.config.blinds, strict=True) if b}


def dead_posts(started: HandStarted) -> dict[int, int]:
    """Dead money (antes, dead make-up posts) by seat."""
    return {int(s): a for s, a in zip(started.positions, started.config.antes, strict=True) if a}


def first_card_seat(events: Sequence[LogEvent], started: HandStarted) -> int:
    """FLOW-02: the seat receiving the first hole card."""
    first = next(e for e in events if isinstance(e, HoleDealt))
    return int(started.positions[first.position])


def blinds_posted(events: Sequence[LogEvent], started: HandStarted) -> dict[int, int]:
    """BlindPosted events by seat."""
    return {
        int(started.positions[e.position]): e.amount for e in events if isinstance(e, BlindPosted)
    }


__all__ = [
    "SEED",
    "Table",
    "blinds_posted",
    "config",
    "dead_posts",
    "first_card_seat",
    "posts",
    "replay",
]
