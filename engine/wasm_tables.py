"""A variant's native tables as the browser's engine reads them (engine/native/wasm_spec.c).

The dict is native_tables.variant_tables's, with each 64-bit Zobrist key written as a decimal
string: JSON numbers are doubles in a browser, which would round the keys, and the WebAssembly
core must hash as the native core does (the same transposition table, repetitions and so the
same search).  The page's script flattens it in FIELDS order
(analysis/static/analysis/js/engine_core.js); ``position_numbers`` gives a Position in the
shape wasm_api.c's rsw_set_position reads; ``wasm_build`` names the build (narrow or wide) that
holds the variant's board.
"""
from __future__ import annotations

from .errors import UnsupportedVariantError
from .native_tables import variant_tables

# scripts/build_wasm.py's two builds of the core (its BUILDS), as the site serves them.
WASM_FILES = {"narrow": "rs_engine.wasm", "wide": "rs_engine_wide.wasm"}

# The order wasm_spec.c reads the fields in (engine_core.js flattens them in this order too).
FIELDS = (
    "ncells", "coords", "dirs", "rays", "pieces", "pawn_push", "pawn_capture", "double_steps", "promotion_cells",
    "en_passant", "promotions", "search_promotions", "reserve", "castling", "castle_kind", "castle_dirs", "keys",
    "black_key", "reserve_keys", "unmoved_keys", "ep_keys", "pst_mg", "pst_eg", "phase", "value", "mob_mg", "mob_eg",
    "king_attack", "mob_leaps", "pair_class", "pair_mg", "pair_eg", "near2", "shelter", "adv_max", "phase_total",
    "pins", "pin_targets", "fixed_cells", "pin_keys", "unmoved_pawns", "bare_royal_loses",
)
_KEY_FIELDS = ("keys", "black_key", "reserve_keys", "unmoved_keys", "ep_keys", "pin_keys")


def _strings(value):
    if isinstance(value, list):
        return [_strings(x) for x in value]
    return str(value)


def browser_tables(variant) -> dict:
    """``variant_tables(variant)`` with the keys as strings, plus ``fields`` (the read order)."""
    tables = variant_tables(variant)
    for name in _KEY_FIELDS:
        tables[name] = _strings(tables[name])
    tables["fields"] = list(FIELDS)
    return tables


def wasm_build(variant) -> str:
    """"narrow" or "wide": the WebAssembly build for the variant's board, chosen by cell count
    as engine/core.py chooses between _rs_native and _rs_native_wide; UnsupportedVariantError
    for a board neither holds."""
    from .core import NARROW_CELLS, WIDE_CELLS

    ncells = variant.geometry.ncells
    if ncells <= NARROW_CELLS:
        return "narrow"
    if ncells <= WIDE_CELLS:
        return "wide"
    raise UnsupportedVariantError(f"{variant.key}: {ncells} cells; the browser's engine holds at most {WIDE_CELLS}")


def _mask(kinds) -> int:
    return sum(1 << k for k in kinds)


def position_numbers(pos) -> dict:
    """The position as rsw_set_position takes it: codes per cell (VOID for a cell no board holds
    now), side, halfmove clock and the extra state (reserve masks, unmoved cells, en-passant
    cells and pawn; with movable boards the occupied pins) or None."""
    from .core import _extra

    extra = _extra(pos)
    if extra is not None:
        reserve_w, reserve_b, unmoved, ep_cells, victim, *pins = extra
        extra = [_mask(reserve_w), _mask(reserve_b), len(unmoved), *unmoved, len(ep_cells), *ep_cells, victim]
        if pins:  # movable boards: the occupied pins' count and indices
            extra += [len(pins[0]), *pins[0]]
    return {"codes": list(pos.sq), "side": pos.side, "hmc": pos.hmc, "extra": extra}
