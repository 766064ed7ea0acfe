"""``python -m engine tablebase generate|probe|report`` (registered by engine/cli.py).

* ``generate [NAME ...] [--pieces 3 4] [--dir D] [--force]``: make the tables (default: every
  3-piece ending, then every 4-piece one), skipping files already made;
* ``probe --fen F [--dir D]``: the table's value of a position and its best moves;
* ``report [--dir D]``: the table of results (Markdown) from the tables' ``stats.json``.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import ALL_ENDINGS, best_moves, endings, ending_name, load, probe


def register(sub) -> None:
    p = sub.add_parser("tablebase", help="endgame tablebases: generate, probe, report")
    tsub = p.add_subparsers(dest="tb_command", required=True)
    g = tsub.add_parser("generate", help="make tables (default: every 3-piece ending, then every 4-piece one)")
    g.add_argument("names", nargs="*", help=f"endings, e.g. KQvKR (known: {' '.join(ALL_ENDINGS)})")
    g.add_argument("--pieces", type=int, nargs="+", choices=(3, 4), default=None,
                   help="every ending of these piece counts")
    g.add_argument("--dir", type=Path, default=None,
                   help="where the files go (default: RAUMSCHACH_TB_DIR or tablebases/)")
    g.add_argument("--force", action="store_true", help="make tables already there again")
    g.set_defaults(func=cmd_generate)
    q = tsub.add_parser("probe", help="a position's value in the tables and its best moves")
    q.add_argument("--fen", required=True)
    q.add_argument("--dir", type=Path, default=None)
    q.set_defaults(func=cmd_probe)
    r = tsub.add_parser("report", help="the table of results in Markdown (docs/tablebases.md)")
    r.add_argument("--dir", type=Path, default=None)
    r.set_defaults(func=cmd_report)


def cmd_generate(args: argparse.Namespace) -> int:
    from .generate import generate
    names = list(args.names)
    for n in args.pieces or ([] if names else [3, 4]):
        names += [ending_name(w, b) for w, b in endings(n) if ending_name(w, b) not in names]
    try:
        generate(names, args.dir, force=args.force)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


def cmd_probe(args: argparse.Namespace) -> int:
    from ..position import Position
    load(args.dir)
    pos = Position.from_fen(args.fen)
    got = probe(pos)
    if got is None:
        print("not in the loaded tables")
        return 1
    print(f"{got.result} in {got.plies} plies" if got.result != "draw" else "draw")
    print("best:", " ".join(pos.coord(m) for m in best_moves(pos)))
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from .generate import report
    print(report(args.dir))
    return 0
