"""The native search plays Star Trek as the Python search does: from the start and along a
random game, the same move, score and depth at depth 3 (noise and seed alike), the node counts
within 2 % (the transposition tables differ in size and replacement, as for the cube)."""
import pytest

from engine import Position
from engine.search import SearchLimits, Searcher
from engine.search.native import NativeSearcher

from tests.engine.startrek.helpers import STARTREK
from tests.engine.startrek.random_games import positions

FENS = [STARTREK.start_fen] + [p.fen() for p in positions(60, seed=5)[0][7::13]]


@pytest.mark.parametrize("fen", FENS)
def test_the_native_search_finds_the_python_searchs_move_and_score(native, fen):
    pos = Position.from_fen(fen, STARTREK)
    wide = NativeSearcher(tt_mb=2, seed=3, noise=15).search(pos, SearchLimits(depth=3))
    python = Searcher(tt_bits=16, seed=3, noise=15).search(pos, SearchLimits(depth=3))
    assert (wide.move, wide.score, wide.depth) == (python.move, python.score, python.depth)
    assert abs(wide.nodes - python.nodes) <= python.nodes // 50
