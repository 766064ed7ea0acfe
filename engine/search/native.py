"""The search on the native core: the same algorithm as searcher.py, run in C without the GIL
(engine/native/search.c), behind the same ``search(pos, limits, info)`` as ``Searcher``.

``NativeSearcher(tt_mb=..., seed=..., noise=..., keep_tt=...)``: each search starts with an
empty transposition table (its size is a setting: ``tt_mb``, capped by $RAUMSCHACH_TT_MB, default
and maximum 64 MiB; up to 16 MiB the core reuses a process's table, emptied by an epoch tag,
engine/native/search.c's scratch pool), or with ``keep_tt`` takes one of the process's kept tables (at most two,
engine/native/search.c), so a bot's next move starts from what its last search learnt; the
result then depends on the searches before it (the time-controlled levels' only).  ``stop()`` from another thread ends a running search at its next clock reading
(within ~128 nodes); the best move found so far is returned.

``threads`` (UCI's Threads; default 1): Lazy SMP, that many threads search the same root and
share the table (engine/native/search.c's smp_start); the main thread keeps time, reports and
returns its result, and the result's ``nodes`` (and each info's) count every thread's nodes.
More than one thread makes even a depth-limited search's result depend on the threads'
timing.  $RAUMSCHACH_SEARCH_THREADS (``threads_setting``) is what the bot levels that play
by time ask for (levels.make_searcher); the pure-Python ``Searcher`` has no threads.
"""
from __future__ import annotations

import functools
import os
import random
from typing import Callable, Sequence

from engine.core import native_module, native_module_for, native_modules, position_args
from engine import tablebase
from engine.moves import unpack_move
from engine.search.searcher import MATE, SearchInfo, SearchLimits, SearchResult, check_limits, restricted_root

TT_MB_MAX = 64  # MiB per searching process: the memory bound
DEFAULT_TT_MB = 16


def threads_max() -> int:
    """The most threads a search may have: the native core's SEARCH_THREADS_MAX."""
    native = native_module()
    return getattr(native, "SEARCH_THREADS_MAX", 1) if native is not None else 1


def cpu_count() -> int:
    """The CPUs this process may run on (its affinity mask, where the platform tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def threads_setting() -> int:
    """$RAUMSCHACH_SEARCH_THREADS (default 1): the threads of a bot's time-controlled search,
    clamped to 1..min(this process's CPUs, threads_max()).  Each thread takes a core while the
    bot thinks (docs/operating.md)."""
    raw = os.environ.get("RAUMSCHACH_SEARCH_THREADS", "")
    try:
        value = int(raw) if raw.strip() else 1
    except ValueError:
        value = 1
    return max(1, min(value, cpu_count(), threads_max()))


def tt_mb_setting() -> int:
    """$RAUMSCHACH_TT_MB (MiB, 1..64; default 64): the cap on any search's table."""
    raw = os.environ.get("RAUMSCHACH_TT_MB", "")
    try:
        value = int(raw) if raw.strip() else TT_MB_MAX
    except ValueError:
        value = TT_MB_MAX
    return max(1, min(TT_MB_MAX, value))


@functools.lru_cache(maxsize=256)
def _noise_key(seed: int) -> int:
    """The noise formula's key for ``seed`` (as searcher.py's): a bot's searcher is made per
    move with the same few seeds, and seeding a Random cost a few per cent of a small search."""
    return random.Random(seed).getrandbits(64)


class NativeSearcher:
    def __init__(self, *, tt_mb: int = DEFAULT_TT_MB, seed: int | None = None, noise: int = 0,
                 keep_tt: bool = False, threads: int = 1) -> None:
        self.native = native_module()
        if self.native is None:
            raise RuntimeError("the native core is not built (python setup.py build_ext --inplace)")
        tablebase.autoload()  # the endgame tables, when made (once per process; none: plays without)
        self.tt_bytes = min(tt_mb, tt_mb_setting()) << 20
        self.noise = noise
        self.keep_tt = keep_tt
        if threads < 1:
            raise ValueError(f"threads must be at least 1, not {threads}")
        self.threads = min(threads, threads_max())  # beyond the core's maximum: its maximum
        self.noise_key = _noise_key(seed) if seed is not None else 0
        # one flag per build (narrow, wide): each module's search polls only its own type
        self._stops = {id(module): module.StopFlag() for module in native_modules()}

    def stop(self) -> None:
        for flag in self._stops.values():
            flag.set()

    def search(self, pos, limits: SearchLimits, info: Callable[[SearchInfo], None] | None = None,
               root_moves: Sequence | None = None) -> SearchResult:
        """Search ``pos`` (an engine.Position, left untouched) within ``limits``; ``root_moves``:
        as ``Searcher.search`` (UCI's searchmoves, every depth completed)."""
        check_limits(limits)
        wanted = restricted_root(pos, root_moves)
        native = native_module_for(pos.variant)
        stop = self._stops[id(native)]
        stop.clear()
        try:
            move, score, depth, nodes, elapsed, pv, infos, thread_nodes = native.search(
                **position_args(pos), depth=limits.depth or 0, movetime=limits.movetime or 0.0,
                nodes=limits.nodes or 0, min_depth=limits.min_depth, noise=self.noise, noise_key=self.noise_key,
                tt_bytes=self.tt_bytes, stop=stop, cpu_clock=limits.cpu_clock, keep_tt=self.keep_tt,
                threads=self.threads, root_moves=sorted(wanted) if wanted is not None else None)
        except ValueError:
            # The core refuses a position without a legal move; asked here rather than before
            # every search (the Python generator's call was a tenth of a bench search's time).
            if pos.generate_legal():
                raise
            return SearchResult(None, -MATE if pos.in_check() else 0, 0, 0, [], 0.0)
        records = [SearchInfo(d, s, n, t, [unpack_move(m) for m in line]) for d, s, n, t, line in infos]
        if info is not None:
            for record in records:
                info(record)
        return SearchResult(unpack_move(move), score, depth, nodes, [unpack_move(m) for m in pv], elapsed, records,
                            thread_nodes)
