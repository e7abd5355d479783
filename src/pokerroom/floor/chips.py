"""Reading chips: turn what a live player did into a poker action (RULES.md §8, CHP-01..CHP-11).

A live player pushes chips forward, perhaps in several motions, perhaps saying something. The
dealer must decide what that *was*: a call, a raise to some amount, a string bet, an under-call
he may take back. :func:`read_chips` is that decision as a pure function of the push
(:class:`ChipPush`, with an optional :class:`Declaration`), the betting :class:`Situation`
and the house's :class:`~pokerroom.floor.chip_rules.ChipRules`. It returns a
:class:`ChipReading` that the table applies.

Amounts follow the engine's conventions: ``amount_to`` is the player's total for the betting
round after the action (like PHH ``cbr``); chips are ints; and every chip pushed is accounted
for: ``chips_in + returned + forfeited == push.total``. When the pushed chips do not reach
the amount, ``must_complete_to`` says the total the player must make it up to from his stack.

Reading precedence, in order: a tap (CHP-10); spoken words (CHP-01 outranks chips; CHP-04
decides which motions count; CHP-07 resolves an ambiguous number; CHP-08 "pot"); otherwise the
silent chips (CHP-02 one chip, CHP-03 several chips, CHP-05 over-call, CHP-06 / OOT-08
under-call) with BET-08 correcting an improperly low wager and the structure capping a high one.

Grosvenor cash, facing a bet of 1,000 (S11 a): 1,600 pushed silently is a minimum raise that must
be made up to 2,000; 1,500 is a call with 500 handed back.

>>> s = Situation(current_bet=1000, player_bet=0, stack=8000, min_raise_to=2000,
...               max_raise_to=8000, last_full_raise=1000)
>>> gros = CHIP_RULES_BY_HOUSE["grosvenor"]["cash"]
>>> r = read_chips(ChipPush(chips=(1000, 500, 100)), s, gros)
>>> r.action, r.amount_to, r.chips_in, r.must_complete_to, r.rule
('raise', 2000, 1600, 2000, 'CHP-05')
>>> r = read_chips(ChipPush(chips=(1000, 500)), s, gros)
>>> r.action, r.amount_to, r.chips_in, r.returned
('call', 1000, 1000, 500)
>>> read_chips(ChipPush(chips=(5000,)), s, gros).returned
4000
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from pokerroom.errors import IllegalAction
from pokerroom.floor.chip_rules import CHIP_RULES_BY_HOUSE, ChipRules

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

Structure = Literal["no_limit", "pot_limit", "fixed_limit"]
"""The betting structure of the round (STR-01)."""

ActionKind = Literal["fold", "check", "call", "bet", "raise", "all_in"]
"""What a reading resolves to; ``all_in`` whenever the whole stack goes in."""

DeclarationKind = Literal["fold", "check", "call", "bet", "raise", "all_in", "pot"]
"""The key word a player said; ``None`` in :class:`Declaration` means only a number was said."""

Option = Literal["complete", "fold_forfeit", "fold_take_back", "withdraw"]
"""A choice a reading leaves to the player (CHP-06, OOT-08); see :meth:`ChipReading.choose`."""

_NUMBER_WORDS: Final[dict[str, int]] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "twenty-five": 25, "fifty": 50,
}


# --------------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Declaration:
    """What the player said: a key word, an amount, or an ambiguous spoken number.

    ``amount`` is a raise-to / bet total for the round ("raise to 600", "bet 400"); with
    ``increment=True`` it is the size of the raise on top of the current bet ("raise 400").
    ``amounts`` holds the candidate values of an ambiguous number ("four" with a 5,000 chip:
    4, 40, 400, 4,000), read under CHP-07. ``kind=None`` with an amount means only a number
    was said: it is a bet when nothing is bet, a call when it equals the bet, else a raise to it.

    >>> Declaration.parse("raise to 600")
    Declaration(kind='raise', amount=600, amounts=(), increment=False)
    >>> Declaration.parse("four", chip=5000).amounts
    (4, 40, 400, 4000)
    """

    kind: DeclarationKind | None = None
    amount: int | None = None
    amounts: tuple[int, ...] = ()
    increment: bool = False

    def __post_init__(self) -> None:
        if self.amount is not None and self.amounts:
            raise IllegalAction(
                "declaration_amount_conflict",
                "a declaration has either one amount or several candidate amounts, not both",
            )
        values = ((self.amount,) if self.amount is not None else ()) + self.amounts
        if any(v <= 0 for v in values):
            raise IllegalAction(
                "declaration_amount_not_positive",
                f"declared amounts must be positive, got {values}; legal: whole chips above 0",
            )
        if values and self.kind in ("fold", "check", "call", "all_in", "pot"):
            raise IllegalAction(
                "declaration_amount_not_allowed",
                f"'{self.kind}' takes no amount; an amount goes with 'bet', 'raise' or alone",
            )
        if self.kind is None and not values:
            raise IllegalAction(
                "empty_declaration", "a declaration needs a key word or an amount"
            )
        if self.increment and self.kind != "raise":
            raise IllegalAction(
                "increment_without_raise", "only 'raise N' can mean N on top of the bet"
            )

    @property
    def has_amount(self) -> bool:
        """True when a number (exact or ambiguous) was said."""
        return self.amount is not None or bool(self.amounts)

    @staticmethod
    def spoken_candidates(number: int, up_to: int) -> tuple[int, ...]:
        """The values a spoken ``number`` can mean: number × 10^k, not above ``up_to`` (CHP-07).

        >>> Declaration.spoken_candidates(4, 5000)
        (4, 40, 400, 4000)
        """
        if number <= 0:
            raise IllegalAction("spoken_number_not_positive", f"spoken number {number} is not > 0")
        out: list[int] = []
        value = number
        while value <= up_to:
            out.append(value)
            value *= 10
        return tuple(out) or (number,)

    @classmethod
    def parse(cls, words: str, *, chip: int | None = None) -> Declaration:
        """Parse what a dealer heard: "call", "raise to 600", "raise 400", "bet 200", "pot".

        Digits are exact amounts. A number word ("four") is ambiguous: with ``chip`` (the chip
        it came with) it becomes the CHP-07 candidates up to that chip, else it is exact.
        "pass" is a fold (LPR, GROS), "all in"/"all-in" the all-in key word.
        """
        text = " ".join(words.lower().replace("all in", "all-in").split())
        simple: dict[str, DeclarationKind] = {
            "fold": "fold", "pass": "fold", "check": "check", "call": "call",
            "all-in": "all_in", "pot": "pot", "raise": "raise", "bet": "bet",
        }
        if text in simple:
            return cls(kind=simple[text])
        parts = text.split(" ")
        kind: DeclarationKind | None = None
        increment = False
        if parts[0] in ("raise", "bet"):
            kind = "raise" if parts[0] == "raise" else "bet"
            parts = parts[1:]
            if kind == "raise":
                if parts and parts[0] == "to":
                    parts = parts[1:]
                else:
                    increment = True
        if len(parts) != 1:
            raise IllegalAction(
                "unknown_declaration",
                f"cannot read {words!r}; legal: fold, check, call, bet N, raise, raise to N, "
                "raise N, all-in, pot, or a number",
            )
        token = parts[0]
        if token.isdigit():
            return cls(kind=kind, amount=int(token), increment=increment)
        if token in _NUMBER_WORDS:
            n = _NUMBER_WORDS[token]
            if chip is None:
                return cls(kind=kind, amount=n, increment=increment)
            return cls(kind=kind, amounts=cls.spoken_candidates(n, chip), increment=increment)
        raise IllegalAction("unknown_declaration", f"cannot read the amount in {words!r}")


@dataclass(frozen=True, slots=True)
class ChipPush:
    """The physical act: chips pushed forward (one motion, or several), the words, or a tap.

    ``chips`` are the denominations pushed in one motion; for a push in several forward motions
    give ``motions`` instead (CHP-04 / CHP-09 string bets). ``tap`` is tapping the table (CHP-10).

    >>> ChipPush(motions=((100,), (100, 100))).total
    300
    """

    chips: tuple[int, ...] = ()
    declaration: Declaration | None = None
    motions: tuple[tuple[int, ...], ...] = ()
    tap: bool = False

    def __post_init__(self) -> None:
        if self.chips and self.motions:
            raise IllegalAction(
                "push_chips_and_motions",
                "give the chips of one motion in 'chips' or every motion in 'motions', not both",
            )
        if any(c <= 0 for m in self.all_motions for c in m):
            raise IllegalAction(
                "chip_not_positive",
                f"every chip must have a positive value, got {self.all_motions}",
            )
        if self.tap and (self.total or self.declaration is not None):
            raise IllegalAction(
                "tap_with_chips_or_words",
                "a tap is a check on its own; with chips or words, read those instead",
            )

    @property
    def all_motions(self) -> tuple[tuple[int, ...], ...]:
        """The forward motions in order (a single-motion push is one motion)."""
        if self.motions:
            return self.motions
        return (self.chips,) if self.chips else ()

    @property
    def total(self) -> int:
        """Value of every chip pushed, in all motions."""
        return sum(sum(m) for m in self.all_motions)


@dataclass(frozen=True, slots=True)
class Situation:
    """The bet the player faces and what the structure allows, as the engine knows it.

    Totals are for the current betting round: ``current_bet`` is the highest total any player
    has put in, ``player_bet`` what this player already has in (a blind, an earlier call),
    ``stack`` his chips behind. ``min_raise_to`` is the smallest full bet/raise-to (the big blind
    when opening), ``max_raise_to`` the structure's largest (the pot limit, the fixed-limit
    level, or the stack), ``last_full_raise`` the size R of the last full bet or raise (BET-02).
    ``pot_size_for_pot_bet`` is every chip in the middle plus every bet in front of players,
    before this action; a pot-size bet then reaches ``current_bet + pot + to_call`` (STR-05).
    ``raise_allowed`` is False when BET-04 or the cap (STR-03) bars a raise. ``aware_of_raise``
    and ``acted_after`` describe OOT-08 (a call made without noticing a raise).
    """

    current_bet: int
    player_bet: int
    stack: int
    min_raise_to: int
    max_raise_to: int
    last_full_raise: int
    structure: Structure = "no_limit"
    bet_unit: int | None = None
    pot_size_for_pot_bet: int | None = None
    raise_allowed: bool = True
    aware_of_raise: bool = True
    acted_after: bool = False

    def __post_init__(self) -> None:
        named = {
            "current_bet": self.current_bet, "player_bet": self.player_bet, "stack": self.stack,
            "min_raise_to": self.min_raise_to, "max_raise_to": self.max_raise_to,
            "last_full_raise": self.last_full_raise,
        }
        for name, value in named.items():
            if value < 0:
                raise IllegalAction("negative_amount", f"{name} is {value}; it must be >= 0")
        if self.player_bet > self.current_bet:
            raise IllegalAction(
                "inconsistent_situation",
                f"player_bet {self.player_bet} is above current_bet {self.current_bet}",
            )
        if self.min_raise_to <= self.current_bet:
            raise IllegalAction(
                "inconsistent_situation",
                f"min_raise_to {self.min_raise_to} must be above current_bet {self.current_bet}",
            )
        if self.last_full_raise <= 0:
            raise IllegalAction("inconsistent_situation", "last_full_raise (R) must be > 0")
        if self.structure not in ("no_limit", "pot_limit", "fixed_limit"):
            raise IllegalAction("unknown_structure", f"unknown structure {self.structure!r}")
        if self.structure == "fixed_limit" and (self.bet_unit is None or self.bet_unit <= 0):
            raise IllegalAction("inconsistent_situation", "fixed limit needs a bet_unit > 0")
        if self.max_raise_to < min(self.min_raise_to, self.player_bet + self.stack):
            raise IllegalAction(
                "inconsistent_situation",
                f"max_raise_to {self.max_raise_to} is below both min_raise_to "
                f"{self.min_raise_to} and the all-in total {self.player_bet + self.stack}",
            )
        if self.pot_size_for_pot_bet is not None and self.pot_size_for_pot_bet < 0:
            raise IllegalAction("negative_amount", "pot_size_for_pot_bet must be >= 0")

    @property
    def to_call(self) -> int:
        """Chips needed to match the current bet (may exceed the stack)."""
        return self.current_bet - self.player_bet

    @property
    def all_in_to(self) -> int:
        """The player's round total if every chip he has goes in."""
        return self.player_bet + self.stack

    @property
    def call_to(self) -> int:
        """The round total of a call: the current bet, or all-in when the stack is short."""
        return min(self.current_bet, self.all_in_to)

    @property
    def cap_to(self) -> int:
        """The largest round total any wager can reach: the structure's maximum or all-in."""
        return min(self.max_raise_to, self.all_in_to)

    @property
    def can_raise(self) -> bool:
        """True when the player may bet or raise at all (allowed, and chips beyond the call)."""
        return self.raise_allowed and self.all_in_to > self.current_bet and (
            self.cap_to > self.current_bet
        )


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChipReading:
    """The ruling: what the push was, where every chip goes, and which rule decided.

    ``amount_to`` is the round total after the action (for fold/check: unchanged);
    ``chips_in`` the pushed chips that stay in as this action, ``returned`` the change handed
    back, ``forfeited`` pushed chips that become dead in the pot. ``must_complete_to`` (when set,
    equal to ``amount_to``) means the player must add chips from his stack to reach it.
    ``options`` are choices the player has before the action stands (see :meth:`choose`);
    ``needs_floor`` marks a default that the floor should confirm (CHP-08, CONFLICTS C-5, G-7).
    """

    action: ActionKind
    amount_to: int
    chips_in: int
    returned: int = 0
    forfeited: int = 0
    must_complete_to: int | None = None
    options: tuple[Option, ...] = ()
    rule: str = ""
    explanation: str = ""
    needs_floor: bool = False

    def choose(self, option: Option, situation: Situation) -> ChipReading:
        """Resolve a choice from ``options``: complete, fold and forfeit, or fold and take back.

        "withdraw" (OOT-08, RRP) is not an action: the player takes every chip back and acts
        afresh, so it raises; the table hands the chips back and reads his next push instead.
        """
        if option not in self.options:
            raise IllegalAction(
                "option_not_offered",
                f"{option!r} is not offered; legal: {', '.join(self.options) or 'none'}",
            )
        if option == "complete":
            return replace(self, options=(), explanation=f"{self.explanation} He completes.")
        if option == "withdraw":
            raise IllegalAction(
                "withdraw_acts_again",
                "withdraw: return every pushed chip and read the player's new action; "
                "legal then: " + describe_options(situation),
            )
        pushed = self.chips_in + self.returned + self.forfeited
        if option == "fold_forfeit":
            return ChipReading(
                "fold", situation.player_bet, 0, self.returned, self.chips_in + self.forfeited,
                rule=self.rule, explanation=f"He folds; the {self.chips_in} put in is lost.",
            )
        return ChipReading(
            "fold", situation.player_bet, 0, pushed - self.forfeited, self.forfeited,
            rule=self.rule, explanation=f"He folds and takes back the {self.chips_in}.",
        )


# --------------------------------------------------------------------------------------------
# Reading
# --------------------------------------------------------------------------------------------


def describe_options(situation: Situation) -> str:
    """The player's legal options in words, as CHP-11 lets a dealer tell him on request (the
    wording of :meth:`~pokerroom.hand.betting.LegalActions.describe`).

    >>> describe_options(Situation(current_bet=100, player_bet=0, stack=1000,
    ...                            min_raise_to=200, max_raise_to=1000, last_full_raise=100))
    'fold, call 100, raise to 200..1000'
    >>> describe_options(Situation(current_bet=0, player_bet=0, stack=194, min_raise_to=2,
    ...                            max_raise_to=194, last_full_raise=2))
    'fold, check, bet to 2..194'
    """
    s = situation
    parts: list[str] = ["fold"]
    if s.to_call > 0:
        if s.stack <= s.to_call:
            parts.append(f"call all-in {s.stack}")
        else:
            parts.append(f"call {s.to_call}")
    else:
        parts.append("check")
    if s.can_raise:
        word = "bet to" if s.current_bet == 0 else "raise to"
        low = min(s.min_raise_to, s.all_in_to)
        high = s.cap_to
        parts.append(f"{word} {low}" if low >= high else f"{word} {low}..{high}")
    return ", ".join(parts)


def _action_for(kind: ActionKind, amount_to: int, s: Situation) -> ActionKind:
    if kind in ("call", "bet", "raise") and amount_to == s.all_in_to and amount_to > s.player_bet:
        return "all_in"
    return kind


def _settle(
    kind: ActionKind,
    amount_to: int,
    s: Situation,
    offered: int,
    *,
    rule: str,
    explanation: str,
    extra_returned: int = 0,
    options: tuple[Option, ...] = (),
    needs_floor: bool = False,
) -> ChipReading:
    """Account for the offered chips against the action's round total."""
    needed = 0 if kind in ("fold", "check") else amount_to - s.player_bet
    chips_in = min(offered, needed)
    must = amount_to if chips_in < needed else None
    return ChipReading(
        action=_action_for(kind, amount_to, s),
        amount_to=amount_to if kind not in ("fold", "check") else s.player_bet,
        chips_in=chips_in,
        returned=offered - chips_in + extra_returned,
        must_complete_to=must,
        options=options,
        rule=rule,
        explanation=explanation,
        needs_floor=needs_floor,
    )


def _wager_kind(s: Situation) -> ActionKind:
    return "bet" if s.current_bet == 0 else "raise"


def _call_kind(s: Situation) -> ActionKind:
    return "check" if s.to_call == 0 else "call"


def _size_wager(to: int, s: Situation) -> tuple[int, str]:
    """Bring an intended bet/raise-to within the structure: (corrected total, deciding rule)."""
    if to >= s.all_in_to and s.all_in_to <= s.cap_to:
        return s.all_in_to, "BET-06"  # BET-06: everything that plays; BET-03 under-raise all-in
    if to > s.cap_to:
        # STR-05 pot limit / STR-02 fixed limit / STR-06 no limit: the excess is returned.
        return s.cap_to, {"pot_limit": "STR-05", "fixed_limit": "STR-02"}.get(
            s.structure, "STR-06"
        )
    if to < s.min_raise_to:
        # BET-08: an improperly low wager (not all-in) is brought up to the proper size.
        return min(s.min_raise_to, s.all_in_to), "BET-08"
    return to, ""


def _counted_motions(
    motions: tuple[tuple[int, ...], ...], s: Situation, *, extra_motions: int
) -> tuple[tuple[int, ...], int]:
    """CHP-04 / CHP-09: the chips that count, and the value of the string-bet chips returned.

    Motions count up to and including the first one at which the call is reached (going back
    for chips to *complete a call* is not a raise), plus ``extra_motions`` more (one after the
    word "raise", CHP-04 (3)). Everything later is a string bet and goes back.
    """
    if not motions:
        return (), 0
    running = 0
    last = len(motions) - 1
    for i, motion in enumerate(motions):
        running += sum(motion)
        if running >= s.to_call:
            last = i
            break
    last = min(last + extra_motions, len(motions) - 1)
    counted = tuple(c for m in motions[: last + 1] for c in m)
    string = sum(sum(m) for m in motions[last + 1 :])
    return counted, string


def read_chips(push: ChipPush, situation: Situation, rules: ChipRules) -> ChipReading:
    """Rule on a live player's push: what action it is and where every chip goes.

    Raises :class:`~pokerroom.errors.IllegalAction` when the push cannot be read: chips above
    the stack, a check facing a bet, an amount above the structure's maximum, and so on; the
    message says what is allowed.
    """
    s = situation
    pushed = push.total
    if pushed > s.stack:
        raise IllegalAction(
            "push_exceeds_stack",
            f"{pushed} pushed but the player has only {s.stack} behind; legal: "
            + describe_options(s),
        )
    if push.tap:
        return _read_tap(s)
    if push.declaration is not None:
        return _read_declared(push, push.declaration, s, rules)
    if pushed == 0:
        raise IllegalAction(
            "nothing_to_read", "no chips, no words and no tap; legal: " + describe_options(s)
        )
    return _read_silent(push, s, rules)


def _read_tap(s: Situation) -> ChipReading:
    # CHP-10: tapping the table is a check (HIPP:L168; RRP:L60 "pass").
    if s.to_call > 0:
        raise IllegalAction(
            "tap_facing_bet",
            f"a tap is a check, but the player faces {s.to_call} to call; legal: "
            + describe_options(s),
        )
    return _settle("check", s.player_bet, s, 0, rule="CHP-10", explanation="A tap is a check.")


# ---- silent chips ----------------------------------------------------------------------------


def _read_silent(push: ChipPush, s: Situation, rules: ChipRules) -> ChipReading:
    # CHP-04 / CHP-09: with nothing said, only the motion that reaches the call counts.
    motions = push.all_motions
    counted, string = _counted_motions(motions, s, extra_motions=0)
    offered = sum(counted)
    if sum(motions[0]) < s.to_call < offered:
        # CHP-04 (LPR r23, HIPP:L174, RRP:L65; GROS:L61 going back for more chips): the call
        # was completed in a later motion, so the bet was not put out in one motion: what
        # that motion adds beyond the call is a string raise and goes back.
        return _settle(
            "call", s.call_to, s, offered, rule="CHP-04", extra_returned=string,
            explanation=f"The call of {s.to_call} was completed in a later motion: a call; "
            f"the {offered - s.to_call + string} beyond it is a string raise and goes back.",
        )
    reading = _read_silent_counted(counted, s, rules)
    if string:
        return replace(
            reading,
            returned=reading.returned + string,
            rule="CHP-04",
            explanation=f"{reading.explanation} String bet: the later {string} is returned.",
        )
    return reading


def _read_silent_counted(counted: tuple[int, ...], s: Situation, rules: ChipRules) -> ChipReading:
    offered = sum(counted)
    single = len(counted) == 1
    if s.to_call == 0:
        if s.current_bet > 0:
            if single:
                # CHP-02 (LPR r17): a blind checking with one big chip: a call of nothing.
                return _settle(
                    "check", s.player_bet, s, offered, rule="CHP-02",
                    explanation=f"One chip with no word is a call of nothing: a check; "
                    f"the {offered} chip goes back.",
                )
            return _overcall(counted, s, rules)
        if not s.can_raise:
            # BET-04 / STR-03: no bet is open to this player; a silent push is a check.
            return _settle("check", s.player_bet, s, offered, rule="BET-04",
                           explanation=f"No bet is open here: a check, {offered} goes back.")
        if single and rules.single_chip_no_bet_facing == "check":
            # CHP-02 (CAMB:L71 literal): one chip is an assumed call; with no bet that is a check.
            return _settle(
                "check", s.player_bet, s, offered, rule="CHP-02",
                explanation="One chip with no bet to call is an assumed call: a check.",
            )
        # CHP-02 / G20 (HIPP:L185): one chip with no bet is a bet of its full value;
        # CHP-03: several chips with no bet are a bet of the total.
        return _open_bet(s.player_bet + offered, s, offered, "CHP-02" if single else "CHP-03")
    if single and offered >= s.to_call:
        # CHP-02: one oversized chip, nothing said, is a call; the change goes back.
        return _settle(
            "call", s.call_to, s, offered, rule="CHP-02",
            explanation=f"One chip with no word is a call of {s.to_call}; "
            f"{offered - s.to_call} change goes back.",
        )
    if offered == s.stack and offered <= s.to_call:
        # BET-07: a player may call all-in for less.
        return _settle(
            "call", s.all_in_to, s, offered, rule="BET-07",
            explanation=f"All {offered} is in: a call all-in for less.",
        )
    if offered == s.to_call:
        # CHP-03 (CONFLICTS C-5, L-5): chips that make exactly the call are a call.
        return _settle("call", s.call_to, s, offered, rule="CHP-03",
                       explanation=f"{offered} is exactly the call.")
    if offered < s.to_call:
        return _undercall(offered, s, rules)
    return _overcall(counted, s, rules)


def _open_bet(to: int, s: Situation, offered: int, rule: str) -> ChipReading:
    sized, why = _size_wager(to, s)
    if why == "BET-08":
        text = f"A bet of {offered} is below the minimum; it must be made {sized}."
    elif why.startswith("STR"):
        text = f"The most that may be bet is {sized}; {to - sized} goes back."
    else:
        text = f"That is a bet of {sized - s.player_bet}."
    return _settle(_wager_kind(s), sized, s, offered, rule=why if why.startswith(("BET-08", "STR"))
                   else rule, explanation=text)


def _overcall(counted: tuple[int, ...], s: Situation, rules: ChipRules) -> ChipReading:
    offered = sum(counted)
    to = s.player_bet + offered
    extra = offered - s.to_call
    if not s.can_raise:
        # BET-04 / STR-03: no raise is open to this player; the extra goes back.
        return _settle(
            _call_kind(s), s.call_to, s, offered, rule="BET-04",
            explanation=f"He may not raise here: a call of {s.to_call}; {extra} goes back.",
        )
    if to >= s.min_raise_to or to >= s.all_in_to:
        # CHP-03 / CHP-04 (1): the whole raise in one motion.
        sized, why = _size_wager(to, s)
        text = f"Raise to {sized}."
        if sized < to:
            text = f"Raise to the maximum {sized}; {to - sized} goes back."
        return _settle(_wager_kind(s), sized, s, offered, rule=why or "CHP-03", explanation=text)
    target = min(s.min_raise_to, s.all_in_to)
    if rules.multi_chip_silent == "raise_to_total":
        # CHP-03 (CAMB:L71): a raise for the total; below a minimum raise -> min raise, floor
        # confirms (CONFLICTS C-5).
        return _settle(
            _wager_kind(s), target, s, offered, rule="CHP-03", needs_floor=True,
            explanation=f"Several chips are a raise; {to} is short of a raise, so it is made "
            f"{target} (floor to confirm).",
        )
    num = rules.overcall_raise_threshold_num
    assert num is not None  # ChipRules.__post_init__ guarantees it
    den = rules.overcall_raise_threshold_den
    basis = s.bet_unit if s.structure == "fixed_limit" and s.bet_unit else s.last_full_raise
    if extra * den >= num * basis:
        # CHP-05 (LPR r25, GROS:L121/L138, HIPP:L177, RRP:L65): at or above the threshold the
        # raise must be completed to the minimum raise. Under LPR r18 several chips where one
        # would call are a raise (CHP-03), sized by r25 (CONFLICTS L-4, L-5): same numbers.
        one_would_call = s.to_call > 0 and max(counted) >= s.to_call
        lpr_r18 = rules.multi_chip_silent == "raise_if_one_chip_would_call" and one_would_call
        return _settle(
            _wager_kind(s), target, s, offered, rule="CHP-03" if lpr_r18 else "CHP-05",
            explanation=f"The extra {extra} is at least {_percent(num, den)} of {basis}: a "
            f"minimum raise, to be made {target}.",
        )
    # CHP-05: below the threshold it is a call and the excess goes back.
    return _settle(
        _call_kind(s), s.call_to, s, offered, rule="CHP-05",
        explanation=f"The extra {extra} is under {_percent(num, den)} of {basis}: a call, "
        f"{extra} goes back.",
    )


def _percent(num: int, den: int) -> str:
    """A threshold num/den as a percentage: 51/100 -> "51%", 1/2 -> "50%", 1/3 -> "33.3%"."""
    tenths = round(num * 1000 / den)
    return f"{tenths // 10}%" if tenths % 10 == 0 else f"{tenths / 10}%"


def _undercall(offered: int, s: Situation, rules: ChipRules) -> ChipReading:
    mode: str = rules.undercall_rule
    rule = "CHP-06"
    if not s.aware_of_raise:
        rule = "OOT-08"
        mode = {
            "call_or_fold_forfeit": "committed",
            "committed": "committed",
            "51pct_rule": "gros_cash_51pct",
            "withdraw_if_no_action_after": "bring_up" if s.acted_after else "withdraw",
        }[rules.unaware_of_raise]
    options: tuple[Option, ...]
    short = s.call_to - s.player_bet - offered
    if mode == "withdraw":
        # OOT-08 (RRP:L63): unaware of the raise and nobody acted after: take back and rethink.
        options = ("complete", "fold_take_back", "withdraw")
        text = f"He missed the raise: he may take back the {offered} and act again, or add {short}."
    elif mode == "bring_up":
        # CHP-06 / BET-08 (RRP:L63, L67): released chips bind; a low call is brought up.
        options = ()
        text = f"Released chips bind: the call must be brought up by {short}."
    elif mode == "gros_cash_51pct":
        # CHP-06 (GROS:L117-118): >= 51% of the bet faced commits; below, he may take it back.
        num, den = rules.undercall_threshold_num, rules.undercall_threshold_den
        committed = s.player_bet + offered
        share = f"{committed} of the {s.current_bet} bet"
        if committed * den >= num * s.current_bet:
            options = ("complete", "fold_forfeit")
            text = f"{share} is {_percent(num, den)} or more: add {short} or fold and lose it."
        else:
            options = ("complete", "fold_take_back")
            text = f"{share} is under {_percent(num, den)}: add {short} or fold and take it back."
    else:
        # CHP-06 (GROS:L137, HIPP:L173) / OOT-08 (LPR r22): complete the call or fold and forfeit.
        options = ("complete", "fold_forfeit")
        text = f"The {offered} is committed: add {short} to call or fold and lose it."
    return _settle("call", s.call_to, s, offered, rule=rule, explanation=text, options=options)


# ---- spoken words ----------------------------------------------------------------------------


def _read_declared(push: ChipPush, d: Declaration, s: Situation, rules: ChipRules) -> ChipReading:
    # CHP-01: a verbal declaration in turn is binding and outranks the chips.
    offered = push.total
    if d.kind == "fold":
        return _settle("fold", s.player_bet, s, offered, rule="CHP-01",
                       explanation="He said fold: the hand is folded.")
    if d.kind == "check":
        if s.to_call > 0:
            raise IllegalAction(
                "check_facing_bet",
                f"'check' is not possible facing {s.to_call} to call; legal: "
                + describe_options(s),
            )
        return _settle("check", s.player_bet, s, offered, rule="CHP-01",
                       explanation="He said check.")
    if d.kind == "call":
        if s.to_call == 0:
            return _settle("check", s.player_bet, s, offered, rule="CHP-01",
                           explanation="He said call with nothing to call: a check.")
        needed = s.call_to - s.player_bet
        return _settle("call", s.call_to, s, offered, rule="CHP-01",
                       explanation=f"He said call: {needed} goes in.")
    _require_raise(s, d)
    if d.kind == "all_in":
        if s.all_in_to <= s.current_bet:
            return _settle("call", s.all_in_to, s, offered, rule="BET-07",
                           explanation="He said all-in: a call all-in for less.")
        sized, why = _size_wager(s.all_in_to, s)
        text = "He said all-in." if sized == s.all_in_to else (
            f"He said all-in; the most allowed is {sized}."
        )
        return _settle(_wager_kind(s), sized, s, offered, rule="CHP-01" if not why.startswith(
            "STR") else why, explanation=text)
    if d.kind == "pot":
        return _read_pot(offered, s, rules)
    if d.has_amount:
        return _read_amount(push, d, s, rules)
    # CHP-04 (3): "raise" (or "bet") said first; the call, then one further motion, count.
    counted, string = _counted_motions(push.all_motions, s, extra_motions=1)
    counted_total = sum(counted)
    to = s.player_bet + counted_total
    if counted_total == 0:
        target = min(s.min_raise_to, s.all_in_to)
        return _settle(_wager_kind(s), target, s, 0, rule="CHP-04",
                       explanation=f"He said {d.kind}: at least {target}.")
    sized, why = _size_wager(to, s)
    floor = len(counted) == 1 and rules.single_chip_raise_requires_amount and s.to_call > 0
    text = f"He said {d.kind}: {_wager_kind(s)} to {sized}."
    if floor:
        # CHP-02 (GROS:L64, CONFLICTS G-7): "raise" without the amount on one chip; floor confirms.
        text += " The house wants the amount too: floor to confirm."
    if string:
        text += f" String bet: the later {string} is returned."
    rule = "CHP-04" if string or not why else why
    return _settle(_wager_kind(s), sized, s, counted_total, rule=rule, explanation=text,
                   extra_returned=string, needs_floor=floor)


def _require_raise(s: Situation, d: Declaration) -> None:
    if d.kind is None or s.can_raise:
        return
    if d.kind == "all_in" and s.all_in_to <= s.current_bet:
        return  # all-in that is only a call (BET-07)
    raise IllegalAction(
        "raise_not_allowed",
        f"'{d.kind}' is not possible: no bet or raise is open to this player; legal: "
        + describe_options(s),
    )


def _read_pot(offered: int, s: Situation, rules: ChipRules) -> ChipReading:
    if s.structure == "fixed_limit":
        raise IllegalAction(
            "pot_in_fixed_limit",
            "'pot' means nothing in fixed limit; legal: " + describe_options(s),
        )
    if s.structure == "pot_limit":
        # STR-05: in pot limit "pot" is the pot-limit maximum.
        return _settle(_wager_kind(s), s.cap_to, s, offered, rule="STR-05",
                       explanation=f"Pot: {_wager_kind(s)} to {s.cap_to}.")
    # CHP-08 (GROS:L77, G21): "pot" binds the player to a bet; the amount is a floor ruling.
    if rules.nl_pot_declaration == "minimum_bet":
        target = min(s.min_raise_to, s.all_in_to)
    else:
        if s.pot_size_for_pot_bet is None:
            raise IllegalAction(
                "pot_size_unknown",
                "'pot' in no-limit needs the pot size (pot_size_for_pot_bet) to be read",
            )
        target, _ = _size_wager(s.current_bet + s.pot_size_for_pot_bet + s.to_call, s)
    return _settle(
        _wager_kind(s), target, s, offered, rule="CHP-08", needs_floor=True,
        explanation=f"'Pot' is not an amount in no-limit but binds a bet: {target} "
        "(floor to confirm).",
    )


def _legitimate(to: int, d: Declaration, s: Situation, offered: int) -> bool:
    """CHP-07: a legal action in context, and not above the chips offered (GROS:L68, G-22)."""
    if to > s.cap_to or (offered and to - s.player_bet > offered):
        return False
    if to == s.all_in_to:
        return s.can_raise or to <= s.current_bet
    if d.kind is None and s.to_call > 0 and to == s.current_bet:
        return True
    return s.can_raise and to >= s.min_raise_to


def _read_amount(push: ChipPush, d: Declaration, s: Situation, rules: ChipRules) -> ChipReading:
    # CHP-04 (2): the amount was stated, so every motion counts toward it.
    offered = push.total
    base = s.current_bet if d.increment else 0
    values = (d.amount,) if d.amount is not None else d.amounts
    rule = "CHP-01"
    if d.amount is None:
        # CHP-07 (GROS:L68): an ambiguous amount is its smallest legitimate value.
        legit = [base + v for v in values if _legitimate(base + v, d, s, offered)]
        if not legit:
            raise IllegalAction(
                "no_legitimate_amount",
                f"none of {values} is a legal amount here; legal: " + describe_options(s),
            )
        to = min(legit)
        rule = "CHP-07"
    else:
        to = base + d.amount
    if to > s.all_in_to:
        raise IllegalAction(
            "amount_exceeds_stack",
            f"{to} is more than the player has ({s.all_in_to} in all); legal: "
            + describe_options(s),
        )
    if to > s.cap_to:
        raise IllegalAction(
            "amount_above_maximum",
            f"{to} is above the {s.structure.replace('_', ' ')} maximum {s.cap_to}; legal: "
            + describe_options(s),
        )
    if d.kind is None and s.to_call > 0 and to in (s.current_bet, s.call_to):
        return _settle("call", s.call_to, s, offered, rule=rule,
                       explanation=f"He said {to}: a call.")
    if d.kind is None and s.to_call > 0 and to < s.current_bet:
        raise IllegalAction(
            "amount_below_call",
            f"{to} is less than the bet of {s.current_bet}; legal: " + describe_options(s),
        )
    if not s.can_raise:
        raise IllegalAction(
            "raise_not_allowed",
            f"a bet or raise to {to} is not open to this player; legal: " + describe_options(s),
        )
    sized, why = _size_wager(to, s)
    if why == "BET-08":
        rule = "BET-08"
        text = f"{to} is below the minimum; it is corrected to {sized}."
    else:
        text = f"He said {to}: {_wager_kind(s)} to {sized}."
    return _settle(_wager_kind(s), sized, s, offered, rule=rule, explanation=text)


def bring_up(reading: ChipReading, amount_to: int) -> ChipReading:
    """BET-08: bring a call or wager made against an improperly low bet up to the corrected size.

    The action keeps its kind (a call stays a call: it may not become a raise because the size
    changed); the player must add the difference from his stack.

    >>> call = ChipReading("call", 10, 10, rule="CHP-03")
    >>> up = bring_up(call, 20)
    >>> up.action, up.amount_to, up.must_complete_to, up.rule
    ('call', 20, 20, 'BET-08')
    """
    if reading.action in ("fold", "check", "all_in"):
        raise IllegalAction(
            "nothing_to_bring_up",
            f"a {reading.action} cannot be brought up (an all-in for less stands, BET-07)",
        )
    if amount_to <= reading.amount_to:
        raise IllegalAction(
            "bring_up_not_higher",
            f"the corrected amount {amount_to} must be above {reading.amount_to}",
        )
    return replace(
        reading,
        amount_to=amount_to,
        must_complete_to=amount_to,
        rule="BET-08",
        explanation=f"The wager was improperly low; it is brought up to {amount_to}.",
    )
