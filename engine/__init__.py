"""Raumschach rules: board geometry, positions, legal moves, notation and perft.

Pure Python; imports nothing from Django or the rest of the project.  See README.md in this
directory for where each piece of the engine lives; the API is this module's exports, shaped
after python-chess (docs/architecture.md, "The rules engine").
"""
from .errors import AmbiguousMoveError, IllegalMoveError, MalformedMoveError, MoveError, PositionError
from .geometry import CELLS, cell_file, cell_level, cell_name, cell_rank, parse_cell
from .moves import Move, pack_move, unpack_move
from .outcome import Outcome, Termination
from .pieces import BISHOP, BLACK, KING, KNIGHT, PAWN, PIECE_SYMBOLS, QUEEN, ROOK, UNICORN, WHITE
from .position import Position
from .variants import RAUMSCHACH, VARIANTS, Variant
from .variants.raumschach import START_FEN
from .zobrist import hash_board, piece_key


def zobrist_hash(pos: Position) -> int:
    """The position's hash computed from scratch (the incremental ``pos.zobrist`` must equal it)."""
    return hash_board(pos.board, pos.side == 1)


__all__ = [
    "AmbiguousMoveError", "IllegalMoveError", "MalformedMoveError", "MoveError", "PositionError",
    "START_FEN", "BISHOP", "BLACK", "CELLS", "KING", "KNIGHT", "PAWN", "PIECE_SYMBOLS", "QUEEN",
    "ROOK", "UNICORN", "WHITE", "cell_file", "cell_level", "cell_name", "cell_rank", "parse_cell",
    "Move", "pack_move", "unpack_move", "Outcome", "Termination", "Position", "zobrist_hash",
    "piece_key", "Variant", "RAUMSCHACH", "VARIANTS",
]
