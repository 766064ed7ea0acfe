"""Which core computes: the native one (engine/native/, C) or the pure-Python board.

``RAUMSCHACH_CORE=native|python`` (environment) or ``--core`` on the command line choose;
the default is native.  Without a built extension (no compiler when the packaging ran)
native falls back to python with one warning line on stderr, and everything still works.

Both cores offer the same calls on an ``engine.Position`` (which stays the pure-Python rules
front): ``perft``, ``legal_moves`` (packed ints), ``evaluate`` and ``search``.  This is the
one place that picks the core and hands the native one the position's variant: each variant
is registered once (its tables, keys and values: native_tables.py) and every native call
names its handle, so a position is never searched with another variant's rules; a variant
the engine does not know raises UnsupportedVariantError.  Hashes and scores are identical by
construction; the agreement tests (tests/engine/test_cores_agree_on_*.py) check it.
"""
from __future__ import annotations

import os
import sys
import threading

CORES = ("native", "python")
_native = None
_native_error: str | None = None
_warned = False
_handles: dict[int, tuple] = {}  # id(variant) -> (variant, handle)
_register_lock = threading.Lock()  # bot threads: one registration per variant, not one each


def _load_native():
    global _native, _native_error
    if _native is not None or _native_error is not None:
        return _native
    try:
        from . import _rs_native  # built by `python setup.py build_ext --inplace`
    except ImportError as exc:
        _native_error = str(exc)
        return None
    from .errors import IllegalMoveError, PositionError, UnsupportedVariantError

    _rs_native.init(PositionError, IllegalMoveError, UnsupportedVariantError)
    _native = _rs_native
    register_known_variants()
    return _native


def native_handle(variant) -> int:
    """The native core's handle of ``variant``, registering it on first use.  Only a variant
    the engine knows (in ``engine.variants.VARIANTS``, or one of its option sets) is handed
    over; any other raises UnsupportedVariantError, as does one the core cannot hold."""
    from .errors import UnsupportedVariantError
    from .native_tables import variant_tables
    from .variants import VARIANTS

    known = _handles.get(id(variant))
    if known is not None and known[0] is variant:
        return known[1]
    registered = VARIANTS.get(getattr(variant, "key", None))
    if registered is not None and registered is not variant:
        try:  # Five Up with castling: the registered variant's own option set (with_options caches them)
            registered = registered.with_options(**variant.option_values)
        except (AttributeError, TypeError, ValueError):
            registered = None
    if registered is not variant:
        raise UnsupportedVariantError(
            f"the native core was not given the variant {getattr(variant, 'key', variant)!r} "
            f"(it plays {', '.join(sorted(VARIANTS))})")
    module = _load_native()
    if module is None:
        raise RuntimeError("the native core is not built (python setup.py build_ext --inplace)")
    with _register_lock:
        known = _handles.get(id(variant))
        if known is None or known[0] is not variant:
            known = (variant, module.register(variant_tables(variant)))
            _handles[id(variant)] = known
    return known[1]


def register_known_variants() -> None:
    """Hand the native core every variant the engine knows (at load), rather than at a
    search's first call: building a variant's tables takes a few tenths of a second, which no
    search's time budget should pay.  Variants it cannot hold are left to the Python core."""
    from .errors import UnsupportedVariantError
    from .variants import VARIANTS

    if _native is not None:
        for variant in list(VARIANTS.values()):
            try:
                native_handle(variant)
            except UnsupportedVariantError:
                pass


def native_supports(variant) -> bool:
    """Whether the native core plays ``variant`` (built, and given the variant: see
    native_handle); engine/search/levels.py searches the others on the Python core."""
    from .errors import UnsupportedVariantError

    if not native_available():
        return False
    try:
        native_handle(variant)
    except UnsupportedVariantError:
        return False
    return True


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


def _args(pos) -> tuple:
    return native_handle(pos.variant), pos.sq, pos.side


def _kinds(mask: int) -> list[int]:
    return [k for k in range(mask.bit_length()) if mask >> k & 1]


def _extra(pos):
    """The position's state beyond placement and side in the native core's shape: (White's
    reserve kinds, Black's, unmoved cells, en-passant cells, the capturable pawn's cell or -1);
    None for a variant without it."""
    if not pos.variant.has_state:
        return None
    ep = pos.ep
    return (_kinds(pos.reserves[0]), _kinds(pos.reserves[1]), sorted(pos.unmoved),
            sorted(ep[0]) if ep else [], ep[1] if ep else -1)


def perft(pos, depth: int, bulk: bool = True, core: str | None = None) -> int:
    if core_name(core) == "native":
        args = _args(pos)
        if depth <= 0:
            return 1
        return _native.perft(*args, depth, bulk, _extra(pos))
    from .perft import perft as py_perft
    return py_perft(pos, depth, bulk)


def legal_moves(pos, captures_only: bool = False, core: str | None = None) -> list[int]:
    """Legal packed moves (order is the core's own)."""
    if core_name(core) == "native":
        return _native.legal_moves(*_args(pos), captures_only, _extra(pos))
    return pos.generate_legal(captures_only)


def evaluate(pos, core: str | None = None) -> int:
    """Static evaluation of the search, centipawns for the side to move (no noise)."""
    if core_name(core) == "native":
        return _native.evaluate(*_args(pos), False, _extra(pos))
    from .search.evaluate import Evaluator
    return Evaluator().evaluate(pos)


def position_args(pos) -> dict:
    """What the native search needs to know of a Position: its variant's handle, the board,
    the extra state and the history (repetitions)."""
    handle, board, side = _args(pos)
    return {"handle": handle, "board": board, "side": side, "hmc": pos.hmc, "history": _history(pos),
            "extra": _extra(pos)}
