"""Seeded random Five Up games played by the naive generator, biased toward the rare moves.

Uniform random play almost never brings a pawn next to an enemy pawn's passed cell or to the
last row, so the choice prefers, in turn: an en-passant capture, a double step that an enemy
pawn may take en passant, a promotion, a castling, a capture, a pawn double step, a move with
a placement, a pawn move off its home row (the home pawns wait, so that enemy pawns arrive
next to their passed cells).  The positions come from
the naive generator alone, so they do not depend on the engine they test.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from . import naive_fiveup as naive

# (feature, chance of picking one such move when there is one), tried in this order
_BIAS = (
    ("en_passant", 0.95),
    ("ep_chance", 0.9),
    ("promotion", 0.9),
    ("castling", 0.4),
    ("capture", 0.25),
    ("double_step", 0.1),
    ("placement", 0.4),
    ("advance", 0.6),
)


def features(state: naive.State, move: naive.Move) -> set[str]:
    frm, to, promo, place = move
    letter = state.board[frm]
    target = state.board.get(to)
    out = set()
    if promo:
        out.add("promotion")
    if place:
        out.add("placement")
    if letter.lower() == "p":
        out.add("pawn")
        if (frm[0], frm[1]) != ((0, 1) if letter.isupper() else (4, 3)):
            out.add("advance")  # a pawn already off its double-step row
        sign = 1 if letter.isupper() else -1
        d = tuple(b - a for a, b in zip(frm, to))
        if target is None and state.ep and to in state.ep[0] and d in naive.pawn_captures(sign):
            out.add("en_passant")
        elif target is None and d in ((0, 2 * sign, 0), (2 * sign, 0, 0), (sign, sign, 0)):
            out.add("double_step")
            passed = naive.play(state, move).ep[0]
            if any(
                l.lower() == "p" and l.isupper() != letter.isupper() and naive.attacks(state.board, c, p)
                for c, l in state.board.items() for p in passed
            ):
                out.add("ep_chance")  # the reply may take it en passant
    if target is not None:
        if letter.lower() == "k" and target.isupper() == letter.isupper():
            out.add("castling")
        else:
            out.add("capture")
    return out


@dataclass(eq=False)
class Sample:
    fen: str
    castling: bool
    possible: frozenset  # the features some legal move in this position has
    move: str = ""  # the move played from here (coordinate form)
    after: str = ""  # the position string it led to


@lru_cache(maxsize=None)  # several test files walk the same games; played once per run
def random_positions(seed: int, games: int, plies: int, castling: bool) -> tuple[tuple[Sample, ...], Counter]:
    """Every position along ``games`` seeded random games of up to ``plies`` plies, and a
    count of the features of the moves played."""
    rng = random.Random(seed)
    played: Counter = Counter()
    out: list[Sample] = []
    for _ in range(games):
        state = naive.read(naive.START, castling)
        for _ in range(plies):
            moves = naive.legal_moves(state)
            if not moves:
                break
            tagged = [(m, features(state, m)) for m in moves]
            sample = Sample(naive.write(state), castling, frozenset().union(*(t for _, t in tagged)))
            out.append(sample)
            move = rng.choice(moves)
            for feature, chance in _BIAS:
                some = [m for m, t in tagged if feature in t]
                if some and rng.random() < chance:
                    move = rng.choice(some)
                    break
            played.update(features(state, move))
            state = naive.play(state, move)
            sample.move, sample.after = naive.coord(move), naive.write(state)
    return tuple(out), played


RARE = ("en_passant", "promotion", "castling", "placement")


def agreement_sample(count: int, castling: bool) -> list[Sample]:
    """``count`` positions from the agreement games: for each rare move (en passant, promotion,
    castling, placement) up to a sixth of ``count`` positions where one is legal, then evenly
    spaced others."""
    positions, _ = walked(castling)
    chosen: list[Sample] = []
    for feature in RARE:
        chosen += [s for s in positions if feature in s.possible and s not in chosen][: count // 6]
    rest = [s for s in positions if s not in chosen]
    step = max(1, len(rest) // (count - len(chosen)))
    return chosen + rest[::step][: count - len(chosen)]


SEED = 20261125
GAMES = 6
PLIES = 120


def walked(castling: bool) -> tuple[tuple[Sample, ...], Counter]:
    """The agreement tests' games: every position along them, and what was played."""
    return random_positions(SEED, GAMES, PLIES, castling)
