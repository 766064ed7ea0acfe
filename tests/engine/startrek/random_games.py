"""Seeded random Star Trek games on the Python core, biased toward what uniform play seldom
reaches: board moves (with a pawn carried, with the king's lines opened), promotions, captures
across levels, double steps, a bare king.  Every position along the games is kept (copies), so
the two cores can be held against each other on them; ``played`` counts what the games did."""
from __future__ import annotations

import random
from collections import Counter

from engine import Position
from engine.moves import BOARD_MOVE_FLAG, CELL_MASK, FROM_SHIFT, PROMOTION_SHIFT
from engine.pieces import COLOR_SHIFT, KIND_MASK, PAWN

from tests.engine.startrek.helpers import STARTREK, fen

_BIAS = (("promotion", 0.9), ("check", 0.3), ("capture", 0.45), ("board", 0.25), ("double_step", 0.3), ("pawn", 0.3))

# A second start, for every third game: few pieces, pawns near promotion, pieces on the attack
# boards - so promotions, checks across the gaps and a bare king come up.
ENDGAME = fen({"Az0": "K", "Aa1": "P", "Bb4": "Q", "Dc6": "P", "Dd5": "N", "Ba2": "P",
               "Ge9": "k", "Gd8": "p", "Fa5": "r", "Db3": "p", "Ca2": "b", "Fc7": "p"},
              unmoved="Aa1,Ba2,Gd8,Fc7")


def features(pos: Position, m: int) -> set[str]:
    out = set()
    if m & BOARD_MOVE_FLAG:
        out.add("board")
        pin = STARTREK.pin_by_anchor[m >> FROM_SHIFT & CELL_MASK]
        if any(pos.sq[c] & KIND_MASK == PAWN for c in pin.cells if pos.sq[c]):
            out.add("carries_pawn")
        return out
    fr, to = m >> FROM_SHIFT & CELL_MASK, m & CELL_MASK
    if m >> PROMOTION_SHIFT & KIND_MASK:
        out.add("promotion")
    if pos.sq[to]:
        out.add("capture")
        if STARTREK.geometry.coords[to][0] != STARTREK.geometry.coords[fr][0] and pos.sq[fr] & KIND_MASK == PAWN:
            out.add("pawn_capture_across_levels")
    if pos.sq[fr] & KIND_MASK == PAWN:
        out.add("pawn")
        if abs(STARTREK.geometry.coords[to][1] - STARTREK.geometry.coords[fr][1]) == 2:
            out.add("double_step")
    return out


def _gives_check(pos: Position, m: int) -> bool:
    pos.push_packed(m)
    try:
        return pos.is_check()
    finally:
        pos.pop_packed()


def positions(count: int, seed: int, plies: int = 100) -> tuple[list[Position], Counter]:
    """``count`` positions along seeded biased random games, and what was played."""
    rng = random.Random(seed)
    out: list[Position] = []
    played: Counter = Counter()
    games = 0
    while len(out) < count:
        pos = Position.from_fen(ENDGAME, STARTREK) if games % 3 == 2 else Position.start(STARTREK)
        games += 1
        for _ in range(plies):
            moves = pos.generate_legal()
            if not moves or len(out) >= count:
                break
            out.append(pos.copy())
            if pos.is_check():
                played["check"] += 1
            if STARTREK.bare_royal_winner(pos) is not None:
                played["bare_king"] += 1
                break
            tagged = [(m, features(pos, m) | ({"check"} if _gives_check(pos, m) else set())) for m in moves]
            move = rng.choice(moves)
            for feature, chance in _BIAS:
                some = [m for m, t in tagged if feature in t]
                if some and rng.random() < chance:
                    move = rng.choice(some)
                    break
            played.update(dict(tagged)[move])
            pos.push_packed(move)
    return out, played


def side_of(code: int) -> int:
    return code >> COLOR_SHIFT
