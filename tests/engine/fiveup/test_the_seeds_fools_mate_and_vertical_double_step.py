"""The seed's sample lines (docs/rules/fiveup.md section 10, relabelled): the fool's mate with
an L-shaped double step, and a pawn's straight-up double step (Ac2Cc2)."""
from engine import Position, Termination

from tests.engine.fiveup.helpers import FIVEUP, coords_of_moves

FOOLS_MATE = ["Bc2Cc2", "Dc4Cc4", "Bb1Be4/g", "Ed4Dd3", "Ab1Bb3/s", "Cc4Cc3", "Ab1De4"]


def test_the_fools_mate_ends_in_checkmate():
    pos = Position.start(FIVEUP)
    readable = []
    for move in FOOLS_MATE:
        readable.append(pos.san(pos.parse_coord(move)))
        pos.push_checked(move)
    assert readable == ["Bc2-Cc2", "Dc4-Cc4", "BBb1-Be4/G", "Ed4-Dd3", "NAb1-Bb3/S", "Cc4-Cc3", "SAb1xDe4#"]
    outcome = pos.outcome()
    assert outcome.termination == Termination.CHECKMATE and outcome.winner is True


def test_a_home_row_pawn_steps_two_levels_up_once_the_cells_above_are_empty():
    pos = Position.start(FIVEUP)
    for move in ["Bc2Cc2", "Dd4Dd3", "Ba2Ca2", "Dd3Dd2", "Cc2Dd2", "Ea4Ea3"]:
        pos.push_checked(move)
    assert "Ac2Cc2" in coords_of_moves(pos, "Ac2")
    pos.push_checked("Ac2Cc2")
    assert pos.fen().split()[4] == "Bc2@Cc2"
