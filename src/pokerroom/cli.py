"""The ``pokerroom`` command line: replay, simulate, equity, deal, verify, house, play,
scenario, tournament.

Every command that does long work shows a progress bar on a terminal, and ``--json`` prints
one line for machines instead.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from pokerroom.errors import PokerroomError

__all__ = ["main"]


def _progress(total: int, desc: str, enabled: bool) -> Any:
    if not enabled or not sys.stderr.isatty():
        return None
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="hand", file=sys.stderr, leave=False)


# ----------------------------------------------------------------------------------------
# replay


def _expected_for(path: Path, cache: dict[Path, dict[str, Any]]) -> list[Any] | None:
    folder = path.parent
    if folder not in cache:
        side = folder / "expected_finishing_stacks.json"
        try:
            data = json.loads(side.read_text()) if side.exists() else {}
        except ValueError as err:
            raise PokerroomError(
                "bad_expected_stacks", f"{side}: not valid JSON ({err}); give an object of "
                '"file name": [stack, ...]'
            ) from None
        if not isinstance(data, dict) or not all(
            isinstance(v, list) and all(type(x) in (int, float) for x in v)
            for v in data.values()
        ):
            raise PokerroomError(
                "bad_expected_stacks", f'{side}: give an object of "file name": [stack, ...] '
                "(numbers)",
            )
        cache[folder] = data
    value = cache[folder].get(path.name)
    return None if value is None else list(value)


def _replay_files(paths: Sequence[str], repair: bool = False) -> dict[str, Any]:
    """Replay the files (a worker's share); return counts, mismatches and errors (and with
    ``repair``, the actions filled in, per hand).

    In three passes (read every file, parse every hand, replay every hand) rather than file
    by file: each pass keeps one body of code hot, which measured about 15% faster.
    """
    from pokerroom.notation.phh import HandHistory, load_all, loads
    from pokerroom.notation.replay import replay_history

    hands = matched = unchecked = 0
    mismatched: list[dict[str, Any]] = []
    errors: list[dict[str, str]] = []
    repaired: list[dict[str, Any]] = []
    expected_cache: dict[Path, dict[str, Any]] = {}
    texts: list[tuple[str, str | None]] = []
    for name in paths:
        if name.endswith(".phhs"):
            texts.append((name, None))
            continue
        try:
            with open(name, encoding="utf-8") as f:
                texts.append((name, f.read()))
        except (OSError, UnicodeDecodeError) as exc:
            errors.append({"file": name, "error": str(exc)})
    parsed: list[tuple[str, list[HandHistory]]] = []
    for name, text in texts:
        try:
            parsed.append(
                (name, load_all(Path(name)) if text is None else [loads(text, source=name)])
            )
        except (PokerroomError, OSError, UnicodeDecodeError) as exc:
            code = exc.code if isinstance(exc, PokerroomError) else "unreadable"
            errors.append({"file": name, "error": f"[{code}] {exc}"})
    for name, histories in parsed:
        side = _expected_for(Path(name), expected_cache) if len(histories) == 1 else None
        for k, hh in enumerate(histories):
            hands += 1
            label = name if len(histories) == 1 else f"{name}[{k + 1}]"
            try:
                result = replay_history(hh, expected=side, repair=repair)
            except PokerroomError as exc:
                errors.append({"file": label, "error": f"[{exc.code}] {exc}"})
                continue
            if result.repairs:
                repaired.append({"file": label, "inserted": list(result.repairs)})
            if result.expected is None:
                unchecked += 1  # replayed, but the file records no finishing stacks (HandHQ)
            elif result.matched:
                matched += 1
            else:
                mismatched.append(
                    {
                        "file": label,
                        "expected": [
                            str(x) if not isinstance(x, int) else x for x in result.expected
                        ],
                        "got": [
                            str(x) if not isinstance(x, int) else x for x in result.final_stacks
                        ],
                    }
                )
                if result.unrecorded_rake is not None:
                    mismatched[-1]["unrecorded_rake"] = str(result.unrecorded_rake)
    out = {
        "hands": hands,
        "matched": matched,
        "unchecked": unchecked,
        "mismatched": mismatched,
        "errors": errors,
    }
    if repair:
        out["repaired"] = repaired
    return out


def _table_cache() -> Path:
    """Where the built hand tables are kept between runs (keyed by the evaluator's source)."""
    import zlib

    import pokerroom.evaluate as evaluate

    source = Path(evaluate.__file__).read_bytes()
    key = f"{zlib.crc32(source):08x}{len(source):x}"
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "pokerroom" / f"hand-tables-{key}.bin"


def _warm_hand_tables() -> None:
    """Load the Hold'em tables from the cache, or build them (numpy) and cache them."""
    from pokerroom import evaluate

    path = _table_cache()
    try:
        evaluate.import_tables(path.read_bytes())
        if evaluate.holdem_high([51, 47, 43, 39, 35]) == evaluate.HIGH_CLASSES:
            return
    except (OSError, PokerroomError):
        pass
    evaluate.holdem_high(list(range(0, 28, 4)))  # builds them
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(evaluate.export_tables())
        tmp.replace(path)
    except OSError:
        pass  # no cache: the next run builds them again


def _chunks(items: list[str], parts: int) -> list[list[str]]:
    return [items[i::parts] for i in range(parts)]


def cmd_replay(args: argparse.Namespace) -> int:
    from pokerroom.notation.phh import iter_path_names

    start = time.perf_counter()
    files = list(iter_path_names(args.paths))
    if not files:
        raise PokerroomError(
            "no_hand_files", f"no .phh or .phhs file under {', '.join(args.paths)}"
        )
    jobs = args.jobs or min(os.cpu_count() or 1, 8)
    bar = _progress(len(files), "replay", not args.json)
    if jobs > 1 and len(files) >= 200:
        import multiprocessing as mp

        import pokerroom.notation.replay  # noqa: F401  (imported once, before the fork)

        _warm_hand_tables()  # once, before the fork

        ctx = mp.get_context("fork")
        pieces = [c for c in _chunks(files, jobs * 4) if c]
        total: dict[str, Any] = {
            "hands": 0,
            "matched": 0,
            "unchecked": 0,
            "mismatched": [],
            "errors": [],
        }
        if args.repair:
            total["repaired"] = []
        work = partial(_replay_files, repair=args.repair)
        with ctx.Pool(jobs) as pool:
            for part, piece in zip(pool.imap(work, pieces), pieces, strict=True):
                for key in ("hands", "matched", "unchecked"):
                    total[key] += part[key]
                for key in ("mismatched", "errors", "repaired"):
                    if key in part:
                        total[key] += part[key]
                if bar is not None:
                    bar.update(len(piece))
    else:
        total = _replay_files(files, repair=args.repair)
    if bar is not None:
        bar.close()
    total["mismatched"].sort(key=lambda m: m["file"])
    total["errors"].sort(key=lambda e: e["file"])
    total["seconds"] = round(time.perf_counter() - start, 3)
    # Exit 0 only if every file was read and every hand replayed and matched its final stacks
    # (or, where the file records none, replayed: "unchecked").
    ok = (
        total["hands"] > 0
        and total["matched"] + total["unchecked"] == total["hands"]
        and not total["errors"]
    )
    if args.json:
        print(json.dumps(total))
    else:
        print(
            f"{total['matched']}/{total['hands']} hands matched their final stacks "
            f"in {total['seconds']} s"
            + (
                f" ({total['unchecked']} replayed with no finishing_stacks to compare)"
                if total["unchecked"]
                else ""
            )
        )
        for m in total["mismatched"][:20]:
            print(
                f"  MISMATCH {m['file']}: expected {m['expected']}, got {m['got']}"
                + (
                    f" (the recorded stacks are after a rake of {m['unrecorded_rake']} that "
                    "the file does not record: PHH has no rake field)"
                    if "unrecorded_rake" in m
                    else ""
                )
            )
        for e in total["errors"][:20]:
            print(f"  ERROR {e['file']}: {e['error']}")
        for fix in total.get("repaired", [])[:20]:
            print(f"  REPAIRED {fix['file']}: inserted {', '.join(fix['inserted'])}")
    return 0 if ok else 1


# ----------------------------------------------------------------------------------------
# simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    from pokerroom.simulation import simulate

    start = time.perf_counter()
    result = simulate(args.game, players=args.players, hands=args.hands, seed=args.seed)
    seconds = time.perf_counter() - start
    rate = result.hands / seconds if seconds else 0.0
    if args.json:
        print(
            json.dumps(
                {
                    "hands": result.hands,
                    "seconds": round(seconds, 4),
                    "hands_per_second": round(rate, 1),
                }
            )
        )
    else:
        print(
            f"{result.hands} hands of {args.game}, {args.players} players, "
            f"{result.actions} actions in {seconds:.3f} s ({rate:,.0f} hands/s); "
            f"chips conserved: {result.chips_conserved}"
        )
    return 0 if result.chips_conserved else 1


# ----------------------------------------------------------------------------------------
# equity


def cmd_equity(args: argparse.Namespace) -> int:
    from pokerroom.cards import parse_cards
    from pokerroom.equity import equity

    hands = [parse_cards(h) for h in args.hands]
    board = parse_cards(args.board) if args.board else ()
    dead = parse_cards(args.dead) if args.dead else ()
    start = time.perf_counter()
    samples = None if args.exact or args.samples is None else args.samples
    result = equity(hands, board, dead, game=args.game, samples=samples, seed=args.seed)
    seconds = time.perf_counter() - start
    if args.json:
        print(
            json.dumps(
                {
                    "equities": list(result.equities),
                    "boards": result.boards,
                    "seconds": round(seconds, 4),
                }
            )
        )
    else:
        for text, eq in zip(args.hands, result.equities, strict=True):
            print(f"{text:>14}  {eq * 100:8.4f}%")
        kind = "exact" if samples is None else f"{samples} samples"
        print(f"{result.boards:,} boards ({kind}) in {seconds:.3f} s")
    return 0


# ----------------------------------------------------------------------------------------
# deal and verify


def cmd_deal(args: argparse.Namespace) -> int:
    """Deal one bot hand with a committed seed and write its PHH history."""
    import random

    from pokerroom.bots.random_bot import random_action
    from pokerroom.deck import commitment, new_seed, shuffled_deck
    from pokerroom.hand.betting import legal_actions
    from pokerroom.hand.config import HandConfig
    from pokerroom.hand.engine import apply, start_hand
    from pokerroom.notation.export import history_from_events
    from pokerroom.notation.phh import dumps

    config = HandConfig.build("NT", (args.stack,) * args.players, 1, 2, automate_showdown=True)
    if args.out and (Path(args.out).is_dir() or not Path(args.out).parent.is_dir()):
        raise PokerroomError(
            "cannot_write", f"--out {args.out}: not a file in an existing folder; nothing dealt"
        )
    seed = args.seed or new_seed()
    deck = shuffled_deck(seed)  # a weak seed is refused before anything is published
    published = commitment(seed)
    print(f"commitment (published before the deal): {published}", file=sys.stderr)
    state, events = start_hand(config, deck)
    log = list(events)
    rng = random.Random(seed)
    while not state.is_over:
        state, new = apply(state, random_action(legal_actions(state), rng))
        log += new
    hh = history_from_events(config, log, extra={"_seed": seed.hex(), "_commitment": published})
    text = dumps(hh)
    if args.out:
        Path(args.out).write_text(text)
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        print(text)
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from pokerroom.notation.phh import load
    from pokerroom.notation.verify import verify_history

    failures = 0
    for name in args.paths:
        if name.endswith(".phhs"):
            raise PokerroomError(
                "single_hand_only",
                f"{name}: verify checks one dealt hand (.phh) against its seed; a .phhs file "
                "holds several hands: replay it instead (pokerroom replay)",
            )
        ok, message = verify_history(load(name))
        print(f"{'OK  ' if ok else 'FAIL'} {name}: {message}")
        failures += not ok
    return 1 if failures else 0


# ----------------------------------------------------------------------------------------
# house


def cmd_house(args: argparse.Namespace) -> int:
    from pokerroom.house import profiles

    if args.house_cmd == "list":
        for name in profiles.list_houses():
            print(name)
    elif args.house_cmd == "show":
        print(profiles.describe_house(args.name, args.mode))
    elif args.house_cmd == "diff":
        print(profiles.format_diff(args.a, args.b))
    return 0


# ----------------------------------------------------------------------------------------
# play


def _offered(house: str, mode: str) -> None:
    """Refuse a mode the house's rulebook does not run (its profile says ``offered = false``)."""
    from pokerroom.house import load_profile

    if not load_profile(house, mode).offered:  # type: ignore[arg-type]
        raise PokerroomError(
            "mode_not_offered",
            f"{house} runs no {mode} games (its profile: offered = false); choose another house",
        )


def cmd_play(args: argparse.Namespace) -> int:
    from pokerroom.terminal import play

    _offered(args.house, "cash")
    return play(
        game=args.game, players=args.players, hands=args.hands, seed=args.seed, house=args.house
    )


def _at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum``."""

    def whole(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            number = minimum - 1
        if number < minimum:
            raise argparse.ArgumentTypeError(f"{text!r}: give a whole number from {minimum}")
        return number

    return whole


def _between(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def whole(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            number = low - 1
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"{text!r}: give a whole number from {low} to {high}")
        return number

    return whole


def _hex_seed(text: str) -> bytes:
    """``deal --seed``: the deck seed in hexadecimal."""
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give the seed in hexadecimal, two digits a byte (e.g. 32 bytes: 64 digits)"
        ) from None


def _seed_number(text: str) -> int:
    """``--seed``: a whole number from 0 (it becomes the 32 bytes of a deck seed)."""
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if not 0 <= seed < 2**255:
        raise argparse.ArgumentTypeError(f"{text!r}: give a whole number from 0 to 2**255 - 1")
    return seed


# ----------------------------------------------------------------------------------------
# scenario


def cmd_scenario(args: argparse.Namespace) -> int:
    """Run scenario files; a PASS/FAIL line per expectation, or one JSON line with --json."""
    from pokerroom.scenario import ScenarioError, load_scenario, run_scenario

    passed = 0
    failed: list[dict[str, Any]] = []
    pending: list[dict[str, str]] = []
    for path in args.files:
        try:
            scenario = load_scenario(path)
            if scenario.pending and args.skip_pending:
                pending.append({"file": path, "why": scenario.pending})
                if not args.json:
                    print(f"SKIP {scenario.id} {path}: pending: {scenario.pending}")
                continue
            results = run_scenario(scenario)
        except ScenarioError as err:
            # A file that cannot be read or run is a failure of that file; the others still run.
            got = f"{err.code}: {err}"
            failed.append(
                {"file": path, "step": None, "house": None, "key": "file",
                 "expected": "a valid scenario file", "got": got}
            )
            if not args.json:
                print(f"FAIL {path}: {got}")
            continue
        bad = [r for r in results if not r.passed]
        passed += not bad
        for r in bad:
            failed.append(
                {
                    "file": path,
                    "step": r.step + 1,
                    "house": r.house,
                    "key": r.key,
                    "expected": r.expected,
                    "got": r.got,
                }
            )
        if not args.json:
            for r in results:
                if r.passed and args.quiet:
                    continue
                print(r.line())
    if args.json:
        out: dict[str, Any] = {
            "scenarios": len(args.files) - len(pending),
            "passed": passed,
            "failed": failed,
        }
        if pending:
            out["pending"] = pending
        print(json.dumps(out, default=str))
    else:
        print(
            f"{passed} of {len(args.files) - len(pending)} scenarios passed, "
            f"{len(failed)} failed expectations" + (f", {len(pending)} pending" if pending else "")
        )
    return 0 if not failed else 1


# ----------------------------------------------------------------------------------------
# tournament


def cmd_tournament(args: argparse.Namespace) -> int:
    """Simulate a whole tournament with bots; standings and results, or one JSON line."""
    from pokerroom.house import load_profile
    from pokerroom.tournament.director import Director, RoundReport, TournamentConfig
    from pokerroom.tournament.structure import load_structure

    _offered(args.house, "tournament")
    config = TournamentConfig(
        load_profile(args.house, "tournament"),
        load_structure(args.structure),
        seats_per_table=args.seats,
        seconds_per_hand=args.seconds_per_hand,
        bot=args.bot,
    )
    director = Director(config, seed=args.seed)
    for k in range(args.players):
        director.register(f"p{k + 1:0{len(str(args.players))}d}")
    start = time.perf_counter()
    bar = _progress(args.players - 1, "tournament", not args.json)
    if bar is not None:
        bar.unit = "out"

    def on_round(report: RoundReport) -> None:
        if bar is not None:
            bar.update(len(report.busted))
            bar.set_postfix(tables=report.tables, level=report.level, refresh=False)

    try:
        results = director.run(on_round)
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - start
    if args.json:
        places = [{"place": a.place, "player": a.player, "prize": a.prize} for a in results.awards]
        print(
            json.dumps(
                {
                    "players": args.players,
                    "hands": results.hands,
                    "tables_max": results.tables_max,
                    "places": places,
                    "chips_conserved": results.chips_conserved,
                    "seconds": round(seconds, 3),
                }
            )
        )
    else:
        print(results.report())
        print(
            f"{results.hands} hands in {results.rounds} rounds ({results.hand_for_hand_rounds} "
            f"hand-for-hand), at most {results.tables_max} tables, {seconds:.2f} s; chips "
            f"conserved: {results.chips_conserved}"
        )
    return 0 if results.chips_conserved else 1


# ----------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``pokerroom``."""
    p = argparse.ArgumentParser(prog="pokerroom", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    r = sub.add_parser("replay", help="replay .phh/.phhs files and compare final stacks")
    r.add_argument("paths", nargs="+", help="files or folders (searched recursively)")
    r.add_argument("--json", action="store_true", help="print one JSON line")
    r.add_argument("--jobs", type=int, default=0, help="worker processes (default: cores)")
    r.add_argument(
        "--repair",
        action="store_true",
        help="fill in the checks and folds a file left out, as PokerKit does, and list them",
    )
    r.set_defaults(func=cmd_replay)

    from pokerroom.simulation import GAMES

    s = sub.add_parser("simulate", help="random legal play, chips checked after every hand")
    s.add_argument("--game", default="nlhe", choices=sorted(GAMES))
    s.add_argument("--players", type=_at_least(2), default=6)
    s.add_argument("--hands", type=int, default=1000)
    s.add_argument("--seed", type=_seed_number, default=0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_simulate)

    e = sub.add_parser("equity", help="exact or Monte Carlo equity")
    e.add_argument("hands", nargs="+", help="hole cards per player, e.g. AhAs KdKc")
    e.add_argument("--board", default="")
    e.add_argument("--dead", default="")
    e.add_argument("--game", default="holdem", choices=["holdem", "omaha", "omaha_hilo"])
    g = e.add_mutually_exclusive_group()
    g.add_argument("--exact", action="store_true", help="enumerate every board (default)")
    g.add_argument(
        "--samples", type=_between(1, 10**8), help="Monte Carlo with this many boards"
    )
    e.add_argument("--seed", type=_seed_number, default=0)
    e.add_argument("--json", action="store_true")
    e.set_defaults(func=cmd_equity)

    d = sub.add_parser("deal", help="deal a bot hand from a committed seed, write its PHH")
    d.add_argument("--players", type=_at_least(2), default=6)
    d.add_argument("--stack", type=int, default=200)
    d.add_argument("--seed", type=_hex_seed, help="hex seed (default: a fresh secret one)")
    d.add_argument("--out", help="file to write (default: standard output)")
    d.set_defaults(func=cmd_deal)

    v = sub.add_parser("verify", help="check a dealt hand against its revealed seed")
    v.add_argument("paths", nargs="+")
    v.set_defaults(func=cmd_verify)

    h = sub.add_parser("house", help="the house profiles")
    hs = h.add_subparsers(dest="house_cmd", required=True)
    hs.add_parser("list")
    show = hs.add_parser("show")
    show.add_argument("name", help="a house (lpr, ...) or a club's profile file, club.toml")
    show.add_argument("--mode", choices=["cash", "tournament"])
    diff = hs.add_parser("diff")
    diff.add_argument("a", help="a house or a club's profile file (.toml)")
    diff.add_argument("b", help="a house or a club's profile file (.toml)")
    h.set_defaults(func=cmd_house)

    pl = sub.add_parser(
        "play", help="play at a house's cash table against simple bots in the terminal"
    )
    pl.add_argument("--game", default="nlhe", choices=["nlhe", "plo"])
    pl.add_argument(
        "--house", default="roberts",
        help="the house whose rules the table keeps (or a club's profile file, club.toml)",
    )
    pl.add_argument("--players", type=int, default=4, help="seats at the table, 2 to 10")
    pl.add_argument("--hands", type=_at_least(0), default=0, help="stop after this many (0: ask)")
    pl.add_argument("--seed", type=_seed_number, help="a number >= 0: repeatable decks and bots")
    pl.set_defaults(func=cmd_play)

    sc = sub.add_parser("scenario", help="table scenarios written in TOML (docs/scenarios.md)")
    scs = sc.add_subparsers(dest="scenario_cmd", required=True)
    run = scs.add_parser("run", help="run scenario files and check every expectation")
    run.add_argument("files", nargs="+", help="scenario .toml files")
    run.add_argument("--json", action="store_true", help="print one JSON line")
    run.add_argument("--quiet", action="store_true", help="print only the failures")
    run.add_argument(
        "--skip-pending", action="store_true", help="skip files whose status is 'pending: ...'"
    )
    sc.set_defaults(func=cmd_scenario)

    tn = sub.add_parser("tournament", help="tournaments: simulate one with bots")
    tns = tn.add_subparsers(dest="tournament_cmd", required=True)
    ts = tns.add_parser("simulate", help="play a whole tournament with bots to the end")
    ts.add_argument("--players", type=_at_least(2), default=100)
    ts.add_argument("--house", default="cambridge")
    ts.add_argument("--structure", default="pub_turbo")
    ts.add_argument("--seed", type=_seed_number, default=0)
    ts.add_argument("--seats", type=int, default=10, help="seats per table (2..10)")
    ts.add_argument(
        "--seconds-per-hand",
        type=int,
        default=60,
        help="simulated seconds per round of hands (levels in minutes)",
    )
    ts.add_argument("--bot", default="random", choices=["random", "simple"])
    ts.add_argument("--json", action="store_true", help="print one JSON line")
    tn.set_defaults(func=cmd_tournament)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except PokerroomError as exc:
        print(f"pokerroom: error [{exc.code}]: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a file that cannot be read or written: say which and why
        where = f" {exc.filename}" if exc.filename else ""
        print(f"pokerroom: error [file_error]:{where}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
