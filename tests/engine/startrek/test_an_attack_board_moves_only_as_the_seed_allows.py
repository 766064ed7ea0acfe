"""The seed's attack-board conditions (docs/rules/startrek.md section 5): a board moves to any
free pin carrying at least one piece, no enemy piece and no king; carrying a pawn it keeps its
ranks; its pieces keep their places; the own king must not be attacked afterwards."""
import pytest

from engine import IllegalMoveError, Position

from tests.engine.startrek.helpers import STARTREK, board_moves, position

KINGS = {"Ad0": "K", "Gd9": "k"}
FREE_PINS = 24 - 6


def test_at_the_start_only_white_s_queen_side_board_moves_and_only_along_its_ranks():
    # K1d carries the king, Q3d is empty, Q1d carries pawns: ranks 0-1 keep to Q1u and K1u.
    assert board_moves(Position.start(STARTREK)) == {"Q1dQ1u", "Q1dK1u"}


def test_a_board_carrying_only_a_rook_goes_to_any_free_pin():
    pos = position({**KINGS, "Az0": "R"})
    assert len(board_moves(pos)) == FREE_PINS
    assert all(m.startswith("Q1d") for m in board_moves(pos))


def test_a_board_with_an_enemy_piece_stays():
    pos = position({**KINGS, "Az0": "R", "Aa1": "n"})
    assert board_moves(pos) == set()
    with pytest.raises(IllegalMoveError, match="carries an enemy piece"):
        pos.push_checked("Q1dQ1u")


def test_a_board_with_a_king_stays():
    pos = position({"Ad0": "K", "Ae0": "R", "Gd9": "k"})
    assert board_moves(pos) == set()
    with pytest.raises(IllegalMoveError, match="carries a king"):
        pos.push_checked("K1dK1u")


def test_an_empty_board_stays():
    pos = Position.start(STARTREK)
    with pytest.raises(IllegalMoveError, match="empty"):
        pos.push_checked("Q3dQ3u")


def test_a_board_carrying_a_pawn_keeps_its_ranks():
    pos = position({**KINGS, "Az1": "P"})
    assert board_moves(pos) == {"Q1dQ1u", "Q1dK1u"}
    with pytest.raises(IllegalMoveError, match="must keep its ranks"):
        pos.push_checked("Q1dQ2u")


def test_the_pieces_keep_their_places_and_a_carried_pawn_its_first_move():
    pos = position({**KINGS, "Az1": "P", "Aa0": "R"}, unmoved="Az1")
    pos.push_checked("Q1dQ1u")
    fen = pos.fen()
    assert fen.split()[2] == "K1d,K6u,Q1u,Q3d,Q4u,Q6u" and fen.split()[3] == "Cz1"
    assert pos.piece_at(STARTREK.geometry.parse_cell("Ca0")) is not None
    assert pos.piece_at(STARTREK.geometry.parse_cell("Cz1")) is not None
    pos.push_checked("Gd9Gd8")
    assert "Cz1Cz3" in {pos.coord(m) for m in pos.legal_moves()}  # two-step kept; Cz2, Cz3 on Q3d
    pos.pop()
    pos.pop()
    assert pos.fen() == position({**KINGS, "Az1": "P", "Aa0": "R"}, unmoved="Az1").fen()


def test_a_board_may_not_go_to_a_taken_pin():
    pos = position({**KINGS, "Az0": "R"})
    with pytest.raises(IllegalMoveError, match="taken"):
        pos.push_checked("Q1dQ3d")


def test_black_moves_its_boards_too():
    pos = position({**KINGS, "Gz9": "r"}, side="b")
    assert len(board_moves(pos)) == FREE_PINS


def test_a_board_move_that_opens_a_line_to_the_own_king_is_illegal():
    # Ba3 king, Da3 rook: the line runs through Ca3, a cell only while a board stands on Q3d.
    # Moving the Q1u board (rook on Cz0) to Q3d makes Ca3 appear empty: check.
    pieces = {"Ba3": "K", "Da3": "r", "Gd9": "k", "Cz0": "R"}
    pos = position(pieces, pins="K1d,K6u,Q1u,Q4u,Q6u,K4u")
    assert "Q1uQ3d" not in board_moves(pos) and "Q1uQ3u" in board_moves(pos)
    with pytest.raises(IllegalMoveError, match="in check"):
        pos.push_checked("Q1uQ3d")


def test_a_board_move_that_takes_a_cell_away_answers_a_check():
    # The same line, Q3d occupied by a white board holding only Cz2: the king is in check
    # through Ca3; moving the board away makes Ca3 vanish.
    pos = position({"Ba3": "K", "Da3": "r", "Gd9": "k", "Cz2": "R"}, pins="K1d,K6u,Q3d,Q4u,Q6u,K4u")
    assert pos.is_check()
    assert "Q3dQ3u" in board_moves(pos)
    pos.push_checked("Q3dQ3u")
    assert not pos.is_attacked(pos.king(True), False)
