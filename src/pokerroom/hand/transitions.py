"""How each event changes a hand's state: the one place where state changes (``evolve``).

Every change to a :class:`~pokerroom.hand.state.HandState` is made here, from an event, so
folding a hand's event log over its start state rebuilds it exactly. The implicit steps an
event causes (the next player to act, closing a betting round, the next street) follow from
the rules (FLOW-03..09, BET-02..05, STR-03/04).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pokerroom.cards import Card
from pokerroom.errors import DealError
from pokerroom.hand.betting import scan_actor
from pokerroom.hand.config import preflop_start
from pokerroom.hand.events import (
    AntePosted,
    BetCorrected,
    BlindPosted,
    BoardDealt,
    CardBurned,
    ChipsBet,
    Discarded,
    Event,
    Folded,
    HandEnded,
    HandKilled,
    HandRestored,
    HoleDealt,
    HolesDealt,
    Mucked,
    PotAwarded,
    RakeTaken,
    RoundClosed,
    RunsAgreed,
    Shown,
    UncalledBetReturned,
    UndersizedBetMade,
)
from pokerroom.hand.showdown import showdown_order
from pokerroom.hand.state import (
    BET,
    BOARD,
    DEAL_HOLE,
    DISCARD,
    DONE,
    DRAW_DEAL,
    ROUND_END,
    SHOWDOWN,
    HandState,
)

__all__ = ["evolve"]


def _emit(s: HandState, events: list[Event], event: Event) -> None:
    _EVOLVE[type(event)](s, event)
    events.append(event)


def evolve(s: HandState, event: Event) -> None:
    """Apply one event to ``s`` in place (used by ``apply`` and by ``replay``)."""
    _EVOLVE[type(event)](s, event)


def _ev_folded(s: HandState, e: Folded) -> None:
    if e.forfeited:
        s._stacks[e.position] -= e.forfeited
        s.contrib[e.position] += e.forfeited
    s.folded[e.position] = True
    s.acted[e.position] = True
    s.cursor = (e.position + 1) % s.n
    _after_betting_action(s)


def _ev_killed(s: HandState, e: HandKilled) -> None:
    p = e.position
    s.folded[p] = True
    s.forfeits[p] = e.forfeit_uncalled
    s.acted[p] = True
    if s.phase == BET:
        # DEAD-05/06/07: a dead hand's bet stays the bet to call while live players may still
        # contest it (SCENARIOS S32: recommended). With at most one live player left who has
        # chips, nobody can: the round closes at the highest live bet (the dead chips stay in
        # the pot, or go back uncalled, as killed), and he is not asked to match dead money.
        if _can_bet(s) <= 1:
            live_top = max(
                (b for b, f in zip(s.bets, s.folded, strict=True) if not f), default=0
            )
            s.current_bet = min(s.current_bet, live_top)
        # Betting goes on from the player whose turn it was (or the next, if it was his).
        s.cursor = (p + 1) % s.n if s.to_act in (p, -1) else s.to_act
        _after_betting_action(s)
    elif s.folded.count(False) == 1 and s.phase not in (DEAL_HOLE, DRAW_DEAL):
        s.phase = ROUND_END


def _ev_restored(s: HandState, e: HandRestored) -> None:
    p = e.position
    s.folded[p] = False
    s.forfeits[p] = False
    s.acted[p] = False
    s.cursor = p  # TRN-02: it is his turn again
    s.to_act = scan_actor(s)


def _ev_hole(s: HandState, e: HoleDealt) -> None:
    _take_from_stub(s, e.cards)
    s.hole[e.position].extend(e.cards)
    s.need[e.position] -= len(e.cards)
    if not any(s.need):
        if s.phase == DEAL_HOLE:
            _begin_round(s)
        else:
            _after_draw(s)


def _ev_holes(s: HandState, e: HolesDealt) -> None:
    for p, cards in enumerate(e.hands):
        _take_from_stub(s, cards)
        s.hole[p].extend(cards)
        s.need[p] -= len(cards)
    _begin_round(s)


def _ev_board(s: HandState, e: BoardDealt) -> None:
    _take_from_stub(s, e.cards)
    s.boards[e.run].extend(e.cards)
    _after_board(s)


def _ev_burn(s: HandState, e: CardBurned) -> None:
    if e.card is not None:
        _take_from_stub(s, (e.card,))


def _ev_ante(s: HandState, e: AntePosted) -> None:
    s._stacks[e.position] -= e.amount
    s.contrib[e.position] += e.amount


def _ev_blind(s: HandState, e: BlindPosted) -> None:
    s._stacks[e.position] -= e.amount
    s.bets[e.position] += e.amount
    s.contrib[e.position] += e.amount


def _ev_uncalled(s: HandState, e: UncalledBetReturned) -> None:
    s._stacks[e.position] += e.amount
    s.bets[e.position] -= e.amount
    s.contrib[e.position] -= e.amount


def _ev_round_closed(s: HandState, e: RoundClosed) -> None:
    _close_round(s)


def _ev_discarded(s: HandState, e: Discarded) -> None:
    hand = s.hole[e.position]
    for c in e.cards:
        hand.remove(c)
        if c is not None:
            s.seen |= 1 << c
    s.need[e.position] = len(e.cards)
    s.acted[e.position] = True
    if _next_drawer(s) is None:
        s.phase = DRAW_DEAL
        if not any(s.need):
            _after_draw(s)


def _ev_shown(s: HandState, e: Shown) -> None:
    hand = s.hole[e.position]
    for c in e.cards:
        if c not in hand:
            hand[hand.index(None)] = c
            s.seen |= 1 << c
    s.shown[e.position] = e.cards


def _ev_mucked(s: HandState, e: Mucked) -> None:
    s.mucked[e.position] = True
    if s.phase == BOARD:
        # FLOW-05 / FLOW-10: a hand mucked before the run-out is conceded; once one hand is
        # left no further board card is dealt (SHD-10): it wins at the showdown.
        folded, mucked = s.folded, s.mucked
        if sum(1 for j in range(s.n) if not folded[j] and not mucked[j]) == 1:
            s.phase = SHOWDOWN


def _ev_runs(s: HandState, e: RunsAgreed) -> None:
    s.runs = e.runs
    s.rit_pots = e.pots
    s.runs_decided = True
    base = s.boards[0]
    s.boards.extend(base[:] for _ in range(e.runs - 1))


def _ev_undersized(s: HandState, e: UndersizedBetMade) -> None:
    i = e.position
    s._stacks[i] -= e.added
    s.bets[i] += e.added
    s.contrib[i] += e.added
    s.improper = (i, e.correct_to, e.to)
    s.current_bet = e.to
    s.street_aggressor = s.last_aggressor = i
    s.raised[i] = True
    s.acted[i] = True
    s.faced[i] = e.to
    s.cursor = (i + 1) % s.n
    _after_betting_action(s)


def _ev_corrected(s: HandState, e: BetCorrected) -> None:
    cfg = s.config
    previous = s.full_level
    low_to = e.to if s.improper is None else s.improper[2]
    for j, add in e.top_ups:
        s._stacks[j] -= add
        s.bets[j] += add
        s.contrib[j] += add
    for j, _ in e.top_ups:
        s.faced[j] = e.to
    s.improper = None
    if low_to < s.current_bet >= e.to:
        # BET-08 (RRP:L67 "must be brought up to proper size if the error is discovered
        # before the betting round has been completed"): someone has already raised over
        # the low wager to the corrected size or more. That raise stands and keeps the
        # current bet and the raise sizes; only the low wager and its calls come up.
        _after_betting_action(s)
        return
    # The corrected wager is a full bet or raise; calls brought up to it do not reopen.
    if cfg.variant.structure == "fixed_limit":
        s.bet_count += 1
    else:
        s.last_raise = max(e.to - previous, cfg.min_bet) if previous else max(e.to, cfg.min_bet)
    s.full_level = e.to
    s.current_bet = e.to
    _after_betting_action(s)


def _ev_rake(s: HandState, e: RakeTaken) -> None:
    s.rake += e.amount


def _ev_awarded(s: HandState, e: PotAwarded) -> None:
    for p, amount in e.shares:
        s._stacks[p] += amount
        s.winnings[p] += amount


def _ev_ended(s: HandState, e: HandEnded) -> None:
    s.phase = DONE


def _take_from_stub(s: HandState, cards: Sequence[Card | None]) -> None:
    stub = s.stub
    for c in cards:
        if c is None:
            continue
        if stub is not None:
            try:
                stub.remove(c)
            except ValueError:
                raise DealError("not_in_deck", f"{c!r} is not in the remaining deck") from None
        s.seen |= 1 << c


def _evolve_bet(s: HandState, e: ChipsBet) -> None:
    i = e.position
    add = e.added
    s._stacks[i] -= add
    s.bets[i] += add
    s.contrib[i] += add
    if e.kind in ("bet", "raise"):
        cfg = s.config
        increment = e.to - s.current_bet
        if cfg.phh_betting:
            _phh_bet(s, i, increment)
        elif cfg.variant.structure == "fixed_limit":
            unit = cfg.limit_units[s.street]  # STR-02 / G4: the house's big-bet streets
            rules = cfg.rules
            # BET-05: an all-in of at least half a bet over the current bet is a full bet, and
            # so is a whole bet over the last full level: the completion of short all-ins
            # (RRP:L56) reopens the betting for those who had only matched that level.
            base = max(s.current_bet, s.full_level)
            full = e.to - s.full_level >= unit or (e.to - base) * (
                rules.limit_allin_full_threshold_den
            ) >= (unit * rules.limit_allin_full_threshold_num)
            if full:
                # STR-03 / BET-05 / G5: a whole bet or raise over the last full level counts
                # toward the cap (a completion of a short all-in too: it raises the full
                # level by one unit); an all-in of at least half a bet but short of a whole
                # one counts only if the house says so.
                if e.to - s.full_level >= unit or rules.limit_short_allin_counts_toward_cap:
                    s.bet_count += 1
                s.full_level = e.to
        else:
            opening = s.current_bet == 0
            full = increment >= s.last_raise or (opening and e.to >= cfg.min_bet)
            rules = cfg.rules
            if full:
                s.last_raise = (
                    max(increment, s.last_raise) if not opening else max(e.to, cfg.min_bet)
                )
                s.full_level = e.to
            else:
                if rules.nl_incomplete_allin_reopens:
                    s.full_level = e.to  # BET-04 with reopening: every all-in raise reopens
                if not rules.incomplete_allin_keeps_last_full_raise:
                    s.last_raise = increment  # G7 turned off: the short raise sets the size
        s.current_bet = e.to
        s.street_aggressor = i
        s.last_aggressor = i
        s.raised[i] = True  # BET-04 (LPR r26): he has raised this round; a call later keeps it
    s.acted[i] = True
    s.faced[i] = s.current_bet
    s.cursor = (i + 1) % s.n
    _after_betting_action(s)


def _phh_bet(s: HandState, i: int, increment: int) -> None:
    """HandConfig.phh_betting: PokerKit's bookkeeping of a bet or raise (see
    betting._phh_raise_bounds): one at least as large as the round's largest increment
    reopens the betting (only the raiser has acted since); short all-ins in a row add up
    and, once they reach it, count as such a raise for who may raise again."""
    if increment >= s.last_raise:
        s.acted = [False] * s.n  # the raiser's own flag is set by the caller
    if increment > s.last_raise:
        s.last_raise = increment
    s.bet_count += 1
    s.full_level = s.current_bet + increment
    if s._stacks[i]:
        s.short_allins = 0
    else:
        s.short_allins += increment
        if s.short_allins >= s.last_raise:
            s.short_allins = 0


def _after_betting_action(s: HandState) -> None:
    folded = s.folded
    alive = folded.count(False)
    if s.config.variant.structure == "fixed_limit" and not s.uncapped and _can_bet(s) <= 2:
        # STR-04: a cash round that becomes heads-up before the cap is reached is uncapped.
        rules = s.config.rules
        cap = rules.limit_raise_cap
        if (
            not rules.is_tournament
            and rules.limit_heads_up_uncapped_in_cash
            and (not cap or s.bet_count < cap)
        ):
            s.uncapped = True
    s.to_act = -1 if alive == 1 else scan_actor(s)
    if s.to_act < 0:
        s.phase = ROUND_END


def _can_bet(s: HandState) -> int:
    """Players still in the hand with chips behind."""
    stacks = s._stacks
    return sum(1 for j, f in enumerate(s.folded) if not f and stacks[j] > 0)


def _begin_round(s: HandState) -> None:
    """Start the betting round of ``s.street`` (bets and raise sizes reset)."""
    cfg = s.config
    n = s.n
    s.phase = BET
    s.acted = [False] * n
    s.raised = [False] * n
    s.faced = [0] * n
    s.street_aggressor = -1
    s.bet_street = s.street
    s.uncapped = False
    s.improper = None
    if cfg.phh_betting:
        _begin_phh_round(s)
    elif s.street == 0:
        blinds = cfg.blinds
        if cfg.posts:  # a post is live but is not a blind for the order (PHH)
            blinds = tuple(0 if j in cfg.posts else b for j, b in enumerate(blinds))
        top = max(blinds)
        # BLD-03: a short blind does not lower the amount to call or the raise size.
        s.current_bet = max(s.bets) if cfg.rules.short_blind_sets_call_amount else max(top, *s.bets)
        if cfg.variant.structure == "fixed_limit":
            s.full_level = s.current_bet
            # G5: the big blind counts as the bet (unless the house says it does not).
            s.bet_count = 1 if top and cfg.rules.limit_bb_counts_as_bet else 0
        else:
            s.last_raise = max(cfg.min_bet, top)  # BET-02: the big blind is a bet of one BB
            s.full_level = s.current_bet
        # FLOW-03: first to act is left of the last (largest) blind or straddle, unless the
        # table says otherwise (a make-up post or a button straddle, HandConfig.preflop_first).
        first = cfg.preflop_first
        s.cursor = preflop_start(blinds) if first is None else first
    else:
        s.current_bet = 0
        s.full_level = 0
        s.bet_count = 0
        s.last_raise = cfg.min_bet
        s.cursor = 0  # FLOW-06: first live player left of the button seat
    _after_betting_action(s)


def _begin_phh_round(s: HandState) -> None:
    """HandConfig.phh_betting: a betting round as PokerKit starts it. No bet or raise has
    been made (the blinds are none), the amount to call is the largest bet posted, and the
    first to act pre-flop is left of the largest blind or straddle *posted* (a post counts
    for nothing; ties go to the later position); after it, left of the button. A player with
    nobody left to bet against (every other hand in has no more than his bet in all) is not
    asked; if only one player is then left to ask and he owes nothing, the round is over."""
    n = s.n
    bets = s.bets
    s.current_bet = max(bets)
    s.full_level = s.current_bet
    s.last_raise = 0
    s.bet_count = 0
    s.short_allins = 0
    if s.street == 0:
        cfg = s.config
        blinds, posts = cfg.blinds, cfg.posts
        last = max(
            range(n),
            key=lambda j: (
                (-bets[j] if j in posts else bets[j]) if blinds[j] else 0,
                j,
            ),
        )
        s.cursor = (last + 1) % n
    else:
        s.cursor = 0
    folded, stacks, acted = s.folded, s._stacks, s.acted
    totals = sorted(bets[j] + stacks[j] for j in range(n) if not folded[j])
    second = totals[-2] if len(totals) > 1 else 0
    ask = []
    for j in range(n):
        if folded[j] or not stacks[j]:
            continue
        if second <= bets[j]:
            acted[j] = True  # nobody can put in more than he has bet: not asked
        else:
            ask.append(j)
    if len(ask) == 1 and bets[ask[0]] >= s.current_bet:
        acted[ask[0]] = True


def _close_round(s: HandState) -> None:
    """Collect the bets; move to the next street, the draw, or the showdown."""
    n = s.n
    s.bets = [0] * n
    s.acted = [False] * n
    s.current_bet = 0
    s.improper = None
    alive = [j for j in range(n) if not s.folded[j]]
    if len(alive) == 1:
        s.betting_closed = True
        _open_showdown(s)
        return
    if sum(1 for j in alive if s._stacks[j] > 0) <= 1:
        s.betting_closed = True  # FLOW-09: nobody left to bet against
    last = s.config.variant.streets - 1
    if s.street >= last:
        _open_showdown(s)
        return
    s.street += 1
    if s.config.variant.has_board:
        s.phase = BOARD
        if s.betting_closed and not s.show_order:
            s.show_order = showdown_order(s)  # hands may be shown before the run-out
    else:
        s.phase = DISCARD


def _open_showdown(s: HandState) -> None:
    s.phase = SHOWDOWN
    if not s.show_order:
        alive = [j for j in range(s.n) if not s.folded[j]]
        s.show_order = showdown_order(s) if len(alive) > 1 else []


def _after_board(s: HandState) -> None:
    boards = s.boards
    if s.betting_closed:
        if all(len(b) == 5 for b in boards):
            _open_showdown(s)
        return
    expected = 3 + s.street - 1  # flop 3, turn 4, river 5
    if len(boards[0]) >= expected:
        _begin_round(s)


def _after_draw(s: HandState) -> None:
    if s.betting_closed:
        if s.street >= s.config.variant.streets - 1:
            _open_showdown(s)
        else:
            s.street += 1
            s.acted = [False] * s.n
            s.phase = DISCARD
        return
    _begin_round(s)


def _next_drawer(s: HandState) -> int | None:
    for i in range(s.n):
        if not s.folded[i] and not s.acted[i]:
            return i
    return None


_EVOLVE: dict[type, Callable[[HandState, Any], None]] = {
    ChipsBet: _evolve_bet,
    Folded: _ev_folded,
    HandKilled: _ev_killed,
    HandRestored: _ev_restored,
    HoleDealt: _ev_hole,
    HolesDealt: _ev_holes,
    BoardDealt: _ev_board,
    CardBurned: _ev_burn,
    AntePosted: _ev_ante,
    BlindPosted: _ev_blind,
    UncalledBetReturned: _ev_uncalled,
    RoundClosed: _ev_round_closed,
    Discarded: _ev_discarded,
    Shown: _ev_shown,
    Mucked: _ev_mucked,
    RunsAgreed: _ev_runs,
    UndersizedBetMade: _ev_undersized,
    BetCorrected: _ev_corrected,
    RakeTaken: _ev_rake,
    PotAwarded: _ev_awarded,
    HandEnded: _ev_ended,
}
