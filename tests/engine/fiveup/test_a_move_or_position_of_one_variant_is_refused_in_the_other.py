"""A Five Up move or position string in a Raumschach game, and the reverse, is refused with a
clear error and changes nothing."""
import pytest

from engine import RAUMSCHACH, MalformedMoveError, Move, Position, PositionError, START_FEN, IllegalMoveError
from engine.step import play_step

from tests.engine.fiveup.helpers import FIVEUP


def test_a_five_up_string_in_a_raumschach_game_fails_on_its_field_count():
    with pytest.raises(PositionError, match="expected 4 space-separated fields .* for Raumschach, got 7"):
        Position.from_fen(FIVEUP.start_fen, RAUMSCHACH)


def test_a_raumschach_string_in_a_five_up_game_fails_on_its_field_count():
    with pytest.raises(PositionError, match="expected 7 space-separated fields .* for Five Up, got 4"):
        Position.from_fen(START_FEN, FIVEUP)


def test_a_placement_is_not_a_raumschach_move():
    with pytest.raises(MalformedMoveError, match="not a Raumschach piece letter"):
        play_step(START_FEN, "Bb1Be4/g")
    pos = Position.start()
    with pytest.raises(IllegalMoveError, match="Raumschach has no piece placements"):
        pos.push_checked(Move(pos.variant.geometry.parse_cell("Ab1"), pos.variant.geometry.parse_cell("Cb2"),
                              None, 8))
    assert pos.fen() == START_FEN


def test_a_raumschach_promotion_letter_s_is_a_silver_unicorn_in_five_up():
    assert Move.from_coord("De5Ee5s").promotion == 2  # Raumschach: Springer, the knight
    assert Move.from_coord("De5Ee5s", FIVEUP).promotion == 10  # Five Up: the silver unicorn


def test_a_five_up_only_move_is_illegal_in_raumschach_and_the_reverse():
    # A Raumschach king steps along a 2D diagonal; a Five Up king never does.
    five = "5/5/5/5/2k2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/2K2"
    pos = Position.from_fen(f"{five} w 0 1", RAUMSCHACH)
    pos.push_checked("Ac1Bd1")
    fiveup = Position.from_fen(f"{five} w - - - 0 1", FIVEUP)
    with pytest.raises(IllegalMoveError, match="cannot move from Ac1 to Bd1"):
        fiveup.push_checked("Ac1Bd1")
