"""In a live game a bot searches for a share of its remaining time plus most of its increment
(bots.budget.clock_movetime): never more than its level's own budget, never so much that the
search's worst case (a level that must finish a minimum depth may run MIN_DEPTH_CAP times its
movetime) could take a large part of the clock, and always a little (it must move)."""
import pytest

from bots.budget import (LIVE_LEAST, LIVE_MOST_OF_REMAINING, LIVE_OVERHEAD, clock_movetime)
from engine.search import LEVELS
from engine.search.searcher import MIN_DEPTH_CAP

SEARCHING_LEVELS = [level for level, config in sorted(LEVELS.items()) if config.depth != 0]


def worst_case(level: int, movetime: float) -> float:
    """The longest the engine may search with `movetime` at `level` (engine.search.searcher)."""
    return movetime * (MIN_DEPTH_CAP if LEVELS[level].min_depth else 1)


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
def test_the_budget_shrinks_with_the_clock_and_grows_with_the_increment(level):
    budgets = [clock_movetime(level, remaining=r, increment=0) for r in (60, 30, 15, 9)]
    assert budgets == sorted(budgets, reverse=True) and budgets[0] > budgets[-1]
    assert clock_movetime(level, remaining=30, increment=3) > clock_movetime(
        level, remaining=30, increment=0)


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
@pytest.mark.parametrize("remaining", [10800, 600, 60, 10, 1, 0.1, 0, -1])
@pytest.mark.parametrize("increment", [0, 2, 180])
def test_the_worst_case_search_stays_within_the_levels_budget_and_a_share_of_the_clock(
        level, remaining, increment):
    movetime = clock_movetime(level, remaining=remaining, increment=increment)
    assert movetime >= LIVE_LEAST
    if LEVELS[level].movetime is not None:
        assert movetime <= LEVELS[level].movetime
    share = LIVE_MOST_OF_REMAINING * max(0.0, remaining - LIVE_OVERHEAD)
    assert worst_case(level, movetime) <= max(share, worst_case(level, LIVE_LEAST))


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
def test_a_one_minute_game_lasts_a_hundred_moves_even_if_every_search_runs_to_its_worst_case(
        level):
    remaining = 60.0
    for _ in range(100):
        remaining -= worst_case(level, clock_movetime(level, remaining=remaining, increment=0))
        remaining -= 0.1  # each move's cost besides its search: queue, database, network
    assert remaining > 0


@pytest.mark.parametrize("level", SEARCHING_LEVELS)
def test_with_an_increment_above_the_overhead_the_clock_never_runs_down(level):
    remaining = 180.0
    for _ in range(500):
        remaining += 2 - worst_case(level, clock_movetime(level, remaining=remaining,
                                                          increment=2)) - 0.25
    assert remaining > 5
