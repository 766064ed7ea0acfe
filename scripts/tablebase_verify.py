"""Checks made tables against the naive move generator (tests/engine/naive_raumschach.py, no
code shared with engine/): for sampled positions of each ending, the table's value must follow
from the position's moves and its successors' values (docs/tablebases.md, "Verification").

    python scripts/tablebase_verify.py [NAME ...] [--dir D] [--samples N] [--decisive N] [--seed S]

Without names: every table in the directory.  Prints one line per table; exit status 1 if any
position disagrees.  Samples: N random legal positions, up to N' random won ones (found among
random positions) each with the position its best move leads to, and the longest mates.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import tablebase  # noqa: E402
from engine.position import Position  # noqa: E402
from engine.tablebase.generate import read_stats  # noqa: E402
from tests.engine import naive_raumschach as naive  # noqa: E402
from tests.engine.tablebase.helpers import decisive_sample, expected, fen_of, random_legal  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--decisive", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    loaded = tablebase.load(args.dir, force=True)
    stats = read_stats(args.dir)
    bad = 0
    for name in args.names or loaded:
        if name not in loaded:
            print(f"{name}: not loaded")
            bad += 1
            continue
        start = time.process_time()
        rng = random.Random(f"{args.seed}-{name}")
        cases = [random_legal(name, rng) for _ in range(args.samples)]
        if any(stats.get(name, {}).get("wins", [1])):
            cases += decisive_sample(name, rng, args.decisive)
        cases += [naive.read(fen) for fen in stats.get(name, {}).get("longest_fen", []) if fen]
        results: dict[str, int] = {}
        wrong = 0
        for board, side in cases:
            fen = fen_of(board, side)
            got = tablebase.probe(Position.from_fen(fen))
            want = expected(board, side)
            results[want[0]] = results.get(want[0], 0) + 1
            if got is None or (got.result, got.plies) != want:
                wrong += 1
                print(f"  {name}: {fen}: table {got}, moves say {want}")
        bad += wrong
        print(f"{name}: {len(cases)} positions ({', '.join(f'{v} {k}' for k, v in sorted(results.items()))}), "
              f"{wrong} wrong, {time.process_time() - start:.1f} s CPU", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
