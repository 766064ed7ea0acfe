"""Command line: ``python -m engine perft|moves|show|bench-perft ...`` (forms kept stable).

Every command takes ``--variant KEY`` (default raumschach) and ``--option NAME=on|off``
(repeatable, e.g. ``--option castling=on`` in Five Up); ``--fen`` defaults to the variant's
start position.  A bad variant key, option or position string exits with status 2 and a
one-line message on stderr.

The search engineer's commands are registered from ``engine/cli_search.py`` if it exists:
it must define ``register(subparsers)`` adding sub-parsers that ``set_defaults(func=...)``,
where ``func(args) -> int`` is the exit status.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from .core import add_core_option as add_core
from .core import perft as core_perft
from .errors import PositionError
from .perft import divide
from .pieces import COLOR_SHIFT, KIND_MASK
from .position import Position
from .search.levels import core_for
from .cli_options import add_variant, position_of
from .variants import UnknownVariantError, VariantOptionError

# bench-perft defaults: enough runs for a stable median, few enough for a shared 2-core box.
_BENCH_RUNS = {3: 7, 4: 3, 5: 1}


def _add_fen(p: argparse.ArgumentParser) -> None:
    p.add_argument("--fen", default=None, help="position string (default: the variant's start position)")
    add_variant(p)
    add_core(p)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Raumschach rules engine")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("perft", help="count leaf nodes of the legal move tree")
    p.add_argument("depth", type=int)
    _add_fen(p)
    p.add_argument("--divide", action="store_true", help="also print the count under each root move")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("moves", help="legal moves in coordinate form, one per line, sorted")
    _add_fen(p)
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser("show", help="draw the five levels as text")
    _add_fen(p)
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("bench-perft", help="median time and nodes/s of perft from the start position")
    p.add_argument("--depths", type=int, nargs="+", default=[3, 4])
    p.add_argument("--runs", type=int, default=None, help="runs per depth (default: 7 for depth 3, 3 for depth 4, 1 deeper)")
    p.add_argument("--no-bulk", action="store_true", help="play every leaf move instead of counting the last ply")
    _add_fen(p)
    p.set_defaults(func=cmd_bench_perft)

    try:
        from . import cli_search
    except ImportError:
        cli_search = None
    if cli_search is not None and hasattr(cli_search, "register"):
        cli_search.register(sub)
    from . import cli_bridge  # the line protocol scripts/bot_bridge.py speaks

    cli_bridge.register(sub)
    from .tablebase import cli as tablebase_cli
    tablebase_cli.register(sub)
    return parser


_position = position_of


def cmd_perft(args: argparse.Namespace) -> int:
    pos = _position(args)
    if args.depth < 0:
        print("error: depth must be >= 0", file=sys.stderr)
        return 2
    if args.divide and args.depth >= 1:
        rows = divide(pos, args.depth)
        for coord, count in rows:
            print(f"{coord} {count}")
        print(sum(count for _, count in rows))
    else:
        print(core_perft(pos, args.depth, core=core_for(pos.variant, args.core)))
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    pos = _position(args)
    for coord in sorted(m.coord(pos.variant) for m in pos.legal_moves()):
        print(coord)
    return 0


def draw(pos: Position) -> str:
    """The boards side by side in the position string's order (the cube: level E, Black's
    home, on the left; rows are the position string's rows, a hex level's files with their
    ranks from 1 to the right); upper case White."""
    g = pos.variant.geometry
    letters = pos.variant.letters
    gap = "   "
    groups = g.placement_rows
    width = max(len(row) for group in groups for row in group)
    # (a group's rows may be empty or short where a board has no cells: Star Trek's levels)
    label = [g.boards[g.layout[next(c for row in group for c in row)][0]].label for group in groups]
    lines = [gap.join(f"  level {name}".ljust(2 * width + 2) for name in label)]
    for r in range(max(len(group) for group in groups)):
        row = []
        for group in groups:
            cells = group[r] if r < len(group) else ()
            out = []
            for c in cells:
                code = pos.board[c]
                sym = letters[code & KIND_MASK] if code & KIND_MASK else "."  # (a missing cell: none)
                out.append(sym.upper() if code and code >> COLOR_SHIFT == 0 else sym)
            # The cube's rows are ranks (named by their cells); a hex level's are files.
            gi = len(row)
            label = (g.row_labels[gi][r] if g.row_labels else g.names[cells[0]][2:]) if cells else " "
            row.append(f"{label} {' '.join(out)} ".ljust(2 * width + 2))
        lines.append(gap.join(row).rstrip())
    files = (" ".join(str(i + 1) for i in range(width)) if g.row_labels
             else " ".join(g.names[c][1] for c in max((row for group in groups for row in group), key=len)))
    lines.append(gap.join(f"  {files} ".ljust(2 * width + 2) for _ in groups).rstrip())
    side = "white" if pos.turn else "black"
    check = ", in check" if pos.is_check() else ""
    lines.append(f"{side} to move{check}; halfmove clock {pos.halfmove_clock}; move {pos.fullmove_number}")
    lines.append(pos.fen())
    return "\n".join(lines)


def cmd_show(args: argparse.Namespace) -> int:
    print(draw(_position(args)))
    return 0


def cmd_bench_perft(args: argparse.Namespace) -> int:
    pos = _position(args)
    bulk = not args.no_bulk
    core = core_for(pos.variant, args.core)
    print(f"{pos.variant.name} perft from {'the start position' if args.fen is None else args.fen}"
          f" ({'bulk counting at depth 1' if bulk else 'every leaf played'}), {core} core, {sys.implementation.name} "
          f"{sys.version.split()[0]}")
    for depth in args.depths:
        runs = args.runs or _BENCH_RUNS.get(depth, 1)
        times, cpu, nodes = [], [], 0
        for _ in range(runs):
            t0, c0 = time.perf_counter(), time.process_time()
            nodes = core_perft(pos, depth, bulk, core=core)
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        med = statistics.median(times)
        # CPU time too: on a shared machine the wall clock also counts other processes' turns.
        print(f"perft {depth}: {nodes} nodes, median {med:.3f} s of {runs} runs "
              f"(min {min(times):.3f}, max {max(times):.3f}), {nodes / med:,.0f} nodes/s; "
              f"cpu median {statistics.median(cpu):.3f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "core", None):
        # Everything downstream (levels, searchers, perft) follows the chosen core.
        os.environ["RAUMSCHACH_CORE"] = args.core
    try:
        return args.func(args)
    except PositionError as exc:
        print(f"error: bad position string: {exc}", file=sys.stderr)
        return 2
    except (UnknownVariantError, VariantOptionError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into e.g. `head`: not an error of ours
        sys.stderr.close()
        return 0


