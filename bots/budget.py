"""How long a bot may think: the engine's own budget per level, the Celery time limits and
claim lifetime derived from it, and in a live game the budget its clock allows.

The engine stops itself at the level's `movetime` (a hard limit inside the search); the Celery
limits are only a backstop for a search that does not return (a bug, a starved machine).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.search import LEVELS
from engine.search.searcher import MIN_DEPTH_CAP

# Beginner plays a random legal move (no search, no movetime); it still loads a game.
INSTANT_BUDGET = 1.0  # seconds
# Loading the game, rebuilding the position and storing the move on a busy database.
OVERHEAD = 10.0  # seconds
# A search cut short by the soft limit is replaced by one this long (see bots.tasks).
HURRY_MOVETIME = 1.0  # seconds
# Time for the hurried search to run and store its move before the hard limit kills it.
HARD_MARGIN = 10.0  # seconds


@dataclass(frozen=True)
class TimeLimits:
    budget: float  # seconds the engine may search
    soft: float  # Celery soft_time_limit: raises SoftTimeLimitExceeded in the task
    hard: float  # Celery time_limit: the worker process is killed and replaced

    @property
    def claim_ttl(self) -> int:
        """How long a claim on a ply lives: no legitimate job holds it longer than `hard`."""
        return int(self.hard) + 1


def time_limits(level: int) -> TimeLimits:
    """The limits of level `level` (a key of engine.search.LEVELS)."""
    budget = LEVELS[level].movetime or INSTANT_BUDGET
    soft = budget + OVERHEAD
    return TimeLimits(budget=budget, soft=soft, hard=soft + HURRY_MOVETIME + HARD_MARGIN)


def longest_time_limits() -> TimeLimits:
    """The limits of the slowest level: the default on the task itself."""
    return max((time_limits(level) for level in LEVELS), key=lambda limits: limits.hard)


# ---- live games (issue 46): a bot must never lose on time --------------------------------------
# Sudden death: the remaining time is spread as if this many moves were still to come (each
# move then takes a thirtieth of what is left: the budget shrinks with the clock, never to 0).
LIVE_MOVES_TO_GO = 30
# What a move costs besides its search - waiting in the live lane, loading the game, storing
# the move, the reply reaching the opponent - is kept back for every move still to come.
LIVE_OVERHEAD = 0.25  # seconds
# A game's bot keeps back what its own moves measured instead (bots.live_overhead) when that is
# more, up to this (a machine where a move costs more than this besides its search cannot play
# 1+0: forty such moves are the whole minute).
LIVE_OVERHEAD_MOST = 1.5  # seconds
LIVE_INCREMENT_SHARE = 0.8  # of the increment, spent on each move (it comes back after it)
LIVE_MOST_OF_REMAINING = 0.25  # never more than this share of what is left on one move
LIVE_LEAST = 0.02  # seconds: a search always gets this much (depth 1-2 on the native core)


def clock_movetime(level: int, *, remaining: float, increment: float,
                   overhead: float = LIVE_OVERHEAD) -> float:
    """Seconds the bot of `level` may search with `remaining` seconds on its running clock and
    `increment` seconds added after each move: at most the level's own budget, and bounded so
    the search's own worst case (a level with a minimum depth may run MIN_DEPTH_CAP times its
    movetime to finish that depth: engine.search.searcher) still fits. `overhead`: seconds a
    move costs besides its search, kept back for each move to come (at least LIVE_OVERHEAD, at
    most LIVE_OVERHEAD_MOST: the game's measured figure, bots.live_overhead)."""
    overhead = min(LIVE_OVERHEAD_MOST, max(LIVE_OVERHEAD, overhead))
    kept_back = overhead * LIVE_MOVES_TO_GO
    budget = (max(0.0, remaining - kept_back) / LIVE_MOVES_TO_GO
              + LIVE_INCREMENT_SHARE * max(0.0, increment))
    budget = min(budget, LIVE_MOST_OF_REMAINING * max(0.0, remaining - overhead))
    config = LEVELS[level]
    if config.movetime is not None:
        budget = min(budget, config.movetime)
    if config.min_depth:
        budget /= MIN_DEPTH_CAP
    return max(LIVE_LEAST, budget)
