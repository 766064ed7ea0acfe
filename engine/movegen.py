"""The hot loop: legal move generation and attack tests on the raw board.

Everything time-critical lives here, behind two functions with plain-data arguments, so a
compiled core could replace this module without touching ``Position``:

* ``generate(board, own, king, us, captures_only) -> list[int]`` – fully legal packed moves;
* ``attacked(board, cell, by) -> bool``.

``board`` is a list of 125 piece codes (0 empty, ``kind | colour << 3``; colour 0 White,
1 Black), ``own`` maps the mover's occupied cells to their codes, ``king`` is the mover's king
cell and ``us`` the mover's colour index.

Legality without make/unmake: one walk along the 26 lines out of the king finds the checkers
and the pinned pieces.  A pinned piece may only move within its pin line; in single check
every non-king move must land on the checking line (block or capture); in double check only
the king moves.  There is no castling or en passant, so these masks are exact and only king
steps need an attack test (done with the king lifted off the board, so that it does not
shield the cell behind it from a slider).
"""
from __future__ import annotations

from .geometry import (
    BISHOP,
    BISHOP_RAYS,
    KING,
    KING_LINES,
    KING_TARGETS,
    KNIGHT,
    KNIGHT_TARGETS,
    PAWN,
    PAWN_ATTACKERS,
    PAWN_CAPTURES,
    PAWN_PUSHES,
    PROMOTION_CELLS,
    PROMOTION_KINDS,
    QUEEN,
    QUEEN_RAYS,
    ROOK,
    ROOK_RAYS,
    SLIDER_KINDS_BY_LINE,
    UNICORN,
    UNICORN_RAYS,
)

# SLIDERS[colour][line family]: the piece codes of that colour that slide along that family.
SLIDERS = tuple(tuple(frozenset(k | col << 3 for k in kinds) for kinds in SLIDER_KINDS_BY_LINE) for col in (0, 1))
RAYS_BY_CODE = [None] * 16
for _col in (0, 1):
    for _kind, _rays in ((ROOK, ROOK_RAYS), (BISHOP, BISHOP_RAYS), (UNICORN, UNICORN_RAYS), (QUEEN, QUEEN_RAYS)):
        RAYS_BY_CODE[_kind | _col << 3] = _rays
# Promotion bits in packed form, ordered best first (search ordering benefits).
PROMOTION_BITS = tuple(k << 14 for k in PROMOTION_KINDS)


def attacked(board: list, cell: int, by: int) -> bool:
    """Is ``cell`` attacked by a piece of colour index ``by``?  (Reverse rays from the cell.)"""
    shift = by << 3
    rook, bishop, unicorn, queen = ROOK | shift, BISHOP | shift, UNICORN | shift, QUEEN | shift
    for ray in ROOK_RAYS[cell]:
        for t in ray:
            p = board[t]
            if p:
                if p == rook or p == queen:
                    return True
                break
    for ray in BISHOP_RAYS[cell]:
        for t in ray:
            p = board[t]
            if p:
                if p == bishop or p == queen:
                    return True
                break
    for ray in UNICORN_RAYS[cell]:
        for t in ray:
            p = board[t]
            if p:
                if p == unicorn or p == queen:
                    return True
                break
    knight = KNIGHT | shift
    for t in KNIGHT_TARGETS[cell]:
        if board[t] == knight:
            return True
    king = KING | shift
    for t in KING_TARGETS[cell]:
        if board[t] == king:
            return True
    pawn = PAWN | shift
    for t in PAWN_ATTACKERS[by][cell]:
        if board[t] == pawn:
            return True
    return False


def checks_and_pins(board: list, king: int, us: int) -> tuple[int, frozenset | None, dict]:
    """(number of checkers, cells that answer a single check or None, {pinned cell: pin line})."""
    them = us ^ 1
    sliders = SLIDERS[them]
    checkers = 0
    evasion = None
    pins = {}
    for family, line in KING_LINES[king]:
        own = -1
        for t, upto in line:
            p = board[t]
            if p:
                if p >> 3 == us:
                    if own >= 0:
                        break  # two own pieces on the line: nothing is pinned
                    own = t
                    continue
                if p in sliders[family]:
                    if own >= 0:
                        pins[own] = upto
                    else:
                        checkers += 1
                        evasion = upto
                break
    shift = them << 3
    knight = KNIGHT | shift
    for t in KNIGHT_TARGETS[king]:
        if board[t] == knight:
            checkers += 1
            evasion = frozenset((t,))
    pawn = PAWN | shift
    for t in PAWN_ATTACKERS[them][king]:
        if board[t] == pawn:
            checkers += 1
            evasion = frozenset((t,))
    return checkers, evasion, pins


def generate(board: list, own: dict, king: int, us: int, captures_only: bool = False) -> list[int]:
    """All legal moves (packed ints) for the side ``us``; with ``captures_only`` just captures
    and promotions."""
    them = us ^ 1
    checkers, evasion, pins = checks_and_pins(board, king, us)
    moves: list[int] = []
    append = moves.append
    if checkers < 2:
        promo_cells = PROMOTION_CELLS[us]
        pushes_tab = PAWN_PUSHES[us]
        caps_tab = PAWN_CAPTURES[us]
        pawn_code = PAWN | us << 3
        knight_code = KNIGHT | us << 3
        king_code = KING | us << 3
        for frm, p in own.items():
            if p == king_code:
                continue
            allowed = evasion
            if pins and frm in pins:
                allowed = pins[frm] if allowed is None else allowed & pins[frm]
                if not allowed:
                    continue
            start = len(moves)
            base = frm << 7
            if p == pawn_code:
                if not captures_only:
                    for t in pushes_tab[frm]:
                        if not board[t]:
                            if t in promo_cells:
                                for pb in PROMOTION_BITS:
                                    append(base | t | pb)
                            else:
                                append(base | t)
                else:
                    for t in pushes_tab[frm]:
                        if not board[t] and t in promo_cells:
                            for pb in PROMOTION_BITS:
                                append(base | t | pb)
                for t in caps_tab[frm]:
                    q = board[t]
                    if q and q >> 3 == them:
                        if t in promo_cells:
                            for pb in PROMOTION_BITS:
                                append(base | t | pb)
                        else:
                            append(base | t)
            elif p == knight_code:
                if captures_only:
                    for t in KNIGHT_TARGETS[frm]:
                        q = board[t]
                        if q and q >> 3 == them:
                            append(base | t)
                else:
                    for t in KNIGHT_TARGETS[frm]:
                        q = board[t]
                        if not q or q >> 3 == them:
                            append(base | t)
            elif captures_only:
                for ray in RAYS_BY_CODE[p][frm]:
                    for t in ray:
                        q = board[t]
                        if q:
                            if q >> 3 == them:
                                append(base | t)
                            break
            else:
                for ray in RAYS_BY_CODE[p][frm]:
                    for t in ray:
                        q = board[t]
                        if q:
                            if q >> 3 == them:
                                append(base | t)
                            break
                        append(base | t)
            if allowed is not None and len(moves) > start:
                moves[start:] = [m for m in moves[start:] if m & 127 in allowed]
    # King steps: lift the king so that a slider checking along a line also covers the cell
    # behind the king on that line.
    board[king] = 0
    base = king << 7
    for t in KING_TARGETS[king]:
        q = board[t]
        if q:
            if q >> 3 == us:
                continue
        elif captures_only:
            continue
        if not attacked(board, t, them):
            append(base | t)
    board[king] = KING | us << 3
    return moves
