"""The engine's side of the Five Up agreement tests, in one place: how the tests ask the
engine (pure-Python core) for a position, its legal moves in coordinate form and perft."""
from __future__ import annotations

from engine import Position
from engine.perft import perft
from engine import variant_by_key


def variant(castling: bool):
    return variant_by_key("fiveup").with_options(castling=castling)


def position(fen: str, castling: bool = False) -> Position:
    return Position.from_fen(fen, variant(castling))


def coords(pos: Position) -> list[str]:
    return sorted(pos.coord(m) for m in pos.legal_moves())


def divide(pos: Position, depth: int) -> dict[str, int]:
    """Per legal move (coordinate form): the perft of the position after it."""
    out = {}
    for move in pos.legal_moves():
        text = pos.coord(move)
        pos.push(move)
        out[text] = perft(pos, depth - 1)
        pos.pop()
    return out


def count(pos: Position, depth: int) -> int:
    return perft(pos, depth)


def cell(pos: Position, name: str) -> int:
    return pos.variant.geometry.parse_cell(name)
