"""Where one piece goes and what it attacks on an otherwise empty board: the rules page's piece
demo.  Read off the engine's own move generator and attack tables (never a second copy of the
rules), so the page shows what the engine plays."""
from __future__ import annotations

from typing import NamedTuple

from .board import Board
from .board_state import StateBoard
from .errors import PositionError
from .packed import CELL_MASK, FROM_SHIFT
from .pieces import COLOR_SHIFT
from .variants.base import Variant


CLOCKS = {"halfmove": "0", "fullmove": "1"}


class UnknownPieceError(PositionError):
    """A piece letter the variant does not have."""


class Reach(NamedTuple):
    fen: str  # the lone piece's position string (no kings: for drawing, not for play)
    moves: tuple[int, ...]  # cells it can move to (quiet moves, pawns' double steps included)
    attacks: tuple[int, ...]  # cells it attacks (captures there if an enemy stood there)


def piece_reach(variant: Variant, letter: str, cell: int) -> Reach:
    """The reach of the piece ``letter`` (upper case White, lower case Black) on ``cell``.

    Raises UnknownPieceError for a letter the variant lacks.  The board has no kings, no
    reserve and nothing that has moved: a Five Up piece shows its moves without placements.
    """
    kind = variant.kind_by_letter.get(letter.lower()) if len(letter) == 1 else None
    if kind is None:
        raise UnknownPieceError(f"{variant.name} has no piece {letter!r}; its pieces are "
                                f"{', '.join(sorted(variant.letters[k] for k in variant.kinds))}")
    side = 0 if letter.isupper() else 1
    board = (Board if variant.plain_board else StateBoard)(variant)
    board.put(cell, kind | side << COLOR_SHIFT)
    board.set_side(side)
    captures, quiets = board.generate()
    moves = {m & CELL_MASK for m in captures + quiets if (m >> FROM_SHIFT) & CELL_MASK == cell}
    attacks = [t for t in variant.geometry.cells if t != cell and cell in board.attackers(t, side)]
    # The clocks live on a Position, not on a Board: a fresh position's.
    fen = " ".join(CLOCKS.get(f.name) or f.write(board) for f in variant.fen_fields)
    return Reach(fen, tuple(sorted(moves)), tuple(attacks))
