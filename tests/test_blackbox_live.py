"""Black-box tests: a table dealt LIVE from a physical deck (``StartHand(live=True)``).

Written from README.md, docs/*.md, ``help()`` on the public modules and the five rulebooks
(../shared/seeds/000 LPR, 001 GROS, 002 HIPP, 003 CAMB, 004 RRP; ../shared/RULES.md,
../shared/CONFLICTS.md) only. Every number is worked out by hand in the comments.

Conventions used throughout: seats 1, 2, 3 (, 4) hold A, B, C (, D). With the button on
seat 1, B posts the small blind, C the big blind; the dealer reports the hole cards one at
a time clockwise from the small blind (FLOW-02), then burn + flop, burn + turn, burn + river
(FLOW-05).
"""

from __future__ import annotations

import pytest

from pokerroom.cards import parse_cards
from pokerroom.floor import corrections, dead, deck_faults, irregularities
from pokerroom.house import load_house
from pokerroom.table import (
    Act,
    FloorRuling,
    PushChips,
    ReportCard,
    SitDown,
    StartHand,
    Straddle,
    TableConfig,
    TableHost,
    replay,
)
from pokerroom.table.commands import ChipPush

HOUSES = ["lpr", "grosvenor", "hippodrome", "cambridge", "roberts"]


def card(text: str):  # type: ignore[no-untyped-def]
    return parse_cards(text)[0]


def host(
    house: str,
    mode: str = "cash",
    names: str = "ABC",
    stacks: tuple[int, ...] | None = None,
    sb: int = 1,
    bb: int = 2,
) -> TableHost:
    h = TableHost(
        TableConfig(
            load_house(house, mode),
            seats=6,
            small_blind=sb,
            big_blind=bb,
            buyin_min=20,
            buyin_max=20000,
        )
    )
    for i, name in enumerate(names):
        h.apply(SitDown(name, i + 1, stacks[i] if stacks else 200))
    return h


def deal(h: TableHost, cards: str, **kw: object) -> list:
    out: list = []
    for c in parse_cards(cards):
        out += h.apply(ReportCard(c, **kw))  # type: ignore[arg-type]
    return out


def _raised_pot_flop_bet(h: TableHost) -> None:
    """Dealt live, button 1: A raises to 6, B and C call (18); burn 3c, flop Ks 8d 2c; B bets 10."""
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhQc7h2d")
    h.apply(Act("A", "raise", 6))
    h.apply(Act("B", "call"))
    h.apply(Act("C", "call"))
    deal(h, "3cKs8d2c")
    h.apply(Act("B", "bet", 10))


def seat_stacks(h: TableHost) -> dict[str, int]:
    return {s.player: s.stack for s in h.state.seats if s is not None}


def rulings(events: list | tuple) -> list:
    """The floor's rulings (rule, outcome) among a command's events."""
    out = []
    for e in events:
        ev = getattr(e, "event", None)
        if ev is not None and hasattr(ev, "rule") and hasattr(ev, "outcome"):
            out.append(ev)
    return out


def called_off(events: list | tuple) -> list:
    return [e for e in events if type(e).__name__ == "HandCalledOff"]


def chips_read(events: list | tuple):  # type: ignore[no-untyped-def]
    reads = [e for e in events if type(e).__name__ == "ChipsRead"]
    assert len(reads) == 1
    return reads[0]


def first_hand(h: TableHost) -> None:
    """Hand 1, button seat 1, dealt live: everyone folds to the big blind (C, seat 3),
    who wins the small blind: A 200, B 199, C 201 (D 200). The button then moves to seat 2."""
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "2c3c4c5c6c7c8c9c"[: 4 * len(h.state.players())])
    while h.state.in_hand:
        player, _ = h.legal()  # type: ignore[misc]
        h.apply(Act(player, "fold"))


def unchanged(h: TableHost, command: object, code: str) -> None:
    before, n = h.state, len(h.events)
    with pytest.raises(Exception) as info:
        h.apply(command)  # type: ignore[arg-type]
    assert getattr(info.value, "code", None) == code, str(info.value)
    assert h.state == before
    assert len(h.events) == n


# --------------------------------------------------------------------------------------
# A whole hand, card by card
# --------------------------------------------------------------------------------------


def test_flow_02_05_full_live_hand_card_by_card_to_a_showdown_with_a_side_pot() -> None:
    """LPR cash 1/2, A 200 (button), B 200 (SB), C 60 (BB), D 200 (UTG).

    Hole cards in dealing order B C D A B C D A: B AhKh, C QsQd, D 9c9h, A 7s2d.
    Pre-flop: D raises to 6, A folds, B calls 6, C all in for 60, D calls, B calls:
    main pot 3 x 60 = 180. Burn 3c, flop Qc 9s 4c: B checks, D bets 40, B calls (side 80).
    Burn 5d, turn 2h: check, check. Burn 6h, river 3d: B all in for 100, D calls (side 280).
    C's three queens win the main pot (180); D's three nines beat B's ace-king for the side
    pot (280). Final: A 200, B 0, C 180, D 280 (660 in, 660 out).
    """
    h = host("lpr", names="ABCD", stacks=(200, 200, 60, 200))
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AhQs9c7sKhQd9h2d")
    assert h.state.live.hands == tuple(  # type: ignore[union-attr]
        tuple(parse_cards(x)) for x in ("AhKh", "QsQd", "9c9h", "7s2d")
    )
    h.apply(Act("D", "raise", 6))
    h.apply(Act("A", "fold"))
    h.apply(Act("B", "call"))
    h.apply(Act("C", "raise", 60))
    h.apply(Act("D", "call"))
    h.apply(Act("B", "call"))
    deal(h, "3cQc9s4c")
    assert h.state.live.engine.board == tuple(parse_cards("Qc9s4c"))  # type: ignore[union-attr]
    assert h.state.live.where(card("3c")) == "burn"  # type: ignore[union-attr]
    h.apply(Act("B", "check"))
    h.apply(Act("D", "bet", 40))
    h.apply(Act("B", "call"))
    deal(h, "5d2h")
    h.apply(Act("B", "check"))
    h.apply(Act("D", "check"))
    deal(h, "6h3d")
    h.apply(Act("B", "bet", 100))
    events = h.apply(Act("D", "call"))
    assert not h.state.in_hand
    assert any(type(e).__name__ == "HandFinished" for e in events)
    assert seat_stacks(h) == {"A": 200, "B": 0, "C": 180, "D": 280}
    assert h.state.ledger_balanced()


def test_gov_07_event_log_of_a_live_hand_with_floor_rulings_replays_to_the_same_table() -> None:
    """HIPP cash 1/2. The third card of the deal (Qh, A's first) is exposed: IRR-01, A gets the
    next card after the deal (9s) and Qh is the pre-flop burn, so the flop comes without one.
    A 9s2d, B AsQc, C Kd7h. All call 2 (pot 6). Flop Ks 8d 2c: B checks, C bets 4, A folds,
    B calls (pot 14). The dealer turns 4h without burning; nobody has acted: IRR-14 (HIPP:L159)
    corrected, 4h is the burn and 9h the turn. Burn 5s, river Jc, checked down: C's kings beat
    B's ace high. Final: A 198, B 194, C 208. The log replays to the same table mid-hand and
    at the end (GOV-07)."""
    h = host("hippodrome")
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQh")
    assert [
        r.rule for r in rulings(h.apply(FloorRuling(irregularities.ExposedCard(card("Qh")))))
    ] == ["IRR-01"]
    deal(h, "Qc7h2d9s")
    assert h.state.live.hands[2] == tuple(parse_cards("9s2d"))  # type: ignore[union-attr]
    h.apply(Act("A", "call"))
    h.apply(Act("B", "call"))
    h.apply(Act("C", "check"))
    deal(h, "Ks8d2c")  # no burn: the exposed Qh is the burn
    assert h.state.live.engine.board == tuple(parse_cards("Ks8d2c"))  # type: ignore[union-attr]
    assert h.state.live.where(card("Qh")) == "burn"  # type: ignore[union-attr]
    h.apply(Act("B", "check"))
    h.apply(Act("C", "bet", 4))
    h.apply(Act("A", "fold"))
    h.apply(Act("B", "call"))
    h.apply(ReportCard(card("4h"), to="board"))
    [r] = rulings(h.apply(FloorRuling(corrections.CorrectBurnError())))
    assert (r.rule, r.outcome) == ("IRR-14", "burn_corrected")
    deal(h, "9h")
    assert h.state.live.engine.board == tuple(parse_cards("Ks8d2c9h"))  # type: ignore[union-attr]
    assert replay(h.state.config, h.events) == h.state
    h.apply(Act("B", "check"))
    h.apply(Act("C", "check"))
    deal(h, "5sJc")
    h.apply(Act("B", "check"))
    h.apply(Act("C", "check"))
    assert not h.state.in_hand
    assert seat_stacks(h) == {"A": 198, "B": 194, "C": 208}
    again = replay(h.state.config, h.events)
    assert again == h.state
    assert {s.player: s.stack for s in again.seats if s} == {"A": 198, "B": 194, "C": 208}


# --------------------------------------------------------------------------------------
# Exposed and boxed cards on the deal
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["first", "third"])
@pytest.mark.parametrize("house", HOUSES)
def test_mis_04_irr_01_card_exposed_on_the_deal_per_house(house: str, which: str) -> None:
    """first: the very first card (B's As) is turned up. LPR r40, HIPP:L122, RRP:L13:
    misdeal, the blinds go back. GROS:L39 ("any card, first to last") and CAMB:L52: replaced.
    third: A's first card Qh is turned up: not one of the first two, replaced everywhere (LPR
    r38, GROS:L39, HIPP:L127, CAMB:L52, RRP:L18).
    Replaced: the player gets the next card after the deal (9s), nobody acts before it, the
    exposed card is the pre-flop burn, and after A limps, B completes and C checks the flop
    Ks 8d 2c comes with no other burn."""
    misdeal = which == "first" and house in ("lpr", "hippodrome", "roberts")
    exposed = "As" if which == "first" else "Qh"
    h = host(house)
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "As" if which == "first" else "AsKdQh")
    events = h.apply(FloorRuling(irregularities.ExposedCard(card(exposed))))
    [r] = rulings(events)
    if misdeal:
        assert (r.rule, r.outcome) == ("MIS-04", "misdeal")
        [off] = called_off(events)
        assert off.same_button
        assert dict(off.returned) == {2: 1, 3: 2}
        assert not h.state.in_hand
        assert seat_stacks(h) == {"A": 200, "B": 200, "C": 200}
        return
    assert (r.rule, r.outcome) == ("IRR-01", "replace")
    deal(h, "KdQhQc7h2d" if which == "first" else "Qc7h2d")
    assert h.legal() is None  # nobody acts before the replacement is dealt
    deal(h, "9s")
    hands = ("9sQc", "Kd7h", "Qh2d") if which == "first" else ("AsQc", "Kd7h", "9s2d")
    assert h.state.live.hands == tuple(tuple(parse_cards(x)) for x in hands)  # type: ignore[union-attr]
    h.apply(Act("A", "call"))
    h.apply(Act("B", "call"))
    h.apply(Act("C", "check"))
    deal(h, "Ks8d2c")
    assert h.state.live.engine.board == tuple(parse_cards("Ks8d2c"))  # type: ignore[union-attr]
    assert h.state.live.where(card(exposed)) == "burn"  # type: ignore[union-attr]


@pytest.mark.parametrize("house", HOUSES)
def test_mis_05_two_cards_exposed_on_the_deal_is_a_misdeal_in_every_house(house: str) -> None:
    """Qh (third card) exposed and replaced, then 7h (fifth card) exposed too: two exposed
    cards on the initial deal, misdeal everywhere (LPR r39, GROS:L36/L39 void, HIPP:L123,
    CAMB:L52, RRP:L14): B's 1 and C's 2 go back."""
    h = host(house)
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQh")
    h.apply(FloorRuling(irregularities.ExposedCard(card("Qh"))))
    deal(h, "Qc7h")
    events = h.apply(FloorRuling(irregularities.ExposedCard(card("7h"))))
    [r] = rulings(events)
    assert (r.rule, r.outcome) == ("MIS-05", "misdeal")
    [off] = called_off(events)
    assert dict(off.returned) == {2: 1, 3: 2}
    assert not h.state.in_hand
    assert seat_stacks(h) == {"A": 200, "B": 200, "C": 200}


@pytest.mark.parametrize(
    ("house", "outcome"),
    [
        ("lpr", "scrap"),
        ("grosvenor", "replace"),
        ("hippodrome", "scrap"),
        ("cambridge", "scrap"),
        ("roberts", "scrap"),
    ],
)
def test_irr_02_one_boxed_card_on_the_deal_per_house(house: str, outcome: str) -> None:
    """After As (B) and Kd (C) the next card, Qh, is found face up in the deck.
    LPR r48 / RRP:L41 (HIPP, CAMB silent: the same): a scrap of paper, the card below it (Jh)
    goes to A instead; A Jh2d; the pre-flop burn is then a normal burn (3c) before Ks 8d 2c.
    GROS:L49: an exposed card exchanged for the first burn: A holds Qh until the deal is over,
    then gets 9s; Qh is the burn, the flop Ks 8d 2c comes with no burn."""
    h = host(house)
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKd")
    [r] = rulings(h.apply(FloorRuling(irregularities.BoxedCard(card("Qh")))))
    assert (r.rule, r.outcome) == ("IRR-02", outcome)
    if outcome == "scrap":
        deal(h, "JhQc7h2d")
        a_hand, flop = "Jh2d", "3cKs8d2c"
    else:
        deal(h, "Qc7h2d9s")
        a_hand, flop = "9s2d", "Ks8d2c"
    assert h.state.live.hands[2] == tuple(parse_cards(a_hand))  # type: ignore[union-attr]
    h.apply(Act("A", "call"))
    h.apply(Act("B", "call"))
    h.apply(Act("C", "check"))
    deal(h, flop)
    assert h.state.live.engine.board == tuple(parse_cards("Ks8d2c"))  # type: ignore[union-attr]


@pytest.mark.parametrize("house", ["grosvenor", "hippodrome", "roberts"])
def test_mis_06_two_boxed_cards_misdeal_chips_back_and_the_same_button_deals_again(
    house: str,
) -> None:
    """GROS:L51 (more than one boxed card voids the deal), HIPP:L124, RRP:L15.
    Hand 2 (button seat 2: C posts 1, A posts 2). Two boxed cards: misdeal, C and A get their
    blinds back (A 200, B 199, C 201) and the next deal has the same button and blinds."""
    h = host(house)
    first_hand(h)
    h.apply(StartHand(b"", live=True))
    assert (h.state.button, h.state.sb_seat, h.state.bb_seat) == (2, 3, 1)
    deal(h, "AsKd")
    h.apply(FloorRuling(irregularities.BoxedCard(card("Qh"))))
    events = h.apply(FloorRuling(irregularities.BoxedCard(card("Jh"))))
    [r] = rulings(events)
    assert (r.rule, r.outcome) == ("MIS-06", "misdeal")
    assert dict(called_off(events)[0].returned) == {3: 1, 1: 2}
    assert seat_stacks(h) == {"A": 200, "B": 199, "C": 201}
    h.apply(StartHand(b"", live=True))
    assert (h.state.button, h.state.sb_seat, h.state.bb_seat) == (2, 3, 1)
    # positions C (SB), A (BB), B (button)
    assert tuple(h.state.live.engine.stacks) == (200, 198, 199)  # type: ignore[union-attr]


# --------------------------------------------------------------------------------------
# Misdeals and the cut-off
# --------------------------------------------------------------------------------------


def test_mis_01_02_lpr_misdeal_before_the_cut_off_chips_back_same_button_next_deal() -> None:
    """LPR, four players, hand 2: button B (seat 2), C posts 1, D posts 2, A is first.
    A folds (one action; LPR r43/r49: action = two players acting). The dealer finds a player
    holding another player's cards (LPR r45): misdeal, C gets 1 and D 2 back; the table is as
    before the deal (A 200, B 199, C 201, D 200) and the redeal has the same button."""
    h = host("lpr", names="ABCD")
    first_hand(h)
    h.apply(StartHand(b"", live=True))
    assert (h.state.button, h.state.sb_seat, h.state.bb_seat) == (2, 3, 4)
    deal(h, "AsKdQhJcTs9s8s7s")
    h.apply(Act("A", "fold"))
    events = h.apply(FloorRuling(irregularities.DeclareMisdeal("another_players_cards")))
    [off] = called_off(events)
    assert dict(off.returned) == {3: 1, 4: 2}
    assert off.same_button
    assert seat_stacks(h) == {"A": 200, "B": 199, "C": 201, "D": 200}
    h.apply(StartHand(b"", live=True))
    assert (h.state.button, h.state.sb_seat, h.state.bb_seat) == (2, 3, 4)
    assert h.state.hand_no == 2


@pytest.mark.parametrize(
    ("house", "allowed_after_one"),
    [
        ("lpr", True),
        ("grosvenor", False),
        ("hippodrome", True),
        ("cambridge", True),
        ("roberts", True),
    ],
)
def test_mis_01_misdeal_cut_off_per_house(house: str, allowed_after_one: bool) -> None:
    """Four players, button seat 1: D (UTG) folds. GROS:L33 "before any betting" (cut-off 1):
    a misdeal is now refused; LPR r49, HIPP:L120, RRP:L23 (and CAMB's chosen default): two
    players must have acted, so it is still a misdeal. After A also calls, every house refuses
    (``misdeal_cutoff_passed``) and nothing changes."""
    h = host(house, names="ABCD")
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhJcTs9s8s7s")
    h.apply(Act("D", "fold"))
    cmd = FloorRuling(irregularities.DeclareMisdeal("out_of_order"))
    if not allowed_after_one:
        unchanged(h, cmd, "misdeal_cutoff_passed")
        return
    h.apply(Act("A", "call"))
    unchanged(h, cmd, "misdeal_cutoff_passed")


# --------------------------------------------------------------------------------------
# Premature board cards, burn errors, too many flop cards
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("house", "stands"), [(h, h == "grosvenor") for h in HOUSES])
@pytest.mark.parametrize("pending", ["check", "call"])
def test_irr_10_premature_flop_per_house(house: str, stands: bool, pending: str) -> None:
    """The dealer burns 3c and flops Ks 8d 2c while C (big blind) has not acted.
    pending=check: A and B limped, C had only a check left: GROS:L45-46 the flop stands and C
    is deemed to have checked (B first on the flop); LPR r54, HIPP:L158, RRP:L50 (CAMB
    default): reshuffled, C acts, and the new flop comes off the stub with no new burn (G18).
    pending=call: A raised to 6 and B called: C was facing a bet, reshuffled everywhere."""
    h = host(house)
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhQc7h2d")
    if pending == "check":
        h.apply(Act("A", "call"))
    else:
        h.apply(Act("A", "raise", 6))
    h.apply(Act("B", "call"))
    deal(h, "3cKs8d2c")
    [r] = rulings(h.apply(FloorRuling(irregularities.RulePrematureCards())))
    live = h.state.live
    assert live is not None
    if stands and pending == "check":
        assert (r.rule, r.outcome) == ("IRR-10", "stands")
        assert live.engine.board == tuple(parse_cards("Ks8d2c"))
        assert h.legal()[0] == "B"  # type: ignore[index]
        return
    assert (r.rule, r.outcome) == ("IRR-10", "reshuffle")
    assert live.engine.board == ()
    player, options = h.legal()  # type: ignore[misc]
    assert player == "C"
    assert options.can_check == (pending == "check")
    h.apply(Act("C", "check" if pending == "check" else "call"))
    deal(h, "JdTd9c")
    assert h.state.live.engine.board == tuple(parse_cards("JdTd9c"))  # type: ignore[union-attr]
    assert h.state.live.where(card("3c")) == "burn"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("house", "turn", "river_cards"),
    [
        # LPR r55: burn 6h, the would-be river 7c is the turn; the set-aside 5d is shuffled
        # back and the river (9s) comes with no burn.
        ("lpr", "7c", "9s"),
        # GROS:L41: 5d shuffled back into the stub, no new burn (G18): 6h is the turn, then
        # burn 7c, river 9s.
        ("grosvenor", "6h", "7c9s"),
    ],
)
def test_irr_11_premature_turn_per_house(house: str, turn: str, river_cards: str) -> None:
    """All limp (pot 6). Flop Ks 8d 2c: B checks, C bets 4 and, before A acts, the dealer burns
    4h and turns 5d. The supervisor rules (GOV-05). A calls, B folds (pot 14); the turn and
    river are checked; C's pair of kings beats A's pair of deuces: A 194, B 198, C 208."""
    h = host(house)
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhQc7h2d")
    h.apply(Act("A", "call"))
    h.apply(Act("B", "call"))
    h.apply(Act("C", "check"))
    deal(h, "3cKs8d2c")
    h.apply(Act("B", "check"))
    h.apply(Act("C", "bet", 4))
    deal(h, "4h5d")
    unchanged(h, FloorRuling(irregularities.RulePrematureCards(by="dealer")), "supervisor_required")
    [r] = rulings(h.apply(FloorRuling(irregularities.RulePrematureCards())))
    assert r.rule == "IRR-11"
    h.apply(Act("A", "call"))
    h.apply(Act("B", "fold"))
    deal(h, "6h7c" if house == "lpr" else "6h")
    assert h.state.live.engine.board == tuple(parse_cards("Ks8d2c" + turn))  # type: ignore[union-attr]
    h.apply(Act("C", "check"))
    h.apply(Act("A", "check"))
    deal(h, river_cards)
    assert h.state.live.engine.board[-1] == card("9s")  # type: ignore[union-attr]
    h.apply(Act("C", "check"))
    h.apply(Act("A", "check"))
    assert seat_stacks(h) == {"A": 194, "B": 198, "C": 208}


@pytest.mark.parametrize("noticed", ["before_action", "after_action"])
def test_irr_14_missed_burn_on_the_flop_corrected_or_standing(noticed: str) -> None:
    """HIPP:L159. All limp. The dealer turns 3h 8d 9d with no burn.
    Noticed before any action: corrected, 3h is the burn, 8d 9d go back on top of the stub and
    are dealt again with Tc. Noticed after B checked: the flop stands, and later cards come as
    without the error: the turn burns Tc and Jc and is 5s (burn 3h, flop 8d 9d Tc, burn Jc,
    turn 5s had the dealer burned)."""
    h = host("hippodrome")
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhQc7h2d")
    h.apply(Act("A", "call"))
    h.apply(Act("B", "call"))
    h.apply(Act("C", "check"))
    deal(h, "3h8d9d", to="flop")
    if noticed == "before_action":
        [r] = rulings(h.apply(FloorRuling(corrections.CorrectBurnError())))
        assert (r.rule, r.outcome) == ("IRR-14", "burn_corrected")
        assert h.state.live.where(card("3h")) == "burn"  # type: ignore[union-attr]
        deal(h, "8d9dTc")
        assert h.state.live.engine.board == tuple(parse_cards("8d9dTc"))  # type: ignore[union-attr]
        assert h.legal()[0] == "B"  # type: ignore[index]
        return
    h.apply(Act("B", "check"))
    [r] = rulings(h.apply(FloorRuling(corrections.CorrectBurnError())))
    assert (r.rule, r.outcome) == ("IRR-14", "stands")
    h.apply(Act("C", "check"))
    h.apply(Act("A", "check"))
    deal(h, "TcJc5s")
    assert h.state.live.engine.board == tuple(parse_cards("3h8d9d5s"))  # type: ignore[union-attr]


def test_irr_13_lpr_four_flop_cards_supervisor_picks_three_surplus_is_the_turn_burn() -> None:
    """LPR r57: burn 3c, the dealer turns 2c Ks 7d and 9h. The supervisor picks 2c 7d 9h; Ks
    is the turn burn, so the next card (Jd) is the turn itself."""
    h = host("lpr")
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhQc7h2d")
    h.apply(Act("A", "call"))
    h.apply(Act("B", "call"))
    h.apply(Act("C", "check"))
    deal(h, "3c2cKs7d")
    h.apply(ReportCard(card("9h"), to="flop"))
    assert h.legal() is None  # waiting for the supervisor
    [r] = rulings(
        h.apply(FloorRuling(corrections.TooManyFlopCards((), flop=tuple(parse_cards("2c7d9h")))))
    )
    assert r.rule == "IRR-13"
    assert h.state.live.engine.board == tuple(parse_cards("2c7d9h"))  # type: ignore[union-attr]
    for p in "BCA":
        h.apply(Act(p, "check"))
    deal(h, "Jd")
    assert h.state.live.engine.board == tuple(parse_cards("2c7d9hJd"))  # type: ignore[union-attr]


# --------------------------------------------------------------------------------------
# Duplicate cards, jokers, extra cards
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("house", "rule", "kind"),
    [
        ("lpr", "MIS-12", "misdeal"),
        ("grosvenor", "IRR-05", "void"),
        ("hippodrome", "IRR-05", "void"),
        ("cambridge", "IRR-05", "void"),
        ("roberts", "IRR-05", "void"),
    ],
)
def test_irr_05_duplicate_card_on_the_flop_every_chip_back(
    house: str, rule: str, kind: str
) -> None:
    """A raises to 6, B and C call; flop; B bets 10, C calls. A second As appears: LPR r47
    misdeal, all bets returned; HIPP:L149, RRP:L38 void (GROS, CAMB silent: void). B and C get
    16 back, A 6: everyone 200 again. The dealer first reports it as an ordinary card: refused
    (``duplicate_card``) and nothing changes."""
    h = host(house)
    _raised_pot_flop_bet(h)
    h.apply(Act("C", "call"))
    unchanged(h, ReportCard(card("As")), "duplicate_card")
    events = h.apply(FloorRuling(irregularities.DuplicateCardFound(card("As"), None, None)))
    [off] = called_off(events)
    assert (off.rule, off.kind) == (rule, kind)
    assert dict(off.returned) == {1: 6, 2: 16, 3: 16}
    assert seat_stacks(h) == {"A": 200, "B": 200, "C": 200}


def test_irr_05_freerolling_player_hipp_refund_to_last_live_hand_rrp_money_to_next_deal() -> None:
    """HIPP:L151. A raises to 6, B and C call (18). Flop: B bets 10, C folds, A raises to 30,
    B calls. A knew the deck held a second As: void, C gets 6 back, A's 36 go to B, the last
    live hand, with B's own 36: A 164, B 236, C 200.

    RRP:L39-40. Hand 2 (button B, C 1, A 2): B raises to 6, C and A call (18). Flop: C bets
    10, A folds, B raises to 30. B knew of the second As: void, C gets 16, A 6 back, B's 36
    stay in the pot for the next deal (A 200, B 163, C 201). Redeal, same button: B folds,
    C folds, A's big blind wins 1 + 2 + 36: A 237, B 163, C 200."""
    h = host("hippodrome")
    _raised_pot_flop_bet(h)
    h.apply(Act("C", "fold"))
    h.apply(Act("A", "raise", 30))
    h.apply(Act("B", "call"))
    h.apply(FloorRuling(irregularities.DuplicateCardFound(card("As"), 2, 0)))
    assert seat_stacks(h) == {"A": 164, "B": 236, "C": 200}
    assert h.state.ledger_balanced()

    h = host("roberts")
    first_hand(h)
    h.apply(StartHand(b"", live=True))
    deal(h, "AsKdQhQc7h2d")
    h.apply(Act("B", "raise", 6))
    h.apply(Act("C", "call"))
    h.apply(Act("A", "call"))
    deal(h, "3cKs8d2c")
    h.apply(Act("C", "bet", 10))
    h.apply(Act("A", "fold"))
    h.apply(Act("B", "raise", 30))
    h.apply(FloorRuling(irregularities.DuplicateCardFound(card("As"), 2, None)))
    assert seat_stacks(h) == {"A": 200, "B": 163, "C": 201}
    h.apply(StartHand(b"", live=True))
    assert h.state.button == 2
    deal(h, "AsKdQhQc7h2d")
    h.apply(Act("B", "fold"))
    h.apply(Act("C", "fold"))
    assert seat_stacks(h) == {"A": 237, "B": 163, "C": 200}
    assert h.state.ledger_balanced()


def test_irr_04_joker_replaced_before_acting_dead_after() -> None:
    """HIPP:L152 / RRP:L42. B's first card is a joker (the dealer saw nothing: card None).
    Found before B acts: replaced by the next card (9s). At RRP B first calls A's raise to 6,
    then shows the joker: dead hand, his 6 stay in; C folds; A wins 6 + 6 + 2:
    A 208, B 194, C 198."""
    h = host("hippodrome")
    h.apply(StartHand(b"", live=True, button=1))
    h.apply(ReportCard(None))
    deal(h, "KdQhQc7h2d")
    [r] = rulings(h.apply(FloorRuling(irregularities.JokerFound(0))))
    assert (r.rule, r.outcome) == ("IRR-04", "replace")
    deal(h, "9s")
    assert h.state.live.hands[0] == tuple(parse_cards("9sQc"))  # type: ignore[union-attr]

    h = host("roberts")
    h.apply(StartHand(b"", live=True, button=1))
    h.apply(ReportCard(None))
    deal(h, "KdQhQc7h2d")
    h.apply(Act("A", "raise", 6))
    h.apply(Act("B", "call"))
    [r] = rulings(h.apply(FloorRuling(irregularities.JokerFound(0))))
    assert (r.rule, r.outcome) == ("IRR-04", "dead")
    assert h.legal()[0] == "C"  # type: ignore[index]
    h.apply(Act("C", "fold"))
    assert seat_stacks(h) == {"A": 208, "B": 194, "C": 198}


@pytest.mark.parametrize("house", ["roberts", "lpr"])
def test_mis_07_one_extra_card_before_betting(house: str) -> None:
    """B is dealt a third card (9s) before any betting. RRP:L45: it goes back as the burn, so
    the flop Ks 8d 2c is dealt with no further burn. LPR r43: a misdeal, blinds back."""
    h = host(house)
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhQc7h2d")
    events = h.apply(FloorRuling(irregularities.ExtraCardDealt(0, card("9s"))))
    [r] = rulings(events)
    if house == "lpr":
        assert (r.rule, r.outcome) == ("MIS-07", "misdeal")
        assert not h.state.in_hand
        assert seat_stacks(h) == {"A": 200, "B": 200, "C": 200}
        return
    assert (r.rule, r.outcome) == ("MIS-07", "extra_to_burn")
    h.apply(Act("A", "call"))
    h.apply(Act("B", "call"))
    h.apply(Act("C", "check"))
    deal(h, "Ks8d2c")
    assert h.state.live.engine.board == tuple(parse_cards("Ks8d2c"))  # type: ignore[union-attr]


# --------------------------------------------------------------------------------------
# Chips pushed forward
# --------------------------------------------------------------------------------------


def chips_table(house: str, mode: str) -> TableHost:
    """Blinds 50/100, 10,000 each; all limp (pot 300); burn 3c, flop Ks 8d 2c; B bets 1,000.
    C, facing 1,000 with R = 1,000, pushes chips silently."""
    h = host(house, mode, stacks=(10000, 10000, 10000), sb=50, bb=100)
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhQc7h2d")
    h.apply(Act("A", "call"))
    h.apply(Act("B", "call"))
    h.apply(Act("C", "check"))
    deal(h, "3cKs8d2c")
    h.apply(Act("B", "bet", 1000))
    return h


@pytest.mark.parametrize("mode", ["cash", "tournament"])
@pytest.mark.parametrize(
    ("house", "raises"),
    [
        ("lpr", True),
        ("grosvenor", False),
        ("hippodrome", True),
        ("cambridge", True),
        ("roberts", True),
    ],
)
def test_chp_05_silent_overcall_of_half_a_bet_per_house(
    house: str, raises: bool, mode: str
) -> None:
    """C pushes 1,000 + 500 (extra 500 = 50% of R). LPR r25 (r18), HIPP:L177, RRP:L65: at least
    half: a minimum raise, made up to 2,000 (C 7,900 behind). GROS:L121 (cash) / L138
    (competition): under 51%: a call, 500 back (C 8,900). CAMB:L71: raise for the total, short
    of a raise: made 2,000 once the floor confirms (C-5). Then A and B fold to a raise:
    C wins 300 + 1,000 + 2,000 and ends on 11,200."""
    h = chips_table(house, mode)
    push = PushChips("C", ChipPush(chips=(1000, 500)))
    if house == "cambridge":
        unchanged(h, push, "floor_must_confirm")
        push = PushChips("C", ChipPush(chips=(1000, 500)), confirmed=True)
    read = chips_read(h.apply(push))
    live = h.state.live
    assert live is not None
    if raises:
        assert (read.action, read.amount_to, read.returned) == ("raise", 2000, 0)
        assert live.engine.stacks[1] == 7900
        h.apply(Act("A", "fold"))
        h.apply(Act("B", "fold"))
        assert seat_stacks(h) == {"A": 9900, "B": 8900, "C": 11200}
    else:
        assert (read.action, read.amount_to, read.returned) == ("call", 1000, 500)
        assert live.engine.stacks[1] == 8900


@pytest.mark.parametrize(
    ("house", "mode", "chips", "options"),
    [
        # GROS:L118 cash: 500 is under 51% of the 1,000 faced: take it back or complete.
        ("grosvenor", "cash", (500,), ("complete", "fold_take_back")),
        # GROS:L117 cash: 600 is 51% or more: committed, complete or forfeit.
        ("grosvenor", "cash", (500, 100), ("complete", "fold_forfeit")),
        # GROS:L137 competition: any short amount commits.
        ("grosvenor", "tournament", (500,), ("complete", "fold_forfeit")),
        # HIPP:L173: released chips bind, forfeited unless made up.
        ("hippodrome", "cash", (500,), ("complete", "fold_forfeit")),
        # RRP:L67: brought up to a call (LPR: chosen default, the same).
        ("roberts", "cash", (500,), None),
        ("lpr", "tournament", (500,), None),
    ],
)
def test_chp_06_silent_undercall_per_house_cash_and_tournament(
    house: str, mode: str, chips: tuple[int, ...], options: tuple[str, ...] | None
) -> None:
    """C pushes less than the 1,000 call, silently. Where the house leaves him a choice the push
    is refused (``choice_required``) until it names an option, and nothing changes; a fold
    that takes the chips back leaves C on 9,900, a forfeit on 9,900 - pushed; a call brought
    up leaves him on 8,900."""
    h = chips_table(house, mode)
    if options is None:
        read = chips_read(h.apply(PushChips("C", ChipPush(chips=chips))))
        assert (read.action, read.amount_to) == ("call", 1000)
        assert h.state.live.engine.stacks[1] == 8900  # type: ignore[union-attr]
        return
    before, n = h.state, len(h.events)
    with pytest.raises(Exception) as info:
        h.apply(PushChips("C", ChipPush(chips=chips)))
    assert getattr(info.value, "code", None) == "choice_required"
    for option in options:
        assert option in str(info.value)
    assert h.state == before and len(h.events) == n
    fold = options[1]
    read = chips_read(h.apply(PushChips("C", ChipPush(chips=chips), option=fold)))  # type: ignore[arg-type]
    assert read.action == "fold"
    lost = 0 if fold == "fold_take_back" else sum(chips)
    assert (read.returned, read.forfeited) == (sum(chips) - lost, lost)
    assert h.state.live.engine.stacks[1] == 9900 - lost  # type: ignore[union-attr]


@pytest.mark.parametrize("house", HOUSES)
def test_chp_02_small_blind_completes_with_one_oversized_chip(house: str) -> None:
    """Blinds 50/100; A limps; B (50 in) drops a single 500 chip silently: a call, 450 change
    (LPR r17 "including a blind completing", GROS:L62, HIPP:L176, CAMB:L71, RRP:L66). C then
    has the option: check or raise to at least 200."""
    h = host(house, stacks=(10000, 10000, 10000), sb=50, bb=100)
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhQc7h2d")
    h.apply(Act("A", "call"))
    read = chips_read(h.apply(PushChips("B", ChipPush(chips=(500,)))))
    assert (read.action, read.amount_to, read.chips_in, read.returned) == ("call", 100, 50, 450)
    player, options = h.legal()  # type: ignore[misc]
    assert player == "C" and options.can_check and options.min_raise_to == 200


# --------------------------------------------------------------------------------------
# Dead hands
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("house", "identifiable", "outcome"),
    [
        ("lpr", True, "live"),
        ("lpr", False, "dead"),
        ("grosvenor", True, "dead"),
        ("hippodrome", True, "live"),
        ("cambridge", True, "dead"),
        ("roberts", True, "live"),
    ],
)
def test_dead_02_live_hand_touches_the_muck_per_house(
    house: str, identifiable: bool, outcome: str
) -> None:
    """Four players, button A: D raises to 6, and B's (small blind) cards touch the muck.
    GROS:L56 and CAMB:L54: dead. RRP:L32 / HIPP:L137 (LPR by the same reading): live while
    clearly identifiable. A folds; a live B folds in turn (a dead B is skipped); C folds: D wins
    1 + 2: A 200, B 199, C 198, D 203 either way."""
    h = host(house, names="ABCD")
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhJcTs9s8s7s")
    h.apply(Act("D", "raise", 6))
    [r] = rulings(h.apply(FloorRuling(dead.CardsReachMuck(0, identifiable))))
    assert (r.rule, r.outcome) == ("DEAD-02", outcome)
    h.apply(Act("A", "fold"))
    if outcome == "live":
        assert h.legal()[0] == "B"  # type: ignore[index]
        h.apply(Act("B", "fold"))
    assert h.legal()[0] == "C"  # type: ignore[index]
    h.apply(Act("C", "fold"))
    assert seat_stacks(h) == {"A": 200, "B": 199, "C": 198, "D": 203}


@pytest.mark.parametrize(
    ("house", "refund", "final"),
    [
        # LPR r63: the uncalled raise (increment 14, CONFLICTS L-17) goes back.
        ("lpr", 14, {"A": 194, "B": 199, "C": 198, "D": 209}),
        # GROS:L55: the raise is kept, the call (6) stays in.
        ("grosvenor", 14, {"A": 194, "B": 199, "C": 198, "D": 209}),
        # HIPP:L148, RRP:L36 (CAMB default): no redress, all 20 stay in the pot.
        ("hippodrome", 0, {"A": 180, "B": 199, "C": 198, "D": 223}),
        ("cambridge", 0, {"A": 180, "B": 199, "C": 198, "D": 223}),
        ("roberts", 0, {"A": 180, "B": 199, "C": 198, "D": 223}),
    ],
)
def test_dead_06_dealer_kills_a_raisers_hand_per_house(
    house: str, refund: int, final: dict[str, int]
) -> None:
    """Four players, button A: D raises to 6, A re-raises to 20, and the dealer mucks A's cards
    before anyone calls. B and C fold; D wins what is in the pot."""
    h = host(house, names="ABCD")
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhJcTs9s8s7s")
    h.apply(Act("D", "raise", 6))
    h.apply(Act("A", "raise", 20))
    [r] = rulings(h.apply(FloorRuling(dead.KillHand(3, "dealer"))))
    assert r.rule == "DEAD-06"
    assert sum(x for _, x in r.refunds) == refund
    h.apply(Act("B", "fold"))
    h.apply(Act("C", "fold"))
    assert seat_stacks(h) == final


@pytest.mark.parametrize(
    ("house", "outcome"),
    [
        ("lpr", "retrieved"),
        ("grosvenor", "retrieved_no_further_action"),
        ("hippodrome", "retrieved"),
        ("cambridge", None),
        ("roberts", "retrieved"),
    ],
)
def test_dead_03_folded_hand_retrieved_per_house(house: str, outcome: str | None) -> None:
    """Four players, button A: D raises to 6, A folds; his cards are clearly identifiable and
    have not touched the muck. RRP:L32 (HIPP:L137, LPR by default): the floor gives them back
    and A acts again, raise included. GROS:L56: back, but no further action (CONFLICTS G-17:
    check, call or fold): a raise is refused (``no_further_action``), a call is taken.
    CAMB:L56: never retrieved (``retrieval_not_allowed``), nothing changes."""
    h = host(house, names="ABCD")
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhJcTs9s8s7s")
    h.apply(Act("D", "raise", 6))
    h.apply(Act("A", "fold"))
    cmd = FloorRuling(dead.RetrieveHand(3, True, False))
    if outcome is None:
        unchanged(h, cmd, "retrieval_not_allowed")
        assert h.legal()[0] == "B"  # type: ignore[index]
        return
    [r] = rulings(h.apply(cmd))
    assert (r.rule, r.outcome) == ("DEAD-03", outcome)
    assert h.legal()[0] == "A"  # type: ignore[index]
    if outcome == "retrieved_no_further_action":
        unchanged(h, Act("A", "raise", 20), "no_further_action")
        h.apply(Act("A", "call"))
    else:
        h.apply(Act("A", "raise", 20))
    assert h.legal()[0] == "B"  # type: ignore[index]


@pytest.mark.parametrize("case", ["dead_03_grosvenor_retrieved", "irr_08_hippodrome_flashed"])
def test_dead_03_irr_08_restricted_player_is_offered_no_raise(case: str) -> None:
    """Four players, button A: D raises to 6. GROS: A folds and the floor gives his hand back
    (GROS:L56, no further action). HIPP: A flashes his Jc (HIPP:L155: he loses all aggressive
    action). Either way A may now only fold or call 6: his options must not list a raise."""
    house = "grosvenor" if case.startswith("dead") else "hippodrome"
    h = host(house, names="ABCD")
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKdQhJcTs9s8s7s")
    h.apply(Act("D", "raise", 6))
    if house == "grosvenor":
        h.apply(Act("A", "fold"))
        h.apply(FloorRuling(dead.RetrieveHand(3, True, False)))
    else:
        h.apply(FloorRuling(deck_faults.FlashedCard(3, card("Jc"), "player", False)))
    unchanged(h, Act("A", "raise", 20), "no_further_action")
    player, options = h.legal()  # type: ignore[misc]
    assert player == "A" and options.call_amount == 6
    assert options.min_raise_to is None


# --------------------------------------------------------------------------------------
# Straddles dealt live
# --------------------------------------------------------------------------------------


def test_bld_05_straddles_dealt_live_lpr_under_the_gun_and_hipp_button() -> None:
    """LPR r72: a straddle is an additional blind. Hand 2 (four players): button B, C 1, D 2,
    A (UTG) straddles 4. B acts first; B, C, D call 4; A has the option and raises to 12; all
    fold. A wins 4 + 4 + 4 from the others: A 212, B 195, C 197, D 196.

    HIPP:L175: button straddle, three-handed. Hand 2: button B straddles 4, C 1, A 2. Action
    starts with the small blind (G11): C calls, A calls, B checks (pot 12). Flop: C bets 10,
    A and B fold: A 196, B 195, C 209."""
    h = host("lpr", names="ABCD")
    first_hand(h)
    h.apply(Straddle("A"))
    h.apply(StartHand(b"", live=True))
    deal(h, "AsKdQhJcTs9s8s7s")
    assert h.legal()[0] == "B"  # type: ignore[index]
    for p in "BCD":
        h.apply(Act(p, "call"))
    player, options = h.legal()  # type: ignore[misc]
    assert player == "A" and options.can_check
    h.apply(Act("A", "raise", 12))
    for p in "BCD":
        h.apply(Act(p, "fold"))
    assert seat_stacks(h) == {"A": 212, "B": 195, "C": 197, "D": 196}

    h = host("hippodrome")
    first_hand(h)
    h.apply(Straddle("B"))
    h.apply(StartHand(b"", live=True))
    deal(h, "AsKdQhQc7h2d")
    assert h.legal()[0] == "C"  # type: ignore[index]
    h.apply(Act("C", "call"))
    h.apply(Act("A", "call"))
    assert h.legal()[0] == "B"  # type: ignore[index]
    h.apply(Act("B", "check"))
    deal(h, "3cKs8d2c")
    h.apply(Act("C", "bet", 10))
    h.apply(Act("A", "fold"))
    h.apply(Act("B", "fold"))
    assert seat_stacks(h) == {"A": 196, "B": 195, "C": 209}


# --------------------------------------------------------------------------------------
# Bad commands
# --------------------------------------------------------------------------------------


def test_mis_03_gov_05_bad_live_commands_refused_with_a_typed_code_change_nothing() -> None:
    """LPR, during and after the deal: each refusal names its code and leaves the table and
    its log as they were (MIS-03, GOV-05, FLOW-02, IRR-01/08, MIS-01, IRR-14)."""
    h = host("lpr")
    h.apply(StartHand(b"", live=True, button=1))
    deal(h, "AsKd")
    unchanged(h, ReportCard(card("Qh"), player="B"), "out_of_order")  # A's card, not B's
    unchanged(h, Act("A", "fold"), "not_your_turn")  # nobody acts during the deal
    unchanged(
        h, FloorRuling(irregularities.DeclareMisdeal("out_of_order", by="player")), "not_permitted"
    )
    unchanged(h, FloorRuling(irregularities.ExposedCard(card("2h"))), "card_not_dealt")
    unchanged(h, StartHand(b"", live=True), "hand_in_progress")
    unchanged(h, ReportCard(card("As")), "duplicate_card")
    unchanged(h, FloorRuling(corrections.CorrectBurnError()), "no_burn_error")
    deal(h, "QhQc7h2d")
    h.apply(Act("A", "call"))
    h.apply(Act("B", "call"))
    unchanged(h, FloorRuling(irregularities.ExposedCard(card("As"))), "not_initial_deal")
    unchanged(
        h, FloorRuling(irregularities.DeclareMisdeal("out_of_order")), "misdeal_cutoff_passed"
    )
    unchanged(h, Act("B", "check"), "not_your_turn")
    unchanged(h, Act("C", "bet", 3), "raise_below_minimum")
    h.apply(Act("C", "check"))
    assert h.state.live.engine.board == ()  # type: ignore[union-attr]  # the flop waits for the dealer
