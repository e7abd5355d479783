"""What the cash-game floor tests share: each house's seating policy, players, minutes."""

from __future__ import annotations

from pokerroom.cash import seating_policy
from pokerroom.house import load_house
from pokerroom.table import PlayerId

HIPP_RULES = load_house("hippodrome", "cash")
HIPP = seating_policy(HIPP_RULES)
LPR = seating_policy(load_house("lpr", "cash"))
GROS = seating_policy(load_house("grosvenor", "cash"))
RRP = seating_policy(load_house("roberts", "cash"))
MIN = 60.0  # a minute, in the seconds the floor counts in
ANN, BOB, CAT, DAN, EVE = (PlayerId(n) for n in ("ann", "bob", "cat", "dan", "eve"))
