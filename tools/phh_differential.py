"""Differential fuzzing of PHH replay against PokerKit, the format's reference implementation.

PokerKit plays random hands (random legal folds, checks/calls, completions/bets/raises of
random sizes incl. all-ins, draws, and show/muck choices in a random order among the players
PokerKit lets act at the showdown, plus shows after the hand is over), each hand is exported
with PokerKit's own ``HandHistory.from_game_state(...).dumps()`` -- the writer that produced
the real PHH files -- and the text is replayed with pokerroom. The final stacks must equal
PokerKit's ``state.stacks`` exactly.

Each hand also replays cut after a random action (a prefix of a legal hand is legal: it must
replay without error) and cut or corrupted at a random character or action (pokerroom may
refuse, but only with a typed :class:`~pokerroom.errors.PokerroomError`).

Configurations: variants NT, FT, PO, NS, FO/8, F2L3D, FB, N2L1D; 2-9 players (2-6 in the
draw games, whose deck would not last); random uneven stacks incl. stacks smaller than the
blinds or antes; no ante, uniform antes, big-blind antes and other non-uniform antes (those
with ``ante_trimming_status = false``), ante trimming on and off; blinds, a missing small
blind, equal blinds, straddles (``[1, 2, 4, 0, ...]``) and double straddles.

PokerKit 0.7.7 is installed only in the bench venv; run from the worktree::

    PYTHONPATH=src /work/main/.venv-bench/bin/python tools/phh_differential.py \
        --hands 20000 --seed 1 [--variants NT,FO/8] [--jobs 2] [--out /tmp/diff]

It prints hands run and problems per variant; each problem's PHH text (with the PokerKit
stacks in a comment) is written under ``--out``. Exit status 1 when any problem was found.

Known PokerKit behaviour that no real file contains, which the generator avoids (see the
report in the commit that added this tool):

* A pot nobody shows a readable hand for (every hand in it mucked, or shown in part):
  PokerKit burns it ("Due to non-standard folds, some chips will be burned"); pokerroom
  refuses the last muck (the last hand wins without showing). The fuzzer never mucks the
  last readable hand of a pot.
* Before the board is run out (an all-in showdown) the fuzzer shows whole hands, and mucks
  only while two other readable hands stay in each pot: when mucks leave one hand, PokerKit
  deals one more street and ends the hand there (or trips an assertion in
  ``get_effective_stack``), and a hand shown in part is asked again on the next street.
  Real all-in hands are tabled, not mucked, before the run-out.
* PokerKit 0.7.7 builds ``FO/8`` with the *pot-limit* betting structure and no raise cap
  (``FixedLimitOmahaHoldemHighLowSplitEightOrBetter(PotLimitPokerMixin, ...)``), so it
  would accept pot-sized bets and a fifth raise in a fixed-limit game. For FO/8 the fuzzer
  only bets or raises by the fixed amount (or all in for less), four bets a round.

Found and not followed (PokerKit against hi-lo rules): in FO/8, when some hand in the deal
has a low but no hand in a side pot does, PokerKit splits that pot's low half among all its
hands instead of giving the high hand the whole pot.

Followed since (``HandConfig.phh_betting``, set by replay only): PokerKit's raise size, the
current bet plus ``max(largest raise this round, min_bet)`` (fixed limit: the round's bet), so
a straddle or a ``min_bet`` below the big blind allows smaller raises and a fixed-limit raise
goes one bet over a short all-in; any raise at least the round's largest reopens; a player
still to act after the others fold to an all-in hand is still asked (``cc``); with a short
straddle the first to act is left of the largest blind posted. Seed 7, 2000 hands a variant:
911 refusals before, 7 after (NS 1, F2L3D 2, FB 2, N2L1D 2; none in NT, FT, PO, FO/8).

Still open, where pokerroom refuses or settles differently what PokerKit 0.7.7 plays: a
hand shown in part (``sm ??9h``) is read from the cards shown (``--partial-shows``: stacks
differ; pokerroom replays it as not shown); the last hand left in a side pot mucks
(``pN sm``) before the main pot is shown (PokerKit still gives him that pot; pokerroom refuses
the muck); a player who won uncontested but won nothing (the others folded without putting
chips in) shows his hand afterwards (refused). With ``--free-folds`` the players with chips
may all fold with nothing to call, leaving a pot only they contested: PokerKit burns it
("non-standard folds"), pokerroom gives it to the hands left (no real file does this).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import re
import sys
import time
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokerkit import Automation, HandHistory, Mode, State

from pokerroom.errors import PokerroomError
from pokerroom.notation import phh
from pokerroom.notation.replay import replay_history

VARIANTS = ("NT", "FT", "PO", "NS", "FO/8", "F2L3D", "FB", "N2L1D")
FIXED = {"FT", "FO/8", "F2L3D", "FB"}
DRAW = {"F2L3D", "FB", "N2L1D"}

#: Show only some cards at the showdown (``--partial-shows``): PokerKit reads such a hand
#: from the cards shown, pokerroom treats it as not shown (see the report).
PARTIAL_SHOWS = False
#: Fold often when a check is free (``--free-folds``); else 1 in 100 decisions.
FREE_FOLDS = False

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


@dataclass
class Outcome:
    """What happened to one hand."""

    variant: str
    kind: str  # "ok", "mismatch", "refused", "incomplete", "prefix", "crash", "pokerkit"
    detail: str = ""
    text: str = ""
    seed: int = 0


@dataclass
class Tally:
    hands: Counter[str] = field(default_factory=Counter)
    problems: dict[str, list[Outcome]] = field(default_factory=lambda: defaultdict(list))


def _config(rng: random.Random, variant: str) -> dict[str, Any]:
    """Random forced bets and stacks for one hand (PHH field values)."""
    n = rng.randint(2, 6 if variant in DRAW else 9)
    bb = rng.choice([2, 2, 2, 4, 10, 100])
    sb = rng.choice([bb // 2, bb // 2, bb // 2, 0, bb, 1])
    blinds = [sb, bb] + [0] * (n - 2)
    shape = rng.random()
    if n >= 3 and shape < 0.12:  # straddle
        blinds[2] = 2 * bb
    elif n >= 4 and shape < 0.17:  # double straddle
        blinds[2], blinds[3] = 2 * bb, 4 * bb
    elif n >= 3 and shape < 0.20:  # button straddle
        blinds[-1] = 2 * bb
    ante_kind = rng.choice(["none", "none", "uniform", "uniform", "bb", "other"])
    a = rng.choice([1, bb // 2 or 1, bb])
    if ante_kind == "none":
        antes = [0] * n
    elif ante_kind == "uniform":
        antes = [a] * n
    elif ante_kind == "bb":
        antes = [0] * n
        antes[1] = a
    else:  # some other non-uniform antes (e.g. button ante)
        antes = [rng.choice([0, 0, a, 2 * a]) for _ in range(n)]
    uniform = len(set(antes)) == 1
    trimming = uniform and rng.random() < 0.5
    big = max(bb, max(blinds)) + max(antes)
    stacks = []
    for _ in range(n):
        r = rng.random()
        if r < 0.15:
            stacks.append(rng.randint(1, big + 1))  # short: below the blinds and antes
        elif r < 0.35:
            stacks.append(rng.randint(big, 8 * big))
        else:
            stacks.append(rng.randint(10 * bb, 200 * bb))
    if rng.random() < 0.2:
        stacks = [stacks[0]] * n
    fields: dict[str, Any] = {
        "variant": variant,
        "antes": antes,
        "blinds_or_straddles": blinds,
        "starting_stacks": stacks,
        "ante_trimming_status": trimming,
    }
    if variant in FIXED:
        fields["small_bet"] = bb
        fields["big_bet"] = 2 * bb
    else:
        fields["min_bet"] = rng.choice([bb, bb, bb, max(1, bb // 2), 2 * bb])
    return fields


def _game(fields: dict[str, Any]) -> Any:
    game_type = HandHistory.game_types[fields["variant"]]
    kwargs: dict[str, Any] = {
        "automations": AUTOMATIONS,
        "ante_trimming_status": fields["ante_trimming_status"],
        "raw_antes": fields["antes"],
        "raw_blinds_or_straddles": fields["blinds_or_straddles"],
    }
    for key in ("min_bet", "small_bet", "big_bet"):
        if key in fields:
            kwargs[key] = fields[key]
    return game_type(**kwargs, mode=Mode.CASH_GAME)


def _bet(rng: random.Random, state: State, variant: str, raises: int) -> bool:
    """Complete, bet or raise a random legal amount; False if it cannot be done."""
    lo = state.min_completion_betting_or_raising_to_amount
    hi = state.max_completion_betting_or_raising_to_amount
    if lo is None or hi is None:
        return False
    if variant == "FO/8":  # PokerKit plays it pot-limit: keep to the fixed-limit amount
        if raises >= 4:
            return False
        amount = lo
    elif variant in FIXED:
        amount = lo
    else:
        r = rng.random()
        if r < 0.35:
            amount = lo
        elif r < 0.55:
            amount = hi
        elif variant == "PO" and r < 0.7:
            pot = state.pot_completion_betting_or_raising_to_amount
            amount = lo if pot is None else pot
        else:
            amount = rng.randint(lo, hi)
    if not state.can_complete_bet_or_raise_to(amount):
        return False
    state.complete_bet_or_raise_to(amount)
    return True


def _may_muck(state: State, i: int, partial: set[int], others: int) -> bool:
    """False when mucking (or showing only part of) ``i``'s hand would leave a pot he is in
    with fewer than ``others`` readable hands (see the module notes)."""
    for pot in state.pots:
        if i in pot.player_indices and sum(
            1 for j in pot.player_indices if j != i and state.statuses[j] and j not in partial
        ) < others:
            return False
    return True


def play(seed: int, variant: str) -> tuple[Any, State, dict[str, Any]]:
    """One random PokerKit hand."""
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles its deck with the random module
    fields = _config(rng, variant)
    game = _game(fields)
    state = game(fields["starting_stacks"], len(fields["starting_stacks"]))
    aggression = rng.random()
    partial: set[int] = set()  # players who showed only some of their cards
    street = None
    raises = 0
    guard = 0
    while state.status:
        guard += 1
        if guard > 10_000:
            raise RuntimeError("PokerKit hand does not end")
        if state.street is not street:
            street, raises = state.street, 0
        if state.can_stand_pat_or_discard():
            i = state.stand_patter_or_discarder_index
            assert i is not None
            hole = list(state.hole_cards[i])
            k = rng.randint(0, len(hole))
            cards = rng.sample(hole, k)
            if not state.can_stand_pat_or_discard(cards):
                cards = []
            state.stand_pat_or_discard(cards)
        elif state.actor_index is not None:
            r = rng.random()
            free = not state.checking_or_calling_amount
            if r < 0.15 and state.can_fold() and (FREE_FOLDS or not free or r < 0.01):
                state.fold()
            elif r < 0.15 + 0.5 * aggression and _bet(rng, state, variant, raises):
                raises += 1
            else:
                state.check_or_call()
        elif state.showdown_indices:
            i = rng.choice(list(state.showdown_indices))
            r = rng.random()
            hole = list(state.hole_cards[i])
            choice: Any
            if r < 0.3:
                choice = False
            elif r < 0.75:
                choice = True
            elif r < 0.9 or not PARTIAL_SHOWS:
                choice = None  # PokerKit's own choice: show if it can win or all in
            else:  # show some cards only (the others are written ??)
                choice = "".join(repr(c) if rng.random() < 0.5 else "??" for c in hole)
            if state.street is not state.streets[-1] and not isinstance(choice, bool):
                choice = True  # before the run-out: see above
            if choice is not True and not _may_muck(
                state, i, partial, 1 if state.street is state.streets[-1] else 2
            ):
                choice = True  # PokerKit would burn a pot nobody shows for (see above)
            if not state.can_show_or_muck_hole_cards(choice, i):
                choice = True
            if isinstance(choice, str):
                partial.add(i)
            state.show_or_muck_hole_cards(choice, i)
        else:
            raise RuntimeError(f"PokerKit state stuck: {state}")
    # After the pot is pushed, a player left in may still show his hand (PokerKit allows
    # a "non-standard showdown" naming the player; the file then records it).
    if rng.random() < 0.2:
        for i in rng.sample(range(state.player_count), state.player_count):
            if rng.random() < 0.5 and state.can_show_or_muck_hole_cards(True, i):
                state.show_or_muck_hole_cards(True, i)
    return game, state, fields


def export(game: Any, state: State, fields: dict[str, Any]) -> str:
    hh = HandHistory.from_game_state(
        game, state, ante_trimming_status=fields["ante_trimming_status"]
    )
    return str(hh.dumps())


def _cut_actions(text: str, k: int) -> str:
    """The PHH text with only its first ``k`` actions."""
    hh = phh.loads(text)
    kept = [a.text for a in hh.actions[:k]]
    lines = [ln for ln in text.splitlines() if not ln.startswith("actions = ")]
    lines.append("actions = [" + ", ".join(repr(a) for a in kept) + "]")
    return "\n".join(lines) + "\n"


def check(seed: int, variant: str) -> Outcome:
    try:
        game, state, fields = play(seed, variant)
        text = export(game, state, fields)
    except Exception:
        return Outcome(variant, "pokerkit", traceback.format_exc(), "", seed)
    want = tuple(state.stacks)
    note = f"# seed {seed}; PokerKit 0.7.7 final stacks: {list(want)}\n"
    try:
        hh = phh.loads(text)
        result = replay_history(hh)
    except PokerroomError as exc:
        return Outcome(variant, "refused", f"{type(exc).__name__}: {exc}", note + text, seed)
    except Exception:
        return Outcome(variant, "crash", traceback.format_exc(), note + text, seed)
    if not result.complete:
        return Outcome(variant, "incomplete", f"ours {result.final_stacks}", note + text, seed)
    if tuple(result.final_stacks) != want:
        return Outcome(
            variant, "mismatch", f"ours {list(result.final_stacks)} PokerKit {list(want)}",
            note + text, seed,
        )
    rng = random.Random(seed ^ 0x5EED)
    # A prefix of a legal hand is legal.
    k = rng.randint(0, len(hh.actions))
    cut = _cut_actions(text, k)
    try:
        replay_history(phh.loads(cut))
    except Exception as exc:
        return Outcome(variant, "prefix", f"cut after {k}: {type(exc).__name__}: {exc}",
                       note + cut, seed)
    # Damaged text: refused with a typed error, if at all.
    damaged = [text[: rng.randint(0, len(text))]]
    if len(hh.actions) > 1:
        j = rng.randrange(len(hh.actions))
        texts = [a.text for a in hh.actions]
        del texts[j]
        lines = [ln for ln in text.splitlines() if not ln.startswith("actions = ")]
        damaged.append("\n".join(
            [*lines, "actions = [" + ", ".join(repr(a) for a in texts) + "]"]) + "\n")
        texts = [a.text for a in hh.actions]
        j2 = rng.randrange(len(texts))
        texts.insert(j2, texts[rng.randrange(len(texts))])
        damaged.append("\n".join(
            [*lines, "actions = [" + ", ".join(repr(a) for a in texts) + "]"]) + "\n")
    for bad in damaged:
        try:
            replay_history(phh.loads(bad))
        except PokerroomError:
            pass
        except Exception:
            return Outcome(variant, "crash", traceback.format_exc(), bad, seed)
    return Outcome(variant, "ok", seed=seed)


def _reason(detail: str) -> str:
    """A refusal's message with its numbers and cards blanked, to group alike refusals."""
    why = detail.split("rejected: ")[-1]
    why = re.sub(r"\b([2-9TJQKA][cdhs]|\?\?)+\b", "<cards>", why)
    return re.sub(r"\d+", "N", why)[:100]


def _work(job: tuple[int, str]) -> Outcome:
    return check(*job)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per variant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=None, help="write each problem hand here")
    ap.add_argument("--show", type=int, default=3, help="problems to print per kind")
    ap.add_argument("--partial-shows", action="store_true", help="show some cards only")
    ap.add_argument("--free-folds", action="store_true", help="fold often when check is free")
    args = ap.parse_args(argv)
    global PARTIAL_SHOWS, FREE_FOLDS
    PARTIAL_SHOWS, FREE_FOLDS = args.partial_shows, args.free_folds
    variants = args.variants.split(",")
    jobs = [
        (args.seed * 10_000_000 + v * 1_000_000 + i, variant)
        for i in range(args.hands)
        for v, variant in enumerate(variants)
    ]
    tally = Tally()
    start = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            outcomes = list(pool.imap_unordered(_work, jobs, chunksize=50))
    else:
        outcomes = [_work(j) for j in jobs]
    for o in outcomes:
        tally.hands[o.variant] += 1
        if o.kind != "ok":
            tally.problems[o.kind].append(o)
    seconds = time.perf_counter() - start
    for variant in variants:
        bad = Counter(o.kind for ps in tally.problems.values() for o in ps if o.variant == variant)
        print(f"{variant:6} {tally.hands[variant]:7} hands  {dict(bad) or 'all match'}")
    print(f"{len(outcomes)} hands in {seconds:.1f} s")
    reasons = Counter(
        (o.kind, _reason(o.detail))
        for ps in tally.problems.values()
        for o in ps
        if o.kind in ("refused", "prefix")
    )
    for (kind, why), count in reasons.most_common():
        print(f"{count:6} {kind}: {why}")
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    for kind, ps in sorted(tally.problems.items()):
        for o in ps[: args.show]:
            print(f"--- {kind} {o.variant} seed {o.seed}: {o.detail}")
        if args.out is not None:
            for o in ps:
                name = f"{kind}-{o.variant.replace('/', '')}-{o.seed}.phh"
                (args.out / name).write_text(o.text + f"\n# {o.detail}\n" if o.text else o.detail)
    return 1 if tally.problems else 0


if __name__ == "__main__":
    sys.exit(main())
