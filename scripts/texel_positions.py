"""Quiet positions from self-play, labelled with the game's result: the data of Texel's tuning
(scripts/texel_tune.py, issue 42).

    nice -n 10 .venv/bin/python scripts/texel_positions.py --variant raumschach --seconds 600 \
        --seed 1 --out /tmp/texel/raumschach.txt

Each game starts from match.py's seeded opening (4 plies drawn with heavy noise), then both
sides play the native search at a node limit with a little evaluation noise (games differ; the
noise key is drawn per game), ending by the rules or by match.py's adjudication (resignation
when four reported scores agree; at the ply cap a depth-3 search decides, and a position it
calls unclear, below CAP_WIN_CP, is a draw: those games are dropped, as usual).

A position is kept when it is past the opening (``--skip`` plies), the side to move is not in
check, and the search's best move is quiet (no capture, promotion or placement): the static
evaluation then means what the quiescence search would return.  Each line: ``result<TAB>fen``,
the result from White's view (1, 0.5, 0).  The data is not committed (it is remade by the
command above; the seed makes the openings and noise keys the same, the node limit the moves).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Position  # noqa: E402 (after the path)
from engine.search.match import CAP_WIN_CP, OPENING_PLIES, RESIGN_CP, RESIGN_MOVES, opening
from engine.search.native import NativeSearcher
from engine.search.searcher import SearchLimits
from engine.variants import variant_by_key

MAX_PLIES = 240


def play(variant, seed: int, nodes: int, noise: int, skip: int) -> tuple[float | None, list[str]]:
    """One self-play game: (White's result or None when unclear, the kept positions' strings)."""
    rng = random.Random(seed)
    pos = Position.start(variant)
    for m in opening(seed, variant):
        pos.push(m)
    searcher = NativeSearcher(tt_mb=8, seed=rng.getrandbits(32), noise=noise)
    kept: list[str] = []
    reported: list[int] = []
    while True:
        outcome = pos.outcome(claim_draw=True)
        if outcome is not None:
            text = outcome.result()
            return {"1-0": 1.0, "0-1": 0.0}.get(text, 0.5), kept
        if pos.ply >= MAX_PLIES:
            score = NativeSearcher(tt_mb=8).search(pos, SearchLimits(depth=3)).score
            white = score if pos.turn else -score
            if abs(white) < CAP_WIN_CP:
                return None, kept  # unclear: dropped
            return (1.0 if white > 0 else 0.0), kept
        result = searcher.search(pos, SearchLimits(nodes=nodes))
        move = result.move
        white_view = result.score if pos.turn else -result.score
        reported.append(white_view)
        last = reported[-RESIGN_MOVES:]
        if len(last) == RESIGN_MOVES and (all(s >= RESIGN_CP for s in last) or all(s <= -RESIGN_CP for s in last)):
            return (1.0 if last[-1] > 0 else 0.0), kept
        quiet = (move.promotion is None and move.placement is None and not move.board
                 and pos.piece_at(move.to_cell) is None)
        if pos.ply >= skip and quiet and not pos.is_check() and abs(result.score) < RESIGN_CP:
            kept.append(pos.fen())
        pos.push(move)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="raumschach")
    ap.add_argument("--seconds", type=float, default=600.0, help="CPU seconds to spend (then stop after the game)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=2000, help="node limit a move")
    ap.add_argument("--noise", type=int, default=15, help="centipawns of evaluation noise")
    ap.add_argument("--skip", type=int, default=12, help="plies of opening not kept")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    skip = max(args.skip, OPENING_PLIES)
    variant = variant_by_key(args.variant)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    start = time.process_time()
    games = positions = dropped = 0
    with out.open("w") as f:
        while time.process_time() - start < args.seconds:
            result, kept = play(variant, args.seed * 100000 + games, args.nodes, args.noise, skip)
            games += 1
            if result is None:
                dropped += 1
                continue
            for fen in kept:
                f.write(f"{result}\t{fen}\n")
            positions += len(kept)
            f.flush()
    print(f"{args.variant}: {games} games ({dropped} unclear, dropped), {positions} positions, "
          f"{time.process_time() - start:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
