"""The bot levels: named search configurations, and ``choose_move`` that plays one.

Two tables, one per core (engine/core.py): ``NATIVE_LEVELS`` re-tuned to the C search's speed
(~1 M nodes/s: each level keeps its reply budget from the start position - Easy < 1 s,
Normal < 2 s, Hard < 5 s - and searches deeper within it), and ``PYTHON_LEVELS``, the
pure-Python settings, used when the native core is not built or RAUMSCHACH_CORE=python.
``LEVELS`` is the table of the core chosen at import, for Raumschach (what bots/ reads for
time budgets; descriptions come from ``levels_for(core, variant)``).

Per variant: these tables are Raumschach's, and the default.  A variant whose search costs
more per ply (Five Up's placements make ~4x the moves) declares ``level_tuning`` on its
``Variant`` (engine/variants/base.py ``LevelTuning``: depth, min_depth, description per level
and core); ``levels_for(core, variant)`` applies it and ``choose_move`` searches a position
with the table of the position's own variant.  The time budgets (movetime) are the same in
every variant.

Randomness: a level's ``noise`` adds a seeded pseudo-random offset in [-noise, +noise]
centipawns to every evaluated position (keyed by the position's hash), so the same seed
reproduces the same game while different seeds vary the play.  Beginner picks a uniformly
random legal move from the seed.  ``seed=None`` draws a fresh seed from the OS.

Depth-limited levels also carry a generous ``movetime`` cap so that a bot never hangs on a
pathological position; it is not reached in normal play, and only when it is reached does the
result depend on the machine's speed.
"""
from __future__ import annotations

import os
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable

from engine.core import core_name
from engine.search.searcher import SearchLimits, SearchResult, Searcher


@dataclass(frozen=True)
class Level:
    name: str
    description: str  # one line, shown on the bot's account page
    depth: int | None  # plies (0 = random move), or None for a time-controlled level
    movetime: float | None  # seconds per move (a hard limit)
    noise: int = 0  # centipawns of seeded evaluation noise
    tt_bits: int = 16  # pure-Python transposition table: 2**tt_bits two-entry buckets
    min_depth: int = 0  # time-controlled levels: always complete this depth first
    number: int = -1  # the level's key in LEVELS (filled in below)
    tt_mb: int = 16  # native transposition table, MiB (capped by $RAUMSCHACH_TT_MB, max 64)


PYTHON_LEVELS: dict[int, Level] = {
    0: Level("Beginner", "Plays random legal moves - a gentle first opponent while you learn how the pieces move.",
             depth=0, movetime=None),
    1: Level("Easy", "Looks one move ahead for each side and plays loosely: grabs loose pieces, misses plans.",
             depth=2, movetime=5.0, noise=40),
    2: Level("Normal", "Looks three plies ahead, never misses a mate in one and spots simple tactics.",
             depth=3, movetime=15.0, noise=15),
    3: Level("Hard", "Looks four plies ahead plus every capture sequence; finds mates in two and short combinations.",
             depth=4, movetime=60.0),
    4: Level("Expert", "The full engine with five seconds a move: deep, tactical and hard to beat.",
             depth=None, movetime=5.0, min_depth=4),
    5: Level("Master", "The full engine with thirty seconds a move, for correspondence play at full strength.",
             depth=None, movetime=30.0, min_depth=5, tt_bits=17),
}

# Start-position reply times on the 2-core machine under load (engine/search/README.md):
# Easy ~0.02 s, Normal ~0.1 s, Hard ~1-1.5 s; Expert and Master use their whole budget.  Easy
# keeps its depth of 2 (its character, and a learner must be able to beat it: at depth 3 it
# scored 42 % against the new Normal in a short match, too close to it).
NATIVE_LEVELS: dict[int, Level] = {
    0: PYTHON_LEVELS[0],
    1: Level("Easy", "Looks one move ahead for each side and plays loosely: grabs loose pieces, misses plans.",
             depth=2, movetime=5.0, noise=40, tt_mb=4),
    2: Level("Normal", "Looks four plies ahead, never misses a mate in one and spots simple tactics.",
             depth=4, movetime=10.0, noise=20, tt_mb=8),
    3: Level("Hard", "Looks six plies ahead plus every capture sequence; finds mates in three and real combinations.",
             depth=6, movetime=30.0, tt_mb=16),
    4: Level("Expert", "The full engine with five seconds a move: deep, tactical and hard to beat.",
             depth=None, movetime=5.0, min_depth=6, tt_mb=32),
    5: Level("Master", "The full engine with thirty seconds a move, for correspondence play at full strength.",
             depth=None, movetime=30.0, min_depth=7, tt_mb=64),
}
PYTHON_LEVELS = {n: replace(level, number=n) for n, level in PYTHON_LEVELS.items()}
NATIVE_LEVELS = {n: replace(level, number=n) for n, level in NATIVE_LEVELS.items()}


def core_for(variant, core: str | None = None) -> str:
    """The core that searches ``variant``: the chosen one (``core`` / $RAUMSCHACH_CORE), except
    that a variant the native core does not play is searched by the Python core (never with
    another variant's rules).  engine.core.native_supports(variant) says which it plays; a core
    without that call plays Raumschach only."""
    name = core_name(core)
    if name == "native":
        from engine import core as cores

        supports = getattr(cores, "native_supports", None)
        if not (supports(variant) if supports is not None else variant.key == "raumschach"):
            return "python"
    return name


def levels_for(core: str | None = None, variant=None) -> dict[int, Level]:
    """The level table of ``core`` (default: the chosen core, see engine/core.py) in
    ``variant`` (default: Raumschach's table, which is every variant's without tuning)."""
    name = core_name(core)
    if variant is None or not variant.level_tuning.get(name):
        return NATIVE_LEVELS if name == "native" else PYTHON_LEVELS
    return _tuned(name, variant)


@lru_cache(maxsize=None)
def _tuned(core: str, variant) -> dict[int, Level]:
    """The default table of ``core`` with ``variant``'s LevelTuning applied (built once)."""
    base = NATIVE_LEVELS if core == "native" else PYTHON_LEVELS
    tuning = variant.level_tuning[core]
    unknown = set(tuning) - set(base)
    if unknown:
        raise ValueError(f"{variant.key}: level_tuning for unknown levels {sorted(unknown)}")
    table = {}
    for n, level in base.items():
        change = tuning.get(n)
        fields = {} if change is None else {k: v for k, v in change._asdict().items() if v is not None}
        if "movetime" in fields and (level.depth is None or fields["movetime"] > (level.movetime or 0)):
            raise ValueError(f"{variant.key}: level {n}'s movetime may only tighten a depth-limited "
                             "level's cap (time-controlled levels keep their budgets)")
        table[n] = replace(level, **fields)
    return table


LEVELS: dict[int, Level] = levels_for()


def keep_tables() -> bool:
    """$RAUMSCHACH_KEEP_TT (default on; 0/off/no: every search starts with an empty table)."""
    return os.environ.get("RAUMSCHACH_KEEP_TT", "1").strip().lower() not in ("0", "off", "no", "false")


def level_threads(cfg: Level, threads: int | None = None) -> int:
    """The threads level ``cfg`` searches on (the native core's Lazy SMP): ``threads`` when
    given, else $RAUMSCHACH_SEARCH_THREADS (native.threads_setting, default 1) for a
    time-controlled level (Expert, Master: more threads search deeper in the same seconds) and
    1 for a depth-limited one (more threads would only make its result vary)."""
    if threads is not None:
        return threads
    if cfg.depth is not None:
        return 1
    from engine.search.native import threads_setting
    return threads_setting()


def make_searcher(cfg: Level, seed: int | None, core: str | None = None, threads: int | None = None):
    """A searcher of the chosen core configured as level ``cfg`` (``threads``: level_threads;
    the pure-Python core searches on one)."""
    if core_name(core) == "native":
        from engine.search.native import NativeSearcher
        # A time-controlled level without noise (Expert, Master) keeps its table across a
        # game's moves: its result depends on the clock anyway, and a depth-limited level's
        # stays reproducible.
        return NativeSearcher(tt_mb=cfg.tt_mb, seed=seed, noise=cfg.noise,
                              keep_tt=cfg.depth is None and not cfg.noise and keep_tables(),
                              threads=level_threads(cfg, threads))
    return Searcher(tt_bits=cfg.tt_bits, seed=seed, noise=cfg.noise)


def choose_move(pos, level: int, *, seed: int | None = None, movetime: float | None = None,
                core: str | None = None, cpu_clock: bool = False, min_depth: int | None = None,
                on_searcher: Callable[[object], None] | None = None, threads: int | None = None) -> SearchResult:
    """The move ``level`` plays in ``pos`` (an engine.Position, left unchanged).

    ``movetime`` overrides the level's time limit (seconds); ``core`` ("native"/"python")
    overrides $RAUMSCHACH_CORE; ``cpu_clock`` measures the time limit on the searching
    thread's CPU time (matches on a shared machine; bots play on the wall clock); ``min_depth``
    overrides the level's minimum depth (0: a time-controlled level searches by time alone);
    ``threads`` the threads of the native core's search (default: ``level_threads``, which
    gives the time-controlled levels $RAUMSCHACH_SEARCH_THREADS).  Raises ValueError for an unknown level or a position
    without legal moves.  ``on_searcher`` is called with the searcher before it starts, so
    another thread may ``stop()`` it (the native core's then returns its best move so far).
    """
    core = core_for(pos.variant, core)
    table = levels_for(core, pos.variant)
    if level not in table:
        raise ValueError(f"unknown level {level!r}; levels are {sorted(table)}")
    cfg = table[level]
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    moves = pos.legal_moves()
    if not moves:
        raise ValueError("the side to move has no legal move (the game is over)")
    if cfg.depth == 0:
        # Sorted as (from, to, promotion, placement) tuples were before placements existed.
        move = random.Random(seed).choice(sorted(moves, key=lambda m: (m[0], m[1], m[2] or 0, m[3] or 0)))
        return SearchResult(move, 0, 0, 0, [move])
    searcher = make_searcher(cfg, seed, core, threads)
    if on_searcher is not None:
        on_searcher(searcher)
    limits = SearchLimits(depth=cfg.depth, movetime=movetime if movetime is not None else cfg.movetime,
                          min_depth=cfg.min_depth if min_depth is None else min_depth, cpu_clock=cpu_clock)
    return searcher.search(pos, limits)
