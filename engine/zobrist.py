"""Zobrist keys: one random 64-bit number per (piece code, cell) plus one for Black to move.

The keys come from a fixed seed so that hashes are stable across processes (the site may
store them, tests pin them, and the native core copies them).  The key of a piece is
``piece_key(side, kind, cell)`` == ``PIECE_KEYS[piece_code(side, kind)][cell]``.

The numbers were first drawn for 3-bit piece codes (``kind | colour << 3``); the codes now
have four bits of kind, and the seven Raumschach kinds keep exactly the keys they had, so
every stored hash stays valid.  Kinds 8..15 get keys drawn after the side-to-move key.
"""
from __future__ import annotations

import random

from .geometry import CELLS
from .pieces import KIND_MASK, NCODES, piece_code

_SEED = 0x5A0B1907  # arbitrary; fixed so hashes are reproducible (1907: Maack's year)
_OLD_KINDS = range(1, 8)  # the kinds of the original 3-bit codes, in the original draw order


def _draw() -> tuple[tuple[tuple[int, ...], ...], int]:
    rng = random.Random(_SEED)
    keys = [(0,) * len(CELLS) for _ in range(NCODES)]  # code 0 (empty) XORs as a no-op
    for side in (0, 1):  # the original order: codes 0..15 of the 3-bit layout
        for kind in _OLD_KINDS:
            keys[piece_code(side, kind)] = tuple(rng.getrandbits(64) for _ in CELLS)
    black_to_move = rng.getrandbits(64)
    for side in (0, 1):
        for kind in range(_OLD_KINDS.stop, KIND_MASK + 1):
            keys[piece_code(side, kind)] = tuple(rng.getrandbits(64) for _ in CELLS)
    return tuple(keys), black_to_move


# PIECE_KEYS[code][cell]
PIECE_KEYS, BLACK_TO_MOVE_KEY = _draw()


def piece_key(side: int, kind: int, cell: int) -> int:
    """The key of a piece of colour index ``side`` (0 White, 1 Black) and ``kind`` on ``cell``."""
    return PIECE_KEYS[piece_code(side, kind)][cell]


def hash_board(board: list, black_to_move: bool) -> int:
    """The hash of a list of 125 piece codes, computed from scratch."""
    h = BLACK_TO_MOVE_KEY if black_to_move else 0
    for cell, code in enumerate(board):
        if code:
            h ^= PIECE_KEYS[code][cell]
    return h
