"""Raumschach rules: board geometry, positions, legal moves, notation and perft.

Pure Python; imports nothing from Django or the rest of the project.  See
/work/notes/engine-contract.md (and README.md) for the API.
"""
from .errors import AmbiguousMoveError, IllegalMoveError, MalformedMoveError, MoveError, PositionError
from .fen import START_FEN
from .geometry import (
    BISHOP,
    BLACK,
    CELLS,
    KING,
    KNIGHT,
    PAWN,
    PIECE_SYMBOLS,
    QUEEN,
    ROOK,
    UNICORN,
    WHITE,
    cell_file,
    cell_level,
    cell_name,
    cell_rank,
    parse_cell,
)
from .moves import Move, pack_move, unpack_move
from .outcome import Outcome, Termination
from .position import Position
from .zobrist import hash_board


def zobrist_hash(pos: Position) -> int:
    """The position's hash computed from scratch (the incremental ``pos.zobrist`` must equal it)."""
    return hash_board(pos.board, pos.side == 1)


__all__ = [
    "AmbiguousMoveError", "IllegalMoveError", "MalformedMoveError", "MoveError", "PositionError",
    "START_FEN", "BISHOP", "BLACK", "CELLS", "KING", "KNIGHT", "PAWN", "PIECE_SYMBOLS", "QUEEN",
    "ROOK", "UNICORN", "WHITE", "cell_file", "cell_level", "cell_name", "cell_rank", "parse_cell",
    "Move", "pack_move", "unpack_move", "Outcome", "Termination", "Position", "zobrist_hash",
]
