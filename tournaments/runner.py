"""Without Celery beat (the embedded set-up, no REDIS_URL): a timer thread runs the tournaments'
sweep (starts at `starts_at`, rounds whose advance was lost) each minute, as beat runs
tournaments.tasks.sweep otherwise."""
from __future__ import annotations

import logging
import threading
import time

from django.db import connections

logger = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0
_lock = threading.Lock()
_started = False


def _loop() -> None:
    from .services import tournaments_sweep

    while True:
        time.sleep(SWEEP_SECONDS)
        try:
            tournaments_sweep()
        except Exception:
            logger.exception("tournaments sweep failed")
        finally:
            connections.close_all()


def start_sweep() -> bool:
    """Start the timer thread once per process; returns whether it started now."""
    global _started
    with _lock:
        if _started:
            return False
        _started = True
    threading.Thread(target=_loop, name="tournaments-sweep", daemon=True).start()
    return True
