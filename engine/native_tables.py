"""A variant as the native core's tables: what ``engine/core.py`` hands ``_rs_native.register``.

Everything the C core knows about a game comes from here, read off the ``Variant`` (the one
place that declares it): the geometry (cells, coordinates, every line direction's ray from
every cell), each kind's quiet leaps, capture leaps and slide directions, the royal kind, the
pawns' pushes, captures, double steps, promotion cells and en passant, the promotion and
reserve kinds, castling, movable boards (pins, their targets and keys: Star Trek), the Zobrist
keys (pieces, side, reserve, unmoved cells, en-passant cells), the values and piece-square tables, and the evaluation's per-kind weights
(engine/search/evaluate.py).  Nothing about any piece set is written in C.
"""
from __future__ import annotations

from .moves import PROMOTION_SHIFT
from .pieces import KIND_MASK, NCODES, PAWN

NKINDS = KIND_MASK + 1


def _neg(d: tuple) -> tuple:
    return tuple(-x for x in d)


def _ray(step, cell: int, d: tuple) -> list[int]:
    out = []
    nxt = step(cell, d)
    while nxt is not None:
        out.append(nxt)
        nxt = step(nxt, d)
    return out


def _pad(values, size: int = NKINDS) -> list[int]:
    return list(values) + [0] * (size - len(values))


def _per_cell(table, ncells: int) -> list[list[int]]:
    return [list(table[c]) if table is not None else [] for c in range(ncells)]


def _castling_dirs(variant, dirs: list) -> list[int]:
    if not variant.castling:
        return []
    declared = getattr(variant, "castling_dirs", None)
    if declared is None:  # the rook's lines (the ruling: rank, file or vertical column)
        declared = next(p.slides for p in variant.pieces if p.kind == variant.castling_rook)
    return [dirs.index(d) for d in declared]


def _pairs(t) -> list[tuple]:
    """Per kind (shift, mg, eg) of its pair term (evaluate.tables' ``pairs``), zeros without one."""
    out = [(0, 0, 0)] * NKINDS
    paired = [k for k, parts in enumerate(t.pair_class) if parts is not None]
    for k, pair in zip(paired, t.pairs):
        out[k] = pair
    return out


def _evaluation(variant) -> dict:
    """search/evaluate.py's weights and its per-variant tables (evaluate.tables)."""
    from .search import evaluate

    t = evaluate.tables(variant)
    n = variant.geometry.ncells
    coords = variant.geometry.coords
    return {
        "mob_mg": _pad(t.mob_mg),
        "mob_eg": _pad(t.mob_eg),
        "king_attack": _pad(t.king_attack),
        "mob_leaps": [None if table is None else _per_cell(table, n) for table in t.leaps],
        "pair_class": [None if parts is None else list(parts) for parts in t.pair_class],
        "pair_mg": [pair[1] for pair in _pairs(t)],
        "pair_eg": [pair[2] for pair in _pairs(t)],
        "near2": [sorted(cells) for cells in t.near2],
        "shelter": [[sorted(cells) for cells in t.shelter[side]] for side in (0, 1)],
        # a pawn's advancement is level + rank (Black's counted from the far corner)
        "adv_max": max(c[0] for c in coords) + max(c[1] for c in coords),
        "phase_total": t.phase_total,
    }


def _movable_boards(variant) -> dict:
    """Movable boards (docs/variant-seam.md section 10; none: empty lists, every cell fixed):
    each pin's cells in its order, per pin (every other pin, the other pins on its ranks), the
    cells that always exist, a Zobrist key per pin, and the rules that come with them."""
    n = variant.geometry.ncells
    pins = variant.pins
    return {
        "pins": [list(p.cells) for p in pins],
        "pin_targets": [[list(others), list(same)] for others, same in variant.pin_targets],
        "fixed_cells": sorted(variant.fixed_cells) if pins else list(range(n)),
        "pin_keys": list(variant.keys.pins) if pins else [],
        "unmoved_pawns": int(bool(variant.unmoved_pawns)),
        "bare_royal_loses": int(bool(variant.bare_royal_loses)),
    }


def variant_tables(variant) -> dict:
    """The dict ``_rs_native.register`` reads (engine/native/spec.c checks every entry)."""
    geo = variant.geometry
    n = geo.ncells
    pieces = [p for p in variant.pieces if p.kind != PAWN]
    dirs: list[tuple] = []  # every direction some piece slides along, and its reverse
    for p in pieces:
        for d in p.slides:
            for x in (d, _neg(d)):
                if x not in dirs:
                    dirs.append(x)
    rows = []
    for p in pieces:
        both = variant.leaps[p.kind]
        quiet = [sorted(set(a) | set(b)) for a, b in zip(_per_cell(both, n), _per_cell(variant.quiet_leaps[p.kind], n))]
        capture = [sorted(set(a) | set(b)) for a, b in zip(_per_cell(both, n), _per_cell(variant.capture_leaps[p.kind], n))]
        rows.append((p.kind, quiet, capture, [dirs.index(d) for d in p.slides], p.royal))
    keys = variant.keys
    tables = {
        "ncells": n,
        "coords": [tuple(c) for c in geo.coords],
        "dirs": dirs,
        "rays": [[_ray(geo.step, c, d) for d in dirs] for c in range(n)],
        "pieces": rows,
        "pawn_push": [_per_cell(variant.pawn_pushes[side], n) for side in (0, 1)],
        "pawn_capture": [_per_cell(variant.pawn_captures[side], n) for side in (0, 1)],
        # per side and cell: (target, middle cells, whether one empty middle is enough)
        "double_steps": [[[(t, tuple(mids), bool(any_)) for t, mids, any_ in variant.pawn_doubles[side][c]]
                          for c in range(n)] for side in (0, 1)],
        "promotion_cells": [sorted(variant.promotion_cells[side]) for side in (0, 1)],
        "en_passant": int(bool(variant.en_passant)),
        "promotions": list(variant.promotion_kinds),
        "search_promotions": [bits >> PROMOTION_SHIFT for bits in variant.search_promotion_bits],
        "reserve": list(variant.reserve_kinds),
        "castling": int(bool(variant.castling)),
        "castle_kind": variant.castling_rook if variant.castling else 0,
        "castle_dirs": _castling_dirs(variant, dirs),
        "keys": [list(row) for row in keys.pieces],
        "black_key": keys.black_to_move,
        "reserve_keys": [_pad(row) for row in keys.reserve],
        "unmoved_keys": list(keys.unmoved),
        "ep_keys": list(keys.ep),
        "pst_mg": [list(row) for row in variant.pst_mg],
        "pst_eg": [list(row) for row in variant.pst_eg],
        "phase": _pad(variant.phase_weight),
        "value": _pad(variant.value),
    }
    tables.update(_movable_boards(variant))
    tables.update(_evaluation(variant))
    assert len(tables["keys"]) == NCODES
    return tables
