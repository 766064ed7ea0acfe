"""The naive Hexagonal Raumschach generator (tests/engine/naive_hex.py) is checked against the
ruling itself before it is trusted to judge the engine: its start position string, perft 53 and
2,807 (docs/rules/hexraumschach.md section 7), and the hand counts of section 2."""
import pytest

from . import naive_hex as naive
from .hex.helpers import mirror, quiet_kings
from .hex.test_every_piece_reaches_the_hand_counted_cells import CELLS, HAND, TABLE


def test_the_start_string_reads_and_writes_back():
    assert naive.write(naive.read(naive.START)) == naive.START


def test_perft_one_and_two_from_the_start():
    state = naive.read(naive.START)
    assert naive.perft(state, 1) == 53
    assert naive.perft(state, 2) == 2_807


@pytest.mark.parametrize("letter", sorted(TABLE))
@pytest.mark.parametrize("where", range(3), ids=CELLS)
@pytest.mark.parametrize("colour", ["white", "black"])
def test_the_hand_counts(letter, where, colour):
    cell = CELLS[where] if colour == "white" else mirror(CELLS[where])
    mine, theirs = quiet_kings(cell)
    white = colour == "white"
    board = {naive.parse_cell(cell): letter if white else letter.lower(),
             naive.parse_cell(theirs): "k" if white else "K"}
    if letter != "K":
        board[naive.parse_cell(mine)] = "K" if white else "k"
    state = naive.State(board, "w" if white else "b", 0, 1)
    found = [naive.name(to) for frm, to, _ in naive.legal_moves(state) if naive.name(frm) == cell]
    total, in_level = TABLE[letter][where]
    assert len(found) == total and sum(1 for t in found if t[0] == cell[0]) == in_level


@pytest.mark.parametrize("letter", sorted(HAND))
def test_the_hand_listed_moves_from_the_centre(letter):
    board = {naive.parse_cell("Cd4"): letter}
    assert naive.targets(board, naive.parse_cell("Cd4")) == set(HAND[letter])


def test_the_colours_are_the_rulings():
    # neighbours in a level differ, a diagonal step keeps the colour, one level up adds one
    for cell in naive.ALL_CELLS:
        for dq, dr in naive.ORTHOGONAL:
            other = naive.add(cell, (0, dq, dr))
            if naive.inside(other):
                assert naive.colour(other) != naive.colour(cell)
        for d in naive.BISHOP:
            other = naive.add(cell, d)
            if naive.inside(other):
                assert naive.colour(other) == naive.colour(cell)  # the bishop is colour-bound
        for d in naive.UNICORN + naive.KNIGHT:
            other = naive.add(cell, d)
            if naive.inside(other) and d[0]:
                assert naive.colour(other) != naive.colour(cell)  # the seed's "not the same colour"
