"""``python -m engine bridge [--level N | --movetime S] [--variant KEY]``: the engine behind
the line protocol that ``scripts/bot_bridge.py`` speaks (docs/engine-protocol.md; any program
answering it can play on the server as an external bot):

    setoption name UCI_Variant value <key>          ->  (nothing: the game to play)
    setoption name VariantOptions value <n=v,...>   ->  (nothing: the game's options)
    setoption name Threads value <n>                ->  (nothing: the native search's threads)
    ucinewgame | legalmoves <m1 m2 ...> | refused <move> <why>  ->  (nothing)
    position <position string> moves <m1 m2 ...>   ->  bestmove <move>   (or "bestmove (none)")
    position startpos moves <m1 m2 ...>            ->  the same, from the start position
    isready                                        ->  readyok
    quit                                           ->  (exits)

Moves are in coordinate form (``Bb2Cb2``). One answer line per request, flushed at once; a
request the engine cannot read is answered ``error <why>`` and the engine keeps going.
This engine generates its own moves, so it notes `legalmoves` and `refused` and needs neither.
"""
from __future__ import annotations

import argparse
import sys
from typing import TextIO

from .cli_options import add_variant, variant_of
from .cli_search import add_threads, full_engine
from .errors import IllegalMoveError, MalformedMoveError, PositionError
from .position import Position
from .variants import RAUMSCHACH, VARIANTS, Variant, variant_by_key


def register(sub) -> None:
    p = sub.add_parser("bridge", help="answer 'position ... moves ...' lines with 'bestmove M'")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--level", type=int, default=2, help="bot level 0-5 (default 2, Normal)")
    group.add_argument("--movetime", type=float, help="search this many seconds (full engine)")
    p.add_argument("--seed", type=int, default=None, help="seed for the level's randomness")
    add_threads(p, "as `setoption name Threads`; default: 1, or the level's ($RAUMSCHACH_SEARCH_THREADS for "
                   "Expert and Master)")
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
    from .search import SearchLimits
    from .search.levels import choose_move

    if not pos.legal_moves():
        return "(none)"
    threads = getattr(args, "threads", None)
    if args.movetime is not None:
        result = full_engine(pos.variant, args.seed or 0, threads).search(pos, SearchLimits(movetime=args.movetime))
    else:
        result = choose_move(pos, args.level, seed=args.seed, threads=threads)
    return result.move.coord(pos.variant) if result.move is not None else "(none)"


ENGINE_NAME = "Raumschach engine (python -m engine bridge)"


def option_of(line: str) -> tuple[str, str]:
    """`setoption name <name> value <value>` -> (name, value)."""
    head, _, value = line[len("setoption"):].partition(" value ")
    return head.strip().removeprefix("name").strip(), value.strip()


def threads_of(value: str) -> int:
    """`setoption name Threads value <n>`: n, a whole number of at least 1 (ValueError else;
    more than the core's maximum searches on its maximum)."""
    try:
        threads = int(value)
    except ValueError:
        raise ValueError(f"Threads {value!r}: write a whole number of at least 1") from None
    if threads < 1:
        raise ValueError(f"Threads {value!r}: write a whole number of at least 1")
    return threads


def _threads_max() -> int:
    from .search.native import threads_max

    return threads_max()


def set_option(line: str, variant: Variant) -> Variant:
    """`setoption name <name> value <value>`: the variant after it (ValueError for a bad one).
    UCI_Variant picks the game (its options back to their defaults); VariantOptions sets
    options as `name=value` pairs separated by commas (`castling=on`).  (Threads: serve.)"""
    name, value = option_of(line)
    if name.lower() == "uci_variant":
        return variant_by_key(value)
    if name.lower() == "variantoptions":
        options = {}
        for pair in filter(None, (part.strip() for part in value.split(","))):
            key, sep, setting = pair.partition("=")
            if not sep:
                raise ValueError(f"option {pair!r}: write NAME=VALUE, e.g. castling=on")
            options[key.strip()] = setting.strip()
        return variant_by_key(variant.key).with_options(**options)
    raise ValueError(f"unknown option {name!r} (UCI_Variant, VariantOptions, Threads)")


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
            answers = [f"id name {ENGINE_NAME}", f"id variant {variant.key}",
                       "option name UCI_Variant type combo default raumschach "
                       + " ".join(f"var {key}" for key in sorted(VARIANTS)),
                       "option name VariantOptions type string default <empty>",
                       f"option name Threads type spin default 1 min 1 max {_threads_max()}", "uciok"]
        elif line == "isready":
            answers = ["readyok"]
        elif line == "ucinewgame":
            position = None
        elif line.startswith("setoption"):
            try:
                name, value = option_of(line)
                if name.lower() == "threads":
                    args.threads = threads_of(value)
                else:
                    variant = set_option(line, variant)
                    position = None
            except ValueError as exc:
                answers = [f"error {exc}"]
        elif line.split()[0] in ("legalmoves", "refused"):
            pass  # this engine generates and checks its own moves
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
