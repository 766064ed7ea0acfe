"""Geometry: a board's cells, their names and coordinates, and the per-cell ray and leap tables.

A cell is an int ``0 .. geometry.ncells - 1``.  A ``Geometry`` knows each cell's name and its
coordinates in the space the direction vectors live in (the cube's: (level, rank, file)), so
``step``, ``leaps`` and ``rays`` work for any board shape; it also says how the board is drawn
(panes and each cell's (pane, x, y)) and how the position string lists the cells.

Instead of sunfish's padded mailbox (where each step is ``index + delta`` followed by an
off-board test) the tables built here list, per cell and per direction, the cells a piece
would pass over, already clipped at the board's edge.  The move generator's loops therefore
do no arithmetic and no bounds checks; this matters more than anything else for CPython
speed.  Which piece moves along which table is the variant's business (engine/variants/).

The cube (``CUBE = cube(5)``) is here because two variants share it.  It keeps the numbering
``level*25 + rank*5 + file`` (level A=0..E=4, rank 1=0..5=4, file a=0..e=4), so Raumschach's
hashes, perft and stored data do not change; the module-level names below (``CELL_NAMES``,
``parse_cell``, ``cell_level`` ...) are the cube's, kept for the callers that predate the class.
"""
from __future__ import annotations

from itertools import permutations, product
from typing import Callable, NamedTuple

from .pieces import PIECE_SYMBOLS  # noqa: F401  (re-exported: engine/cli.py reads it here)


class BoardPane(NamedTuple):
    """One drawing pane (the cube: a level).  ``z``: its height in the 3D view; ``columns`` /
    ``rows``: the axis labels drawn beside it, indexed by x / y (empty: none)."""
    id: str
    label: str
    width: int
    height: int
    z: int
    columns: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()


class CellNameError(ValueError):
    """A text that names no cell of the geometry (the message says what a name looks like)."""


class Geometry:
    """A board shape: plain data (tuples) plus a few table builders.

    ``coords[c]``: the cell's coordinates (the space direction vectors live in);
    ``reflect_coords``: White's point of view seen from Black's side, on coordinates;
    ``line_dirs``: the unit directions along which one piece can attack another from a
    distance or from next door (the attack tables walk these lines; every other move of a
    piece is a leap, tested cell by cell).

    What the cube takes for granted, a board of another shape declares (the defaults are the
    cube's): ``adjacent``, the steps to the cells next to a cell (the evaluation's king zone;
    the cube: every step of -1..1 on each axis); ``cell_shape`` ("square" or "hex"),
    ``orientation`` ("flat" or "pointy" hexes) and ``shades`` (per cell 0..2, a hex board's
    three colours) for the descriptor; ``row_word`` / ``row_labels`` (per placement group, per
    row) for the position string's messages (the cube: "rank", labels from the layout).
    Coordinates are read as (level, rank, file) by the evaluation's pawn structure: level and
    rank grow toward White's promotion, file is across (a hex board uses a doubled height as
    its "rank", engine/variants/hexraumschach.py).
    """

    def __init__(self, *, key: str, names: tuple[str, ...], coords: tuple[tuple[int, ...], ...], cell_pattern: str,
                 name_hint: str, reflect_coords: Callable[[tuple], tuple], dark: tuple[bool, ...],
                 line_dirs: tuple[tuple[int, ...], ...], boards: tuple[BoardPane, ...],
                 layout: tuple[tuple[int, float, float], ...],
                 placement_rows: tuple[tuple[tuple[int, ...], ...], ...],
                 adjacent: tuple[tuple[int, ...], ...] | None = None, cell_shape: str = "square",
                 orientation: str | None = None, shades: tuple[int, ...] | None = None,
                 row_word: str = "rank", row_labels: tuple[tuple[str, ...], ...] | None = None) -> None:
        self.key = key
        self.ncells = len(names)
        if self.ncells > 512:
            raise ValueError("a packed move has 9 bits a cell: at most 512 cells")
        self.cells = range(self.ncells)
        self.names = names
        self.coords = coords
        self.cell_pattern = cell_pattern
        self.name_hint = name_hint
        self.line_dirs = line_dirs
        self.boards = boards
        self.layout = layout
        self.placement_rows = placement_rows
        self.dark = dark
        dims = len(coords[0]) if coords else 0
        self.adjacent = adjacent if adjacent is not None else tuple(
            d for d in product((-1, 0, 1), repeat=dims) if any(d))
        self.cell_shape = cell_shape
        self.orientation = orientation
        self.shades = shades
        self.row_word = row_word
        self.row_labels = row_labels
        self._by_name = {n: c for c, n in enumerate(names)}
        self._by_coords = {xyz: c for c, xyz in enumerate(coords)}
        self._reflect_coords = reflect_coords
        self.reflected = tuple(self._by_coords[reflect_coords(xyz)] for xyz in coords)

    def __repr__(self) -> str:
        return f"<Geometry {self.key}>"

    def parse_cell(self, text: str) -> int:
        """The cell named ``text``; CellNameError (a ValueError) if it names none."""
        try:
            return self._by_name[text]
        except (KeyError, TypeError):
            raise CellNameError(f"{text!r} is not a cell name ({self.name_hint})") from None

    def cell_name(self, cell: int) -> str:
        return self.names[cell]

    def is_dark(self, cell: int) -> bool:
        return self.dark[cell]

    def step(self, cell: int, delta: tuple[int, ...]) -> int | None:
        """The cell one ``delta`` away, or None off the board."""
        return self._by_coords.get(tuple(a + b for a, b in zip(self.coords[cell], delta)))

    def ray(self, cell: int, delta: tuple[int, ...]) -> tuple[int, ...]:
        out = []
        nxt = self.step(cell, delta)
        while nxt is not None:
            out.append(nxt)
            nxt = self.step(nxt, delta)
        return tuple(out)

    def leaps(self, deltas) -> tuple[tuple[int, ...], ...]:
        """Per cell: the cells one leap away by each of ``deltas`` that stay on the board."""
        return tuple(tuple(t for t in (self.step(c, d) for d in deltas) if t is not None) for c in self.cells)

    def rays(self, dirs) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per cell: for each of ``dirs``, the cells a slider passes over up to the edge.
        Empty rays (pointing off the board) are dropped so loops never visit them."""
        return tuple(tuple(r for r in (self.ray(c, d) for d in dirs) if r) for c in self.cells)

    def reflect_cell(self, cell: int) -> int:
        """White's cell seen from Black's side (the cube: ``124 - cell``)."""
        return self.reflected[cell]

    def reflect(self, delta: tuple[int, ...]) -> tuple[int, ...]:
        """White's step seen from Black's side: the reflection of a direction (a vector, so the
        reflection of the origin's image is subtracted out)."""
        origin = self._reflect_coords(tuple(0 for _ in delta))
        moved = self._reflect_coords(tuple(delta))
        return tuple(a - b for a, b in zip(moved, origin))

    def placement_order(self) -> tuple[int, ...]:
        """The cells in the order the position string's placement field lists them."""
        return tuple(c for group in self.placement_rows for row in group for c in row)


# --- the cube -------------------------------------------------------------------------------
LEVEL_LETTERS = "ABCDE"
FILE_LETTERS = "abcde"
_UNIT = (-1, 0, 1)
ROOK_DIRS = tuple(d for d in product(_UNIT, repeat=3) if sum(map(abs, d)) == 1)  # 6: ORTH
BISHOP_DIRS = tuple(d for d in product(_UNIT, repeat=3) if sum(map(abs, d)) == 2)  # 12: FACE
UNICORN_DIRS = tuple(d for d in product(_UNIT, repeat=3) if sum(map(abs, d)) == 3)  # 8: SPACE
QUEEN_DIRS = ROOK_DIRS + BISHOP_DIRS + UNICORN_DIRS  # 26
ORTH, FACE, SPACE = ROOK_DIRS, BISHOP_DIRS, UNICORN_DIRS


def _signed_permutations(parts: tuple[int, int, int]) -> tuple:
    return tuple(sorted({(a * sa, b * sb, c * sc) for a, b, c in permutations(parts)
                         for sa, sb, sc in product((1, -1), repeat=3)}))


KNIGHT_LEAPS = _signed_permutations((2, 1, 0))  # 24
UNICORN_LEAPS = _signed_permutations((2, 1, 1))  # 24: Five Up's unicorn


def cube(size: int = 5) -> Geometry:
    """The ``size``-cube: levels A.., files a.., ranks 1..; White's home is level A rank 1."""
    cells = [(lv, rk, fl) for lv in range(size) for rk in range(size) for fl in range(size)]
    names = tuple(LEVEL_LETTERS[lv] + FILE_LETTERS[fl] + str(rk + 1) for lv, rk, fl in cells)
    top = size - 1
    return Geometry(
        key=f"cube{size}",
        names=names,
        coords=tuple(cells),
        cell_pattern=f"[{LEVEL_LETTERS[0]}-{LEVEL_LETTERS[top]}][{FILE_LETTERS[0]}-{FILE_LETTERS[top]}][1-{size}]",
        name_hint=f"level {LEVEL_LETTERS[0]}-{LEVEL_LETTERS[top]}, file {FILE_LETTERS[0]}-{FILE_LETTERS[top]}, "
                  f"rank 1-{size}, e.g. Cc3",
        # The point reflection through the centre: the start position is symmetric under it.
        reflect_coords=lambda xyz: tuple(top - v for v in xyz),
        dark=tuple((lv + rk + fl) % 2 == 0 for lv, rk, fl in cells),
        line_dirs=QUEEN_DIRS,
        boards=tuple(BoardPane(LEVEL_LETTERS[lv], LEVEL_LETTERS[lv], size, size, lv, tuple(FILE_LETTERS[:size]),
                               tuple(str(r + 1) for r in range(size))) for lv in range(size)),
        layout=tuple((lv, float(fl), float(rk)) for lv, rk, fl in cells),
        # Levels top..bottom, each level's ranks top..bottom, each rank's files left to right.
        placement_rows=tuple(
            tuple(tuple(lv * size * size + rk * size + fl for fl in range(size)) for rk in range(top, -1, -1))
            for lv in range(top, -1, -1)),
    )


CUBE = cube(5)

# The cube's names for the callers that predate the Geometry class.
SIZE = 5
CELLS = CUBE.cells
CELL_NAMES = CUBE.names
parse_cell = CUBE.parse_cell
is_dark = CUBE.is_dark
leaps = CUBE.leaps
rays = CUBE.rays


def cell_level(cell: int) -> int:
    return cell // 25


def cell_rank(cell: int) -> int:
    return cell // 5 % 5


def cell_file(cell: int) -> int:
    return cell % 5


def make_cell(level: int, rank: int, file: int) -> int:
    return level * 25 + rank * 5 + file


def cell_name(cell: int) -> str:
    """``cell_name(62) == "Cc3"`` (level letter, file letter, rank digit)."""
    return CELL_NAMES[cell]


def on_board(level: int, rank: int, file: int) -> bool:
    return 0 <= level < SIZE and 0 <= rank < SIZE and 0 <= file < SIZE


def reflect(d: tuple[int, int, int]) -> tuple[int, int, int]:
    """The point reflection of a direction (White's step seen from Black's side)."""
    return (-d[0], -d[1], -d[2])
