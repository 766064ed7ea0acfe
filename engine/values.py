"""Piece values, game phase and piece-square tables: the sums the board keeps for the search.

All scores are centipawns (a pawn is 100).  The tables are built once at import time, per
piece code (engine.pieces) and per cell, so that making a move adjusts the running
evaluation with four list lookups instead of re-scoring the board (engine.board keeps
``mg``, ``eg`` and ``phase``; engine/search/evaluate.py adds the other terms).
Black's tables are White's read through the geometry's reflection (the cube: ``124 - cell``;
the start position is symmetric under it) and negated, so every running sum is "White minus
Black".

A variant owns its tables (``variant.pst_mg`` ...), built by :func:`pst_tables` from its values
and a per-kind bonus function, with its tuned weights put in (engine/tuned_weights.py); the
module-level names here are Raumschach's hand-set ones, before tuning.
"""
from __future__ import annotations

from typing import Callable

from .geometry import CUBE, Geometry, cell_file, cell_level, cell_rank
from .pieces import BISHOP, BLACK_BIT, KIND_MASK, KING, KNIGHT, NCODES, PAWN, QUEEN, ROOK, UNICORN

# --- material -------------------------------------------------------------------------------
# The starting values (Q 12, R 5, U 4, B 3.5, N 3.5, P 1).  The endgame values lift the
# pawn (it promotes more easily) and the rook a little, as in orthodox chess.
VALUE_MG = (0, 100, 350, 350, 500, 400, 1200, 0)
VALUE_EG = (0, 125, 340, 350, 540, 390, 1220, 0)
# Value used for ordering (MVV-LVA) and pruning margins; the king gets a large value so that
# "king takes" sorts last among attackers.
VALUE = (0, 100, 350, 350, 500, 400, 1200, 2000)

# --- game phase -----------------------------------------------------------------------------
# Weight of each kind in the phase count: 28 = both full armies' N, B, U, R, Q (2+2+2+4+4 each).
PHASE_WEIGHT = (0, 0, 1, 1, 2, 1, 4, 0)
PHASE_TOTAL = 28


def centrality(cell: int) -> int:
    """The paper's 3D taxicab centrality: 6 at Cc3, 0 in the eight corners."""
    return 6 - (abs(cell_level(cell) - 2) + abs(cell_rank(cell) - 2) + abs(cell_file(cell) - 2))


def raumschach_bonus(kind: int, cell: int) -> tuple[int, int]:
    """(middlegame, endgame) positional bonus of a White piece of ``kind`` on ``cell``."""
    lv, rk, fl = cell_level(cell), cell_rank(cell), cell_file(cell)
    cen = centrality(cell)
    if kind == PAWN:
        # A White pawn promotes on level E rank 5; each rank step and each level step brings
        # it one move closer, so advancement counts in both dimensions (the paper's idea).
        adv = lv + rk  # 0..8
        centre_file = 2 - abs(fl - 2)  # 0..2: central pawns control more
        mg = 4 * adv + 4 * centre_file + (8 if lv == 2 else 0)  # central level: most contacts
        eg = 8 * adv + (3 * adv * adv) // 2  # accelerating near promotion
        return mg, eg
    if kind == KNIGHT:
        return 6 * cen - 15, 4 * cen - 10
    if kind == BISHOP:
        # The paper's level bonus: a bishop on level A or E mostly stays in one plane.
        return 3 * cen + 6 * (2 - abs(lv - 2)) - 12, 3 * cen - 6
    if kind == UNICORN:
        # A unicorn's reach collapses off-centre (8 long diagonals at Cc3, 1 in a corner).
        return 7 * cen - 18, 5 * cen - 12
    if kind == ROOK:
        return 2 * cen - 4, cen
    if kind == QUEEN:
        return 3 * cen - 8, 4 * cen - 10
    if kind == KING:
        # Middlegame: stay home behind the pawns (low level, low rank).  Endgame: centralise.
        return -12 * (lv + rk) + (4 if fl in (1, 3) else 0), 7 * cen - 20
    raise ValueError(kind)


def pad(values, width: int = KIND_MASK + 1) -> tuple:
    """A per-kind table padded with zeros to one entry per kind number."""
    return tuple(values) + (0,) * (width - len(values))


def pst_tables(geometry: Geometry, kinds, value_mg, value_eg,
               bonus: Callable[[int, int], tuple[int, int]]) -> tuple[list[list[int]], list[list[int]]]:
    """(mg, eg)[code][cell]: value + ``bonus(kind, cell)`` for White, and for Black the same on
    the reflected cell, negated."""
    n = geometry.ncells
    mg = [[0] * n for _ in range(NCODES)]
    eg = [[0] * n for _ in range(NCODES)]
    reflect = geometry.reflect_cell
    for kind in kinds:
        for cell in geometry.cells:
            pm, pe = bonus(kind, cell)
            mg[kind][cell] = value_mg[kind] + pm
            eg[kind][cell] = value_eg[kind] + pe
            # Black piece on the reflected cell is worth the same to Black.
            mg[kind | BLACK_BIT][reflect(cell)] = -(value_mg[kind] + pm)
            eg[kind | BLACK_BIT][reflect(cell)] = -(value_eg[kind] + pe)
    return mg, eg


PST_MG, PST_EG = pst_tables(CUBE, range(1, 8), VALUE_MG, VALUE_EG, raumschach_bonus)
