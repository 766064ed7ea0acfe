"""How long reading a game record for import takes (not a test): games.import_parser.parse_record
on the longest record the endpoint accepts (2,000 plies, or a random game that ended sooner),
written as the export writes it (readable moves) and as bare coordinates, per variant. The
database write is one insert of the game and one bulk insert of its moves, not timed here.

Each record is read once to warm up, then --repeat times; the median wall and CPU time of one
read are printed with the plies and the ms per ply.

    DEBUG=1 .venv/bin/python scripts/import_bench.py --repeat 5
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def random_game(variant, plies: int, seed: int) -> tuple[list[str], list[str]]:
    """(readable moves, coordinate moves) of a random legal game of `variant`, at most `plies`
    long, stopped before the move that would end it (a record the parser then replays whole)."""
    from engine import Position
    from engine.step import legal_coords, play_step
    chooser = random.Random(seed)
    fen, hashes, sans, coords = variant.start_fen, None, [], []
    legal = legal_coords(Position.from_fen(fen, variant))
    while len(coords) < plies and legal:
        step = play_step(fen, chooser.choice(legal), hashes, variant)
        if step.outcome is not None:
            break
        sans.append(step.san)
        coords.append(step.coord)
        fen, hashes, legal = step.fen, step.hashes, step.legal_moves
    return sans, coords


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--plies", type=int, default=2000)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    import django
    django.setup()
    import engine
    from games.import_parser import parse_record
    from games.variants import variant_keys

    print(f"load: {os.getloadavg()[0]:.2f} (1 min)")
    for key in variant_keys():
        variant = engine.VARIANTS[key]
        sans, coords = random_game(variant, args.plies, seed=1)
        numbered = " ".join(f"{n // 2 + 1}. {san}" if n % 2 == 0 else san
                            for n, san in enumerate(sans))
        for form, text in (("readable", f'[Variant "{variant.name}"]\n\n{numbered} *\n'),
                           ("coordinates", f'[Variant "{key}"]\n{" ".join(coords)}\n')):
            parse_record(text)
            wall, cpu = [], []
            for _ in range(args.repeat):
                w0, c0 = time.perf_counter(), time.process_time()
                parse_record(text)
                wall.append(time.perf_counter() - w0)
                cpu.append(time.process_time() - c0)
            w, c = statistics.median(wall), statistics.median(cpu)
            print(f"{key:14} {form:11} plies {len(sans):5}  {len(text):6} chars  "
                  f"wall {w * 1000:7.0f} ms  cpu {c * 1000:7.0f} ms  "
                  f"{c * 1000 / max(1, len(sans)):5.2f} ms cpu/ply")


if __name__ == "__main__":
    main()
