"""Coordinate and readable forms of Star Trek moves (docs/rules/startrek.md section 7): a board
move is from-pin + to-pin (`Q1dQ1u`, readable `Q1d-Q1u`), typed in any case; the packed move
carries it in bit 26, inside MOVE_BITS, so the search's ordering scores never touch it."""
from engine import Move, Position, pack_move, unpack_move
from engine.moves import BOARD_MOVE_FLAG, MOVE_BITS, MOVE_MASK
from engine.notation import parse_typed_move
from engine.step import play_step

from tests.engine.startrek.helpers import STARTREK

Q1D = STARTREK.pin_by_name["Q1d"]
Q1U = STARTREK.pin_by_name["Q1u"]


def test_a_board_move_packs_with_its_flag_and_its_pins_anchors():
    move = Move.from_coord("Q1dQ1u", STARTREK)
    assert move == Move(Q1D.anchor, Q1U.anchor, None, None, True)
    packed = pack_move(move)
    assert packed & BOARD_MOVE_FLAG and packed & MOVE_MASK == packed and BOARD_MOVE_FLAG < 1 << MOVE_BITS
    assert unpack_move(packed) == move and move.coord(STARTREK) == "Q1dQ1u"
    assert not unpack_move(pack_move(Move(Q1D.anchor, Q1U.anchor))).board  # the same cells as a piece move


def test_readable_and_typed_forms():
    pos = Position.start(STARTREK)
    assert pos.san(Move.from_coord("Q1dQ1u", STARTREK)) == "Q1d-Q1u"
    assert pos.san(Move.from_coord("Ba1Ca3", STARTREK)) == "NBa1-Ca3"
    for typed in ("q1dq1u", "Q1D-Q1U", "Q1d Q1u", "Q1d-Q1u"):
        assert parse_typed_move(pos, typed).coord(STARTREK) == "Q1dQ1u"
    assert pos.parse_san("Q1d-Q1u") == Move.from_coord("Q1dQ1u", STARTREK)


def test_a_stored_game_plays_a_board_move_in_one_step():
    step = play_step(STARTREK.start_fen, "Q1dK1u", variant=STARTREK)
    assert step.coord == "Q1dK1u" and step.san == "Q1d-K1u"
    assert step.fen.split()[2] == "K1d,K1u,K6u,Q3d,Q4u,Q6u"
    unmoved = step.fen.split()[3].split(",")
    assert {"Cd1", "Ce1"} <= set(unmoved) and not {"Az1", "Aa1"} & set(unmoved)  # carried: still unmoved
    assert step.legal_moves == sorted(step.legal_moves) and "Q6uK6d" in step.legal_moves
