"""The bench's nodes per CPU second of this tree's engine against another tree's, in paired rounds.

    python scripts/bench_pair.py --base DIR --variant KEY [--rounds 40] [--depth 4]

DIR is a built checkout of another engine (e.g. ``git worktree add --detach DIR e9f7c17`` and
``setup.py build_ext --inplace`` there).  Its ``engine`` package is copied to a scratch
directory as ``engine_base`` (its imports rewritten), so both engines, each with its own native
modules, run in this one process: each round searches the variant's bench set once with each
engine (``engine.search.bench._search_all``, thread CPU of the searches alone), the two in
turns (A B, B A, ...).  A shared machine's speed drifts from second to second; a pair of rounds
a few tenths of a second apart sees the same machine, so the figure is the median of the pairs'
ratios (with its quartiles), not the ratio of two runs' medians.  ``python -m engine bench``
run as alternated processes gives the same figures with a far wider spread under load.
"""
from __future__ import annotations

import argparse
import importlib
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMPORT = re.compile(r"\b(from|import) engine\b(?=[. ]|$)", re.MULTILINE)


def _copy_as_base(tree: Path, scratch: Path) -> None:
    target = scratch / "engine_base"
    shutil.copytree(tree / "engine", target, ignore=shutil.ignore_patterns("__pycache__"))
    for source in target.rglob("*.py"):
        text = source.read_text()
        renamed = IMPORT.sub(lambda m: f"{m.group(1)} engine_base", text)
        if renamed != text:
            source.write_text(renamed)


def _round(package: str, variant_key: str, depth: int) -> tuple[int, float]:
    """One pass over the bench set with ``package``'s engine: (nodes, thread CPU seconds)."""
    engine = importlib.import_module(package)
    bench = importlib.import_module(f"{package}.search.bench")
    native = importlib.import_module(f"{package}.search.native")
    searcher = importlib.import_module(f"{package}.search.searcher")
    variant = importlib.import_module(f"{package}.variants").VARIANTS[variant_key]
    positions = [engine.Position.from_fen(fen, variant) for _name, fen in bench.bench_positions(variant)]
    nodes, cpu = 0, 0.0
    for position in positions:
        start = time.thread_time()
        result = native.NativeSearcher(seed=0).search(position, searcher.SearchLimits(depth=depth))
        cpu += time.thread_time() - start
        nodes += result.nodes
    return nodes, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, type=Path, help="a built checkout of the other engine")
    parser.add_argument("--variant", default="raumschach")
    parser.add_argument("--rounds", type=int, default=40, help="paired rounds (after 2 warm-up pairs)")
    parser.add_argument("--depth", type=int, default=4)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as scratch:
        _copy_as_base(args.base.resolve(), Path(scratch))
        sys.path.insert(0, scratch)
        packages = {"this": "engine", "base": "engine_base"}
        rates: dict[str, list[float]] = {"this": [], "base": []}
        nodes: dict[str, int] = {}
        for round_ in range(args.rounds + 2):
            for name in (("this", "base") if round_ % 2 == 0 else ("base", "this")):
                total, cpu = _round(packages[name], args.variant, args.depth)
                nodes[name] = total
                if round_ >= 2:
                    rates[name].append(total / cpu)
    ratios = [a / b for a, b in zip(rates["this"], rates["base"])]
    q1, _median, q3 = statistics.quantiles(ratios)
    print(f"{args.variant} depth {args.depth}, {args.rounds} paired rounds: this "
          f"{statistics.median(rates['this']) / 1e6:.2f} M nodes per CPU second ({nodes['this']:,} nodes a round), "
          f"base {statistics.median(rates['base']) / 1e6:.2f} M ({nodes['base']:,}); "
          f"this/base median of the pairs {statistics.median(ratios):.3f} (quartiles {q1:.3f}-{q3:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
