"""Seeded random Hexagonal Raumschach games played by the naive generator (tests/engine/naive_hex.py),
biased toward the moves that exercise rare rules.

Uniform random play seldom brings a pawn to the top of a file on level E, so the choice
prefers, in turn: a promotion, a move that gives check, a capture, a pawn move; otherwise any
move.  The positions come from the naive generator alone, so they do not depend on the engine
they test.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from . import naive_hex as naive

_BIAS = (("promotion", 0.9), ("check", 0.3), ("capture", 0.35), ("pawn", 0.45))


def _mirrored(white: dict) -> dict:
    """White's pieces and Black's mirror image (ruling section 3: (l, q, r) -> (4 - l, q, -r - q))."""
    board = dict(white)
    for (level, q, r), letter in white.items():
        board[(4 - level, q, -r - q)] = letter.lower()
    return board


# A second start for the games: pawns one step from promotion for both sides (White's on
# levels D and E near the tops of their files), so that promotions - to every kind, with and
# without capture - come up.
PROMOTIONS = naive.write(naive.State(_mirrored({
    (1, 0, 0): "K", (2, -2, 0): "Q", (0, 1, -2): "R", (2, 2, -2): "N", (1, -2, 1): "U", (2, 1, -3): "B",
    (4, 0, 2): "P", (4, -1, 2): "P", (3, 0, 3): "P", (3, 2, 1): "P", (4, -2, 2): "P", (2, -1, 1): "P",
}), "w", 0, 1))


def features(state: naive.State, move: naive.Move) -> set[str]:
    frm, to, promo = move
    out = set()
    if promo:
        out.add("promotion")
    if to in state.board:
        out.add("capture")
    if state.board[frm].lower() == "p":
        out.add("pawn")
    after = naive.play(state, move)
    if naive.in_check(after.board, after.side):
        out.add("check")
    return out


@lru_cache(maxsize=None)  # several test files walk the same games; played once per run
def positions(seed: int = 2025, games: int = 6, plies: int = 60) -> tuple[tuple[str, ...], Counter]:
    """Every position along the games (position strings; half of the games from the start,
    half from PROMOTIONS), and a count of what was played and of the positions in check."""
    rng = random.Random(seed)
    seen: Counter = Counter()
    out: list[str] = []
    for game in range(games):
        state = naive.read(naive.START if game % 2 == 0 else PROMOTIONS)
        for _ in range(plies):
            moves = naive.legal_moves(state)
            out.append(naive.write(state))
            if naive.in_check(state.board, state.side):
                seen["in_check"] += 1
            if not moves:
                break
            tagged = [(m, features(state, m)) for m in moves]
            move = None
            for feature, chance in _BIAS:
                some = [m for m, f in tagged if feature in f]
                if some and rng.random() < chance:
                    move = rng.choice(some)
                    break
            if move is None:
                move = rng.choice(moves)
            seen.update(features(state, move))
            state = naive.play(state, move)
    return tuple(out), seen
