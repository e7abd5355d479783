"""Replay PHH hand histories through the hand engine, strictly.

Nothing is repaired: the first action the rules reject stops the hand with a
:class:`~pokerroom.errors.ReplayError` naming the action, the rule and what was legal.
Real files sometimes leave out a player's fold or check (a recorder that wrote only what it
saw); PokerKit fills such gaps in silently. ``repair=True`` does what PokerKit does, and
says so: when a betting action comes while another player is to act, or a board card while
someone is still to act, that player checks if he may and folds otherwise, and each
inserted action is listed in ``ReplayResult.repairs``.
Fractional chip amounts (``1259450.25``) are replayed exactly by counting in the smallest
unit the file uses (a quarter chip there) and converting back.

>>> from pokerroom.notation.phh import loads
>>> hh = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ["d dh p1 AcKs", "d dh p2 ????", "d dh p3 7h6h", "p3 cbr 6", "p1 f", "p2 f"]
... finishing_stacks = [199, 198, 203]
... ''')
>>> result = replay_history(hh)
>>> result.matched, result.final_stacks
(True, (199, 198, 203))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from math import lcm

from pokerroom.cards import Card
from pokerroom.errors import DealError, IllegalAction, NotationError, ReplayError
from pokerroom.hand.actions import (
    Action,
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    DealHoles,
    Discard,
    Fold,
    Muck,
    Show,
)
from pokerroom.hand.betting import legal_actions
from pokerroom.hand.config import VARIANTS, HandConfig
from pokerroom.hand.engine import apply_in_place, start_hand
from pokerroom.hand.state import SHOWDOWN, HandState
from pokerroom.house.rules import HouseRules
from pokerroom.notation.phh import HandHistory, Number, PHHAction

__all__ = ["PHH_RULES", "ReplayResult", "config_from_history", "replay_history", "to_engine_action"]

#: The rules PHH files are written under (PokerKit's conventions): a cash game; with no bet
#: on the last round the first to act shows first; after an all-in the last aggressor does.
#: Fixed limit: four bets and raises a round, the big blind not counted, heads-up too; a big
#: blind all in for less sets the amount to call. A negative blind is a post: live up to
#: the big blind, and a missed small blind (short of or beyond it) is dead (``_posts``).
PHH_RULES = HouseRules(
    name="phh",
    mode="cash",
    showdown_final_round="last_betting_round",
    limit_bb_counts_as_bet=False,
    limit_heads_up_uncapped_in_cash=False,
    short_blind_sets_call_amount=True,
    # PokerKit: a split pot's odd chips all go to the first winner in position order.
    max_odd_units_per_player=0,
)

Amount = int | Decimal


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """The outcome of replaying one hand history."""

    source: str | None
    final_stacks: tuple[Amount, ...]
    expected: tuple[Amount, ...] | None
    matched: bool
    complete: bool
    state: HandState
    #: With ``repair=True``: the actions inserted, e.g. ``"p8 f before action 14"``.
    repairs: tuple[str, ...] = ()
    #: A mismatch that a rake explains exactly: the recorded stacks hold this many chips
    #: fewer, all missing from hands that won a pot (Ongame's HandHQ files record
    #: finishing_stacks after the rake, and PHH has no rake field). Still a mismatch.
    unrecorded_rake: Amount | None = None

    @property
    def within_one_chip(self) -> bool:
        """True when every final stack is within one chip of the recorded one."""
        if self.expected is None:
            return True
        return all(abs(a - b) <= 1 for a, b in zip(self.final_stacks, self.expected, strict=True))  # type: ignore[operator]


def _scale(hh: HandHistory) -> int:
    """The factor that turns every amount of the hand into whole units."""
    if _all_ints(hh):
        return 1
    amounts: list[Number] = [*hh.starting_stacks, *hh.antes, *(hh.blinds_or_straddles or ())]
    amounts += [x for x in (hh.min_bet, hh.small_bet, hh.big_bet) if x is not None]
    amounts += [a.amount for a in hh.actions if a.amount is not None]
    scale = 1
    for x in amounts:
        if isinstance(x, float):
            if x == _INF and x in hh.starting_stacks:
                continue  # an unknown stack: see _unknown_stack
            raise NotationError(
                "unknown_stack", f"{hh.source or '<phh>'}: unknown (inf) amounts cannot be replayed"
            )
        if isinstance(x, Decimal):
            scale = lcm(scale, Fraction(x).denominator)
    return scale


def _all_ints(hh: HandHistory) -> bool:
    int_ = int
    for seq in (hh.starting_stacks, hh.antes, hh.blinds_or_straddles or ()):
        for x in seq:
            if type(x) is not int_:
                return False
    for bet in (hh.min_bet, hh.small_bet, hh.big_bet):
        if bet is not None and type(bet) is not int_:
            return False
    decimal = Decimal
    for a in hh.actions:  # noqa: SIM110 - a plain loop: this runs for every hand
        if type(a.amount) is decimal:
            return False
    return True


_INF = float("inf")


def _unknown_stack(hh: HandHistory, scale: int) -> int:
    """The stand-in for an unknown (``inf``) starting stack, as PokerKit plays one: more than
    the whole hand could ever ask of it (every amount in the file, and the limit bets four
    times a round for five rounds), so it is never all in. Its final stack stays ``inf``."""
    finite = [x for x in hh.starting_stacks if not isinstance(x, float)]
    amounts = [*finite, *hh.antes, *(hh.blinds_or_straddles or ())]
    amounts += [a.amount for a in hh.actions if a.amount is not None]
    bets = [x for x in (hh.min_bet, hh.small_bet, hh.big_bet) if x is not None]
    return sum(_units(x, scale) for x in amounts) + 20 * sum(_units(x, scale) for x in bets) + 1


def _units(x: Number, scale: int) -> int:
    if isinstance(x, int):
        return x * scale
    return int(Fraction(x) * scale)  # exact: scale clears every denominator


#: Engine actions by PHH action text (unscaled hands): actions are values, safe to share.
_ACTIONS: dict[str, Action] = {}

_CONFIGS: dict[tuple[object, ...], tuple[HandConfig, int]] = {}


def config_from_history(hh: HandHistory, rules: HouseRules = PHH_RULES) -> tuple[HandConfig, int]:
    """The engine config for a hand history, and the unit scale its amounts were multiplied by."""
    if not _all_ints(hh):
        return _make_config(hh, rules)  # the unit depends on the amounts of the actions too
    key = (
        hh.variant,
        hh.starting_stacks,
        hh.antes,
        hh.ante_trimming_status,
        hh.blinds_or_straddles,
        hh.min_bet,
        hh.small_bet,
        hh.big_bet,
        id(rules),
    )
    cached = _CONFIGS.get(key)
    # The rules are keyed by identity (hashing them costs more than the config); the entry
    # keeps them, so an id reused by other rules never finds it.
    if cached is not None and cached[0].rules is rules:
        return cached
    made = _make_config(hh, rules)
    if len(_CONFIGS) > 1024:
        _CONFIGS.clear()
    _CONFIGS[key] = made
    return made


def _make_config(hh: HandHistory, rules: HouseRules) -> tuple[HandConfig, int]:
    variant = VARIANTS.get(hh.variant)
    where = hh.source or "<phh>"
    if variant is None:
        raise NotationError(
            "unsupported_variant",
            f"{where}: variant {hh.variant!r} cannot be replayed; supported: {', '.join(VARIANTS)}",
        )
    scale = _scale(hh)
    n = hh.player_count
    signed = [_units(x, scale) for x in (hh.blinds_or_straddles or (0,) * n)]
    antes = [_units(x, scale) for x in hh.antes]
    if n == 2:  # PHH: heads-up forced bets are applied in reverse (FLOW-08)
        signed.reverse()
        antes.reverse()
    blinds, antes, posts = _posts(signed, antes)

    def opt(x: Number | None) -> int:
        return 0 if x is None else _units(x, scale)

    config = HandConfig(
        variant=variant,
        starting_stacks=tuple(
            _unknown_stack(hh, scale) if x == _INF else _units(x, scale)
            for x in hh.starting_stacks
        ),
        blinds=tuple(blinds),
        antes=tuple(antes),
        min_bet=opt(hh.min_bet),
        small_bet=opt(hh.small_bet),
        big_bet=opt(hh.big_bet),
        rules=rules,
        # PHH: untrimmed antes (the default) are dead money in the main pot. Trimming is for
        # a uniform ante; a big-blind (or button) ante is dead money whatever the flag says,
        # as real files with it set record (PokerKit would hand the ante back; see tests).
        antes_layered=hh.ante_trimming_status and len(set(antes)) == 1,
        # SHD-01: a file records who showed when; PokerKit lets ``sm`` name any hand still in.
        showdown_any_order=True,
        posts=posts,
        # PokerKit settles neighbouring pots with the same possible winners as one pot (a
        # hand replayed under a house's rules is settled as that house does).
        merge_pots_by_winners=rules.name == PHH_RULES.name,
        # PokerKit's raise sizes, reopening, first to act and who is still asked.
        phh_betting=rules.name == PHH_RULES.name,
        # PokerKit deals the discards again when a draw runs out of cards.
        redeal_discards=True,
    )
    return config, scale


def _posts(signed: list[int], antes: list[int]) -> tuple[list[int], list[int], tuple[int, ...]]:
    """Blinds, antes and post positions from signed ``blinds_or_straddles`` (in units).

    A negative amount is a post by a player out of the blind positions (PokerKit's HandHQ
    reading). Up to the big blind it is live: a player just seated posts the big blind to
    play at once, and it does not move the first to act. What a post holds beyond a live big
    blind, and a post smaller than the big blind, is a missed small blind: dead money in the
    pot, like an ante, and the player still owes the whole bet (Ongame's finishing_stacks
    record it so; PokerKit would play the small post as a live blind)."""
    big = max(signed, default=0)
    if min(signed, default=0) >= 0 or big <= 0:
        return [abs(x) for x in signed], antes, tuple(j for j, x in enumerate(signed) if x < 0)
    blinds, antes, posts = [], list(antes), []
    for j, x in enumerate(signed):
        if x >= 0:
            blinds.append(x)
            continue
        live = big if -x >= big else 0
        blinds.append(live)
        antes[j] += -x - live
        if live:
            posts.append(j)
    return blinds, antes, tuple(posts)


def to_engine_action(a: PHHAction, scale: int = 1) -> Action | None:
    """The engine action for one PHH action (None for a comment)."""
    kind = a.kind
    cards: tuple[Card | None, ...] = tuple(a.cards or ())  # type: ignore[arg-type]
    if kind == "cc":
        assert a.actor is not None
        return CheckCall(a.actor)
    if kind == "f":
        assert a.actor is not None
        return Fold(a.actor)
    if kind == "cbr":
        assert a.actor is not None and a.amount is not None
        return BetRaise(a.actor, _units(a.amount, scale))
    if kind == "dh":
        assert a.target is not None
        return DealHole(a.target, cards)
    if kind == "db":
        return DealBoard(cards)  # type: ignore[arg-type]
    if kind == "sm":
        assert a.actor is not None
        if a.muck or (not a.show_dealt and None in cards):
            # A hand shown with unknown cards ("p5 sm ????", "??Kd": the recorder did not see
            # them) cannot be read, so it cannot win a pot it shares with a readable hand:
            # it is replayed as not shown, as at a real showdown (PokerKit instead reads the cards
            # shown and plays the board for the rest). The finishing stacks still
            # check the outcome.
            return Muck(a.actor)
        return Show(a.actor, None if a.show_dealt else cards)
    if kind == "sd":
        assert a.actor is not None
        return Discard(a.actor, cards)
    if kind == "comment":
        return None
    raise NotationError("unsupported_action", f"{a.text or kind!r}: {kind!r} is not replayed")


def _whole_deal(actions: Sequence[PHHAction], n: int, hole: int) -> int:
    """``n`` when the hand opens by dealing positions 1..n their whole hands, in order."""
    if len(actions) < n:
        return 0
    for p in range(n):
        a = actions[p]
        if a.kind != "dh" or a.target != p or a.cards is None or len(a.cards) != hole:
            return 0
    return n


def _shown_after_the_pot(state: HandState, action: Show | Muck, late: set[int]) -> None:
    """A show or muck recorded after the pot was pushed. It moves no chips; shown cards must
    be the ones he was dealt. The last hand left in the showdown, which won unseen (SHD-04),
    may still show or muck, once; and, as PokerKit lets a hand that won chips show again
    after the hand ("non-standard showdown"), a winner may show his whole hand, also one
    that won uncontested."""
    i = action.actor
    unseen_winner = (
        i not in late and i in state.show_order and not state.mucked[i] and state.shown[i] is None
    )
    winner = isinstance(action, Show) and state.winnings[i] > 0 and not state.mucked[i]
    if not (unseen_winner or winner):
        raise IllegalAction(
            "hand_over",
            f"{action} after the hand is over: only a hand that won chips may still show his "
            "own cards (or the last hand left in the showdown muck them, once)",
        )
    late.add(i)
    if isinstance(action, Show) and action.cards is not None:
        held = [c for c in state.hole[i] if c is not None]
        if len(action.cards) != len(state.hole[i]) or any(
            c not in action.cards for c in held
        ):
            raise IllegalAction(
                "wrong_cards", f"p{i + 1} shows {action.cards} but was dealt {state.hole[i]}"
            )


def _face_down_for_now(state: HandState, a: PHHAction) -> bool:
    """``pN sm ????`` while board cards are still to come after an all-in: PokerKit keeps
    the hand face down and in the pot, and asks again after each street (HandHQ files record
    it street by street, then the cards at the river). It changes nothing."""
    return (
        not a.muck
        and not a.show_dealt
        and bool(a.cards)
        and all(c is None for c in a.cards or ())
        and state.betting_closed
        and state.phase != SHOWDOWN
        and not state.folded[a.actor or 0]
    )


def _amount(units: int, scale: int) -> Amount:
    if scale == 1:
        return units
    value = Fraction(units, scale)
    if value.denominator == 1:
        return int(value)
    return Decimal(value.numerator) / Decimal(value.denominator)


def replay_history(
    hh: HandHistory,
    rules: HouseRules = PHH_RULES,
    expected: Sequence[Number] | None = None,
    *,
    repair: bool = False,
) -> ReplayResult:
    """Replay a hand history and compare its final stacks with ``expected`` or its own
    ``finishing_stacks`` (when both are given they must agree: ``conflicting_expected``).

    ``repair``: fill in the checks and folds a file left out, as PokerKit does, and list
    them in the result's ``repairs`` (see the module docstring); off, the first gap is an
    ``out_of_turn`` error."""
    where = hh.source or "<phh>"
    config, scale = config_from_history(hh, rules)
    state, _ = start_hand(config)
    cache = _ACTIONS if scale == 1 else {}
    actions = hh.actions
    late: set[int] = set()  # shows recorded after the pot went unseen to that hand
    repairs: list[str] = []
    first = _whole_deal(actions, config.players, config.variant.hole_cards)
    if first:
        hands = tuple(tuple(a.cards or ()) for a in actions[:first])
        try:
            apply_in_place(state, DealHoles(hands))  # type: ignore[arg-type]
        except DealError:
            first = 0  # replayed one by one below, for the exact error
    for k in range(first, len(actions)):
        a = actions[k]
        text = a.text
        action = cache.get(text) if text else None
        if action is None:
            action = to_engine_action(a, scale)
            if action is None:
                continue
            if text and len(cache) < 100_000:
                cache[text] = action
        try:
            if state.is_over and isinstance(action, Show | Muck):
                _shown_after_the_pot(state, action, late)
                continue
            if isinstance(action, Muck) and _face_down_for_now(state, a):
                continue
            if repair and isinstance(action, Fold | CheckCall | BetRaise | DealBoard):
                _fill_gap(state, action, f"before action {k + 1}", repairs)
            apply_in_place(state, action)
        except (IllegalAction, DealError) as exc:
            raise ReplayError(
                exc.code, f"{where}: action {k + 1} {a.text or str(a)!r} rejected: {exc}"
            ) from exc
    final: tuple[Amount, ...] = (
        state.stacks if scale == 1 else tuple(_amount(x, scale) for x in state.stacks)
    )
    if _INF in hh.starting_stacks:  # unknown stacks stay unknown
        final = tuple(
            Decimal("Infinity") if x == _INF else f
            for x, f in zip(hh.starting_stacks, final, strict=True)
        )
    own = hh.finishing_stacks
    if (
        expected is not None
        and own is not None
        and tuple(map(_exact, expected)) != tuple(map(_exact, own))
    ):
        raise NotationError(
            "conflicting_expected",
            f"{where}: the expected stacks {list(expected)} differ from the file's own "
            f"finishing_stacks {list(own)}; correct one of them",
        )
    want_raw = expected if expected is not None else own
    want: tuple[Amount, ...] | None = None
    matched = True
    if want_raw is not None:
        want = (
            want_raw
            if type(want_raw) is tuple and all(type(x) is int for x in want_raw)
            else tuple(_exact(x) for x in want_raw)
        )
        if len(want) != len(final):
            raise NotationError(
                "length_mismatch", f"{where}: {len(want)} expected stacks for {len(final)} players"
            )
        matched = final == want or _within_chip(final, want)
    rake = None if matched or want is None else _rake(final, want, state.winnings)
    return ReplayResult(
        hh.source, final, want, matched, state.is_over, state, tuple(repairs), rake
    )


def _rake(
    final: tuple[Amount, ...], want: tuple[Amount, ...], winnings: Sequence[int]
) -> Amount | None:
    """The rake that explains a mismatch exactly (see ``ReplayResult.unrecorded_rake``)."""
    if not all(Decimal(x).is_finite() for x in (*final, *want)):
        return None
    short = [(i, f - w) for i, (f, w) in enumerate(zip(final, want, strict=True)) if f != w]
    if not short or any(gap <= 0 or winnings[i] <= 0 for i, gap in short):
        return None
    total = sum(gap for _, gap in short)
    return int(total) if total == int(total) else total


def _fill_gap(
    state: HandState,
    action: Fold | CheckCall | BetRaise | DealBoard,
    where: str,
    repairs: list[str],
) -> None:
    """``repair``: while a betting action comes for someone other than the player to act, or
    a board card while someone is still to act, that player checks if he may and folds
    otherwise (PokerKit's repair); each is recorded."""
    wanted = None if isinstance(action, DealBoard) else action.actor
    while True:
        options = legal_actions(state)
        actor = options.actor
        if actor is None or actor == wanted:
            return  # in turn, or nothing to fill: the engine rules on the action itself
        if options.can_check:
            apply_in_place(state, CheckCall(actor))
            repairs.append(f"p{actor + 1} cc {where}")
        else:
            apply_in_place(state, Fold(actor))
            repairs.append(f"p{actor + 1} f {where}")


def _exact(x: Number) -> Amount:
    if isinstance(x, float):
        if x.is_integer():
            return int(x)
        return Decimal(repr(x))
    if isinstance(x, Decimal) and x == x.to_integral_value():
        return int(x)
    return x


def _within_chip(final: tuple[Amount, ...], want: tuple[Amount, ...]) -> bool:
    # A file that records a pot split to the half chip: every stack within one chip of it,
    # and the chips conserved.
    if all(isinstance(w, int) for w in want) or not all(
        Decimal(x).is_finite() for x in (*final, *want)
    ):
        return False
    gaps = [abs(Decimal(f) - Decimal(w)) for f, w in zip(final, want, strict=True)]
    return sum(final) == sum(want) and max(gaps) <= 1
