"""The random player: uniform over the legal action types, then over the legal amounts.

It folds only when facing a bet, and picks among {fold, check/call, bet/raise} uniformly;
a bet or raise is *to* an amount uniform over the legal range, rounded down to whole chips
of the smallest unit that plays (STR-07, ``LegalActions.unit``; the maximum, which may be an
off-unit all-in, stays as it is). The same draws with any unit: only the rounding differs.

>>> import random
>>> from pokerroom.hand.betting import LegalActions
>>> random_action(LegalActions(actor=1, can_check=True, min_raise_to=2, max_raise_to=200),
...               random.Random(7))
BetRaise(actor=1, to=40)
>>> random_action(LegalActions(actor=1, can_check=True, min_raise_to=50, max_raise_to=1010,
...                            unit=25), random.Random(7))  # 204 drawn
BetRaise(actor=1, to=200)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pokerroom.hand.actions import Action, BetRaise, CheckCall, Fold
from pokerroom.hand.betting import LegalActions

__all__ = ["RandomBot", "random_action"]


def random_action(legal: LegalActions, rng: random.Random) -> Action:
    """One uniformly random legal action for ``legal.actor``."""
    actor = legal.actor
    assert actor is not None, "nobody is to act"
    kinds = 1 + (not legal.can_check) + (legal.min_raise_to is not None)
    pick = rng.randrange(kinds)
    if not legal.can_check:
        if pick == 0:
            return Fold(actor)
        pick -= 1
    if pick == 0:
        return CheckCall(actor)
    low, high = legal.min_raise_to, legal.max_raise_to
    assert low is not None and high is not None
    to = rng.randint(low, high)
    if legal.unit != 1:
        to = legal.in_unit(to)  # STR-07: rounded down to whole chips of the unit
    return BetRaise(actor, to)


@dataclass
class RandomBot:
    """A seeded random player (see :func:`random_action`)."""

    seed: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def act(self, legal: LegalActions) -> Action:
        """Choose an action for the player to act."""
        return random_action(legal, self.rng)
