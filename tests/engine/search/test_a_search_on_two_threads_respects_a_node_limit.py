"""The node limit of a search on several threads counts every thread's nodes: each thread
tests the sum every 128 of its own nodes, so the search ends within a few such steps of the
limit however the threads are scheduled (one thread: never beyond it, test_native_search)."""
import pytest
from search_positions import MIDDLEGAME

from engine import Position
from engine.search import SearchLimits
from engine.search.native import NativeSearcher

CHECK_EVERY = 128  # search.c: nodes between two looks at the limits


@pytest.fixture(autouse=True)
def _native(native):
    return native


@pytest.mark.parametrize("threads", [2, 3])
@pytest.mark.parametrize("limit", [1, 50, 777, 5000, 60_000])
def test_the_search_stops_at_the_node_limit_of_all_threads(limit, threads):
    pos = Position.from_fen(MIDDLEGAME)
    result = NativeSearcher(threads=threads).search(pos, SearchLimits(nodes=limit))
    assert result.move in pos.legal_moves()
    assert sum(result.thread_nodes) == result.nodes
    assert result.nodes <= limit + 2 * threads * CHECK_EVERY
    # Not a node short: the limit, not the end of the main thread's depths, stopped it.
    assert result.nodes >= limit
