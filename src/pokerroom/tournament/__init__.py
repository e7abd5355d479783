"""Tournaments, the pure parts: structure and clock, entrants, seating, payouts.

Everything here is a frozen value or a pure function of (value, command, injected seed,
injected time); the play loop that runs the tables hand after hand sits on the table layer.
Penalties (PEN-01..03) are the floor's: :mod:`pokerroom.floor.penalties`; a tournament
disqualification takes the chips out of play with :meth:`Registry.disqualify` (TRN-11).

>>> from pokerroom.tournament import Clock, load_structure
>>> Clock(load_structure("standard_20")).start(0).level_at(20 * 60).describe()
'100/200'
"""

from pokerroom.tournament.clock import Clock, ClockStatus
from pokerroom.tournament.entrants import (
    Entry,
    EntryPolicy,
    PresenceRule,
    Registry,
    presence_rule,
)
from pokerroom.tournament.errors import (
    ClockError,
    PayoutError,
    RegistrationError,
    SeatingError,
    StructureError,
    TournamentError,
)
from pokerroom.tournament.payouts import (
    STANDARD_PAYOUTS,
    Award,
    Elimination,
    Finish,
    PayoutRow,
    PayoutTable,
    award,
    finishing_places,
    format_results,
    prize_amounts,
)
from pokerroom.tournament.seating import (
    DrawResult,
    Move,
    Seating,
    Table,
    balance,
    break_table,
    button_redraw_needed,
    button_seat_for_table,
    consolidate,
    draw_seats,
    hand_for_hand_due,
    high_card_draw,
    move_player,
    redraw_tables,
    remove_player,
    seat_player,
    table_to_break,
)
from pokerroom.tournament.structure import (
    Break,
    ColorUp,
    Level,
    Structure,
    color_up,
    edit_level,
    list_structures,
    load_structure,
    load_structure_file,
    parse_structure,
)

__all__ = [
    "STANDARD_PAYOUTS",
    "Award",
    "Break",
    "Clock",
    "ClockError",
    "ClockStatus",
    "ColorUp",
    "DrawResult",
    "Elimination",
    "Entry",
    "EntryPolicy",
    "Finish",
    "Level",
    "Move",
    "PayoutError",
    "PayoutRow",
    "PayoutTable",
    "PresenceRule",
    "RegistrationError",
    "Registry",
    "Seating",
    "SeatingError",
    "Structure",
    "StructureError",
    "Table",
    "TournamentError",
    "award",
    "balance",
    "break_table",
    "button_redraw_needed",
    "button_seat_for_table",
    "color_up",
    "consolidate",
    "draw_seats",
    "edit_level",
    "finishing_places",
    "format_results",
    "hand_for_hand_due",
    "high_card_draw",
    "list_structures",
    "load_structure",
    "load_structure_file",
    "move_player",
    "parse_structure",
    "presence_rule",
    "prize_amounts",
    "redraw_tables",
    "remove_player",
    "seat_player",
    "table_to_break",
]
