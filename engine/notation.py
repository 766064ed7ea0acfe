"""Readable moves (``NAb1-Cb2``, ``Bc2xCd3``, ``De5-Ee5=Q#``): writing and parsing.

Check marks: ``#`` checkmate (spacemate), ``++`` boardmate (the checked king has no legal
move on its own level, yet the side has a legal move), ``+`` any other check.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .errors import AmbiguousMoveError, IllegalMoveError, MalformedMoveError
from .geometry import CELL_NAMES, cell_level, parse_cell
from .moves import _COORD_RE, CELL_MASK, FROM_SHIFT, Move, unpack_move
from .pieces import COLOR_SHIFT, KIND_MASK, KNIGHT, PAWN, PIECE_NAMES, PIECE_SYMBOLS, piece_code

if TYPE_CHECKING:
    from .position import Position

_CELL = r"[A-E][a-e][1-5]"
_PIECE = r"[KQRBNUS]"
_FULL_RE = re.compile(rf"^({_PIECE}?)({_CELL})([-x])({_CELL})(?:=?([QRBNUS]))?\Z")
_SHORT_RE = re.compile(rf"^({_PIECE}?)(x?)({_CELL})(?:=?([QRBNUS]))?\Z")
_ANNOTATION_RE = re.compile(r"[+#!?]+\Z")
_KIND_BY_LETTER = {s.upper(): k for k, s in enumerate(PIECE_SYMBOLS) if s} | {"S": KNIGHT}


def check_suffix(pos: "Position") -> str:
    """The mark for the side to move in ``pos``: '', '+', '++' or '#'."""
    if not pos.is_check():
        return ""
    moves = pos.generate_moves()
    if not moves:
        return "#"
    king = pos.king(pos.turn)
    level = cell_level(king)
    king_from = king << FROM_SHIFT
    for m in moves:
        if m & ~CELL_MASK == king_from and cell_level(m & CELL_MASK) == level:
            return "+"
    return "++"


def san(pos: "Position", move: Move) -> str:
    """The readable form of a legal move (IllegalMoveError if it is not legal)."""
    pos.validate(move)
    frm, to, promo = move[0], move[1], move[2]
    kind = pos.board[frm] & KIND_MASK
    letter = "" if kind == PAWN else PIECE_SYMBOLS[kind].upper()
    sep = "x" if pos.board[to] else "-"
    promotion = f"={PIECE_SYMBOLS[promo].upper()}" if promo else ""
    pos.push(move)
    try:
        suffix = check_suffix(pos)
    finally:
        pos.pop()
    return f"{letter}{CELL_NAMES[frm]}{sep}{CELL_NAMES[to]}{promotion}{suffix}"


def parse_san(pos: "Position", text: str) -> Move:
    """A legal move from readable text (full ``NAb1-Cb2``, short ``NCb2``) or coordinates.

    Trailing ``+``/``++``/``#`` (and ``!``/``?``) are ignored.  Raises MalformedMoveError,
    IllegalMoveError (with the reason) or AmbiguousMoveError.
    """
    if not isinstance(text, str):
        raise MalformedMoveError(f"a move must be text, not {type(text).__name__}")
    body = _ANNOTATION_RE.sub("", text.strip())
    if _COORD_RE.match(body):
        move = Move.from_coord(body)
        pos.validate(move)
        return move
    m = _FULL_RE.match(body)
    if m:
        return _parse_full(pos, text, *m.groups())
    m = _SHORT_RE.match(body)
    if m:
        return _parse_short(pos, text, *m.groups())
    raise MalformedMoveError(
        f"{text!r} is not a move (examples: NAb1-Cb2, Bc2xCd3, De5-Ee5=Q, or coordinates Bc2Cc2, De5Ee5q)"
    )


def _parse_full(pos: "Position", text: str, letter: str, frm_name: str, sep: str, to_name: str, promo: str | None) -> Move:
    frm, to = parse_cell(frm_name), parse_cell(to_name)
    move = Move(frm, to, _KIND_BY_LETTER[promo] if promo else None)
    if frm == to:
        raise MalformedMoveError(f"{text!r} moves from a cell to the same cell")
    code = pos.board[frm]
    if code and code >> COLOR_SHIFT == pos.side:
        kind = code & KIND_MASK
        wanted = _KIND_BY_LETTER[letter] if letter else PAWN
        if kind != wanted:
            raise IllegalMoveError(f"{frm_name} holds a {PIECE_NAMES[kind]}, not a {PIECE_NAMES[wanted]}", text)
        target = pos.board[to]
        if sep == "x" and not target:
            raise IllegalMoveError(f"nothing to capture on {to_name} (write - for a move to an empty cell)", text)
        if sep == "-" and target and target >> COLOR_SHIFT != pos.side:
            raise IllegalMoveError(f"{to_name} holds a {PIECE_NAMES[target & KIND_MASK]}: write x for a capture", text)
    pos.validate(move)
    return move


def _parse_short(pos: "Position", text: str, letter: str, capture: str, to_name: str, promo: str | None) -> Move:
    to = parse_cell(to_name)
    kind = _KIND_BY_LETTER[letter] if letter else PAWN
    promotion = _KIND_BY_LETTER[promo] if promo else None
    code = piece_code(pos.side, kind)
    candidates = [
        mv
        for mv in map(unpack_move, pos.generate_moves())
        if mv.to_cell == to and pos.board[mv.from_cell] == code and mv.promotion == promotion
    ]
    if not candidates:
        raise IllegalMoveError(f"no {PIECE_NAMES[kind]} of yours can legally move to {to_name}", text)
    if len(candidates) > 1:
        options = ", ".join(sorted(san(pos, mv) for mv in candidates))
        raise AmbiguousMoveError(f"{text!r} could mean {options}; give the from-cell")
    if capture and not pos.board[to]:
        raise IllegalMoveError(f"nothing to capture on {to_name}", text)
    return candidates[0]



# What a person types into a move box: coordinates or the readable form, any letter case,
# with or without the dash.  Cells are matched case-insensitively and re-cased (level upper,
# file lower), so ``bc2cc2``, ``BC2-CC2`` and ``Bc2-Cc2`` all read as Bc2Cc2.
_LOOSE_CELL = r"([a-e])([a-e])([1-5])"
_LOOSE_FULL_RE = re.compile(
    rf"^([kqrbnus]?){_LOOSE_CELL}\s*([-x:]?)\s*{_LOOSE_CELL}\s*(?:=?\s*([qrbnus]))?\Z", re.I
)
_LOOSE_SHORT_RE = re.compile(rf"^([kqrbnus]?)(x?){_LOOSE_CELL}(?:=?([qrbnus]))?\Z", re.I)


def _cell(level: str, file: str, rank: str) -> str:
    return f"{level.upper()}{file.lower()}{rank}"


def parse_typed_move(pos: "Position", text: str) -> Move:
    """A legal move from what someone typed: coordinates or readable notation, in any case.

    Raises MalformedMoveError with a one-sentence message, or the IllegalMoveError /
    AmbiguousMoveError of :func:`parse_san`.
    """
    if not isinstance(text, str):
        raise MalformedMoveError(f"a move must be text, not {type(text).__name__}")
    body = _ANNOTATION_RE.sub("", text.strip())
    m = _LOOSE_FULL_RE.match(body)
    if m:
        letter, l1, f1, r1, sep, l2, f2, r2, promo = m.groups()
        sep = "x" if sep in ("x", "X", ":") else "-"
        promo = f"={promo.upper()}" if promo else ""
        frm, to = _cell(l1, f1, r1), _cell(l2, f2, r2)
        if not letter and sep == "-":
            # Plain coordinates: no claim about the piece or a capture to check.
            return parse_san(pos, f"{frm}{to}{promo[1:].lower()}")
        # A piece letter or an "x" is a claim parse_san checks (and explains when wrong).
        return parse_san(pos, f"{letter.upper()}{frm}{sep}{to}{promo}")
    m = _LOOSE_SHORT_RE.match(body)
    if m:
        letter, capture, level, file, rank, promo = m.groups()
        canonical = f"{letter.upper()}{capture.lower()}{_cell(level, file, rank)}"
        canonical += f"={promo.upper()}" if promo else ""
        return parse_san(pos, canonical)
    raise MalformedMoveError(
        f"{text.strip()[:40]!r} is not a move; type it as the move list shows it (Bc2-Cc2) "
        "or as two cells (Bc2Cc2)."
    )
