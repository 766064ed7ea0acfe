"""En passant (ruling section 4): after a double step an enemy pawn that could capture onto a
passed cell may do so on the very next move, removing the pawn; after an L-step with both
middle cells empty either cell will do."""
from engine import PAWN, parse_cell

from tests.engine.fiveup.helpers import coords_of_moves, position

KINGS = {"Ae1": "K", "Ee5": "k"}


def test_an_l_step_over_two_empty_cells_can_be_taken_on_either():
    # Black pawns that capture onto Ab3 (from Bb4: (-1,-1,0)) and onto Bb2 (from Bc3: (0,-1,-1)).
    pos = position({"Ab2": "P", "Bb4": "p", "Bc3": "p"} | KINGS)
    pos.push_checked("Ab2Bb3")
    assert pos.fen().split()[4] == "Ab3,Bb2@Bb3"
    moves = coords_of_moves(pos)
    assert {"Bb4Ab3", "Bc3Bb2"} <= moves
    for move in ("Bb4Ab3", "Bc3Bb2"):
        after = pos.copy()
        after.push_checked(move)
        assert after.piece_at(parse_cell("Bb3")) is None
        assert after.piece_at(parse_cell(move[3:])) == (PAWN, False)


def test_only_an_empty_middle_cell_is_passed():
    pos = position({"Ab2": "P", "Bb2": "N", "Bb4": "p"} | KINGS)
    pos.push_checked("Ab2Bb3")
    assert pos.fen().split()[4] == "Ab3@Bb3"
    assert "Bb4Ab3" in coords_of_moves(pos)


def test_straight_double_steps_can_be_taken_on_their_middle_cell():
    pos = position({"Ab2": "P", "Ac4": "p"} | KINGS)
    pos.push_checked("Ab2Ab4")
    assert pos.fen().split()[4] == "Ab3@Ab4"
    assert pos.san(pos.parse_coord("Ac4Ab3")) == "Ac4xAb3"
    pos = position({"Ab2": "P", "Cb3": "p"} | KINGS)
    pos.push_checked("Ab2Cb2")
    assert pos.fen().split()[4] == "Bb2@Cb2"
    pos.push_checked("Cb3Bb2")
    assert pos.piece_at(parse_cell("Cb2")) is None


def test_the_right_to_take_en_passant_lasts_one_move():
    pos = position({"Ab2": "P", "Bb4": "p"} | KINGS)
    pos.push_checked("Ab2Bb3")
    pos.push_checked("Ee5Ed5")
    pos.push_checked("Ae1Ad1")
    assert "Bb4Ab3" not in coords_of_moves(pos)
    assert pos.fen().split()[4] == "-"
