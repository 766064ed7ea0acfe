"""Mail without Celery (the embedded set-up, no REDIS_URL): one background thread sends the
stored mails, and a timer thread runs the periodic jobs beat runs otherwise (clock warnings,
digests, vacations that ran out, retries of unsent mail)."""
from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor, wait

from django.conf import settings
from django.db import OperationalError, connections

logger = logging.getLogger(__name__)

RETRY_PAUSES = (0.2, 1.0, 3.0, None)  # seconds between attempts on a busy database

_pool: ThreadPoolExecutor | None = None
_pending: set[Future] = set()
_lock = threading.Lock()
_periodic_started = False


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:  # one thread: mail is not urgent and SMTP servers dislike bursts
            _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="notify-mail")
        return _pool


def _deliver(mail_id: int) -> None:
    from .outbox import mail_deliver

    try:
        for pause in RETRY_PAUSES:
            try:
                mail_deliver(mail_id=mail_id)
                return
            except OperationalError:  # SQLite busy with another writer: wait and try again
                if pause is None:
                    raise
                time.sleep(pause)
    except Exception:  # the row stays unsent; the periodic retry sends it later
        logger.exception("mail %s not sent", mail_id)
    finally:
        connections.close_all()


def submit(mail_id: int) -> Future:
    future = _executor().submit(_deliver, mail_id)
    with _lock:
        _pending.add(future)
    future.add_done_callback(lambda f: _forget(f))
    return future


def _forget(future: Future) -> None:
    with _lock:
        _pending.discard(future)


def wait_until_idle(timeout: float | None = None) -> bool:
    with _lock:
        pending = set(_pending)
    _, not_done = wait(pending, timeout=timeout)
    return not not_done


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
