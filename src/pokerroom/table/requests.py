"""What a player may ask the table for: a pot count or his options during the hand (CHP-11)
and, after the showdown, to see another player's hand (SHD-08).

Each request is a command whose answer is a log-only event (the log records who was told
what), or a :class:`TableError` naming the house rule when the house does not allow it; a
refused request changes nothing.

CHP-11, per house (``pot_count_on_request``, ``tell_options_on_request``):

* options: every house tells a player his options on request (LPR r9; HIPP:L58 adds that he
  may ask whether an opposing hand is live, so the answer names the live opponents).
* pot count: LPR r59 refuses a pot count in no-limit ("the pot can be spread flat on the
  table by request": :class:`~pokerroom.table.commands.SpreadPot`); r59 speaks of no-limit
  only, so in pot-limit and limit games the pot is counted (the pot sets the pot-limit
  maximum, STR-05). The other houses count it on request (their books are silent).

SHD-08 (``may_request_to_see``, ``requested_hand_live_if_winner_asks``): see
:func:`decide_ask_to_see`.

>>> from pokerroom.house import load_house
>>> may_ask_to_see(load_house("hippodrome", "cash"), voluntary=False, reached_showdown=True)
False
"""

from __future__ import annotations

from dataclasses import replace

from pokerroom.floor.chips import describe_options
from pokerroom.hand.betting import legal_actions
from pokerroom.house.rules import HouseRules
from pokerroom.table.commands import AskOptions, AskPotCount, AskToSeeHand, SpreadPot
from pokerroom.table.events import (
    FloorFlagged,
    HandRevealed,
    OptionsTold,
    PotCounted,
    PotSpread,
    TableEvent,
)
from pokerroom.table.live import situation_for
from pokerroom.table.seats import PlayerId, SeatNo, TableError
from pokerroom.table.state import TableState

__all__ = [
    "decide_ask_options",
    "decide_ask_pot_count",
    "decide_ask_to_see",
    "decide_spread_pot",
    "may_ask_to_see",
]

#: SHD-08: the rulebook lines that decide who may ask, per ``may_request_to_see``.
_WHO_MAY_ASK = {
    "dealt_in": "any player dealt in (LPR r74, RRP:L73)",
    "live_cards_only": "only players who held live cards at the showdown (GROS:L97)",
    "voluntarily_invested": "only players who willingly put money in the pot (HIPP:L193)",
}


def _in_hand(st: TableState, player: PlayerId, what: str) -> tuple[SeatNo, int]:
    """The seat and position of ``player``, still in the hand in play (CHP-11)."""
    no = st.seat_of(player)
    hand = st.hand
    if hand is None:
        raise TableError("no_hand", f"{player} asks {what}: no hand is in play")
    p = st.position_of(player)
    if p is None:
        raise TableError(
            "not_dealt_in", f"{player} is not dealt into this hand: only its players ask {what}"
        )
    if hand.folded[p]:
        raise TableError(
            "hand_folded", f"{player} has folded: only a player still in the hand asks {what}"
        )
    return no, p


def decide_ask_pot_count(st: TableState, c: AskPotCount) -> list[TableEvent]:
    """CHP-11: count the pot for a player in the hand, where the house allows it."""
    no, _ = _in_hand(st, c.player, "for a pot count")
    hand = st.hand
    assert hand is not None
    rules = st.config.rules
    if not rules.pot_count_on_request and hand.config.variant.structure == "no_limit":
        # CHP-11, LPR r59: "Players are not entitled to ask for a pot count in no-limit games
        # - the pot can be spread flat on the table by request".
        raise TableError(
            "pot_count_refused",
            f"{rules.name}: no pot count in a no-limit game (CHP-11, LPR r59); the pot may be "
            "spread flat on the table instead: SpreadPot(player)",
        )
    return [PotCounted(c.player, no, hand.pot, sum(hand.bets))]


def decide_spread_pot(st: TableState, c: SpreadPot) -> list[TableEvent]:
    """CHP-11 (LPR r59): spread the pot flat for a player in the hand (every house may)."""
    no, _ = _in_hand(st, c.player, "for the pot to be spread")
    return [PotSpread(c.player, no)]


def decide_ask_options(st: TableState, c: AskOptions) -> list[TableEvent]:
    """CHP-11: tell the player to act his options (LPR r9) and the live opposing hands
    (HIPP:L58), where the house allows it."""
    rules = st.config.rules
    if not rules.tell_options_on_request:
        raise TableError(
            "options_refused",
            f"{rules.name}: the dealer does not tell a player his options (CHP-11)",
        )
    no, p = _in_hand(st, c.player, "for his options")
    hand = st.hand
    assert hand is not None
    actor = legal_actions(hand).actor
    if actor != p:
        who = st.to_act()
        turn = f"it is {who}'s turn" if who else "nobody is to act"
        raise TableError(
            "not_your_turn", f"{c.player} has no options to be told now: {turn} (CHP-11)"
        )
    situation = situation_for(hand, p)
    if p in st.aggression_locked or (st.live is not None and p in st.live.restricted):
        # EXP-05 (HIPP:L194) / EXP-01/02: he may only check, call or fold.
        situation = replace(situation, raise_allowed=False)
    live = tuple(
        player
        for q, seat_no in enumerate(st.positions)
        if q != p
        and not hand.folded[q]
        and q not in st.killed
        and (player := st.player_at(seat_no)) is not None
    )
    return [OptionsTold(c.player, no, describe_options(situation), live)]


def may_ask_to_see(rules: HouseRules, *, voluntary: bool, reached_showdown: bool) -> bool:
    """SHD-08: may a player dealt into the last hand ask to see a hand, under ``rules``?

    ``dealt_in`` (LPR r74, RRP:L73): yes. ``live_cards_only`` (GROS:L97): if his hand reached
    the showdown (the table's automated showdown concedes beaten hands for their players, so
    a hand conceded there still counts as held live at the showdown). ``voluntarily_invested``
    (HIPP:L193): if he willingly put money in the pot.
    """
    who = rules.may_request_to_see
    if who == "live_cards_only":
        return reached_showdown
    if who == "voluntarily_invested":
        return voluntary
    return True


def decide_ask_to_see(st: TableState, c: AskToSeeHand) -> list[TableEvent]:
    """SHD-08: after the showdown, show ``target``'s called hand to ``player`` (and so to all).

    Between the end of the hand and the next deal (HIPP:L55): hand ``k``'s showdown can be
    asked about while ``k`` is the last hand started and no hand is in play. Who may ask is
    the house's ``may_request_to_see`` (:func:`may_ask_to_see`). The hand asked for must have
    reached the showdown: a called hand (RRP:L73), eligible for the showdown (HIPP:L193), in
    play (GROS:L97); a hand folded before it is in the muck and is never shown (SHD-10,
    LPR r76), LPR r74's "any other player's cards" read the same way.

    What becomes of the hand (``HandRevealed.standing``): a hand tabled, or holding the pot
    unshown, is only shown (``"shown"``). A hand conceded at the showdown is ``"dead"`` when
    anyone but a pot winner asks (GROS:L99 mucks it first, HIPP:L193, RRP:L73); when a pot
    winner asks and the house keeps it live (``requested_hand_live_if_winner_asks``, GROS:L98,
    HIPP:L193, RRP:L73) it is ``"live"``: both hands stay in contention and the better wins.

    The pot is already pushed when the request comes: the table settles the hand as soon as
    the showdown ends. Where the table shows for the players (``TableConfig.showdown =
    "auto"``, ``HandConfig.automate_showdown``) it concedes a hand only when a tabled hand
    beats it in every pot it contests (``default_showdown_action``), so a hand kept live by
    the winner's request can never beat him: the request only reveals. A hand a player
    conceded himself (a live deal, or ``showdown = "players"``, SHD-05) could; if the hand
    revealed beats or ties the winner's on a board, the table flags it for the floor
    (``FloorFlagged`` SHD-08), who may hold and re-award the chips with
    ``ImpoundPot``/``ReleasePot`` (POT-08). The table never moves chips on its own here.
    RRP:L73 / LPR r74 let the floor withdraw the privilege from a player who abuses it: that
    is the floor's call, not modelled.
    """
    if st.hand is not None:
        raise TableError(
            "too_late",
            f"hand {st.hand_no} has started: the last hand's result stands (HIPP:L55, "
            "FLOW-11); ask to see a hand after the showdown, before the next deal (SHD-08)",
        )
    rec = st.last_showdown
    if rec is None or rec.hand_no != st.hand_no:
        raise TableError(
            "no_showdown",
            f"hand {st.hand_no} did not reach a showdown: there is no called hand to see (SHD-08)",
        )
    asker = rec.hand_of(c.player)
    if asker is None:
        raise TableError(
            "not_dealt_in",
            f"{c.player} was not dealt into hand {rec.hand_no}: only its players may ask to "
            "see a hand (SHD-08)",
        )
    rules = st.config.rules
    if not may_ask_to_see(
        rules, voluntary=asker.voluntary, reached_showdown=asker.fate != "folded"
    ):
        raise TableError(
            "may_not_ask",
            f"{rules.name}: {c.player} may not ask to see a hand of hand {rec.hand_no}; "
            f"{_WHO_MAY_ASK[rules.may_request_to_see]} may (SHD-08)",
        )
    if c.target == c.player:
        raise TableError("own_hand", f"{c.player} asks to see his own hand: he holds it")
    target = rec.hand_of(c.target)
    called = [h.player for h in rec.hands if h.fate != "folded" and h.player != c.player]
    if target is None or target.fate == "folded":
        why = (
            "was not dealt in"
            if target is None
            else "folded before the showdown: folded hands are never shown (SHD-10)"
        )
        raise TableError(
            "not_called",
            f"{c.target} {why}; hands that reached the showdown of hand {rec.hand_no}: "
            f"{', '.join(called) or 'none'} (SHD-08)",
        )
    winner = asker.won > 0
    events: list[TableEvent] = []
    if target.fate == "mucked":
        if winner and rules.requested_hand_live_if_winner_asks:
            standing, rule = "live", "SHD-08: a pot winner asked; both hands stay live"
            if rec.beats_or_ties(target, asker):
                events.append(
                    FloorFlagged(
                        "SHD-08",
                        c.player,
                        f"{c.target}'s hand, kept live at {c.player}'s request, beats or ties "
                        f"his on the board; the pot of hand {rec.hand_no} is already pushed: "
                        "the floor rules (ImpoundPot / ReleasePot, POT-08)",
                    )
                )
        else:
            standing, rule = "dead", "SHD-08: asked for by a player other than the pot winner"
    else:
        standing, rule = "shown", "SHD-08: the hand was tabled or held the pot"
    events.insert(
        0,
        HandRevealed(
            c.player, c.target, target.seat, rec.hand_no, target.cards, standing, rule
        ),
    )
    return events
