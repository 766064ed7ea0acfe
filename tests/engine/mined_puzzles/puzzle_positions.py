"""Hand-made positions for the puzzle tests (found by placing the pieces at random and keeping
the first position the brute force below classed as wanted; the tests re-check it)."""
from engine import Move, Position

# White: Kd1 on level B, Qd2 on B, Rd5 on E; Black: Kd1 on level D, Qa4 on D, Rd2 on E, Rb2 on B.
# One mating move (QBd2-Ed2), and Black is a rook up after any other.
ONE_MATE = "3R1/5/5/3r1/5|5/q4/5/5/3k1|5/5/5/5/5|5/5/5/1r1Q1/3K1|5/5/5/5/5 w 0 40"
# Two mating moves: QCd5-Ca5 and QCd5-Ab5.
TWO_MATES = "5/5/1q3/5/1r3|5/5/5/5/5|3Q1/5/5/5/5|5/5/5/5/5|k4/r4/4K/5/1R3 w 0 40"


def mating_moves(pos: Position) -> list[Move]:
    """Every legal move that mates, by trying each (the rules alone, no search)."""
    out = []
    for move in pos.legal_moves():
        pos.push(move)
        if pos.is_checkmate():
            out.append(move)
        pos.pop()
    return out
