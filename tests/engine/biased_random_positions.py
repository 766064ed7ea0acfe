"""Seeded random games of any variant on the Python board, biased toward the moves that are
rare in uniform play (en passant, promotions, castling, placements, double steps, pawns off
their home cells), for the tests that hold the two cores against each other
(``fiveup_positions.py`` for Five Up; the wide core's variants).  ``played`` counts what the
games did, so a test can check that the rare moves were really exercised."""
from __future__ import annotations

import random
from collections import Counter

from engine import Position
from engine.moves import CELL_MASK, FROM_SHIFT, PLACE_KIND_SHIFT, PROMOTION_SHIFT
from engine.pieces import COLOR_SHIFT, KIND_MASK, PAWN

_BIAS = (("en_passant", 0.95), ("ep_chance", 0.9), ("promotion", 0.9), ("castling", 0.4), ("capture", 0.25), ("double_step", 0.2),
         ("placement", 0.3), ("advance", 0.6))


def _enemy_pawn_takes(pos, cell: int) -> bool:
    enemy = pos.side ^ 1
    pawn = PAWN | enemy << COLOR_SHIFT
    return any(pos.sq[c] == pawn and cell in pos.variant.pawn_captures[enemy][c] for c in range(len(pos.sq)))


def _home(pos) -> set[int]:
    return {c for c in range(len(pos.sq)) if pos.variant.pawn_doubles[pos.side][c]}


def features(pos, m: int) -> set[str]:
    fr, to = m >> FROM_SHIFT & CELL_MASK, m & CELL_MASK
    mover, target = pos.sq[fr], pos.sq[to]
    out = set()
    if m >> PROMOTION_SHIFT & KIND_MASK:
        out.add("promotion")
    if m >> PLACE_KIND_SHIFT & KIND_MASK:
        out.add("placement")
    if target and target >> COLOR_SHIFT == pos.side:
        out.add("castling")
    elif target:
        out.add("capture")
    elif mover & KIND_MASK == PAWN:
        ep = getattr(pos, "ep", None)  # a variant without en passant plays on the plain board
        if ep is not None and to in ep[0] and to in pos.variant.pawn_captures[pos.side][fr]:
            out.add("en_passant")
        else:
            for t, middles, _ in pos.variant.pawn_doubles[pos.side][fr]:
                if t == to:
                    out.add("double_step")
                    if any(_enemy_pawn_takes(pos, c) for c in middles if not pos.sq[c]):
                        out.add("ep_chance")  # an enemy pawn could take it en passant
        if mover & KIND_MASK == PAWN and "double_step" not in out and "en_passant" not in out and fr not in _home(pos):
            out.add("advance")
    return out


def biased_positions(variant, count: int, seed: int, plies: int = 150) -> tuple[list, Counter]:
    """``count`` positions (copies) along seeded biased random games, and the features played."""
    rng = random.Random(seed)
    out: list = []
    played: Counter = Counter()
    while len(out) < count:
        pos = Position.start(variant)
        for _ in range(plies):
            moves = pos.generate_legal()
            if not moves or len(out) >= count:
                break
            out.append(pos.copy())
            tagged = [(m, features(pos, m)) for m in moves]
            move = rng.choice(moves)
            for feature, chance in _BIAS:
                some = [m for m, t in tagged if feature in t]
                if some and rng.random() < chance:
                    move = rng.choice(some)
                    break
            played.update(features(pos, move))
            pos.push_packed(move)
    return out, played
