"""The Five Up king (ruling section 3): one step along the 6 orthogonals to move or capture,
one step along the 8 3D diagonals only to capture, never along a 2D diagonal; it attacks its
orthogonal and 3D-diagonal neighbours, not the 2D-diagonal ones."""
from engine import BLACK, WHITE, parse_cell

from tests.engine.fiveup.helpers import coords_of_moves, position


def test_it_captures_on_a_3d_diagonal_but_does_not_step_there_onto_an_empty_cell():
    pos = position({"Cc3": "K", "Dd4": "p", "Ea5": "k"})
    moves = coords_of_moves(pos, "Cc3")
    assert "Cc3Dd4" in moves
    assert "Cc3Bb2" not in moves and "Cc3Dd2" not in moves  # empty 3D-diagonal neighbours


def test_it_neither_moves_nor_captures_along_a_2d_diagonal():
    pos = position({"Cc3": "K", "Cd4": "p", "Ea5": "k"})
    moves = coords_of_moves(pos, "Cc3")
    assert "Cc3Cd4" not in moves and "Cc3Cb4" not in moves


def test_it_attacks_its_orthogonal_and_3d_diagonal_neighbours_only():
    pos = position({"Cc3": "K", "Ea5": "k"})
    assert pos.is_attacked(parse_cell("Cc4"), WHITE)  # orthogonal
    assert pos.is_attacked(parse_cell("Dd4"), WHITE)  # 3D diagonal
    assert not pos.is_attacked(parse_cell("Cd4"), WHITE)  # 2D diagonal
    assert not pos.is_attacked(parse_cell("Cc3"), BLACK)


def test_a_king_may_not_step_onto_a_cell_the_other_king_attacks_by_its_3d_diagonal():
    pos = position({"Cc2": "K", "Dd4": "k"}, side="w")
    moves = coords_of_moves(pos, "Cc2")
    # Cc3 is a 3D diagonal of Dd4 ((-1,-1,-1)): attacked; Cc1 is far: free.
    assert "Cc2Cc3" not in moves and "Cc2Cc1" in moves
