"""Seeded random-game positions for the core agreement tests (captures preferred half the
time, so material comes off and endings, checks and promotions occur)."""
from __future__ import annotations

import random

from engine import Position
from engine.moves import CELL_MASK


def random_game_positions(count: int, seed: int, max_plies: int = 120) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.start()
        for _ in range(rng.randrange(max_plies)):
            moves = pos.generate_moves()
            if not moves:
                break
            caps = [m for m in moves if pos.sq[m & CELL_MASK]]
            pos.push_packed(rng.choice(caps) if caps and rng.random() < 0.5 else rng.choice(moves))
            out.append(pos.copy())
            if len(out) >= count:
                break
    return out
