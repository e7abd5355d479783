"""Tournament penalties: sizing a missed-hand penalty and serving it (PEN-01..03).

* PEN-03: the floor may give only a step of the house's ``penalty_menu``.
* PEN-01 (LPR:L187, ``penalty_unit = hands_from_players_x_rounds``): except for a one-hand
  penalty, a penalty of N rounds is (players at the table when it is given, offender
  included) x N hands, fixed at that moment (players busting later do not shorten it).
  Other houses (GROS ``hands_or_rounds``) give fixed hands, or rounds served as orbits of the
  button that the play loop counts.
* PEN-02 (LPR:L188): while serving, the offender stays away but is dealt in: his blinds and
  antes are posted and his hand is killed (``penalised_player_posts_blinds``).

>>> from pokerroom.house import load_house
>>> lpr = load_house("lpr", "tournament")
>>> p = impose_penalty(lpr, "eve", "two_rounds", players_at_table=9)
>>> p.hands, p.dealt_in, p.posts_blinds
(18, True, True)
>>> impose_penalty(lpr, "eve", "two_hands", players_at_table=9)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerroom.tournament.errors.PenaltyError: house lpr does not offer 'two_hands' (PEN-03); ...
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pokerroom.house.rules import HouseRules, PenaltyStep
from pokerroom.tournament.errors import PenaltyError

__all__ = ["Penalty", "blinds_paid_while_serving", "impose_penalty"]

_ROUNDS = {"one_round": 1, "two_rounds": 2, "three_rounds": 3, "four_rounds": 4}
_HANDS = {"one_hand": 1, "two_hands": 2}


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty given to ``player``: hands (or rounds) still to miss and how they are served.

    ``hands`` counts hands left when the penalty is counted in hands; ``rounds`` counts orbits
    left when the house counts in rounds; ``disqualify`` is the last step (chips removed from
    play, TRN-11 / ``Registry.disqualify``).
    """

    player: str
    step: PenaltyStep
    hands: int = 0
    rounds: int = 0
    dealt_in: bool = True
    posts_blinds: bool = True
    disqualify: bool = False

    @property
    def served(self) -> bool:
        """True when nothing is left to serve."""
        return self.hands == 0 and self.rounds == 0

    def serve_hand(self) -> Penalty:
        """One hand of a penalty counted in hands is over (PEN-02)."""
        if self.hands == 0:
            raise PenaltyError(
                "nothing_to_serve",
                f"{self.player}'s {self.step} penalty has no hands left to serve",
            )
        return dataclasses.replace(self, hands=self.hands - 1)

    def serve_round(self) -> Penalty:
        """One orbit of a penalty counted in rounds is over."""
        if self.rounds == 0:
            raise PenaltyError(
                "nothing_to_serve",
                f"{self.player}'s {self.step} penalty has no rounds left to serve",
            )
        return dataclasses.replace(self, rounds=self.rounds - 1)


def impose_penalty(
    house: HouseRules, player: str, step: PenaltyStep, *, players_at_table: int
) -> Penalty:
    """Size a penalty the house offers, fixing its length now (PEN-01)."""
    if step not in house.penalty_menu:
        raise PenaltyError(
            "not_on_menu",
            f"house {house.name} does not offer {step!r} (PEN-03); its menu: "
            f"{', '.join(house.penalty_menu)}",
        )
    if players_at_table < 1:
        raise PenaltyError("bad_count", "players_at_table counts the offender: at least 1")
    base = Penalty(player, step, posts_blinds=house.penalised_player_posts_blinds)
    if step in _HANDS:
        return dataclasses.replace(base, hands=_HANDS[step])
    if step in _ROUNDS:
        if house.penalty_unit == "hands_from_players_x_rounds":
            return dataclasses.replace(base, hands=players_at_table * _ROUNDS[step])
        return dataclasses.replace(base, rounds=_ROUNDS[step])
    if step == "disqualification":
        return dataclasses.replace(base, dealt_in=False, disqualify=True)
    return dataclasses.replace(base, dealt_in=False)  # warning and the like: nothing to serve


def blinds_paid_while_serving(
    hands: int, players: int, offender_offset: int, small_blind: int, big_blind: int,
    ante: int = 0,
) -> int:
    """Chips an offender posts over ``hands`` hands at a table of ``players`` nobody leaves.

    ``offender_offset`` is how many seats clockwise of the first hand's big blind he sits
    (0: he is the big blind). ``ante`` is a per-player ante.

    >>> blinds_paid_while_serving(18, 9, 3, 100, 200)
    600
    """
    paid = 0
    for h in range(hands):
        bb = h % players
        sb = (h - 1) % players
        if offender_offset % players == bb:
            paid += big_blind
        elif (offender_offset % players == sb and players > 2) or players == 2:
            paid += small_blind
        paid += ante
    return paid
