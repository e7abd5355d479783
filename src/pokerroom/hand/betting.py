"""Betting: whose turn it is and what that player may do (FLOW, STR, BET rules).

>>> from pokerroom.hand.config import HandConfig
>>> from pokerroom.hand.engine import start_hand, apply
>>> from pokerroom.hand.actions import DealHole
>>> from pokerroom.cards import parse_cards
>>> state, _ = start_hand(HandConfig.holdem_no_limit((200, 200, 200), 1, 2))
>>> for p, cards in enumerate(("AsKs", "7d2c", "QhQc")):
...     state, _ = apply(state, DealHole(p, parse_cards(cards)))
>>> legal_actions(state)
LegalActions(actor=2, can_check=False, call_amount=2, min_raise_to=4, max_raise_to=200)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerroom.hand.state import HandState

__all__ = ["LegalActions", "legal_actions", "next_actor", "raise_bounds", "scan_actor"]


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do. ``min_raise_to`` is None when raising is not allowed.

    Folding is always allowed to the player to act. ``call_amount`` is what a call adds (all-in
    for less when the stack is short); a bet or raise is *to* a total in
    ``[min_raise_to, max_raise_to]`` (one value in fixed limit, or the all-in amount).
    """

    actor: int | None
    can_check: bool = False
    call_amount: int = 0
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    #: Chips are already bet this round (the blinds count): going higher is a raise, not a
    #: bet. Wording only (``describe``): not part of the options, so not compared or shown.
    opened: bool = field(default=False, compare=False, repr=False)
    #: STR-07: the smallest unit that plays; shown by ``describe`` when above 1.
    unit: int = field(default=1, repr=False)

    @property
    def can_raise(self) -> bool:
        """True when a bet or raise is allowed."""
        return self.min_raise_to is not None

    def describe(self) -> str:
        """A short list for error messages: ``fold, call 100, raise 200..9800``."""
        if self.actor is None:
            return "no player action (dealer's turn or hand over)"
        parts = ["fold", "check" if self.can_check else f"call {self.call_amount}"]
        if self.min_raise_to is not None:
            word = "raise" if self.opened or not self.can_check else "bet"
            if self.min_raise_to == self.max_raise_to:
                parts.append(f"{word} to {self.min_raise_to}")
            else:
                parts.append(f"{word} to {self.min_raise_to}..{self.max_raise_to}")
                if self.unit != 1:
                    parts[-1] += f" in chips of {self.unit}"
        return ", ".join(parts)

    def in_unit(self, to: int) -> int:
        """STR-07: the bet or raise-to nearest below ``to`` that plays: a whole number of
        units within the legal range (the minimum when ``to`` is below it, the maximum, which
        may be an off-unit all-in, when ``to`` reaches it).

        >>> legal = LegalActions(0, min_raise_to=200, max_raise_to=1510, unit=25)
        >>> legal.in_unit(437), legal.in_unit(150), legal.in_unit(1505), legal.in_unit(9999)
        (425, 200, 1500, 1510)
        """
        low, high = self.min_raise_to, self.max_raise_to
        assert low is not None and high is not None, "no bet or raise allowed"
        if to >= high:
            return high
        if to <= low:
            return low
        unit = self.unit
        amount = to - to % unit
        return amount if amount >= low else low


def _needs_action(s: HandState, i: int) -> bool:
    # FLOW-04: a live-to-act player acts until he has acted and matched the current bet;
    # all-in players are skipped (FLOW-09), and so is a player with nothing to call when
    # nobody else can still bet.
    if s.folded[i] or s._stacks[i] == 0:
        return False
    if s.bets[i] < s.current_bet:
        return not _covered(s, i)
    if s.acted[i]:
        return False
    if s.config.phh_betting:
        # PokerKit asks every player of the round's queue in turn, even when the others have
        # since folded or gone all in (the round's start leaves out who has nobody to bet
        # against: see transitions._begin_round).
        return True
    return _someone_else_can_bet(s, i)


def _covered(s: HandState, i: int) -> bool:
    """FLOW-09 / BLD-03: ``i`` is short of the current bet (a short all-in big blind keeps the
    call at the full blind) but every other hand still in is all in for no more than he has
    put in: there is nobody to bet against and nothing more to match, so he is not asked (his
    chips above theirs come back uncalled, POT-04). PHH replay asks him, as PokerKit does."""
    if s.config.phh_betting:
        return False
    folded, stacks, bets = s.folded, s._stacks, s.bets
    mine = bets[i]
    for j in range(s.n):  # noqa: SIM110 - a plain loop: this runs for every action
        if j != i and not folded[j] and (stacks[j] or bets[j] > mine):
            return False
    return True


def _someone_else_can_bet(s: HandState, i: int) -> bool:
    """True when a player other than ``i`` is still in with chips behind."""
    folded, stacks = s.folded, s._stacks
    for j in range(s.n):  # noqa: SIM110 - a plain loop: this runs for every action
        if j != i and not folded[j] and stacks[j]:
            return True
    return False


def next_actor(s: HandState) -> int | None:
    """The position that must act now in this betting round, or None."""
    return s.actor


def scan_actor(s: HandState) -> int:
    """Search clockwise from the cursor for the next position that must act (-1: none)."""
    n = s.n
    first = s.cursor
    folded, stacks, bets, acted = s.folded, s._stacks, s.bets, s.acted
    current = s.current_bet
    for k in range(n):
        i = first + k
        if i >= n:
            i -= n
        # FLOW-04 / FLOW-09, as _needs_action, inlined for speed.
        if folded[i] or stacks[i] == 0:
            continue
        if bets[i] < current:
            if not _covered(s, i):
                return i
            continue
        if not acted[i] and _needs_action(s, i):
            return i
    return -1


def raise_bounds(s: HandState, i: int) -> tuple[int, int] | None:
    """``(min_to, max_to)`` for a bet or raise by position ``i``, or None if not allowed."""
    cfg = s.config
    if cfg.phh_betting:
        return _phh_raise_bounds(s, i)
    rules = cfg.rules
    stack = s._stacks[i]
    all_in_to = s.bets[i] + stack
    current = s.current_bet
    if all_in_to <= current:
        return None  # can only call (all-in for less)
    # A raise needs someone who can answer it.
    if not _someone_else_can_bet(s, i):
        return None
    # BET-04 / BET-05: a player who has acted may raise again only if a full raise (or,
    # with G6, several short all-ins adding up to one) has been made since.
    if s.acted[i]:
        if rules.reopen_barred_for == "already_raised" and not s.raised[i]:
            pass  # LPR r26 literal: only a player who raised is barred
        elif s.faced[i] >= s.full_level and not (
            # G6: in big-bet games, short all-ins that add up to a full raise reopen;
            # in fixed limit only a full (BET-05: at least half) bet does.
            rules.cumulative_short_allins_reopen
            and cfg.variant.structure != "fixed_limit"
            and current - s.faced[i] >= s.last_raise
        ):
            return None
    structure = cfg.variant.structure
    if structure == "fixed_limit":
        # STR-03 / STR-04: one bet and three raises unless the round is heads-up in cash.
        cap = rules.limit_raise_cap
        if cap and s.bet_count >= cap and not s.uncapped:
            return None
        unit = cfg.limit_units[s.street]  # STR-02 / G4: the house's big-bet streets
        to = s.full_level + unit  # BET-05: complete to the full level + one unit
        if to <= current:
            to = current + unit
        to = min(to, all_in_to)
        return to, to
    # BET-01 / BET-02: the opening bet is at least the minimum bet; a raise is at least
    # the last full bet or raise (G7: measured from the current bet).
    full_min = current + s.last_raise if current else max(cfg.min_bet, s.last_raise)
    if structure == "pot_limit":
        # STR-05 / G3: raise to at most the current bet plus the pot after calling.
        call = current - s.bets[i]
        top = current + sum(s.contrib) + cfg.dead_money + call
    else:
        top = all_in_to  # STR-06: table stakes
    top = min(top, all_in_to)
    low = min(full_min, all_in_to)  # BET-03: less than a full raise only all-in
    unit = cfg.chip_unit
    if unit != 1:
        # STR-07: the minimum is rounded up and the pot-limit maximum down to a whole
        # number of units; the all-in (everything he has) stays as it is.
        lo, hi = low, top
        if lo % unit and lo != all_in_to:
            lo = min(lo - lo % unit + unit, all_in_to)
        if hi % unit and hi != all_in_to:
            hi -= hi % unit
        if lo <= hi:  # else no whole number of units fits under the pot limit: as computed
            low, top = lo, hi
    return low, max(low, top)


def _phh_raise_bounds(s: HandState, i: int) -> tuple[int, int] | None:
    """``raise_bounds`` under ``HandConfig.phh_betting``: PokerKit's betting (its state's
    ``min/max_completion_betting_or_raising_to_amount`` and their checks). ``last_raise`` is
    the largest increment of the round (0 at its start: blinds are not raises), ``bet_count``
    the bets and raises made in it, ``short_allins`` the short all-ins since the last full one,
    and ``acted`` who has acted since the last raise that reopened the betting."""
    cfg = s.config
    stack = s._stacks[i]
    bet = s.bets[i]
    current = s.current_bet
    owed = current - bet
    if stack <= owed:
        return None  # can only call (all-in for less)
    largest = s.last_raise
    if owed < largest:
        return None  # he faces a short all-in over his own bet or call
    if s.short_allins and s.short_allins < largest and s.acted[i]:
        return None  # short all-ins since he acted do not reopen the betting for him
    structure = cfg.variant.structure
    if structure == "fixed_limit":
        cap = cfg.rules.limit_raise_cap
        if cap and s.bet_count >= cap and not s.uncapped:
            return None
        step = max(largest, cfg.limit_units[s.street])
    else:
        step = max(largest, cfg.min_bet)
    folded, stacks, bets = s.folded, s._stacks, s.bets
    for j in range(s.n):
        if j != i and not folded[j] and stacks[j] + bets[j] > current:
            break
    else:
        return None  # nobody could answer it
    all_in_to = bet + stack
    low = min(current + step, all_in_to)
    if structure == "fixed_limit":
        return low, low
    if structure == "pot_limit":
        pot = sum(s.contrib) + s.config.dead_money
        return low, min(all_in_to, max(low, 2 * current - bet + pot))
    return low, all_in_to


def legal_actions(s: HandState) -> LegalActions:
    """The rich answer to "what may the player to act do?" (None actor: nobody's turn)."""
    i = next_actor(s)
    if i is None:
        return LegalActions(None)
    owed = s.current_bet - s.bets[i]
    bounds = raise_bounds(s, i)
    return LegalActions(
        actor=i,
        can_check=owed <= 0,
        call_amount=min(max(owed, 0), s._stacks[i]),
        min_raise_to=None if bounds is None else bounds[0],
        max_raise_to=None if bounds is None else bounds[1],
        opened=s.current_bet > 0,
        unit=s.config.chip_unit,
    )
