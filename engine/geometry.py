"""The 5x5x5 board: cell numbering, names, and move tables precomputed per cell.

A cell is an int 0..124: ``level*25 + rank*5 + file`` (level A=0..E=4, rank 1=0..5=4,
file a=0..e=4).  The board itself is a flat list of 125 piece codes indexed by cell.

Instead of sunfish's padded mailbox (where each step is ``index + delta`` followed by an
off-board test) every table below lists, per cell and per direction, the cells a piece would
pass over, already clipped at the board's edge.  The move generator's loops therefore do no
arithmetic and no bounds checks; this matters more than anything else for CPython speed.
"""
from __future__ import annotations

from itertools import permutations, product

SIZE = 5  # cells per axis
CELLS = range(SIZE**3)

WHITE = True
BLACK = False

PAWN, KNIGHT, BISHOP, ROOK, UNICORN, QUEEN, KING = range(1, 8)
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "u", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "unicorn", "queen", "king"]
PROMOTION_KINDS = (QUEEN, ROOK, BISHOP, KNIGHT, UNICORN)

LEVEL_LETTERS = "ABCDE"
FILE_LETTERS = "abcde"


def cell_level(cell: int) -> int:
    return cell // 25


def cell_rank(cell: int) -> int:
    return cell // 5 % 5


def cell_file(cell: int) -> int:
    return cell % 5


def make_cell(level: int, rank: int, file: int) -> int:
    return level * 25 + rank * 5 + file


def on_board(level: int, rank: int, file: int) -> bool:
    return 0 <= level < SIZE and 0 <= rank < SIZE and 0 <= file < SIZE


CELL_NAMES = tuple(
    LEVEL_LETTERS[cell_level(c)] + FILE_LETTERS[cell_file(c)] + str(cell_rank(c) + 1) for c in CELLS
)
_CELL_BY_NAME = {name: c for c, name in enumerate(CELL_NAMES)}


def cell_name(cell: int) -> str:
    """``cell_name(62) == "Cc3"`` (level letter, file letter, rank digit)."""
    return CELL_NAMES[cell]


def parse_cell(text: str) -> int:
    """The cell named ``text`` (e.g. ``"Cc3"``); ValueError if it names no cell."""
    try:
        return _CELL_BY_NAME[text]
    except (KeyError, TypeError):
        raise ValueError(f"{text!r} is not a cell name (level A-E, file a-e, rank 1-5, e.g. Cc3)") from None


def is_dark(cell: int) -> bool:
    """Dark cells have an even coordinate sum (Aa1 and Cc3 are dark)."""
    return (cell_level(cell) + cell_rank(cell) + cell_file(cell)) % 2 == 0


# --- directions, as (dlevel, drank, dfile) -------------------------------------------------
_UNIT = (-1, 0, 1)
ROOK_DIRS = tuple(d for d in product(_UNIT, repeat=3) if sum(map(abs, d)) == 1)  # 6
BISHOP_DIRS = tuple(d for d in product(_UNIT, repeat=3) if sum(map(abs, d)) == 2)  # 12
UNICORN_DIRS = tuple(d for d in product(_UNIT, repeat=3) if sum(map(abs, d)) == 3)  # 8
QUEEN_DIRS = ROOK_DIRS + BISHOP_DIRS + UNICORN_DIRS  # 26
KNIGHT_LEAPS = tuple(
    sorted({(a * sa, b * sb, c * sc) for a, b, c in permutations((2, 1, 0)) for sa, sb, sc in product((1, -1), repeat=3)})
)  # 24

# Slider families; the attacker table in movegen is indexed by these.
LINE_ROOK, LINE_BISHOP, LINE_UNICORN = 0, 1, 2
SLIDER_KINDS_BY_LINE = ((ROOK, QUEEN), (BISHOP, QUEEN), (UNICORN, QUEEN))

# Pawn steps for White; Black uses the point reflection.  Pushes go forward (rank +1) or up
# (level +1); captures are the face diagonals whose non-zero parts all point toward promotion.
WHITE_PAWN_PUSHES = ((0, 1, 0), (1, 0, 0))
WHITE_PAWN_CAPTURES = ((0, 1, -1), (0, 1, 1), (1, 0, -1), (1, 0, 1), (1, 1, 0))


def _step(cell: int, d: tuple[int, int, int]) -> int | None:
    lv, rk, fl = cell_level(cell) + d[0], cell_rank(cell) + d[1], cell_file(cell) + d[2]
    return make_cell(lv, rk, fl) if on_board(lv, rk, fl) else None


def _ray(cell: int, d: tuple[int, int, int]) -> tuple[int, ...]:
    out = []
    nxt = _step(cell, d)
    while nxt is not None:
        out.append(nxt)
        nxt = _step(nxt, d)
    return tuple(out)


def _rays(dirs: tuple) -> tuple[tuple[tuple[int, ...], ...], ...]:
    # Empty rays (pointing off the board) are dropped so loops never visit them.
    return tuple(tuple(r for r in (_ray(c, d) for d in dirs) if r) for c in CELLS)


def _leaps(deltas: tuple) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(t for t in (_step(c, d) for d in deltas) if t is not None) for c in CELLS)


def _reflect(d: tuple[int, int, int]) -> tuple[int, int, int]:
    return (-d[0], -d[1], -d[2])


ROOK_RAYS = _rays(ROOK_DIRS)
BISHOP_RAYS = _rays(BISHOP_DIRS)
UNICORN_RAYS = _rays(UNICORN_DIRS)
QUEEN_RAYS = tuple(ROOK_RAYS[c] + BISHOP_RAYS[c] + UNICORN_RAYS[c] for c in CELLS)
KNIGHT_TARGETS = _leaps(KNIGHT_LEAPS)
KING_TARGETS = _leaps(QUEEN_DIRS)

# Indexed by internal colour index (0 = White, 1 = Black), then by cell.
PAWN_PUSHES = (_leaps(WHITE_PAWN_PUSHES), _leaps(tuple(map(_reflect, WHITE_PAWN_PUSHES))))
PAWN_CAPTURES = (_leaps(WHITE_PAWN_CAPTURES), _leaps(tuple(map(_reflect, WHITE_PAWN_CAPTURES))))
# PAWN_ATTACKERS[col][c]: cells from which a pawn of colour col would capture on c.
PAWN_ATTACKERS = (
    _leaps(tuple(map(_reflect, WHITE_PAWN_CAPTURES))),
    _leaps(WHITE_PAWN_CAPTURES),
)
# A pawn promotes on the far level's far rank: Ea5-Ee5 for White, Aa1-Ae1 for Black.
PROMOTION_CELLS = (
    frozenset(make_cell(4, 4, f) for f in range(SIZE)),
    frozenset(make_cell(0, 0, f) for f in range(SIZE)),
)
SLIDER_RAYS_BY_KIND = {ROOK: ROOK_RAYS, BISHOP: BISHOP_RAYS, UNICORN: UNICORN_RAYS, QUEEN: QUEEN_RAYS}


def _lines(cell: int) -> tuple:
    """Every line out of ``cell`` as (family, ((target, cells up to and incl. target), ...)).

    Used from the king's cell to find checkers and pinned pieces in one walk: the frozenset
    paired with each target is exactly the set of cells a piece may move to in order to block
    or capture a slider standing on that target.
    """
    out = []
    for family, rays in ((LINE_ROOK, ROOK_RAYS), (LINE_BISHOP, BISHOP_RAYS), (LINE_UNICORN, UNICORN_RAYS)):
        for ray in rays[cell]:
            out.append((family, tuple((t, frozenset(ray[: i + 1])) for i, t in enumerate(ray))))
    return tuple(out)


KING_LINES = tuple(_lines(c) for c in CELLS)
