"""Mine puzzles from bot-v-bot games played for the purpose (issue 41; docs/puzzles.md).

    nice -n 10 .venv/bin/python scripts/mine_puzzles.py --variant raumschach --games 200 --depth 4 \\
        --out puzzles/data/raumschach.jsonl

Each game (seed ``--seed`` * 1000003 + its number) starts with 2 to ``--opening`` random plies,
then each side plays a bot level drawn from Easy and Normal (noisy, shallow: they blunder)
and, now and then (``--blunder``), a random legal move, so material hangs and mates appear; a
game stops at its end, at ``--max-plies``, or once the bots' own scores say it is decided
(``--decided-cp``, ``--decided-plies``).  Its moves go to ``engine.puzzles.mine_game`` at
``--depth``; every puzzle it returns has passed ``verify``.  The output file is read first and
rewritten after each game that found something (one JSON object a line, sorted, a position
kept once): stop it any time, and resume with ``--first-game`` (or rerun the same games:
nothing is added twice).  ``--target`` stops once the file holds that many puzzles;
``--merge`` adds other runs' files (run in parallel, each with its own ``--out`` and game
numbers) to ``--out``; ``--recheck`` drops the puzzles that no longer pass ``verify`` (after an
engine change).  Tablebases are off (``RAUMSCHACH_TB_DIR=off``): puzzles are judged by
the search alone, as the tests verify them.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

os.environ["RAUMSCHACH_TB_DIR"] = "off"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Position, variant_by_key  # noqa: E402
from engine.puzzles import PuzzleError, from_json, mine_game, to_json, verify  # noqa: E402
from engine.search.levels import choose_move  # noqa: E402



def play_game(key: str, seed: int, *, max_plies: int, blunder: float, opening: int, decided_cp: int,
              decided_plies: int) -> list[str]:
    variant = variant_by_key(key)
    rng = random.Random(seed)
    pos = Position.start(variant)
    levels = (rng.choice((1, 2)), rng.choice((1, 2)))
    opening = rng.randint(2, opening)
    moves: list[str] = []
    decided = 0
    while len(moves) < max_plies and not pos.is_game_over():
        ply = len(moves)
        if ply < opening or rng.random() < blunder:
            move = rng.choice(pos.legal_moves())
        else:
            result = choose_move(pos, levels[ply % 2], seed=rng.randrange(1 << 30))
            move = result.move
            decided = decided + 1 if abs(result.score) >= decided_cp else 0
            if decided >= decided_plies:  # a decided position holds no puzzle (many moves win)
                break
        moves.append(move.coord(variant))
        pos.push(move)
    return moves


def read(path: Path, key: str) -> dict[str, dict]:
    out: dict[str, dict] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                d = json.loads(line)
                from_json(d, key)  # a malformed line stops the run before anything is written
                out.setdefault(d["fen"], d)
    return out


def write(path: Path, puzzles: dict[str, dict]) -> None:
    lines = sorted(json.dumps(d, sort_keys=True, separators=(",", ":")) for d in puzzles.values())
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(line + "\n" for line in lines))
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True, help="raumschach, fiveup, hexraumschach or startrek")
    ap.add_argument("--games", type=int, required=True, help="games to play and mine")
    ap.add_argument("--depth", type=int, required=True, help="mining depth (plies)")
    ap.add_argument("--out", required=True, help="the variant's .jsonl file (read, then rewritten)")
    ap.add_argument("--seed", type=int, default=41, help="game seeds are SEED * 1000003 + game number")
    ap.add_argument("--first-game", type=int, default=0, help="resume from this game number")
    ap.add_argument("--max-plies", type=int, default=160)
    ap.add_argument("--blunder", type=float, default=0.06, help="chance of a random move a ply (default 0.06)")
    ap.add_argument("--opening", type=int, default=8, help="at most this many random plies first (default 8)")
    ap.add_argument("--decided-cp", type=int, default=1500,
                    help="a game stops once the mover's own score stays beyond this (default 1500) ...")
    ap.add_argument("--decided-plies", type=int, default=6, help="... for this many of its moves (default 6)")
    ap.add_argument("--scout", type=int, default=0,
                    help="a shallower search first (plies; 0: none): cheaper, finds fewer deep puzzles")
    ap.add_argument("--merge", nargs="*", default=[], metavar="FILE",
                    help="first add the puzzles of these files (other runs' --out) to --out")
    ap.add_argument("--recheck", action="store_true",
                    help="first verify every puzzle of the file (after --merge) and drop those that fail")
    ap.add_argument("--target", type=int, default=0, help="stop once the file holds this many puzzles")
    args = ap.parse_args(argv)
    variant_by_key(args.variant)
    path = Path(args.out)
    path.parent.mkdir(parents=True, exist_ok=True)
    puzzles = read(path, args.variant)
    for other in args.merge:
        for fen, d in read(Path(other), args.variant).items():
            puzzles.setdefault(fen, d)
    if args.recheck:
        for fen, d in list(puzzles.items()):
            try:
                verify(from_json(d, args.variant))
            except PuzzleError as exc:
                print(f"dropped {fen}: {exc.reason}", flush=True)
                del puzzles[fen]
    start, plies = time.time(), 0
    print(f"{path}: {len(puzzles)} puzzles before", flush=True)
    for n in range(args.first_game, args.first_game + args.games):
        seed = args.seed * 1000003 + n
        moves = play_game(args.variant, seed, max_plies=args.max_plies, blunder=args.blunder, opening=args.opening,
                          decided_cp=args.decided_cp, decided_plies=args.decided_plies)
        plies += len(moves)
        found = mine_game(args.variant, variant_by_key(args.variant).start_fen, moves, depth=args.depth,
                          source="selfplay", scout=args.scout)
        new = 0
        for p in found:
            if p.fen not in puzzles:
                puzzles[p.fen] = to_json(p)
                new += 1
        if new:
            write(path, puzzles)
        print(f"game {n}: {len(moves)} plies, {len(found)} found, {new} new, {len(puzzles)} in the file "
              f"({time.time() - start:.0f} s)", flush=True)
        if args.target and len(puzzles) >= args.target:
            break
    write(path, puzzles)
    themes: dict[str, int] = {}
    for d in puzzles.values():
        for t in d["themes"]:
            themes[t] = themes.get(t, 0) + 1
    print(f"done: {len(puzzles)} puzzles, {plies} plies mined in {time.time() - start:.0f} s; themes "
          + ", ".join(f"{t} {c}" for t, c in sorted(themes.items())), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
