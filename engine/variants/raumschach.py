"""Raumschach (Maack, 1907): the pieces, how a pawn moves, the start position
(docs/rules/raumschach.md).

This is the one place that says how each Raumschach piece moves; the board's generator, the
attack tests, the illegal-move explanations and the position-string reader all read the
tables the ``Variant`` builds from these declarations.
"""
from __future__ import annotations

from ..geometry import BISHOP_DIRS, CUBE, KNIGHT_LEAPS, QUEEN_DIRS, ROOK_DIRS, SIZE, UNICORN_DIRS, make_cell
from ..pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, UNICORN
from ..values import PHASE_TOTAL, PHASE_WEIGHT, VALUE, VALUE_EG, VALUE_MG, raumschach_bonus
from .base import PawnRules, PieceType, Values, Variant

START_FEN = "rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|5/5/5/PPPPP/RNKNR w 0 1"

# How a pawn moves (White; Black's steps are the point reflection): one step forward
# (rank + 1) or one step up (level + 1) onto an empty cell; it captures on the face diagonals
# whose non-zero parts all point toward promotion - forward-left/right, up-left/right, and
# up-and-forward.  No double step, no en passant.  It promotes on the far level's far rank
# (Ea5-Ee5 for White, Aa1-Ae1 for Black) to a queen, rook, bishop, knight or unicorn.
PAWN_RULES = PawnRules(
    pushes=((0, 1, 0), (1, 0, 0)),
    captures=((0, 1, -1), (0, 1, 1), (1, 0, -1), (1, 0, 1), (1, 1, 0)),
    promotion_cells=frozenset(make_cell(SIZE - 1, SIZE - 1, f) for f in range(SIZE)),
)

# The search's values (engine/values.py: material, phase weights, piece-square bonus).
VALUES = Values(VALUE_MG, VALUE_EG, VALUE, PHASE_WEIGHT, PHASE_TOTAL, raumschach_bonus)

RAUMSCHACH = Variant(
    key="raumschach",
    name="Raumschach",
    summary="Maack's 1907 space chess on a 5x5x5 cube: the classic pieces plus the unicorn.",
    geometry=CUBE,
    pieces=(
        PieceType(PAWN),  # moves by PAWN_RULES
        PieceType(KNIGHT, leaps=KNIGHT_LEAPS),  # (2, 1, 0) in any order and signs: 24 leaps
        PieceType(BISHOP, slides=BISHOP_DIRS),  # two coordinates change: 12 directions
        PieceType(ROOK, slides=ROOK_DIRS),  # one coordinate changes: 6 directions
        PieceType(UNICORN, slides=UNICORN_DIRS),  # all three change: 8 directions
        PieceType(QUEEN, slides=QUEEN_DIRS),  # rook + bishop + unicorn: 26 directions
        PieceType(KING, leaps=QUEEN_DIRS, royal=True),  # one step in any of the 26
    ),
    pawn=PAWN_RULES,
    promotion_kinds=(QUEEN, ROOK, BISHOP, KNIGHT, UNICORN),
    # Inside the search a pawn promotes only to a queen or a knight: the queen moves as rook,
    # bishop and unicorn together (the root's list, from the legal generator, has all five).
    search_promotion_kinds=(QUEEN, KNIGHT),
    start_fen=START_FEN,
    minor_kinds=frozenset((KNIGHT, BISHOP, UNICORN)),
    letter_aliases={"s": KNIGHT},  # S = Springer, Maack's name for the knight
    values=VALUES,
)

VARIANT = RAUMSCHACH
