"""Castling (ruling section 6), an option off by default: king and own rook on an orthogonal
line with only empty cells between swap places; not out of check, not through an attacked
cell, not into check; no placement with it."""
import pytest

from engine import IllegalMoveError, KING, ROOK, parse_cell

from tests.engine.fiveup.helpers import FIVEUP, coords_of_moves, position

PIECES = {"Ac1": "K", "Aa1": "R", "Ae1": "R", "Ee5": "k"}


def test_the_default_game_has_no_castling():
    assert FIVEUP.option_values == {"castling": False}
    pos = position(PIECES)
    assert not {"Ac1Aa1", "Ac1Ae1"} & coords_of_moves(pos)
    with pytest.raises(IllegalMoveError, match="occupied by your own rook"):
        pos.push_checked("Ac1Aa1")


def test_with_the_option_king_and_rook_swap():
    pos = position(PIECES, castling=True)
    assert {"Ac1Aa1", "Ac1Ae1"} <= coords_of_moves(pos)
    pos.push_checked("Ac1Aa1")
    assert pos.piece_at(parse_cell("Aa1")) == (KING, True)
    assert pos.piece_at(parse_cell("Ac1")) == (ROOK, True)
    assert pos.halfmove_clock == 1  # no capture, no pawn move


def test_adjacent_king_and_rook_may_castle():
    pos = position({"Ac1": "K", "Ad1": "R", "Ee5": "k"}, castling=True)
    assert "Ac1Ad1" in coords_of_moves(pos)


def test_no_castling_through_an_attacked_cell_or_out_of_check():
    pos = position(PIECES | {"Eb1": "r"}, castling=True)  # the black rook attacks Ab1
    moves = coords_of_moves(pos)
    assert "Ac1Aa1" not in moves and "Ac1Ae1" in moves
    with pytest.raises(IllegalMoveError, match="through Ab1"):
        pos.push_checked("Ac1Aa1")
    pos = position(PIECES | {"Ec1": "r"}, castling=True)  # check along the c-column
    assert not {"Ac1Aa1", "Ac1Ae1"} & coords_of_moves(pos)


def test_castling_places_nothing():
    pos = position(PIECES, castling=True, reserves="W", unmoved="Aa1,Ac1,Ae1")
    assert "Ac1Aa1/w" not in coords_of_moves(pos)
    with pytest.raises(IllegalMoveError, match="places nothing"):
        pos.push_checked("Ac1Aa1/w")
    pos.push_checked("Ac1Aa1")
    assert pos.fen().split()[3] == "Ae1"  # both castled pieces count as moved
