"""Flags with nobody asking, run by every server process (raumschach_site/asgi.py).

At start-up the games whose time ran out while no server ran end, and every running live game's
flag is set again (games.services.games_flags_resume: timers die with their process, and a
deadline's entry in Redis may have been claimed by a process that died). Then:

- embedded (no REDIS_URL): core.background.submit_at's timer thread holds each game's flag,
  and a thread sweeps every FLAG_SWEEP_SECONDS for a flag a timer missed, as beat's sweep does
  with Celery;
- with Redis: a poller thread claims the due games from the deadlines' sorted set
  (games.services.clocks.DEADLINES; the claim is atomic, so of all the server processes
  polling exactly one takes each) and ends each through games.services.game_flag_if_due in the
  `clocks` pool, which re-reads the game: the database decides, not the set. It sleeps until
  the earliest deadline it knows, at most FLAG_POLL_SECONDS. Beat's sweep is the net.
"""
from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import connections

from core import background

logger = logging.getLogger(__name__)

CLAIM_BATCH = 100  # games claimed per poll; a full batch polls again at once

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


def poll_once(now: float | None = None) -> tuple[list[int], float | None]:
    """Claim the games due by `now` and hand each to the `clocks` pool; returns their ids and
    the earliest deadline still waiting."""
    from games.services.clocks import DEADLINES, FLAG_TASK

    due, first = DEADLINES.claim(time.time() if now is None else now, limit=CLAIM_BATCH)
    game_ids = []
    for member in due:
        try:
            game_ids.append(int(member))
        except ValueError:  # not ours: nothing to end
            logger.warning("flag poller: dropped the member %r", member)
    for game_id in game_ids:
        background.run_here(FLAG_TASK, game_id, None, pool="clocks")
    return game_ids, first


def poll_forever(interval: float, stop: threading.Event | None = None) -> None:
    """The poller's loop (until `stop` is set): claim what is due, then sleep until the
    earliest deadline left, at most `interval` seconds."""
    stop = stop or threading.Event()
    failures = 0
    try:
        while not stop.is_set():
            try:
                due, first = poll_once()
            except Exception:  # Redis away: the sweep ends what falls due meanwhile
                failures += 1
                logger.warning("flag poller: claiming failed (%d in a row)", failures,
                               exc_info=failures == 1)
                stop.wait(min(5.0, interval * 2 ** failures))
                continue
            failures = 0
            if len(due) >= CLAIM_BATCH:
                continue
            wait = interval if first is None else min(interval, first - time.time())
            stop.wait(max(0.001, wait))
    finally:  # a stopped poller gives its thread's database connection back
        connections.close_all()


def flags_start(stop: threading.Event | None = None) -> bool:
    """Resume the flags once per process and start the timer's net (embedded: the sweep) or
    the poller (Redis; until `stop` is set, if given); returns whether it started now."""
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
    if background.in_process():
        threading.Thread(target=_sweep_forever, args=(float(settings.FLAG_SWEEP_SECONDS),),
                         name="flag-sweep", daemon=True).start()
    else:
        threading.Thread(target=poll_forever, args=(float(settings.FLAG_POLL_SECONDS), stop),
                         name="flag-poller", daemon=True).start()
    return True
