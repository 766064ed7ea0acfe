"""Every level from Normal up finds a mate in one; Hard finds mates in two (on both cores).

Whether a mate exists is decided by brute force over the rules core's legal moves, not by
the search; each position is also tried with colours swapped (Black to mate).
"""
import pytest
from search_positions import MATE_IN_ONE, MATE_IN_TWO, forces_mate_in_two, mating_moves, mirror

from engine import Position
from engine.search import MATE, choose_move

ONE = [f for fen in MATE_IN_ONE for f in (fen, mirror(fen))]
TWO = [f for fen in MATE_IN_TWO for f in (fen, mirror(fen))]


@pytest.mark.parametrize("fen", ONE)
@pytest.mark.parametrize("level", [2, 3])
def test_normal_and_hard_play_a_mate_in_one(level, fen, core):
    pos = Position.from_fen(fen)
    assert mating_moves(pos), "the position must contain a mate in one"
    result = choose_move(pos, level, seed=5, core=core)
    assert result.move in mating_moves(pos)
    assert result.score == MATE - 1


@pytest.mark.parametrize("fen", ONE[:6])
@pytest.mark.parametrize("level", [4, 5])
def test_the_time_controlled_levels_play_a_mate_in_one(level, fen):
    pos = Position.from_fen(fen)
    result = choose_move(pos, level, seed=5, movetime=2.0)
    assert result.move in mating_moves(pos)


@pytest.mark.parametrize("fen", TWO)
def test_hard_plays_a_mate_in_two(fen, core):
    pos = Position.from_fen(fen)
    assert not mating_moves(pos), "no shortcut: the position has no mate in one"
    result = choose_move(pos, 3, seed=5, core=core)
    assert forces_mate_in_two(pos, result.move)
    assert result.mate_in == 2


def test_the_shortest_mate_is_preferred():
    # Mate in two positions one move later: the mate in one must be chosen over longer ones.
    pos = Position.from_fen(MATE_IN_ONE[0])
    result = choose_move(pos, 3, seed=1)
    assert result.mate_in == 1
