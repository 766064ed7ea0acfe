"""How long a bot may think: the engine's own budget per level, and the Celery time limits and
claim lifetime derived from it.

The engine stops itself at the level's `movetime` (a hard limit inside the search); the Celery
limits are only a backstop for a search that does not return (a bug, a starved machine).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.search import LEVELS

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
