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

The native core is two builds of the same C (setup.py): ``_rs_native`` with 128-bit boards
and ``_rs_native_wide`` with 256-bit ones.  A variant of at most 128 cells goes to the first
(so the cube's variants pay nothing for wider boards), a larger one to the second; the two
number their handles apart, so a handle never reaches the wrong module.
"""
from __future__ import annotations

import os
import sys
import threading

CORES = ("native", "python")
_native = None
_native_wide = None  # the 256-bit build; None when only the narrow one is built
_native_error: str | None = None
_warned = False
NARROW_CELLS = 128  # the narrow build's board width (engine/native/core.h)
WIDE_CELLS = 256
_handles: dict[int, tuple] = {}  # id(variant) -> (variant, module, handle)
_register_lock = threading.Lock()  # bot threads: one registration per variant, not one each


def _load_native():
    global _native, _native_wide, _native_error
    if _native is not None or _native_error is not None:
        return _native
    try:
        from . import _rs_native  # built by `python setup.py build_ext --inplace`
    except ImportError as exc:
        _native_error = str(exc)
        return None
    from .errors import IllegalMoveError, PositionError, UnsupportedVariantError

    _rs_native.init(PositionError, IllegalMoveError, UnsupportedVariantError)
    try:
        from . import _rs_native_wide  # the same build step makes both
    except ImportError:
        _rs_native_wide = None
    else:
        _rs_native_wide.init(PositionError, IllegalMoveError, UnsupportedVariantError)
    _native, _native_wide = _rs_native, _rs_native_wide
    register_known_variants()
    return _native


def _module_for_cells(ncells: int):
    """The build that holds a board of ``ncells`` (None: no build does, or the wide one is missing)."""
    if ncells <= NARROW_CELLS:
        return _native
    return _native_wide if ncells <= WIDE_CELLS else None


def native_handle(variant) -> int:
    """The native core's handle of ``variant``, registering it on first use (in the module
    ``native_module_for(variant)`` returns: call that module with it).  Only a variant
    the engine knows (in ``engine.variants.VARIANTS``, or one of its option sets) is handed
    over; any other raises UnsupportedVariantError, as does one the core cannot hold."""
    return _registration(variant)[2]


def native_module_for(variant):
    """The extension module that plays ``variant`` (registering it on first use); raises as
    native_handle does."""
    return _registration(variant)[1]


def _registration(variant) -> tuple:
    from .errors import UnsupportedVariantError
    from .native_tables import variant_tables
    from .variants import VARIANTS

    known = _handles.get(id(variant))
    if known is not None and known[0] is variant:
        return known
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
    if _load_native() is None:
        raise RuntimeError("the native core is not built (python setup.py build_ext --inplace)")
    ncells = variant.geometry.ncells
    module = _module_for_cells(ncells)
    if module is None:
        limit = NARROW_CELLS if _native_wide is None else WIDE_CELLS
        missing = " (the wide build is missing: python setup.py build_ext --inplace)" if _native_wide is None else ""
        raise UnsupportedVariantError(f"{variant.key}: {ncells} cells; the native core holds at most {limit}{missing}")
    with _register_lock:
        known = _handles.get(id(variant))
        if known is None or known[0] is not variant:
            known = (variant, module, module.register(variant_tables(variant)))
            _handles[id(variant)] = known
    return known


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
    """The narrow extension module (engine._rs_native: the cube's variants), or None when it
    is not built; ``native_module_for(variant)`` names the one that plays a given variant."""
    return _load_native()


def native_modules() -> list:
    """Every built extension module (the narrow one first)."""
    return [m for m in (_load_native(), _native_wide) if m is not None]


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


def _module(pos):
    return native_module_for(pos.variant)


def _kinds(mask: int) -> list[int]:
    return [k for k in range(mask.bit_length()) if mask >> k & 1]


def _extra(pos):
    """The position's state beyond placement and side in the native core's shape: (White's
    reserve kinds, Black's, unmoved cells, en-passant cells, the capturable pawn's cell or -1,
    and for movable boards the occupied pins' indices); None for a variant without it."""
    if not pos.variant.has_state:
        return None
    ep = pos.ep
    extra = (_kinds(pos.reserves[0]), _kinds(pos.reserves[1]), sorted(pos.unmoved),
             sorted(ep[0]) if ep else [], ep[1] if ep else -1)
    if pos.variant.pins:  # movable boards: the occupied pins (the wide build checks the cells against them)
        extra += (sorted(pos.pins),)
    return extra


def perft(pos, depth: int, bulk: bool = True, core: str | None = None) -> int:
    if core_name(core) == "native":
        args = _args(pos)
        if depth <= 0:
            return 1
        return _module(pos).perft(*args, depth, bulk, _extra(pos))
    from .perft import perft as py_perft
    return py_perft(pos, depth, bulk)


def legal_moves(pos, captures_only: bool = False, core: str | None = None) -> list[int]:
    """Legal packed moves (order is the core's own)."""
    if core_name(core) == "native":
        return _module(pos).legal_moves(*_args(pos), captures_only, _extra(pos))
    return pos.generate_legal(captures_only)


def evaluate(pos, core: str | None = None) -> int:
    """Static evaluation of the search, centipawns for the side to move (no noise)."""
    if core_name(core) == "native":
        return _module(pos).evaluate(*_args(pos), False, _extra(pos))
    from .search.evaluate import Evaluator
    return Evaluator().evaluate(pos)


def position_args(pos) -> dict:
    """What the native search needs to know of a Position: its variant's handle, the board,
    the extra state and the history (repetitions)."""
    handle, board, side = _args(pos)
    return {"handle": handle, "board": board, "side": side, "hmc": pos.hmc, "history": _history(pos),
            "extra": _extra(pos)}
