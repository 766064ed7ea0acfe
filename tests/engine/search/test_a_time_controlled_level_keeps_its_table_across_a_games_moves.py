"""Expert and Master keep the native transposition table across a game's moves (at most two
tables a process); depth-limited levels start empty every move, so they stay reproducible."""
import pytest

from engine import Position
from engine.search import SearchLimits
from engine.search.levels import NATIVE_LEVELS, make_searcher
from engine.search.native import NativeSearcher


@pytest.fixture(autouse=True)
def _native(native):
    return native


def position() -> Position:
    pos = Position.start()
    pos.play_line(["Bc2Cc2", "Dc4Cc4", "Ab1Ac3"])
    return pos


def test_a_kept_table_makes_the_next_search_of_the_game_cheaper():
    pos = position()
    # 3 MiB: a size no other test keeps, so the first search starts from an empty table.
    first = NativeSearcher(tt_mb=3, keep_tt=True).search(pos, SearchLimits(depth=5))
    second = NativeSearcher(tt_mb=3, keep_tt=True).search(pos, SearchLimits(depth=5))
    fresh = NativeSearcher(tt_mb=3).search(pos, SearchLimits(depth=5))
    assert fresh.nodes == first.nodes
    assert second.nodes < first.nodes * 3 // 4
    assert second.move in pos.legal_moves()


def test_without_keeping_every_search_starts_empty():
    pos = position()
    runs = [NativeSearcher(tt_mb=3).search(pos, SearchLimits(depth=4)) for _ in range(3)]
    assert len({(r.move, r.score, r.nodes) for r in runs}) == 1


def test_only_time_controlled_levels_without_noise_keep_their_tables(monkeypatch):
    monkeypatch.delenv("RAUMSCHACH_KEEP_TT", raising=False)
    keeps = {n: make_searcher(level, 1, "native").keep_tt for n, level in NATIVE_LEVELS.items() if n}
    assert keeps == {1: False, 2: False, 3: False, 4: True, 5: True}
    monkeypatch.setenv("RAUMSCHACH_KEEP_TT", "0")
    assert not make_searcher(NATIVE_LEVELS[5], 1, "native").keep_tt
