"""The rules of the server's games: geometry, variants, positions, legal moves, notation, perft.

Pure Python; imports nothing from Django or the rest of the project.  See README.md in this
directory for where each piece of the engine lives, and docs/variant-seam.md for what a
variant owns.  ``VARIANTS`` maps a key to its variant (Raumschach is the default everywhere);
``variant_by_key`` raises ``UnknownVariantError`` for a key no variant has; the API is
this module's exports, shaped after python-chess (docs/architecture.md, "The rules engine").
"""
from .errors import (
    AmbiguousMoveError, IllegalMoveError, IllegalPositionError, KingCountError, MalformedMoveError, MoveError,
    NoMoveError, OppositeCheckError, PawnPlacementError, PinError, PlacementLetterError, PositionError,
    UnknownCellError, UnmovedError,
)
from .geometry import CELLS, CUBE, Geometry, cell_file, cell_level, cell_name, cell_rank, parse_cell
from .moves import Move, pack_move, unpack_move
from .outcome import Outcome, Termination
from .pieces import (
    BISHOP, BLACK, GUARD, KING, KNIGHT, PAWN, PIECE_SYMBOLS, QUEEN, ROOK, SILVER, UNICORN, WHITE, WIZARD,
)
from .position import Position
from .setup import check_setup, validate_setup
from .variants import (
    RAUMSCHACH, VARIANTS, UnknownVariantError, Variant, VariantOptionError, register, variant_by_key,
)
from .variants.raumschach import START_FEN
from .zobrist import hash_board, piece_key


def zobrist_hash(pos: Position) -> int:
    """The position's hash computed from scratch (the incremental ``pos.zobrist`` must equal it)."""
    return pos.compute_hash()


__all__ = [
    "AmbiguousMoveError", "IllegalMoveError", "MalformedMoveError", "MoveError", "PositionError",
    "PlacementLetterError", "UnknownCellError", "IllegalPositionError", "KingCountError", "NoMoveError",
    "OppositeCheckError", "PawnPlacementError", "PinError", "UnmovedError", "check_setup",
    "validate_setup",
    "START_FEN", "BISHOP", "BLACK", "CELLS", "GUARD", "KING", "KNIGHT", "PAWN", "PIECE_SYMBOLS", "QUEEN",
    "ROOK", "SILVER", "UNICORN", "WHITE", "WIZARD", "cell_file", "cell_level", "cell_name", "cell_rank",
    "parse_cell", "CUBE", "Geometry", "Move", "pack_move", "unpack_move", "Outcome", "Termination", "Position",
    "zobrist_hash", "hash_board", "piece_key", "Variant", "RAUMSCHACH", "VARIANTS", "UnknownVariantError",
    "VariantOptionError", "register", "variant_by_key",
]
