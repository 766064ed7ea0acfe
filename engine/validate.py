"""Why is a move illegal?  Reasons for humans, checked in the order a player would think."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import MalformedMoveError
from .geometry import CELL_NAMES
from .moves import pack_move
from .pieces import COLOR_SHIFT, KIND_MASK, PAWN, PIECE_NAMES, PIECE_SYMBOLS

if TYPE_CHECKING:
    from .position import Position
    from .variants import Variant

_CELL_COUNT = 125


def _is_cell(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < _CELL_COUNT


def _is_kind(value: object) -> bool:
    """A kind some piece has (engine.pieces names every kind of every variant)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value < len(PIECE_NAMES)


def check_move_value(move: object) -> tuple[int, int, int | None, int | None]:
    """The (from, to, promotion, placement) of a Move-like value (a 3-tuple has no
    placement); MalformedMoveError if it is not one."""
    try:
        frm, to, promo, *rest = move  # type: ignore[misc]
    except (TypeError, ValueError):
        raise MalformedMoveError(f"{move!r} is not a move (from_cell, to_cell, promotion)") from None
    if len(rest) > 1:
        raise MalformedMoveError(f"{move!r} is not a move (from_cell, to_cell, promotion, placement)")
    placement = rest[0] if rest else None
    for cell in (frm, to):
        if not _is_cell(cell):
            raise MalformedMoveError(f"{cell!r} is not a cell number (0..124)")
    if promo is not None and not _is_kind(promo):
        raise MalformedMoveError(f"{promo!r} is not a piece kind")
    if placement is not None and not _is_kind(placement):
        raise MalformedMoveError(f"{placement!r} is not a placement (the kind of the piece placed)")
    if frm == to:
        raise MalformedMoveError(f"a move from {CELL_NAMES[frm]} to the same cell")
    return frm, to, promo, placement


def explain_illegal(pos: "Position", move: object) -> str | None:
    """None if ``move`` is legal in ``pos``, else the reason it is not."""
    frm, to, promo, placement = check_move_value(move)
    board = pos.board
    us = pos.side
    variant = pos.variant
    if placement is not None:
        return f"{variant.name} has no piece placements"
    code = board[frm]
    if not code:
        return f"no piece on {CELL_NAMES[frm]}"
    if code >> COLOR_SHIFT != us:
        return f"that is not your piece ({pos.describe(frm)})"
    target = board[to]
    if target and target >> COLOR_SHIFT == us:
        return f"{CELL_NAMES[to]} is occupied by your own {PIECE_NAMES[target & KIND_MASK]}"
    kind = code & KIND_MASK
    name, f, t = PIECE_NAMES[kind], CELL_NAMES[frm], CELL_NAMES[to]
    if kind == PAWN:
        reason = _pawn_reason(variant, us, frm, to, target, promo)
        if reason:
            return reason
    else:
        if promo is not None:
            return f"only pawns promote (that is a {name})"
        leaps = variant.leaps[kind]
        if leaps is not None and to in leaps[frm]:
            pass
        elif variant.rays[kind] is not None:
            reason = _slider_reason(board, variant.rays[kind], kind, frm, to)
            if reason:
                return reason
        else:
            return f"a {name} cannot move from {f} to {t}"
    if pack_move((frm, to, promo)) not in pos.generate_moves():
        return f"leaves the {PIECE_NAMES[variant.royal_kind]} in check"
    return None


def _pawn_reason(variant: "Variant", us: int, frm: int, to: int, target: int, promo: int | None) -> str | None:
    """Why a pawn move breaks the variant's pawn rules (engine/variants/), or None."""
    f, t = CELL_NAMES[frm], CELL_NAMES[to]
    if to in variant.pawn_pushes[us][frm]:
        if target:
            return f"a pawn cannot capture straight ahead ({t} is occupied)"
    elif to in variant.pawn_captures[us][frm]:
        if not target:
            return f"a pawn moves diagonally only to capture ({t} is empty)"
    else:
        return f"a pawn cannot move from {f} to {t} (one step forward or up; captures diagonally forward)"
    if to in variant.promotion_cells[us]:
        if promo is None:
            *first, last = [PIECE_SYMBOLS[k] for k in variant.promotion_kinds]
            return f"promotion piece missing (add {', '.join(first)} or {last})"
        if promo not in variant.promotion_kinds:
            return f"a pawn cannot promote to a {PIECE_NAMES[promo]}"
    elif promo is not None:
        return f"only a pawn reaching its last row can promote ({t} is not on it)"
    return None


def _slider_reason(board: list, rays: tuple, kind: int, frm: int, to: int) -> str | None:
    for ray in rays[frm]:
        if to in ray:
            for cell in ray[: ray.index(to)]:
                if board[cell]:
                    return f"path is blocked (by a piece on {CELL_NAMES[cell]})"
            return None
    return f"a {PIECE_NAMES[kind]} cannot move from {CELL_NAMES[frm]} to {CELL_NAMES[to]}"
