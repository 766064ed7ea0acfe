"""Bot moves without Celery (no REDIS_URL, the embedded default): a small pool of background
threads in the server process, so the one-command local setup still has playing bots.

Two threads let a quick bot answer while a slow one thinks. A search is background work: its
thread runs at a lower scheduling priority (`BOTS_THREAD_NICE` steps of nice below the
server's; Linux gives every thread its own nice value), so the server's event loop and request
threads come first and pages and moves stay fast while a bot thinks; the search still gets
every cycle nobody else wants.
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor, wait

from asgiref.sync import SyncToAsync, sync_to_async
from django.conf import settings
from django.db import DatabaseError, connections

from . import services

logger = logging.getLogger(__name__)

DEFAULT_THREADS = 2
DEFAULT_THREAD_NICE = 10

_pool: ThreadPoolExecutor | None = None
_pending: set[Future] = set()
_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            threads = getattr(settings, "BOTS_THREADS", DEFAULT_THREADS)
            _pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="bot-move",
                                       initializer=_yield_to_the_server)
        return _pool


def _yield_to_the_server() -> None:
    """Lower this bot thread's priority by BOTS_THREAD_NICE steps below the server's (only this
    thread's: on Linux `setpriority` with a thread id changes that thread alone). One way: an
    unprivileged process cannot raise it again."""
    steps = getattr(settings, "BOTS_THREAD_NICE", DEFAULT_THREAD_NICE)
    if not steps or not hasattr(os, "setpriority"):
        return
    try:
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread,
                       min(19, os.getpriority(os.PRIO_PROCESS, thread) + steps))
    except OSError as exc:  # a platform or sandbox without per-thread priorities
        logger.info("bot threads keep the server's priority: %s", exc)


def _run(game_id: int) -> services.BotMoveOutcome | None:
    return _run_job(services.bot_move_play, game_id, "bot move")


def _run_job(job, game_id: int, what: str):
    try:
        return job(game_id=game_id)
    except Exception:  # a background thread has nobody to raise to
        logger.exception("%s for game %s failed", what, game_id)
        return None
    finally:
        connections.close_all()  # this thread's connections; the pool thread lives on


def _answer_draw(game_id: int):
    from .draws import bot_draw_answer

    return _run_job(bot_draw_answer, game_id, "draw answer")


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The server's event loop when called from a request's sync code (Django views run in
    asgiref's SyncToAsync threads, which record the loop that awaits them), else None."""
    loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
    if getattr(SyncToAsync.threadlocal, "main_event_loop_pid", None) != os.getpid():
        return None
    return loop if loop is not None and loop.is_running() else None


def start_bot_move(game_id: int, *, delay: float = 0.0) -> Future:
    """Compute and play the bot's move in game `game_id` in a background thread, `delay`
    seconds from now (the paced showcase); pending meanwhile, as `wait_until_idle` sees it."""
    if delay <= 0:
        return _start(_run, game_id)
    loop = _server_loop()  # the job runs as this loop's call then, as if started now
    outer: Future = Future()
    timer = _timer(delay, _start_later, args=(outer, loop, game_id))
    timer.daemon = True  # a server stopping does not wait for the showcase's next move
    timer.start()
    _track(outer)
    return outer


_timer = threading.Timer  # a seam: tests run the delayed job on a controlled clock


def _start_later(outer: Future, loop, game_id: int) -> None:
    try:
        inner = _submit(_run, game_id, loop if loop is not None and loop.is_running() else None)
    except Exception as exc:  # e.g. the pool shut down with the server: nobody waits forever
        outer.set_exception(exc)
        return

    def settle(done: Future) -> None:
        if done.exception() is not None:
            outer.set_exception(done.exception())
        else:
            outer.set_result(done.result())

    inner.add_done_callback(settle)


def start_draw_answer(game_id: int) -> Future:
    """Let the bot answer the draw offer standing in game `game_id`, in a background thread."""
    return _start(_answer_draw, game_id)


def _start(_run, game_id: int) -> Future:
    return _track(_submit(_run, game_id, _server_loop()))


def _submit(_run, game_id: int, loop: asyncio.AbstractEventLoop | None) -> Future:
    if loop is None:  # a management command, a test, a shell: a plain background thread
        return _executor().submit(_run, game_id)
    # Run the job as the server loop's own sync_to_async call (in our bounded pool): the
    # events it publishes after commit are then sent on the server loop. From a bare thread
    # the in-memory channel layer would queue them without waking that loop, and the
    # socket would hear of the bot's move only at the loop's next unrelated wake-up.
    job = sync_to_async(_run, thread_sensitive=False, executor=_executor())
    return asyncio.run_coroutine_threadsafe(job(game_id), loop)


def _track(future: Future) -> Future:
    with _lock:
        _pending.add(future)
    future.add_done_callback(_forget)
    return future


def resume_waiting_bot_moves() -> list[int]:
    """Start the bot's move in every running game waiting for a bot: at server start-up, since
    searches running in the previous process died with it (there is no broker to re-deliver
    them and no beat to sweep). Returns the games' ids."""
    from . import selectors

    try:
        waiting = list(selectors.games_waiting_for_a_bot().values_list("pk", flat=True))
    except DatabaseError:  # e.g. not migrated yet: the server must still start
        logger.exception("could not look for games waiting for a bot")
        return []
    finally:
        connections.close_all()  # this (start-up) thread's connection is not needed again
    for game_id in waiting:
        logger.warning("game %s was waiting for its bot when the server started; "
                       "starting the move again", game_id)
        start_bot_move(game_id)
    return waiting


def drop_queued_moves() -> int:
    """At shutdown: cancel the bot jobs queued but not started (started again at the next
    start-up) and let the pool's threads end. Returns how many were dropped."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
        queued = [future for future in _pending if not future.running() and not future.done()]
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)
    return sum(future.cancel() for future in queued)


def _forget(future: Future) -> None:
    with _lock:
        _pending.discard(future)


def wait_until_idle(timeout: float | None = None) -> bool:
    """Wait until every queued bot move, including those queued meanwhile (a bot-v-bot game
    chains them), has finished; returns False on timeout."""
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
