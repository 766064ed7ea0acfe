"""Positions for the board editor's and "play from a position"'s tests: a variant's start
position after random legal moves (a position a game reaches, so every set-up rule holds)."""
from __future__ import annotations

import random

import engine


def random_reachable(variant: engine.Variant, seed: int, plies: int = 12) -> str:
    """The position string after up to `plies` random legal moves from the start, stopping
    before a move that would leave the side to move without a move."""
    rng = random.Random(seed)
    position = engine.Position(variant.start_fen, variant)
    for _ply in range(plies):
        moves = position.legal_moves()
        rng.shuffle(moves)
        for move in moves:
            position.push(move)
            if position.legal_moves():
                break
            position.pop()
        else:
            break
    assert position.fen() != variant.start_fen
    return position.fen()
