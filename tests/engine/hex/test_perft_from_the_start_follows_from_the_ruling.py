"""Perft from the Hexagonal Raumschach start (docs/rules/hexraumschach.md section 7): 53 and
2,807, the same for Black (colour mirror), and White's first moves split 20 pawn, 16 knight,
15 bishop, 2 queen."""
from collections import Counter

from engine import Position
from engine.perft import perft
from engine.pieces import KIND_MASK

from tests.engine.hex.helpers import HEX


def test_perft_one_and_two():
    pos = Position.start(HEX)
    assert perft(pos, 1) == 53
    assert perft(pos, 2) == 2_807
    assert pos.fen() == HEX.start_fen


def test_black_has_as_many_moves_as_white():
    black = Position.from_fen(HEX.start_fen.replace(" w ", " b "), HEX)
    assert perft(black, 1) == 53
    assert perft(black, 2) == 2_807


def test_whites_first_moves_split_by_piece_as_the_ruling_says():
    pos = Position.start(HEX)
    by_kind = Counter(HEX.letters[pos.board[m.from_cell] & KIND_MASK] for m in pos.legal_moves())
    assert by_kind == {"p": 20, "n": 16, "b": 15, "q": 2}
