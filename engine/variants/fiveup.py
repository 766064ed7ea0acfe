"""Five Up (Jim Aikin's "5 Up Raumschach") on the 5x5x5 cube (docs/rules/fiveup.md).

This is the one place that says how each Five Up piece moves, how its pawns step (double
steps incl. the L-step, en passant on a passed cell), what a side holds in reserve (W, G, S,
placed on the cell a non-pawn piece leaves on its first move), the optional castling and the
seven-field position string.  The board (engine/board_state.py) and the front read the tables
the ``Variant`` builds from these declarations.
"""
from __future__ import annotations

from ..fen import EP, FULLMOVE, HALFMOVE, PLACEMENT, RESERVES, SIDE, UNMOVED
from ..geometry import CUBE, FACE, KNIGHT_LEAPS, ORTH, SPACE, UNICORN_LEAPS, make_cell
from ..pieces import BISHOP, GUARD, KING, KNIGHT, PAWN, QUEEN, ROOK, SILVER, UNICORN, WIZARD
from ..values import raumschach_bonus
from .base import DoubleStep, LevelTuning, PawnRules, PieceType, Values, Variant, VariantOption

START_FEN = ("rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/UBQUB|5/5/5/PPPPP/RNKNR w WGSwgs "
             "Aa1,Ab1,Ac1,Ad1,Ae1,Ba1,Bb1,Bc1,Bd1,Be1,Da5,Db5,Dc5,Dd5,De5,Ea5,Eb5,Ec5,Ed5,Ee5 - 0 1")

# Pawns (White; Black's steps are the point reflection, ruling section 4): one step forward or
# up onto an empty cell; captures on the five cells forward-left/right, up-left/right and
# up-and-forward; from the home row (level A rank 2) a first step of two: straight forward,
# straight up, or the L-step up-and-forward, which is blocked only when both cells it passes
# are occupied; en passant on a passed (empty) middle cell on the very next move; promotion on
# Ea5-Ee5.
PAWN_RULES = PawnRules(
    pushes=((0, 1, 0), (1, 0, 0)),
    captures=((0, 1, -1), (0, 1, 1), (1, 0, -1), (1, 0, 1), (1, 1, 0)),
    promotion_cells=frozenset(make_cell(4, 4, f) for f in range(5)),
    double_steps=(
        DoubleStep((0, 2, 0), ((0, 1, 0),)),
        DoubleStep((2, 0, 0), ((1, 0, 0),)),
        DoubleStep((1, 1, 0), ((0, 1, 0), (1, 0, 0)), "any"),
    ),
    home_cells=frozenset(make_cell(0, 1, f) for f in range(5)),
    en_passant=True,
)

# The seed's guesses (section "Piece Values"): P 1, U a little under 3, B and N 4, R 5, S 5,
# W 6, G a little over 6, Q 9.  Endgame values lift the pawn and the rook as in Raumschach.
_MG = {PAWN: 100, KNIGHT: 400, BISHOP: 400, ROOK: 500, UNICORN: 280, QUEEN: 900, KING: 0,
       WIZARD: 600, GUARD: 620, SILVER: 500}
_EG = {PAWN: 125, KNIGHT: 390, BISHOP: 400, ROOK: 540, UNICORN: 270, QUEEN: 920, KING: 0,
       WIZARD: 600, GUARD: 640, SILVER: 500}
_ORDER = _MG | {KING: 2000}  # the king sorts last among attackers
# Phase: both full armies' N, B, U, R, Q count 28 as in Raumschach; a placed reserve piece adds
# its weight (the phase is capped at the total).
_PHASE = {KNIGHT: 1, BISHOP: 1, UNICORN: 1, ROOK: 2, QUEEN: 4, WIZARD: 2, GUARD: 2, SILVER: 2}


def _table(values: dict) -> tuple:
    return tuple(values.get(k, 0) for k in range(SILVER + 1))


def _centrality(cell: int) -> int:
    lv, rk, fl = CUBE.coords[cell]
    return 6 - (abs(lv - 2) + abs(rk - 2) + abs(fl - 2))


def fiveup_bonus(kind: int, cell: int) -> tuple[int, int]:
    """(mg, eg) bonus of a White piece: Raumschach's terms for the shared kinds (its pawn
    advancement in rank and level, the king staying home), centrality for the leaping unicorn
    and the reserve pieces."""
    cen = _centrality(cell)
    if kind == UNICORN:  # a leaper here: reaches 24 cells from the centre, 3 from a corner
        return 6 * cen - 15, 4 * cen - 10
    if kind == WIZARD:
        return 3 * cen - 8, 3 * cen - 8
    if kind == GUARD:
        return 3 * cen - 8, 5 * cen - 12
    if kind == SILVER:
        return 5 * cen - 12, 4 * cen - 10
    return raumschach_bonus(kind, cell)


VALUES = Values(_table(_MG), _table(_EG), _table(_ORDER), _table(_PHASE), 28, fiveup_bonus)

# The bot levels (engine/search/levels.py): the same reply budgets as Raumschach, fewer plies.
# A piece's first move comes with each placement too (209 moves from the start), so a ply costs
# far more than in Raumschach, most of all in the first moves: native core, one CPU, from the
# start position depth 4 ~0.2 s, depth 5 ~2-3 s, depth 6 ~16-20 s (Raumschach's depth 6:
# 0.3 s); after a four-ply opening depth 5 ~0.5 s, depth 6 ~2 s.  So Hard searches five plies
# (budget < 5 s; its safety cap, 30 s in Raumschach, is 4.5 s here so that a loaded server
# still answers the first moves in time, with the best move found so far), and Expert and
# Master complete only four and five plies before their clocks (5 s, 30 s) count: a minimum
# depth that overran the budget from the start position (six and seven, Raumschach's) made
# them answer in 15 s and 100 s.  The pure-Python core (~50x slower: depth 3 ~1.7 s, depth 4
# ~11 s) keeps Hard at three plies.  docs/performance.md has the figures.  Since issue 42
# (pieces in hand evaluated, selective search) depth 5 after the first move takes ~0.15 M
# nodes instead of ~11 M: Hard's first reply 0.66 s end to end (was 4.58 s).
LEVEL_TUNING = {
    "native": {
        3: LevelTuning(depth=5, movetime=4.5,
                       description="Looks five plies ahead plus every capture sequence; finds mates in three "
                                   "and real combinations."),
        4: LevelTuning(min_depth=4),
        5: LevelTuning(min_depth=5),
    },
    "python": {
        3: LevelTuning(depth=3, movetime=4.5,
                       description="Looks three plies ahead plus every capture sequence; finds mates in two "
                                   "and short combinations."),
        4: LevelTuning(min_depth=3),
        5: LevelTuning(min_depth=4),
    },
}

FIVEUP = Variant(
    key="fiveup",
    name="Five Up",
    summary="Aikin's modern Raumschach: a king that can be mated, leaping unicorns, double steps, and a "
            "wizard, guard and silver unicorn in reserve.",
    geometry=CUBE,
    pieces=(
        PieceType(PAWN),  # moves by PAWN_RULES
        # King: one step along the 6 orthogonals (move or capture), one step along the 8 3D
        # diagonals to capture only; never along a 2D diagonal.
        PieceType(KING, leaps=ORTH, capture_leaps=SPACE, royal=True),
        PieceType(QUEEN, slides=ORTH + FACE),  # 18 directions, no 3D diagonals
        PieceType(ROOK, slides=ORTH),
        PieceType(BISHOP, slides=FACE),
        PieceType(KNIGHT, leaps=KNIGHT_LEAPS),  # (2, 1, 0) in any order and signs: 24
        PieceType(UNICORN, leaps=UNICORN_LEAPS),  # (2, 1, 1) in any order and signs: 24
        PieceType(WIZARD, slides=FACE + SPACE),  # 20 directions
        PieceType(GUARD, leaps=ORTH + FACE + SPACE),  # one step in any of the 26
        PieceType(SILVER, leaps=UNICORN_LEAPS, slides=SPACE, letter="s", name="silver unicorn",
                  image="silver-unicorn"),
    ),
    pawn=PAWN_RULES,
    # Any piece but a king; the reserve pieces too (they need no reserve to promote to).
    promotion_kinds=(QUEEN, ROOK, BISHOP, KNIGHT, UNICORN, WIZARD, GUARD, SILVER),
    search_promotion_kinds=(QUEEN, KNIGHT),
    reserve_kinds=(WIZARD, GUARD, SILVER),
    start_fen=START_FEN,
    minor_kinds=frozenset((KNIGHT, BISHOP, UNICORN)),
    fen_fields=(PLACEMENT, SIDE, RESERVES, UNMOVED, EP, HALFMOVE, FULLMOVE),
    options=(VariantOption("castling", False, "Castling (optional rule)"),),
    castling_rook=ROOK,
    castling_dirs=ORTH,
    values=VALUES,
    level_tuning=LEVEL_TUNING,
)

VARIANT = FIVEUP
