"""A search on two threads plays the mates in one and in two that the one-thread search
finds (whether a mate exists is decided by brute force, search_positions.py)."""
import pytest
from search_positions import MATE_IN_ONE, MATE_IN_TWO, forces_mate_in_two, mating_moves, mirror

from engine import Position
from engine.search import SearchLimits
from engine.search.native import NativeSearcher

ONE = [f for fen in MATE_IN_ONE[:6] for f in (fen, mirror(fen))]
TWO = [f for fen in MATE_IN_TWO for f in (fen, mirror(fen))]


@pytest.fixture(autouse=True)
def _native(native):
    return native


@pytest.mark.parametrize("fen", ONE)
def test_two_threads_play_a_mate_in_one(fen):
    pos = Position.from_fen(fen)
    result = NativeSearcher(threads=2).search(pos, SearchLimits(depth=4))
    assert result.move in mating_moves(pos)
    assert result.mate_in == 1


@pytest.mark.parametrize("fen", TWO)
def test_two_threads_play_a_mate_in_two(fen):
    pos = Position.from_fen(fen)
    assert not mating_moves(pos)
    result = NativeSearcher(threads=2).search(pos, SearchLimits(depth=6))
    assert forces_mate_in_two(pos, result.move)
    assert result.mate_in == 2


@pytest.mark.parametrize("fen", TWO[:4])
def test_two_threads_with_a_move_time_play_a_mate_in_two(fen):
    pos = Position.from_fen(fen)
    result = NativeSearcher(threads=2).search(pos, SearchLimits(movetime=1.0, min_depth=4))
    assert forces_mate_in_two(pos, result.move)
