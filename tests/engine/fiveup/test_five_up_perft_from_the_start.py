"""Perft from the Five Up start (docs/rules/fiveup.md section 10): 209 and 42,097, with castling
off and on (castling first becomes possible at ply 3)."""
import pytest

from engine import Position
from engine.perft import perft

from tests.engine.fiveup.helpers import FIVEUP


@pytest.mark.parametrize("castling", [False, True], ids=["castling-off", "castling-on"])
def test_perft_one_and_two_from_the_start(castling):
    pos = Position.start(FIVEUP.with_options(castling=castling))
    assert perft(pos, 1) == 209
    assert perft(pos, 2) == 42_097
    assert pos.fen() == FIVEUP.start_fen


def test_the_first_move_count_splits_as_the_seed_says():
    # 25 pawn moves and 46 piece moves, each piece move also with W, G or S placed.
    moves = Position.start(FIVEUP).legal_moves()
    assert sum(1 for m in moves if m.placement is None) == 71
    assert sum(1 for m in moves if m.placement is not None) == 46 * 3
