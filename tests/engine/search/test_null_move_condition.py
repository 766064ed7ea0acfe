"""Null-move pruning is off when the side to move has only king and pawns (zugzwang risk)."""
from engine import Position

PAWNS_ONLY_FOR_WHITE = "5/5/5/5/2k2|5/2pp1/5/5/5|5/5/5/5/5|5/5/5/PP3/5|5/5/5/5/2K2 w 0 1"


def test_king_and_pawns_have_no_non_pawn_material():
    b = Position.from_fen(PAWNS_ONLY_FOR_WHITE)
    assert not b.has_non_pawn_material(0)
    assert not b.has_non_pawn_material(1)


def test_a_single_knight_is_enough_to_allow_null_moves():
    b = Position.from_fen(PAWNS_ONLY_FOR_WHITE.replace("2K2 w", "1NK2 w"))
    assert b.has_non_pawn_material(0)
    assert not b.has_non_pawn_material(1)
