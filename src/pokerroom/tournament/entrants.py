"""Entrants: registration, late registration, re-entry, add-ons, absence and disqualification.

A :class:`Registry` is a frozen value over the house's tournament rules, the structure and the
event's :class:`EntryPolicy` (what the house profiles do not hold: re-entry and add-ons). Every
command returns a new registry; a command the rules forbid raises :class:`RegistrationError`
saying what was wrong and what is allowed, and changes nothing.

Rules applied:

* TRN-01: every entrant gets the structure's starting stack; registering before the house's
  ``early_reg_bonus_before`` (local time, injected) adds ``early_reg_bonus`` (CAMB: 1,000
  before 20:30).
* TRN-04: once play has started an entry is *late*. It is accepted while the level in play is
  at most ``late_reg_until_level`` (CAMB 2: until the second increase takes effect,
  CONFLICTS C-2) and pays the house's penalty: ``big_blinds_docked`` (CAMB: the stack the
  player is entitled to, less 10 x the big blind in play, C-3) or ``blinded_stack`` (LPR: the
  stack placed in an empty seat at the start, with the blinds and antes it has paid; the caller
  gives what is left of it). A house value of 0 means the TD decides: the event sets
  ``EntryPolicy.late_reg_until_level``.
* TRN-04, very late entry (CAMB:L46): once late registration has closed, the TD may still
  take an entry (``very_late=True``), at any later level, with a stack of
  ``very_late_entry_stack_cap`` x the starting stack (CAMB 30%: 3,000, CONFLICTS C-3) in the
  chips in play; not docked 10 x the big blind (that is the penalty while registration is
  open) and not raised by the early-registration bonus.
* TRN-02 / BLD-07: an absent entrant stays in and is dealt in; :func:`presence_rule` gives the
  play loop the house's deadline as data.
* TRN-03: an absent entrant's stack may be removed (``remove_absent_stack``).
* TRN-11: disqualification removes the player's chips from play.
* TRN-12: ``counted_entries`` counts entries the house's way (GROS: unique entries, a
  player's first entry on each flight counting once).
* TRN-13: a player refused re-entry for chip dumping (``deny_reentry``) cannot re-enter.
* TRN-15: the tournament ends when one entry is left (``winner``).

>>> from datetime import time
>>> from pokerroom.house import load_house
>>> from pokerroom.tournament.structure import load_structure
>>> camb = load_house("cambridge", "tournament")
>>> s = load_structure("cambridge_pub")
>>> reg = Registry(camb, s).register("ann", at=0, local_time=time(20, 10))
>>> reg = reg.register("bob", at=60, local_time=time(20, 40), level=s.level(2))
>>> [(e.player, e.stack, e.bonus, e.docked) for e in reg.entries]
[('ann', 11000, 1000, 0), ('bob', 8000, 0, 2000)]
>>> try:
...     reg.register("cy", at=90, local_time=time(21, 0), level=s.level(3))
... except RegistrationError as err:
...     print(*str(err).replace(" and ", "\\n").split("; "), sep="\\n")
late registration closed: level 3 is in play
house cambridge takes late entries until level 2 ends (TRN-04)
allowed: very_late=True at any later level (TD's discretion), stack capped at 3000
>>> reg = reg.register("cy", at=90, local_time=time(21, 0), level=s.level(7), very_late=True)
>>> [(e.kind, e.stack, e.docked) for e in reg.entries[2:]]
[('very_late', 3000, 7000)]
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import time
from typing import Literal, get_args

from pokerroom.house.rules import HouseRules
from pokerroom.tournament.errors import RegistrationError
from pokerroom.tournament.structure import Level, Structure

__all__ = [
    "Arrival",
    "Entry",
    "EntryKind",
    "EntryPolicy",
    "EntryStatus",
    "PlayerId",
    "PresenceRule",
    "Registry",
    "presence_rule",
]

PlayerId = str
EntryKind = Literal["initial", "late", "very_late", "re_entry"]
EntryStatus = Literal["active", "busted", "disqualified", "removed"]
Arrival = Literal[
    "before_deal",
    "before_own_first_card",
    "before_last_card",
    "before_own_first_action",
    "after_own_first_action",
    "absent",
]
_ARRIVALS: tuple[str, ...] = get_args(Arrival)


@dataclass(frozen=True, slots=True)
class EntryPolicy:
    """Event settings no house profile holds: re-entry, add-ons, a TD's late-registration level.

    ``max_entries_per_flight`` counts a player's entries on one flight (0: no limit).
    ``late_reg_until_level`` overrides the house's level (None: use the house's).
    """

    re_entry: bool = False
    max_entries_per_flight: int = 1
    addon_chips: int = 0
    addon_max: int = 0
    addon_until_level: int = 0
    late_reg_until_level: int | None = None
    #: TRN-03: the director may take an unreachable no-show's stack out of play (LPR:L192).
    remove_no_shows: bool = False

    def __post_init__(self) -> None:
        # TRN-04 / TRN-12: a policy that cannot be applied is refused when it is made, not
        # later as a puzzling refusal of an entry or an add-on ("0 of -1 add-ons").
        counts = {
            "max_entries_per_flight": self.max_entries_per_flight,
            "addon_chips": self.addon_chips,
            "addon_max": self.addon_max,
            "addon_until_level": self.addon_until_level,
        }
        if self.late_reg_until_level is not None:
            counts["late_reg_until_level"] = self.late_reg_until_level
        for key, value in counts.items():
            if type(value) is not int or value < 0:
                raise RegistrationError(
                    "bad_policy",
                    f"EntryPolicy {key} = {value!r}; allowed: a whole number >= 0 (0: none"
                    + (", no limit" if key == "max_entries_per_flight" else "")
                    + ")",
                )
        if (self.addon_chips > 0) != (self.addon_max > 0):
            raise RegistrationError(
                "bad_policy",
                f"EntryPolicy addon_chips = {self.addon_chips}, addon_max = {self.addon_max}; "
                "allowed: both above 0 (add-ons offered) or both 0 (none)",
            )

    @staticmethod
    def for_house(house: HouseRules) -> EntryPolicy:
        """The policy a house's rulebook implies: GROS takes re-entries (GROS:L133); others none.

        LPR lets the director remove an unreachable no-show's chips (TRN-03, LPR:L192); no
        other house says so, so elsewhere the event must set ``remove_no_shows``.

        GROS states no late-registration level, so an event that takes re-entries after the
        start must also set ``late_reg_until_level``.

        >>> from pokerroom.house import load_house
        >>> EntryPolicy.for_house(load_house("grosvenor", "tournament")).re_entry
        True
        """
        if house.rulebook == "grosvenor":
            return EntryPolicy(re_entry=True, max_entries_per_flight=0)
        if house.rulebook == "lpr":
            return EntryPolicy(remove_no_shows=True)
        return EntryPolicy()


@dataclass(frozen=True, slots=True)
class Entry:
    """One paid entry: a player's seat in the event, with the chips it was issued."""

    entry_id: int
    player: PlayerId
    flight: str
    kind: EntryKind
    registered_at: int
    stack: int  # chips issued on registering (bonus included, penalty taken off)
    bonus: int = 0
    docked: int = 0
    addons: int = 0
    addon_chips: int = 0
    status: EntryStatus = "active"
    absent: bool = False
    chips_removed: int = 0

    @property
    def chips_issued(self) -> int:
        """Chips this entry brought into play (starting stack and add-ons)."""
        return self.stack + self.addon_chips


@dataclass(frozen=True, slots=True)
class PresenceRule:
    """TRN-02 / BLD-07 as data for the play loop: who is dealt in, when a hand is dead."""

    deadline: Literal["last_card_dealt", "start_of_deal_or_own_first_card", "absent_hand_killed"]
    absent_dealt_in: bool
    absent_posts_blinds_and_antes: bool
    killed_when: Literal["at_last_card", "after_the_deal", "at_own_first_action"]

    def hand_is_live(self, arrival: Arrival) -> bool:
        """Whether a player who sits down at ``arrival`` plays the hand.

        >>> from pokerroom.house import load_house
        >>> gros = presence_rule(load_house("grosvenor", "tournament"))
        >>> gros.hand_is_live("before_last_card"), gros.hand_is_live("absent")
        (True, False)
        """
        if arrival not in _ARRIVALS:
            raise RegistrationError(
                "bad_arrival", f"arrival {arrival!r}; allowed: {', '.join(_ARRIVALS)}"
            )
        latest = {
            "last_card_dealt": "before_last_card",  # GROS:L127
            "start_of_deal_or_own_first_card": "before_own_first_card",  # CAMB:L48, C-1
            "absent_hand_killed": "before_own_first_action",  # LPR:L194, L-21
        }[self.deadline]
        return _ARRIVALS.index(arrival) <= _ARRIVALS.index(latest)


def presence_rule(house: HouseRules) -> PresenceRule:
    """The house's TRN-02 presence rule (absent players are always dealt in, BLD-07)."""
    killed: dict[str, Literal["at_last_card", "after_the_deal", "at_own_first_action"]] = {
        "last_card_dealt": "at_last_card",
        "start_of_deal_or_own_first_card": "after_the_deal",
        "absent_hand_killed": "at_own_first_action",
    }
    return PresenceRule(
        deadline=house.presence_deadline,
        absent_dealt_in=True,
        absent_posts_blinds_and_antes=house.absent_player_posts_blinds,
        killed_when=killed[house.presence_deadline],
    )


def _before(local: time, hhmm: str) -> bool:
    hh, mm = hhmm.split(":")
    return local < time(int(hh), int(mm))


@dataclass(frozen=True, slots=True)
class Registry:
    """Every entry of one tournament, under a house's rules and an event policy."""

    house: HouseRules
    structure: Structure
    policy: EntryPolicy = EntryPolicy()
    entries: tuple[Entry, ...] = ()
    denied: tuple[PlayerId, ...] = ()
    log: tuple[tuple[int, str], ...] = ()

    # -- queries ---------------------------------------------------------------------------

    def entry(self, entry_id: int) -> Entry:
        """The entry with this id."""
        for e in self.entries:
            if e.entry_id == entry_id:
                return e
        raise RegistrationError(
            "no_such_entry", f"no entry {entry_id}; entries are 1..{len(self.entries)}"
        )

    def active(self) -> tuple[Entry, ...]:
        """Entries still in the tournament (absent ones included)."""
        return tuple(e for e in self.entries if e.status == "active")

    def entries_of(self, player: PlayerId, flight: str | None = None) -> tuple[Entry, ...]:
        """A player's entries (on one flight if given)."""
        return tuple(
            e for e in self.entries
            if e.player == player and (flight is None or e.flight == flight)
        )

    def unique_entries(self) -> int:
        """TRN-12 (GROS:L139): distinct players per flight, summed over the flights."""
        return len({(e.flight, e.player) for e in self.entries})

    def counted_entries(self) -> int:
        """Entries counted for payouts the house's way (``payout_basis``, TRN-12)."""
        if self.house.payout_basis == "unique_entries":
            return self.unique_entries()
        return len(self.entries)

    def chips_in_play(self) -> int:
        """Chips issued to every entry less the chips removed from play (TRN-03, TRN-11)."""
        return sum(e.chips_issued - e.chips_removed for e in self.entries)

    def winner(self) -> Entry | None:
        """TRN-15: the one entry left once every other entry is out, else None."""
        left = self.active()
        return left[0] if len(left) == 1 and len(self.entries) > 1 else None

    def late_reg_until(self) -> int:
        """The last level during which late entries are taken (0: none after the start)."""
        if self.policy.late_reg_until_level is not None:
            return self.policy.late_reg_until_level
        return self.house.late_reg_until_level

    # -- commands --------------------------------------------------------------------------

    def register(
        self,
        player: PlayerId,
        *,
        at: int,
        local_time: time | None = None,
        level: Level | None = None,
        flight: str = "",
        very_late: bool = False,
        seat_stack: int | None = None,
    ) -> Registry:
        """Register ``player`` (first entry on ``flight``).

        ``level`` is the clock's level in play (None before play starts); ``local_time`` the
        room's time of day, needed when the house gives an early-registration bonus.
        ``very_late`` asks for a TD-discretion entry after late registration has closed;
        ``seat_stack`` is what is left of a pre-placed stack (``blinded_stack`` houses).
        """
        if not str(player).strip():
            raise RegistrationError("no_player", "register a player by name: the name is empty")
        mine = self.entries_of(player, flight)
        if any(e.status == "active" for e in mine):
            raise RegistrationError(
                "already_registered",
                f"{player} already has a live entry{self._on(flight)}; one live entry per player",
            )
        if mine:
            raise RegistrationError(
                "use_re_entry", f"{player} has busted{self._on(flight)}; allowed: re_enter"
            )
        return self._add(player, "initial", at, local_time, level, flight, very_late, seat_stack)

    def re_enter(
        self,
        player: PlayerId,
        *,
        at: int,
        local_time: time | None = None,
        level: Level | None = None,
        flight: str = "",
        very_late: bool = False,
        seat_stack: int | None = None,
    ) -> Registry:
        """A new entry for a player whose entries on ``flight`` are all out."""
        mine = self.entries_of(player, flight)
        if not self.policy.re_entry:
            raise RegistrationError(
                "re_entry_not_allowed",
                f"house {self.house.name} does not allow re-entry in this event; allowed: "
                "one entry per player",
            )
        if player in self.denied:
            raise RegistrationError(
                "re_entry_denied",
                f"{player} was refused re-entry for chip dumping (TRN-13, GROS:L133)",
            )
        if not mine:
            raise RegistrationError(
                "not_registered", f"{player} has no entry{self._on(flight)}; allowed: register"
            )
        if any(e.status == "active" for e in mine):
            raise RegistrationError(
                "entry_still_live",
                f"{player} still has a live entry{self._on(flight)}; re-entry is allowed only "
                "after a bust",
            )
        limit = self.policy.max_entries_per_flight
        if limit and len(mine) >= limit:
            raise RegistrationError(
                "too_many_entries",
                f"{player} has {len(mine)} entries{self._on(flight)}; at most {limit} allowed",
            )
        return self._add(player, "re_entry", at, local_time, level, flight, very_late, seat_stack)

    def add_on(self, entry_id: int, *, at: int, level: Level) -> Registry:
        """Add the event's add-on chips to a live entry."""
        e = self.entry(entry_id)
        p = self.policy
        if not p.addon_chips or not p.addon_max:
            raise RegistrationError("no_addons", "this event offers no add-ons")
        if e.status != "active":
            raise RegistrationError(
                "entry_not_live", f"entry {entry_id} is {e.status}; add-ons are for live entries"
            )
        if level.number > p.addon_until_level:
            raise RegistrationError(
                "addon_closed",
                f"add-ons close after level {p.addon_until_level}; level {level.number} is in play",
            )
        if e.addons >= p.addon_max:
            raise RegistrationError(
                "addon_limit", f"entry {entry_id} has taken {e.addons} of {p.addon_max} add-ons"
            )
        new = dataclasses.replace(e, addons=e.addons + 1, addon_chips=e.addon_chips + p.addon_chips)
        return self._put(new, at, f"add_on {entry_id} +{p.addon_chips}")

    def bust(self, entry_id: int, *, at: int) -> Registry:
        """Entry ``entry_id`` has lost all its chips."""
        e = self._live(entry_id)
        return self._put(dataclasses.replace(e, status="busted"), at, f"bust {entry_id}")

    def set_absent(self, entry_id: int, absent: bool, *, at: int) -> Registry:
        """Mark a live entry absent or present (TRN-02: it stays in and is dealt in)."""
        e = self._live(entry_id)
        return self._put(dataclasses.replace(e, absent=absent), at,
                         f"{'absent' if absent else 'present'} {entry_id}")

    def remove_absent_stack(self, entry_id: int, chips: int, *, at: int) -> Registry:
        """TRN-03 (LPR:L192): the director removes an unreachable no-show's ``chips`` from play."""
        e = self._live(entry_id)
        if not e.absent:
            raise RegistrationError(
                "not_absent", f"entry {entry_id} is present; only an absent entry's stack goes"
            )
        new = dataclasses.replace(e, status="removed", chips_removed=chips)
        return self._put(new, at, f"remove_absent_stack {entry_id} -{chips}")

    def disqualify(self, entry_id: int, chips: int, reason: str, *, at: int) -> Registry:
        """TRN-11 / PEN-03: disqualify an entry; its ``chips`` are taken out of play."""
        e = self._live(entry_id)
        new = dataclasses.replace(e, status="disqualified", chips_removed=chips)
        return self._put(new, at, f"disqualify {entry_id} -{chips}: {reason}")

    def deny_reentry(self, player: PlayerId, reason: str, *, at: int) -> Registry:
        """TRN-13: refuse ``player`` any further re-entry (chip dumping, GROS:L133)."""
        if player in self.denied:
            return self
        return dataclasses.replace(
            self, denied=(*self.denied, player),
            log=(*self.log, (at, f"deny_reentry {player}: {reason}")),
        )

    # -- internal --------------------------------------------------------------------------

    @staticmethod
    def _on(flight: str) -> str:
        return f" on flight {flight}" if flight else ""

    def _live(self, entry_id: int) -> Entry:
        e = self.entry(entry_id)
        if e.status != "active":
            raise RegistrationError(
                "entry_not_live", f"entry {entry_id} is already {e.status}"
            )
        return e

    def _put(self, new: Entry, at: int, what: str) -> Registry:
        entries = tuple(new if e.entry_id == new.entry_id else e for e in self.entries)
        return dataclasses.replace(self, entries=entries, log=(*self.log, (at, what)))

    def _late_stack(self, entitled: int, level: Level, seat_stack: int | None) -> int:
        """TRN-04: a late entry's stack while late registration is open (the house penalty)."""
        h = self.house
        docked = 0
        if h.late_reg_penalty == "big_blinds_docked":
            # TRN-04 (CAMB:L46): docked 10 x the big blind in play, from the stack the player
            # is entitled to, bonus included (CONFLICTS C-3).
            docked = h.late_reg_penalty_big_blinds * level.big_blind
        if h.late_reg_penalty != "blinded_stack" and seat_stack is not None:
            # TRN-04: only a blinded_stack house (LPR:L193) seats a late entrant at a stack
            # placed for him; elsewhere seat_stack would be silently ignored.
            raise RegistrationError(
                "seat_stack_not_used",
                f"seat_stack = {seat_stack}: house {h.name} late entries pay "
                f"late_reg_penalty = {h.late_reg_penalty} (TRN-04); allowed: no seat_stack "
                "(only blinded_stack houses, LPR:L193, take one)",
            )
        if h.late_reg_penalty == "blinded_stack":
            if seat_stack is None:
                raise RegistrationError(
                    "seat_stack_needed",
                    f"house {h.name} seats a late entrant at the stack placed for him at the "
                    "start, less the blinds and antes it paid (TRN-04, LPR:L193); pass "
                    "seat_stack",
                )
            if not 0 < seat_stack <= entitled:
                raise RegistrationError(
                    "bad_seat_stack",
                    f"seat_stack = {seat_stack}; must be 1..{entitled}",
                )
            docked = entitled - seat_stack
        stack = entitled - docked
        if stack <= 0:
            raise RegistrationError(
                "nothing_left",
                f"a late entry at level {level.number} would start with {stack} chips "
                f"({entitled} less {h.late_reg_penalty_big_blinds} x the big blind "
                f"{level.big_blind}, TRN-04); allowed: late entries while that leaves chips, "
                f"up to level {self.late_reg_until()}",
            )
        return stack

    def _very_late_stack(self, entitled: int, level: Level, very_late: bool) -> int:
        """TRN-04 (CAMB:L46): an entry after late registration closed, at the TD's discretion.

        "Players can join later at the TD's discretion but with a maximum of roughly 30% of
        the original chip allocation - e.g. 3,000 for 10,000 chip tournaments." The stack is
        the house's cap on the starting stack, 3,000 exactly (CONFLICTS C-3), in the chips in
        play at the level; the bonus does not raise it (the cap is on the original
        allocation). The 10 x big blind docking is the penalty for entries while late
        registration is open, so it does not apply here, and the rulebook sets no last level.
        """
        h, s = self.house, self.structure
        until = self.late_reg_until()
        cap = int(h.very_late_entry_stack_cap * s.starting_stack)
        if not very_late or cap <= 0:
            allowed = (
                f"very_late=True at any later level (TD's discretion), stack capped at {cap}"
                if cap > 0 else "no later entry"
            )
            when = (
                f"house {h.name} takes late entries until level {until} ends"
                if until else f"house {h.name} takes no late entries once play starts "
                "unless the event sets EntryPolicy.late_reg_until_level"
            )
            raise RegistrationError(
                "late_reg_closed",
                f"late registration closed: level {level.number} is in play and {when} "
                f"(TRN-04); allowed: {allowed}",
            )
        unit = s.smallest_chip_at(level.number)
        stack = min(entitled, cap // unit * unit)
        if stack <= 0:
            raise RegistrationError(
                "nothing_left",
                f"a very late entry at level {level.number} would start with 0 chips: the cap "
                f"of {cap} (TRN-04, CAMB:L46) is below the smallest chip in play, {unit}; "
                "allowed: very late entries while the cap is at least one chip in play",
            )
        return stack

    def _add(
        self,
        player: PlayerId,
        kind: EntryKind,
        at: int,
        local_time: time | None,
        level: Level | None,
        flight: str,
        very_late: bool,
        seat_stack: int | None,
    ) -> Registry:
        h, s = self.house, self.structure
        bonus = 0
        if s.early_reg_bonus and h.early_reg_bonus_before:
            if local_time is None:
                raise RegistrationError(
                    "local_time_needed",
                    f"house {h.name} gives {s.early_reg_bonus} bonus chips before "
                    f"{h.early_reg_bonus_before} (TRN-01); pass local_time",
                )
            if _before(local_time, h.early_reg_bonus_before):
                bonus = s.early_reg_bonus
        entitled = s.starting_stack + bonus
        stack, docked = entitled, 0
        if level is None and (very_late or seat_stack is not None):
            # TRN-04: both describe an entry after the start; before it every entrant gets
            # the starting stack (TRN-01), so they would be ignored: refuse them instead.
            raise RegistrationError(
                "not_late",
                f"very_late = {very_late}, seat_stack = {seat_stack} before play has started; "
                "allowed: neither (every entry before the start gets the starting stack, "
                "TRN-01)",
            )
        if level is not None:  # play has started: a late entry (TRN-04)
            if level.number > self.late_reg_until():
                stack = self._very_late_stack(entitled, level, very_late)
                kind = "very_late" if kind == "initial" else kind
                if seat_stack is not None:
                    # TRN-04 (CAMB:L46): a very late stack is the house cap, not a seat stack.
                    raise RegistrationError(
                        "seat_stack_not_used",
                        f"seat_stack = {seat_stack} for a very late entry; its stack is the "
                        f"house cap ({stack}, TRN-04); allowed: no seat_stack",
                    )
            else:
                if very_late:
                    raise RegistrationError(
                        "late_reg_open",
                        f"late registration is still open at level {level.number} (TRN-04, "
                        f"until level {self.late_reg_until()}); allowed: register normally",
                    )
                stack = self._late_stack(entitled, level, seat_stack)
                kind = "late" if kind == "initial" else kind
            docked = entitled - stack
        entry = Entry(
            entry_id=len(self.entries) + 1, player=player, flight=flight, kind=kind,
            registered_at=at, stack=stack, bonus=bonus, docked=docked,
        )
        return dataclasses.replace(
            self, entries=(*self.entries, entry),
            log=(*self.log, (at, f"{kind} {entry.entry_id} {player} {stack}")),
        )
