"""A Move may carry a placement (a reserve piece put on the cell the mover left), for variants
that have one; Raumschach moves read, write and pack in (promotion, from, to) order as before,
and Raumschach refuses a placement."""
import pytest

from engine import IllegalMoveError, KNIGHT, QUEEN, MalformedMoveError, Move, Position, parse_cell
from engine import pack_move, unpack_move
from engine.moves import FROM_SHIFT, PROMOTION_SHIFT


def test_a_raumschach_move_keeps_its_coordinates_and_packs_from_to_and_promotion():
    move = Move.from_coord("De5Ee5q")
    assert move.placement is None and move.coord() == "De5Ee5q"
    assert pack_move(move) == parse_cell("De5") << FROM_SHIFT | parse_cell("Ee5") | QUEEN << PROMOTION_SHIFT
    assert Move(1, 2) == Move(1, 2, None, None)


def test_packed_moves_sort_by_promotion_then_from_then_to_as_with_the_narrower_cells():
    moves = [Move(a, b, p) for a in (0, 3, 124) for b in (1, 62, 120) for p in (None, KNIGHT, QUEEN)]
    assert sorted(moves, key=pack_move) == sorted(moves, key=lambda m: (m[2] or 0, m[0], m[1]))


def test_a_placement_round_trips_through_text_and_the_packed_form():
    move = Move.from_coord("Bc2Cc2/n")
    assert move.placement == KNIGHT
    assert move.coord() == "Bc2Cc2/n"
    assert unpack_move(pack_move(move)) == move
    assert unpack_move(pack_move(Move(3, 4, QUEEN, KNIGHT))) == Move(3, 4, QUEEN, KNIGHT)


def test_raumschach_refuses_a_placement_and_a_malformed_one():
    pos = Position.start()
    with pytest.raises(IllegalMoveError, match="no piece placements"):
        pos.validate(Move.from_coord("Bc2Cc2/n"))
    with pytest.raises(MalformedMoveError):
        pos.validate(Move(parse_cell("Bc2"), parse_cell("Cc2"), None, 99))
    with pytest.raises(MalformedMoveError):
        Move.from_coord("Bc2Cc2/x")
    assert not pos.is_legal(Move.from_coord("Bc2Cc2/n")) and pos.is_legal(Move.from_coord("Bc2Cc2"))
