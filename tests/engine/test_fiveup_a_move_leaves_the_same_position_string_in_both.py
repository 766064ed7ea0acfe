"""Every move of the seeded random Five Up games, played by the engine from the position string
before it, leads to the position string the naive generator wrote after it (placements,
reserves, the unmoved set, en-passant cells, clocks), castling off and on."""
import pytest

from . import fiveup_engine as eng
from .fiveup_random_games import walked


@pytest.mark.parametrize("castling", [False, True], ids=["castling-off", "castling-on"])
def test_each_move_leads_to_the_same_string(castling):
    positions, _ = walked(castling)
    for sample in positions:
        pos = eng.position(sample.fen, castling)
        pos.push(pos.parse_coord(sample.move))
        assert pos.fen() == sample.after, f"{sample.fen} then {sample.move}"
