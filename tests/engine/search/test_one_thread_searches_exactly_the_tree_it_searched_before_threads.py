"""With one thread (the default) the native search is the one it was before Lazy SMP: the
Raumschach bench set at depth 4 gives the node counts, scores and moves pinned here (main's
bench signature when threads came in, re-pinned once when the games took their tuned evaluation
weights: 81,980 nodes), also right after a search on several
threads in the same process (whose helpers' memory and shared table went back to the pools).
A change of the search's behaviour moves these numbers: re-pin them with the new bench
signature on purpose, never to make a refactor pass."""
import pytest

from engine import Position
from engine.search import SearchLimits
from engine.search.bench import BENCH_POSITIONS
from engine.search.native import NativeSearcher

PINNED = {  # position: (nodes, score, move) at depth 4, NativeSearcher(seed=0), 16 MiB
    "start": (7798, 39, "Bb1Cc2"),
    "easy-12": (32188, -19, "Bc3Cd3"),
    "easy-24": (7344, 76, "Ae2Ae3"),
    "easy-36": (3509, 502, "Cd2Eb2"),
    "easy-50": (4791, -714, "Be1Ad2"),
    "easy-70": (15821, 168, "Ae2Be2"),
    "kq-k": (9299, 1354, "Ac3Dc3"),
    "pawns": (1230, 10, "Ba2Ba3"),
}


@pytest.fixture(autouse=True)
def _native(native):
    return native


def signature(threads: int | None) -> dict:
    found = {}
    for name, fen in BENCH_POSITIONS:
        searcher = NativeSearcher(seed=0) if threads is None else NativeSearcher(seed=0, threads=threads)
        result = searcher.search(Position.from_fen(fen), SearchLimits(depth=4))
        found[name] = (result.nodes, result.score, result.move.coord())
    return found


def test_one_thread_gives_the_pinned_bench_signature():
    assert sum(nodes for nodes, _, _ in PINNED.values()) == 81_980
    assert signature(threads=None) == PINNED
    assert signature(threads=1) == PINNED


def test_after_a_search_on_three_threads_one_thread_still_gives_it():
    NativeSearcher(seed=0, threads=3).search(Position.from_fen(BENCH_POSITIONS[1][1]), SearchLimits(depth=6))
    assert signature(threads=1) == PINNED
