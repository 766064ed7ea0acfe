"""How long the puzzles' checks take (not a test): the engine's check of each puzzle before it
is stored (puzzles.loading.puzzle_row: parse the position, replay the line), which is what
loading the shipped set after every migrate costs beyond its database writes, and the check
of an attempt (puzzles.checking.check_attempt), per 1000, --repeat times; medians printed.

With --directory it checks the records of that directory's <variant>.jsonl files (the shipped
set: puzzles/data); without, the test lines of tests/puzzles/lines.py over and over.

    .venv/bin/python scripts/puzzles_bench.py [--directory puzzles/data] [--repeat 5]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")  # a SECRET_KEY for a script

import django  # noqa: E402

django.setup()

from games.variants import variant_get  # noqa: E402
from puzzles.checking import check_attempt  # noqa: E402
from puzzles.loading import puzzle_row  # noqa: E402


def records(directory: Path | None) -> list[tuple[str, dict]]:
    if directory is None:
        from tests.puzzles.lines import LINES
        return [(key[0], {"fen": fen, "solution": list(line)}) for key, (fen, line) in LINES.items()]
    found = []
    for path in sorted(directory.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if line.strip():
                found.append((path.stem, json.loads(line)))
    return found


def timed(work, n: int, repeat: int) -> list[float]:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for i in range(n):
            work(i)
        runs.append((time.perf_counter() - start) * 1000 / n * 1000)  # ms per 1000
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--directory", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    found = records(args.directory)
    rows = [puzzle_row(key, record) for key, record in found]
    n = max(len(found), 1000)
    loads = timed(lambda i: puzzle_row(*found[i % len(found)]), n, args.repeat)
    variants = {row.variant: variant_get(row.variant) for row in rows}
    attempts = timed(lambda i: check_attempt(variants[rows[i % len(rows)].variant], rows[i % len(rows)].fen,
                                             rows[i % len(rows)].solution, rows[i % len(rows)].solution),
                     n, args.repeat)
    print(f"{len(found)} puzzles ({', '.join(sorted(variants))}), {n} checks a run, {args.repeat} runs")
    print(f"loading check: median {statistics.median(loads):.0f} ms per 1000 puzzles")
    print(f"attempt check: median {statistics.median(attempts):.0f} ms per 1000 attempts")


if __name__ == "__main__":
    main()
