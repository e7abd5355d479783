"""Session fees: collected in advance on the hour and at half past (FEE-02, HIPP:L65-66).

Times are seconds since midnight (injected; nothing here reads a clock).

>>> from pokerroom.house import load_house
>>> hipp = load_house("hippodrome", "cash")
>>> fee_on_sitting(20 * 3600 + 5 * 60, hipp)
FeeDecision(pays_now=True, next_due=73800, rule='FEE-02')
>>> fee_on_refusal(waiting_list=False, rules=hipp).courtesy_hands
1
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.errors import ConfigError
from pokerroom.house.rules import HouseRules

__all__ = [
    "FeeDecision",
    "RefusalDecision",
    "fee_on_refusal",
    "fee_on_sitting",
    "last_collection",
    "next_collection",
    "owed_on_return",
]

DAY = 24 * 3600


def _collections(rules: HouseRules) -> list[int]:
    if rules.fee_model != "session_fee":
        raise ConfigError(
            "no_session_fee", f"house {rules.name} charges {rules.fee_model}, not a session fee"
        )
    return sorted(m * 60 for m in rules.session_fee_minutes)


def last_collection(at: int, rules: HouseRules) -> int:
    """The latest collection time at or before ``at`` (seconds since midnight)."""
    marks = _collections(rules)
    hour = at - at % 3600
    best = None
    for h in (hour - 3600, hour):
        for m in marks:
            t = h + m
            if t <= at and (best is None or t > best):
                best = t
    assert best is not None
    return best


def next_collection(at: int, rules: HouseRules) -> int:
    """The first collection time strictly after ``at``."""
    marks = _collections(rules)
    hour = at - at % 3600
    return min(h + m for h in (hour, hour + 3600) for m in marks if h + m > at)


@dataclass(frozen=True, slots=True)
class FeeDecision:
    """Whether a player pays on sitting down, and when the next fee falls due."""

    pays_now: bool
    next_due: int
    rule: str = "FEE-02"


def fee_on_sitting(at: int, rules: HouseRules) -> FeeDecision:
    """FEE-02: a player seated within the window after a collection (inclusive) pays it."""
    if not 0 <= at < DAY:
        raise ConfigError("bad_time", f"{at} is not a time of day in seconds (0..{DAY - 1})")
    window = rules.session_fee_late_seat_window_min * 60
    since = at - last_collection(at, rules)
    return FeeDecision(since <= window, next_collection(at, rules))


@dataclass(frozen=True, slots=True)
class RefusalDecision:
    """What a player who will not pay may do: courtesy hands, or pay or leave now."""

    courtesy_hands: int
    must_pay_or_leave_now: bool
    rule: str = "FEE-02"


def fee_on_refusal(waiting_list: bool, rules: HouseRules) -> RefusalDecision:
    """FEE-02: one courtesy hand when nobody is waiting; with a waiting list, pay or leave."""
    _collections(rules)
    if waiting_list:
        return RefusalDecision(0, True)
    return RefusalDecision(rules.session_fee_courtesy_hands, False)


def owed_on_return(away_at_collection: bool) -> bool:
    """FEE-02: a player away at collection time pays when he comes back, before he is dealt in."""
    return away_at_collection
