"""Zobrist keys: one random 64-bit number per (piece code, cell) plus one for Black to move.

The keys come from a fixed seed so that hashes are stable across processes (the site may
store them, tests pin them, and the native core copies them).  The key of a piece is
``piece_key(side, kind, cell)`` == ``PIECE_KEYS[piece_code(side, kind)][cell]``.

The numbers were first drawn for 3-bit piece codes (``kind | colour << 3``); the codes now
have four bits of kind, and the seven Raumschach kinds keep exactly the keys they had, so
every stored hash stays valid.  Kinds 8..15 get keys drawn after the side-to-move key.

A variant owns its keys (``variant.keys``, a :class:`ZobristKeys` drawn by :func:`draw_keys`
for its number of cells): on the cube the piece keys are exactly the ones above, so every
variant on the cube shares them; the keys of the extra state (reserve pieces in hand, unmoved
pieces, en-passant cells) come from a second generator so the first draw never changes.  The
module-level ``PIECE_KEYS`` / ``BLACK_TO_MOVE_KEY`` are the cube's (Raumschach's).
"""
from __future__ import annotations

import random
from typing import NamedTuple

from .pieces import KIND_MASK, NCODES, piece_code

_SEED = 0x5A0B1907  # arbitrary; fixed so hashes are reproducible (1907: Maack's year)
_OLD_KINDS = range(1, 8)  # the kinds of the original 3-bit codes, in the original draw order


class ZobristKeys(NamedTuple):
    """A variant's keys (plain data: the native core copies them).

    ``pieces[code][cell]``; ``black_to_move``; ``reserve[side][kind]``: XORed in while that
    kind is in that side's hand; ``unmoved[cell]``: XORed in while the piece on ``cell`` counts
    as unmoved; ``ep[cell]``: XORed in for each cell an en-passant capture may land on;
    ``pins[pin]``: XORed in while a movable board stands on that pin (Star Trek)."""
    pieces: tuple
    black_to_move: int
    reserve: tuple
    unmoved: tuple
    ep: tuple
    pins: tuple = ()


def draw_keys(ncells: int, seed: int = _SEED, npins: int = 0) -> ZobristKeys:
    rng = random.Random(seed)
    cells = range(ncells)
    keys = [(0,) * ncells for _ in range(NCODES)]  # code 0 (empty) XORs as a no-op
    for side in (0, 1):  # the original order: codes 0..15 of the 3-bit layout
        for kind in _OLD_KINDS:
            keys[piece_code(side, kind)] = tuple(rng.getrandbits(64) for _ in cells)
    black_to_move = rng.getrandbits(64)
    for side in (0, 1):
        for kind in range(_OLD_KINDS.stop, KIND_MASK + 1):
            keys[piece_code(side, kind)] = tuple(rng.getrandbits(64) for _ in cells)
    if ncells != 125 or seed != _SEED:
        # One side-to-move key for every variant: the board XORs a constant on every move.
        black_to_move = draw_keys(125).black_to_move
    extra = random.Random(seed ^ 0xE7A5)  # the state beyond the placement: its own stream
    reserve = tuple(tuple(extra.getrandbits(64) if kind else 0 for kind in range(KIND_MASK + 1)) for _ in (0, 1))
    unmoved = tuple(extra.getrandbits(64) for _ in cells)
    ep = tuple(extra.getrandbits(64) for _ in cells)
    pin_stream = random.Random(seed ^ 0x9195)  # a stream of its own: the draws above never change
    pins = tuple(pin_stream.getrandbits(64) for _ in range(npins))
    return ZobristKeys(tuple(keys), black_to_move, reserve, unmoved, ep, pins)


CUBE_KEYS = draw_keys(125)
# PIECE_KEYS[code][cell]: the cube's (Raumschach's) keys, what the native core is handed today.
PIECE_KEYS, BLACK_TO_MOVE_KEY = CUBE_KEYS.pieces, CUBE_KEYS.black_to_move


def piece_key(side: int, kind: int, cell: int) -> int:
    """The key of a piece of colour index ``side`` (0 White, 1 Black) and ``kind`` on ``cell``."""
    return PIECE_KEYS[piece_code(side, kind)][cell]


def hash_board(board: list, black_to_move: bool, keys: ZobristKeys = CUBE_KEYS) -> int:
    """The hash of a list of piece codes (placement and side only), computed from scratch."""
    h = keys.black_to_move if black_to_move else 0
    pieces = keys.pieces
    for cell, code in enumerate(board):
        if code:
            h ^= pieces[code][cell]
    return h
