"""Piece kinds, colours and the one piece code every part of the engine uses.

A piece code is ``kind | colour << 4``: four bits of kind (1..15; 0 is "no piece", so room
for fifteen kinds - Raumschach uses seven, a variant such as Five Up about ten) and the colour
in bit 4 (0 White, 1 Black).  An empty cell holds 0.  Hot loops test "is this an enemy piece"
with one range comparison: White's codes are 1..15, Black's 17..31.

The kind numbers are shared by every variant; a variant says which kinds it uses.
"""
from __future__ import annotations

WHITE = True  # python-chess style colours in the public API ...
BLACK = False
# ... and colour indices inside the engine: 0 White, 1 Black (``Board.side``).

KIND_BITS = 4
KIND_MASK = (1 << KIND_BITS) - 1  # 15
COLOR_SHIFT = KIND_BITS
BLACK_BIT = 1 << COLOR_SHIFT  # 16
NCODES = 2 << COLOR_SHIFT  # codes are 0..31
# Enemy codes of the side with colour index ``side`` lie strictly between ENEMY_RANGE[side].
ENEMY_RANGE = ((BLACK_BIT, NCODES), (0, BLACK_BIT))

PAWN, KNIGHT, BISHOP, ROOK, UNICORN, QUEEN, KING, WIZARD, GUARD, SILVER = range(1, 11)
# The usual letter and name of each kind; a variant may give its own (``PieceType.letter``,
# ``.name``), and reads the letters of its own kinds only (Raumschach reads S as a knight,
# Five Up as a silver unicorn).
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "u", "q", "k", "w", "g", "s"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "unicorn", "queen", "king", "wizard", "guard",
               "silver unicorn"]


def piece_code(side: int, kind: int) -> int:
    """The code of a piece of colour index ``side`` (0 White, 1 Black)."""
    return kind | side << COLOR_SHIFT

