"""``python -m engine bridge [--level N | --movetime S]``: the engine behind the tiny line
protocol that ``scripts/bot_bridge.py`` speaks (any program answering it can play on the
server as an external bot):

    position <position string> moves <m1 m2 ...>   ->  bestmove <move>   (or "bestmove (none)")
    position startpos moves <m1 m2 ...>            ->  the same, from the start position
    isready                                        ->  readyok
    quit                                           ->  (exits)

Moves are in coordinate form (``Bb2Cb2``). One answer line per request, flushed at once; a
request the engine cannot read is answered ``error <why>`` and the engine keeps going.
"""
from __future__ import annotations

import argparse
import sys
from typing import TextIO

from .cli_options import add_variant, variant_of
from .errors import IllegalMoveError, MalformedMoveError, PositionError
from .position import Position
from .variants import RAUMSCHACH, Variant


def register(sub) -> None:
    p = sub.add_parser("bridge", help="answer 'position ... moves ...' lines with 'bestmove M'")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--level", type=int, default=2, help="bot level 0-5 (default 2, Normal)")
    group.add_argument("--movetime", type=float, help="search this many seconds (full engine)")
    p.add_argument("--seed", type=int, default=None, help="seed for the level's randomness")
    add_variant(p)
    p.set_defaults(func=cmd_bridge)


def parse_position(text: str, variant: Variant = RAUMSCHACH) -> Position:
    """`<position string | startpos> [moves m1 m2 ...]` -> the position after the moves."""
    head, _, tail = text.partition(" moves")
    head = head.strip()
    pos = Position.from_fen(variant.start_fen if head in ("", "startpos") else head, variant)
    for move in tail.split():
        pos.push_checked(move)
    return pos


def best_move(pos: Position, args: argparse.Namespace) -> str:
    from .search import SearchLimits, Searcher
    from .search.levels import choose_move

    if not pos.legal_moves():
        return "(none)"
    if args.movetime is not None:
        result = Searcher().search(pos, SearchLimits(movetime=args.movetime))
    else:
        result = choose_move(pos, args.level, seed=args.seed)
    return result.move.coord(pos.variant) if result.move is not None else "(none)"


ENGINE_NAME = "Raumschach engine (python -m engine bridge)"


def serve(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    """The line protocol (docs/engine-protocol.md). After `uci` it is UCI-like: `position`
    only sets the position and `go` answers `bestmove`; without `uci` (the first form,
    which scripts/bot_bridge.py speaks) `position` answers at once."""
    variant = variant_of(args) if hasattr(args, "variant") else RAUMSCHACH
    uci = False
    position: Position | None = None
    for raw in stdin:
        line = raw.strip()
        if not line:
            continue
        if line == "quit":
            return 0
        answers: list[str] = []
        if line == "uci":
            uci = True
            answers = [f"id name {ENGINE_NAME}", f"id variant {variant.key}", "uciok"]
        elif line == "isready":
            answers = ["readyok"]
        elif line == "ucinewgame":
            position = None
        elif line.startswith("position"):
            try:
                position = parse_position(line[len("position"):], variant)
                if not uci:
                    answers = ["bestmove " + best_move(position, args)]
            except (PositionError, IllegalMoveError, MalformedMoveError, ValueError) as exc:
                position = None
                answers = [f"error {exc}"]
        elif line.split()[0] == "go":
            answers = (["bestmove " + best_move(position, args)] if position is not None
                       else ["error no position: send 'position ...' first"])
        else:
            answers = [f"error unknown command {line.split()[0]!r}"]
        for answer in answers:
            stdout.write(answer + "\n")
        stdout.flush()
    return 0


def cmd_bridge(args: argparse.Namespace) -> int:
    return serve(args, sys.stdin, sys.stdout)
