"""Every piece alone on the empty board, from the centre, a face centre, an edge and a corner:
the naive generator's move counts are the hand counts of docs/rules/fiveup.md section 3, for
White and for Black on the mirrored cells."""
import pytest

from . import naive_fiveup as naive
from .fiveup.test_every_piece_reaches_the_hand_counted_cells import CELLS, TABLE  # the ruling's table


def alone(letter: str, cell) -> int:
    side = "w" if letter.isupper() else "b"
    state = naive.State({cell: letter}, side, frozenset(), frozenset(), None, 0, 1)
    return len(naive.legal_moves(state))


@pytest.mark.parametrize("letter", sorted(TABLE))
def test_white_pieces_match_the_table(letter):
    assert tuple(alone(letter, naive.parse_cell(c)) for c in CELLS) == TABLE[letter]


@pytest.mark.parametrize("letter", sorted(TABLE))
def test_black_pieces_match_the_table_on_the_mirrored_cells(letter):
    mirrored = [(4 - l, 4 - r, f) for l, r, f in map(naive.parse_cell, CELLS)]
    assert tuple(alone(letter.lower(), c) for c in mirrored) == TABLE[letter]
