"""Where one piece goes and what it attacks on an otherwise empty board: the rules page's piece
demo.  Read off the engine's own move generator and attack tables (never a second copy of the
rules), so the page shows what the engine plays."""
from __future__ import annotations

from typing import NamedTuple

from .board import Board
from .board_state import StateBoard
from .errors import PositionError
from .packed import BOARD_MOVE_FLAG, CELL_MASK, FROM_SHIFT
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
    With movable boards (Star Trek) the attack boards stand on the start's pins, the piece's
    own pin in place of the farthest of them if the piece stands on a free one; a pawn has
    not moved (its two-step shows).
    """
    kind = variant.kind_by_letter.get(letter.lower()) if len(letter) == 1 else None
    if kind is None:
        raise UnknownPieceError(f"{variant.name} has no piece {letter!r}; its pieces are "
                                f"{', '.join(sorted(variant.letters[k] for k in variant.kinds))}")
    side = 0 if letter.isupper() else 1
    board = _empty_board(variant)
    board.put(cell, kind | side << COLOR_SHIFT)
    board.set_side(side)
    if variant.pins:
        _stand_boards(board, variant, cell, kind)
    captures, quiets = board.generate()
    # A board move's from and to are pins' anchors (its flag says so): not the piece's moves.
    moves = {m & CELL_MASK for m in captures + quiets
             if (m >> FROM_SHIFT) & CELL_MASK == cell and not m & BOARD_MOVE_FLAG}
    there = board.exists if variant.pins else (lambda t: True)  # a free pin's cells are not
    attacks = [t for t in variant.geometry.cells if t != cell and there(t) and cell in board.attackers(t, side)]
    # The clocks live on a Position, not on a Board: a fresh position's.
    fen = " ".join(CLOCKS.get(f.name) or f.write(board) for f in variant.fen_fields)
    return Reach(fen, tuple(sorted(moves)), tuple(attacks))


def _empty_board(variant: Variant):
    if not variant.pins:
        return (Board if variant.plain_board else StateBoard)(variant)
    from .position import Position  # the variant's own board class (its pin mixin)

    return type(Position.__new__(Position, variant.start_fen, variant)).BOARD_CLASS(variant)


def _stand_boards(board, variant: Variant, cell: int, kind: int) -> None:
    """Put the attack boards on the start's pins (the piece's own pin instead of the farthest
    one, if the piece stands on a free pin): the cells of the other pins are not there."""
    from types import SimpleNamespace

    from .fen import parse_fen
    from .pieces import PAWN

    pins = set(parse_fen(variant.start_fen, variant).pins)
    own = variant.pin_of_cell.get(cell)
    if own is not None and own.index not in pins:
        coords = variant.geometry.coords
        far = max(pins, key=lambda p: (sum(abs(a - b) for a, b in zip(coords[variant.pins[p].anchor], coords[cell])), p))
        pins = (pins - {far}) | {own.index}
    board.set_state_from(SimpleNamespace(pins=frozenset(pins), unmoved=frozenset({cell} if kind == PAWN else ())))
