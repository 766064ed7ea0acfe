"""A set-up position (the board editor's, a game from a position) is refused with an error
class naming the broken rule and a reason a person can read: kings, pawns where no pawn gets,
the side not to move in check, unmoved pieces that must have moved, Star Trek's pins, and a
side to move with no move.  The start and positions along random games pass."""
from __future__ import annotations

import random

import pytest

import engine
from engine.errors import (
    IllegalPositionError, KingCountError, NoMoveError, OppositeCheckError, PawnPlacementError, PinError,
    UnmovedError,
)
from engine.fen import placement_string
from engine.pieces import COLOR_SHIFT, KING, PAWN, ROOK
from engine.setup import _tables, validate_setup
from tests import startrek_positions as st

KEYS = sorted(engine.VARIANTS)


def _with(v: engine.Variant, changes: dict[str, int], fields: dict[str, str] | None = None) -> str:
    """The start position string of ``v`` with cells changed ({name: code, 0 empties}) and
    fields replaced by name (placement is rewritten from the board; not for Star Trek)."""
    board = list(engine.Position(v.start_fen, v).board)
    for name, code in changes.items():
        board[v.geometry.parse_cell(name)] = code
    parts = dict(zip(v.fen_field_names, v.start_fen.split()))
    if "unmoved" in parts:  # a changed cell's piece is no longer the unmoved one
        kept = [c for c in parts["unmoved"].split(",") if c not in changes]
        parts["unmoved"] = ",".join(kept) or "-"
    parts["placement"] = placement_string(board, v)
    parts.update(fields or {})
    return " ".join(parts[name] for name in v.fen_field_names)


@pytest.mark.parametrize("key", KEYS)
def test_the_start_and_positions_along_random_games_are_accepted(key):
    v = engine.VARIANTS[key]
    assert validate_setup(v.start_fen, v).fen() == v.start_fen
    rng = random.Random(44)
    for _game in range(12):
        pos = engine.Position(v.start_fen, v)
        for _ply in range(rng.randint(1, 80)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos.push(rng.choice(moves))
        assert validate_setup(pos.fen(), v, need_move=False).fen() == pos.fen()


@pytest.mark.parametrize("key", KEYS)
def test_a_side_without_its_king_or_with_two_is_refused(key):
    v = engine.VARIANTS[key]
    start = engine.Position(v.start_fen, v)
    white_king = v.geometry.names[start.kings[0]]
    if key == "startrek":
        return  # Star Trek's strings are built by tests/startrek_positions.py: below
    with pytest.raises(KingCountError, match="white has no king"):
        validate_setup(_with(v, {white_king: 0}), v)
    spare = next(v.geometry.names[c] for c in v.geometry.cells if not start.board[c])
    with pytest.raises(KingCountError, match="black has 2 kings"):
        validate_setup(_with(v, {spare: KING | 1 << COLOR_SHIFT}), v)


@pytest.mark.parametrize("key", [k for k in KEYS if k != "startrek"])
@pytest.mark.parametrize("colour", [0, 1])
def test_a_pawn_where_no_pawn_of_its_colour_can_get_is_refused(key, colour):
    v = engine.VARIANTS[key]
    start = engine.Position(v.start_fen, v)
    reach = _tables(v)[0][colour]
    cell = next(c for c in v.geometry.cells if not start.board[c] and c not in reach
                and c not in v.promotion_cells[colour])
    name = v.geometry.names[cell]
    side = "white" if colour == 0 else "black"
    with pytest.raises(PawnPlacementError, match=f"{side} pawn on {name}: no {side} pawn can get there"):
        validate_setup(_with(v, {name: PAWN | colour << COLOR_SHIFT}), v)
    promotion = v.geometry.names[min(c for c in v.promotion_cells[colour] if not start.board[c])] \
        if any(not start.board[c] for c in v.promotion_cells[colour]) else None
    if promotion:
        with pytest.raises(PawnPlacementError, match="its promotion row, should have promoted"):
            validate_setup(_with(v, {promotion: PAWN | colour << COLOR_SHIFT}), v)


def test_a_raumschach_pawn_on_its_first_rank_is_refused():
    v = engine.RAUMSCHACH
    with pytest.raises(PawnPlacementError, match="white pawn on Aa1"):
        validate_setup(_with(v, {"Aa1": PAWN}), v)
    with pytest.raises(PawnPlacementError, match="black pawn on Ea5"):
        validate_setup(_with(v, {"Ea5": PAWN | 1 << COLOR_SHIFT}), v)


def test_the_side_not_to_move_in_check_is_refused():
    v = engine.RAUMSCHACH
    # White's rook on Ec3 stands in the black king's file with nothing between.
    text = "2k2/5/2R2/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/2K2/5/5 w 0 1"
    with pytest.raises(OppositeCheckError, match="black is in check but it is white to move"):
        validate_setup(text, v)
    assert validate_setup(text.replace(" w ", " b "), v).in_check()


def test_a_side_to_move_that_is_mated_or_stalemated_cannot_start_a_game():
    mate = "4k/5/5/5/5|5/3Q1/5/5/5|5/5/5/5/5|5/5/5/5/5|5/3R1/5/5/K4 b 0 1"
    stalemate = "4k/5/3Q1/5/5|5/5/5/5/5|5/3K1/5/5/5|5/5/5/5/5|5/5/5/5/5 b 0 1"
    with pytest.raises(NoMoveError, match="black to move is checkmated"):
        validate_setup(mate, engine.RAUMSCHACH)
    with pytest.raises(NoMoveError, match="black to move is stalemated"):
        validate_setup(stalemate, engine.RAUMSCHACH)
    assert validate_setup(mate, engine.RAUMSCHACH, need_move=False).is_checkmate()


def test_a_five_up_piece_marked_unmoved_off_its_sides_starting_cells_is_refused():
    v = engine.VARIANTS["fiveup"]
    # The rook from Aa1 on Ac3, still listed as unmoved: it has moved.
    moved = _with(v, {"Aa1": 0, "Ac3": ROOK}, {"unmoved": "Ab1,Ac1,Ac3,Ad1,Ae1,Ba1,Bb1,Bc1,Bd1,Be1,"
                                                          "Da5,Db5,Dc5,Dd5,De5,Ea5,Eb5,Ec5,Ed5,Ee5"})
    with pytest.raises(UnmovedError, match="white rook on Ac3 cannot be unmoved"):
        validate_setup(moved, v)
    # A black rook on White's Aa1, listed as unmoved.
    captured = _with(v, {"Aa1": ROOK | 1 << COLOR_SHIFT}, {"unmoved": v.start_fen.split()[3]})
    with pytest.raises(UnmovedError, match="black rook on Aa1 cannot be unmoved"):
        validate_setup(captured, v)
    with pytest.raises(UnmovedError, match="unmoved: Ca3 is empty"):
        validate_setup(_with(v, {}, {"unmoved": "Ca3"}), v)


def test_a_star_trek_set_up_with_a_moved_attack_board_is_accepted_and_bad_boards_are_refused():
    v = st.variant()
    pieces = {"Bb1": "K", "Fc8": "k", "Az1": "P", "Ba2": "P", "Fa7": "p"}
    pins = ("K1d", "K6u", "Q1u", "Q3d", "Q4u", "Q6u")  # White's queen-side board moved Q1d -> Q1u
    at_start = st.fen(pieces, ("K1d", "K6u", "Q1d", "Q3d", "Q4u", "Q6u"), unmoved=("Az1", "Ba2", "Fa7"))
    assert validate_setup(at_start, v).fen() == at_start
    up = st.fen({"Bb1": "K", "Fc8": "k", "Cz1": "P", "Ba2": "P", "Fa7": "p"}, pins, unmoved=("Ba2", "Cz1", "Fa7"))
    assert validate_setup(up, v).fen() == up  # the unmoved pawn rode up with its board
    with pytest.raises(UnmovedError, match="white pawn on Bb3 is not on a cell its pawns start from"):
        validate_setup(st.fen({"Bb1": "K", "Fc8": "k", "Bb3": "P"}, pins, unmoved=("Bb3",)), v)
    with pytest.raises(PawnPlacementError, match="white pawn on Cz0"):
        validate_setup(st.fen({"Bb1": "K", "Fc8": "k", "Cz0": "P"}, pins), v)
    five = up.replace("K1d,K6u,Q1u,Q3d,Q4u,Q6u", "K1d,K6u,Q1u,Q3d,Q4u")
    with pytest.raises(engine.PositionError, match="5 pins listed"):  # does not read: no set-up rule
        validate_setup(five, v)
    off = up.replace("K1d,K6u,Q1u,Q3d,Q4u,Q6u", "K1d,K6u,Q1d,Q3d,Q4u,Q6u")
    with pytest.raises(PinError, match="a piece stands on Cz1, but no attack board stands on Q1u"):
        validate_setup(off, v)
    with pytest.raises(KingCountError, match="black has no king"):
        validate_setup(up.replace("k", "q", 1), v)  # the first "k" of the string is Fc8's


def test_every_refusal_is_a_position_error_naming_its_rule():
    for cls, check in ((KingCountError, "kings"), (PawnPlacementError, "pawns"),
                       (OppositeCheckError, "opposite_check"), (UnmovedError, "unmoved"), (PinError, "pins"),
                       (NoMoveError, "no_moves")):
        assert issubclass(cls, IllegalPositionError) and issubclass(cls, engine.PositionError)
        assert issubclass(cls, ValueError) and cls.check == check
