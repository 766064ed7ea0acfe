"""Zobrist keys: one random 64-bit number per (piece code, cell) plus one for Black to move.

The keys come from a fixed seed so that hashes are stable across processes (the site may
store them, and tests compare them).
"""
from __future__ import annotations

import random

from .geometry import CELLS

_SEED = 0x5A0B1907  # arbitrary; fixed so hashes are reproducible (1907: Maack's year)
_rng = random.Random(_SEED)

# PIECE_KEYS[code][cell]; code 0 (empty) maps to all zeros so XOR-ing an empty capture is a no-op.
PIECE_KEYS = tuple(
    tuple(0 if code == 0 or code & 7 == 0 else _rng.getrandbits(64) for _ in CELLS) for code in range(16)
)
BLACK_TO_MOVE_KEY = _rng.getrandbits(64)


def hash_board(board: list, black_to_move: bool) -> int:
    h = BLACK_TO_MOVE_KEY if black_to_move else 0
    for cell, code in enumerate(board):
        if code:
            h ^= PIECE_KEYS[code][cell]
    return h
