"""Search commands of ``python -m engine`` (registered by engine/cli.py's hook).

* ``bestmove [--fen F] (--level N | --depth D | --movetime S) [--nodes N] [--seed S] [--threads T]``:
  one ``info`` line per completed depth, then the chosen move in coordinate form, alone on
  the last line;
* ``match A B --games N [--seed S] [--max-plies P] [--out DIR] [--cpu-clock] [--sprt ELO0 ELO1
  [--alpha A] [--beta B]] [--base DIR] [--no-min-depth] [--threads TA TB]``: A and B are level numbers (0-5),
  ``base:N`` (level N of the engine built in DIR, in its own process) or ``ref`` / ``ref:DEPTH``
  (the Maackesgeist reference engine);
* ``bench [--depth D] [--runs R] [--rounds N]``: fixed-depth search of a fixed position set.
"""
from __future__ import annotations

import argparse
import signal
import sys

from .cli_options import add_variant, position_of, variant_of
from .core import add_core_option


def add_core(p) -> None:
    """--variant, --option and --core (engine/cli_options.py, engine/core.py)."""
    add_variant(p)
    add_core_option(p)


def register(sub) -> None:
    p = sub.add_parser("bestmove", help="search a position and print the best move")
    p.add_argument("--fen", default=None, help="position string (default: the variant's start position)")
    group = p.add_mutually_exclusive_group(required=True)
    group.add_argument("--level", type=int, help="bot level 0-5 (Beginner .. Master)")
    group.add_argument("--depth", type=int, help="search this many plies (full engine, no noise)")
    group.add_argument("--movetime", type=float, help="search this many seconds (full engine, no noise)")
    p.add_argument("--nodes", type=int, default=None, help="also stop after this many nodes")
    p.add_argument("--seed", type=int, default=0, help="seed for the levels' randomness (default 0)")
    add_threads(p, "default: 1; with --level, the level's ($RAUMSCHACH_SEARCH_THREADS for Expert and Master)")
    add_core(p)
    p.set_defaults(func=cmd_bestmove)

    p = sub.add_parser("match", help="play two levels (or 'ref') against each other")
    p.add_argument("a", help="level 0-5 (py:N / native:N: that core's level; N@SECONDS: a move time), "
                             "or ref / ref:DEPTH")
    p.add_argument("b", help="as A")
    p.add_argument("--games", type=int, required=True, help="number of games (even: each opening twice)")
    p.add_argument("--seed", type=int, default=1, help="match seed (openings and the levels' noise)")
    p.add_argument("--max-plies", type=int, default=None, help="ply cap before adjudication (default 200)")
    p.add_argument("--quiet", action="store_true", help="only the summary, not one line per game")
    p.add_argument("--out", default=None, metavar="DIR",
                   help="write every game (export text) and the summary line into DIR")
    p.add_argument("--cpu-clock", action="store_true",
                   help="time limits count the searching thread's CPU time, not wall time: results "
                        "independent of the machine's load (and of the process being paused)")
    p.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"), default=None,
                   help="stop when a sequential probability ratio test (pentanomial, on game pairs) decides "
                        "between A-B = ELO0 and A-B = ELO1 (--games is then the most to play)")
    p.add_argument("--alpha", type=float, default=0.05, help="SPRT false-positive rate (default 0.05)")
    p.add_argument("--beta", type=float, default=0.05, help="SPRT false-negative rate (default 0.05)")
    p.add_argument("--base", default=None, metavar="DIR",
                   help="a built checkout of another engine (e.g. `git archive COMMIT engine setup.py` "
                        "unpacked and built with setup.py build_ext --inplace): players base:N[@S] run "
                        "its level N in a separate process")
    p.add_argument("--no-min-depth", action="store_true",
                   help="levels with a move time search by time alone (no minimum depth): equal time a move")
    p.add_argument("--threads", nargs=2, type=int, metavar=("TA", "TB"), default=None,
                   help="search threads of A and B on the native core (Lazy SMP; default: the levels'); "
                        "--cpu-clock meters each search's main thread alone, its helpers run unmetered")
    add_core(p)
    p.set_defaults(func=cmd_match)

    p = sub.add_parser("bench", help="fixed-depth search of fixed positions: node signature and speed")
    p.add_argument("--depth", type=int, default=None, help="search depth (default 4)")
    p.add_argument("--runs", type=int, default=None, help="runs per level for the start-position timing (default 3)")
    p.add_argument("--rounds", type=int, default=None,
                   help="rounds of the position set per core; nodes/s is their median (default 5)")
    p.add_argument("--no-compare", action="store_true",
                   help="with the native core: skip the pure-Python run of the same positions")
    add_core(p)
    p.set_defaults(func=cmd_bench)


def add_threads(p, default: str) -> None:
    """--threads: the native core's search threads (Lazy SMP, UCI's Threads)."""
    p.add_argument("--threads", type=int, default=None, metavar="T",
                   help=f"search threads of the native core (Lazy SMP; {default}; the Python core has one)")


def full_engine(variant, seed: int, threads: int | None = None):
    """The full engine (no noise) of the core that plays ``variant``: the native one with the
    largest table and ``threads`` (default 1), else the Python one."""
    from .search import Searcher
    from .search.levels import core_for
    from .search.native import NativeSearcher

    if core_for(variant) == "native":
        return NativeSearcher(tt_mb=64, seed=seed, threads=threads or 1)
    return Searcher(seed=seed)


def _info_line(i, variant=None) -> str:
    from .search import format_score

    pv = " ".join(m.coord(variant) for m in i.pv)
    return f"info depth {i.depth} score {format_score(i.score)} nodes {i.nodes} nps {i.nps} time {i.time:.2f} pv {pv}"


def cmd_bestmove(args: argparse.Namespace) -> int:
    from .search import SearchLimits
    from .search.levels import choose_move, core_for, levels_for

    pos = position_of(args)
    v = pos.variant
    core = core_for(v)
    LEVELS = levels_for(core, v)
    if not pos.legal_moves():
        print("error: the side to move has no legal move (checkmate or stalemate)", file=sys.stderr)
        return 1
    for name, value in (("depth", args.depth), ("movetime", args.movetime), ("nodes", args.nodes),
                        ("threads", args.threads)):
        if value is not None and value <= 0:
            print(f"error: --{name} must be positive", file=sys.stderr)
            return 2
    if args.level is not None:
        if args.level not in LEVELS:
            print(f"error: unknown level {args.level}; levels are 0-5", file=sys.stderr)
            return 2
        result = choose_move(pos, args.level, seed=args.seed, threads=args.threads)
        for i in result.infos:
            print(_info_line(i, v))
    else:
        limits = SearchLimits(depth=args.depth, movetime=args.movetime, nodes=args.nodes)
        searcher = full_engine(v, args.seed, args.threads)
        result = searcher.search(pos, limits, lambda i: print(_info_line(i, v), flush=True))
    print(result.move.coord(v))
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    from .search.match import DEFAULT_MAX_PLIES, run_match
    from .search.sprt import Sprt

    latest = []  # the match so far, for a summary if the run is stopped early

    def report(n, rec, match) -> None:
        latest[:] = [match]
        if not args.quiet:
            print(f"game {n}: {rec.white} - {rec.black} {rec.result} ({rec.reason}, {rec.plies} plies) "
                  f"running +{match.wins} ={match.draws} -{match.losses}"
                  + (f" LLR {match.sprt.llr:+.2f}" if match.sprt is not None else ""), flush=True)

    def stop(_signum, _frame) -> None:
        raise KeyboardInterrupt

    # A bounded run (e.g. under `timeout`) still ends with the summary of the games played.
    previous = signal.signal(signal.SIGTERM, stop)
    if args.threads and min(args.threads) < 1:
        print("error: --threads must be at least 1", file=sys.stderr)
        return 2
    try:
        sprt = Sprt(*args.sprt, alpha=args.alpha, beta=args.beta) if args.sprt else None
        match = run_match(args.a, args.b, args.games, seed=args.seed,
                          max_plies=args.max_plies or DEFAULT_MAX_PLIES, report=report, out_dir=args.out,
                          cpu_clock=args.cpu_clock, variant=variant_of(args), sprt=sprt,
                          min_depth=not args.no_min_depth, base_dir=args.base,
                          threads=tuple(args.threads) if args.threads else (None, None))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        if not latest:
            print("stopped before the first game ended", file=sys.stderr)
            return 1
        print(f"stopped early: {len(latest[0].games)} of {args.games} games played")
        match = latest[0]
        if args.out:
            from .search.match import write_summary

            write_summary(args.out, match, args.a, args.b, args.seed)
    finally:
        signal.signal(signal.SIGTERM, previous)
    print(match.summary())
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .search.bench import BENCH_DEPTH, BENCH_ROUNDS, LEVEL_TIMING_RUNS, run_bench

    if args.rounds is not None and args.rounds < 1:
        print("error: --rounds must be at least 1", file=sys.stderr)
        return 2
    run_bench(depth=args.depth or BENCH_DEPTH, runs=args.runs or LEVEL_TIMING_RUNS, compare=not args.no_compare,
              rounds=args.rounds or BENCH_ROUNDS, variant=variant_of(args))
    return 0
