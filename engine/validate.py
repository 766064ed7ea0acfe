"""Why is a move illegal?  Reasons for humans, checked in the order a player would think."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import MalformedMoveError
from .moves import pack_move
from .pieces import COLOR_SHIFT, KIND_MASK, PAWN

if TYPE_CHECKING:
    from .position import Position
    from .variants import Variant


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_move_value(move: object, variant: "Variant") -> tuple[int, int, int | None, int | None]:
    """The (from, to, promotion, placement) of a Move-like value (a 3-tuple has no
    placement); MalformedMoveError if it is not one."""
    try:
        frm, to, promo, *rest = move  # type: ignore[misc]
    except (TypeError, ValueError):
        raise MalformedMoveError(f"{move!r} is not a move (from_cell, to_cell, promotion)") from None
    if len(rest) > 1:
        raise MalformedMoveError(f"{move!r} is not a move (from_cell, to_cell, promotion, placement)")
    placement = rest[0] if rest else None
    n = variant.geometry.ncells
    for cell in (frm, to):
        if not (_is_int(cell) and 0 <= cell < n):
            raise MalformedMoveError(f"{cell!r} is not a cell number (0..{n - 1})")
    if promo is not None and not (_is_int(promo) and promo in variant.kinds):
        raise MalformedMoveError(f"{promo!r} is not a piece kind of {variant.name}")
    if placement is not None and not (_is_int(placement) and 1 <= placement <= KIND_MASK):
        raise MalformedMoveError(f"{placement!r} is not a placement (the kind of the piece placed)")
    if frm == to:
        raise MalformedMoveError(f"a move from {variant.geometry.names[frm]} to the same cell")
    return frm, to, promo, placement


def explain_illegal(pos: "Position", move: object) -> str | None:
    """None if ``move`` is legal in ``pos``, else the reason it is not."""
    variant = pos.variant
    frm, to, promo, placement = check_move_value(move, variant)
    names = variant.geometry.names
    board = pos.board
    us = pos.side
    code = board[frm]
    if not code:
        return f"no piece on {names[frm]}"
    if code >> COLOR_SHIFT != us:
        return f"that is not your piece ({pos.describe(frm)})"
    kind = code & KIND_MASK
    name, f, t = variant.names[kind], names[frm], names[to]
    if kind not in variant.kinds:
        return f"{variant.name} has no {name}"
    target = board[to]
    castling = (variant.castling and kind == variant.royal_kind and target == variant.castling_rook | us << COLOR_SHIFT
                and any(to in ray for ray in variant.castling_rays[frm]))
    if target and target >> COLOR_SHIFT == us and not castling:
        return f"{t} is occupied by your own {variant.names[target & KIND_MASK]}"
    if placement is not None:
        reason = _placement_reason(pos, frm, kind, placement, castling)
        if reason:
            return reason
    if kind == PAWN:
        reason = _pawn_reason(pos, frm, to, target, promo)
        if reason:
            return reason
    elif promo is not None:
        return f"only pawns promote (that is a {name})"
    elif castling:
        reason = _castling_reason(pos, frm, to)
        if reason:
            return reason
    else:
        reason = _piece_reason(variant, board, kind, frm, to, target)
        if reason:
            return reason
    if pack_move((frm, to, promo, placement)) not in pos.generate_legal():
        return f"leaves the {variant.names[variant.royal_kind]} in check"
    return None


def _placement_reason(pos: "Position", frm: int, kind: int, placement: int, castling: bool) -> str | None:
    v = pos.variant
    if not v.reserve_kinds:
        return f"{v.name} has no piece placements"
    placed = v.names[placement] if v.names[placement] else f"piece of kind {placement}"
    if placement not in v.reserve_kinds:
        return f"a {placed} is not a reserve piece (the reserve pieces are " \
               f"{', '.join(v.names[k] for k in v.reserve_kinds)})"
    if kind == PAWN:
        return "a pawn's move places nothing (only a non-pawn piece's first move may place a reserve piece)"
    if castling:
        return "castling vacates no cell, so it places nothing"
    if not pos.reserves[pos.side] >> placement & 1:
        return f"your {placed} has already been placed (it is no longer in your reserve)"
    if frm not in pos.unmoved:
        return f"the {v.names[kind]} on {v.geometry.names[frm]} has moved before: only a piece's first move may " \
               "place a reserve piece"
    return None


def _pawn_reason(pos: "Position", frm: int, to: int, target: int, promo: int | None) -> str | None:
    """Why a pawn move breaks the variant's pawn rules (engine/variants/), or None."""
    v = pos.variant
    us = pos.side
    names = v.geometry.names
    f, t = names[frm], names[to]
    doubles = [d for d in v.pawn_doubles[us][frm] if d[0] == to]
    if to in v.pawn_pushes[us][frm]:
        if target:
            return f"a pawn cannot capture straight ahead ({t} is occupied)"
    elif to in v.pawn_captures[us][frm] and (target or not doubles):
        if not target:
            if pos.ep is not None and to in pos.ep[0]:
                return None  # en passant
            return f"a pawn moves diagonally only to capture ({t} is empty)"
    elif doubles:
        _target, middles, any_empty = doubles[0]
        if target:
            return f"a pawn's double step needs an empty target ({t} is occupied)"
        empty = [c for c in middles if not pos.board[c]]
        if not empty if any_empty else len(empty) < len(middles):
            blocked = ", ".join(names[c] for c in middles if pos.board[c])
            return f"the double step is blocked (by a piece on {blocked})"
    else:
        home = any(v.pawn_doubles[us][c] for c in v.geometry.cells)
        return (f"a pawn cannot move from {f} to {t} ({v.pawn_text}"
                + ("; a double step only from its home row)" if home else ")"))
    if to in v.promotion_cells[us]:
        if promo is None:
            *first, last = [v.letters[k] for k in v.promotion_kinds]
            return f"promotion piece missing (add {', '.join(first)} or {last})"
        if promo not in v.promotion_kinds:
            return f"a pawn cannot promote to a {v.names[promo] or 'piece of that kind'}"
    elif promo is not None:
        return f"only a pawn reaching its last row can promote ({t} is not on it)"
    return None


def _castling_reason(pos: "Position", frm: int, to: int) -> str | None:
    names = pos.variant.geometry.names
    them = pos.side ^ 1
    if pos.attacked(frm, them):
        return "you cannot castle out of check"
    for ray in pos.variant.castling_rays[frm]:
        if to in ray:
            between = ray[: ray.index(to)]
            for c in between:
                if pos.board[c]:
                    return f"castling is blocked (by a piece on {names[c]})"
            for c in between:
                if pos.attacked(c, them):
                    return f"the king cannot castle through {names[c]}, which is attacked"
    return None


def _piece_reason(variant: "Variant", board: list, kind: int, frm: int, to: int, target: int) -> str | None:
    names = variant.geometry.names
    for table in (variant.leaps[kind], variant.quiet_leaps[kind] if not target else None,
                  variant.capture_leaps[kind] if target else None):
        if table is not None and to in table[frm]:
            return None
    if not target and variant.capture_leaps[kind] is not None and to in variant.capture_leaps[kind][frm]:
        return f"a {variant.names[kind]} moves to {names[to]} only to capture"
    if target and variant.quiet_leaps[kind] is not None and to in variant.quiet_leaps[kind][frm]:
        return f"a {variant.names[kind]} cannot capture on {names[to]}"
    rays = variant.rays[kind]
    if rays is not None:
        for ray in rays[frm]:
            if to in ray:
                for cell in ray[: ray.index(to)]:
                    if board[cell]:
                        return f"path is blocked (by a piece on {names[cell]})"
                return None
    return f"a {variant.names[kind]} cannot move from {names[frm]} to {names[to]}"
