"""A test variant for the wide native core, declared in this one module: Five Up's rules
(reserves placed on the cell a piece leaves, double steps incl. the L-step, en passant,
optional castling) on a 6x6x6 cube - 216 cells, more than the narrow core's 128-bit boards
hold, so engine/core.py plays it on the 256-bit build (``engine._rs_native_wide``).  Every
kind of state crosses the 128th cell here (Black's men, unmoved pieces and passed cells all
lie beyond it).  Importing the module registers it (``engine.variant_by_key("sixcube")``)."""
from engine.fen import EP, FULLMOVE, HALFMOVE, PLACEMENT, RESERVES, SIDE, UNMOVED
from engine.geometry import FACE, KNIGHT_LEAPS, ORTH, SPACE, UNICORN_LEAPS, cube
from engine.pieces import BISHOP, GUARD, KING, KNIGHT, PAWN, QUEEN, ROOK, SILVER, UNICORN, WIZARD
from engine.variants import register
from engine.variants.base import DoubleStep, PawnRules, PieceType, Values, Variant, VariantOption
from engine.variants.fiveup import VALUES as FIVEUP_VALUES

SIX = 6
CUBE6 = cube(SIX)


def _cell(level: int, rank: int, file: int) -> int:
    return CUBE6.parse_cell("ABCDEF"[level] + "abcdef"[file] + str(rank + 1))


def _bonus(kind: int, cell: int) -> tuple[int, int]:
    """(mg, eg) of a White piece: advancement for pawns, home for the king, centrality else."""
    lv, rk, fl = CUBE6.coords[cell]
    cen = 15 - (abs(2 * lv - 5) + abs(2 * rk - 5) + abs(2 * fl - 5))  # 0 (corner) .. 12 (centre)
    if kind == PAWN:
        return 4 * (lv + rk) + (2 if fl in (2, 3) else 0), 8 * (lv + rk)
    if kind == KING:
        return -10 * (lv + rk), 3 * cen - 15
    return 2 * cen - 12, cen - 6


_WHITE_HOME = ("RNKQNR", "UBQRBU")  # level A rank 1, level B rank 1 (files a..f)
_PLACEMENT = "|".join((
    f"{_WHITE_HOME[0][::-1].lower()}/pppppp/6/6/6/6",  # F (Black's first rank is rank 6)
    f"{_WHITE_HOME[1][::-1].lower()}/pppppp/6/6/6/6",  # E
    "6/6/6/6/6/6", "6/6/6/6/6/6",                      # D, C
    f"6/6/6/6/PPPPPP/{_WHITE_HOME[1]}",                # B
    f"6/6/6/6/PPPPPP/{_WHITE_HOME[0]}",                # A
))
_UNMOVED = ",".join(CUBE6.names[c] for c in sorted(
    [_cell(lv, 0, f) for lv in (0, 1) for f in range(SIX)] + [_cell(lv, 5, f) for lv in (4, 5) for f in range(SIX)]))
START_FEN = f"{_PLACEMENT} w WGSwgs {_UNMOVED} - 0 1"

VARIANT = register(Variant(
    key="sixcube",
    name="Five Up on a 6x6x6 cube",
    summary="Five Up's pieces and pawns on 216 cells: the wide native core's test variant.",
    geometry=CUBE6,
    pieces=(
        PieceType(PAWN),
        PieceType(KING, leaps=ORTH, capture_leaps=SPACE, royal=True),
        PieceType(QUEEN, slides=ORTH + FACE),
        PieceType(ROOK, slides=ORTH),
        PieceType(BISHOP, slides=FACE),
        PieceType(KNIGHT, leaps=KNIGHT_LEAPS),
        PieceType(UNICORN, leaps=UNICORN_LEAPS),
        PieceType(WIZARD, slides=FACE + SPACE),
        PieceType(GUARD, leaps=ORTH + FACE + SPACE),
        PieceType(SILVER, leaps=UNICORN_LEAPS, slides=SPACE, letter="s", name="silver unicorn",
                  image="silver-unicorn"),
    ),
    pawn=PawnRules(
        pushes=((0, 1, 0), (1, 0, 0)),
        captures=((0, 1, -1), (0, 1, 1), (1, 0, -1), (1, 0, 1), (1, 1, 0)),
        promotion_cells=frozenset(_cell(SIX - 1, SIX - 1, f) for f in range(SIX)),
        double_steps=(
            DoubleStep((0, 2, 0), ((0, 1, 0),)),
            DoubleStep((2, 0, 0), ((1, 0, 0),)),
            DoubleStep((1, 1, 0), ((0, 1, 0), (1, 0, 0)), "any"),
        ),
        home_cells=frozenset(_cell(lv, 1, f) for lv in (0, 1) for f in range(SIX)),
        en_passant=True,
    ),
    promotion_kinds=(QUEEN, ROOK, BISHOP, KNIGHT, UNICORN, WIZARD, GUARD, SILVER),
    search_promotion_kinds=(QUEEN, KNIGHT),
    reserve_kinds=(WIZARD, GUARD, SILVER),
    start_fen=START_FEN,
    minor_kinds=frozenset((KNIGHT, BISHOP, UNICORN)),
    fen_fields=(PLACEMENT, SIDE, RESERVES, UNMOVED, EP, HALFMOVE, FULLMOVE),
    options=(VariantOption("castling", False, "Castling (optional rule)"),),
    castling_rook=ROOK,
    castling_dirs=ORTH,
    values=Values(*FIVEUP_VALUES[:5], _bonus),
))
