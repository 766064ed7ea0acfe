"""Hold the native core against the pure-Python one on many positions of seeded random games:

    python scripts/cores_agree.py --variant startrek --positions 2000 [--seed 1]

For every position: the same legal moves (all, and captures only), the same evaluation (full
and material + piece-square), the same hash, pawn key, sums and extra state on the native board
set up from it; after every third legal move made on the native board the same placement,
side, clock, hash, sums and extra state as the Python board's; perft(2) alike on every tenth.
Star Trek's games come from tests/engine/startrek/random_games.py (board moves, carried pawns,
captures across levels, promotions, bare kings preferred); other variants' from
tests/engine/biased_random_positions.py.  Prints what the games played, each check's CPU time,
and exits non-zero on the first disagreement (the position string is in the message).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import core as cores  # noqa: E402
from engine import variant_by_key  # noqa: E402
from tests.engine import core_agreement as agree  # noqa: E402


def sample(variant, count: int, seed: int):
    if variant.key == "startrek":
        from tests.engine.startrek.random_games import positions
        return positions(count, seed)
    from tests.engine.biased_random_positions import biased_positions
    return biased_positions(variant, count, seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="startrek")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    variant = variant_by_key(args.variant)
    if not cores.native_supports(variant):
        print(f"the native core does not play {variant.key}", file=sys.stderr)
        return 2
    native = cores.native_module_for(variant)
    t = time.process_time()
    positions, played = sample(variant, args.positions, args.seed)
    print(f"{len(positions)} positions of {variant.key} (seed {args.seed}) in {time.process_time() - t:.1f} s CPU; "
          f"played: {dict(sorted(played.items()))}")
    checks = (("legal moves", lambda: agree.assert_same_legal_moves(positions)),
              ("evaluation", lambda: agree.assert_same_evaluation(native, positions)),
              ("board after moves", lambda: agree.assert_same_board(native, positions, moves_every=3)),
              ("perft 2", lambda: agree.assert_same_perft_2(positions[::10])))
    for name, check in checks:
        t = time.process_time()
        try:
            check()
        except AssertionError as exc:
            print(f"DISAGREE on {name}: {exc}", file=sys.stderr)
            return 1
        print(f"{name}: agree ({time.process_time() - t:.1f} s CPU)")
    print(f"both cores agree on all {len(positions)} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
