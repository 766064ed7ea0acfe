"""Test puzzles found by the engine (until the miner's shipped set is there): random games from
the start position, seeded, until a side has a mating move; the puzzle is the position two
plies before it, its line the two moves played and the mate (a 3-move line: solver, reply,
mate), or the mating position itself (a 1-move line). Not a study-worthy puzzle (the first
move need not be the only good one): a line the site must check, rate and show."""
from __future__ import annotations

import random

import engine

from puzzles.loading import puzzle_row, puzzles_add
from puzzles.models import Puzzle

VARIANTS = ("raumschach", "fiveup", "hexraumschach", "startrek")


# What find_mate_line(variant, 3, seed) found (kept: the search takes seconds to a minute on a
# busy machine; tests/puzzles/test_the_test_lines_are_mates.py holds each to be a mate).
LINES = {
    ("raumschach", 1): ("2k2/p3p/1p3/Q4/5|3u1/2pp1/4R/5/5|P4/pp2p/1N3/P1NU1/5|1r3/2p2/P4/2PPP/B2q1|5/R2u1/1PPp1/1KnPU/5 b 1 42",
        ('Ce4Ce3', 'Cb3Ec3', 'Bd1Bb1')),
    ("raumschach", 2): ("2n2/2p2/5/1p2P/5|Q4/3k1/1u3/5/3p1|5/1p1p1/1R2p/1P2r/5|1r3/5/2P2/1PpP1/2B1U|5/5/4N/5/1K1R1 w 0 72",
        ('Ad1Dd1', 'Dd4Ed5', 'Da5Dd5')),
    ("fiveup", 1): ("rw1n1/ppp2/5/4r/5|gbqu1/pppkp/3ps/5/5|5/u4/3n1/1N2B/5|5/5/3PP/PPP2/UB1U1|1b3/P4/4N/1PPPP/RG1KR b - - - 1 14",
        ('Ab5Cb3', 'Bb1Ac1', 'Cd3Cc1')),
    ("fiveup", 2): ("rwkB1/p1p2/1u2u/1p1pn/5|4r/ppppp/5/1W2G/5|n4/5/4U/1B3/5|5/5/1NPPb/P1PPP/U2Q1|5/5/2P2/PP2P/SRKNR w gs Ea5,Eb5,Ec5 - 9 18",
        ('Bc2Cc2', 'Ee2Ce3', 'Bd1Ed4')),
    ("hexraumschach", 1): ("4/4p/4p1/3Nprk/4pr/4p/4|4/4p/4p1/4p1u/B1Pp2/1P2p/4|1N2/P3p/1P2p1/B1P1pu1/3n1b/4p/2B1|4/P4/Qq1b1u/UUP4/1P2p1/P4/4|4/P4/1UP3/KRnP3/RP4/P4/4 b 7 23",
        ('Bc2Cd2', 'Ed4Dd2', 'Ce4Ae3')),
    ("hexraumschach", 2): ("4/4p/4pq/3p1rk/4p1/4p/4|4/4p/2Pnpu/4puu/B3pr/4p/3b|n2N/b3p/UP1p2/B1P4/1P2p1/P2p1/4|4/P4/UP4/1U1N1b1/1P4/P4/4|4/P4/Q3K1/1RP4/RP4/P4/4 w 2 27",
        ('Ca4Cc3', 'Dd5Cd5', 'Cc3Ec4')),
    ("startrek", 1): ("4kr/4pp/6/6/6/6/6/6/6/6|6/6/1bbpp1/2pn2/1p2n1/6/6/6/6/6|rq4/pp4/6/6/6/6/6/6/6/6|6/6/6/6/6/6/1P4/6/6/6|6/6/6/6/6/6/6/6/P5/RQ4|6/6/6/6/6/3P2/1PBP2/2P3/1N1BN1/6|6/6/6/6/6/6/6/6/4PP/4KR b K1d,K6u,Q1u,Q3d,Q4u,Q6d Ad1,Ae1,Bb2,Cz1,Ez8,Ea8,Fc7,Fd7,Gd8,Ge8 0 9",
        ('Fc6Ea6', 'Bc4Fd5', 'Q4uK1u')),
    ("startrek", 2): ("r5/p5/6/6/6/6/6/6/6/6|6/2b3/2bkp1/2p3/1p2p1/6/6/6/6/6|5r/6/6/5p/6/6/6/6/6/6|6/6/6/3n2/1q4/1p4/6/6/6/6|6/6/6/6/6/6/6/6/PP4/R5|6/6/6/6/6/2PnP1/1B1Q2/3KN1/4N1/6|6/6/6/6/6/6/6/6/4PP/5R b K1d,K4u,K6d,Q1u,Q4u,Q6u Ad1,Ae1,Cz1,Ca1,Gz8 5 59",
        ('Ee9Ee7', 'Bc2Bd3', 'Bc4Dc3')),
    # Two mates at the end (find_mate_line's search with seed 5, keeping a position with two):
    # Ce5De4 is the line's, Ce5Dd5 mates too.
    ("raumschach", 5): ("4k/p1p2/1p3/5/5|4N/ppp1p/3N1/5/5|4Q/3pP/5/5/4B|r4/5/P3P/1PKP1/5|1B3/5/2R2/2PP1/3R1 w 2 41",
        ('Dd3Bd4', 'Ba5Ba3', 'Ce5De4')),
}
OTHER_MATE = ("raumschach", 5, "Ce5Dd5")


def find_mate_line(variant_key: str, plies: int = 3, seed: int = 1) -> tuple[str, tuple[str, ...]]:
    """(position string, line) of a mate found in random play: `plies` 1 or 3."""
    variant = engine.variants.variant_by_key(variant_key)
    rng = random.Random(seed)
    for _ in range(500):
        pos = engine.Position.start(variant)
        history: list[tuple[str, str]] = []  # (position before, move played)
        for _ in range(300):
            moves = pos.legal_moves()
            if not moves:
                break
            for move in moves:
                pos.push(move)
                mate = pos.is_checkmate()
                pos.pop()
                if mate and len(history) >= 2:
                    if plies == 1:
                        return pos.fen(), (pos.coord(move),)
                    return history[-2][0], (history[-2][1], history[-1][1], pos.coord(move))
            move = rng.choice(moves)
            history.append((pos.fen(), pos.coord(move)))
            pos.push(move)
    raise AssertionError(f"no mate found in {variant_key}")


def mate_line(variant_key: str, plies: int = 3, seed: int = 1) -> tuple[str, tuple[str, ...]]:
    """LINES' line, or (plies=1) its last move from the position before it."""
    fen, line = LINES[(variant_key, seed)]
    if plies == 3:
        return fen, line
    pos = engine.Position.from_fen(fen, engine.variants.variant_by_key(variant_key))
    for text in line[:2]:
        pos.push(engine.Move.from_coord(text, pos.variant))
    return pos.fen(), line[2:]


def make_puzzle(variant_key: str = "raumschach", *, plies: int = 3, seed: int = 1,
                rating: float | None = None, themes=("mate",)) -> Puzzle:
    fen, line = mate_line(variant_key, plies, seed)
    row = puzzle_row(variant_key, {"fen": fen, "solution": list(line), "themes": list(themes),
                                   "depth": 2, "source": "test"})
    puzzles_add([row])
    puzzle = Puzzle.objects.get(digest=row.digest)
    if rating is not None:
        Puzzle.objects.filter(pk=puzzle.pk).update(rating=rating)
        puzzle.refresh_from_db()
    return puzzle


def other_move(puzzle, ply: int) -> str:
    """A legal move at `ply` of the line that is not the line's and does not mate."""
    pos = engine.Position.from_fen(puzzle.fen, engine.variants.variant_by_key(puzzle.variant))
    for text in puzzle.solution[:ply]:
        pos.push_checked(text)
    for move in pos.legal_moves():
        pos.push(move)
        mates = pos.is_checkmate()
        pos.pop()
        if not mates and pos.coord(move) != puzzle.solution[ply]:
            return pos.coord(move)
    raise AssertionError("no other move")
