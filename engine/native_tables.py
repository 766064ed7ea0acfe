"""A variant as the native core's tables: what ``engine/core.py`` hands ``_rs_native.register``.

Everything the C core knows about a game comes from here, read off the ``Variant`` (the one
place that declares it): the geometry (cells, coordinates, every line direction's ray from
every cell), each kind's quiet leaps, capture leaps and slide directions, the royal kind, the
pawns' pushes, captures, double steps, promotion cells and en passant, the promotion and
reserve kinds, castling, the Zobrist keys (pieces, side, reserve, unmoved cells, en-passant
cells), the values and piece-square tables, and the evaluation's per-kind weights
(engine/search/evaluate.py).  Nothing about any piece set is written in C.
"""
from __future__ import annotations

from .pieces import KIND_MASK, NCODES, PAWN, ROOK

NKINDS = KIND_MASK + 1


def _neg(d: tuple) -> tuple:
    return tuple(-x for x in d)


def _geometry(variant):
    """(ncells, coordinates per cell, step(cell, delta) -> cell or None)."""
    geo = getattr(variant, "geometry", None)
    if geo is not None and hasattr(geo, "step"):
        return geo.ncells, tuple(tuple(c) for c in geo.coords), geo.step
    from . import geometry as cube  # the cube of engine/geometry.py (before the Geometry object)

    return len(cube.CELLS), tuple((c // 25, c // 5 % 5, c % 5) for c in cube.CELLS), cube._step


def _ray(step, cell: int, d: tuple) -> list[int]:
    out = []
    nxt = step(cell, d)
    while nxt is not None:
        out.append(nxt)
        nxt = step(nxt, d)
    return out


def _leaps(step, ncells: int, deltas) -> list[list[int]]:
    return [[t for t in (step(c, d) for d in deltas) if t is not None] for c in range(ncells)]


def _pad(values, size: int = NKINDS) -> list[int]:
    return list(values) + [0] * (size - len(values))


def _pawn_tables(variant, ncells: int) -> tuple:
    """(pushes, captures, double steps) per side and cell, and the promotion cells per side."""
    pushes = [[list(variant.pawn_pushes[side][c]) for c in range(ncells)] for side in (0, 1)]
    captures = [[list(variant.pawn_captures[side][c]) for c in range(ncells)] for side in (0, 1)]
    doubles = getattr(variant, "pawn_double_steps", None)
    if doubles is None:
        doubles = [[()] * ncells, [()] * ncells]
    # Per side and cell: (target, middle cells, whether any one empty middle suffices).
    double_steps = [[[(to, tuple(mids), bool(any_)) for to, mids, any_ in doubles[side][c]] for c in range(ncells)]
                    for side in (0, 1)]
    promotion = [sorted(variant.promotion_cells[side]) for side in (0, 1)]
    return pushes, captures, double_steps, promotion


def _search_promotions(variant) -> list[int]:
    kinds = getattr(variant, "search_promotion_kinds", None)
    if kinds is None:
        from .search.searcher import SEARCH_PROMOTIONS
        from .moves import PROMOTION_SHIFT

        kinds = [bits >> PROMOTION_SHIFT for bits in SEARCH_PROMOTIONS]
    return [k for k in kinds if k in variant.promotion_kinds]


def _keys(variant) -> dict:
    from . import zobrist

    source = getattr(variant, "zobrist", None) or zobrist
    ncells = len(source.PIECE_KEYS[0])
    zero_cells = [0] * ncells
    return {
        "keys": [list(row) for row in source.PIECE_KEYS],
        "black_key": source.BLACK_TO_MOVE_KEY,
        "reserve_keys": [_pad(row) for row in getattr(source, "RESERVE_KEYS", ([], []))],
        "unmoved_keys": list(getattr(source, "UNMOVED_KEYS", zero_cells)),
        "ep_keys": list(getattr(source, "EP_KEYS", zero_cells)),
    }


def _values(variant) -> dict:
    from . import values as raumschach_values

    source = getattr(variant, "values", None) or raumschach_values
    return {
        "pst_mg": [list(row) for row in source.PST_MG],
        "pst_eg": [list(row) for row in source.PST_EG],
        "phase": _pad(source.PHASE_WEIGHT),
        "value": _pad(source.VALUE),
    }


def _evaluation(variant, ncells: int, coords) -> dict:
    from .pieces import BISHOP, UNICORN
    from .search import evaluate

    kinds = {p.kind for p in variant.pieces}
    span = [max(c[i] for c in coords) for i in range(3)]
    return {
        "mob_mg": _pad(evaluate.MOB_MG),
        "mob_eg": _pad(evaluate.MOB_EG),
        "king_attack": _pad(evaluate.KING_ATTACK_WEIGHT),
        "pair_kind": BISHOP if BISHOP in kinds else 0,
        "complex_kind": UNICORN if UNICORN in kinds else 0,
        "adv_max": span[0] + span[1],  # a pawn's advancement: level + rank, Black's from the far corner
    }


def variant_tables(variant) -> dict:
    """The dict ``_rs_native.register`` reads (engine/native/spec.c checks every entry)."""
    ncells, coords, step = _geometry(variant)
    pieces = [p for p in variant.pieces if p.kind != PAWN]
    dirs: list[tuple] = []
    for p in pieces:
        for d in p.slides:
            for x in (d, _neg(d)):
                if x not in dirs:
                    dirs.append(x)
    rays = [[_ray(step, c, d) for d in dirs] for c in range(ncells)]
    rows = []
    for p in pieces:
        quiet = tuple(p.leaps) + tuple(getattr(p, "quiet_leaps", ()))
        capture = tuple(p.leaps) + tuple(getattr(p, "capture_leaps", ()))
        rows.append((p.kind, _leaps(step, ncells, quiet), _leaps(step, ncells, capture),
                     [dirs.index(d) for d in p.slides], p.royal))
    pushes, captures, double_steps, promotion = _pawn_tables(variant, ncells)
    castling = bool(getattr(variant, "castling", False))
    rook = next((p for p in pieces if p.kind == ROOK), None)
    tables = {
        "ncells": ncells,
        "coords": coords,
        "dirs": dirs,
        "rays": rays,
        "pieces": rows,
        "pawn_push": pushes,
        "pawn_capture": captures,
        "double_steps": double_steps,
        "promotion_cells": promotion,
        "en_passant": int(bool(getattr(variant, "en_passant", False))),
        "promotions": list(variant.promotion_kinds),
        "search_promotions": _search_promotions(variant),
        "reserve": list(getattr(variant, "reserve_kinds", ())),
        "castling": int(castling and rook is not None),
        "castle_kind": ROOK if castling and rook is not None else 0,
        "castle_dirs": [dirs.index(d) for d in rook.slides] if castling and rook is not None else [],
    }
    tables.update(_keys(variant))
    tables.update(_values(variant))
    tables.update(_evaluation(variant, ncells, coords))
    assert len(tables["keys"]) == NCODES
    return tables
