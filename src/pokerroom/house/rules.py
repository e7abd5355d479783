"""HouseRules: every rule parameter that differs between card rooms, as one frozen value.

Each field names the rule in ``RULES.md`` it implements (``BET-04``) or the open decision of
RULES.md §26 it settles (``G6``). The five rooms' TOML profiles (``house/profiles/*.toml``)
set every field explicitly, per mode (cash / tournament); ``house/profiles.py`` loads them.

Conventions:

* enumerated values are ``Literal`` strings, snake_case, as RULES.md writes them;
* chip amounts, counts, seconds and minutes are ``int``;
* thresholds such as 0.51 are :class:`fractions.Fraction` (TOML: ``"51/100"``) so that
  ``threshold * R`` is exact; no floats are used for rules;
* ``0`` means "none / not used" for counts and amounts where the comment says so.

``run_it_twice_min_pot`` is a tuple of ``(stakes, amount)`` pairs rather than a dict so that
``HouseRules`` stays hashable; :meth:`HouseRules.rit_min_pot` looks a stakes key up.

>>> rules = HouseRules()
>>> rules.reopen_barred_for
'already_acted'
>>> HouseRules(mode="tournament").is_tournament
True
>>> rules.overcall_raise_threshold * 150
Fraction(75, 1)
>>> rit = HouseRules(run_it_twice_allowed=True, run_it_twice_min_pot=(("1/2", 500), ("2/5+", 10)))
>>> rit.rit_min_pot("1/2"), rit.rit_min_pot("5/10"), rit.rit_min_pot("1/1")
(500, 10, None)
>>> hash(rules) == hash(HouseRules())
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, get_args

from pokerroom.errors import ConfigError

__all__ = [
    "STREET_NAMES",
    "UNSUPPORTED_VALUES",
    "BlockedPosition",
    "HouseRules",
    "Mode",
    "PenaltyStep",
    "Street",
]

Mode = Literal["cash", "tournament"]
Street = Literal["preflop", "flop", "turn", "river"]
#: The betting rounds in order; a draw game's rounds take these names in the same order.
STREET_NAMES: tuple[Street, ...] = get_args(Street)
BlockedPosition = Literal["small_blind", "button", "between_button_and_small_blind"]
PenaltyStep = Literal[
    "warning",
    "one_hand",
    "two_hands",
    "one_round",
    "two_rounds",
    "three_rounds",
    "four_rounds",
    "suspension",
    "disqualification",
    "membership_cancellation",
    "barred",
]


#: Values a field's type admits but no rule gives a meaning to, so the engine does not play
#: them: loading a profile that sets one fails (ConfigError naming the key and the supported
#: values) instead of the setting being silently ignored. Field -> (supported values, why).
UNSUPPORTED_VALUES: dict[str, tuple[tuple[object, ...], str]] = {
    # GAME-02 / G1: the evaluator's high tables always rank the wheel A-2-3-4-5 a straight.
    "ace_low_straight": (
        (True,),
        "GAME-02 / G1: the wheel A-2-3-4-5 is always a straight (the hand evaluator has no "
        "high ranking without it)",
    ),
    # GAME-05 (RRP:L77): the evaluator ranks by card ranks only.
    "suits_break_pot_ties": (
        (False,),
        "GAME-05, RRP:L77: suits never break a tie for a pot (the evaluator compares ranks "
        "only)",
    ),
    # GAME-03 / G2 (LPR:L38): the Omaha evaluator takes exactly two hole and three board cards.
    "omaha_hole_cards_used": (
        (2,),
        "GAME-03 / G2, LPR:L38: Omaha hands use exactly two hole cards and three board cards",
    ),
    # STK-01 (LPR r88): the table refuses AddChips from a player in the hand, in every house.
    "add_chips_during_hand": (
        (False,),
        "STK-01, LPR r88: chips are added between hands only (no rulebook allows it during a "
        "hand)",
    ),
    # POT-04 / G8 ("GAP - universal; needed for POT-01's top layer"): an unmatched bet can
    # only be won by its owner, so it always goes back to him.
    "uncalled_bet_returned": (
        (True,),
        "POT-04: the uncalled part of a bet always goes back to its owner (nobody else can "
        "win it)",
    ),
}


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _stakes_numbers(stakes: str) -> tuple[int, ...] | None:
    """The blind amounts of a stakes key such as ``"2/5"`` (``None`` if it is not numeric)."""
    parts = stakes.strip().rstrip("+").split()[0].split("/") if stakes.strip() else []
    if not parts or not all(p.isdigit() for p in parts):
        return None
    return tuple(int(p) for p in parts)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Rule parameters for one house in one mode (cash or tournament)."""

    name: str = "default"
    mode: Mode = "cash"
    # §0.1: the packaged rulebook whose rules the house follows where no field decides (the
    # house itself, or the house a club's profile derives from); "" means the house's name.
    rulebook: str = ""
    # §0.1: False when the house runs no games of this mode (CAMB cash, HIPP tournaments).
    offered: bool = True

    # --- Game definitions (GAME) -------------------------------------------------------------
    # GAME-02 / G1: the wheel A-2-3-4-5 is a straight.
    ace_low_straight: bool = True
    # GAME-05: suits never split a pot.
    suits_break_pot_ties: bool = False
    # GAME-03 / G2: Omaha uses exactly this many hole cards (and exactly 5 minus it from the board).
    omaha_hole_cards_used: int = 2

    # --- Game flow (FLOW) ----------------------------------------------------------------------
    # FLOW-02: who receives the first card of the deal.
    first_card_to: Literal["first_entitled_left_of_button", "small_blind"] = (
        "first_entitled_left_of_button"
    )
    # FLOW-08: heads-up, the button posts this blind.
    heads_up_button_posts: Literal["small_blind"] = "small_blind"

    # --- Blinds, antes, straddles (BLD) --------------------------------------------------------
    # BLD-01: the big blind must be exactly twice the small blind.
    bb_must_equal_2x_sb: bool = False
    # BLD-03: a short blind does not lower the amount to call or the raise sizes.
    short_blind_sets_call_amount: bool = False
    # BLD-05: which straddle is allowed (per mode table; TRN-08: none in tournaments at LPR).
    straddle_mode: Literal["none", "utg_live_blind", "button_only_3_4_handed"] = "none"
    # BLD-05 / G11: straddle size as a multiple of the big blind.
    straddle_multiple_of_bb: int = 2
    # BLD-05 / G11: the straddler acts last pre-flop.
    straddler_acts_last: bool = True
    # BLD-05 / G11: where pre-flop action starts with a button straddle. Action goes clockwise,
    # so a button straddler acts last only when it starts at the small blind.
    button_straddle_preflop_start: Literal["left_of_big_blind", "small_blind"] = "small_blind"
    # BLD-06 / G12: ante type ("per_structure_level": the tournament structure sets it per level).
    ante_mode: Literal["none", "per_player", "big_blind_ante", "per_structure_level"] = "none"
    # BLD-07 / TRN-02: an absent player's stack still posts blinds and antes.
    absent_player_posts_blinds: bool = True

    # --- Button (BTN) --------------------------------------------------------------------------
    # BTN-02 / BTN-03: button method of this mode (§27 button_mode_cash / button_mode_tournament).
    button_mode: Literal["moving", "dead"] = "moving"
    # BTN-01: how the first button is drawn.
    button_draw: Literal["high_card"] = "high_card"
    # BTN-01: suit order breaking a tie in the draw ("none": tied seats draw again).
    draw_suit_order: Literal["spades_hearts_diamonds_clubs", "none"] = (
        "spades_hearts_diamonds_clubs"
    )
    # BTN-01: one draw per table, or one draw on table one fixing the button seat on all tables.
    tournament_button_draw_scope: Literal["per_table", "table1_seat_applies_to_all"] = "per_table"
    # BTN-08: redraw the button when a table is re-seated with many new players.
    redraw_button_on_reseat: bool = False
    # BTN-08: ... when new players / players at the table >= this fraction.
    redraw_button_if_new_fraction_gte: Fraction = Fraction(1, 2)
    # BTN-08: redraw the button when the final table starts.
    redraw_button_at_final_table: bool = False
    # BTN-04: a hand may be played with no small blind (dead small blind).
    dead_small_blind_allowed: bool = False
    # BTN-07 / G26: after a misplaced button was played out: keep moving it, or correct positions.
    misplaced_button_prev_hand: Literal["continue_clockwise", "correct_positions"] = (
        "continue_clockwise"
    )

    # --- New players and missed blinds (NEW) ---------------------------------------------------
    # NEW-01: positions in which a new player may not be dealt in (cash games; where it holds
    # "between_button_and_small_blind" nobody makes up a missed blind there either, HIPP:L220).
    # A cash-game rule: tournament profiles set () and the profile loader refuses any other
    # value there (LPR:L181, L194; CAMB:L48 deal every tournament player in).
    new_player_blocked_positions: tuple[BlockedPosition, ...] = ("small_blind", "button")
    # NEW-02: a new player must post to be dealt in.
    new_player_post_required: bool = False
    # NEW-02: a new player may be dealt in before his big blind reaches him (free).
    new_player_may_play_before_bb: bool = True
    # NEW-03: a new player between the button and the small blind may buy the button.
    buy_the_button: Literal["not_allowed", "allowed_post_sb_plus_bb"] = "not_allowed"
    # NEW-04: how a player who missed blinds comes back.
    missed_blind_return: Literal["post_sb_if_before_button", "post_bb_or_wait_for_bb"] = (
        "post_bb_or_wait_for_bb"
    )
    # NEW-04 / G23: a missed big blind made up on return plays as a live bet.
    missed_blind_post_live: bool = True
    # NEW-04 / G13: a missed small blind made up on return is dead (goes to the pot).
    missed_sb_post_dead: bool = True

    # --- Betting structures (STR) --------------------------------------------------------------
    # STR-02 / G4: fixed-limit streets that use the big bet (the others use the small bet;
    # a draw game's betting rounds count as preflop, flop, turn, river in order).
    limit_big_bet_streets: tuple[Street, ...] = ("turn", "river")
    # STR-03: bets allowed per round in fixed limit (1 bet + 3 raises = 4); 0 means no cap.
    limit_raise_cap: int = 4
    # STR-03 / G5: pre-flop the big blind counts as the bet toward the cap.
    limit_bb_counts_as_bet: bool = True
    # STR-04: a round that becomes heads-up before the cap is uncapped. Read from the mode's
    # table: cash tables of a house that uncaps say True; tournament tables say False (TRN-10).
    limit_heads_up_uncapped_in_cash: bool = True
    # STR-05 / G3: pot-limit maximum = call + pot after the call.
    pl_max_formula: Literal["standard"] = "standard"
    # STR-07: smallest unit that plays (min raise, odd chips, rake are rounded to it).
    min_wager_unit: Literal["smallest_chip_in_play", "smallest_blind_or_ante_chip"] = (
        "smallest_blind_or_ante_chip"
    )

    # --- Minimum bet and raise, all-in, reopening (BET) ----------------------------------------
    # BET-02: minimum raise increment.
    min_raise_rule: Literal["largest_prior_bet_or_raise_this_round"] = (
        "largest_prior_bet_or_raise_this_round"
    )
    # BET-02 / G7: an incomplete all-in leaves the last full raise size unchanged.
    incomplete_allin_keeps_last_full_raise: bool = True
    # BET-04: an incomplete no-limit all-in reopens the betting for players who acted.
    nl_incomplete_allin_reopens: bool = False
    # BET-04: who may not re-raise an incomplete all-in: "already_acted" (RRP base) or
    # "already_raised" (LPR r26 literal).
    reopen_barred_for: Literal["already_acted", "already_raised"] = "already_acted"
    # BET-04 / G6: several short all-ins that add up to a full raise reopen the betting.
    cumulative_short_allins_reopen: bool = True
    # BET-05: a fixed-limit all-in of at least this fraction of a bet is a full bet (inclusive).
    limit_allin_full_threshold_num: int = 1
    limit_allin_full_threshold_den: int = 2
    # BET-05 / G5: a fixed-limit all-in of at least half a bet (a full bet by BET-05) but
    # short of a whole bet counts toward the raise cap. A whole bet or raise always counts.
    limit_short_allin_counts_toward_cap: bool = True
    # BET-06: the amount of an all-in is revealed only on request, or always.
    show_allin_amount: Literal["on_request", "always"] = "always"
    # POT-04 / G8: the uncalled top layer of a bet goes back to its owner (only true is
    # supported: UNSUPPORTED_VALUES).
    uncalled_bet_returned: bool = True

    # --- Chip placement and declarations (CHP) -------------------------------------------------
    # CHP-01: does a verbal declaration out of turn bind?
    oot_verbal_binding: Literal[
        "no", "key_words_always", "unless_intervening_bet_call_raise", "unless_action_changes"
    ] = "unless_intervening_bet_call_raise"
    # CHP-02: one oversized chip facing a bet, without a declaration.
    single_oversized_chip: Literal["call"] = "call"
    # CHP-02 / G20: one chip released with no bet to face.
    single_chip_no_bet_facing: Literal["bet_full_value", "check"] = "bet_full_value"
    # CHP-02: a raise with one chip needs "raise" and the amount said (GROS:L64); without the
    # amount the floor sizes it (CONFLICTS G-7). False: saying "raise" is enough.
    single_chip_raise_requires_amount: bool = False
    # CHP-03: several chips put in silently.
    multi_chip_silent: Literal[
        "raise_if_one_chip_would_call", "raise_per_threshold", "raise_to_total"
    ] = "raise_per_threshold"
    # CHP-05: call + extra >= threshold x last full raise is a raise (0: any extra raises).
    overcall_raise_threshold: Fraction = Fraction(1, 2)
    # CHP-05: what an over-call below the threshold becomes.
    overcall_below_threshold: Literal["call_return_excess"] = "call_return_excess"
    # CHP-05: what an over-call at or above the threshold becomes.
    overcall_at_or_above: Literal["complete_to_min_raise", "raise_to_total"] = (
        "complete_to_min_raise"
    )
    # CHP-06: silent under-call (less than the call, not all-in).
    undercall_rule: Literal["gros_cash_51pct", "committed", "bring_up"] = "bring_up"
    # CHP-06: threshold of the total bet faced for "gros_cash_51pct".
    undercall_threshold: Fraction = Fraction(51, 100)
    # CHP-07: an ambiguous spoken amount means the smallest legal value.
    ambiguous_verbal_amount: Literal["smallest_legal"] = "smallest_legal"
    # CHP-08 / G21: saying "pot" in no-limit binds a bet whose size the floor rules (default pot).
    nl_pot_declaration: Literal["bet_required_amount_by_floor"] = "bet_required_amount_by_floor"
    # CHP-11: the pot is counted for a player who asks.
    pot_count_on_request: bool = True
    # CHP-11: a player is told his options on request.
    tell_options_on_request: bool = True

    # --- Out of turn and the right to act (OOT) ------------------------------------------------
    # OOT-02: intervening actions that release an out-of-turn action.
    oot_released_by: Literal["bet_raise", "bet_call_raise"] = "bet_raise"
    # OOT-03: the offender's options once released.
    oot_release_options: Literal["call_or_fold", "hipp_size_compare", "full"] = "call_or_fold"
    # OOT-03: the out-of-turn chips go back if the released offender folds.
    oot_refund_on_fold: bool = True
    # OOT-04: an out-of-turn fold always binds.
    oot_fold_binds: bool = True
    # OOT-06: a player whose out-of-turn check stands may only check, call or fold.
    oot_check_limits_to_check_call_fold: bool = True
    # OOT-08: a call made without noticing a raise.
    unaware_of_raise: Literal[
        "call_or_fold_forfeit", "withdraw_if_no_action_after", "51pct_rule", "committed"
    ] = "withdraw_if_no_action_after"
    # OOT-09: in-turn actions behind a skipped player that put his right to act at risk.
    lose_right_to_act_after: Literal["2_actions", "3_actions", "2_incl_chips_or_3_passive"] = (
        "3_actions"
    )

    # --- Clock (CLK) ---------------------------------------------------------------------------
    # CLK-01: who may call the clock.
    clock_who_may_call: Literal["any_player"] = "any_player"
    # CLK-01: seconds the player gets once the clock is on.
    clock_seconds: int = 60
    # CLK-01: final countdown, seconds.
    clock_final_countdown_s: int = 10
    # CLK-01: the countdown is inside the minute (60 s in all), not added (70 s).
    clock_countdown_inside_minute: bool = True
    # CLK-02 / G14: clock expiry when not facing a bet (facing a bet: the hand is dead).
    clock_expiry_not_facing_bet: Literal["check", "dead"] = "check"
    # CLK-03: seconds to act after exposing a hand while facing a bet, then dead (0: no timer).
    exposed_facing_bet_timer_s: int = 0

    # --- Player exposure (EXP) -----------------------------------------------------------------
    # EXP-01: player exposes a card while facing action.
    player_exposure_facing_action: Literal["may_fold_hand", "lock_aggression", "none"] = "none"
    # EXP-02: player exposes a card when not facing action.
    player_exposure_not_facing_action: Literal["lock_aggression", "none"] = "none"
    # EXP-03: cards shown to one player must be shown to all.
    show_one_show_all: bool = True

    # --- Showdown (SHD) ------------------------------------------------------------------------
    # SHD-02: who shows first when nobody bet on the last round.
    showdown_order_no_river_bet: Literal[
        "first_to_act", "left_of_button_allin_first", "last_aggressor_any_street"
    ] = "first_to_act"
    # SHD-01: the "final betting round" is the river even when an all-in ended the betting
    # earlier ("river", every rulebook), or the last round actually bet ("last_betting_round",
    # PHH / PokerKit convention, used to replay hand histories).
    showdown_final_round: Literal["river", "last_betting_round"] = "river"
    # SHD-02 / G19: who shows first in a hand with no aggression at all.
    showdown_order_no_aggression: Literal["first_active_left_of_button"] = (
        "first_active_left_of_button"
    )
    # SHD-02: players in a side pot show before a player all-in only for the main pot (RRP).
    side_pot_players_show_first: bool = False
    # SHD-03: when every hand is turned face up once an all-in closes the betting.
    allin_hands_face_up: Literal["tournament", "never"] = "tournament"
    # SHD-08: who may ask to see a hand after the showdown.
    may_request_to_see: Literal["dealt_in", "live_cards_only", "voluntarily_invested"] = "dealt_in"
    # SHD-08: a hand the winner asks to see stays live.
    requested_hand_live_if_winner_asks: bool = True

    # --- Pots, odd chips, rake, fees (POT / FEE) -----------------------------------------------
    # POT-01: side pots built in layers of all-in amounts.
    side_pot_method: Literal["standard_layered"] = "standard_layered"
    # POT-02: award the last side pot first, back to the main pot.
    pot_award_order: Literal["last_side_pot_first"] = "last_side_pot_first"
    # POT-05: odd chips, one each, to tied winners clockwise from the first seat left of the button.
    odd_chip_to: Literal["first_left_of_button"] = "first_left_of_button"
    # POT-05: odd chips are broken down to this unit.
    odd_chip_unit: Literal["min_wager_unit"] = "min_wager_unit"
    # POT-05 / G9: odd units one winner may take, clockwise from the first seat left of the
    # button, each taking up to this many before the next (0: no limit, the first takes all).
    max_odd_units_per_player: int = 1
    # POT-05 / G9: each pot's odd units are assigned separately (true), or the count of odd
    # units a winner holds runs over the whole hand, so the limit is per hand (false).
    odd_chip_per_pot: bool = True
    # POT-09: players may agree to split a pot.
    allow_chop_agreements: bool = False
    # SHD-06: the floor may forfeit the pot of a player who deliberately miscalled his hand
    # and so made an opponent discard a winner (otherwise a penalty, PEN-*).
    miscall_forfeits_pot: bool = False
    # FEE-01 / FEE-02: how the house is paid.
    fee_model: Literal["rake", "session_fee", "none"] = "rake"
    # POT-07 / FEE-01 / G17: rake in percent, capped per hand (0: no rake / no cap).
    rake_percent: int = 0
    rake_cap: int = 0
    # POT-07: rake the main pot first, then the next while under the cap.
    rake_order: Literal["main_pot_first"] = "main_pot_first"
    # FEE-01 / G17: no rake from a hand that ends before the flop.
    no_flop_no_drop: bool = True
    # FEE-02: minutes past the hour at which session fees fall due.
    session_fee_minutes: tuple[int, ...] = (0, 30)
    # FEE-02: a player seated within this many minutes after a collection pays it.
    session_fee_late_seat_window_min: int = 10
    # FEE-02: hands a player may play without paying, only when nobody is waiting.
    session_fee_courtesy_hands: int = 1

    # --- Dealing (DEAL) ------------------------------------------------------------------------
    # DEAL-03: may players deal themselves.
    self_deal_allowed: Literal["competition_only", "yes", "no"] = "no"

    # --- Misdeals and irregularities (MIS / IRR) -----------------------------------------------
    # MIS-01: voluntary actions after which a dealer error is no longer a misdeal.
    misdeal_cutoff_actions: int = 2
    # MIS-01: posting blinds counts toward the cut-off.
    misdeal_cutoff_counts_blinds: bool = False
    # MIS-02 / G10: after a misdeal, redeal with the same button and blinds, all chips returned.
    misdeal_redeal_same_button: bool = True
    # G27: after a void hand (IRR-05/06/15), redeal with the same button.
    void_hand_same_button: bool = True
    # MIS-04: one of the first two cards exposed by the dealer is a misdeal.
    misdeal_if_first_or_second_card_exposed: bool = True
    # MIS-07: one surplus card dealt before betting.
    extra_card_before_betting: Literal["becomes_burn", "misdeal"] = "misdeal"
    # MIS-10: a card dealt off the table by the dealer.
    card_off_table_dealer_error: Literal["misdeal", "exposed_card"] = "exposed_card"
    # IRR-02: a single card found face up in the deck.
    boxed_card: Literal["scrap_replace_next", "treat_as_exposed"] = "scrap_replace_next"
    # IRR-05: two cards of identical rank and suit.
    duplicate_card: Literal["void_refund", "misdeal_refund"] = "void_refund"
    # IRR-05: the money of a player who knowingly played a defective deck.
    defective_deck_freeroll: Literal["pot_to_last_live_hand", "money_stays_for_next_deal"] = (
        "money_stays_for_next_deal"
    )
    # IRR-10: a flop dealt before pre-flop betting is complete.
    premature_flop: Literal["reshuffle", "reshuffle_unless_only_check_pending"] = "reshuffle"
    # IRR-10 / G18: a new burn card is taken for the replacement flop.
    premature_flop_new_burn: bool = False
    # IRR-11: a turn card dealt before flop betting is complete.
    premature_turn: Literal["lpr_river_as_turn_then_reshuffle", "reshuffle"] = (
        "lpr_river_as_turn_then_reshuffle"
    )
    # IRR-09: a card a player drops or sends off the table.
    player_dropped_card: Literal["plays", "hand_dead_and_new_deck"] = "plays"

    # --- Dead hands (DEAD) ---------------------------------------------------------------------
    # DEAD-03: retrieving a discarded hand.
    muck_retrieval: Literal[
        "identifiable_at_floor_discretion", "before_touching_muck_no_further_action", "never"
    ] = "identifiable_at_floor_discretion"
    # DEAD-04: cards thrown into another player's hand.
    thrown_into_hand: Literal["both_dead", "both_dead_unless_identifiable", "thrower_dead"] = (
        "thrower_dead"
    )
    # DEAD-06: what a player whose hand the dealer killed gets back.
    killed_hand_refund: Literal["uncalled_raise_only", "raise_increment_always", "none"] = "none"

    # --- Table stakes and buy-ins (STK) --------------------------------------------------------
    # STK-01: money behind (bought, not yet delivered, shown by a marker) plays.
    money_behind_plays: bool = False
    # STK-01: chips may be added during a hand.
    add_chips_during_hand: bool = False
    # STK-02: default minimum buy-in when the table sets none: fixed limit, in big bets (0: none).
    buyin_min_default_fl_big_bets: int = 0
    # STK-02: ... pot-limit / no-limit, in big blinds (0: none, the table minimum applies).
    buyin_min_default_nlpl_big_blinds: int = 0
    # STK-03: buy-ins below the minimum allowed per session.
    short_buyins_per_session: int = 0
    # STK-04: limit on adding chips.
    topup_limit: Literal["none", "stack_le_buyin_max"] = "stack_le_buyin_max"
    # STK-05: hours after a cash-out during which the return rule applies (0: none).
    rathole_window_h: int = 2
    # STK-05: buying in again within the window.
    return_buyin_rule: Literal["at_least_amount_removed", "no_play_for_less_within_window"] = (
        "at_least_amount_removed"
    )
    # STK-06: a player moved to another table keeps his stack.
    transfer_keeps_stack: bool = True
    # STK-06: a player from a broken game keeps a stack below the new table's minimum.
    broken_game_below_min_allowed: bool = True
    # STK-06: moving down in stakes needs a stack no larger than the lower game's maximum.
    move_down_requires_stack_le_max: bool = True
    # STK-07: cash on the table plays.
    cash_plays: Literal["announced", "only_when_authorised"] = "only_when_authorised"

    # --- Tournaments (TRN) ---------------------------------------------------------------------
    # TRN-01: starting stack (0: set per event).
    starting_stack: int = 0
    # TRN-01: bonus chips for early registration (0: none).
    early_reg_bonus: int = 0
    # TRN-01: registering before this local time "HH:MM" earns the bonus ("": no bonus).
    early_reg_bonus_before: str = ""
    # TRN-02: when an absent player's hand is dead.
    presence_deadline: Literal[
        "last_card_dealt", "start_of_deal_or_own_first_card", "absent_hand_killed"
    ] = "absent_hand_killed"
    # TRN-04: late registration closes when this level ends / its increase happens (0: TD decides).
    late_reg_until_level: int = 0
    # TRN-04: what a late entrant loses.
    late_reg_penalty: Literal["none", "big_blinds_docked", "blinded_stack"] = "none"
    # TRN-04: big blinds docked for "big_blinds_docked".
    late_reg_penalty_big_blinds: int = 0
    # TRN-04: stack cap for very late entry, as a fraction of the starting stack (0: no such entry).
    very_late_entry_stack_cap: Fraction = Fraction(0)
    # TRN-09 / G15: balance tables when their sizes differ by more than this.
    balance_when_diff_gt: int = 1
    # TRN-09 / G15: which table breaks first.
    break_order: Literal["td_decides"] = "td_decides"
    # TRN-09 / G15: hand-for-hand play near the money.
    hand_for_hand: bool = True
    # SEAT-06 / G25: compare table sizes before or after a proposed move.
    balance_count_basis: Literal["after_move", "before_move"] = "after_move"
    # TRN-12: prize places computed on unique entries or all entries.
    payout_basis: Literal["unique_entries", "all_entries"] = "all_entries"

    # --- Penalties (PEN) -----------------------------------------------------------------------
    # PEN-01 / PEN-03: unit of missed-hand penalties.
    penalty_unit: Literal[
        "hands_from_players_x_rounds", "hands_or_rounds", "warning_suspension", "td_discretion"
    ] = "td_discretion"
    # PEN-03: the penalties the floor may give, mildest first.
    penalty_menu: tuple[PenaltyStep, ...] = ("warning", "disqualification")
    # PEN-02 / CONFLICTS G-20: a player serving a penalty is dealt in and posts blinds.
    penalised_player_posts_blinds: bool = True

    # --- Run it twice (RIT) --------------------------------------------------------------------
    # RIT-01: run it twice by agreement.
    run_it_twice_allowed: bool = False
    # RIT-01: minimum pot per stakes key ("1/2"; "2/5+" = those stakes and higher).
    run_it_twice_min_pot: tuple[tuple[str, int], ...] = ()
    # RIT-01: who must agree.
    run_it_twice_requires: Literal["all_players_in_pot_agree"] = "all_players_in_pot_agree"
    # G24: judge the minimum on each pot ("per_pot") or as HIPP's example ("as_house_example").
    rit_basis: Literal["per_pot", "as_house_example"] = "per_pot"
    # RIT-02 / G16: run 1 dealt in full, then run 2 from the same stub with burns.
    rit_mechanics: Literal["run1_then_run2_same_stub"] = "run1_then_run2_same_stub"
    # RIT-02 / G16: the odd unit of a halved pot goes to this run.
    rit_odd_unit_to: Literal["run_1"] = "run_1"

    def __post_init__(self) -> None:
        if not self.rulebook:
            object.__setattr__(self, "rulebook", self.name)
        for key, (supported, why) in UNSUPPORTED_VALUES.items():
            value = getattr(self, key)
            if not any(type(value) is type(ok) and value == ok for ok in supported):
                raise ConfigError(
                    "unsupported_value",
                    f"{self.name} {self.mode}: {key} = {_toml(value)}: supported values are "
                    + ", ".join(_toml(ok) for ok in supported)
                    + f" ({why})",
                )
        if self.dead_small_blind_allowed != (self.button_mode == "dead"):
            # BTN-04 falls out of BTN-03 (CAMB:L30): a dead small blind comes with the dead
            # button and only with it; the button plan reads button_mode.
            raise ConfigError(
                "inconsistent_rules",
                f"{self.name} {self.mode}: dead_small_blind_allowed = "
                f"{_toml(self.dead_small_blind_allowed)} with button_mode = "
                f"{self.button_mode!r}; allowed: dead_small_blind_allowed = "
                f"{_toml(self.button_mode == 'dead')} (BTN-04 follows the button mode, BTN-03)",
            )
        if self.fee_model == "session_fee" and not self.session_fee_minutes:
            # FEE-02: a session fee is collected at set minutes of the hour (:00 and :30).
            raise ConfigError(
                "inconsistent_rules",
                f"{self.name} {self.mode}: fee_model = 'session_fee' needs the minutes of the "
                "hour it is collected at: session_fee_minutes, e.g. [0, 30]",
            )
        if (
            self.straddle_mode == "button_only_3_4_handed"
            and self.straddler_acts_last
            and self.button_straddle_preflop_start != "small_blind"
        ):
            # BLD-05 / G11 / FLOW-04: action goes clockwise; started left of the big blind it
            # reaches the button straddler first, who then never has the last option.
            raise ConfigError(
                "inconsistent_rules",
                f"{self.name} {self.mode}: button_straddle_preflop_start = "
                f"{self.button_straddle_preflop_start!r} makes the button straddler act first "
                "after the blinds, but straddler_acts_last = true; allowed: 'small_blind', or "
                "straddler_acts_last = false",
            )

    @property
    def is_tournament(self) -> bool:
        """True for tournament (competition) rules."""
        return self.mode == "tournament"

    @property
    def limit_allin_full_threshold(self) -> Fraction:
        """BET-05 threshold as an exact fraction of the bet unit."""
        return Fraction(self.limit_allin_full_threshold_num, self.limit_allin_full_threshold_den)

    def rit_min_pot(self, stakes: str) -> int | None:
        """RIT-01 minimum pot for ``stakes`` ("1/2"), or None when running twice is not offered.

        An exact key wins; otherwise a key ending in ``+`` ("2/5+") covers stakes whose big
        blind is at least the key's.
        """
        if not self.run_it_twice_allowed:
            return None
        for key, amount in self.run_it_twice_min_pot:
            if key == stakes:
                return amount
        wanted = _stakes_numbers(stakes)
        best: tuple[int, int] | None = None
        for key, amount in self.run_it_twice_min_pot:
            base = _stakes_numbers(key)
            if not key.endswith("+") or base is None or wanted is None:
                continue
            covers = len(base) >= 2 and len(wanted) >= 2 and wanted[1] >= base[1]
            if covers and (best is None or base[1] > best[0]):
                best = (base[1], amount)
        return None if best is None else best[1]
