"""Flags without Celery (the embedded set-up, no REDIS_URL): at start-up the games whose time
ran out while the server was down end and every running live game's timer is set again
(games.services.games_flags_resume); then a thread sweeps every FLAG_SWEEP_SECONDS for a flag
a timer missed, as beat's sweep does with Celery. The timers themselves are
core.background.submit_at's."""
from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import connections

logger = logging.getLogger(__name__)

_lock = threading.Lock()
_started = False


def _sweep_forever(interval: float) -> None:
    from games.services import games_sweep_expired

    while True:
        time.sleep(interval)
        try:
            games_sweep_expired()
        except Exception:
            logger.exception("the flag sweep failed")
        finally:
            connections.close_all()


def flags_start() -> bool:
    """Resume the flags once per process and start the sweep; returns whether it started now."""
    global _started
    with _lock:
        if _started:
            return False
        _started = True
    from games.services import games_flags_resume

    try:
        ended, timers = games_flags_resume()
        logger.info("flags at start-up: %d games ended on time, %d timers set", ended, timers)
    except Exception:  # e.g. the database not migrated yet: the sweep tries again
        logger.exception("resuming the flags at start-up failed")
    finally:
        connections.close_all()
    threading.Thread(target=_sweep_forever, args=(float(settings.FLAG_SWEEP_SECONDS),),
                     name="flag-sweep", daemon=True).start()
    return True
