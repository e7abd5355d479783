"""The state of one deal, as the engine keeps it.

A :class:`HandState` is a value to its callers: :func:`pokerroom.hand.engine.apply` returns
a new one and never changes the one it was given. Inside the engine it is mutated in place
(on a private copy), because copying immutable tuples on every chip would be too slow.

>>> from pokerroom.hand.config import HandConfig
>>> from pokerroom.hand.engine import start_hand
>>> state, events = start_hand(HandConfig.holdem_no_limit((200, 200, 200), 1, 2))
>>> state.phase_name, state.stacks, state.pot
('deal_hole', (199, 198, 200), 3)
"""

from __future__ import annotations

from typing import Final

from pokerroom.cards import Card
from pokerroom.hand.config import HandConfig
from pokerroom.hand.pots import Pot, build_pots

__all__ = [
    "BET",
    "BOARD",
    "DEAL_HOLE",
    "DISCARD",
    "DONE",
    "DRAW_DEAL",
    "PHASE_NAMES",
    "ROUND_END",
    "SHOWDOWN",
    "HandState",
]

DEAL_HOLE: Final = 0
BET: Final = 1
ROUND_END: Final = 2
BOARD: Final = 3
DISCARD: Final = 4
DRAW_DEAL: Final = 5
SHOWDOWN: Final = 6
DONE: Final = 7
PHASE_NAMES: Final = (
    "deal_hole",
    "bet",
    "round_end",
    "board",
    "discard",
    "draw_deal",
    "showdown",
    "done",
)


_FIELDS: Final = (
    "_stacks",
    "acted",
    "bet_count",
    "bet_street",
    "betting_closed",
    "bets",
    "boards",
    "config",
    "contrib",
    "cursor",
    "current_bet",
    "faced",
    "folded",
    "full_level",
    "hole",
    "improper",
    "forfeits",
    "last_aggressor",
    "last_raise",
    "mucked",
    "n",
    "need",
    "phase",
    "rake",
    "raised",
    "runs",
    "runs_decided",
    "rit_pots",
    "seen",
    "short_allins",
    "show_order",
    "shown",
    "stub",
    "street",
    "street_aggressor",
    "to_act",
    "uncapped",
    "winnings",
)


class HandState:
    """Chips, cards and whose turn it is, by position, at one moment of a hand."""

    __slots__ = _FIELDS

    config: HandConfig
    n: int
    _stacks: list[int]
    bets: list[int]
    contrib: list[int]
    cursor: int
    folded: list[bool]
    hole: list[list[Card | None]]
    need: list[int]
    boards: list[list[Card]]
    street: int
    phase: int
    current_bet: int
    last_raise: int
    full_level: int
    bet_count: int
    bet_street: int
    uncapped: bool
    acted: list[bool]
    faced: list[int]
    raised: list[bool]
    street_aggressor: int
    to_act: int
    last_aggressor: int
    betting_closed: bool
    shown: list[tuple[Card, ...] | None]
    mucked: list[bool]
    show_order: list[int]
    stub: list[Card] | None
    seen: int
    #: HandConfig.phh_betting: the increments of the short all-ins in a row since the last
    #: bet or raise that was not all in (PokerKit's consecutive short all-ins), summed.
    short_allins: int
    runs: int
    runs_decided: bool
    rit_pots: tuple[int, ...]
    improper: tuple[int, int, int] | None
    forfeits: list[bool]
    rake: int
    winnings: list[int]

    def __init__(self, config: HandConfig, deck: list[Card] | None) -> None:
        n = config.players
        self.config = config
        self.n = n
        self._stacks = list(config.starting_stacks)
        self.bets = [0] * n
        self.contrib = [0] * n
        self.cursor = 0
        self.folded = [False] * n
        self.hole = [[] for _ in range(n)]
        self.need = [config.variant.hole_cards] * n
        self.boards = [[]]
        self.street = 0
        self.phase = DEAL_HOLE
        self.current_bet = 0
        self.last_raise = 0
        self.full_level = 0
        self.bet_count = 0
        self.bet_street = -1
        self.uncapped = False
        self.acted = [False] * n
        self.faced = [0] * n
        self.raised = [False] * n
        self.street_aggressor = -1
        self.to_act = -1
        self.last_aggressor = -1
        self.betting_closed = False
        self.shown = [None] * n
        self.mucked = [False] * n
        self.show_order = []
        self.stub = deck
        self.seen = 0
        self.short_allins = 0
        self.runs = 1
        self.runs_decided = False
        self.rit_pots = ()
        self.improper = None
        self.forfeits = [False] * n
        self.rake = 0
        self.winnings = [0] * n

    def copy(self) -> HandState:
        """An independent copy (lists copied, cards and config shared)."""
        new = HandState.__new__(HandState)
        new.config = self.config
        new.n = self.n
        new._stacks = self._stacks[:]
        new.bets = self.bets[:]
        new.contrib = self.contrib[:]
        new.cursor = self.cursor
        new.folded = self.folded[:]
        new.hole = [h[:] for h in self.hole]
        new.need = self.need[:]
        new.boards = [b[:] for b in self.boards]
        new.street = self.street
        new.phase = self.phase
        new.current_bet = self.current_bet
        new.last_raise = self.last_raise
        new.full_level = self.full_level
        new.bet_count = self.bet_count
        new.bet_street = self.bet_street
        new.uncapped = self.uncapped
        new.acted = self.acted[:]
        new.faced = self.faced[:]
        new.raised = self.raised[:]
        new.street_aggressor = self.street_aggressor
        new.to_act = self.to_act
        new.last_aggressor = self.last_aggressor
        new.betting_closed = self.betting_closed
        new.shown = self.shown[:]
        new.mucked = self.mucked[:]
        new.show_order = self.show_order[:]
        new.stub = None if self.stub is None else self.stub[:]
        new.seen = self.seen
        new.short_allins = self.short_allins
        new.runs = self.runs
        new.runs_decided = self.runs_decided
        new.rit_pots = self.rit_pots
        new.improper = self.improper
        new.forfeits = self.forfeits[:]
        new.rake = self.rake
        new.winnings = self.winnings[:]
        return new

    # -- read-only views -------------------------------------------------------------------

    @property
    def stacks(self) -> tuple[int, ...]:
        """Chips behind each position (not counting chips bet this round)."""
        return tuple(self._stacks)

    @property
    def pot(self) -> int:
        """Chips in the middle: everything put in (bets of this round included), less what
        has been awarded and raked."""
        return sum(self.contrib) + self.config.dead_money - sum(self.winnings) - self.rake

    def pots(self) -> list[Pot]:
        """The main pot and the side pots now (POT-01), main pot first; with antes that are
        not layered (``HandConfig.antes_layered``) every ante posted is in the main pot."""
        live = [not f for f in self.folded]
        cfg = self.config
        if cfg.antes_layered or not any(cfg.antes):
            return build_pots(self.contrib, live, dead=cfg.dead_money)
        if cfg.blinds_before_antes:  # the ante from what the blind left (BLD-03)
            posted = [
                min(a, s - min(b, s))
                for a, b, s in zip(cfg.antes, cfg.blinds, cfg.starting_stacks, strict=True)
            ]
        else:
            posted = [min(a, s) for a, s in zip(cfg.antes, cfg.starting_stacks, strict=True)]
        layered = [c - a for c, a in zip(self.contrib, posted, strict=True)]
        return build_pots(layered, live, dead=sum(posted) + cfg.dead_money)

    @property
    def board(self) -> tuple[Card, ...]:
        """The (first) board."""
        return tuple(self.boards[0])

    @property
    def phase_name(self) -> str:
        """``'bet'``, ``'board'``, ``'showdown'``, ``'done'``, ..."""
        return PHASE_NAMES[self.phase]

    @property
    def awaiting_runs(self) -> bool:
        """True while the engine, dealing from its deck, waits to hear whether the players
        run the board twice (RIT-01): answer with ``RunItTwice`` or ``RunOnce``."""
        from pokerroom.hand.decisions import rit_pending

        return rit_pending(self)

    @property
    def is_over(self) -> bool:
        """True once every pot has been awarded."""
        return self.phase == DONE

    @property
    def actor(self) -> int | None:
        """The position whose decision the hand waits for, or None (dealer's turn, or over)."""
        return self.to_act if self.phase == BET and self.to_act >= 0 else None

    def hole_cards(self, position: int) -> tuple[Card | None, ...]:
        """The hole cards of a position (``None`` for a card nobody saw)."""
        return tuple(self.hole[position])

    def chips_total(self) -> int:
        """Stacks + pot + rake: constant through the hand (chips are conserved)."""
        return sum(self._stacks) + self.pot + self.rake

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return all(getattr(self, s) == getattr(other, s) for s in _FIELDS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"HandState(phase={self.phase_name}, street={self.street}, "
            f"stacks={self._stacks}, bets={self.bets}, pot={self.pot})"
        )
