"""$RAUMSCHACH_SEARCH_THREADS (default 1) gives the time-controlled levels (Expert, Master)
their search threads, clamped to the process's CPUs and the core's maximum; the depth-limited
levels always search on one thread (reproducible); an explicit ``threads`` wins."""
import pytest

from engine import Position
from engine.search import choose_move
from engine.search import native as native_searcher
from engine.search.levels import NATIVE_LEVELS, level_threads, make_searcher
from engine.search.native import NativeSearcher, threads_max, threads_setting


@pytest.fixture(autouse=True)
def _native(native):
    return native


@pytest.mark.parametrize("raw, cpus, expected", [
    (None, 4, 1), ("", 4, 1), ("2", 4, 2), ("3", 2, 2), ("999", 64, 8), ("0", 4, 1), ("-3", 4, 1), ("two", 4, 1),
])
def test_the_setting_is_clamped_to_the_cpus_and_the_cores_maximum(monkeypatch, raw, cpus, expected):
    if raw is None:
        monkeypatch.delenv("RAUMSCHACH_SEARCH_THREADS", raising=False)
    else:
        monkeypatch.setenv("RAUMSCHACH_SEARCH_THREADS", raw)
    monkeypatch.setattr(native_searcher, "cpu_count", lambda: cpus)
    assert threads_max() == 8
    assert threads_setting() == expected


def test_only_the_time_controlled_levels_take_the_setting(monkeypatch):
    monkeypatch.setenv("RAUMSCHACH_SEARCH_THREADS", "2")
    monkeypatch.setattr(native_searcher, "cpu_count", lambda: 2)
    threads = {n: make_searcher(level, 1, "native").threads for n, level in NATIVE_LEVELS.items() if n}
    assert threads == {1: 1, 2: 1, 3: 1, 4: 2, 5: 2}
    assert level_threads(NATIVE_LEVELS[3], 3) == 3  # asked for: any level
    monkeypatch.delenv("RAUMSCHACH_SEARCH_THREADS")
    assert make_searcher(NATIVE_LEVELS[5], 1, "native").threads == 1


def test_a_searcher_refuses_no_threads_and_caps_too_many():
    with pytest.raises(ValueError):
        NativeSearcher(threads=0)
    assert NativeSearcher(threads=100).threads == threads_max()


def test_expert_on_two_threads_plays_a_legal_move(monkeypatch):
    monkeypatch.setenv("RAUMSCHACH_SEARCH_THREADS", "2")
    monkeypatch.setattr(native_searcher, "cpu_count", lambda: 2)
    pos = Position.start()
    result = choose_move(pos, 4, seed=3, movetime=0.2, min_depth=0)
    assert result.move in pos.legal_moves()
    assert len(result.thread_nodes) == 2


def test_the_python_core_searches_on_one_thread_whatever_is_asked(monkeypatch):
    monkeypatch.setenv("RAUMSCHACH_SEARCH_THREADS", "2")
    pos = Position.start()
    result = choose_move(pos, 4, seed=3, movetime=0.1, min_depth=0, core="python", threads=2)
    assert result.move in pos.legal_moves()
    assert result.thread_nodes == []
