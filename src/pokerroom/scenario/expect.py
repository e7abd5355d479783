"""Observations: what the table shows for each expectation key, and how a value matches."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pokerroom.cards import Card, format_cards
from pokerroom.floor.out_of_turn import right_to_act
from pokerroom.hand import engine as hand_engine
from pokerroom.hand.actions import CheckCall, Fold
from pokerroom.hand.betting import LegalActions
from pokerroom.hand.events import AntePosted, BlindPosted, Mucked, PotAwarded, RakeTaken, Shown
from pokerroom.hand.state import BET
from pokerroom.scenario.session import _hand_name, _name, _names, _Session, _to_act, seat_name
from pokerroom.table import SeatNo

_STREETS = ("preflop", "flop", "turn", "river")


_WHO_KEYS = frozenset(
    {"to_act", "order", "deal_order", "folded", "dead", "dealt_in", "show_order", "seated",
     "locked", "next_first", "shown"}
)


def _legal(s: _Session) -> LegalActions | None:
    hand = s.table.hand
    if hand is None:
        return None
    la = s.conduct.legal_actions(hand)
    if s.live is not None and la.actor is not None and la.actor in s.live.restricted:
        # a retrieved or flashed hand the floor limited to check, call or fold (DEAD-03
        # GROS:L56, IRR-08 HIPP:L155): the live hand refuses his bet or raise
        return replace(la, min_raise_to=None, max_raise_to=None)
    return la


def _legal_text(s: _Session) -> str:
    if s.oot_ruling is not None and s.oot_ruling.options is not None:
        return s.oot_ruling.options.describe()
    la = _legal(s)
    return "none" if la is None or la.actor is None else la.describe()


def _legal_table(s: _Session, expected: dict[str, Any]) -> dict[str, Any]:
    ruled = s.oot_ruling.options if s.oot_ruling is not None else None
    la = _legal(s)
    got: dict[str, Any] = {}
    values: dict[str, Any]
    if ruled is not None:  # OOT-03..05: the ruling's options, as the text form shows them
        values = {
            "check": ruled.check,
            "call": ruled.call_amount or 0,
            "raise": ruled.min_raise_to is not None,
            "min_raise_to": ruled.min_raise_to,
            "max_raise_to": ruled.max_raise_to,
            "fold": ruled.fold,
        }
    elif la is None or la.actor is None:
        return {"actor": "nobody"}
    else:
        values = {
            "check": la.can_check,
            "call": 0 if la.can_check else la.call_amount,
            "raise": la.can_raise,
            "min_raise_to": la.min_raise_to,
            "max_raise_to": la.max_raise_to,
            "fold": True,
        }
    for key in expected:
        got[key] = values.get(key, f"unknown key {key!r}")
    return got


def _simulate(s: _Session, next_round: bool) -> list[str] | str:
    hand = s.table.hand
    if hand is None:
        return []
    h = hand.copy()
    street = h.street
    order: list[str] = []
    for _ in range(200):
        actor = h.actor
        if h.is_over:
            return "nobody" if next_round else order
        if h.street != street:
            if next_round:
                return _name(s, actor) if actor is not None else "nobody"
            return order
        if actor is None:
            if h.phase != BET or h.is_over:
                return "nobody" if next_round else order
            return order
        if actor in s.table.killed:
            hand_engine.apply_in_place(h, Fold(actor))
            continue
        order.append(_name(s, actor))
        hand_engine.apply_in_place(h, CheckCall(actor))
    return order


def _hand_events(s: _Session) -> list[Any]:
    return list(s.events)


def _observe(s: _Session, key: str, expected: Any) -> Any:
    t = s.table
    hand = t.hand
    started = s.started
    if key == "to_act":
        return _to_act(s)
    if key == "legal":
        return _legal_text(s) if isinstance(expected, str) else _legal_table(s, expected)
    if key in ("posts", "antes"):
        kind = BlindPosted if key == "posts" else AntePosted
        if started is None:
            return {}
        out: dict[str, int] = {}
        for e in s.start_events:
            if isinstance(e, kind) and e.amount:
                name = seat_name(s, started.positions[e.position])
                out[name] = out.get(name, 0) + e.amount
        return _zero_filled(out, expected)
    if key in ("button", "sb", "bb"):
        if started is not None and key != "button":
            value = started.sb_seat if key == "sb" else started.bb_seat
            if value is not None and value not in started.positions:
                value = None  # a dead small blind: nobody posts it (BTN-04)
        else:
            value = {"button": t.button, "sb": t.sb_seat, "bb": t.bb_seat}[key]
        return 0 if value is None else int(value)
    if key == "deal_order":
        if started is None:
            return []
        per = started.config.variant.hole_cards
        return [
            t.player_at(seat) or f"seat {seat}" for _ in range(per) for seat in started.positions
        ]
    if key == "order":
        return _simulate(s, False)
    if key == "next_first":
        return _simulate(s, True)
    if key == "pot":
        return 0 if hand is None else hand.pot
    if key == "pots":
        if hand is None:
            return []
        return [
            {"amount": pot.amount, "players": _names(s, pot.eligible)} for pot in hand.pots()
        ]
    if key == "stacks":
        behind: dict[str, int] = {}
        for chair in t.seats:
            if chair is None:
                continue
            p = t.position_of(chair.player)
            behind[chair.player] = (
                hand.stacks[p] if hand is not None and p is not None else chair.stack
            )
        return behind
    if key == "street":
        if hand is None:
            return "over"
        if hand.is_over:
            return "over"
        if hand.phase_name == "showdown":
            return "showdown"
        return _STREETS[min(hand.street, 3)]
    if key == "reading":
        r = s.reading
        if r is None:
            return {}
        return {
            "action": r.action, "amount_to": r.amount_to, "chips_in": r.chips_in,
            "returned": r.returned, "forfeited": r.forfeited,
            "must_complete_to": r.must_complete_to or 0, "options": list(r.options),
            "needs_floor": r.needs_floor,
        }
    if key == "rule":
        return s.rule
    if key == "folded":
        return [] if hand is None else _names(s, [i for i in range(hand.n) if hand.folded[i]])
    if key == "dead":
        live = s.live.dead if s.live is not None else frozenset()
        return _names(s, sorted(t.killed | live))
    if key == "dealt_in":
        return _names(s, range(len(t.positions)))
    if key == "shown":
        return _shown(s)
    if key == "show_order":
        return _names(s, [e.position for e in s.events if isinstance(e, Shown | Mucked)])
    if key == "awarded":
        won: dict[str, int] = {}
        for e in s.events:
            if isinstance(e, PotAwarded):
                for p, amount in e.shares:
                    won[_hand_name(s, p)] = won.get(_hand_name(s, p), 0) + amount
        return _zero_filled(won, expected)
    if key == "pot_awards":
        return [sum(a for _, a in e.shares) for e in s.events if isinstance(e, PotAwarded)]
    if key == "rake":
        return sum(e.amount for e in s.events if isinstance(e, RakeTaken))
    if key == "runs":
        return s.result.get("runs", 1 if hand is None else hand.runs)
    if key == "run_twice_pots":
        return s.result.get("pots", [])
    if key == "owes":
        return {
            seat.player: seat.owes for seat in t.seats if seat is not None
        }
    if key == "seated":
        return list(t.players())
    if key == "in_hand":
        return t.in_hand
    if key == "button_draw":
        return s.draw
    if key == "short":
        return s.short
    if key == "oot_binds":
        # OOT-02..06: the ruling made when the offender's turn came, also once it was
        # carried out (a standing OOT bet, OOT-02/05; a standing check, OOT-06)
        return s.oot_binds
    if key == "chips_on_table":
        return t.chips_on_table()
    if key == "winner":
        # TRN-15: the tournament (this table) is over when one player has chips left
        alive = [seat.player for seat in t.seats if seat is not None and seat.stack > 0]
        return alive[0] if len(alive) == 1 and t.hand is None else "none"
    if key == "right_to_act":
        # OOT-09: the out-of-turn actions of this round behind the player whose turn it is
        hand = s.table.hand
        if hand is None or hand.actor is None:
            return "nobody is to act"
        flag = right_to_act(hand, s.oot_behind, s.rules)
        return {
            "player": _name(s, flag.position), "at_risk": flag.at_risk,
            "actions": flag.actions_behind, "chips_actions": flag.chips_actions_behind,
        }
    if key == "locked":
        return _names(s, sorted(s.conduct.locked))
    if key == "clock":
        return s.clock_state
    if key == "result":
        return s.result
    if key == "refunds":
        return _zero_filled(dict(s.refunds), expected)
    if key == "cards":
        return _live_cards(s)
    return f"unknown expectation {key!r}"


def _shown(s: _Session) -> list[str]:
    """SHD-03/04/05: players whose hole cards are face up to the table in the hand in play or
    the one just ended, in position order: hands tabled (``Shown``: at the showdown, or turned
    face up all in, SHD-03), and in a hand dealt live, hands whose every hole card the floor
    ruled exposed (IRR-09 dropped cards, ...), and hands whose player exposed every hole card
    (``expose``, EXP-04). A hand called off (misdeal, void) shows none."""
    t = s.table
    hand = t.hand
    live = s.live if hand is not None else s.last_live
    if hand is None:
        if s.live is None and s.last_live is not None and s.last_live.redeal is not None:
            return []
        hand = t.last_hand.hand if t.last_hand is not None else None
    if hand is None:
        return []
    up = {p for p in range(hand.n) if hand.shown[p] is not None}
    if live is not None and live.engine.n == hand.n:
        for p, cards in enumerate(live.hands):
            if cards and all(
                c is not None and live.where(c) == f"exposed p{p + 1}" for c in cards
            ):
                up.add(p)
    if s.conduct.exposed:  # EXP-04: a player turned every one of his cards face up
        holes = live.hands if live is not None and live.engine.n == hand.n else hand.hole
        up |= {
            p for p in range(hand.n)
            if p < len(holes) and s.conduct.face_up(p, tuple(holes[p]))
        }
    return _names(s, sorted(up))


def _zero_filled(amounts: dict[str, int], expected: Any) -> dict[str, int]:
    """Chips per player, with 0 for a player the expectation names who has none, so that
    ``posts = { F = 0 }`` checks that F posted nothing (an empty table checks nothing)."""
    if not isinstance(expected, dict):
        return amounts
    return {**{str(k): 0 for k in expected}, **amounts}


#: Who-expectations that are sets of players: compared in any order.
_UNORDERED = frozenset({"folded", "dead", "locked", "seated", "dealt_in"})


def _normalize(s: _Session, key: str, expected: Any, got: Any) -> Any:
    """Turn seat numbers in a who-expectation into the names of the players in those seats."""
    if key not in _WHO_KEYS:
        return expected

    def one(x: Any) -> Any:
        if isinstance(x, int) and not isinstance(x, bool):
            return s.table.player_at(SeatNo(x)) or f"seat {x}"
        return x

    if isinstance(expected, list):
        named = [one(x) for x in expected]
        if key in _UNORDERED and isinstance(got, list) and sorted(map(str, named)) == sorted(
            map(str, got)
        ):
            return got  # a set of players: any order
        return named
    return one(expected)


def _matches(expected: Any, got: Any) -> bool:
    if isinstance(expected, dict) and isinstance(got, dict):
        return all(k in got and _matches(v, got[k]) for k, v in expected.items())
    if isinstance(expected, list) and isinstance(got, list):
        return len(expected) == len(got) and all(
            _matches(e, g) for e, g in zip(expected, got, strict=True)
        )
    return bool(expected == got)


def _live_cards(s: _Session) -> dict[str, str]:
    """Hole cards by player, burned cards and board of the live hand (in play or just over)."""
    live = s.live or s.last_live
    if live is None:
        return {}
    out = {_name(s, p): format_cards(c for c in hand if c is not None)
           for p, hand in enumerate(live.hands)}
    seen: list[Card] = []
    for card, _, _ in live.trail:
        if card is not None and card not in seen:
            seen.append(card)
    out["burn"] = format_cards(c for c in seen if live.where(c) == "burn")
    out["board"] = format_cards(live.engine.board)
    return out
