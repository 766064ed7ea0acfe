"""``python -m engine bench [--core native|python]``: a fixed-depth search of a fixed position set.

The total node count is a signature: it changes only when the search's behaviour changes
(ordering, pruning, evaluation), never with the machine's speed.  Nodes per second and the
effective branching factor are printed alongside, and the start-position time of the
depth-limited levels (median of several runs) that the issue's speed targets refer to.
With the native core the same positions are also searched by the pure-Python core in the
same run (unless ``--no-compare``), and the speed-up is printed; the last line is always the
chosen core's nodes/s.  Each core searches the set ``--rounds`` times (default 5; same
positions, same depth, a fresh searcher and table per search as in play) and its nodes/s is
the median of the rounds' figures, each of which is printed: one round of the native core
takes ~0.1 s, too short to time alone on a shared machine.

Effective branching factor (EBF) of one position: ``sqrt(nodes(d) / nodes(d - 2))`` over the
cumulative node counts of the last iterations - two plies apart to smooth the odd/even
effect of alpha-beta; the bench prints the geometric mean over the positions.
"""
from __future__ import annotations

import math
import statistics
import time
from typing import Callable

from engine import RAUMSCHACH, Position, Variant
from engine.search.levels import choose_move, core_for, levels_for
from engine.variants.raumschach import START_FEN
from engine.search.searcher import SearchLimits, Searcher, format_score

# Start position, five middlegame positions from seeded Easy self-play (12, 24, 36, 50 and 70
# plies), and two endings: king and queen against king, and a pawn race.
BENCH_POSITIONS: tuple[tuple[str, str], ...] = (
    ("start", START_FEN),
    ("easy-12", "r1k1r/ppppp/2n2/5/5|u1q1b/pp2p/3p1/5/5|5/2up1/5/1P3/5|5/5/1PB2/2PPP/1UQ1U|5/5/2N2/PPPPP/R1K1R w 4 7"),
    ("easy-24", "r1k2/1p2p/2p2/5/B4|ub1u1/ppp2/3pp/5/4R|5/1p1p1/5/5/1B3|5/5/1P3/P1PPP/1U3|4r/5/5/PPPPP/R1K2 w 1 13"),
    ("easy-36", "2k1r/p2pp/5/5/5|3u1/pp2p/1p3/5/5|5/3p1/2p2/3B1/5|r4/5/5/3PP/BU3|5/5/5/PPPPP/R1K1R w 0 19"),
    ("easy-50", "1k2r/1pppp/5/5/5|r4/p2pp/2p2/5/5|5/5/2P2/1P3/5|5/5/P4/3PP/3KU|5/5/2n2/P1P1P/4R w 1 26"),
    ("easy-70", "5/pr1pp/5/5/5|5/4p/5/5/5|5/1k3/5/1P3/R4|5/3PP/2u2/2P2/4R|4r/5/P4/2K1P/5 w 1 36"),
    ("kq-k", "5/5/5/5/2k2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/2Q2/5/2K2 w 0 1"),
    ("pawns", "5/5/5/5/2k2|5/2pp1/5/5/5|5/5/5/5/5|5/5/5/PP3/5|5/5/5/5/2K2 w 0 1"),
)
# Five Up: the start position and positions from seeded Easy self-play (python core).
FIVEUP_POSITIONS: tuple[tuple[str, str], ...] = (
    ("start", "rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/UBQUB|5/5/5/PPPPP/RNKNR w WGSwgs "
              "Aa1,Ab1,Ac1,Ad1,Ae1,Ba1,Bb1,Bc1,Bd1,Be1,Da5,Db5,Dc5,Dd5,De5,Ea5,Eb5,Ec5,Ed5,Ee5 - 0 1"),
    ("easy-12", "rnk1r/p1ppp/5/5/5|unqsb/ppppp/5/1U3/5|5/5/5/5/5|5/2g2/5/PPPPP/1NQSB|5/5/5/PPPPP/RNK1R w - - - 2 7"),
    ("easy-24", "r2kr/p1pnp/5/3Q1/5|swqg1/ppppp/3p1/2U2/4N|5/5/5/5/5|5/5/2P2/PP1PP/UN1S1|5/5/5/PPPPb/R1K2 w - - - 4 13"),
    ("easy-36", "r1kgr/p1s1p/5/2Qp1/5|1q2b/pppp1/2pn1/5/5|5/5/2n2/1S3/5|5/5/2P1P/PP1PP/R1K1B|5/5/5/P1PP1/1N1NR w - - - 3 "
                "19"),
    ("easy-50", "r1k2/p2p1/5/3g1/5|5/1pppp/1pp2/5/5|4r/2u2/5/3P1/3B1|5/5/1PGP1/nPP1P/5|5/4P/5/P1P2/R1K1R w - - - 0 26"),
)
POSITIONS_BY_VARIANT = {"raumschach": BENCH_POSITIONS, "fiveup": FIVEUP_POSITIONS}


def bench_positions(variant: Variant) -> tuple[tuple[str, str], ...]:
    """The variant's bench set: the one above, else the one its module declares
    (``variant.bench_positions``), else its start position."""
    return (POSITIONS_BY_VARIANT.get(variant.key) or getattr(variant, "bench_positions", ())
            or (("start", variant.start_fen),))


BENCH_DEPTH = 4  # the pure-Python Hard's depth: comparable across cores
LEVEL_TIMING_RUNS = 3
BENCH_ROUNDS = 5  # rounds of the position set per core; nodes/s is their median


def _searcher(core: str):
    if core == "native":
        from engine.search.native import NativeSearcher
        return NativeSearcher(seed=0)
    return Searcher(seed=0)


def _search_all(core: str, depth: int, out: Callable[[str], None] | None,
                variant: Variant = RAUMSCHACH) -> tuple[int, float, list[float], float]:
    """One round: every bench position searched once, each by a fresh searcher (fresh table:
    the per-search cost a bot's move pays too).  ``out`` None: no per-position lines.
    Returns (nodes, wall seconds, EBFs, thread CPU seconds), both clocks covering the
    searchers' construction (table allocation) as well as the searches."""
    total_nodes = 0
    total_time = 0.0
    total_cpu = 0.0
    ebfs = []
    for name, fen in bench_positions(variant):
        pos = Position.from_fen(fen, variant)
        # Timed from before the searcher is made: its table's allocation and zeroing are part
        # of what each bot move costs (the searches' own clocks start after it).  Reading the
        # position string is not: both clocks start after it.
        cpu0 = time.thread_time()
        t0 = time.perf_counter()
        result = _searcher(core).search(pos, SearchLimits(depth=depth))
        elapsed = time.perf_counter() - t0
        total_cpu += time.thread_time() - cpu0
        total_nodes += result.nodes
        total_time += elapsed
        counts = [i.nodes for i in result.infos]
        ebf = math.sqrt(counts[-1] / counts[-3]) if len(counts) >= 3 and counts[-3] else None
        if ebf is not None:
            ebfs.append(ebf)
        if out is not None:
            out(f"{name:8s} depth {result.depth} {format_score(result.score):>10s} nodes {result.nodes:8d} "
                f"time {elapsed:6.3f} s  nps {int(result.nodes / elapsed) if elapsed else 0:8d}  ebf {ebf if ebf is None else round(ebf, 2)}  "
                f"move {result.move.coord(variant) if result.move else '-'}")
    return total_nodes, total_time, ebfs, total_cpu


def _rounds(core: str, depth: int, rounds: int, out: Callable[[str], None],
            variant: Variant = RAUMSCHACH) -> tuple[int, int, list[float]]:
    """``rounds`` rounds of the position set on ``core``: (nodes of one round, median nodes/s,
    EBFs, median nodes per CPU second).  A round of the native core takes ~0.1 s, so one
    round's nodes/s swings with the machine's load (and the first round of a process also pays
    the first touch of its tables' memory); the median of several rounds is the figure.  The
    rate per thread-CPU second is printed beside it: what the search costs whatever the load."""
    nodes, total_time, ebfs, cpu = _search_all(core, depth, out, variant)
    rates, cpu_rates = [nodes / total_time if total_time else 0.0], [nodes / cpu if cpu else 0.0]
    for _ in range(rounds - 1):
        n, t, _, c = _search_all(core, depth, None, variant)
        if n != nodes:  # a depth-limited search is deterministic: the signature must repeat
            raise RuntimeError(f"{core} core: round node count {n} differs from {nodes}")
        rates.append(n / t if t else 0.0)
        cpu_rates.append(n / c if c else 0.0)
    median, cpu_median = int(statistics.median(rates)), int(statistics.median(cpu_rates))
    out(f"{core} core nodes/s by round: {', '.join(str(int(r)) for r in rates)}; median {median} of {rounds} rounds")
    out(f"{core} core nodes per CPU second by round: {', '.join(str(int(r)) for r in cpu_rates)}; "
        f"median {cpu_median}")
    return nodes, median, ebfs, cpu_median


def run_bench(depth: int = BENCH_DEPTH, runs: int = LEVEL_TIMING_RUNS, levels: tuple[int, ...] = (1, 2, 3),
              out: Callable[[str], None] = print, core: str | None = None, compare: bool = True,
              rounds: int = BENCH_ROUNDS, variant: Variant = RAUMSCHACH) -> dict:
    if rounds < 1:
        raise ValueError("bench needs at least one round")
    core = core_for(variant, core)
    out(f"bench: {variant.name}, depth {depth}, {len(bench_positions(variant))} positions, {core} core, "
        f"{rounds} rounds")
    total_nodes, nps, ebfs, cpu_nps = _rounds(core, depth, rounds, out, variant)
    ebf_mean = math.exp(sum(map(math.log, ebfs)) / len(ebfs)) if ebfs else float("nan")
    out(f"total nodes {total_nodes}")
    out(f"effective branching factor {ebf_mean:.2f} (geometric mean of sqrt(N(d)/N(d-2)))")
    medians = {}
    start = Position.start(variant)
    table = levels_for(core, variant)
    for level in levels:
        times = []
        for run in range(runs):
            t0 = time.perf_counter()
            choose_move(start, level, seed=run, core=core)
            times.append(time.perf_counter() - t0)
        medians[level] = statistics.median(times)
        out(f"start position, {table[level].name} (level {level}): median {medians[level]:.2f} s of {runs} runs "
            f"(min {min(times):.2f}, max {max(times):.2f})")
    python_nps = None
    if core == "native" and compare:
        out(f"the same positions on the python core, depth {depth}, {rounds} rounds:")
        _, python_nps, _, python_cpu_nps = _rounds("python", depth, rounds, out, variant)
        out(f"python core nodes/s {python_nps}")
        out(f"native core speed-up {nps / python_nps:.1f}x (median nodes/s over median nodes/s)"
            if python_nps else "native core speed-up n/a")
        out(f"native core speed-up per CPU second {cpu_nps / python_cpu_nps:.1f}x"
            if python_cpu_nps else "native core speed-up per CPU second n/a")
    out(f"nodes/s {nps}")
    return {"nodes": total_nodes, "nps": nps, "cpu_nps": cpu_nps, "ebf": ebf_mean, "level_medians": medians,
            "python_nps": python_nps}
