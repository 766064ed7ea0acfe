"""Which core computes: the native one (engine/native/, C) or the pure-Python board.

``RAUMSCHACH_CORE=native|python`` (environment) or ``--core`` on the command line choose;
the default is native.  Without a built extension (no compiler when the packaging ran)
native falls back to python with one warning line on stderr, and everything still works.

Both cores offer the same calls on an ``engine.Position`` (which stays the pure-Python rules
front): ``perft``, ``legal_moves`` (packed ints), ``evaluate`` and ``search``.  The native
core is handed the Zobrist keys, piece-square tables and values of engine/zobrist.py and
engine/values.py at import, so hashes and scores are identical by construction; the
agreement tests in tests/engine/test_cores_agree.py check it.
"""
from __future__ import annotations

import os
import sys

CORES = ("native", "python")
_native = None
_native_error: str | None = None
_warned = False


def _load_native():
    global _native, _native_error
    if _native is not None or _native_error is not None:
        return _native
    try:
        from . import _rs_native  # built by `python setup.py build_ext --inplace`
    except ImportError as exc:
        _native_error = str(exc)
        return None
    from .errors import IllegalMoveError, PositionError
    from .pieces import KIND_MASK
    from .values import PHASE_WEIGHT, PST_EG, PST_MG, VALUE
    from .zobrist import BLACK_TO_MOVE_KEY, PIECE_KEYS

    def pad(values):
        return list(values) + [0] * (KIND_MASK + 1 - len(values))

    _rs_native.init(PIECE_KEYS, BLACK_TO_MOVE_KEY, PST_MG, PST_EG, pad(PHASE_WEIGHT), pad(VALUE), _rules(),
                    PositionError, IllegalMoveError)
    _native = _rs_native
    return _native


def _rules() -> tuple:
    """How the pieces move, as engine/variants/raumschach.py declares it (the one place): the
    native core builds its tables from this."""
    from .pieces import BISHOP, KING, KNIGHT, QUEEN, ROOK, UNICORN
    from .variants.raumschach import PAWN_RULES, RAUMSCHACH

    moves = {p.kind: p for p in RAUMSCHACH.pieces}
    slides = [moves[k].slides for k in (ROOK, BISHOP, UNICORN)]
    # The native core's fixed assumptions about the piece set, checked here once.
    assert set(moves[QUEEN].slides) == {d for s in slides for d in s} == set(moves[KING].leaps)
    return (PAWN_RULES.pushes, PAWN_RULES.captures, sorted(PAWN_RULES.promotion_cells), moves[KNIGHT].leaps,
            *slides)


def native_available() -> bool:
    return _load_native() is not None


def native_module():
    """The extension module (engine._rs_native), or None when it is not built."""
    return _load_native()


def add_core_option(parser) -> None:
    """The `--core` option every `python -m engine` command takes (cli.py, cli_search.py)."""
    parser.add_argument("--core", choices=CORES, default=None,
                        help="native (C, the default) or python; default: $RAUMSCHACH_CORE, else native")


def core_name(requested: str | None = None) -> str:
    """The core to use: ``requested`` or $RAUMSCHACH_CORE (default native); native without a
    built extension becomes python, with one warning line."""
    global _warned
    name = (requested or os.environ.get("RAUMSCHACH_CORE") or "native").strip().lower()
    if name not in CORES:
        raise ValueError(f"unknown core {name!r}; cores are native and python")
    if name == "native" and not native_available():
        if not _warned:
            _warned = True
            print(f"warning: native Raumschach core not built ({_native_error}); using the pure-Python core "
                  "(slower). Build it with: python setup.py build_ext --inplace", file=sys.stderr)
        return "python"
    return name


def _history(pos) -> list[int]:
    # The keys since the last irreversible move (the undo records' after those a stored
    # position came with, Board.prior); the native search keeps at most 1024.
    keep = min(max(pos.hmc, 0), 1024)
    return pos.history[-keep:] if keep else []


def perft(pos, depth: int, bulk: bool = True, core: str | None = None) -> int:
    if core_name(core) == "native":
        if depth <= 0:
            return 1
        return _native.perft(pos.sq, pos.side, depth, bulk)
    from .perft import perft as py_perft
    return py_perft(pos, depth, bulk)


def legal_moves(pos, captures_only: bool = False, core: str | None = None) -> list[int]:
    """Legal packed moves (order is the core's own)."""
    if core_name(core) == "native":
        return _native.legal_moves(pos.sq, pos.side, captures_only)
    return pos.generate_legal(captures_only)


def evaluate(pos, core: str | None = None) -> int:
    """Static evaluation of the search, centipawns for the side to move (no noise)."""
    if core_name(core) == "native":
        return _native.evaluate(pos.sq, pos.side)
    from .search.evaluate import Evaluator
    return Evaluator().evaluate(pos)


def position_args(pos) -> dict:
    """What the native search needs to know of a Position (history: repetitions)."""
    return {"board": pos.sq, "side": pos.side, "hmc": pos.hmc, "history": _history(pos)}

