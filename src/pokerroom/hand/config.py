"""What one deal is played with: the variant, the betting structure, stakes, stacks and house.

Players are numbered by *position*: position 0 is the first player dealt to (first left of the
button seat, the small blind in a normal hand), the last position is the button (FLOW-02).
Forced bets are given exactly as posted by each position.

>>> cfg = HandConfig.holdem_no_limit(stacks=(200, 200, 200), small_blind=1, big_blind=2)
>>> cfg.blinds, cfg.players, cfg.variant.code
((1, 2, 0), 3, 'NT')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from pokerroom.errors import ConfigError
from pokerroom.house.rules import STREET_NAMES, HouseRules
from pokerroom.values import quick_init

__all__ = ["VARIANTS", "HandConfig", "Structure", "Variant", "preflop_start"]

Structure = Literal["no_limit", "pot_limit", "fixed_limit"]
Evaluation = Literal["holdem", "omaha", "omaha_hilo", "short_deck", "deuce_seven", "badugi"]


@dataclass(frozen=True, slots=True)
class Variant:
    """A game: how many hole cards, whether there is a board or draws, how hands are ranked."""

    code: str
    name: str
    hole_cards: int
    evaluation: Evaluation
    structure: Structure
    draws: int = 0
    deck_size: int = 52

    @property
    def has_board(self) -> bool:
        """True for flop games (Hold'em, Omaha), False for draw games."""
        return self.draws == 0

    @property
    def streets(self) -> int:
        """Number of betting rounds: pre-flop, flop, turn, river (or one per draw + 1)."""
        return 4 if self.has_board else self.draws + 1

    @property
    def hi_lo(self) -> bool:
        """True when the pot is split between the best high and the best qualifying low."""
        return self.evaluation == "omaha_hilo"


def _v(code: str, name: str, hole: int, ev: Evaluation, st: Structure, **kw: int) -> Variant:
    return Variant(code, name, hole, ev, st, **kw)


#: Variants by PHH code. ``PT``, ``NO``, ``PO5``/``PO6`` and ``PO/8`` are pokerroom's own codes.
VARIANTS: dict[str, Variant] = {
    v.code: v
    for v in (
        _v("NT", "No-limit Texas hold'em", 2, "holdem", "no_limit"),
        _v("PT", "Pot-limit Texas hold'em", 2, "holdem", "pot_limit"),
        _v("FT", "Fixed-limit Texas hold'em", 2, "holdem", "fixed_limit"),
        _v("NS", "No-limit short-deck hold'em", 2, "short_deck", "no_limit", deck_size=36),
        _v("PO", "Pot-limit Omaha hold'em", 4, "omaha", "pot_limit"),
        _v("PO5", "Pot-limit five-card Omaha", 5, "omaha", "pot_limit"),
        _v("PO6", "Pot-limit six-card Omaha", 6, "omaha", "pot_limit"),
        _v("NO", "No-limit Omaha hold'em", 4, "omaha", "no_limit"),
        _v("FO", "Fixed-limit Omaha hold'em", 4, "omaha", "fixed_limit"),
        _v("PO/8", "Pot-limit Omaha hi/lo 8-or-better", 4, "omaha_hilo", "pot_limit"),
        _v("FO/8", "Fixed-limit Omaha hi/lo 8-or-better", 4, "omaha_hilo", "fixed_limit"),
        _v(
            "F2L3D", "Fixed-limit 2-7 lowball triple draw", 5, "deuce_seven", "fixed_limit", draws=3
        ),
        _v("N2L1D", "No-limit 2-7 lowball single draw", 5, "deuce_seven", "no_limit", draws=1),
        _v("FB", "Fixed-limit badugi", 4, "badugi", "fixed_limit", draws=3),
    )
}


@lru_cache(maxsize=64)
def _limit_units(big_on: tuple[str, ...], small: int, big: int) -> tuple[int, ...]:
    """STR-02: the fixed-limit bet unit of each betting round (a hand config asks per hand)."""
    return tuple(big if name in big_on else small for name in STREET_NAMES)


@lru_cache(maxsize=64)
def _deal_order(n: int, first_card_to: str) -> tuple[int, ...]:
    """FLOW-02 / FLOW-08: the positions in the order they get hole cards."""
    return (1, 0) if n == 2 and first_card_to == "small_blind" else tuple(range(n))


def preflop_start(blinds: tuple[int, ...], posts: tuple[int, ...] = ()) -> int:
    """FLOW-03: the engine's first to act pre-flop, left of the last (largest) blind or
    straddle; posts (PHH's live posts of a player just seated) do not count; no blind: 0.

    >>> preflop_start((1, 2, 0, 0)), preflop_start((1, 2, 0, 2), posts=(3,)), preflop_start((0, 0))
    (2, 2, 0)
    """
    if posts:
        blinds = tuple(0 if j in posts else b for j, b in enumerate(blinds))
    top = max(blinds)
    if not top:
        return 0
    last = max(j for j in range(len(blinds)) if blinds[j] == top)
    return (last + 1) % len(blinds)


def _check_players(n: int) -> None:
    if not 2 <= n <= 23:
        raise ConfigError("bad_player_count", f"a hand needs 2 to 23 players, got {n}")


@quick_init  # a table builds one every hand
@dataclass(frozen=True, slots=True)
class HandConfig:
    """Everything fixed before the first card: game, stakes, stacks by position, house rules."""

    variant: Variant
    starting_stacks: tuple[int, ...]
    blinds: tuple[int, ...]
    antes: tuple[int, ...]
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    rules: HouseRules = field(default_factory=HouseRules)
    #: POT-05 / STR-07: the smallest unit that plays; odd chips are handed out in this unit.
    chip_unit: int = 1
    #: RIT-01: the stakes key used to look up the run-it-twice minimum pot, e.g. ``"1/2"``.
    stakes: str = ""
    #: Let the engine show or muck for every player at showdown (SHD-04/05), as a bot would.
    automate_showdown: bool = False
    #: SHD-01/02 give the order in which hands are asked for; with this set a player still in
    #: may also show or muck before his turn, as a PHH file may record it (PokerKit takes the
    #: player named by ``sm`` over its showdown order). Replay sets it; tables do not.
    showdown_any_order: bool = False
    #: PHH replay (PokerKit): at the settlement, pots next to each other that are contested
    #: by the same hands still able to win something are settled as one pot, so a split
    #: leaves one set of odd chips, not one per layer. Replay sets it; tables do not.
    merge_pots_by_winners: bool = False
    #: PHH replay (PokerKit): in a draw game whose deck has run out, the discards and mucked
    #: cards are dealt again; a card dealt in a draw need only not be in someone's hand.
    #: Replay sets it; tables do not.
    redeal_discards: bool = False
    #: Positions dealt a dead hand (an absent player, BLD-07 / TRN-02): if the deal ends with
    #: nobody able to act, the engine kills them before the board is run out (their posts stay
    #: in the pot), so a dead hand never wins; otherwise the table kills them (``KillHand``)
    #: when its presence rule says.
    dead_at_deal: tuple[int, ...] = ()
    #: POT-01: each ante counts in its poster's contribution when the pots are layered (the
    #: houses' rule; PHH ``ante_trimming_status = true``). False: every ante posted is dead
    #: money in the main pot, which every live hand contests, and the layers are built from
    #: the other chips (PHH's default ``ante_trimming_status = false``, as for a big-blind
    #: ante: a player all in for less than the antes can still win all of them).
    antes_layered: bool = True
    #: BLD-03 / BLD-06 (a big-blind ante, G12): a player short of his blind and ante posts the
    #: blind first, then what is left as the ante, so a short big blind's chips stay live
    #: (card rooms', and the TDA's, practice). False: antes first, as PokerKit posts them
    #: (PHH replay; per-player antes at the tables).
    blinds_before_antes: bool = False
    #: FLOW-03: the position that acts first pre-flop when it is not the one left of the last
    #: (largest) blind, as the engine finds it: a make-up post or a button straddle (BLD-05)
    #: that must not move the start. None: the engine's own. The tables set it.
    preflop_first: int | None = None
    #: Positions whose blind is a post (a player just seated paying to play at once, PHH's
    #: negative ``blinds_or_straddles``): live money that does not move the first to act
    #: (FLOW-03 counts only the other blinds). Replay sets it; tables do not.
    posts: tuple[int, ...] = ()
    #: PHH replay (PokerKit): betting as PokerKit plays it. A bet or raise is to at least the
    #: current bet plus the largest increment of this round (blinds and straddles are not
    #: raises) or the minimum bet (fixed limit: the round's bet), whichever is more; a raise
    #: of at least that largest increment reopens the betting, and so do short all-ins that
    #: add up to it; a player may not raise when what he has to call is less than it; four
    #: bets a round in fixed limit, short all-ins counted. The first to act pre-flop is left
    #: of the largest blind or straddle actually posted, and a player left to act when the
    #: others fold or go all in is still asked. Replay sets it; tables do not.
    phh_betting: bool = False
    #: IRR-05 (RRP:L39-40): chips already in the middle when the hand starts, carried over
    #: from a deal called off (a freerolling player's bet stays in the pot for the next
    #: deal): dead money in the main pot, which every live hand contests.
    dead_money: int = 0
    #: STR-02 / G4: the fixed-limit bet unit of each betting round (pre-flop, flop, turn,
    #: river; a draw game's rounds in order): the big bet on the house's
    #: ``limit_big_bet_streets``, the small bet on the others. Derived, read by the engine.
    limit_units: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: FLOW-02 / FLOW-08: the positions in the order they receive hole cards, one card at a
    #: time: from position 0 (first entitled seat left of the button), or, heads-up under a
    #: house whose ``first_card_to`` is ``small_blind``, from the button, who posts it.
    #: Derived, read by the engine.
    deal_order: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = len(self.starting_stacks)
        _check_players(n)
        blinds, antes = self.blinds, self.antes
        if len(blinds) != n or len(antes) != n:
            label, seq = ("blinds", blinds) if len(blinds) != n else ("antes", antes)
            raise ConfigError(
                "bad_length",
                f"{label} has {len(seq)} entries but there are {n} players: "
                "give one per position",
            )
        if min(blinds) < 0 or min(antes) < 0:
            label, seq = ("blinds", blinds) if min(blinds) < 0 else ("antes", antes)
            raise ConfigError("negative_amount", f"{label} {seq} has a negative amount")
        if min(self.starting_stacks) <= 0:
            raise ConfigError(
                "bad_stack", f"starting stacks {self.starting_stacks} must all be positive"
            )
        variant = self.variant
        if variant.structure == "fixed_limit":
            if self.small_bet <= 0 or self.big_bet <= 0:
                raise ConfigError(
                    "missing_bet_sizes", "fixed limit needs positive small_bet and big_bet"
                )
        elif self.min_bet <= 0:
            raise ConfigError("missing_min_bet", "no-limit and pot-limit need a positive min_bet")
        if self.dead_at_deal:
            if any(not 0 <= p < n for p in self.dead_at_deal):
                raise ConfigError(
                    "bad_position", f"dead_at_deal {self.dead_at_deal}: positions are 0..{n - 1}"
                )
            if len(set(self.dead_at_deal)) >= n:
                raise ConfigError(
                    "no_live_hand", "dead_at_deal names every position: a hand needs a live one"
                )
        if self.preflop_first is not None and not 0 <= self.preflop_first < n:
            raise ConfigError(
                "bad_position", f"preflop_first {self.preflop_first}: positions are 0..{n - 1}"
            )
        if self.chip_unit <= 0:
            raise ConfigError("bad_chip_unit", f"chip_unit must be positive, got {self.chip_unit}")
        if self.dead_money < 0 or self.dead_money % self.chip_unit:
            raise ConfigError(
                "bad_dead_money",
                f"dead_money {self.dead_money}: give 0 or a positive multiple of the chip unit "
                f"{self.chip_unit}",
            )
        rules = self.rules
        # STR-02 / G4: which rounds use the big bet is the house's (read once per hand here,
        # not on every action).
        units = _limit_units(rules.limit_big_bet_streets, self.small_bet, self.big_bet)
        object.__setattr__(self, "limit_units", units)
        # FLOW-08: heads-up the button (position 1) posts the small blind and may get the
        # first card.
        object.__setattr__(self, "deal_order", _deal_order(n, rules.first_card_to))
        if variant.has_board and n * variant.hole_cards + 8 > variant.deck_size:
            needed = n * variant.hole_cards + 8
            raise ConfigError(
                "too_many_players",
                f"{n} players need {needed} cards but the deck has {variant.deck_size}",
            )

    @property
    def players(self) -> int:
        """Number of players dealt in."""
        return len(self.starting_stacks)

    def chips_in_play(self) -> int:
        """All chips at the table at the start of the hand (dead money in the middle too)."""
        return sum(self.starting_stacks) + self.dead_money

    def bet_unit(self, street: int) -> int:
        """STR-02: the fixed-limit bet unit of betting round ``street`` (0 = pre-flop).

        >>> cfg = HandConfig.build("FT", (100, 100, 100), 1, 2)
        >>> [cfg.bet_unit(street) for street in range(4)]
        [2, 2, 4, 4]
        """
        return self.limit_units[street]

    @property
    def big_blind(self) -> int:
        """The largest scheduled forced bet (the big blind, or the last straddle)."""
        return max(self.blinds)

    @staticmethod
    def holdem_no_limit(
        stacks: tuple[int, ...],
        small_blind: int,
        big_blind: int,
        *,
        ante: int = 0,
        rules: HouseRules | None = None,
    ) -> HandConfig:
        """A no-limit Hold'em hand with the usual blinds (heads-up: the button posts the SB)."""
        return HandConfig.build("NT", stacks, small_blind, big_blind, ante=ante, rules=rules)

    @staticmethod
    def build(
        code: str,
        stacks: tuple[int, ...],
        small_blind: int,
        big_blind: int,
        *,
        ante: int = 0,
        straddles: tuple[int, ...] = (),
        rules: HouseRules | None = None,
        automate_showdown: bool = False,
        stakes: str = "",
    ) -> HandConfig:
        """Build a config from the blinds of a normal hand (FLOW-08 heads-up order applied).

        >>> HandConfig.build("NT", (100, 100), 1, 2).blinds
        (2, 1)
        >>> HandConfig.build("FT", (100, 100, 100), 1, 2).small_bet
        2
        """
        variant = VARIANTS.get(code)
        if variant is None:
            raise ConfigError(
                "unknown_variant", f"unknown variant {code!r}; known: {', '.join(VARIANTS)}"
            )
        n = len(stacks)
        _check_players(n)  # before the blinds are laid out for them
        if not 0 <= small_blind <= big_blind:
            # BLD-01: the small blind is left of the button, the big blind after it; a small
            # blind above the big one would start the action (FLOW-03) at the wrong seat.
            raise ConfigError(
                "bad_blinds",
                f"blinds {small_blind}/{big_blind}: need 0 <= small blind <= big blind",
            )
        blinds = [0] * n
        if n == 2:
            if straddles:
                # FLOW-08: heads-up there are only the two blinds; a straddle has no seat.
                raise ConfigError(
                    "too_many_straddles", f"{len(straddles)} straddle(s) in a heads-up hand"
                )
            blinds[0], blinds[1] = big_blind, small_blind  # FLOW-08: button posts the SB
        else:
            blinds[0], blinds[1] = small_blind, big_blind
            for i, s in enumerate(straddles):
                if 2 + i >= n:
                    raise ConfigError(
                        "too_many_straddles", f"{len(straddles)} straddles need more players"
                    )
                blinds[2 + i] = s
        fixed = variant.structure == "fixed_limit"
        return HandConfig(
            variant=variant,
            starting_stacks=tuple(stacks),
            blinds=tuple(blinds),
            antes=(ante,) * n,
            min_bet=0 if fixed else big_blind,
            small_bet=big_blind if fixed else 0,
            big_bet=2 * big_blind if fixed else 0,
            rules=rules or HouseRules(),
            stakes=stakes or f"{small_blind}/{big_blind}",
            automate_showdown=automate_showdown,
        )
