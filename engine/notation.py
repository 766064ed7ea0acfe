"""Readable moves (``NAb1-Cb2``, ``Bc2xCd3``, ``De5-Ee5=Q#``, ``BBb1-Be4/G``): writing and parsing.

The one place that writes a move's text and its check mark (``Position.san`` and
``engine.step.play_step`` both call :func:`move_text` and :func:`check_suffix`).  Letters
and cell names are the position's variant's.

Check marks: ``#`` checkmate (spacemate), ``++`` boardmate (the checked king has no legal
move on its own board/level, yet the side has a legal move), ``+`` any other check.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple, Sequence

from .errors import AmbiguousMoveError, IllegalMoveError, MalformedMoveError
from .geometry import CellNameError
from .moves import CELL_MASK, FROM_SHIFT, Move, pack_move, unknown_cells, unpack_move
from .pieces import COLOR_SHIFT, KIND_MASK, PAWN, piece_code

if TYPE_CHECKING:
    from .position import Position
    from .variants.base import Variant

_ANNOTATION_RE = re.compile(r"[+#!?]+\Z")


class _Grammar(NamedTuple):
    full: re.Pattern
    short: re.Pattern
    loose_full: re.Pattern
    loose_short: re.Pattern
    kind_by_letter: dict  # upper-case letter -> kind (aliases included)
    by_lower: dict  # lower-cased cell name -> the cell's name


_GRAMMARS: dict[int, _Grammar] = {}


def _grammar(variant: "Variant") -> _Grammar:
    base = variant._base
    found = _GRAMMARS.get(id(base))
    if found is None:
        cell = variant.geometry.cell_pattern
        letters = "".join(sorted({k.upper() for k in variant.kind_by_letter} - {variant.letters[PAWN].upper()}))
        promo = "".join(sorted({variant.letters[k].upper() for k in variant.promotion_kinds}
                               | {a.upper() for a, k in variant.letter_aliases.items() if k in variant.promotion_kinds}))
        place = "".join(variant.letters[k].upper() for k in variant.reserve_kinds)
        placement = rf"(?:/([{place}]))?" if place else "()"
        promotion = rf"(?:=?([{promo}]))?" if promo else "()"
        full = re.compile(rf"^([{letters}]?)({cell})([-x])({cell}){promotion}{placement}\Z")
        short = re.compile(rf"^([{letters}]?)(x?)({cell}){promotion}{placement}\Z")
        loose_place = rf"(?:\s*/\s*([{place}]))?" if place else "()"
        loose_promo = rf"(?:=?\s*([{promo}]))?" if promo else "()"
        loose_full = re.compile(rf"^([{letters}]?)({cell})\s*([-x:]?)\s*({cell})\s*{loose_promo}{loose_place}\Z", re.I)
        loose_short = re.compile(rf"^([{letters}]?)(x?)({cell}){loose_promo}{loose_place}\Z", re.I)
        found = _Grammar(full, short, loose_full, loose_short,
                         {letter.upper(): kind for letter, kind in variant.kind_by_letter.items()},
                         {name.lower(): name for name in variant.geometry.names})
        _GRAMMARS[id(base)] = found
    return found


# --- writing ---------------------------------------------------------------------------------
def move_text(pos: "Position", move: Move) -> str:
    """The readable form of ``move`` in ``pos`` (before it is made), without the check mark."""
    v = pos.variant
    names = v.geometry.names
    frm, to, promo = move[0], move[1], move[2]
    if len(move) > 4 and move[4]:  # a board's move: from-pin - to-pin (docs/rules/startrek.md)
        return f"{v.pin_by_anchor[frm].name}-{v.pin_by_anchor[to].name}"
    placement = move[3] if len(move) > 3 else None
    code = pos.sq[frm]
    kind = code & KIND_MASK
    letter = "" if kind == PAWN else v.letters[kind].upper()
    target = pos.sq[to]
    if target and target >> COLOR_SHIFT != code >> COLOR_SHIFT:
        sep = "x"
    elif kind == PAWN and not target and pos.ep is not None and to in pos.ep[0] \
            and to in v.pawn_captures[pos.side][frm]:
        sep = "x"  # en passant: a pawn's capture onto the cell its victim passed
    else:
        sep = "-"  # a move to an empty cell, or castling onto the own rook's cell
    text = f"{letter}{names[frm]}{sep}{names[to]}"
    if promo:
        text += f"={v.letters[promo].upper()}"
    if placement:
        text += f"/{v.letters[placement].upper()}"
    return text


def check_suffix(pos: "Position", legal: Sequence[int] | None = None) -> str:
    """The mark for the side to move in ``pos``: '', '+', '++' or '#' (``legal``: its legal
    moves if already generated)."""
    if not pos.in_check():
        return ""
    moves = pos.generate_legal() if legal is None else legal
    if not moves:
        return "#"
    layout = pos.variant.geometry.layout
    king = pos.kings[pos.side]
    pane = layout[king][0]
    for m in moves:
        if m >> FROM_SHIFT & CELL_MASK == king and layout[m & CELL_MASK][0] == pane:
            return "+"
    return "++"


def san(pos: "Position", move: Move) -> str:
    """The readable form of a legal move (IllegalMoveError if it is not legal)."""
    pos.validate(move)
    body = move_text(pos, move)
    pos.make(pack_move(move))
    try:
        suffix = check_suffix(pos)
    finally:
        pos.unmake()
    return body + suffix


# --- reading ---------------------------------------------------------------------------------
def parse_san(pos: "Position", text: str) -> Move:
    """A legal move from readable text (full ``NAb1-Cb2``, short ``NCb2``) or coordinates.

    Trailing ``+``/``++``/``#`` (and ``!``/``?``) are ignored.  Raises MalformedMoveError,
    IllegalMoveError (with the reason) or AmbiguousMoveError.
    """
    if not isinstance(text, str):
        raise MalformedMoveError(f"a move must be text, not {type(text).__name__}")
    v = pos.variant
    gr = _grammar(v)
    body = _ANNOTATION_RE.sub("", text.strip())
    if v.coord_re.match(body) or (v.pins and v.pin_move_re.match(body)):
        move = pos.parse_coord(body)  # also the placement written without its '/'
        pos.validate(move)
        return move
    try:
        m = gr.full.match(body)
        if m:
            return _parse_full(pos, text, *m.groups())
        m = gr.short.match(body)
        if m:
            return _parse_short(pos, text, *m.groups())
    except CellNameError as exc:  # a name the pattern admits but no cell has (Star Trek's Dz4)
        raise MalformedMoveError(f"{text!r}: {exc}") from None
    raise MalformedMoveError(
        f"{text!r} is not a move of {v.name} (examples: {', '.join(v.move_examples[0])}, or coordinates "
        f"{', '.join(v.move_examples[1])}){unknown_cells(body, v)}"
    )


def _kind(pos: "Position", letter: str | None) -> int | None:
    return _grammar(pos.variant).kind_by_letter[letter.upper()] if letter else None


def _parse_full(pos: "Position", text: str, letter: str, frm_name: str, sep: str, to_name: str,
                promo: str | None, place: str | None) -> Move:
    v = pos.variant
    names = v.geometry.names
    frm, to = v.geometry.parse_cell(frm_name), v.geometry.parse_cell(to_name)
    move = Move(frm, to, _kind(pos, promo), _kind(pos, place))
    if frm == to:
        raise MalformedMoveError(f"{text!r} moves from a cell to the same cell")
    code = pos.board[frm]
    if code and code >> COLOR_SHIFT == pos.side:
        kind = code & KIND_MASK
        wanted = _kind(pos, letter) if letter else PAWN
        if kind != wanted:
            raise IllegalMoveError(f"{frm_name} holds a {v.names[kind]}, not a {v.names[wanted]}", text)
        target = pos.board[to]
        enemy = target and target >> COLOR_SHIFT != pos.side
        en_passant = (kind == PAWN and not target and pos.ep is not None and to in pos.ep[0]
                      and to in v.pawn_captures[pos.side][frm])
        if sep == "x" and not enemy and not en_passant:
            raise IllegalMoveError(f"nothing to capture on {names[to]} (write - for a move to an empty cell)", text)
        if sep == "-" and enemy:
            raise IllegalMoveError(f"{names[to]} holds a {v.names[target & KIND_MASK]}: write x for a capture", text)
    pos.validate(move)
    return move


def _parse_short(pos: "Position", text: str, letter: str, capture: str, to_name: str, promo: str | None,
                 place: str | None) -> Move:
    v = pos.variant
    to = v.geometry.parse_cell(to_name)
    kind = _kind(pos, letter) if letter else PAWN
    promotion = _kind(pos, promo)
    placement = _kind(pos, place)
    code = piece_code(pos.side, kind)
    candidates = [
        mv
        for mv in map(unpack_move, pos.generate_legal())
        if mv.to_cell == to and pos.board[mv.from_cell] == code and mv.promotion == promotion
        and mv.placement == placement
    ]
    if not candidates:
        raise IllegalMoveError(f"no {v.names[kind]} of yours can legally move to {to_name}", text)
    if len(candidates) > 1:
        options = ", ".join(sorted(san(pos, mv) for mv in candidates))
        raise AmbiguousMoveError(f"{text!r} could mean {options}; give the from-cell")
    if capture and not pos.board[to] and not (kind == PAWN and pos.ep is not None and to in pos.ep[0]):
        raise IllegalMoveError(f"nothing to capture on {to_name}", text)
    return candidates[0]


def parse_typed_move(pos: "Position", text: str) -> Move:
    """A legal move from what someone typed: coordinates or readable notation, in any case.

    Cells are matched case-insensitively and re-cased as the variant names them, so
    ``bc2cc2``, ``BC2-CC2`` and ``Bc2-Cc2`` all read as Bc2Cc2; a placement follows as ``/g``.
    Raises MalformedMoveError with a one-sentence message, or the IllegalMoveError /
    AmbiguousMoveError of :func:`parse_san`.
    """
    if not isinstance(text, str):
        raise MalformedMoveError(f"a move must be text, not {type(text).__name__}")
    gr = _grammar(pos.variant)
    body = _ANNOTATION_RE.sub("", text.strip())
    if pos.variant.pins:  # a board's move in any case: q1d-q1u, Q1DQ1U
        pins = {name.lower(): name for name in pos.variant.pin_by_name}
        alt = "|".join(map(re.escape, pins))
        m = re.fullmatch(rf"({alt})\s*-?\s*({alt})", body.lower())
        if m:
            return parse_san(pos, pins[m.group(1)] + pins[m.group(2)])
    m = gr.loose_full.match(body)
    if m:
        letter, frm, sep, to, promo, place = m.groups()
        frm, to = gr.by_lower.get(frm.lower()), gr.by_lower.get(to.lower())
        if frm is not None and to is not None:
            sep = "x" if sep in ("x", "X", ":") else "-"
            promo_text = promo.upper() if promo else ""
            place_text = f"/{place.upper()}" if place else ""
            if not letter and sep == "-":
                # Plain coordinates: no claim about the piece or a capture to check.
                return parse_san(pos, f"{frm}{to}{promo_text.lower()}{place_text.lower()}")
            # A piece letter or an "x" is a claim parse_san checks (and explains when wrong).
            promo_text = f"={promo_text}" if promo_text else ""
            return parse_san(pos, f"{letter.upper()}{frm}{sep}{to}{promo_text}{place_text}")
    m = gr.loose_short.match(body)
    if m:
        letter, capture, cell, promo, place = m.groups()
        cell = gr.by_lower.get(cell.lower())
        if cell is not None:
            canonical = f"{letter.upper()}{capture.lower()}{cell}"
            canonical += f"={promo.upper()}" if promo else ""
            canonical += f"/{place.upper()}" if place else ""
            return parse_san(pos, canonical)
    raise MalformedMoveError(f"{text.strip()[:40]!r} is not a move; {pos.variant.typed_move_hint}.")
