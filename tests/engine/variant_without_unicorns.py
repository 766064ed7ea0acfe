"""A test variant declared in this one module: Raumschach without unicorns (their start cells
stay empty).  Importing the module registers it (``engine.variant_by_key("no-unicorns")``);
nothing outside this module and its tests names it."""
from engine.geometry import BISHOP_DIRS, CUBE, KNIGHT_LEAPS, QUEEN_DIRS, ROOK_DIRS
from engine.pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from engine.variants import PawnRules, PieceType, Values, Variant, register
from engine.values import raumschach_bonus

VARIANT = register(Variant(
    key="no-unicorns",
    name="Raumschach without unicorns",
    summary="Raumschach with the unicorns left in the box.",
    geometry=CUBE,
    pieces=(
        PieceType(PAWN),
        PieceType(KNIGHT, leaps=KNIGHT_LEAPS),
        PieceType(BISHOP, slides=BISHOP_DIRS),
        PieceType(ROOK, slides=ROOK_DIRS),
        PieceType(QUEEN, slides=QUEEN_DIRS),
        PieceType(KING, leaps=QUEEN_DIRS, royal=True),
    ),
    pawn=PawnRules(
        pushes=((0, 1, 0), (1, 0, 0)),
        captures=((0, 1, -1), (0, 1, 1), (1, 0, -1), (1, 0, 1), (1, 1, 0)),
        promotion_cells=frozenset(CUBE.parse_cell(f"E{f}5") for f in "abcde"),
    ),
    promotion_kinds=(QUEEN, ROOK, BISHOP, KNIGHT),
    start_fen="rnknr/ppppp/5/5/5|1bq1b/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/B1QB1|5/5/5/PPPPP/RNKNR w 0 1",
    minor_kinds=frozenset((KNIGHT, BISHOP)),
    values=Values(
        value_mg=(0, 100, 350, 350, 500, 0, 1200, 0),
        value_eg=(0, 125, 340, 350, 540, 0, 1220, 0),
        value=(0, 100, 350, 350, 500, 0, 1200, 2000),
        phase_weight=(0, 0, 1, 1, 2, 0, 4, 0),
        phase_total=24,
        bonus=raumschach_bonus,
    ),
))
