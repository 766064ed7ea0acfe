"""Seeded random-game positions of any variant, biased toward the rare moves (en passant,
promotion, castling, placement, capture, double step), for the core agreement tests of
variants without a naive generator of their own (the wide core's test variant).  The games
are played on the Python core only, so the positions do not depend on the core under test."""
from __future__ import annotations

import random
from collections import Counter

from engine import Position
from engine.packed import CELL_MASK, FROM_SHIFT, PLACE_KIND_SHIFT, PROMOTION_SHIFT
from engine.pieces import COLOR_SHIFT, KIND_MASK, PAWN

# (feature, chance of picking one such move when there is one), tried in this order
BIAS = (("en_passant", 0.95), ("ep_chance", 0.9), ("promotion", 0.9), ("castling", 0.1), ("capture", 0.3),
        ("double_step", 0.15), ("placement", 0.3), ("pawn", 0.5))


def features(pos: Position, m: int) -> set[str]:
    """What kind of move packed ``m`` is in ``pos``."""
    variant, side = pos.variant, pos.side
    fr, to = m >> FROM_SHIFT & CELL_MASK, m & CELL_MASK
    mover, target = pos.sq[fr], pos.sq[to]
    out = set()
    if m >> PROMOTION_SHIFT & KIND_MASK:
        out.add("promotion")
    if m >> PLACE_KIND_SHIFT & KIND_MASK:
        out.add("placement")
    if target:
        out.add("castling" if target >> COLOR_SHIFT == side else "capture")
    elif mover & KIND_MASK == PAWN:
        ep = getattr(pos, "ep", None)
        if ep and to in ep[0] and to in variant.pawn_captures[side][fr]:
            out.add("en_passant")
        elif any(t == to for t, _, _ in variant.pawn_doubles[side][fr]):
            out.add("double_step")
    if mover & KIND_MASK == PAWN:
        out.add("pawn")
    return out


def _gives_ep_chance(pos: Position, m: int) -> bool:
    """A double step the reply may take en passant."""
    after = pos.copy()
    after.push_packed(m)
    return any("en_passant" in features(after, r) for r in after.generate_legal())


def biased_positions(variant, count: int, seed: int, max_plies: int = 160) -> tuple[list[Position], Counter]:
    """``count`` positions from seeded random games of ``variant`` (each position after a move),
    and how many moves of each feature were played."""
    rng = random.Random(seed)
    out: list[Position] = []
    played: Counter = Counter()
    while len(out) < count:
        pos = Position.start(variant)
        for _ in range(rng.randrange(1, max_plies)):
            moves = pos.generate_legal()
            if not moves:
                break
            tagged = [(m, features(pos, m)) for m in moves]
            for m, f in tagged:
                if "double_step" in f and _gives_ep_chance(pos, m):
                    f.add("ep_chance")
            choice = None
            for feature, chance in BIAS:
                some = [m for m, f in tagged if feature in f]
                if some and rng.random() < chance:
                    choice = rng.choice(some)
                    break
            if choice is None:
                choice = rng.choice(moves)
            played.update(features(pos, choice))
            pos.push_packed(choice)
            out.append(pos.copy())
            if len(out) >= count:
                break
    return out, played
