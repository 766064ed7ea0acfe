"""A clean, bounded shutdown of the embedded server (issue 24, finding 3).

On SIGTERM (systemd, `docker stop`, `kill`) or SIGINT Daphne stops listening and its reactor
shuts down; this module then
- stops every running bot search and refuses new ones (bots.search): nothing half-thought is
  played, and the move is started again when the server starts
  (bots.runner.resume_waiting_bot_moves), as after a kill;
- drops bot moves queued but not started (resumed at start-up the same way);
- gives the process SHUTDOWN_GRACE_SECONDS to finish what is under way (a request's
  transaction, a mail being sent), flushes the logs and exits, even if a thread is still
  blocked (a bot thread waiting on the stopped event loop used to keep the process alive for
  minutes and write a move 30 s later). Every committed transaction is already on disk: SQLite
  syncs each commit (synchronous=FULL), PostgreSQL likewise.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time

from django.conf import settings

logger = logging.getLogger(__name__)
_installed = False


def install() -> None:
    """Hook the shutdown into Daphne's reactor (only when served by Daphne: importing the
    reactor elsewhere would install one)."""
    global _installed
    if _installed or "daphne.server" not in sys.modules:
        return
    from twisted.internet import reactor

    reactor.addSystemEventTrigger("before", "shutdown", begin_shutdown)
    _installed = True


def begin_shutdown() -> None:
    from bots.search import stop_all_searches
    from core import background

    from analysis.runner import stop_all as stop_all_analyses

    stopped = stop_all_searches()
    dropped = sum(background.drop_queued(pool) for pool in ("bots", "bots_deep", "bots_live"))
    logger.warning("shutting down: %s bot search(es) stopped, %s queued bot move(s) dropped; "
                   "they start again when the server starts", stopped, dropped)
    analyses = stop_all_analyses() + background.drop_queued("analysis")
    if analyses:
        logger.warning("shutting down: %s game analysis(es) stopped or dropped; they start "
                       "again when the server starts", analyses)
    grace = float(settings.SHUTDOWN_GRACE_SECONDS)
    threading.Thread(target=_exit_after, args=(grace,), name="shutdown-watchdog",
                     daemon=True).start()


def _exit_after(grace: float) -> None:
    time.sleep(grace)
    # Still here: some thread is stuck. Everything committed is on disk; flush the logs.
    logger.warning("shutdown: still running after %.0f s; exiting now", grace)
    for handler in logging.getLogger().handlers:
        try:
            handler.flush()
        except Exception:  # noqa: BLE001 - exiting anyway
            pass
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
