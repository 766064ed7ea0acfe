"""Readable hex moves (docs/rules/hexraumschach.md section 6: `BCd2-Dd3`, `NBe1xCe3`,
`Dd7-Ed7=Q#`): along seeded random games every legal move is written and read back to itself,
and the ruling's examples read."""
import random

from engine import Position

from tests.engine.hex.helpers import HEX, fen


def test_every_move_reads_back_from_its_readable_text_along_random_games():
    rng = random.Random(31)
    for _ in range(3):
        pos = Position.start(HEX)
        for _ in range(40):
            moves = pos.legal_moves()
            if not moves:
                break
            for move in moves:
                assert pos.parse_san(pos.san(move)) == move
                assert pos.parse_san(move.coord(HEX)) == move
            pos.push(rng.choice(moves))


def test_the_rulings_examples():
    pos = Position.from_fen(fen({"Ad1": "K", "Cd2": "B", "Be1": "N", "Ce3": "p", "Dd7": "P", "Eb1": "k"}), HEX)
    assert pos.san(pos.parse_san("BCd2-Dd3")) == "BCd2-Dd3"
    assert pos.san(pos.parse_san("NBe1xCe3")) == "NBe1xCe3"
    assert pos.parse_san("Dd7Ed7q").coord(HEX) == "Dd7Ed7q"
    assert pos.san(pos.parse_san("Dd7-Ed7=Q")).startswith("Dd7-Ed7=Q")
    # the shared ruling's example Dd6-Ed7 is a bishop's step, not a pawn's (section 4)
    pawn = Position.from_fen(fen({"Ad1": "K", "Dd6": "P", "Eb1": "k"}), HEX)
    assert not [m for m in pawn.legal_moves() if m.coord(HEX).startswith("Dd6Ed7")]
