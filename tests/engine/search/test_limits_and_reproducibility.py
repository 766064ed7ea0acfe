"""Node limit, hard time limit, reproducible results and an untouched caller position."""
import time

import pytest
from search_positions import MIDDLEGAME

from engine import Position
from engine.search import LEVELS, SearchLimits, Searcher, choose_move


@pytest.mark.parametrize("limit", [1, 50, 777, 5000])
def test_the_node_limit_is_never_exceeded(limit):
    result = Searcher().search(Position.from_fen(MIDDLEGAME), SearchLimits(nodes=limit))
    assert result.nodes <= limit
    assert result.move in Position.from_fen(MIDDLEGAME).legal_moves()


def test_a_hard_time_limit_stops_a_search_that_would_take_far_longer():
    pos = Position.from_fen(MIDDLEGAME)
    t0 = time.perf_counter()
    result = Searcher().search(pos, SearchLimits(depth=12, movetime=0.3))
    elapsed = time.perf_counter() - t0
    assert result.depth < 12
    assert result.move in pos.legal_moves()
    # Generous slack for a loaded machine: the limit is checked every 128 nodes (~ms).
    assert elapsed < 1.5


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_the_same_seed_gives_the_same_result(level):
    pos = Position.from_fen(MIDDLEGAME)
    a = choose_move(pos, level, seed=1234)
    b = choose_move(pos, level, seed=1234)
    assert (a.move, a.score, a.depth, a.nodes, a.pv) == (b.move, b.score, b.depth, b.nodes, b.pv)


def test_different_seeds_vary_the_lower_levels_play():
    pos = Position.start()
    for level in (0, 1):
        moves = {choose_move(pos, level, seed=s).move for s in range(12)}
        assert len(moves) > 1, LEVELS[level].name


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_the_callers_position_is_not_changed(level):
    pos = Position.from_fen(MIDDLEGAME)
    pos.push_checked(pos.legal_moves()[0])
    before = (pos.fen(), pos.zobrist, list(pos.move_stack), pos.board[:])
    choose_move(pos, level, seed=3)
    assert (pos.fen(), pos.zobrist, list(pos.move_stack), pos.board[:]) == before


def test_the_callers_position_survives_a_search_cut_off_by_the_clock():
    pos = Position.from_fen(MIDDLEGAME)
    before = (pos.fen(), pos.zobrist, pos.board[:])
    Searcher().search(pos, SearchLimits(movetime=0.05))
    assert (pos.fen(), pos.zobrist, pos.board[:]) == before


def test_a_minimum_depth_is_completed_even_when_the_clock_runs_out_first(monkeypatch):
    import engine.search.searcher as searcher_module

    # A safety cap far away, so that only the minimum depth decides (the machine may be busy).
    monkeypatch.setattr(searcher_module, "MIN_DEPTH_CAP", 100_000)
    pos = Position.from_fen(MIDDLEGAME)
    result = Searcher().search(pos, SearchLimits(movetime=0.0001, min_depth=3))
    assert result.depth == 3


def test_the_time_controlled_levels_never_search_shallower_than_hard():
    assert LEVELS[4].min_depth >= LEVELS[3].depth
    assert LEVELS[5].min_depth > LEVELS[3].depth
