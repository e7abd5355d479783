"""The button and the blinds: the initial draw, who is dealt in, and who posts what.

:func:`draw_button` is the high-card draw (BTN-01). :func:`plan_hand` works out the next
hand from the table state: the button seat, the blind seats, the seats dealt in (in position
order, position 0 first left of the button seat), the forced bet of every position, and the
missed-blind bookkeeping. It is pure: the table turns the plan into a ``HandStarted`` event.
The button commands (``DrawButton``, ``RedrawButton`` BTN-08, ``PlaceButton``) are decided and
evolved here too.

Cash tables use the moving button (BTN-02): the button goes to the next active player, the
blinds to the two after him; players who sit out miss the blinds that pass them (NEW-04).
Nobody new comes in between the button and the small blind (NEW-01); where the house closes
those seats (``new_player_blocked_positions``, HIPP:L219-220) nobody makes up a missed blind
there either: he waits until the button has passed him.
Tournament tables use the dead button (BTN-03/04/05): the big blind moves one occupied seat,
the small blind takes the last big blind's seat (dead when it is empty) and the button the last
small blind's seat. Heads-up, whoever posted the big blind last takes the button (BTN-06).

>>> from pokerroom.cards import format_cards
>>> rounds, seat = draw_button([SeatNo(1), SeatNo(2), SeatNo(3)], bytes(32), "none")
>>> seat, format_cards(card for _, card in rounds[0])
(1, 'AsTd2c')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pokerroom.cards import Card
from pokerroom.deck import shuffled_deck
from pokerroom.table.commands import DrawButton, PlaceButton, RedrawButton
from pokerroom.table.events import ButtonDrawn, ButtonPlaced, TableEvent
from pokerroom.table.guards import no_hand, tournament_only
from pokerroom.table.seats import PlayerId, Seat, SeatNo, TableError, between, clockwise_after
from pokerroom.table.state import TableState, updated

__all__ = [
    "HandPlan",
    "best_seats",
    "decide_draw",
    "decide_place",
    "decide_redraw",
    "draw_button",
    "evolve_drawn",
    "evolve_placed",
    "plan_hand",
]


def draw_button(
    seats: Sequence[SeatNo], seed: bytes, suit_order: str
) -> tuple[tuple[tuple[tuple[SeatNo, Card], ...], ...], SeatNo]:
    """BTN-01: one card to each seat (in seat order) from the deck ``seed`` gives; high card wins.

    With a suit order (s > h > d > c) the card's own order breaks ties (``Card`` numbers are
    rank * 4 + suit); with ``"none"`` only ranks count and the tied seats draw again from the
    rest of the same deck.
    """
    if len(seats) < 2:
        raise TableError("not_enough_players", "the button draw needs at least two players")
    deck = list(shuffled_deck(seed))
    deck.reverse()
    contenders = list(seats)
    rounds: list[tuple[tuple[SeatNo, Card], ...]] = []
    while True:
        if len(deck) < len(contenders):  # pragma: no cover - 52 cards always settle it
            deck = list(shuffled_deck(seed + bytes([len(rounds)])))
        drawn = tuple((s, deck.pop()) for s in contenders)
        rounds.append(drawn)
        contenders = best_seats(drawn, suit_order)
        if len(contenders) == 1:
            return tuple(rounds), contenders[0]


def best_seats(drawn: Sequence[tuple[SeatNo, Card]], suit_order: str) -> list[SeatNo]:
    """BTN-01: the seats holding the highest card (several only when suits do not count).

    >>> from pokerroom.cards import parse_card
    >>> cards = [(SeatNo(1), parse_card("Ac")), (SeatNo(2), parse_card("Ah"))]
    >>> best_seats(cards, "spades_hearts_diamonds_clubs"), best_seats(cards, "none")
    ([2], [1, 2])
    """
    by_suit = suit_order != "none"
    keys = [int(c) if by_suit else int(c) >> 2 for _, c in drawn]
    top = max(keys)
    return [s for (s, _), k in zip(drawn, keys, strict=True) if k == top]


class HandPlan(NamedTuple):
    """Everything the table decides before the deal (see module docstring).

    A named tuple rather than a frozen dataclass: one is made before every hand, and a
    frozen dataclass of 14 fields costs four times as much to build.
    """

    button: SeatNo
    sb_seat: SeatNo | None
    bb_seat: SeatNo
    bb_poster: SeatNo | None
    positions: tuple[SeatNo, ...]
    blinds: tuple[int, ...]
    antes: tuple[int, ...]
    first_to_act: int
    entered: tuple[SeatNo, ...]
    missed_bb: tuple[SeatNo, ...]
    missed_sb: tuple[SeatNo, ...]
    button_passed: tuple[SeatNo, ...]
    mistaken: tuple[int, ...]
    absent: tuple[int, ...]


def _occupied(state: TableState, start: SeatNo) -> list[SeatNo]:
    """Seats with a player who has chips, clockwise after ``start``."""
    return [
        s
        for s in clockwise_after(start, state.config.seats)
        if (seat := state.seats[s - 1]) is not None and seat.stack > 0
    ]


def _next(seq: list[SeatNo], after: SeatNo, n: int, skip: Sequence[SeatNo] = ()) -> SeatNo:
    """The first seat of ``seq`` clockwise strictly after ``after`` (not in ``skip``)."""
    best, nearest = None, n
    for s in seq:
        d = (s - after - 1) % n
        if d < nearest and s not in skip:
            best, nearest = s, d
    if best is None:
        raise ValueError(f"no seat of {seq} after {after} outside {skip}")
    return best


def _heads_up(state: TableState, pair: list[SeatNo], start: SeatNo) -> tuple[SeatNo, SeatNo]:
    """BTN-06 / FLOW-08: (button, big blind) for two players.

    The player who posted the big blind most recently takes the button, so nobody posts it
    twice in a row; otherwise a player who is new or owes a blind takes the big blind
    (NEW-01: he may not enter on the button, which heads-up is the small blind).
    """
    seats = state.seats
    a, b = pair
    sa, sb = seats[a - 1], seats[b - 1]
    assert sa is not None and sb is not None
    fresh_a = sa.new or sa.owes
    fresh_b = sb.new or sb.owes
    last = state.hand_no
    just_posted = last and last in (sa.last_bb_hand, sb.last_bb_hand)
    if fresh_a != fresh_b and not state.config.rules.is_tournament and last and not just_posted:
        return (b, a) if fresh_a else (a, b)
    if sa.last_bb_hand != sb.last_bb_hand:
        return (a, b) if sa.last_bb_hand > sb.last_bb_hand else (b, a)
    n = state.config.seats
    button = _next(pair, start, n)
    return button, (b if button == a else a)


def plan_hand(state: TableState, dealt_by_mistake: Sequence[PlayerId] = ()) -> HandPlan:
    """Work out the next hand (raises TableError when it cannot be dealt)."""
    if state.button is None:
        raise TableError("no_button", "draw for the button first (DrawButton)")
    if state.config.rules.button_mode == "dead":
        return _plan_dead(state)
    return _plan_moving(state, dealt_by_mistake)


def _forced_bets(
    state: TableState,
    positions: tuple[SeatNo, ...],
    sb: SeatNo | None,
    bb: SeatNo,
) -> tuple[list[int], list[int]]:
    """Regular blinds (BLD-01), heads-up order (FLOW-08), antes (BLD-06)."""
    cfg = state.config
    n = len(positions)
    blinds = [0] * n
    antes = [0] * n
    if sb is not None and sb in positions:
        blinds[positions.index(sb)] = cfg.small_blind
    blinds[positions.index(bb)] = cfg.big_blind
    if cfg.ante_type == "per_player":
        antes = [cfg.ante] * n
    elif cfg.ante_type == "big_blind_ante":
        antes[positions.index(bb)] = cfg.ante
    return blinds, antes


def _plan_dead(state: TableState) -> HandPlan:
    """BTN-03/04/05 dead button; every seated stack is dealt in, absent ones too (BLD-07).

    New, moved-in and late players too, in any position: NEW-01 (no entry on the small blind
    or the button) is a cash-game rule, which tournament profiles do not set (LPR:L181, L194;
    CAMB:L48; the profile loader refuses it in a tournament table)."""
    cfg = state.config
    n = cfg.seats
    assert state.button is not None
    cands = _occupied(state, state.button)
    if len(cands) < 2:
        raise TableError("not_enough_players", f"{len(cands)} player(s) with chips; need 2")
    prev_bb = state.bb_seat
    sb: SeatNo | None
    if len(cands) == 2:
        # BTN-06: a freshly drawn or placed button stays on its seat (start the search just
        # before it); otherwise it moves on from the last button.
        start = SeatNo((state.button - 2) % n + 1) if state.fresh_button else state.button
        button, bb = _heads_up(state, cands, start)
        sb = button
    elif prev_bb is None or state.fresh_button:
        button = state.button  # the drawn seat
        sb = _next(cands, button, n)
        bb = _next(cands, sb, n)
    else:
        bb = _next(cands, prev_bb, n)  # BTN-03 step 1
        sb = prev_bb  # step 2: dead when that seat is now empty (BTN-04)
        button = state.sb_seat if state.sb_seat is not None else state.button  # step 3
        if bb in (button, sb) or between(bb, button, sb, n):
            # Players joined or left so that the last small blind's seat is no longer behind
            # the new small blind (the player there now posts the big blind): the button goes
            # to the last player before the small blind, so the blinds still move one player
            # (steps 1 and 2) and nobody posts the big blind twice or skips it.
            behind = [s for s in clockwise_after(bb, n) if s in cands and between(s, bb, sb, n)]
            if behind:
                button = behind[-1]
            else:  # nobody there: start the blinds afresh from the last big blind
                button = prev_bb
                sb = _next(cands, button, n)
                bb = _next(cands, sb, n)
    occupied = set(cands)
    positions = tuple([s for s in clockwise_after(button, n) if s in occupied])
    sb_live = sb if sb is not None and sb in occupied else None
    seats = state.seats
    absent = tuple(
        [p for p, s in enumerate(positions) if (seat := seats[s - 1]) and seat.sitting_out]
    )
    return _everyone_in(state, positions, button, sb, sb_live, bb, absent)


def _everyone_in(
    state: TableState,
    positions: tuple[SeatNo, ...],
    button: SeatNo,
    sb: SeatNo | None,
    sb_live: SeatNo | None,
    bb: SeatNo,
    absent: tuple[int, ...] = (),
) -> HandPlan:
    """The plan of a hand where every seat dealt in is in the game (none new, none owing, none
    missing a blind): the regular blinds, action left of the big blind. ``sb`` is the small
    blind's seat, ``sb_live`` the same when a player there posts it (BTN-04)."""
    blinds, antes = _forced_bets(state, positions, sb_live, bb)
    return HandPlan(
        button=button,
        sb_seat=sb,
        bb_seat=bb,
        bb_poster=bb,
        positions=positions,
        blinds=tuple(blinds),
        antes=tuple(antes),
        first_to_act=(positions.index(bb) + 1) % len(positions),
        entered=positions,
        missed_bb=(),
        missed_sb=(),
        button_passed=(),
        mistaken=(),
        absent=absent,
    )


def _plan_settled(
    state: TableState, cands: list[SeatNo], active: list[SeatNo]
) -> HandPlan | None:
    """BTN-02 at a settled table, the hand after hand of a cash game; None when the table is
    not settled so.

    Settled: three or more players in the game, everyone with chips sitting in, no straddle,
    no button bought, nobody owing a blind, and every new player (a newcomer or a rebuy,
    NEW-06) may play before his big blind without posting (NEW-02) and is not waiting
    between the button and the small blind (NEW-01). The button moves to the next player in
    the game, the small blind to the one after him, the big blind to the next player after
    that, who did not post the last one (BTN-06) unless he is new; everyone is dealt in and
    nobody misses a blind.

    ``cands`` are the players who can be dealt in, clockwise after the last button, and
    ``active`` those of them neither new nor owing. :func:`_plan_general` gives the same plan
    here (``tests/table/test_button.py`` checks it on random tables); this path is only
    faster.
    """
    button, sb = active[0], active[1]
    k = cands.index(sb)
    if cands[k - 1] != button:
        return None  # a new player between the button and the small blind waits (NEW-01)
    seats = state.seats
    if len(active) < len(cands):
        rules = state.config.rules
        if rules.new_player_post_required or not rules.new_player_may_play_before_bb:
            return None
        for s in cands:
            seat = seats[s - 1]
            assert seat is not None
            if seat.missed_bb or seat.missed_sb or (seat.new and seat.will_post):
                return None  # NEW-04 / NEW-02: a make-up (he owes) or an entry post
    bb = cands[k + 1] if k + 1 < len(cands) else cands[0]
    bb_seat = seats[bb - 1]
    assert bb_seat is not None
    if bb_seat.last_bb_hand == state.hand_no and not bb_seat.new:
        return None  # BTN-06: he posted the last big blind
    return _everyone_in(state, (*cands[k:], *cands[:k]), button, sb, sb, bb)


def _candidates(state: TableState) -> tuple[SeatNo, list[SeatNo], list[SeatNo], int]:
    """Where the moving button starts looking, the seats that can be dealt in (clockwise from
    there), those of them neither new nor owing a blind, and how many seats have chips."""
    n = state.config.seats
    seats = state.seats
    assert state.button is not None
    # The drawn seat itself gets the first button; later the button moves on.
    start = SeatNo((state.button - 2) % n + 1) if state.fresh_button else state.button
    # NEW-01: a club that bars no position ([]) deals a new player in wherever he sits, on
    # the small blind or the button too: he is in the game at once.
    anywhere = not state.config.rules.new_player_blocked_positions
    cands: list[SeatNo] = []
    active: list[SeatNo] = []
    with_chips = 0
    for s in clockwise_after(start, n):  # one pass: this runs before every hand
        seat = seats[s - 1]
        if seat is not None and seat.stack > 0:
            with_chips += 1
            if not seat.sitting_out:
                cands.append(s)
                if not (seat.missed_bb or seat.missed_sb) and (anywhere or not seat.new):
                    active.append(s)
    if len(cands) < 2:
        raise TableError(
            "not_enough_players",
            f"{len(cands)} player(s) can be dealt in (seated, sitting in, with chips); need 2",
        )
    return start, cands, active, with_chips


def _plan_moving(state: TableState, dealt_by_mistake: Sequence[PlayerId]) -> HandPlan:
    """BTN-02 moving button with NEW-01..05 entry rules and BLD-05 straddles."""
    start, cands, active, with_chips = _candidates(state)
    if (
        len(active) >= 3
        and len(cands) == with_chips
        and not state.fresh_button
        and not dealt_by_mistake
        and state.straddle is None
        and state.button_buyer is None
        and (plan := _plan_settled(state, cands, active)) is not None
    ):
        return plan
    return _plan_general(state, dealt_by_mistake, start, cands, active, with_chips)


def _plan_general(
    state: TableState,
    dealt_by_mistake: Sequence[PlayerId],
    start: SeatNo,
    cands: list[SeatNo],
    active: list[SeatNo],
    with_chips: int,
) -> HandPlan:
    """The moving button in every case (see :func:`_candidates` for the arguments)."""
    cfg = state.config
    rules = cfg.rules
    n = cfg.seats
    seats = state.seats
    first_hand = state.fresh_button
    assert state.button is not None

    def seat_of(s: SeatNo) -> Seat:
        seat = seats[s - 1]
        assert seat is not None
        return seat

    restart = len(active) < 2
    if restart:
        active = list(cands)  # the game (re)starts: nobody is new and nobody owes
    mistaken_seats = {state.seat_of(p) for p in dealt_by_mistake} if dealt_by_mistake else set()
    for s in mistaken_seats:
        if s not in cands or not seat_of(s).owes:
            raise TableError(
                "not_owing",
                f"seat {s}: only a seated player who owes a blind can be dealt in by mistake",
            )

    buyer = state.find(state.button_buyer) if state.button_buyer else None
    pair = cands if len(cands) == 2 else None
    if pair is None and len(active) == 2:
        one, other = active
        if between(_next(cands, other, n, (one,)), one, other, n):
            # Two players are in the game and the big blind would pass the button to reach a
            # new or returning player: he may not come in on the small blind or the button
            # (NEW-01) nor skip his make-up (NEW-04), so he waits for his big blind and the
            # two play heads-up.
            pair = active
    if pair is not None:
        button, bb = _heads_up(state, pair, start)
        sb: SeatNo | None = button
        dealt = {button, bb}
        buyer = None
    else:
        # ``active`` and ``cands`` run clockwise from the last button: the button is the
        # first active player, the small blind the next one, the big blind the next player
        # dealt in after him that is not the button.
        button, sb = active[0], active[1]
        k = cands.index(sb) + 1
        bb = cands[k] if k < len(cands) else cands[0]
        if bb == button:
            bb = cands[(k + 1) % len(cands)]
        last = state.hand_no
        bb_seat = seat_of(bb)
        if not first_hand and bb_seat.last_bb_hand == last and not bb_seat.new:
            # BTN-06 generalised: nobody posts the big blind twice in a row; move the
            # button on until the big blind falls on someone else.
            # Not for a player who busted on the big blind and bought in again: he is a new
            # player (NEW-06, HIPP:L224) whose big blind is his way in (NEW-02, HIPP:L218).
            # Sparing him would hold the button back (BTN-02, HIPP:L216) and deal him in on
            # the small blind (NEW-01: LPR r68, HIPP:L219).
            # If no active player's button does it, new players may take a blind too
            # (BTN-06 wins over NEW-01 when both cannot hold).
            for pool in (active, cands):
                fixed = False
                for _ in range(len(pool)):
                    button = _next(pool, button, n)
                    sb = _next(pool, button, n)
                    bb = _next(cands, sb, n, (button,))
                    if seat_of(bb).last_bb_hand != last and not between(bb, button, sb, n):
                        fixed = True
                        break
                if fixed:
                    restart = restart or pool is cands
                    break
        dealt = {button, sb, bb}
        if buyer is not None and not (
            seat_of(buyer).new and between(buyer, button, sb, n) and buyer in cands
        ):
            buyer = None  # NEW-03: no longer between the button and the small blind
    make_up: dict[SeatNo, str] = {}
    active_set = set(active)
    # NEW-01 as the house sets it (HIPP): nobody comes in between the button and the SB.
    gap_closed = "between_button_and_small_blind" in rules.new_player_blocked_positions
    for s in cands:
        if s in dealt or pair is not None:
            continue
        seat = seats[s - 1]
        assert seat is not None
        if s in active_set or s == buyer:
            dealt.add(s)
        elif s in mistaken_seats:
            dealt.add(s)  # NEW-05: dealt in without posting
        elif seat.owes:
            late = rules.missed_blind_return == "post_sb_if_before_button" and seat.button_passed
            if gap_closed and sb is not None and between(s, button, sb, n):
                # NEW-01 / NEW-04 (HIPP:L219-220): the seats between the button and the small
                # blind are entered only by buying the button. A make-up post there would
                # give him the button next (the button always moves to the next player,
                # HIPP:L215-216) with the same two players posting the blinds again, or make
                # the button skip him: he waits until the button has passed him.
                continue
            if seat.will_post and not late:
                dealt.add(s)
                make_up[s] = (
                    "sb" if rules.missed_blind_return == "post_sb_if_before_button" else "bb"
                )
        elif seat.new:
            if between(s, button, sb, n) if sb is not None else False:
                continue  # NEW-01: no entry between the button and the small blind
            if seat.will_post:
                dealt.add(s)
                make_up[s] = "bb"
            elif rules.new_player_may_play_before_bb and not rules.new_player_post_required:
                dealt.add(s)  # NEW-02: may play before his big blind, without posting
    positions = tuple([s for s in clockwise_after(button, n) if s in dealt])
    np = len(positions)
    pos = {s: p for p, s in enumerate(positions)}
    blinds, antes = _forced_bets(state, positions, sb, bb)
    bb_poster: SeatNo | None = bb
    sb_seat_rec, bb_seat_rec = sb, bb
    if buyer is not None:
        # NEW-03 (CONFLICTS H-4): the buyer's two posts replace this hand's blinds; the
        # regular blind players post on the next hand, when the buyer has the button.
        assert sb is not None
        blinds[pos[sb]] = 0
        blinds[pos[bb]] = 0
        blinds[pos[buyer]] = cfg.big_blind
        antes[pos[buyer]] += cfg.small_blind
        bb_poster = buyer
        sb_seat_rec = bb_seat_rec = buyer
    for s, kind in make_up.items():
        # NEW-04 / G13 / G23: a big-blind make-up is live (as configured), a small one dead.
        if kind == "bb":
            if rules.missed_blind_post_live or seat_of(s).new:
                blinds[pos[s]] = cfg.big_blind
            else:
                antes[pos[s]] += cfg.big_blind
        elif rules.missed_sb_post_dead:
            antes[pos[s]] += cfg.small_blind
        else:
            blinds[pos[s]] = cfg.small_blind
    first = (pos[bb_poster] + 1) % np if bb_poster is not None else 0
    # BLD-05: a declared straddle, if its player is where the house allows one.
    straddler = state.find(state.straddle) if state.straddle else None
    if straddler is not None and straddler in pos and buyer is None:
        p = pos[straddler]
        mode = rules.straddle_mode
        amount = rules.straddle_multiple_of_bb * cfg.big_blind
        if mode == "utg_live_blind" and np >= 3 and p == first and blinds[p] == 0:
            blinds[p] = amount
            first = (p + 1) % np
        elif mode == "button_only_3_4_handed" and 3 <= np <= 4 and straddler == button:
            blinds[p] = amount
            if rules.button_straddle_preflop_start == "small_blind":
                first = 0
    # NEW-04: blinds that passed absent players are missed; the button passing is noted.
    missed_bb: list[SeatNo] = []
    missed_sb: list[SeatNo] = []
    passed: list[SeatNo] = []
    if not first_hand and not restart and len(dealt) < with_chips:  # someone with chips is out
        prev_bb, prev_sb, prev_btn = state.bb_seat, state.sb_seat, state.button
        # A blind or the button that stays on its seat passed nobody (``between`` reads the
        # whole circle when both ends are the same seat): heads-up, the button that posted
        # the small blind may keep it (BTN-06), and a rebuy may post his big blind again
        # (NEW-06); an absent player missed neither (NEW-04).
        if prev_bb == bb:
            prev_bb = None
        if prev_sb == sb or sb is None:
            prev_sb = None
        btn_moved = prev_btn != button
        for s, seat_or_none in zip(clockwise_after(SeatNo(n), n), seats, strict=True):
            if seat_or_none is None or s in dealt or seat_or_none.new or seat_or_none.stack == 0:
                continue
            if prev_bb is not None and between(s, prev_bb, bb, n):
                missed_bb.append(s)
            if prev_sb is not None and sb is not None and between(s, prev_sb, sb, n):
                missed_sb.append(s)
            if btn_moved and seat_or_none.owes and between(s, prev_btn, button, n):
                passed.append(s)
    entered = positions
    if mistaken_seats:
        entered = tuple([s for s in positions if s not in mistaken_seats])
    return HandPlan(
        button=button,
        sb_seat=sb_seat_rec,
        bb_seat=bb_seat_rec,
        bb_poster=bb_poster,
        positions=positions,
        blinds=tuple(blinds),
        antes=tuple(antes),
        first_to_act=first,
        entered=entered,
        missed_bb=tuple(missed_bb),
        missed_sb=tuple(missed_sb),
        button_passed=tuple(passed),
        mistaken=tuple([pos[s] for s in sorted(mistaken_seats)]),
        absent=(),
    )


# -- the button commands ----------------------------------------------------------------


def _draw_players(st: TableState) -> list[SeatNo]:
    return [SeatNo(k + 1) for k, s in enumerate(st.seats) if s is not None and s.stack > 0]


def decide_draw(st: TableState, c: DrawButton) -> list[TableEvent]:
    no_hand(st, "the button draw")
    if st.button is not None:
        raise TableError(
            "button_drawn", f"the button is on seat {st.button}; use RedrawButton (BTN-08)"
        )
    rounds, seat = draw_button(_draw_players(st), c.seed, st.config.rules.draw_suit_order)
    return [ButtonDrawn(rounds, seat)]


def decide_redraw(st: TableState, c: RedrawButton) -> list[TableEvent]:
    rules = st.config.rules
    no_hand(st, "the button draw")
    players = st.players()
    new = c.new_players
    if new is None:
        new = tuple(s.player for s in st.seats if s is not None and s.new)
    fraction_ok = (
        rules.redraw_button_on_reseat
        and players
        and len(set(new) & set(players)) >= rules.redraw_button_if_new_fraction_gte * len(players)
    )
    if not ((c.final_table and rules.redraw_button_at_final_table) or fraction_ok):
        raise TableError(
            "no_redraw",
            f"{rules.name}: no new button draw: {len(new)} of {len(players)} players are new "
            f"(a draw needs {rules.redraw_button_if_new_fraction_gte} with re-seat draws "
            f"{'on' if rules.redraw_button_on_reseat else 'off'}), final table draw "
            f"{'on' if rules.redraw_button_at_final_table else 'off'} (BTN-08)",
        )
    rounds, seat = draw_button(_draw_players(st), c.seed, rules.draw_suit_order)
    return [ButtonDrawn(rounds, seat)]


def decide_place(st: TableState, c: PlaceButton) -> list[TableEvent]:
    tournament_only(st, "placing the button drawn at another table")
    no_hand(st, "placing the button")
    if st.button is not None:
        raise TableError(
            "button_drawn", f"the button is on seat {st.button}; use RedrawButton (BTN-08)"
        )
    n = st.config.seats
    seat = st.seats[c.seat - 1] if 1 <= c.seat <= n else None
    if seat is None or seat.stack == 0:
        here = ", ".join(map(str, _draw_players(st))) or "none"
        raise TableError(
            "button_seat_empty",
            f"the button goes to a player's seat (BTN-01, CONFLICTS G-18); seat {c.seat} has "
            f"no player with chips; players sit in: {here}",
        )
    return [ButtonPlaced(c.seat)]


def evolve_drawn(st: TableState, e: ButtonDrawn) -> TableState:
    return updated(st, button=e.button, sb_seat=None, bb_seat=None, fresh_button=True)


def evolve_placed(st: TableState, e: ButtonPlaced) -> TableState:
    return updated(st, button=e.button, sb_seat=None, bb_seat=None, fresh_button=True)
