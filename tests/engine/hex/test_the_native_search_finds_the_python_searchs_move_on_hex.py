"""The native search on the wide build plays Hexagonal Raumschach as the Python search does:
on every hex bench position, the same move, score and depth at depth 3 (noise and seed alike),
the node counts within 2 % (the tables differ only in size and replacement, as for the cube:
tests/engine/search/test_native_search.py)."""
import pytest

from engine import Position
from engine.search import SearchLimits, Searcher
from engine.search.bench import bench_positions
from engine.search.native import NativeSearcher

from tests.engine.hex.helpers import HEX

POSITIONS = bench_positions(HEX)


@pytest.mark.parametrize("name, fen", POSITIONS, ids=[name for name, _ in POSITIONS])
def test_the_native_search_finds_the_python_searchs_move_and_score(native, name, fen):
    pos = Position.from_fen(fen, HEX)
    wide = NativeSearcher(tt_mb=2, seed=3, noise=15).search(pos, SearchLimits(depth=3))
    python = Searcher(tt_bits=16, seed=3, noise=15).search(pos, SearchLimits(depth=3))
    assert (wide.move, wide.score, wide.depth) == (python.move, python.score, python.depth)
    assert abs(wide.nodes - python.nodes) <= python.nodes // 50
