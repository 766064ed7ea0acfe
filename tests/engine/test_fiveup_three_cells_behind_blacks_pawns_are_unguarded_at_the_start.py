"""The seed's remark (docs/rules/fiveup.md section 10): of the cells behind Black's pawns that
no pawn can protect -- rank 5 on levels A to C -- exactly Aa5, Ad5 and Bb5 are not attacked by
Black at the start.  Asked of the engine's attack test; the naive generator agrees."""
from engine.pieces import BLACK

from . import fiveup_engine as eng
from . import naive_fiveup as naive

BEHIND_THE_PAWNS = [f"{level}{file}5" for level in "ABC" for file in "abcde"]


def test_exactly_three_of_the_fifteen_cells_are_unguarded_by_the_engine():
    pos = eng.position(naive.START)
    unguarded = {c for c in BEHIND_THE_PAWNS if not pos.is_attacked(eng.cell(pos, c), BLACK)}
    assert unguarded == {"Aa5", "Ad5", "Bb5"}


def test_the_naive_generator_finds_the_same_three():
    board = naive.read(naive.START).board
    unguarded = {c for c in BEHIND_THE_PAWNS if not naive.attacked(board, naive.parse_cell(c), "b")}
    assert unguarded == {"Aa5", "Ad5", "Bb5"}
