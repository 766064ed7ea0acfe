"""A two-thread search ends when the main thread's clock or the stop flag says so, with a
legal move, and its helper thread is joined before it returns (no thread outlives it)."""
import os
import sys
import threading

import pytest

from engine import Position
from engine.search import SearchLimits
from engine.search.native import NativeSearcher


@pytest.fixture(autouse=True)
def _native(native):
    return native


def test_a_move_time_ends_a_two_thread_search_with_a_legal_move():
    pos = Position.start()
    result = NativeSearcher(threads=2).search(pos, SearchLimits(movetime=0.2))
    assert result.move in pos.legal_moves()
    assert 1 <= result.depth < 40
    assert len(result.thread_nodes) == 2


def test_the_stop_flag_ends_a_two_thread_search_with_a_legal_move():
    pos = Position.start()
    searcher = NativeSearcher(threads=2)
    results = []
    thread = threading.Thread(target=lambda: results.append(searcher.search(pos, SearchLimits(depth=40))))
    thread.start()
    threading.Event().wait(0.3)
    searcher.stop()
    thread.join(60)
    assert not thread.is_alive()
    assert results[0].depth < 40
    assert results[0].move in pos.legal_moves()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts threads in /proc/self/task")
def test_no_helper_thread_outlives_the_search():
    before = len(os.listdir("/proc/self/task"))
    for limits in (SearchLimits(movetime=0.1), SearchLimits(depth=5), SearchLimits(nodes=20_000)):
        NativeSearcher(threads=3).search(Position.start(), limits)
        assert len(os.listdir("/proc/self/task")) <= before  # (another test's thread may have ended)
