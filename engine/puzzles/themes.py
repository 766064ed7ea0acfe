"""A mined line's themes (docs/puzzles.md, "Themes": each one's definition is there).

Names follow lichess's where lichess has one (mate, mateIn2, fork, pin, promotion, advantage,
crushing, oneMove, short, long, veryLong); the 3D ones are boardmate, spacemate, placement
(Five Up) and attackBoardMove (Star Trek).
"""
from __future__ import annotations

from typing import Sequence

from engine import KING, PAWN, Move, Position
from engine.moves import CELL_MASK, FROM_SHIFT
from engine.pieces import COLOR_SHIFT, KIND_MASK, NCODES

CRUSHING_CP = 600  # lichess: "crushing" beyond six pawns, "advantage" below


def _level(pos: Position, cell: int) -> int:
    return pos.variant.geometry.coords[cell][0]


def _targets(pos: Position, cell: int) -> set[int]:
    """The cells of enemy pieces the piece on ``cell`` attacks; ``pos`` has the enemy to move
    (the piece's side just moved).  The king is among them when that piece gives check."""
    pos.make_null()
    try:
        captures, _ = pos.generate(captures_only=True)
    finally:
        pos.unmake_null()
    return {m & CELL_MASK for m in captures if m >> FROM_SHIFT & CELL_MASK == cell}


def _forks(pos: Position, move: Move, later: Sequence[Move]) -> bool:
    """After ``move`` (played on ``pos``): the moved piece attacks two enemy pieces other than
    pawns (the king counts: a check), and a later solver move captures one of them."""
    if move.board:
        return False
    hit = {c for c in _targets(pos, move.to_cell) if pos.sq[c] and pos.sq[c] & KIND_MASK != PAWN}
    return len(hit) >= 2 and any(m.to_cell in hit for m in later)


def _pins(pos: Position, move: Move) -> bool:
    """After ``move``: the moved slider attacks an enemy piece (not the king) with, next along
    the same line, the enemy king or an enemy piece worth more (so the first may not move
    without losing it)."""
    if move.board:
        return False
    code = pos.sq[move.to_cell]
    kind, side = code & KIND_MASK, code >> COLOR_SHIFT
    rays = pos.variant.rays[kind]
    if not rays:
        return False
    value = pos.variant.value
    for ray in rays[move.to_cell]:
        first = None
        for cell in ray:
            c = pos.sq[cell]
            if c >= NCODES:  # a missing cell (Star Trek's boards: VOID) ends the line
                break
            if not c:
                continue
            if c >> COLOR_SHIFT == side:
                break
            if first is None:
                if c & KIND_MASK == KING:
                    break
                first = c & KIND_MASK
                continue
            if c & KIND_MASK == KING or value[c & KIND_MASK] > value[first]:
                return True
            break
    return False


def themes(pos: Position, line: Sequence[Move], *, mate: bool, score: int) -> tuple[str, ...]:
    """The themes of ``line`` (the solution) from ``pos`` (the puzzle's position, untouched):
    ``mate`` for a mating line, ``score`` the first move's score."""
    p = pos.copy()
    found: set[str] = set()
    solver = line[0::2]
    for i, move in enumerate(line):
        p.push(move)
        if i % 2:
            continue
        if move.promotion:
            found.add("promotion")
        if move.placement is not None:
            found.add("placement")
        if move.board:
            found.add("attackBoardMove")
        later = solver[i // 2 + 1:]
        if _forks(p, move, later):
            found.add("fork")
        if _pins(p, move):
            found.add("pin")
    if mate:
        found.add("mate")
        found.add(f"mateIn{len(solver)}")
        king = p.king(p.turn)
        found.add("boardmate" if all(_level(p, c) == _level(p, king) for c in p.checkers()) else "spacemate")
    else:
        found.add("crushing" if score >= CRUSHING_CP else "advantage")
    found.add({1: "oneMove", 2: "short", 3: "long"}.get(len(solver), "veryLong"))
    return tuple(sorted(found))
