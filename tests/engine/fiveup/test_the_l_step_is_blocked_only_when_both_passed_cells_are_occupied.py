"""Double steps from the home row (ruling section 4): straight forward and straight up need the
middle cell empty; the L-step up-and-forward (Ab2Bb3) needs one of its two middle cells
empty; pawns not on the home row have none."""
from tests.engine.fiveup.helpers import coords_of_moves, position

KINGS = {"Ae1": "K", "Ee5": "k"}


def test_from_an_open_home_row_a_pawn_has_all_three_double_steps():
    pos = position({"Ab2": "P"} | KINGS)
    assert {"Ab2Ab4", "Ab2Cb2", "Ab2Bb3"} <= coords_of_moves(pos, "Ab2")


def test_one_empty_middle_cell_is_enough_for_the_l_step():
    for blocker in ("Ab3", "Bb2"):
        pos = position({"Ab2": "P", blocker: "N"} | KINGS)
        assert "Ab2Bb3" in coords_of_moves(pos, "Ab2"), blocker


def test_the_l_step_is_blocked_when_both_middle_cells_are_occupied():
    pos = position({"Ab2": "P", "Ab3": "N", "Bb2": "N"} | KINGS)
    assert "Ab2Bb3" not in coords_of_moves(pos, "Ab2")


def test_straight_double_steps_need_their_middle_cell_empty():
    pos = position({"Ab2": "P", "Ab3": "N", "Bb2": "N"} | KINGS)
    moves = coords_of_moves(pos, "Ab2")
    assert "Ab2Ab4" not in moves and "Ab2Cb2" not in moves


def test_a_pawn_off_the_home_row_has_no_double_step():
    pos = position({"Bb2": "P", "Ab3": "P"} | KINGS)
    assert coords_of_moves(pos, "Bb2") == {"Bb2Bb3", "Bb2Cb2"}
    assert coords_of_moves(pos, "Ab3") == {"Ab3Ab4", "Ab3Bb3"}


def test_a_double_step_never_captures():
    pos = position({"Ab2": "P", "Ab4": "n", "Cb2": "n", "Bb3": "n"} | KINGS)
    moves = coords_of_moves(pos, "Ab2")
    assert not {"Ab2Ab4", "Ab2Cb2"} & moves
    assert "Ab2Bb3" in moves  # (1, 1, 0) is also one of the pawn's five captures
