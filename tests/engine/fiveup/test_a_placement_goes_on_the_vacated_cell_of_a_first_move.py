"""Placements (ruling section 5): with a non-pawn piece's first move a reserve piece may be put
on the cell it left; legality is judged after the placement, so a placement may re-block a
pin; a piece already placed, a pawn's move and a piece's second move place nothing, each
refused with a reason."""
import pytest

from engine import GUARD, SILVER, IllegalMoveError, Position, parse_cell

from tests.engine.fiveup.helpers import FIVEUP, coords_of_moves, position


def test_a_first_move_comes_with_no_placement_or_each_reserve_piece():
    pos = Position.start(FIVEUP)
    moves = coords_of_moves(pos, "Ab1")
    assert {"Ab1Bb3", "Ab1Bb3/w", "Ab1Bb3/g", "Ab1Bb3/s"} <= moves
    pos.push_checked("Ab1Bb3/s")
    assert pos.piece_at(parse_cell("Ab1")) == (SILVER, True)
    assert pos.fen().split()[2] == "WGwgs"


def test_a_placement_may_re_block_a_pin():
    # Rook Ec1, empty Dc1 and Cc1, the bishop on Bc1, the king on Ac1: the bishop is pinned;
    # moving it off the line exposes the king unless a reserve piece takes its cell.
    pos = position({"Ac1": "K", "Bc1": "B", "Ec1": "r", "Ee5": "k"}, reserves="W", unmoved="Ac1,Bc1")
    moves = coords_of_moves(pos, "Bc1")
    assert "Bc1Bd2" not in moves
    assert "Bc1Bd2/w" in moves
    pos.push_checked("Bc1Bd2/w")
    assert not pos.is_check()


def test_a_placed_piece_is_unmoved_and_its_first_move_may_place_again():
    pos = position({"Ac1": "K", "Ab1": "N", "Ee5": "k"}, reserves="WG", unmoved="Ab1,Ac1")
    pos.push_checked("Ab1Bb3/w")
    pos.push_checked("Ee5Ed5")
    assert pos.fen().split()[3] == "Ab1,Ac1"
    assert {"Ab1Cd3", "Ab1Cd3/g"} <= coords_of_moves(pos, "Ab1")  # the wizard's first move
    pos.push_checked("Ab1Cd3/g")
    assert pos.fen().split()[2:4] == ["-", "-"]


@pytest.mark.parametrize("line,move,reason", [
    (["Ab1Bb3/g", "Eb5Db3"], "Bb1Be4/g", "already been placed"),
    ([], "Ab2Ab3/w", "a pawn's move places nothing"),
    (["Ab1Bb3", "Eb5Db3"], "Bb3Cd4/w", "has moved before"),
])
def test_a_placement_the_rules_forbid_is_refused_with_its_reason(line, move, reason):
    pos = Position.start(FIVEUP)
    for text in line:
        pos.push_checked(text)
    before = pos.fen()
    with pytest.raises(IllegalMoveError, match=reason):
        pos.push_checked(move)
    assert pos.fen() == before


def test_placing_the_last_reserve_piece_drops_the_sides_unmoved_cells():
    pos = position({"Ac1": "K", "Ab1": "N", "Ad1": "N", "Ee5": "k"}, reserves="G", unmoved="Ab1,Ac1,Ad1")
    pos.push_checked("Ab1Bb3/g")
    assert pos.fen().split()[2:4] == ["-", "-"]
    assert pos.reserves == (0, 0) and not pos.unmoved
    assert pos.piece_at(parse_cell("Ab1")) == (GUARD, True)
