"""Mail without Celery beat (the embedded set-up, no REDIS_URL): a timer thread runs the
periodic jobs beat runs otherwise (clock warnings, digests, vacations that ran out, retries of
unsent mail). The mails themselves go through the background seam (notify/dispatch.py)."""
from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import connections

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_periodic_started = False


def _loop(interval: float) -> None:
    from .periodic import notify_periodic

    while True:
        time.sleep(interval)
        try:
            notify_periodic()
        except Exception:
            logger.exception("periodic mail jobs failed")
        finally:
            connections.close_all()


def start_periodic() -> bool:
    """Start the timer thread once per process; returns whether it started now."""
    global _periodic_started
    with _lock:
        if _periodic_started:
            return False
        _periodic_started = True
    thread = threading.Thread(target=_loop, args=(float(settings.NOTIFY_PERIODIC_SECONDS),),
                              name="notify-periodic", daemon=True)
    thread.start()
    return True
