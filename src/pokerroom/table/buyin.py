"""Table stakes: buy-ins, short buy-ins, adding chips and the two-hour return rule (STK).

Pure checks: each returns what the rule allows or raises :class:`TableError` saying what was
wrong and what is allowed. Times are seconds from any fixed origin, injected by the caller.

>>> from pokerroom.house import load_house
>>> from pokerroom.table.config import TableConfig
>>> cfg = TableConfig(load_house("roberts", "cash"), small_blind=1, big_blind=2)
>>> check_buy_in(cfg, 50, short_buyins=0)
True
>>> try:
...     check_buy_in(cfg, 40, short_buyins=1)
... except TableError as err:
...     print(err.code)
below_minimum
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerroom.table.config import TableConfig
from pokerroom.table.seats import PlayerId, TableError

__all__ = ["Cashout", "check_add", "check_buy_in", "return_minimum"]

_HOUR = 3600.0


@dataclass(frozen=True, slots=True)
class Cashout:
    """STK-05: a player left a table with ``amount`` chips at time ``at`` (seconds).

    ``big_blind``: the big blind of the game he left (0: the stakes of the table he comes
    back to), which tells a return to the same stakes from one to a lower or higher game.
    """

    player: PlayerId
    amount: int
    at: float
    big_blind: int = 0


def return_minimum(config: TableConfig, cashout: Cashout | None, at: float) -> int:
    """STK-05: the least a player must buy in for at ``at`` after ``cashout`` (0: no rule).

    Within ``rathole_window_h`` hours of leaving with chips, by the house's
    ``return_buyin_rule``:

    * same stakes, both readings alike: at least the amount taken away. HIPP:L69 "If you
      return to the same stake within two hours of cashing out, your buy-in must be equal to
      the amount removed" (L68: "All removed funds must be fully restored"); LPR r90 "If you
      wish to play for a lesser amount you must cease play for 2 hours".
    * a lower game (a smaller big blind): HIPP ``at_least_amount_removed``, L69 "Seating in a
      lower stake game will be held to the maximum amount for the game or the stack removed":
      the smaller of the two (RULES.md STK-05 AMBIG, read as the smaller, since a buy-in above
      the game's maximum is not allowed). LPR ``no_play_for_less_within_window``: r90 applies
      in any game, so he must bring the whole amount; where the game's maximum is below it he
      cannot play there until the window is over (:func:`check_buy_in` refuses with
      ``play_for_less``, and LPR r87 allows a move down only with a stack within the lower
      game's maximum).
    * a higher game: HIPP's L69 names the same and lower stakes only, so no return rule; LPR
      r90 still forbids playing for less than he took away.

    >>> from pokerroom.house import load_house
    >>> cfg = TableConfig(load_house("hippodrome", "cash"), small_blind=1, big_blind=2)
    >>> out = Cashout(PlayerId("bob"), 500, at=0.0)
    >>> return_minimum(cfg, out, 7199.0), return_minimum(cfg, out, 7200.0)
    (500, 0)
    """
    window = config.rules.rathole_window_h
    if cashout is None or not window or at - cashout.at >= window * _HOUR:
        return 0
    left = cashout.big_blind or config.big_blind
    if left == config.big_blind:
        return cashout.amount  # STK-05: HIPP:L69 and LPR r90 agree at the same stakes
    if config.rules.return_buyin_rule == "no_play_for_less_within_window":
        return cashout.amount  # STK-05, LPR r90: in any game
    if config.big_blind < left:  # STK-05, HIPP:L69: a lower stake game
        hi = config.buyin_limits[1]
        return cashout.amount if hi is None else min(cashout.amount, hi)
    return 0  # STK-05, HIPP:L69 says nothing of a higher game


def _whole_chips(config: TableConfig, amount: int, what: str) -> None:
    # STK-02 / STK-04 with STR-07: only chips in play can be bought; the smallest is chip_unit.
    unit = config.chip_unit
    if amount % unit:
        raise TableError(
            "not_a_chip_multiple",
            f"{what} {amount} is not a multiple of the smallest chip in play, {unit} (STR-07); "
            f"e.g. {amount // unit * unit} or {(amount // unit + 1) * unit}",
        )


def check_buy_in(
    config: TableConfig,
    amount: int,
    *,
    short_buyins: int,
    cashout: Cashout | None = None,
    at: float = 0.0,
) -> bool:
    """STK-02/03/05: accept a buy-in of ``amount``; return True when it is a short buy-in.

    ``short_buyins`` is how many short buy-ins the player made this session. Tournament
    chips are not bought: any positive amount is accepted there.
    """
    if amount <= 0:
        raise TableError("bad_amount", f"buy-in {amount}: give a positive amount")
    if config.rules.is_tournament:
        return False
    _whole_chips(config, amount, "buy-in")
    lo, hi = config.buyin_limits
    back = return_minimum(config, cashout, at)
    other_game = cashout is not None and cashout.big_blind not in (0, config.big_blind)
    if back and hi is not None and back > hi and cashout is not None and other_game:
        # STK-05, LPR r90: not for less within the window, and this other game's maximum is
        # below what he took away (r87: a move down keeps the stack within the maximum).
        wait = cashout.at + config.rules.rathole_window_h * _HOUR - at
        raise TableError(
            "play_for_less",
            f"{config.rules.name}: {cashout.amount} was taken from a game less than "
            f"{config.rules.rathole_window_h} h ago and this game's maximum buy-in is {hi}: "
            f"playing for less is not allowed before the window is over (in {wait:.0f} s; "
            "STK-05, LPR r90)",
        )
    if back and amount < back:
        # STK-05: no ratholing - coming back within the window needs the chips taken away.
        raise TableError(
            "rathole",
            f"buy-in {amount} is below the {back} taken from this table less than "
            f"{config.rules.rathole_window_h} h ago; buy in for {back} or more",
        )
    if hi is not None and amount > max(hi, back):
        top = max(hi, back)
        raise TableError(
            "above_maximum", f"buy-in {amount} is above the maximum {top}; allowed {lo}..{top}"
        )
    if amount >= lo:  # STK-02: the table minimum holds for a player coming back too
        return False
    allowed = config.rules.short_buyins_per_session
    if short_buyins >= allowed:
        # STK-03: one short buy-in per session (RRP); none elsewhere.
        used = (
            f"the {'one' if allowed == 1 else allowed} short buy-in"
            f"{'' if allowed == 1 else 's'} of this session {'is' if allowed == 1 else 'are'} used"
            if allowed
            else "this house allows no short buy-in"
        )
        raise TableError(
            "below_minimum",
            f"buy-in {amount} is below the minimum {lo} and {used}; buy in for {lo} or more",
        )
    return True


def check_add(config: TableConfig, stack: int, amount: int) -> None:
    """STK-04: adding chips between hands; HIPP bounds the resulting stack by the maximum."""
    if amount <= 0:
        raise TableError("bad_amount", f"add {amount}: give a positive amount")
    if config.rules.is_tournament:
        raise TableError("tournament_chips", "tournament chips cannot be bought at the table")
    _whole_chips(config, amount, "adding")
    hi = config.buyin_limits[1]
    if config.rules.topup_limit == "stack_le_buyin_max" and hi is not None and stack + amount > hi:
        raise TableError(
            "above_maximum",
            f"adding {amount} to {stack} makes {stack + amount}, above the table maximum {hi}; "
            f"add at most {max(hi - stack, 0)}",
        )
