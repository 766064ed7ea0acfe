"""Expert and Master keep their table across a game's moves; on two threads both threads
write it, and the next search (on one thread or two) starts from what they learnt."""
import pytest

from engine import Position
from engine.search import SearchLimits
from engine.search.native import NativeSearcher


@pytest.fixture(autouse=True)
def _native(native):
    return native


def position() -> Position:
    pos = Position.start()
    pos.play_line(["Bc2Cc2", "Dc4Cc4", "Ab1Ac3"])
    return pos


def test_the_next_search_starts_from_the_two_threads_table():
    pos = position()
    # 5 MiB: a size no other test keeps, so the first search starts from an empty table.
    first = NativeSearcher(tt_mb=5, keep_tt=True, threads=2).search(pos, SearchLimits(depth=7))
    fresh = NativeSearcher(tt_mb=5).search(pos, SearchLimits(depth=6))
    again = NativeSearcher(tt_mb=5, keep_tt=True).search(pos, SearchLimits(depth=6))
    assert first.move in pos.legal_moves() and again.move in pos.legal_moves()
    # From an empty table the one-thread search is the fresh one, node for node; from the two
    # threads' table it took 0.2-0.6 of those nodes in trials (what the helper wrote varies).
    assert again.nodes < fresh.nodes * 9 // 10


def test_a_game_of_two_thread_searches_with_a_kept_table_plays_legal_moves():
    pos = position()
    searcher = NativeSearcher(tt_mb=5, keep_tt=True, threads=2)
    for _ in range(6):
        result = searcher.search(pos, SearchLimits(depth=5))
        assert result.move in pos.legal_moves()
        assert result.pv[0] == result.move
        pos.push(result.move)
