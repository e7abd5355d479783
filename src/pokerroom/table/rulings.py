"""Floor rulings on a table's hands: disputes and their window (GOV-01/02, FLOW-11),
impounding a pot (POT-08), a pot forfeited for a deliberate miscall (SHD-06), the incident
log (§25), chop agreements (POT-09), showing a hand during play (EXP-05).

The dispute window: a hand begins when its shuffle begins (FLOW-11; the table's
``HandStarted`` event is that moment) and the previous hand's result is then locked (GOV-02,
GROS:L9, HIPP:L55). Hand ``k`` is open while ``k`` is the table's current or last hand
(``state.hand_no``); older hands need a floor :class:`Override` with a reason (GOV-01),
recorded as :class:`FloorOverride`.

EXP-05 consequences per house (no house parameter covers them; chosen here from the books):

* told (disclosing the content): LPR r79 does not kill the hand, a repeat may be penalised
  (flag from the second time); GROS:L19 / HIPP:L34 treat table talk about a hand as a breach
  (flagged every time); RRP, CAMB silent (recorded only).
* showed to a player or spectator: show one, show all (EXP-03). HIPP:L194: to an active
  player who may still bet, the cards are shown to all at once and the shower loses
  aggressive action; to anyone else, shown after the deal. RRP:L74: shown after the deal.
  GROS:L11 "at all times" and LPR r52: shown to all at once. LPR r80 adds that the hand may
  be ruled dead: flagged for the floor. GROS, HIPP: flagged as a penalisable breach.

>>> exposure_consequence("hippodrome", "showed", viewer_live=True)
('now', True, 'HIPP:L194 (and etiquette) may penalise showing a hand during play')
"""

from __future__ import annotations

from pokerroom.table.commands import (
    AgreeChop,
    Dispute,
    ForfeitForMiscall,
    ImpoundPot,
    LogIncident,
    Override,
    ReleasePot,
    ShowHand,
)
from pokerroom.table.events import (
    DisputeLodged,
    FloorFlagged,
    FloorOverride,
    HandShown,
    IncidentLogged,
    PotImpounded,
    PotReleased,
    TableEvent,
)
from pokerroom.table.seats import PlayerId, SeatNo, TableError
from pokerroom.table.state import TableState, updated

__all__ = [
    "decide_chop",
    "decide_dispute",
    "decide_impound",
    "decide_incident",
    "decide_miscall",
    "decide_release",
    "decide_show_hand",
    "evolve_hand_shown",
    "evolve_impounded",
    "evolve_released",
    "exposure_consequence",
    "result_window",
]


def result_window(
    st: TableState, hand_no: int, override: Override | None, rule: str
) -> list[TableEvent]:
    """GOV-02: may hand ``hand_no``'s result still be questioned? Returns the override event
    needed (none while the window is open); TableError ``result_locked`` when it is shut."""
    if not 1 <= hand_no <= st.hand_no:
        raise TableError(
            "no_such_hand", f"hand {hand_no} has not been played; hands 1..{st.hand_no} have"
        )
    if hand_no == st.hand_no:
        return []
    if override is None:
        raise TableError(
            "result_locked",
            f"hand {hand_no}'s result is locked: hand {st.hand_no} has started (its shuffle "
            f"began, FLOW-11), so it stands (GOV-02, GROS:L9, HIPP:L55); only a floor "
            "override with a reason may reopen it (GOV-01)",
        )
    if not override.by.strip() or not override.reason.strip():
        raise TableError(
            "override_needs_reason", "a floor override names who decided and why (GOV-01)"
        )
    return [FloorOverride(rule, override.by, override.reason, hand_no)]


def decide_dispute(st: TableState, c: Dispute) -> list[TableEvent]:
    """GOV-02: record a dispute lodged in time (or reopened by the floor, GOV-01)."""
    st.seat_of(c.player)
    if not c.claim.strip():
        raise TableError("no_claim", "say what is disputed (GOV-03)")
    events = result_window(st, c.hand_no, c.override, "GOV-02")
    return [*events, DisputeLodged(c.player, c.hand_no, c.claim)]


def _no_hand(st: TableState, what: str) -> None:
    if st.hand is not None:
        raise TableError(
            "hand_in_progress", f"{what} between hands (the game continues meanwhile, GOV-04)"
        )


def decide_impound(st: TableState, c: ImpoundPot) -> list[TableEvent]:
    """POT-08: hold chips a hand awarded, out of the winners' stacks, pending a ruling."""
    _no_hand(st, "chips are impounded")
    if not c.pot_id.strip() or any(pid == c.pot_id for pid, _ in st.impounded):
        raise TableError("bad_pot_id", f"pot id {c.pot_id!r} is empty or already held")
    events = result_window(st, c.hand_no, c.override, "POT-08")
    if not c.takes:
        raise TableError("nothing_to_impound", "name the chips to impound: (player, chips)")
    won = dict(st.last_won) if c.hand_no == st.hand_no else None
    takes: list[tuple[PlayerId, SeatNo, int]] = []
    seen: set[PlayerId] = set()
    for player, amount in c.takes:
        no = st.seat_of(player)
        seat = st.seats[no - 1]
        assert seat is not None
        if player in seen:
            raise TableError("duplicate_player", f"{player} is named twice: give one amount")
        seen.add(player)
        limit = seat.stack if won is None else min(seat.stack, won.get(player, 0))
        if not 0 < amount <= limit:
            source = (
                "his stack" if won is None else f"what he won in hand {c.hand_no}, not held yet"
            )
            raise TableError("bad_amount", f"{player}: impound 1..{limit} ({source}); got {amount}")
        takes.append((player, no, amount))
    return [*events, PotImpounded(c.pot_id, c.hand_no, tuple(takes))]


def evolve_impounded(st: TableState, e: PotImpounded) -> TableState:
    """POT-08: the chips leave the stacks and are held by the house.

    Chips held from the last hand's winnings are no longer there to hold: HIPP:L56 lets the
    house hold "a pot or portion of it", so a second hold on that hand reaches only what the
    first left (``last_won`` shrinks by what was taken).
    """
    seats = list(st.seats)
    for _, no, amount in e.takes:
        seat = seats[no - 1]
        assert seat is not None
        seats[no - 1] = updated(seat, stack=seat.stack - amount)
    held = sum(amount for _, _, amount in e.takes)
    last_won = st.last_won
    if e.hand_no == st.hand_no:
        taken = {player: amount for player, _, amount in e.takes}
        last_won = tuple(
            (player, won - taken.get(player, 0))
            for player, won in st.last_won
            if won - taken.get(player, 0) > 0
        )
    return updated(
        st,
        seats=tuple(seats),
        impounded=(*st.impounded, (e.pot_id, held)),
        last_won=last_won,
    )


def decide_release(st: TableState, c: ReleasePot) -> list[TableEvent]:
    """POT-08: give out every held chip of ``pot_id`` as the ruling says."""
    _no_hand(st, "impounded chips are released")
    held = dict(st.impounded)
    if c.pot_id not in held:
        ids = ", ".join(held) or "none"
        raise TableError("no_such_pot", f"no impounded pot {c.pot_id!r}; held: {ids}")
    if not c.ruling.strip():
        raise TableError("no_ruling", "a release states the ruling (GOV-01 audit trail)")
    awards: list[tuple[PlayerId, SeatNo, int]] = []
    for player, amount in c.awards:
        if amount <= 0:
            raise TableError("bad_amount", f"{player}: award a positive amount; got {amount}")
        awards.append((player, st.seat_of(player), amount))
    total = sum(a for _, _, a in awards)
    if total != held[c.pot_id]:
        raise TableError(
            "awards_do_not_match",
            f"pot {c.pot_id} holds {held[c.pot_id]}; the awards add up to {total}",
        )
    if len({p for p, _, _ in awards}) != len(awards):
        raise TableError("duplicate_player", "name each player once")
    return [PotReleased(c.pot_id, tuple(awards), c.ruling)]


def evolve_released(st: TableState, e: PotReleased) -> TableState:
    """POT-08: the held chips go to the players the ruling names."""
    seats = list(st.seats)
    for _, no, amount in e.awards:
        seat = seats[no - 1]
        assert seat is not None
        seats[no - 1] = updated(seat, stack=seat.stack + amount)
    impounded = tuple(p for p in st.impounded if p[0] != e.pot_id)
    return updated(st, seats=tuple(seats), impounded=impounded)


def decide_miscall(st: TableState, c: ForfeitForMiscall) -> list[TableEvent]:
    """SHD-06: cards speak, so a miscall never changed the award; where the house says a
    deliberate miscall that made an opponent discard a winner costs the pot (HIPP:L191,
    RRP:L70), the floor moves the offender's winnings to the victim: held and released at
    once (:class:`PotImpounded`, :class:`PotReleased`, the ruling naming SHD-06).

    The victim must have conceded (mucked) at that showdown a hand that beats or ties the
    offender's on the board, as far as the table saw the cards; where the house does not
    forfeit (LPR r77 penalises; GROS, CAMB silent) the floor gives a penalty (PEN-*) or
    overrides (GOV-01) with ``ImpoundPot``/``ReleasePot``.
    """
    rules = st.config.rules
    if not rules.miscall_forfeits_pot:
        raise TableError(
            "miscall_not_forfeited",
            f"{rules.name}: a deliberate miscall is not punished by forfeiting the pot (SHD-06, "
            "cards speak); the floor may give a penalty (PEN-*), or override (GOV-01) and "
            "re-award chips with ImpoundPot / ReleasePot",
        )
    _no_hand(st, "a pot is forfeited")
    if c.offender == c.victim:
        raise TableError("own_hand", f"{c.offender} cannot have misled himself")
    events = result_window(st, c.hand_no, c.override, "SHD-06")
    rec = st.last_showdown
    if rec is None or rec.hand_no != c.hand_no:
        raise TableError(
            "no_showdown",
            f"hand {c.hand_no} is not the last hand that reached a showdown: a miscall is ruled "
            "on the showdown it misled (SHD-06)",
        )
    offender, victim = rec.hand_of(c.offender), rec.hand_of(c.victim)
    if offender is None or offender.won <= 0:
        raise TableError(
            "nothing_won", f"{c.offender} won nothing in hand {c.hand_no}: no pot to forfeit"
        )
    if victim is None or victim.fate != "mucked":
        fate = "was not dealt in" if victim is None else f"did not concede there ({victim.fate})"
        raise TableError(
            "not_discarded",
            f"{c.victim} {fate}: the miscall rule is for a player induced to discard his hand "
            "at the showdown (SHD-06, HIPP:L191, RRP:L70)",
        )
    if rec.beats_or_ties(victim, offender) is False:
        raise TableError(
            "not_a_winner",
            f"{c.victim}'s discarded hand does not beat or tie {c.offender}'s on the board: the "
            "miscall cost him nothing (cards speak, SHD-06); a penalty (PEN-*) remains",
        )
    seat = st.seats[st.seat_of(c.offender) - 1]
    assert seat is not None
    held = dict(st.last_won).get(c.offender, 0) if c.hand_no == st.hand_no else seat.stack
    limit = min(held, seat.stack)
    chips = limit if c.chips is None else c.chips
    if not 0 < chips <= limit:
        raise TableError(
            "bad_amount",
            f"{c.offender}: forfeit 1..{limit} (what he won in hand {c.hand_no}, not already "
            f"held); got {chips}",
        )
    pot_id = f"SHD-06 hand {c.hand_no} {c.offender}"
    if any(pid == pot_id for pid, _ in st.impounded):
        raise TableError("bad_pot_id", f"{pot_id!r} is already held")
    ruling = (
        f"SHD-06: {c.offender}'s deliberate miscall made {c.victim} discard a winning hand; "
        f"{chips} forfeited to {c.victim}"
    )
    return [
        *events,
        PotImpounded(pot_id, c.hand_no, ((c.offender, st.seat_of(c.offender), chips),)),
        PotReleased(pot_id, ((c.victim, st.seat_of(c.victim), chips),), ruling),
    ]


def decide_incident(st: TableState, c: LogIncident) -> list[TableEvent]:
    """§25: record conduct the software cannot judge, for the floor (``log_incident``)."""
    if not c.kind.strip():
        raise TableError("no_incident_kind", "say what happened (e.g. 'abuse', 'miscall')")
    if not c.players:
        raise TableError("no_players", "name the player(s) the incident is about")
    for player in c.players:
        st.seat_of(player)
    return [IncidentLogged(c.kind, tuple(c.players), c.note, st.hand_no)]


def decide_chop(st: TableState, c: AgreeChop) -> list[TableEvent]:
    """POT-09: no private deals on pots where the house forbids them."""
    rules = st.config.rules
    for player in c.players:
        st.seat_of(player)
    if not rules.allow_chop_agreements:
        raise TableError(
            "chop_not_allowed",
            f"{rules.name}: players may not agree to split a pot or fix the outcome "
            "(POT-09, HIPP:L75); the hand is played out",
        )
    raise TableError(  # pragma: no cover - no packaged house allows chops
        "chop_not_supported", "the table has no chop procedure; play the hand out"
    )


_TOLD_FLAG = {
    "lpr": "repeat",
    "grosvenor": "always",
    "hippodrome": "always",
}
_SHOW_TO_TABLE = {"lpr": "now", "grosvenor": "now", "roberts": "after_hand"}
_SHOW_FLAG = {
    "lpr": "LPR r80: the hand may be ruled dead for showing it to another player or spectator",
    "grosvenor": "GROS:L11 etiquette: showing a hand during play may be penalised",
    "hippodrome": "HIPP:L194 (and etiquette) may penalise showing a hand during play",
}


def exposure_consequence(house: str, how: str, *, viewer_live: bool) -> tuple[str, bool, str]:
    """EXP-05: (shown to the table: now/after_hand/no, aggression locked, floor note or "")."""
    if how == "told":
        return "no", False, ""
    if house == "hippodrome":
        return (
            ("now", True, _SHOW_FLAG[house])
            if viewer_live
            else (
                "after_hand",
                False,
                _SHOW_FLAG[house],
            )
        )
    return _SHOW_TO_TABLE.get(house, "after_hand"), False, _SHOW_FLAG.get(house, "")


def decide_show_hand(st: TableState, c: ShowHand) -> list[TableEvent]:
    """EXP-05: record the disclosure and apply the house's stated consequence."""
    rules = st.config.rules
    hand = st.hand
    if hand is None:
        raise TableError("no_hand", "EXP-05 concerns a hand in play; none is")
    st.seat_of(c.player)
    p = st.position_of(c.player)
    if p is None or hand.folded[p]:
        raise TableError("not_in_hand", f"{c.player} holds no live hand in this deal")
    if c.viewer is not None and (c.viewer == c.player or st.find(c.viewer) is None):
        raise TableError("bad_viewer", f"{c.viewer} is not another player at this table")
    if c.how == "told" and c.viewer is not None:
        raise TableError("bad_viewer", "telling the hand is to the table: give no viewer")
    v = None if c.viewer is None else st.position_of(c.viewer)
    viewer_live = v is not None and not hand.folded[v] and hand.stacks[v] > 0
    to_table, lock, note = exposure_consequence(rules.rulebook, c.how, viewer_live=viewer_live)
    if not rules.show_one_show_all and c.how == "showed":
        to_table = "no"
    events: list[TableEvent] = [HandShown(c.player, p, c.how, c.viewer, to_table, lock)]
    count = dict(st.disclosures).get(c.player, 0) + 1
    if c.how == "told":
        mode = _TOLD_FLAG.get(rules.rulebook)
        if mode == "always" or (mode == "repeat" and count >= 2):
            events.append(
                FloorFlagged(
                    "EXP-05",
                    c.player,
                    f"{c.player} disclosed his hand during play (time {count}); "
                    + (
                        "LPR r79: repeat offenders may be penalised"
                        if mode == "repeat"
                        else f"{rules.name} etiquette: table talk about a hand may be penalised"
                    ),
                )
            )
    elif note:
        events.append(FloorFlagged("EXP-05", c.player, note))
    return events


def evolve_hand_shown(st: TableState, e: HandShown) -> TableState:
    """EXP-05: count the disclosure; lock aggression where the house says so."""
    counts = dict(st.disclosures)
    counts[e.player] = counts.get(e.player, 0) + 1
    locked = st.aggression_locked | {e.position} if e.aggression_locked else st.aggression_locked
    return updated(st, disclosures=tuple(sorted(counts.items())), aggression_locked=locked)
