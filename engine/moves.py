"""Move values: the public ``Move`` tuple and the one packed-int encoding the whole engine uses.

Packed move (board, search, perft): ``from << 9 | to | promotion << 18 | placed << 22``::

    bits  0..8   to cell (0..511: room for boards larger than the cube)
    bits  9..17  from cell
    bits 18..21  promotion kind (4 bits, engine.pieces), 0 = none
    bits 22..25  placed kind, 0 = none: a reserve piece put on the cell the mover left, for
                 variants that have placements (Raumschach has none)
    bit  26      a movable board's move (Star Trek's attack boards): from and to are the
                 anchor cells of the from-pin and the to-pin (engine/board_pins.py)
    bits 27..28  free for a later variant's flags

MOVE_BITS (29) is the width with the flags: the search keeps ordering scores above it in one sortable int.  The
order of packed moves is the order of (promotion, from, to), as with the 7-bit cells before,
so the searches' tie-breaks did not change with the width.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from .errors import MalformedMoveError, PlacementLetterError, UnknownCellError
# The bit layout lives in engine/packed.py (the variants read it and must not import this
# module, which reads the variants for move text); re-exported here as before.
from .packed import (  # noqa: F401
    BOARD_MOVE_FLAG, CELL_MASK, FROM_SHIFT, MOVE_BITS, MOVE_MASK, NULL_PACKED, PLACE_KIND_SHIFT, PROMOTION_SHIFT,
)
from .pieces import PIECE_SYMBOLS

if TYPE_CHECKING:
    from .variants.base import Variant


_CELL_LIKE = re.compile(r"[A-Z][a-z][0-9]+")
_PIN_LIKE = re.compile(r"[A-Z][0-9]+[a-z]")  # Star Trek's K1d, Q6u


def unknown_name(text: str, variant: "Variant") -> tuple[str, str] | None:
    """The first cell-shaped (or, with movable boards, pin-shaped) part of ``text`` that names
    no cell or pin of ``variant`` and how that kind of name goes, else None."""
    for token in _CELL_LIKE.findall(text):
        try:
            variant.geometry.parse_cell(token)
        except ValueError:
            return token, variant.geometry.name_hint
    if variant.pins:
        for token in _PIN_LIKE.findall(text):
            if token not in variant.pin_by_name:
                return token, f"an attack board's pin is one of {', '.join(variant.pin_by_name)}"
    return None


def unknown_cells(text: str, variant: "Variant") -> str:
    """"; 'Aa5' is not a cell name (...)" for the first cell-shaped part of ``text`` that names
    no cell of ``variant``'s board (a cube cell on a hex level), else ""."""
    for token in _CELL_LIKE.findall(text):
        try:
            variant.geometry.parse_cell(token)
        except ValueError as exc:
            return f"; {exc}"
    return ""


def _default_variant() -> "Variant":
    from .variants.raumschach import RAUMSCHACH  # lazy: the variants load after this module

    return RAUMSCHACH


def reserve_letters(variant: "Variant") -> tuple[tuple[str, str], ...]:
    """(letter, name) of each piece ``variant`` places (none: it has no placements)."""
    return tuple((variant.letters[k], variant.names[k]) for k in variant.reserve_kinds)


def placement_letter_error(text: str, variant: "Variant") -> PlacementLetterError | None:
    """For a coordinate move placing a piece ``variant`` never places (``/q``: a queen, or any
    piece in a variant without placements), the error that says so in those terms; else None.
    (A Move with such a placement is a value all the same: its validation calls it illegal.)"""
    m = variant.coord_re.match(text.strip()) if isinstance(text, str) else None
    letter = m.group(4) if m else None
    if letter and variant.kind_by_letter.get(letter) not in variant.reserve_kinds:
        return PlacementLetterError(f"{text!r}: {letter!r} is not a piece {variant.name} places", letter,
                                    variant.name, reserve_letters(variant))
    return None


class Move(NamedTuple):
    """``placement``: the kind of a reserve piece put on the cell the mover left (variants
    with placements), or None.  ``board``: a movable board's move (Star Trek's attack boards),
    ``from_cell`` / ``to_cell`` then the anchor cells of the from-pin and the to-pin
    (``variant.pins``).  Text is the variant's (cell names, letters, pin names): pass it."""
    from_cell: int
    to_cell: int
    promotion: int | None = None
    placement: int | None = None
    board: bool = False

    @classmethod
    def from_coord(cls, text: str, variant: "Variant | None" = None) -> "Move":
        """Parse a coordinate move of ``variant`` (default Raumschach) such as ``Bc2Cc2`` or
        ``De5Ee5q``; a placement follows as ``/`` + lower-case piece letter: ``Bb1Be4/g``."""
        v = variant if variant is not None else _default_variant()
        if not isinstance(text, str):
            raise MalformedMoveError(f"a move must be text, not {type(text).__name__}")
        if v.pins:
            pm = v.pin_move_re.match(text.strip())
            if pm:
                frm_pin, to_pin = (v.pin_by_name[name] for name in pm.groups())
                if frm_pin is to_pin:
                    raise MalformedMoveError(f"{text!r} moves a board from a pin to the same pin")
                return cls(frm_pin.anchor, to_pin.anchor, None, None, True)
        m = v.coord_re.match(text.strip())
        if not m:
            message = (f"{text!r} is not a coordinate move of {v.name} ({v.coord_example}; e.g. "
                       f"{' or '.join(v.move_examples[1])}){unknown_cells(text, v)}")
            unknown = unknown_name(text.strip(), v)
            if unknown is not None:
                raise UnknownCellError(message, unknown[0], v.name, unknown[1])
            raise MalformedMoveError(message)
        frm, to, promo, place_letter = m.groups()
        if frm == to:
            raise MalformedMoveError(f"{text!r} moves from a cell to the same cell")
        placement = None
        if place_letter:
            placement = v.kind_by_letter.get(place_letter)
            if placement is None:
                raise PlacementLetterError(f"{text!r}: {place_letter!r} is not a {v.name} piece letter",
                                           place_letter, v.name, reserve_letters(v))
        parse = v.geometry.parse_cell
        try:
            frm_cell = parse(frm)
        except ValueError as exc:  # a name the pattern admits but no cell has (Star Trek's Dz4)
            raise UnknownCellError(f"{text!r}: {exc}", frm, v.name, v.geometry.name_hint) from None
        try:
            to_cell = parse(to)
        except ValueError as exc:
            raise UnknownCellError(f"{text!r}: {exc}", to, v.name, v.geometry.name_hint) from None
        return cls(frm_cell, to_cell, v.promotion_by_letter[promo] if promo else None, placement)

    def coord(self, variant: "Variant | None" = None) -> str:
        """``Bc2Cc2`` / ``De5Ee5q`` (/ ``Bb1Be4/g`` with a placement) in ``variant``'s names
        (default: the cube's names and the usual letters)."""
        if variant is None:
            from .geometry import CELL_NAMES

            names, letters = CELL_NAMES, PIECE_SYMBOLS
        else:
            names, letters = variant.geometry.names, variant.letters
            if self.board:
                pin = variant.pin_by_anchor
                return pin[self.from_cell].name + pin[self.to_cell].name
        text = names[self.from_cell] + names[self.to_cell]
        if self.promotion:
            text += letters[self.promotion]
        if self.placement is not None:
            text += "/" + letters[self.placement]
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
    if len(move) > 4 and move[4]:
        m |= BOARD_MOVE_FLAG
    return m


def unpack_move(m: int) -> Move:
    return Move(m >> FROM_SHIFT & CELL_MASK, m & CELL_MASK, m >> PROMOTION_SHIFT & 15 or None,
                m >> PLACE_KIND_SHIFT & 15 or None, bool(m & BOARD_MOVE_FLAG))
