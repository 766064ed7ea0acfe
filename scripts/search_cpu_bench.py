"""Nodes per CPU second of the native search on a variant's bench set, for comparing two builds
run alternately on a shared machine (each in its own worktree):

    python scripts/search_cpu_bench.py hexraumschach 4

Searches every bench position (engine.search.bench.bench_positions) to DEPTH with a fresh
NativeSearcher (16 MiB table, seed 1) five times; prints the median round's nodes per CPU second
of the searching thread and the node count (the search's signature: equal counts, equal search).
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Position, variant_by_key  # noqa: E402
from engine.search import SearchLimits  # noqa: E402
from engine.search.bench import bench_positions  # noqa: E402
from engine.search.native import NativeSearcher  # noqa: E402


def main(argv: list[str]) -> int:
    variant, depth = variant_by_key(argv[0]), int(argv[1])
    positions = [Position.from_fen(fen, variant) for _, fen in bench_positions(variant)]
    NativeSearcher(tt_mb=16).search(positions[0], SearchLimits(depth=2))  # tables registered, pages touched
    rates = []
    for _ in range(5):
        nodes, start = 0, time.thread_time()
        for pos in positions:
            nodes += NativeSearcher(tt_mb=16, seed=1).search(pos, SearchLimits(depth=depth)).nodes
        rates.append(nodes / (time.thread_time() - start))
    print(int(sorted(rates)[2]), nodes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
