"""Penalties: the floor's menu, missed-hand counts and serving them (RULES.md §22, PEN-01..04).

The floor chooses a penalty (FLOOR: PEN-03/PEN-04); :func:`impose_penalty` checks the choice
against the house's ``penalty_menu`` and fixes what it means:

* ``hands_from_players_x_rounds`` (LPR:L187, PEN-01): an N-round penalty is N × the players at
  the table when it is given, offender included, and that count does not change afterwards;
  a one-hand penalty is one hand. The offender stays dealt in: his blinds and antes are
  posted and his hand is killed (PEN-02, LPR:L188).
* ``hands_or_rounds`` (GROS:L156-159): dealt out for two hands, or for one or two complete
  rounds of the button, however many hands that takes. Whether he still pays blinds is the
  profile's ``penalised_player_posts_blinds`` (CONFLICTS G-20).
* warnings, suspensions, disqualification and bans carry no hands to serve; disqualification
  in a tournament removes the offender's chips from play (LPR:L189).

:meth:`Penalty.record_hand` counts each hand dealt while it runs; :meth:`Penalty.instruction`
tells the table how to treat the offender in the next hand. :func:`next_step` suggests the
next harsher step for a repeat offence (LPR:L190; GROS:L150-152).

LPR tournament, S37 (a): nine players at the table, a two-round penalty: 18 hands.

>>> from pokerroom.house import load_house
>>> lpr = load_house("lpr", "tournament")
>>> p = impose_penalty(lpr, "ann", "two_rounds", players_at_table=9, reason="PEN-04 abuse")
>>> p.hands, p.instruction().kill_hand, p.instruction().post_blinds
(18, True, True)
>>> for _ in range(18):
...     p = p.record_hand()
>>> p.done, p.served_hands
(True, 18)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from pokerroom.errors import IllegalAction
from pokerroom.house.rules import HouseRules, PenaltyStep

__all__ = [
    "Penalty",
    "PenaltyError",
    "PenaltyImposed",
    "PenaltyServed",
    "ServeInstruction",
    "impose_penalty",
    "next_step",
]

_ROUNDS: Final[dict[str, int]] = {
    "one_round": 1, "two_rounds": 2, "three_rounds": 3, "four_rounds": 4,
}
_HANDS: Final[dict[str, int]] = {"one_hand": 1, "two_hands": 2}
_REMOVAL: Final = frozenset({"suspension", "disqualification", "membership_cancellation", "barred"})


class PenaltyError(IllegalAction):
    """A penalty the house does not offer, or one recorded wrongly; nothing was changed."""


@dataclass(frozen=True, slots=True)
class PenaltyImposed:
    """Event: ``player`` was given ``step`` for ``reason``; ``hands``/``rounds`` to serve."""

    player: str
    step: PenaltyStep
    reason: str
    hands: int | None
    rounds: int | None
    players_at_table: int


@dataclass(frozen=True, slots=True)
class PenaltyServed:
    """Event: ``player`` has served his penalty after ``hands`` hands."""

    player: str
    hands: int


@dataclass(frozen=True, slots=True)
class ServeInstruction:
    """How the table treats a penalised player in the next hand (PEN-02)."""

    deal_in: bool
    kill_hand: bool
    post_blinds: bool


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty given to one player and how much of it is served.

    ``hands`` (fixed when given, PEN-01) or ``rounds`` of the button (GROS) are what must be
    served; ``None`` for steps that are not served at the table. ``dealt_in``: he keeps being
    dealt in and his hand is killed (LPR) rather than dealt out (GROS). ``chips_posted`` adds
    up the blinds and antes posted for him while he serves.
    """

    player: str
    step: PenaltyStep
    reason: str
    players_at_table: int
    hands: int | None
    rounds: int | None
    seats: int | None
    dealt_in: bool
    posts_blinds: bool
    removed: bool
    chips_removed_from_play: bool
    rule: str
    served_hands: int = 0
    button_moved: int = 0
    last_button: int | None = None
    chips_posted: int = 0

    @property
    def done(self) -> bool:
        """True when nothing is left to serve at the table."""
        if self.hands is not None:
            return self.served_hands >= self.hands
        if self.rounds is not None:
            assert self.seats is not None
            return self.button_moved >= self.rounds * self.seats
        return True

    @property
    def remaining_hands(self) -> int | None:
        """Hands still to serve (None when served by rounds of the button or not at all)."""
        return None if self.hands is None else max(self.hands - self.served_hands, 0)

    @property
    def event(self) -> PenaltyImposed:
        """The event that records the penalty being given."""
        return PenaltyImposed(self.player, self.step, self.reason, self.hands, self.rounds,
                              self.players_at_table)

    def instruction(self) -> ServeInstruction:
        """PEN-02: how to treat the offender in the next hand (normal play once served)."""
        if self.done:
            return ServeInstruction(deal_in=not self.removed, kill_hand=False,
                                    post_blinds=not self.removed)
        return ServeInstruction(
            deal_in=self.dealt_in, kill_hand=self.dealt_in, post_blinds=self.posts_blinds
        )

    def record_hand(self, *, button_seat: int | None = None, posted: int = 0) -> Penalty:
        """Count one hand dealt while the penalty runs.

        ``posted`` is what was posted for the offender in it (blinds, antes). A penalty served
        by rounds needs ``button_seat``, the seat of the button in this hand: it ends once the
        button has gone round the table ``rounds`` times. The count of a missed-hand penalty
        never changes when players leave or bust (PEN-01, S37 b).
        """
        if self.done:
            raise PenaltyError(
                "penalty_served",
                f"{self.player}'s {self.step.replace('_', ' ')} penalty is already served",
            )
        if posted < 0:
            raise PenaltyError("negative_amount", f"posted {posted} must be >= 0")
        if posted and not self.posts_blinds:
            raise PenaltyError(
                "posted_while_exempt",
                f"the house does not charge blinds to a penalised player; posted must be 0, "
                f"got {posted}",
            )
        moved = self.button_moved
        last = self.last_button
        if self.rounds is not None:
            assert self.seats is not None
            if button_seat is None:
                raise PenaltyError(
                    "button_seat_needed",
                    "a penalty of complete rounds is served by the button: give button_seat",
                )
            _check_seat(button_seat, self.seats)
            if last is not None:
                moved += (button_seat - last) % self.seats
            last = button_seat
        return replace(
            self,
            served_hands=self.served_hands + 1,
            button_moved=moved,
            last_button=last,
            chips_posted=self.chips_posted + posted,
        )

    @property
    def served_event(self) -> PenaltyServed | None:
        """The event that records the penalty served, once it is."""
        return PenaltyServed(self.player, self.served_hands) if self.done else None


def _check_seat(button_seat: int, seats: int) -> None:
    """PEN-02 / PEN-03: the button is on one of the table's seats, numbered 1..``seats``."""
    if not 1 <= button_seat <= seats:
        raise PenaltyError(
            "bad_button_seat",
            f"button_seat {button_seat} is not a seat of this table; legal: 1..{seats}",
        )


def impose_penalty(
    rules: HouseRules,
    player: str,
    step: PenaltyStep,
    *,
    players_at_table: int,
    reason: str,
    seats: int | None = None,
    button_seat: int | None = None,
) -> Penalty:
    """PEN-01/03: give ``player`` the penalty ``step`` from the house menu for ``reason``.

    ``players_at_table`` counts the players seated at the table now, offender included
    (CONFLICTS L-22). A penalty of complete rounds served by the button (GROS) needs the
    table's ``seats`` and the current ``button_seat``.
    """
    menu = rules.penalty_menu
    if step not in menu:
        raise PenaltyError(
            "penalty_not_in_menu",
            f"{step.replace('_', ' ')!r} is not a penalty at this house; legal: "
            + ", ".join(s.replace("_", " ") for s in menu),
        )
    if players_at_table < 1:
        raise PenaltyError(
            "no_players", f"players_at_table must count the offender at least, got "
            f"{players_at_table}",
        )
    if not reason.strip():
        raise PenaltyError("reason_missing", "a penalty needs a reason (the rule or conduct)")
    hands: int | None = None
    rounds: int | None = None
    rule = "PEN-03"
    by_button = rules.penalty_unit == "hands_or_rounds"
    if step in _HANDS:
        hands = _HANDS[step]
        rule = "PEN-01" if not by_button else "PEN-03"
    elif step in _ROUNDS:
        if by_button:
            # PEN-03 (GROS:L158-159): dealt out for complete rounds of the button.
            if seats is None or seats < 2 or button_seat is None:
                raise PenaltyError(
                    "button_needed",
                    "a penalty of complete rounds is served by the button: give seats (>= 2) "
                    "and button_seat",
                )
            _check_seat(button_seat, seats)
            rounds = _ROUNDS[step]
        else:
            # PEN-01 (LPR:L187): players at the table (offender included) × rounds, fixed now.
            hands = players_at_table * _ROUNDS[step]
            rule = "PEN-01"
    removed = step in _REMOVAL
    return Penalty(
        player=player,
        step=step,
        reason=reason,
        players_at_table=players_at_table,
        hands=hands,
        rounds=rounds,
        seats=seats if rounds is not None else None,
        # PEN-02 (LPR:L188): dealt in and killed; GROS: dealt out.
        dealt_in=not by_button,
        posts_blinds=rules.penalised_player_posts_blinds,
        removed=removed,
        chips_removed_from_play=step == "disqualification" and rules.is_tournament,
        rule=rule,
        last_button=button_seat if rounds is not None else None,
    )


def next_step(rules: HouseRules, previous: Sequence[PenaltyStep] = ()) -> PenaltyStep:
    """Suggest a step for a repeat offence: the next harsher one in the menu (LPR:L190).

    The floor decides (PEN-03); this only proposes. With no previous penalty it is the
    mildest step.

    >>> from pokerroom.house import load_house
    >>> next_step(load_house("grosvenor", "cash"), ["warning"])
    'two_hands'
    """
    menu = rules.penalty_menu
    if not menu:
        raise PenaltyError("empty_menu", "the house has no penalties in its menu")
    worst = max((menu.index(s) for s in previous if s in menu), default=-1)
    return menu[min(worst + 1, len(menu) - 1)]
