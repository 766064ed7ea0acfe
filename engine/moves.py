"""Move values: the public ``Move`` tuple and the packed ints the move generator uses.

Packed move (internal fast path): ``from_cell << 7 | to_cell | promotion_kind << 14``.
Seven bits hold a cell (0..124); a promotion kind (2..6) sits above them; 0 means none.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from .errors import MalformedMoveError
from .geometry import CELL_NAMES, KNIGHT, PIECE_SYMBOLS, PROMOTION_KINDS, parse_cell

_COORD_RE = re.compile(r"^([A-E][a-e][1-5])([A-E][a-e][1-5])([qrbnus]?)\Z")
# Lower-case promotion letters on input; "s" (Springer) is accepted for the knight.
_PROMOTION_BY_LETTER = {PIECE_SYMBOLS[k]: k for k in PROMOTION_KINDS} | {"s": KNIGHT}

NULL_PACKED = 0  # from Aa1 to Aa1: never a real move, used for null moves


class Move(NamedTuple):
    from_cell: int
    to_cell: int
    promotion: int | None = None

    @classmethod
    def from_coord(cls, text: str) -> "Move":
        """Parse a coordinate move such as ``Bc2Cc2`` or ``De5Ee5q``."""
        if not isinstance(text, str):
            raise MalformedMoveError(f"a move must be text, not {type(text).__name__}")
        m = _COORD_RE.match(text.strip())
        if not m:
            raise MalformedMoveError(
                f"{text!r} is not a coordinate move (from-cell, to-cell, optional promotion letter q/r/b/n/u, "
                "e.g. Bc2Cc2 or De5Ee5q)"
            )
        frm, to, promo = m.groups()
        if frm == to:
            raise MalformedMoveError(f"{text!r} moves from a cell to the same cell")
        return cls(parse_cell(frm), parse_cell(to), _PROMOTION_BY_LETTER[promo] if promo else None)

    def coord(self) -> str:
        """``Bc2Cc2`` / ``De5Ee5q``."""
        promo = PIECE_SYMBOLS[self.promotion] if self.promotion else ""
        return CELL_NAMES[self.from_cell] + CELL_NAMES[self.to_cell] + promo

    def __str__(self) -> str:
        return self.coord()

    @classmethod
    def null(cls) -> "Move":
        return cls(0, 0, None)

    def __bool__(self) -> bool:
        # Like python-chess: the null move is falsy.
        return self.from_cell != self.to_cell


def pack_move(move: Move) -> int:
    return move[0] << 7 | move[1] | (move[2] or 0) << 14


def unpack_move(m: int) -> Move:
    return Move(m >> 7 & 127, m & 127, m >> 14 or None)


def packed_from(m: int) -> int:
    return m >> 7 & 127


def packed_to(m: int) -> int:
    return m & 127


def packed_promotion(m: int) -> int:
    return m >> 14
