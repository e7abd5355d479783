"""The floor puts a hand right: too many flop cards, burn errors, reconstruction.

* IRR-13 :class:`TooManyFlopCards` (LPR r57) — the dealer turned four or five cards for the
  flop. The supervisor picks three at random as the flop (the pick is given, or drawn from an
  injected ``seed``; GOV-05: supervisor present); the surplus cards, in dealing order, are the
  following burn cards (the turn burn, then the river burn): the dealer does not burn them again.
  The cards are named in the ruling, or were reported by the dealer as he turned them: the
  flop's three (``DealBoardCards``), then each surplus card (``ExtraFlopCard``); the flop then
  waits for this ruling and ``cards`` may be left empty.
  The other houses are silent: chosen default = LPR's procedure.
* IRR-14 :class:`CorrectBurnError` (HIPP:L159) — the dealer forgot to burn or burned twice.
  Noticed before anyone acted on that street's board card(s): corrected (two burns: the second
  burn becomes the first board card and the last board card goes back on top of the stub; no
  burn: the first board card becomes the burn and the others go back on top of the stub to be
  dealt again). On the river only if stub, board and burns are ``intact``. Otherwise the board
  stands. Either way later cards are those that would have come without the error: after two
  burns the next street has no burn, after a missed burn the next street has two. The known
  cards put back on the stub must come off next in that order (``LiveHand.stub_top``). The
  other houses are silent: chosen default = HIPP's procedure (the ruling says so).
* IRR-16 :class:`Reconstruct` (GROS:L28) — the supervisor restores the hand to the point of an
  error: just before a voluntary action, or before a street's burn and board. The log keeps
  everything (GOV-07); the known burn and board cards dealt after that point go back on top of
  the stub in their order, so the board comes out as it would have. Grosvenor may also reopen a
  finished hand to award the pot to its rightful winner (GROS:L28, within the GOV-02 window); at
  the other houses (silent) a finished hand changes only by override (GOV-01), so reconstruction
  is refused once the pot is awarded.

LPR, S-like: the flop comes out as four cards; the supervisor picks 2c 7d 9h, and Ks is the turn
burn.

>>> from pokerroom.cards import parse_cards
>>> from pokerroom.hand import HandConfig, CheckCall
>>> from pokerroom.house import load_house
>>> from pokerroom.floor.dealing import DealHoleCard, BurnCard, DealBoardCards
>>> from pokerroom.floor.live import LiveHand, apply
>>> cfg = HandConfig.holdem_no_limit((100,) * 3, 1, 2, rules=load_house("lpr", "cash"))
>>> live = LiveHand.start(cfg)
>>> for i in range(6):
...     live, _ = apply(live, DealHoleCard(i % 3, None))
>>> for a in (CheckCall(2), CheckCall(0), CheckCall(1)):
...     live, _ = apply(live, a)
>>> live, _ = apply(live, BurnCard(None))
>>> four = parse_cards("2cKs7d9h")
>>> live, events = apply(live, TooManyFlopCards(four, flop=parse_cards("2c7d9h")))
>>> live.engine.board == parse_cards("2c7d9h"), live.where(four[1]), sorted(live.burned)
(True, 'burn', [1, 2])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pokerroom.cards import Card
from pokerroom.errors import PokerroomError
from pokerroom.floor.dealing import (
    BoardCardsDealt,
    BurnIrregularity,
    BurnTaken,
    CardFate,
    CardsRestored,
    EngineRebuilt,
    EngineStep,
    ExtraFlopCardTurned,
    FloorError,
    FloorRuling,
    HandReconstructed,
    LiveEvent,
    PrematureCardsDealt,
)
from pokerroom.floor.live import (
    LiveHand,
    check_fresh,
    check_no_flop_pick,
    from_stub_top,
    next_street,
    run_dealt_after,
    run_engine,
    run_in_progress,
)
from pokerroom.hand.actions import BetRaise, CheckCall, DealBoard, Fold
from pokerroom.hand.engine import apply as engine_apply
from pokerroom.hand.state import BOARD

__all__ = [
    "AFTER_HAND",
    "RECONSTRUCT_AFTER_AWARD",
    "BurnErrorStands",
    "CorrectBurnError",
    "Reconstruct",
    "TooManyFlopCards",
    "burn_error_passed",
]

#: IRR-16: houses whose supervisor may reopen a finished hand to award the pot rightly
#: (GROS:L28). Elsewhere only an override changes a finished hand (GOV-01, GOV-02).
RECONSTRUCT_AFTER_AWARD: frozenset[str] = frozenset({"grosvenor"})

_STREET_OF_BOARD = {0: 0, 3: 1, 4: 2, 5: 3}


@dataclass(frozen=True, slots=True)
class TooManyFlopCards:
    """IRR-13: the dealer turned these ``cards`` (four or five, in dealing order) for the flop;
    empty: the cards he reported with ``ExtraFlopCard``. ``flop``: the three the supervisor
    picked at random; or ``seed`` to draw the pick here."""

    cards: tuple[Card, ...] = ()
    flop: tuple[Card, ...] | None = None
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class CorrectBurnError:
    """IRR-14: rule on the last burn error; ``intact``: on the river, stub, board and burns are
    intact enough to find the right card (HIPP:L159)."""

    intact: bool = True


@dataclass(frozen=True, slots=True)
class BurnErrorStands:
    """IRR-14 (HIPP:L159): the dealer goes on to a later street while a burn error nobody
    ruled on is on the board: it stands, and later cards come as they would have without it
    (the next street burns one card more after a missed burn, none after a second burn).
    The live hand applies it itself as the next street is dealt (:func:`burn_error_passed`)."""


@dataclass(frozen=True, slots=True)
class Reconstruct:
    """IRR-16: restore the hand to just before voluntary action number ``before_action``
    (0 = the first) or before the burn and board of street ``before_street`` (1 flop, 2 turn,
    3 river). Give exactly one."""

    before_action: int | None = None
    before_street: int | None = None


#: Commands that may be ruled after the pot was awarded (each checks the house itself).
AFTER_HAND: tuple[type, ...] = (Reconstruct,)


# ---------------------------------------------------------------------------------------
# IRR-13
# ---------------------------------------------------------------------------------------


def _too_many(live: LiveHand, cmd: TooManyFlopCards) -> list[LiveEvent]:
    cards = tuple(cmd.cards)
    turned = live.flop_turned  # reported by the dealer, card by card (ExtraFlopCard)
    if turned:
        if cards and (len(cards) != len(turned) or set(cards) != set(turned)):
            raise FloorError(
                "not_turned_cards",
                f"the dealer turned {list(turned)} for the flop: the ruling names those cards "
                "(or none), and the supervisor picks three of them (IRR-13)",
            )
        cards = turned  # in the order they came off the deck
    if next_street(live) != 1 or live.engine.phase != BOARD or not live.deal_complete:
        raise FloorError(
            "no_flop_due",
            f"no flop is due now (phase {live.engine.phase_name}); IRR-13 rules on a flop turned "
            "with too many cards once the pre-flop betting is over",
        )
    if not 4 <= len(cards) <= 5 or len(set(cards)) != len(cards):
        raise FloorError(
            "wrong_card_count",
            f"IRR-13 is for a flop of four or five distinct cards, not {len(cards)}: three are "
            "the flop and the surplus are the turn and river burns (cards turned after a flop "
            "of three: ExtraFlopCard)",
        )
    if not turned:
        check_fresh(live, cards)
        from_stub_top(live, cards)
    if cmd.flop is not None:
        flop = tuple(cmd.flop)
        if len(flop) != 3 or len(set(flop)) != 3 or not set(flop) <= set(cards):
            raise FloorError(
                "bad_pick",
                f"the supervisor's pick must be three of the exposed cards {list(cards)}",
            )
    elif cmd.seed is not None:
        picked = sorted(random.Random(cmd.seed).sample(range(len(cards)), 3))
        flop = tuple(cards[i] for i in picked)
    else:
        raise FloorError(
            "pick_required",
            "the supervisor picks three of the cards at random (LPR r57, GOV-05): give flop= "
            "(his pick) or seed= (to draw it here)",
        )
    extras = tuple(c for c in cards if c not in flop)
    events: list[LiveEvent] = []
    if not turned and (1 not in live.burned or 1 in live.extra_burns):
        # IRR-14 (a flop reported card by card logged its missed burn when it was dealt)
        events.append(BurnIrregularity(1, "no_burn"))
    source = "LPR r57" if live.config.rules.rulebook == "lpr" else "LPR r57; house silent"
    events.append(
        FloorRuling(
            "IRR-13",
            "flop_chosen",
            f"{len(cards)} flop cards: the flop is {list(flop)}, "
            + ", ".join(
                f"{c!r} the {'turn' if i == 0 else 'river'} burn" for i, c in enumerate(extras)
            )
            + f" ({source})",
            cards=cards,
            street=1,
        )
    )
    events.append(BoardCardsDealt(1, flop))
    _, evs = engine_apply(live.engine, DealBoard(flop))
    events.append(EngineStep(DealBoard(flop), evs))
    burned = live.burned | {2 + i for i in range(len(extras))}
    burn: CardFate = "burn"
    events.append(
        CardsRestored("IRR-13", tuple((c, burn) for c in extras), (), burned, live.extra_burns)
    )
    return events


# ---------------------------------------------------------------------------------------
# IRR-14
# ---------------------------------------------------------------------------------------


_PREMATURE = frozenset({"IRR-10", "IRR-11", "IRR-12"})


def _last_error(live: LiveHand) -> tuple[int, BurnIrregularity]:
    """The burn error still waiting for a ruling: not ruled on (IRR-14), not undone by a
    reconstruction (IRR-16: the events after the point restored no longer count) nor by
    premature board cards taken back (IRR-10/11/12: the board dealt since is a new one)."""
    i = len(live.log) - 1
    while i >= 0:
        e = live.log[i]
        if isinstance(e, HandReconstructed):
            i = e.keep - 1
            continue
        if isinstance(e, FloorRuling) and (
            e.rule == "IRR-14" or (e.rule in _PREMATURE and e.outcome != "stands")
        ):
            break
        if isinstance(e, BurnIrregularity):
            return i, e
        i -= 1
    raise FloorError(
        "no_burn_error", "no burn error waits for a ruling (IRR-14: a missed or a double burn)"
    )


def _stands(live: LiveHand, err: BurnIrregularity, why: str, source: str) -> list[LiveEvent]:
    """IRR-14: the board stands; the next street makes up for the error (HIPP:L159)."""
    s = err.street
    burned, extra = set(live.burned), set(live.extra_burns)
    if s < 3 and err.kind == "two_burns":
        burned.add(s + 1)  # the card that would have been the next burn is on the board
    elif s < 3:
        extra.add(s + 1)  # the next street burns the card that should have been on board
    nxt = {"two_burns": "no burn", "no_burn": "two burns"}[err.kind]
    return [
        FloorRuling(
            "IRR-14",
            "stands",
            f"{err.kind.replace('_', ' ')} on street {s}: {why}, the board stands"
            + (
                f"; the next street takes {nxt} so later cards come as without the error"
                if s < 3
                else ""
            )
            + f" ({source})",
            street=s,
        ),
        CardsRestored("IRR-14", (), live.stub_top, frozenset(burned), frozenset(extra)),
    ]


def burn_error_passed(live: LiveHand) -> bool:
    """IRR-14: a burn error nobody ruled on, on a street whose board is out, while the next
    card due belongs to a later street: dealing on now makes it stand (:class:`BurnErrorStands`).
    """
    try:
        index, err = _last_error(live)
    except FloorError:
        return False
    run = run_dealt_after(live, index)  # RIT-02: the error's own board
    dealt = _STREET_OF_BOARD.get(len(live.engine.boards[run]), 0)
    later = run_in_progress(live.engine) > run or next_street(live) > err.street
    return dealt >= err.street and later


def _error_stands(live: LiveHand, cmd: BurnErrorStands) -> list[LiveEvent]:
    if not burn_error_passed(live):
        raise FloorError(
            "no_burn_error",
            "no burn error on an earlier street waits for a ruling (IRR-14); while its street "
            "is still being dealt the floor rules with CorrectBurnError",
        )
    _, err = _last_error(live)
    hipp = live.config.rules.rulebook == "hippodrome"
    source = "HIPP:L159" if hipp else "HIPP:L159; house silent"
    return _stands(live, err, "the next street came before any ruling", source)


def _acted_since_board(live: LiveHand) -> bool:
    inputs = live.inputs
    last = max((i for i, x in enumerate(inputs) if isinstance(x, DealBoard)), default=-1)
    return any(isinstance(x, Fold | CheckCall | BetRaise) for x in inputs[last + 1 :])


def _rebuild(live: LiveHand, board: tuple[Card, ...] | None) -> EngineRebuilt:
    """The engine with the last DealBoard replaced by ``board`` (removed if None)."""
    inputs = live.inputs
    last = max(i for i, x in enumerate(inputs) if isinstance(x, DealBoard))
    new = (*inputs[:last], *((DealBoard(board),) if board else ()), *inputs[last + 1 :])
    try:
        _, log = run_engine(live.config, new)
    except PokerroomError as err:  # pragma: no cover - no action since the board
        raise FloorError("cannot_correct", f"the burn error cannot be corrected: {err}") from err
    return EngineRebuilt(new, log)


def _correct_burn(live: LiveHand, cmd: CorrectBurnError) -> list[LiveEvent]:
    check_no_flop_pick(live, "CorrectBurnError")
    if live.premature:
        raise FloorError(
            "premature_cards_pending", "rule on the premature cards first (RulePrematureCards)"
        )
    index, err = _last_error(live)
    s = err.street
    # IRR-14: Hippodrome's rule (HIPP:L159); the other houses are silent and take it as default
    hipp = live.config.rules.rulebook == "hippodrome"
    source = "HIPP:L159" if hipp else "HIPP:L159; house silent"
    dealt = _STREET_OF_BOARD.get(len(live.engine.boards[run_dealt_after(live, index)]), 0)
    board_s = next(
        (e.cards for e in reversed(live.log[index:]) if isinstance(e, BoardCardsDealt)), ()
    )
    if dealt > s:
        raise FloorError(
            "too_late",
            f"the burn error on street {s} was followed by later board cards: it stands (IRR-14)",
        )
    if dealt < s:  # two burns, board not yet dealt: the second burn goes back on the stub
        b2 = next(e.card for e in reversed(live.log) if isinstance(e, BurnTaken) and e.street == s)
        return [
            FloorRuling(
                "IRR-14",
                "burn_corrected",
                f"second burn before street {s} put back on top of the stub ({source})",
                cards=(b2,),
                street=s,
            ),
            CardsRestored(
                "IRR-14",
                ((b2, "stub"),) if b2 is not None else (),
                (b2,) if b2 is not None else (),
                live.burned,
                live.extra_burns,
            ),
        ]
    acted = _acted_since_board(live)
    if acted or (s == 3 and not cmd.intact):
        why = "action was taken on the board card" if acted else "the river cannot be identified"
        return _stands(live, err, why, source)
    if err.kind == "two_burns":
        b2 = next(e.card for e in reversed(live.log) if isinstance(e, BurnTaken) and e.street == s)
        if b2 is None:
            raise FloorError(
                "card_unknown",
                "name the second burn card (BurnCard with its card) to correct the board (IRR-14)",
            )
        new_board = (b2, *board_s[:-1])
        back = board_s[-1]
        return [
            FloorRuling(
                "IRR-14",
                "burn_corrected",
                f"two burns before street {s}: the board is {list(new_board)}, {back!r} goes back "
                f"on top of the stub ({source})",
                cards=(b2, back),
                street=s,
            ),
            _rebuild(live, new_board),
            CardsRestored(
                "IRR-14", ((b2, "board"), (back, "stub")), (back,), live.burned, live.extra_burns
            ),
        ]
    first, rest = board_s[0], tuple(board_s[1:])
    stub: CardFate = "stub"
    return [
        FloorRuling(
            "IRR-14",
            "burn_corrected",
            f"no burn before street {s}: {first!r} is the burn"
            + (f", {list(rest)} go back on top of the stub" if rest else "")
            + f"; deal the street again ({source})",
            cards=board_s,
            street=s,
        ),
        _rebuild(live, None),
        CardsRestored(
            "IRR-14",
            ((first, "burn"), *((c, stub) for c in rest)),
            (*rest, *live.stub_top),
            live.burned | {s},
            live.extra_burns - {s},
        ),
    ]


# ---------------------------------------------------------------------------------------
# IRR-16
# ---------------------------------------------------------------------------------------


def _effective(live: LiveHand) -> list[int]:
    """Indices of the log events that still count (a reconstruction drops later ones)."""
    eff: list[int] = []
    for i, e in enumerate(live.log):
        if isinstance(e, HandReconstructed):
            eff = [x for x in eff if x < e.keep]
        else:
            eff.append(i)
    return eff


def _street_of(e: LiveEvent) -> int:
    if isinstance(e, BurnTaken | BurnIrregularity | BoardCardsDealt | PrematureCardsDealt):
        return e.street
    if isinstance(e, ExtraFlopCardTurned):
        return 1
    if isinstance(e, FloorRuling) and e.rule == "IRR-03":
        return e.street
    return 0


def _cut(live: LiveHand, cmd: Reconstruct, eff: Sequence[int]) -> int:
    if (cmd.before_action is None) == (cmd.before_street is None):
        raise FloorError(
            "bad_point", "give exactly one of before_action and before_street (IRR-16)"
        )
    log = live.log
    if cmd.before_action is not None:
        steps = [
            i
            for i in eff
            if isinstance(log[i], EngineStep)
            and isinstance(log[i].input, Fold | CheckCall | BetRaise)  # type: ignore[union-attr]
        ]
        k = cmd.before_action
        if not 0 <= k < len(steps):
            raise FloorError(
                "bad_point", f"action {k} does not exist: the hand has {len(steps)} action(s)"
            )
        return steps[k]
    s = cmd.before_street
    found = [i for i in eff if _street_of(log[i]) == s]
    if not found:
        raise FloorError("bad_point", f"street {s} has not been dealt in this hand")
    return found[0]


def _reconstruct(live: LiveHand, cmd: Reconstruct) -> list[LiveEvent]:
    rules = live.config.rules
    if live.redeal is not None:
        live.check_open("Reconstruct")
    if live.engine.is_over and rules.rulebook not in RECONSTRUCT_AFTER_AWARD:
        raise FloorError(
            "hand_over",
            f"at {rules.name} a finished hand changes only by the supervisor's override "
            "(GOV-01, GOV-02); reconstruction after the award is Grosvenor's rule (GROS:L28)",
        )
    eff = _effective(live)
    cut = _cut(live, cmd, eff)
    later: list[Card] = []
    for i in eff:
        e = live.log[i]
        if i < cut:
            continue
        cards = (
            (e.card,)
            if isinstance(e, BurnTaken | ExtraFlopCardTurned)
            else e.cards
            if isinstance(e, BoardCardsDealt)
            else ()
        )
        if None in cards:
            break
        # a flop turned with too many cards is dealt again as the supervisor's pick (IRR-13):
        # each physical card goes back once, in the order it first came off the deck
        later.extend(c for c in cards if c is not None and c not in later)
    point = (
        f"before action {cmd.before_action}"
        if cmd.before_action is not None
        else f"before street {cmd.before_street}"
    )
    ruling = FloorRuling(
        "IRR-16",
        "reconstructed",
        f"the supervisor restores the hand to the point of the error ({point}, GROS:L28)"
        + (f"; {later} go back on top of the stub in order" if later else ""),
        cards=tuple(later),
    )
    after = HandReconstructed(cut)
    events: list[LiveEvent] = [ruling, after]
    if later:
        from pokerroom.floor.live import evolve

        restored = evolve(evolve(live, ruling), after)
        stub: CardFate = "stub"
        events.append(
            CardsRestored(
                "IRR-16",
                tuple((c, stub) for c in later),
                tuple(later),
                restored.burned,
                restored.extra_burns,
            )
        )
    return events


RULINGS: dict[type, Callable[[LiveHand, Any], list[LiveEvent]]] = {
    TooManyFlopCards: _too_many,
    CorrectBurnError: _correct_burn,
    BurnErrorStands: _error_stands,
    Reconstruct: _reconstruct,
}
