"""Scenarios: a table session written in TOML, run under several houses, every result checked.

:func:`load_scenario` reads and checks a file (``docs/scenarios.md`` documents the format);
:func:`run_scenario` plays it, purely, and returns one :class:`StepResult` per expectation.

>>> sc = loads_scenario('''
... id = "X01"
... title = "heads-up blinds"
... house = "cambridge"
... mode = "tournament"
... blinds = [300, 600]
... button = 1
... seats = [{seat = 1, player = "X", stack = 9000}, {seat = 2, player = "Y", stack = 15000}]
... [[steps]]
... do = "start_hand"
... expect = {posts = {X = 300, Y = 600}, to_act = "X"}
... ''')
>>> [r.line() for r in run_scenario(sc)]  # doctest: +NORMALIZE_WHITESPACE
['PASS X01 [cambridge] step 1 start_hand: posts = {X: 300, Y: 600}',
 'PASS X01 [cambridge] step 1 start_hand: to_act = X']
"""

from pokerroom.scenario.format import (
    EXPECT_KEYS,
    OPERATIONS,
    CardSpec,
    Scenario,
    ScenarioError,
    SeatSpec,
    Step,
    parse_scenario,
)
from pokerroom.scenario.loader import load_scenario, loads_scenario
from pokerroom.scenario.runner import PENDING_OPERATIONS, StepResult, run_scenario, summarize

__all__ = [
    "EXPECT_KEYS",
    "OPERATIONS",
    "PENDING_OPERATIONS",
    "CardSpec",
    "Scenario",
    "ScenarioError",
    "SeatSpec",
    "Step",
    "StepResult",
    "load_scenario",
    "loads_scenario",
    "parse_scenario",
    "run_scenario",
    "summarize",
]
