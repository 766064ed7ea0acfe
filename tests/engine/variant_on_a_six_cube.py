"""A test variant for the wide native core, declared in this one module: Five Up's rules
(reserves placed on the cell a piece leaves, double steps incl. the L-step, en passant,
optional castling) on a 6x6x6 cube - 216 cells, more than the narrow core's 128-bit boards
hold, so engine/core.py plays it on the 256-bit build (``engine._rs_native_wide``).  Every
kind of state crosses the 128th cell here (Black's men, unmoved pieces and passed cells all
lie beyond it).  Importing the module registers it (``engine.variant_by_key("sixcube")``)."""
from engine.geometry import cube
from engine.pieces import KING, KNIGHT, PAWN, QUEEN
from engine.variants import register
from engine.variants.base import Values, Variant
from engine.variants.fiveup import FIVEUP, PAWN_RULES, VALUES as FIVEUP_VALUES

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
    pieces=FIVEUP.pieces,
    # Five Up's steps, captures and double steps (one push ahead and up, three double steps),
    # its promotion cells on the far level's far rank, home cells on both home levels' rank 2.
    pawn=PAWN_RULES._replace(
        promotion_cells=frozenset(_cell(SIX - 1, SIX - 1, f) for f in range(SIX)),
        home_cells=frozenset(_cell(lv, 1, f) for lv in (0, 1) for f in range(SIX)),
    ),
    promotion_kinds=FIVEUP.promotion_kinds,
    search_promotion_kinds=(QUEEN, KNIGHT),
    reserve_kinds=FIVEUP.reserve_kinds,
    start_fen=START_FEN,
    minor_kinds=FIVEUP.minor_kinds,
    fen_fields=FIVEUP.fen_fields,
    options=FIVEUP.options,
    castling_rook=FIVEUP.castling_rook,
    castling_dirs=FIVEUP.castling_dirs,
    values=Values(*FIVEUP_VALUES[:5], _bonus),
))
