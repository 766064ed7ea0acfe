"""One seam for background work (bot moves, bot draw answers, mail, game analyses).

A job is a Celery task, named as Celery names it. `submit(name, *args)` publishes it to the
broker when one is configured (`settings.BACKGROUND_IN_PROCESS` false: REDIS_URL is set), and
otherwise runs the same task body in a named thread pool of this process, so the one-command
local set-up needs no broker. Jobs are found by name in Celery's registry, as a worker finds
them: the app that queues work imports nothing of the module that does it, which keeps its
modules free of import circles (services → hooks → tasks → services).

Pools (`POOLS`): `bots` (`BOTS_THREADS` threads, 2, at `BOTS_THREAD_NICE` steps of nice below
the server: a search is background work, and Linux gives every thread its own nice value, so
requests come first and the search still gets every idle cycle), `bots_deep` (the deep levels'
searches, `BOTS_DEEP_THREADS`, 2, niced alike; bots/lanes.py), `bots_live` (bots' moves in
live games, `BOTS_LIVE_THREADS`, 2, niced alike), `mail` (one thread: mail
is not urgent and SMTP servers dislike bursts) and `analysis` (`ANALYSIS_THREADS`, 1, niced as
the bots'), `clocks` (flags, one thread) and `tournaments` (rounds and arena pairings after a
game's end, one thread). Tests wait for every pool with
`wait_until_idle()`, never by sleeping.
"""
from __future__ import annotations

import asyncio
import heapq
import importlib
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import datetime

from asgiref.sync import SyncToAsync, sync_to_async
from django.conf import settings
from django.db import OperationalError, connections

logger = logging.getLogger(__name__)

RETRY_PAUSES = (0.2, 1.0, 3.0)  # seconds between attempts while SQLite is busy with a writer


@dataclass(frozen=True)
class PoolSpec:
    threads_setting: str
    default_threads: int
    nice_setting: str | None = None
    default_nice: int = 0


POOLS = {
    "bots": PoolSpec("BOTS_THREADS", 2, "BOTS_THREAD_NICE", 10),
    # The deep levels' searches (bots/lanes.py): their own threads, so they never hold up a
    # quick level's reply.
    "bots_deep": PoolSpec("BOTS_DEEP_THREADS", 2, "BOTS_THREAD_NICE", 10),
    # Bots' moves in live games (bots/lanes.py): their clocks run while they wait, so they wait
    # behind no correspondence search.
    "bots_live": PoolSpec("BOTS_LIVE_THREADS", 2, "BOTS_THREAD_NICE", 10),
    "mail": PoolSpec("MAIL_THREADS", 1),
    # Game analyses: long searches of their own pool, so they never hold up a bot's move.
    "analysis": PoolSpec("ANALYSIS_THREADS", 1, "BOTS_THREAD_NICE", 10),
    # Live games' flags (submit_at): a short write each, at the server's priority, never
    # queued behind a search.
    "clocks": PoolSpec("CLOCK_THREADS", 1),
    # Tournaments' rounds and arena pairings after a game's end (tournaments/receivers.py): off
    # the request that ended the game, one at a time, at the server's priority (players wait
    # for their next game).
    "tournaments": PoolSpec("TOURNAMENT_THREADS", 1),
}

_executors: dict[str, ThreadPoolExecutor] = {}
_pending: set[Future] = set()
_lock = threading.Lock()
_timer = threading.Timer  # a seam: tests run a delayed job on a controlled clock
# The server's event loop as last seen from a request: a timed job set where none was known
# (at start-up, before any request) runs on it, so the events it publishes wake the sockets.
_seen_loop: asyncio.AbstractEventLoop | None = None


def in_process() -> bool:
    """Whether background work runs in this process (no broker configured)."""
    return bool(getattr(settings, "BACKGROUND_IN_PROCESS", True))


def task(name: str):
    """The Celery task called `name`, importing its module if no one has yet."""
    from celery import current_app

    if name not in current_app.tasks:
        importlib.import_module(name.rpartition(".")[0])
    return current_app.tasks[name]


def executor(pool: str) -> ThreadPoolExecutor:
    spec = POOLS[pool]
    with _lock:
        if pool not in _executors:
            _executors[pool] = ThreadPoolExecutor(
                max_workers=getattr(settings, spec.threads_setting, spec.default_threads),
                thread_name_prefix=f"background-{pool}",
                initializer=lower_priority, initargs=(pool,))
        return _executors[pool]


def lower_priority(pool: str) -> None:
    """Lower the calling thread's priority by the pool's nice steps below the server's (only
    this thread's: on Linux `setpriority` with a thread id changes that thread alone). One way:
    an unprivileged process cannot raise it again."""
    spec = POOLS[pool]
    steps = getattr(settings, spec.nice_setting, spec.default_nice) if spec.nice_setting else 0
    if not steps or not hasattr(os, "setpriority"):
        return
    try:
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread,
                       min(19, os.getpriority(os.PRIO_PROCESS, thread) + steps))
    except OSError as exc:  # a platform or sandbox without per-thread priorities
        logger.info("%s threads keep the server's priority: %s", pool, exc)


def submit(name: str, *args, pool: str, delay: float = 0.0, what: str = "",
           publish: Callable[[], None] | None = None) -> Future | None:
    """Run the task `name` with `args`: in this process's `pool`, `delay` seconds from now, and
    return its Future (pending meanwhile, as `wait_until_idle` sees it); or, with a broker,
    publish it (`publish()` when the caller needs its own options, e.g. time limits) and
    return None. `what` names the job in the log line of a failure."""
    if not in_process():
        if publish is not None:
            publish()
        else:
            task(name).apply_async(args=args, countdown=delay or None, retry=False)
        return None
    job = _job(name, args, what or f"{name}{args}")
    if delay <= 0:
        return _track(_submit(pool, job, _server_loop()))
    loop = _server_loop()  # the job runs as this loop's call then, as if started now
    outer: Future = Future()
    timer = _timer(delay, _start_later, args=(outer, pool, job, loop))
    timer.daemon = True  # a server stopping does not wait for a delayed job
    timer.start()
    return _track(outer)


def run_here(name: str, *args, pool: str, what: str = "") -> Future:
    """Run the task `name` now in this process's `pool`, broker or not: work this process took
    for itself (a flag its poller claimed). On the server's loop when one is known."""
    loop = _seen_loop if _seen_loop is not None and _seen_loop.is_running() else None
    outer: Future = Future()
    _track(outer)
    _start_later(outer, pool, _job(name, args, what or f"{name}{args}"), loop)
    return outer


def _job(name: str, args: tuple, what: str) -> Callable[[], object]:
    def run():
        try:
            for pause in (*RETRY_PAUSES, None):
                try:
                    return task(name).run(*args)
                except OperationalError:  # SQLite busy with another writer: wait, try again
                    if pause is None:
                        raise
                    time.sleep(pause)
        except Exception:  # a background thread has nobody to raise to
            logger.exception("%s failed", what)
            return None
        finally:
            connections.close_all()  # this thread's connections; the pool thread lives on
    return run


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The server's event loop when called from a request's sync code (Django views run in
    asgiref's SyncToAsync threads, which record the loop that awaits them), else None."""
    global _seen_loop
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    if loop is not None and loop.is_running():
        _seen_loop = loop
        return loop
    return None


def _submit(pool: str, job, loop: asyncio.AbstractEventLoop | None) -> Future:
    if loop is None:  # a management command, a test, a shell: a plain background thread
        return executor(pool).submit(job)
    # Run the job as the server loop's own sync_to_async call (in the bounded pool): the events
    # it publishes after commit are then sent on the server loop. From a bare thread the
    # in-memory channel layer would queue them without waking that loop, and a socket would
    # hear of a bot's move only at the loop's next unrelated wake-up.
    call = sync_to_async(job, thread_sensitive=False, executor=executor(pool))
    return asyncio.run_coroutine_threadsafe(call(), loop)


def _start_later(outer: Future, pool: str, job, loop) -> None:
    try:
        inner = _submit(pool, job, loop if loop is not None and loop.is_running() else None)
    except Exception as exc:  # e.g. the pool shut down with the server: nobody waits forever
        outer.set_exception(exc)
        return

    def settle(done: Future) -> None:
        if done.exception() is not None:
            outer.set_exception(done.exception())
        else:
            outer.set_result(done.result())

    inner.add_done_callback(settle)


def _track(future: Future) -> Future:
    with _lock:
        _pending.add(future)
    future.add_done_callback(_forget)
    return future


def drop_queued(pool: str) -> int:
    """At shutdown: cancel the jobs of `pool` queued but not started (the bots' are started
    again at the next start-up) and let its threads end. Returns how many were queued."""
    with _lock:
        found = _executors.pop(pool, None)
    if found is None:
        return 0
    queued = found._work_queue.qsize()  # noqa: SLF001 - only to say how many in the log
    found.shutdown(wait=False, cancel_futures=True)
    return queued


def _forget(future: Future) -> None:
    with _lock:
        _pending.discard(future)


def wait_until_idle(timeout: float | None = None) -> bool:
    """Wait until every job of every pool has finished, including those started meanwhile (a
    bot-v-bot game chains them); returns False on timeout."""
    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        with _lock:
            pending = set(_pending)
        if not pending:
            return True
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        _, not_done = wait(pending, timeout=left)
        if not_done:
            return False


# ---- jobs at a time (submit_at): one timer thread for every key ----

_timer_cond = threading.Condition()
_timed: dict[str, tuple] = {}  # key -> (when, seq, name, args, pool, loop): the one that counts
_timed_heap: list[tuple[float, int, str]] = []
_timed_seq = 0
_timer_thread: threading.Thread | None = None


def submit_at(name: str, *args, pool: str, at: datetime, key: str) -> None:
    """Run the task `name` with `args` at the time `at` (aware): with a broker, published with
    that ETA; in this process, by one timer thread, in `pool` then. A later call with the same
    `key` replaces the one waiting (a live game's flag moves with every move), so the process
    holds one entry per key, not one sleeping thread per call. Not counted by
    `wait_until_idle` until it starts (a flag due in minutes must not hold a test up)."""
    if not in_process():
        task(name).apply_async(args=args, eta=at, retry=False)
        return
    global _timed_seq, _timer_thread
    loop = _server_loop()
    with _timer_cond:
        _timed_seq += 1
        _timed[key] = (at.timestamp(), _timed_seq, name, args, pool, loop)
        heapq.heappush(_timed_heap, (at.timestamp(), _timed_seq, key))
        if _timer_thread is None or not _timer_thread.is_alive():
            _timer_thread = threading.Thread(target=_timer_loop, name="background-timer",
                                             daemon=True)
            _timer_thread.start()
        _timer_cond.notify()


def cancel_at(key: str) -> None:
    """Forget the job waiting under `key` (in this process; a published ETA stays)."""
    with _timer_cond:
        _timed.pop(key, None)


def _next_due() -> tuple | None:
    """Wait for the next job that is due and take it (called with the condition held)."""
    while True:
        while _timed_heap:
            when, seq, key = _timed_heap[0]
            entry = _timed.get(key)
            if entry is None or entry[1] != seq:  # replaced or cancelled
                heapq.heappop(_timed_heap)
                continue
            break
        if not _timed_heap:
            _timer_cond.wait()
            continue
        wait_for = _timed_heap[0][0] - time.time()
        if wait_for <= 0:
            _, _, key = heapq.heappop(_timed_heap)
            return _timed.pop(key)
        _timer_cond.wait(wait_for)


def _timer_loop() -> None:
    while True:
        with _timer_cond:
            _, _, name, args, pool, loop = _next_due()
        if loop is None or not loop.is_running():
            loop = _seen_loop if _seen_loop is not None and _seen_loop.is_running() else None
        outer: Future = Future()
        _track(outer)
        _start_later(outer, pool, _job(name, args, f"{name}{args}"), loop)
