"""``python -m engine bench [--core native|python]``: a fixed-depth search of a fixed position set.

The total node count is a signature: it changes only when the search's behaviour changes
(ordering, pruning, evaluation), never with the machine's speed.  Nodes per second and the
effective branching factor are printed alongside, and the start-position time of the
depth-limited levels (median of several runs) that the issue's speed targets refer to.
With the native core the same positions are also searched by the pure-Python core in the
same run (unless ``--no-compare``), and the speed-up is printed; the last line is always the
chosen core's nodes/s.

Effective branching factor (EBF) of one position: ``sqrt(nodes(d) / nodes(d - 2))`` over the
cumulative node counts of the last iterations - two plies apart to smooth the odd/even
effect of alpha-beta; the bench prints the geometric mean over the positions.
"""
from __future__ import annotations

import math
import statistics
import time
from typing import Callable

from engine import Position
from engine.core import core_name
from engine.fen import START_FEN
from engine.search.levels import choose_move, levels_for
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
BENCH_DEPTH = 4  # the pure-Python Hard's depth: comparable across cores
LEVEL_TIMING_RUNS = 3


def _searcher(core: str):
    if core == "native":
        from engine.search.native import NativeSearcher
        return NativeSearcher(seed=0)
    return Searcher(seed=0)


def _search_all(core: str, depth: int, out: Callable[[str], None]) -> tuple[int, float, list[float]]:
    total_nodes = 0
    total_time = 0.0
    ebfs = []
    for name, fen in BENCH_POSITIONS:
        pos = Position.from_fen(fen)
        result = _searcher(core).search(pos, SearchLimits(depth=depth))
        total_nodes += result.nodes
        total_time += result.time
        counts = [i.nodes for i in result.infos]
        ebf = math.sqrt(counts[-1] / counts[-3]) if len(counts) >= 3 and counts[-3] else None
        if ebf is not None:
            ebfs.append(ebf)
        out(f"{name:8s} depth {result.depth} {format_score(result.score):>10s} nodes {result.nodes:8d} "
            f"time {result.time:6.2f} s  nps {result.nps:7d}  ebf {ebf if ebf is None else round(ebf, 2)}  "
            f"move {result.move.coord() if result.move else '-'}")
    return total_nodes, total_time, ebfs


def run_bench(depth: int = BENCH_DEPTH, runs: int = LEVEL_TIMING_RUNS, levels: tuple[int, ...] = (1, 2, 3),
              out: Callable[[str], None] = print, core: str | None = None, compare: bool = True) -> dict:
    core = core_name(core)
    out(f"bench: depth {depth}, {len(BENCH_POSITIONS)} positions, {core} core")
    total_nodes, total_time, ebfs = _search_all(core, depth, out)
    nps = int(total_nodes / total_time) if total_time else 0
    ebf_mean = math.exp(sum(map(math.log, ebfs)) / len(ebfs)) if ebfs else float("nan")
    out(f"total nodes {total_nodes}")
    out(f"effective branching factor {ebf_mean:.2f} (geometric mean of sqrt(N(d)/N(d-2)))")
    medians = {}
    start = Position.start()
    table = levels_for(core)
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
        out(f"the same positions on the python core, depth {depth}:")
        py_nodes, py_time, _ = _search_all("python", depth, out)
        python_nps = int(py_nodes / py_time) if py_time else 0
        out(f"python core nodes/s {python_nps}")
        out(f"native core speed-up {nps / python_nps:.1f}x" if python_nps else "native core speed-up n/a")
    out(f"nodes/s {nps}")
    return {"nodes": total_nodes, "nps": nps, "ebf": ebf_mean, "level_medians": medians, "python_nps": python_nps}
