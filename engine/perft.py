"""Perft: count the leaves of the legal move tree (the standard move generator check)."""
from __future__ import annotations

from .moves import unpack_move
from .position import Position


def perft(pos: Position, depth: int, bulk: bool = True) -> int:
    """Leaf count at ``depth``.  With ``bulk`` the last ply is counted without playing it
    (the generator only returns legal moves, so the length of the list is the count)."""
    if depth <= 0:
        return 1
    moves = pos.generate_moves()
    if depth == 1 and bulk:
        return len(moves)
    total = 0
    push, pop = pos.push_packed, pos.pop_packed
    for m in moves:
        push(m)
        total += perft(pos, depth - 1, bulk)
        pop()
    return total


def divide(pos: Position, depth: int) -> list[tuple[str, int]]:
    """Per root move (coordinate form, sorted): leaf count of its subtree."""
    out = []
    for m in pos.generate_moves():
        pos.push_packed(m)
        out.append((unpack_move(m).coord(pos.variant), perft(pos, depth - 1)))
        pos.pop_packed()
    return sorted(out)
