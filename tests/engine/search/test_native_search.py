"""The native search: the Python search's results, its limits, a stop flag, and the GIL
released while it thinks."""
import threading

import pytest
from search_positions import MIDDLEGAME

from engine import Position
from engine.search import SearchLimits, Searcher
from engine import variant_by_key
from engine.search.bench import BENCH_POSITIONS, FIVEUP_POSITIONS
from engine.search.levels import NATIVE_LEVELS, choose_move
from engine.search.native import NativeSearcher, tt_mb_setting


@pytest.fixture(autouse=True)
def _native(native):
    return native


@pytest.mark.parametrize("name, fen", BENCH_POSITIONS, ids=[name for name, _ in BENCH_POSITIONS])
def test_the_native_search_finds_the_python_searchs_move_and_score(name, fen):
    # Same table size as the Python default (2**16 buckets): the trees differ only where the
    # quiescence search meets check evasions in generation order.
    pos = Position.from_fen(fen)
    native = NativeSearcher(tt_mb=2, seed=3, noise=15).search(pos, SearchLimits(depth=3))
    python = Searcher(tt_bits=16, seed=3, noise=15).search(pos, SearchLimits(depth=3))
    assert (native.move, native.score, native.depth) == (python.move, python.score, python.depth)
    assert abs(native.nodes - python.nodes) <= python.nodes // 50


@pytest.mark.parametrize("name, fen", FIVEUP_POSITIONS, ids=[name for name, _ in FIVEUP_POSITIONS])
def test_the_native_search_finds_the_python_searchs_move_and_score_in_fiveup(name, fen):
    pos = Position.from_fen(fen, variant_by_key("fiveup"))
    native = NativeSearcher(tt_mb=2, seed=3, noise=15).search(pos, SearchLimits(depth=3))
    python = Searcher(tt_bits=16, seed=3, noise=15).search(pos, SearchLimits(depth=3))
    assert (native.move, native.score, native.depth) == (python.move, python.score, python.depth)
    assert abs(native.nodes - python.nodes) <= python.nodes // 50


@pytest.mark.parametrize("limit", [1, 50, 777, 5000])
def test_the_node_limit_is_never_exceeded(limit):
    result = NativeSearcher().search(Position.from_fen(MIDDLEGAME), SearchLimits(nodes=limit))
    assert result.nodes <= limit
    assert result.move in Position.from_fen(MIDDLEGAME).legal_moves()


def test_the_same_seed_gives_the_same_move_and_noise_varies_with_the_seed():
    pos = Position.from_fen(MIDDLEGAME)
    first = [choose_move(pos, 1, seed=s, core="native").move for s in range(6)]
    again = [choose_move(pos, 1, seed=s, core="native").move for s in range(6)]
    assert first == again
    scores = {NativeSearcher(seed=s, noise=50).search(pos, SearchLimits(depth=2)).score for s in range(6)}
    assert len(scores) > 1


def test_a_stop_flag_set_from_another_thread_ends_the_search_with_a_legal_move():
    pos = Position.start()
    searcher = NativeSearcher()
    results = []
    thread = threading.Thread(target=lambda: results.append(searcher.search(pos, SearchLimits(depth=40))))
    thread.start()
    while not thread.is_alive():
        pass
    threading.Event().wait(0.3)
    searcher.stop()
    thread.join(60)
    assert not thread.is_alive()
    assert results[0].depth < 40
    assert results[0].move in pos.legal_moves()


def test_other_python_threads_run_while_the_native_search_thinks():
    searching = threading.Event()
    done = threading.Event()
    ticks = [0]

    def count():
        while not done.is_set():
            if searching.is_set():
                ticks[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    try:
        searching.set()
        NativeSearcher().search(Position.start(), SearchLimits(depth=6))
        searching.clear()
    finally:
        done.set()
        counter.join()
    # Holding the GIL, the search would leave the counter a switch interval or two (a few
    # hundred ticks at most); released, the counter spins the whole search long.
    assert ticks[0] > 20_000


def test_the_fifty_move_rule_and_repetitions_are_draws_inside_the_tree():
    # A queen up, but every quiet move reaches the 100th halfmove: the search sees a draw.
    fen = "5/5/5/5/2k2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/2Q2/5/2K2 w 99 80"
    pos = Position.from_fen(fen)
    native = NativeSearcher().search(pos, SearchLimits(depth=3))
    python = Searcher().search(pos, SearchLimits(depth=3))
    assert native.score == python.score == 0
    # After Kc1-Kc2 ... back, the start position has occurred before: a move that repeats it
    # is scored as a draw by both searches.
    game = Position.start()
    game.play_line(["Ab1Ac3", "Eb5Ec3", "Ac3Ab1", "Ec3Eb5", "Ab1Ac3", "Eb5Ec3"])
    native = NativeSearcher().search(game, SearchLimits(depth=1))
    python = Searcher().search(game, SearchLimits(depth=1))
    assert (native.move, native.score) == (python.move, python.score)


def test_the_table_size_is_a_setting_capped_at_64_mib(monkeypatch):
    monkeypatch.delenv("RAUMSCHACH_TT_MB", raising=False)
    assert tt_mb_setting() == 64
    assert max(level.tt_mb for level in NATIVE_LEVELS.values()) <= 64
    monkeypatch.setenv("RAUMSCHACH_TT_MB", "8")
    assert NativeSearcher(tt_mb=64).tt_bytes == 8 << 20
    monkeypatch.setenv("RAUMSCHACH_TT_MB", "4096")
    assert NativeSearcher(tt_mb=64).tt_bytes == 64 << 20
