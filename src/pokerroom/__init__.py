"""pokerroom: a poker card room in software, under the house rules of real card rooms."""

from pokerroom.cards import Card, Rank, Suit, format_cards, parse_cards
from pokerroom.errors import IllegalAction, PokerroomError

__version__ = "0.1.0"

__all__ = [
    "Card",
    "IllegalAction",
    "PokerroomError",
    "Rank",
    "Suit",
    "__version__",
    "format_cards",
    "parse_cards",
]
