"""Why is a move illegal?  Reasons for humans, checked in the order a player would think."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import MalformedMoveError
from .geometry import (
    CELL_NAMES,
    KING,
    KING_TARGETS,
    KNIGHT,
    KNIGHT_TARGETS,
    PAWN,
    PAWN_CAPTURES,
    PAWN_PUSHES,
    PIECE_NAMES,
    PROMOTION_CELLS,
    PROMOTION_KINDS,
    SLIDER_RAYS_BY_KIND,
)
from .moves import pack_move

if TYPE_CHECKING:
    from .position import Position

_CELL_COUNT = 125


def check_move_value(move: object) -> tuple[int, int, int | None]:
    """The (from, to, promotion) of a Move-like value; MalformedMoveError if it is not one."""
    try:
        frm, to, promo = move  # type: ignore[misc]
    except (TypeError, ValueError):
        raise MalformedMoveError(f"{move!r} is not a move (from_cell, to_cell, promotion)") from None
    for cell in (frm, to):
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < _CELL_COUNT:
            raise MalformedMoveError(f"{cell!r} is not a cell number (0..124)")
    if promo is not None and (not isinstance(promo, int) or isinstance(promo, bool) or not 1 <= promo <= KING):
        raise MalformedMoveError(f"{promo!r} is not a piece kind")
    if frm == to:
        raise MalformedMoveError(f"a move from {CELL_NAMES[frm]} to the same cell")
    return frm, to, promo


def explain_illegal(pos: "Position", move: object) -> str | None:
    """None if ``move`` is legal in ``pos``, else the reason it is not."""
    frm, to, promo = check_move_value(move)
    board = pos.board
    us = pos.side
    code = board[frm]
    if not code:
        return f"no piece on {CELL_NAMES[frm]}"
    if code >> 3 != us:
        return f"that is not your piece ({pos.describe(frm)})"
    target = board[to]
    if target and target >> 3 == us:
        return f"{CELL_NAMES[to]} is occupied by your own {PIECE_NAMES[target & 7]}"
    kind = code & 7
    name, f, t = PIECE_NAMES[kind], CELL_NAMES[frm], CELL_NAMES[to]
    if kind == PAWN:
        reason = _pawn_reason(us, frm, to, target, promo)
        if reason:
            return reason
    else:
        if promo is not None:
            return f"only pawns promote (that is a {name})"
        if kind == KNIGHT:
            if to not in KNIGHT_TARGETS[frm]:
                return f"a knight cannot move from {f} to {t}"
        elif kind == KING:
            if to not in KING_TARGETS[frm]:
                return f"a king cannot move from {f} to {t}"
        else:
            reason = _slider_reason(board, kind, frm, to)
            if reason:
                return reason
    if pack_move((frm, to, promo)) not in pos.generate_moves():
        return "leaves the king in check"
    return None


def _pawn_reason(us: int, frm: int, to: int, target: int, promo: int | None) -> str | None:
    f, t = CELL_NAMES[frm], CELL_NAMES[to]
    if to in PAWN_PUSHES[us][frm]:
        if target:
            return f"a pawn cannot capture straight ahead ({t} is occupied)"
    elif to in PAWN_CAPTURES[us][frm]:
        if not target:
            return f"a pawn moves diagonally only to capture ({t} is empty)"
    else:
        return f"a pawn cannot move from {f} to {t} (one step forward or up; captures diagonally forward)"
    if to in PROMOTION_CELLS[us]:
        if promo is None:
            return "promotion piece missing (add q, r, b, n or u)"
        if promo not in PROMOTION_KINDS:
            return f"a pawn cannot promote to a {PIECE_NAMES[promo]}"
    elif promo is not None:
        return f"only a pawn reaching its last row can promote ({t} is not on it)"
    return None


def _slider_reason(board: list, kind: int, frm: int, to: int) -> str | None:
    for ray in SLIDER_RAYS_BY_KIND[kind][frm]:
        if to in ray:
            for cell in ray[: ray.index(to)]:
                if board[cell]:
                    return f"path is blocked (by a piece on {CELL_NAMES[cell]})"
            return None
    return f"a {PIECE_NAMES[kind]} cannot move from {CELL_NAMES[frm]} to {CELL_NAMES[to]}"
