"""The python-chess-shaped API the site and the bots use: copies, stacks, clocks, captures."""
from engine import BLACK, WHITE, KNIGHT, Move, Position, parse_cell, unpack_move, pack_move

from .perft_positions import POSITIONS


def test_a_copy_is_independent_of_the_original():
    pos = Position.start()
    twin = pos.copy()
    twin.push(Move.from_coord("Bc2Cc2"))
    assert pos.fen() != twin.fen() and pos.ply == 0 and twin.ply == 1
    assert pos.piece_at(parse_cell("Bc2")) is not None


def test_the_move_stack_ply_and_clocks_follow_the_moves():
    pos = Position.start()
    assert pos.push_checked("NAb1-Cb2") == Move.from_coord("Ab1Cb2")
    assert pos.turn == BLACK and pos.fullmove_number == 1 and pos.halfmove_clock == 1
    pos.push_checked("Dc4Cc4")  # a black pawn step down
    assert pos.turn == WHITE and pos.fullmove_number == 2 and pos.halfmove_clock == 0
    assert [m.coord() for m in pos.move_stack] == ["Ab1Cb2", "Dc4Cc4"] and pos.ply == 2
    assert pos.pop() == Move.from_coord("Dc4Cc4")
    assert pos.fullmove_number == 1 and pos.halfmove_clock == 1 and pos.turn == BLACK


def test_captures_are_exactly_the_legal_captures_and_promotions():
    for fen, _ in POSITIONS.values():
        pos = Position.from_fen(fen)
        expected = {m for m in pos.legal_moves() if pos.piece_at(m.to_cell) or m.promotion}
        assert set(pos.captures()) == expected


def test_pieces_and_king_report_cells():
    pos = Position.start()
    assert pos.pieces(KNIGHT, WHITE) == [parse_cell("Ab1"), parse_cell("Ad1")]
    assert pos.king(BLACK) == parse_cell("Ec5")
    pos.push(Move.from_coord("Ab1Cb2"))
    assert pos.pieces(KNIGHT, WHITE) == [parse_cell("Ad1"), parse_cell("Cb2")]


def test_packed_moves_round_trip_and_match_the_legal_moves():
    pos = Position.start()
    packed = pos.generate_moves()
    assert [unpack_move(m) for m in packed] == pos.legal_moves()
    assert all(pack_move(unpack_move(m)) == m for m in packed)


def test_push_packed_and_pop_packed_mirror_push_and_pop():
    pos, twin = Position.start(), Position.start()
    move = Move.from_coord("Bb1Cc2")
    pos.push(move)
    twin.push_packed(pack_move(move))
    assert (pos.fen(), pos.zobrist) == (twin.fen(), twin.zobrist)
    assert twin.pop_packed() == pack_move(move) and twin.fen() == Position.start().fen()


def test_is_check_and_is_attacked_use_the_board_as_it_stands():
    pos = Position.from_fen(POSITIONS["check"][0])
    assert pos.is_check()
    assert pos.is_attacked(parse_cell("Ac1"), BLACK)
    assert not pos.is_attacked(parse_cell("Ee5"), WHITE)
