"""Piece codes have four bits of kind, and the Zobrist keys of the Raumschach pieces are the
ones first drawn for the old 3-bit codes (stored hashes and the native core depend on them)."""
import random

from engine import WHITE, Position, piece_key, zobrist_hash
from engine.pieces import BLACK_BIT, KIND_MASK, NCODES, piece_code
from engine.zobrist import BLACK_TO_MOVE_KEY, PIECE_KEYS


def old_keys():
    """The original draw: ``kind | colour << 3`` codes 0..15, kind 0 drawing nothing."""
    rng = random.Random(0x5A0B1907)
    keys = [[0 if code & 7 == 0 else rng.getrandbits(64) for _ in range(125)] for code in range(16)]
    return keys, rng.getrandbits(64)


def test_codes_have_room_for_fifteen_kinds_per_colour():
    assert KIND_MASK == 15 and BLACK_BIT == 16 and NCODES == 32
    codes = {piece_code(side, kind) for side in (0, 1) for kind in range(1, 16)}
    assert len(codes) == 30 and 0 not in codes


def test_the_raumschach_keys_keep_their_original_values():
    keys, black_to_move = old_keys()
    assert BLACK_TO_MOVE_KEY == black_to_move
    for code in range(16):
        if code & 7:
            side, kind = code >> 3, code & 7
            assert [piece_key(side, kind, cell) for cell in range(125)] == keys[code]
            assert list(PIECE_KEYS[piece_code(side, kind)]) == keys[code]


def test_the_keys_of_further_kinds_are_drawn_and_distinct():
    drawn = {key for code in range(NCODES) for key in PIECE_KEYS[code] if key}
    assert len(drawn) == 2 * 15 * 125
    assert all(PIECE_KEYS[0][cell] == 0 and PIECE_KEYS[BLACK_BIT][cell] == 0 for cell in range(125))


def test_the_start_positions_hash_is_the_sum_of_its_piece_keys():
    pos = Position.start()
    expected = 0
    for cell in range(125):
        piece = pos.piece_at(cell)
        if piece:
            kind, color = piece
            expected ^= piece_key(0 if color == WHITE else 1, kind, cell)
    assert pos.zobrist == zobrist_hash(pos) == expected
