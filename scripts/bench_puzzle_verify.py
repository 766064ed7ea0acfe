"""How long verifying every shipped puzzle takes (the CI test's cost; docs/performance.md).

    nice -n 10 .venv/bin/python scripts/bench_puzzle_verify.py [--variant KEY ...] [--extra-depth 2]

Per variant: puzzles, total CPU seconds (this process's, so the machine's load matters less)
and wall seconds, the median and the slowest puzzle; then the totals and the load average.
Any puzzle that fails verify is listed with its reason (and the exit code is 1).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["RAUMSCHACH_TB_DIR"] = "off"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.puzzles import PuzzleError, from_json, verify  # noqa: E402

VARIANTS = ("raumschach", "fiveup", "hexraumschach", "startrek")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", action="append", choices=VARIANTS, help="default: all four")
    ap.add_argument("--extra-depth", type=int, default=2)
    args = ap.parse_args(argv)
    failed = 0
    all_cpu, all_wall, count = 0.0, 0.0, 0
    for key in args.variant or VARIANTS:
        path = ROOT / "puzzles" / "data" / f"{key}.jsonl"
        times = []
        wall0, cpu0 = time.perf_counter(), time.process_time()
        for n, line in enumerate(path.read_text().splitlines(), 1):
            t = time.process_time()
            try:
                verify(from_json(json.loads(line), key), extra_depth=args.extra_depth)
            except PuzzleError as exc:
                failed += 1
                print(f"  {key}:{n}: {exc.reason}")
            times.append(time.process_time() - t)
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        all_cpu, all_wall, count = all_cpu + cpu, all_wall + wall, count + len(times)
        if times:
            print(f"{key}: {len(times)} puzzles, CPU {cpu:.1f} s, wall {wall:.1f} s, median "
                  f"{statistics.median(times) * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms", flush=True)
    print(f"all: {count} puzzles, CPU {all_cpu:.1f} s, wall {all_wall:.1f} s, {failed} failed; "
          f"load {os.getloadavg()[0]:.1f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
