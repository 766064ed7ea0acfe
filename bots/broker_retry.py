"""Bot moves whose task could not be queued (the broker, Redis, is down) are queued again as
soon as it is back: one background thread per process retries every few seconds.

Without this a human's move was stored but the bot's task was lost with the failed publish, and
the game waited for the stalled-move sweep (5 minutes, and beat needs the broker too). If this
process dies meanwhile, that sweep is still the backstop. A duplicate is harmless: the claim on
the ply and the compare-and-set in the game service keep it to one move.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable

logger = logging.getLogger(__name__)

FIRST_DELAY = 0.5  # seconds before the first retry
MAX_DELAY = 3.0  # seconds between retries while the broker stays down

_pending: dict[int, Callable[[], None]] = {}  # game id -> how to queue its move
_lock = threading.Lock()
_thread: threading.Thread | None = None


def retry_until_queued(game_id: int, publish: Callable[[], None]) -> None:
    """Keep calling `publish` (which raises while the broker is down) until it succeeds."""
    global _thread
    with _lock:
        _pending[game_id] = publish  # the newest request for a game replaces an older one
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_retry_loop, name="bot-queue-retry", daemon=True)
            _thread.start()


def pending_games() -> list[int]:
    with _lock:
        return sorted(_pending)


def _retry_loop() -> None:
    global _thread
    delay = FIRST_DELAY
    while True:
        threading.Event().wait(delay)
        with _lock:
            batch = list(_pending.items())
        for game_id, publish in batch:
            try:
                publish()
            except Exception as exc:  # noqa: BLE001 - any failure means: still down, try later
                logger.info("bot move for game %s still not queued: %s", game_id, exc)
                delay = min(delay * 2, MAX_DELAY)
                break
            logger.warning("bot move for game %s queued after the broker came back", game_id)
            with _lock:
                if _pending.get(game_id) is publish:
                    del _pending[game_id]
        with _lock:
            if not _pending:
                _thread = None
                return
