"""Lazy SMP on the native core: a search on two threads returns the main thread's legal move,
a score near the one-thread search's, a principal variation that plays legally from the
position, and nodes that are both threads' sum (each thread's count in ``thread_nodes``)."""
import pytest

from engine import Position
from engine.search import MATE, SearchLimits
from engine.search.bench import BENCH_POSITIONS
from engine.search.native import NativeSearcher

# Positions without a forced mate near the horizon: their depth-6 scores of one and of two
# threads differed by at most ~40 cp in trials (different trees through the shared table).
POSITIONS = [(name, fen) for name, fen in BENCH_POSITIONS if name != "kq-k"]


@pytest.fixture(autouse=True)
def _native(native):
    return native


def plays_legally(pos: Position, line) -> bool:
    pos = pos.copy()
    for move in line:
        if move not in pos.legal_moves():
            return False
        pos.push(move)
    return True


@pytest.mark.parametrize("name, fen", POSITIONS, ids=[name for name, _ in POSITIONS])
def test_two_threads_return_a_legal_move_a_sane_score_and_a_legal_line(name, fen):
    pos = Position.from_fen(fen)
    one = NativeSearcher(threads=1).search(pos, SearchLimits(depth=6))
    two = NativeSearcher(threads=2).search(pos, SearchLimits(depth=6))
    assert two.depth == 6
    assert two.move in pos.legal_moves()
    assert two.pv and two.pv[0] == two.move
    assert plays_legally(pos, two.pv)
    assert abs(two.score) < MATE - 100
    assert abs(two.score - one.score) <= 150


def test_the_nodes_are_every_threads_nodes():
    pos = Position.start()
    result = NativeSearcher(threads=2).search(pos, SearchLimits(depth=7))
    assert len(result.thread_nodes) == 2
    assert sum(result.thread_nodes) == result.nodes
    # ~0.1 s or more of search: the helper thread has run (it starts before the main searches).
    assert all(n > 0 for n in result.thread_nodes)
    counts = [i.nodes for i in result.infos]
    assert counts == sorted(counts) and counts[-1] <= result.nodes


def test_one_thread_reports_its_own_nodes_alone():
    result = NativeSearcher().search(Position.start(), SearchLimits(depth=4))
    assert result.thread_nodes == [result.nodes]
