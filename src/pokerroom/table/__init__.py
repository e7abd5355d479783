"""The table: seats, button and blinds, new players and missed blinds, buy-ins, hand after hand.

A pure, event-sourced core like the hand engine: :func:`apply` turns a command into events
and a new :class:`TableState`; :func:`replay` rebuilds the table from its event log.
:func:`pokerroom.table.runner.run_session` plays a table by itself with bots.

>>> from pokerroom.house import load_house
>>> t = TableState.empty(TableConfig(load_house("lpr", "cash"), seats=6))
>>> t, events = apply(t, SitDown(PlayerId("ann"), SeatNo(2), 200))
>>> events
(PlayerSeated(player='ann', seat=2, buy_in=200, short=False),)
"""

from pokerroom.table.button import HandPlan, draw_button, plan_hand
from pokerroom.table.buyin import Cashout, check_add, check_buy_in, return_minimum
from pokerroom.table.commands import (
    Act,
    AddChips,
    AgreeRunTwice,
    BuyButton,
    Command,
    DrawButton,
    KillHand,
    Leave,
    MoveIn,
    MoveOut,
    PlaceButton,
    PostBlind,
    Rebuy,
    RedrawButton,
    ReturnToSeat,
    RunOnce,
    SetLevel,
    SitDown,
    SitIn,
    SitOut,
    StartHand,
    Straddle,
)
from pokerroom.table.config import AnteType, TableConfig
from pokerroom.table.events import (
    ActionOrderSet,
    ButtonBought,
    ButtonDrawn,
    ButtonPlaced,
    ChipsAdded,
    HandFinished,
    HandKilled,
    HandRevived,
    HandStarted,
    LevelSet,
    LogEvent,
    PlayerLeft,
    PlayerMovedIn,
    PlayerMovedOut,
    PlayerSeated,
    PostPromised,
    Rebought,
    SatIn,
    SatOut,
    StraddleDeclared,
    TableEvent,
)
from pokerroom.table.seats import PlayerId, Position, Seat, SeatNo, TableError
from pokerroom.table.state import TableState
from pokerroom.table.table import apply, decide, evolve, legal, replay, run_out_pending

__all__ = [
    "Act",
    "ActionOrderSet",
    "AddChips",
    "AgreeRunTwice",
    "AnteType",
    "ButtonBought",
    "ButtonDrawn",
    "ButtonPlaced",
    "BuyButton",
    "Cashout",
    "ChipsAdded",
    "Command",
    "DrawButton",
    "HandFinished",
    "HandKilled",
    "HandPlan",
    "HandRevived",
    "HandStarted",
    "KillHand",
    "Leave",
    "LevelSet",
    "LogEvent",
    "MoveIn",
    "MoveOut",
    "PlaceButton",
    "PlayerId",
    "PlayerLeft",
    "PlayerMovedIn",
    "PlayerMovedOut",
    "PlayerSeated",
    "Position",
    "PostBlind",
    "PostPromised",
    "Rebought",
    "Rebuy",
    "RedrawButton",
    "ReturnToSeat",
    "RunOnce",
    "SatIn",
    "SatOut",
    "Seat",
    "SeatNo",
    "SetLevel",
    "SitDown",
    "SitIn",
    "SitOut",
    "StartHand",
    "Straddle",
    "StraddleDeclared",
    "TableConfig",
    "TableError",
    "TableEvent",
    "TableState",
    "apply",
    "check_add",
    "check_buy_in",
    "decide",
    "draw_button",
    "evolve",
    "legal",
    "plan_hand",
    "replay",
    "return_minimum",
    "run_out_pending",
]
