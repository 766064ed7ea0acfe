"""Garbage collection in the long-running server process.

Python's full (oldest-generation) collection walks every tracked object. A Daphne process with
Django, DRF, Channels and Twisted loaded holds ~140,000 of them before it serves anything, and a
full collection of those takes 30-170 ms on the 2-core machine (measured: 96-169 ms at load 7).
It runs when enough objects have survived younger collections, at an arbitrary moment, and
stops every thread of the process meanwhile: a move that arrives then waits for it. Objects
made while starting up live as long as the process, so after start-up they are moved out of
the collector's sight (`gc.freeze()`, as Instagram does for its Django servers); a full
collection then walks only what was made since.

With a thousand live sockets that is not enough: the connections' own objects (protocols,
consumers, tasks, queues), made after start-up, are most of the heap, and every full collection
walks them again (461-540 ms a pause at 1,000 games, docs/performance.md). So the survivors of
each full collection are frozen too: the next one walks only what was made since. A cycle that
becomes garbage while frozen (a closed connection's objects) is found only once they are thawed:
every GC_THAW_S seconds (default 3600) the next full collection walks everything once.
Opt-in (GC_FREEZE_SURVIVORS=1): its effect at 1,000 games is not measured yet (the run of
2026-11-28 failed while connecting at load 12-15), and it keeps frozen cycles up to GC_THAW_S.

The thresholds (SERVER_THRESHOLDS; GC_THRESHOLD to change them) keep full collections rare.
What a request makes no longer reaches the collector at all (raumschach_site/request_cycles.py):
young collections are rare and short since (docs/performance.md).

GC_FREEZE=0 freezes nothing (and no survivors). GC_PAUSE_LOG_MS=<ms>
logs every collection that took longer (a warning with its generation and duration), to see
the pauses, and at exit the collector's totals per generation (count, wall and CPU time).
"""
from __future__ import annotations

import atexit
import gc
import logging
import os
import sys
import time

logger = logging.getLogger(__name__)


def tune_after_startup() -> None:
    """Call once the application is loaded, before serving."""
    threshold = float(os.environ.get("GC_PAUSE_LOG_MS", "0") or 0)
    if threshold > 0:
        _log_pauses_above(threshold)
    gc.set_threshold(*thresholds_from(os.environ.get("GC_THRESHOLD", "")))
    if os.environ.get("GC_FREEZE", "1") != "0":
        gc.collect()  # what start-up left as garbage goes now, not into the frozen set
        gc.freeze()
        if os.environ.get("GC_FREEZE_SURVIVORS", "0") == "1":
            gc.callbacks.append(_survivor_freezer(float(os.environ.get("GC_THAW_S", "3600"))))


# Young collections every 50,000 net allocations instead of Python's 700: a move's request
# allocates thousands of objects and, at 700, young collections run in the middle of it (and of
# every other request in flight) and promote what is alive then; at 1,000 games those promotions
# filled the oldest generation fast enough for a full collection every few seconds (146 in 420 s
# across two processes, 89 s of their 333 s of CPU). The later thresholds make full collections
# rare on top of Python's own rule (oldest generation grown by a quarter).
SERVER_THRESHOLDS = (50_000, 20, 100)


def thresholds_from(setting: str) -> tuple[int, ...]:
    """GC_THRESHOLD: empty for SERVER_THRESHOLDS, "python" for Python's (700, 10, 10), or
    "a,b,c" as gc.set_threshold takes them."""
    if not setting:
        return SERVER_THRESHOLDS
    if setting == "python":
        return (700, 10, 10)
    parts = setting.split(",")
    if not 1 <= len(parts) <= 3 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"GC_THRESHOLD={setting!r}: give up to three counts, e.g. 50000,20,100")
    return tuple(int(p) for p in parts)


def _survivor_freezer(thaw_every_s: float):
    thawed_at = [time.monotonic()]

    def after_full_collection(phase: str, info: dict) -> None:
        if phase != "stop" or info["generation"] != 2:
            return
        if time.monotonic() - thawed_at[0] >= thaw_every_s:
            # Back into the walk: the next full collection finds the cycles frozen meanwhile.
            thawed_at[0] = time.monotonic()
            gc.unfreeze()
        else:
            # The collection is over (a callback runs after it): what survived it is moved to
            # the permanent generation; freeze() only relinks lists, it allocates nothing.
            gc.freeze()

    return after_full_collection


def _log_pauses_above(threshold_ms: float) -> None:
    started: list[float] = [0.0, 0.0]
    # Per generation: collections, wall ms, CPU ms (of the thread that collected).
    totals = {generation: [0, 0.0, 0.0] for generation in range(3)}

    def measure(phase: str, info: dict) -> None:
        if phase == "start":
            started[0], started[1] = time.perf_counter(), time.thread_time()
            return
        took = (time.perf_counter() - started[0]) * 1000
        total = totals[info["generation"]]
        total[0] += 1
        total[1] += took
        total[2] += (time.thread_time() - started[1]) * 1000
        if took >= threshold_ms:
            # The Unix time it began, to line pauses up with a load test's --timeline.
            logger.warning("gc pause: generation %s, %.1f ms, %s collected, at %.3f",
                           info["generation"], took, info["collected"],
                           time.time() - took / 1000)

    gc.callbacks.append(measure)

    def report() -> None:
        # stderr, not logging: at exit logging may already be shut down.
        parts = [f"generation {g}: {n} collections, {wall:.0f} ms wall, {cpu:.0f} ms CPU"
                 for g, (n, wall, cpu) in totals.items()]
        print(f"gc totals (pid {os.getpid()}): " + "; ".join(parts), file=sys.stderr, flush=True)

    atexit.register(report)
