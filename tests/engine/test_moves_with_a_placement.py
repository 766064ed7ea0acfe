"""A Move may carry a placement ("put a piece here"), for variants that have one; Raumschach
moves read, write and pack exactly as before, and Raumschach refuses a placement."""
import pytest

from engine import IllegalMoveError, KNIGHT, PAWN, QUEEN, MalformedMoveError, Move, Placement, Position, parse_cell
from engine import pack_move, unpack_move


def test_a_raumschach_move_keeps_its_coordinates_and_its_packed_number():
    move = Move.from_coord("De5Ee5q")
    assert move.placement is None and move.coord() == "De5Ee5q"
    assert pack_move(move) == parse_cell("De5") << 7 | parse_cell("Ee5") | QUEEN << 14
    assert Move(1, 2) == Move(1, 2, None, None)


def test_a_placement_round_trips_through_text_and_the_packed_form():
    move = Move.from_coord("Bc2Cc2@NAa1")
    assert move.placement == Placement(KNIGHT, parse_cell("Aa1"))
    assert move.coord() == "Bc2Cc2@NAa1"
    assert unpack_move(pack_move(move)) == move
    assert unpack_move(pack_move(Move(3, 4, QUEEN, Placement(PAWN, 124)))) == Move(3, 4, QUEEN, Placement(PAWN, 124))


def test_raumschach_refuses_a_placement_and_a_malformed_one():
    pos = Position.start()
    with pytest.raises(IllegalMoveError, match="no piece placements"):
        pos.validate(Move.from_coord("Bc2Cc2@NAa1"))
    with pytest.raises(MalformedMoveError):
        pos.validate(Move(parse_cell("Bc2"), parse_cell("Cc2"), None, (KNIGHT, 999)))
    with pytest.raises(MalformedMoveError):
        Move.from_coord("Bc2Cc2@XAa1")
    assert not pos.is_legal(Move.from_coord("Bc2Cc2@NAa1")) and pos.is_legal(Move.from_coord("Bc2Cc2"))
