"""The 5x5x5 cube: cell numbering, names, directions, and per-cell ray and leap tables.

A cell is an int 0..124: ``level*25 + rank*5 + file`` (level A=0..E=4, rank 1=0..5=4,
file a=0..e=4).  A board is a flat list of 125 piece codes indexed by cell (engine.pieces).

Instead of sunfish's padded mailbox (where each step is ``index + delta`` followed by an
off-board test) the tables built here list, per cell and per direction, the cells a piece
would pass over, already clipped at the board's edge.  The move generator's loops therefore
do no arithmetic and no bounds checks; this matters more than anything else for CPython
speed.  Which piece moves along which table is the variant's business (engine/variants/).
"""
from __future__ import annotations

from itertools import permutations, product

from .pieces import PIECE_SYMBOLS  # noqa: F401  (re-exported: engine/cli.py reads it here)

SIZE = 5  # cells per axis
CELLS = range(SIZE**3)

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


def leaps(deltas: tuple) -> tuple[tuple[int, ...], ...]:
    """Per cell: the cells one leap away by each of ``deltas`` that stay on the board."""
    return tuple(tuple(t for t in (_step(c, d) for d in deltas) if t is not None) for c in CELLS)


def rays(dirs: tuple) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per cell: for each of ``dirs``, the cells a slider passes over up to the edge.
    Empty rays (pointing off the board) are dropped so loops never visit them."""
    return tuple(tuple(r for r in (_ray(c, d) for d in dirs) if r) for c in CELLS)


def reflect(d: tuple[int, int, int]) -> tuple[int, int, int]:
    """The point reflection of a direction (White's step seen from Black's side)."""
    return (-d[0], -d[1], -d[2])

