"""Lazy SMP benchmark (issue 42; not a test): the wall time the native search takes to reach a
fixed depth on one thread and on more, alternated, on a game's bench positions.

    nice -n 10 python scripts/smp_depth_time.py --variant raumschach --depth 8 --pairs 5 [--threads 1 2]

A round searches every bench position of the game (engine/search/bench.py's set) once to
``--depth`` with a fresh table of ``--tt-mb`` MiB (no kept table: each search starts empty),
timed on the wall clock around the search; the rounds alternate the thread counts (A B, then
B A, ...) so that a change of the machine's load falls on both alike.  Printed per round: its
wall seconds, its nodes (every thread's), the process's CPU seconds (all threads) and the main
thread's CPU seconds (the search runs in this thread; the helpers in their own); at the end
the medians per thread count and the medians of the per-pair ratios.

Each thread wants a core of its own: on free cores the wall time is the figure.  On a busy
machine the threads take turns on what CPU this process gets (with the kernel's autogroup
scheduling another session's jobs hold their share whatever their nice), and the wall time
says so; the main thread's CPU seconds to the depth then estimate the wall time on free cores
(the helpers run beside it; what they would cost in shared caches and memory is not in it).
Quote the load (uptime) beside the figures.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def one_round(positions, depth: int, threads: int, tt_mb: int) -> tuple[float, int, float, float, list[int]]:
    """(wall seconds, nodes, process CPU seconds, main thread CPU seconds, completed depths)."""
    from engine.search.native import NativeSearcher
    from engine.search.searcher import SearchLimits

    wall = cpu = main = 0.0
    nodes, depths = 0, []
    for pos in positions:
        searcher = NativeSearcher(tt_mb=tt_mb, seed=0, threads=threads)
        t0, c0, m0 = time.perf_counter(), time.process_time(), time.thread_time()
        result = searcher.search(pos, SearchLimits(depth=depth))
        wall += time.perf_counter() - t0
        cpu += time.process_time() - c0
        main += time.thread_time() - m0
        nodes += result.nodes
        depths.append(result.depth)
    return wall, nodes, cpu, main, depths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="raumschach", metavar="KEY")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--pairs", type=int, default=5, help="rounds per thread count (default 5)")
    parser.add_argument("--threads", type=int, nargs=2, default=[1, 2], metavar=("A", "B"))
    parser.add_argument("--tt-mb", type=int, default=32, help="table MiB per search (default 32: Expert's)")
    args = parser.parse_args(argv)

    from engine import Position, variant_by_key
    from engine.search.bench import bench_positions

    variant = variant_by_key(args.variant)
    positions = [Position.from_fen(fen, variant) for _, fen in bench_positions(variant)]
    a, b = args.threads
    walls: dict[int, list[float]] = {a: [], b: []}
    mains: dict[int, list[float]] = {a: [], b: []}
    ratios, main_ratios = [], []
    print(f"{variant.key}: {len(positions)} positions to depth {args.depth}, threads {a} v {b}, "
          f"{args.pairs} pairs, {args.tt_mb} MiB tables", flush=True)
    for pair in range(args.pairs):
        order = (a, b) if pair % 2 == 0 else (b, a)
        pair_walls, pair_mains = {}, {}
        for threads in order:
            wall, nodes, cpu, main_cpu, depths = one_round(positions, args.depth, threads, args.tt_mb)
            walls[threads].append(wall)
            mains[threads].append(main_cpu)
            pair_walls[threads], pair_mains[threads] = wall, main_cpu
            print(f"pair {pair + 1} threads {threads}: wall {wall:7.3f} s  nodes {nodes:10d}  "
                  f"cpu {cpu:7.3f} s  main thread cpu {main_cpu:7.3f} s  nodes/s {int(nodes / wall) if wall else 0:9d}"
                  + ("" if set(depths) == {args.depth} else f"  depths {depths}"), flush=True)
        ratios.append(pair_walls[a] / pair_walls[b] if pair_walls[b] else 0.0)
        main_ratios.append(pair_mains[a] / pair_mains[b] if pair_mains[b] else 0.0)
    for threads in (a, b):
        print(f"threads {threads}: median wall {statistics.median(walls[threads]):.3f} s "
              f"(min {min(walls[threads]):.3f}, max {max(walls[threads]):.3f}); "
              f"median main thread cpu {statistics.median(mains[threads]):.3f} s")
    for label, values in (("wall", ratios), ("main thread cpu", main_ratios)):
        print(f"time to depth {args.depth} ({label}), threads {a} / threads {b}: median of pairs "
              f"{statistics.median(values):.2f} (pairs: {', '.join(f'{r:.2f}' for r in values)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
