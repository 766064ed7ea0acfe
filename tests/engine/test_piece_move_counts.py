"""Each piece alone (apart from two far-away kings) on a centre, face, edge and corner cell.

Counts are worked out by hand on the 5x5x5 cube.  A slider's ray in one direction is as long
as the shortest room among the axes it moves on (room toward +: 4 - x, toward -: x).
The kings are placed off every line and leap of the piece, so they take nothing away.
"""
import pytest

from engine import Position, parse_cell
from engine.fen import write_fen
from engine.pieces import BLACK_BIT
from engine import BISHOP, KING, KNIGHT, QUEEN, ROOK, UNICORN
from engine.geometry import CELL_NAMES

from . import naive_raumschach as naive

BLACK = BLACK_BIT  # colour bit of a black piece code

# cell -> (white king, black king) placed out of reach of every piece standing on the cell
KINGS = {"Cc3": ("Ab1", "Ad1"), "Ac3": ("Ba1", "Bd1"), "Aa3": ("Ad1", "Ad4"), "Aa1": ("Ad2", "Ab4")}

HAND_COUNTS = {
    # Centre Cc3 = (2,2,2): room 2 each way on every axis.
    ("Cc3", ROOK): 6 * 2,  # 6 directions x 2
    ("Cc3", BISHOP): 12 * 2,
    ("Cc3", UNICORN): 8 * 2,
    ("Cc3", QUEEN): 26 * 2,
    # Every cell is within two steps of the centre, so the black king (on Aa1 for this case)
    # always guards one of the centre's neighbours: Bb2, the only cell next to both.
    ("Cc3", KING): 26 - 1,
    ("Cc3", KNIGHT): 24,  # every (2,1,0) leap fits
    # Face centre Ac3 = (0,2,2): level can only go up (room 4), rank and file room 2 each way.
    ("Ac3", ROOK): 4 + 2 * 2 + 2 * 2,  # a rook always has 12 on an empty 5-cube
    ("Ac3", BISHOP): 2 * 2 + 2 * 2 + 4 * 2,  # level-rank: 2 dirs x 2; level-file: 2 x 2; rank-file: 4 x 2
    ("Ac3", UNICORN): 4 * 2,  # level up x rank +- x file +-, each min(4,2,2) = 2
    ("Ac3", QUEEN): 12 + 16 + 8,
    ("Ac3", KING): 2 * 3 * 3 - 1,  # levels A-B x 3 ranks x 3 files, minus its own cell
    ("Ac3", KNIGHT): 8 + 4 + 4,  # level part 0 (8 leaps), +1 (4), +2 (4); none may go down
    # Edge middle Aa3 = (0,2,0): level and file only go up (room 4), rank room 2 each way.
    ("Aa3", ROOK): 4 + 4 + 2 * 2,
    ("Aa3", BISHOP): 2 * 2 + 4 + 2 * 2,  # level-rank 2 dirs x 2; level-file 1 dir x 4; rank-file 2 x 2
    ("Aa3", UNICORN): 2 * 2,  # level up, file up, rank +-: min(4,4,2) = 2
    ("Aa3", QUEEN): 12 + 12 + 4,
    ("Aa3", KING): 2 * 3 * 2 - 1,  # levels A-B x ranks 2-4 x files a-b
    ("Aa3", KNIGHT): 4 + 2 + 4,  # level part 0: (+-2,1),(+-1,2); rank part 0: (2,1),(1,2); file part 0: (2,+-1),(1,+-2)
    # Corner Aa1 = (0,0,0): every axis only goes up, room 4.
    ("Aa1", ROOK): 3 * 4,
    ("Aa1", BISHOP): 3 * 4,  # one diagonal per face plane
    ("Aa1", UNICORN): 4,  # the long diagonal to Ee5
    ("Aa1", QUEEN): 12 + 12 + 4,
    ("Aa1", KING): 2 * 2 * 2 - 1,
    ("Aa1", KNIGHT): 6,  # the 6 orderings of (2,1,0), all positive
}


def lone_piece(cell_name, kind):
    board = [0] * 125
    wk, bk = KINGS[cell_name]
    board[parse_cell(wk)] = KING
    board[parse_cell(bk)] = KING | BLACK
    cell = parse_cell(cell_name)
    if kind != KING:
        board[cell] = kind
    else:  # the king itself is under test: it stands on the cell, the black king in a far corner
        board = [0] * 125
        board[cell] = KING
        board[parse_cell("Aa1" if cell_name == "Cc3" else "Ee5")] = KING | BLACK
    return Position.from_fen(write_fen(board, False, 0, 1)), cell


@pytest.mark.parametrize("cell_name,kind", sorted(HAND_COUNTS))
def test_a_lone_piece_has_the_hand_counted_number_of_moves(cell_name, kind):
    pos, cell = lone_piece(cell_name, kind)
    moves = [m for m in pos.legal_moves() if m.from_cell == cell]
    assert len(moves) == HAND_COUNTS[(cell_name, kind)]
    assert all(pos.board[m.to_cell] == 0 for m in moves)  # nothing in reach: no captures
    # The naive generator (which perft counts are checked against) agrees with the hand count.
    naive_moves = [c for c in naive.legal_coords(pos.fen()) if c.startswith(CELL_NAMES[cell])]
    assert len(naive_moves) == HAND_COUNTS[(cell_name, kind)]


def test_a_piece_of_black_moves_like_the_same_piece_of_white_mirrored():
    # Black's unicorn on Ee5 (the point reflection of Aa1) has the corner count too.
    board = [0] * 125
    board[parse_cell("Ed4")] = KING | BLACK  # off the long diagonal
    board[parse_cell("Ab2")] = KING
    board[parse_cell("Ee5")] = UNICORN | BLACK
    pos = Position.from_fen(write_fen(board, True, 0, 1))
    assert len([m for m in pos.legal_moves() if m.from_cell == parse_cell("Ee5")]) == 4
