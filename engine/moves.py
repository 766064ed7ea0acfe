"""Move values: the public ``Move`` tuple and the one packed-int encoding the whole engine uses.

Packed move (board, search, perft): ``from << 9 | to | promotion << 18 | placed << 22``::

    bits  0..8   to cell (0..511: room for boards larger than the cube)
    bits  9..17  from cell
    bits 18..21  promotion kind (4 bits, engine.pieces), 0 = none
    bits 22..25  placed kind, 0 = none: a reserve piece put on the cell the mover left, for
                 variants that have placements (Raumschach has none)

MOVE_BITS is the width: the search keeps ordering scores above it in one sortable int.  The
order of packed moves is the order of (promotion, from, to), as with the 7-bit cells before,
so the searches' tie-breaks did not change with the width.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from .errors import MalformedMoveError
from .geometry import CELL_NAMES, parse_cell
from .pieces import KNIGHT, PIECE_SYMBOLS, QUEEN

FROM_SHIFT = 9
CELL_MASK = (1 << FROM_SHIFT) - 1  # 511
PROMOTION_SHIFT = 18
PLACE_KIND_SHIFT = 22
MOVE_BITS = 26
MOVE_MASK = (1 << MOVE_BITS) - 1
NULL_PACKED = 0  # from Aa1 to Aa1: never a real move, used for null moves

_COORD_RE = re.compile(r"^([A-E][a-e][1-5])([A-E][a-e][1-5])([qrbnus]?)(?:/([a-z]))?\Z")
# Lower-case promotion letters on input; "s" (Springer) is accepted for the knight.
_PROMOTION_BY_LETTER = {PIECE_SYMBOLS[k]: k for k in range(KNIGHT, QUEEN + 1)} | {"s": KNIGHT}
_KIND_BY_LETTER = {s: k for k, s in enumerate(PIECE_SYMBOLS) if s}


class Move(NamedTuple):
    """``placement``: the kind of a reserve piece put on the cell the mover left (variants
    with placements), or None."""
    from_cell: int
    to_cell: int
    promotion: int | None = None
    placement: int | None = None

    @classmethod
    def from_coord(cls, text: str) -> "Move":
        """Parse a coordinate move such as ``Bc2Cc2`` or ``De5Ee5q`` (a placement, in variants
        that have them, follows as ``/`` + lower-case piece letter: ``Bb1Be4/g``)."""
        if not isinstance(text, str):
            raise MalformedMoveError(f"a move must be text, not {type(text).__name__}")
        m = _COORD_RE.match(text.strip())
        if not m:
            raise MalformedMoveError(
                f"{text!r} is not a coordinate move (from-cell, to-cell, optional promotion letter q/r/b/n/u, "
                "e.g. Bc2Cc2 or De5Ee5q)"
            )
        frm, to, promo, place_letter = m.groups()
        if frm == to:
            raise MalformedMoveError(f"{text!r} moves from a cell to the same cell")
        placement = None
        if place_letter:
            if place_letter not in _KIND_BY_LETTER:
                raise MalformedMoveError(f"{text!r}: {place_letter!r} is not a piece letter")
            placement = _KIND_BY_LETTER[place_letter]
        return cls(parse_cell(frm), parse_cell(to), _PROMOTION_BY_LETTER[promo] if promo else None, placement)

    def coord(self) -> str:
        """``Bc2Cc2`` / ``De5Ee5q`` (/ ``Bb1Be4/g`` with a placement)."""
        promo = PIECE_SYMBOLS[self.promotion] if self.promotion else ""
        text = CELL_NAMES[self.from_cell] + CELL_NAMES[self.to_cell] + promo
        if self.placement is not None:
            text += "/" + PIECE_SYMBOLS[self.placement]
        return text

    def __str__(self) -> str:
        return self.coord()

    @classmethod
    def null(cls) -> "Move":
        return cls(0, 0, None)

    def __bool__(self) -> bool:
        # Like python-chess: the null move is falsy.
        return self.from_cell != self.to_cell


def pack_move(move: Move) -> int:
    m = move[0] << FROM_SHIFT | move[1] | (move[2] or 0) << PROMOTION_SHIFT
    placement = move[3] if len(move) > 3 else None
    if placement is not None:
        m |= placement << PLACE_KIND_SHIFT
    return m


def unpack_move(m: int) -> Move:
    return Move(m >> FROM_SHIFT & CELL_MASK, m & CELL_MASK, m >> PROMOTION_SHIFT & 15 or None,
                m >> PLACE_KIND_SHIFT & 15 or None)
