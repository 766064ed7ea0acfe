"""Pawns: two pushes (forward, up), five diagonal captures, promotion on the far row.

Each position places capturable black knights on every capture cell the test cares about,
and the two kings out of the way; counts are worked out by hand in the comments.
"""
import pytest

from engine import Position, parse_cell, KNIGHT, QUEEN, ROOK, BISHOP, UNICORN
from engine.fen import write_fen
from engine.pieces import BLACK_BIT
from engine import KING, PAWN

BLACK = BLACK_BIT  # the colour bit of a piece code


def position(white_pawns=(), black_pawns=(), white_victims=(), black_victims=(), black_to_move=False):
    """Kings on Aa1/Ee5 corners unless a test says otherwise; victims are knights."""
    board = [0] * 125
    board[parse_cell("Ae1")] = KING
    board[parse_cell("Ea5")] = KING | BLACK
    for c in white_pawns:
        board[parse_cell(c)] = PAWN
    for c in black_pawns:
        board[parse_cell(c)] = PAWN | BLACK
    for c in black_victims:
        board[parse_cell(c)] = KNIGHT | BLACK
    for c in white_victims:
        board[parse_cell(c)] = KNIGHT
    return Position.from_fen(write_fen(board, black_to_move, 0, 1))


def pawn_moves(pos, cell):
    return sorted(m.coord() for m in pos.legal_moves() if m.from_cell == parse_cell(cell))


def test_a_white_pawn_in_the_middle_pushes_forward_and_up():
    assert pawn_moves(position(["Cc3"]), "Cc3") == ["Cc3Cc4", "Cc3Dc3"]


def test_a_white_pawn_captures_on_the_five_cells_named_in_the_rules():
    pos = position(["Cc3"], black_victims=["Cb4", "Cd4", "Db3", "Dd3", "Dc4"])
    assert pawn_moves(pos, "Cc3") == sorted(
        ["Cc3Cc4", "Cc3Dc3", "Cc3Cb4", "Cc3Cd4", "Cc3Db3", "Cc3Dd3", "Cc3Dc4"]
    )


def test_a_pawn_does_not_capture_straight_ahead_or_backward_or_sideways():
    # Pieces straight ahead and up block; pieces behind, beside, and on backward diagonals are no targets.
    victims = ["Cc4", "Dc3", "Cb2", "Cd2", "Bb3", "Bd3", "Cb3", "Cd3", "Bc2"]
    assert pawn_moves(position(["Cc3"], black_victims=victims), "Cc3") == []


def test_a_pawn_does_not_capture_its_own_pieces():
    assert pawn_moves(position(["Cc3"], white_victims=["Cb4", "Dc4"]), "Cc3") == ["Cc3Cc4", "Cc3Dc3"]


@pytest.mark.parametrize(
    "cell,victims,expected",
    [
        # file a: the two captures toward file a-1 fall off the board: 2 pushes + 3 captures
        ("Ca3", ["Cb4", "Db3", "Da4"], 2 + 3),
        # file e: mirror image
        ("Ce3", ["Cd4", "Dd3", "De4"], 2 + 3),
        # rank 5 below level E: no forward push, only up; captures (level+1, file+-1) only
        ("Cc5", ["Db5", "Dd5"], 1 + 2),
        # level E below rank 5: no up push; captures (rank+1, file+-1) only
        ("Ec3", ["Eb4", "Ed4"], 1 + 2),
        # level A rank 1 corner-ish (White's own back row) moves like any pawn: up and forward
        ("Aa1", ["Ab2", "Bb1", "Ba2"], 2 + 3),
    ],
)
def test_a_white_pawn_on_an_edge_has_the_hand_counted_moves(cell, victims, expected):
    pos = position([cell], black_victims=victims)
    assert len(pawn_moves(pos, cell)) == expected


def test_a_pawn_reaching_the_last_row_promotes_to_any_of_five_pieces():
    # Ec4: forward to Ec5 (promotion row) and captures on Eb5, Ed5: 3 arrivals x 5 pieces.
    pos = position(["Ec4"], black_victims=["Eb5", "Ed5"])
    moves = [m for m in pos.legal_moves() if m.from_cell == parse_cell("Ec4")]
    assert len(moves) == 3 * 5
    assert {m.promotion for m in moves} == {QUEEN, ROOK, BISHOP, KNIGHT, UNICORN}


def test_a_pawn_below_the_last_row_promotes_only_on_arrival_there():
    # Dc4: up to Ec4 and forward to Dc5 (not promotion cells), captures Db5, Dd5, Eb4, Ed4
    # (no promotion) and Ec5 (level+1, rank+1: promotion, 5 ways).
    pos = position(["Dc4"], black_victims=["Db5", "Dd5", "Eb4", "Ed4", "Ec5"])
    moves = [m for m in pos.legal_moves() if m.from_cell == parse_cell("Dc4")]
    assert len(moves) == 2 + 4 + 5
    assert sorted(m.coord() for m in moves if m.promotion) == sorted(f"Dc4Ec5{p}" for p in "qrbnu")


def test_a_pawn_on_rank_5_below_level_e_still_moves_up():
    pos = position(["De5"])
    assert pawn_moves(pos, "De5") == [f"De5Ee5{p}" for p in "bnqru"]


def test_a_black_pawn_is_the_point_reflection_of_a_white_one():
    pos = position(black_pawns=["Cc3"], white_victims=["Cb2", "Cd2", "Bb3", "Bd3", "Bc2"], black_to_move=True)
    assert pawn_moves(pos, "Cc3") == sorted(
        ["Cc3Cc2", "Cc3Bc3", "Cc3Cb2", "Cc3Cd2", "Cc3Bb3", "Cc3Bd3", "Cc3Bc2"]
    )


def test_a_black_pawn_promotes_on_level_a_rank_1():
    pos = position(black_pawns=["Bc1"], black_to_move=True)
    assert pawn_moves(pos, "Bc1") == [f"Bc1Ac1{p}" for p in "bnqru"]


def test_a_black_pawn_on_the_edge_loses_the_captures_off_the_board():
    # Black on Ce3: captures (rank-1, file-1) Cd2, (level-1, file-1) Bd3, (level-1, rank-1) Be2.
    pos = position(black_pawns=["Ce3"], white_victims=["Cd2", "Bd3", "Be2"], black_to_move=True)
    assert len(pawn_moves(pos, "Ce3")) == 2 + 3


def test_pawns_never_move_two_steps():
    pos = Position.start()
    pawn_targets = {m.to_cell - m.from_cell for m in pos.legal_moves() if pos.piece_at(m.from_cell)[0] == PAWN}
    assert pawn_targets == {5, 25}  # one rank (5 cells) forward or one level (25 cells) up
