"""The cash floor's seating policy per house (SEAT-04/05/08/11/13), and its error type.

No :class:`~pokerroom.house.HouseRules` field holds these yet; the values are chosen here
from the rulebooks, one line each, and :func:`seating_policy` picks them by house name. A
``None`` time means the house states no limit: staff decide, nothing expires by itself.

* ``seat_call_lockup_min``: HIPP 15 (HIPP:L95); others silent.
* ``new_game_lockup_min``: HIPP 10, only if someone is waiting (HIPP:L80); others silent.
* ``absence_limit_min``: LPR 30 (LPR r85); HIPP 15, only with a waiting list (HIPP:L79).
* ``busted_seat_hold_min``: HIPP 10 (HIPP:L86); others silent.
* ``must_move_waiting``: HIPP 2 names waiting (HIPP:L102); others silent (no must-move rule).
* ``play_over``: LPR with staff permission (r82); GROS with the seat holder's and the
  supervisor's consent and a play-over box (GROS:L114); HIPP never (HIPP:L63); RRP and CAMB
  silent: never (one player, one stack: LPR r75, GROS:L7).
* ``condition_objectors_block``: HIPP 2 (HIPP:L76); others 0 (no vote; supervisor only,
  GROS:L27/L115; LPR r91 and RRP: the supervisor decides).
* ``raise_needs_management``: HIPP (HIPP:L76).

>>> from pokerroom.house import load_house
>>> seating_policy(load_house("hippodrome", "cash")).seat_call_lockup_min
15
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerroom.errors import PokerroomError
from pokerroom.house.rules import HouseRules

__all__ = ["POLICIES", "SeatingError", "SeatingPolicy", "seating_policy"]


class SeatingError(PokerroomError):
    """A cash-floor request the rules refuse; nothing was changed."""


@dataclass(frozen=True, slots=True)
class SeatingPolicy:
    """What a house says about seats, lists, absences and game conditions."""

    house: str
    seat_call_lockup_min: int | None = None
    new_game_lockup_min: int | None = None
    absence_limit_min: int | None = None
    absence_limit_needs_waitlist: bool = False
    busted_seat_hold_min: int | None = None
    must_move_waiting: int | None = None
    play_over: Literal["never", "staff_permission", "holder_and_supervisor"] = "never"
    condition_objectors_block: int = 0
    raise_needs_management: bool = False


POLICIES: dict[str, SeatingPolicy] = {
    "lpr": SeatingPolicy("lpr", absence_limit_min=30, play_over="staff_permission"),
    "grosvenor": SeatingPolicy("grosvenor", play_over="holder_and_supervisor"),
    "hippodrome": SeatingPolicy(
        "hippodrome",
        seat_call_lockup_min=15,
        new_game_lockup_min=10,
        absence_limit_min=15,
        absence_limit_needs_waitlist=True,
        busted_seat_hold_min=10,
        must_move_waiting=2,
        condition_objectors_block=2,
        raise_needs_management=True,
    ),
    "roberts": SeatingPolicy("roberts"),
    "cambridge": SeatingPolicy("cambridge"),
}


def seating_policy(rules: HouseRules) -> SeatingPolicy:
    """The house's seating policy (a house not listed gets the all-silent policy)."""
    return POLICIES.get(rules.rulebook, SeatingPolicy(rules.name))
