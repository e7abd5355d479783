"""Floor operations: rulings a floor person or dealer makes at a live table."""

from pokerroom.floor.chips import (
    CHIP_RULES_BY_HOUSE,
    ActionKind,
    ChipPush,
    ChipReading,
    ChipRules,
    Declaration,
    DeclarationKind,
    Option,
    Situation,
    Structure,
    bring_up,
    describe_options,
    read_chips,
)

__all__ = [
    "CHIP_RULES_BY_HOUSE",
    "ActionKind",
    "ChipPush",
    "ChipReading",
    "ChipRules",
    "Declaration",
    "DeclarationKind",
    "Option",
    "Situation",
    "Structure",
    "bring_up",
    "describe_options",
    "read_chips",
]
