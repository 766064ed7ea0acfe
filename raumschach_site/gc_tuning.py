"""Garbage collection in the long-running server process.

Python's full (oldest-generation) collection walks every tracked object. A Daphne process with
Django, DRF, Channels and Twisted loaded holds ~140,000 of them before it serves anything, and a
full collection of those takes 30-170 ms on the 2-core machine (measured: 96-169 ms at load 7).
It runs when enough objects have survived younger collections, at an arbitrary moment, and
stops every thread of the process meanwhile: a move that arrives then waits for it. Objects
made while starting up live as long as the process, so after start-up they are moved out of
the collector's sight (`gc.freeze()`, as Instagram does for its Django servers); a full
collection then walks only what was made since.

GC_FREEZE=0 leaves the collector as Python sets it. GC_PAUSE_LOG_MS=<ms> logs every
collection that took longer (a warning with its generation and duration), to see the pauses.
"""
from __future__ import annotations

import gc
import logging
import os
import time

logger = logging.getLogger(__name__)


def tune_after_startup() -> None:
    """Call once the application is loaded, before serving."""
    threshold = float(os.environ.get("GC_PAUSE_LOG_MS", "0") or 0)
    if threshold > 0:
        _log_pauses_above(threshold)
    if os.environ.get("GC_FREEZE", "1") != "0":
        gc.collect()  # what start-up left as garbage goes now, not into the frozen set
        gc.freeze()


def _log_pauses_above(threshold_ms: float) -> None:
    started: list[float] = [0.0]

    def measure(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
            return
        took = (time.perf_counter() - started[0]) * 1000
        if took >= threshold_ms:
            logger.warning("gc pause: generation %s, %.1f ms, %s collected", info["generation"],
                           took, info["collected"])

    gc.callbacks.append(measure)
