"""Bot searches that a shutdown can stop (issue 24).

The native search runs in C without the GIL for up to 30 s (Master). Two things must be able
to cut it short:
- the embedded server's shutdown (SIGTERM): `stop_all_searches()` stops every running search
  and refuses new ones; the stopped search plays nothing (`SearchStopped`) and the move is
  started again when the server starts (bots.runner.resume_waiting_bot_moves), as after a kill;
- Celery's soft time limit (also sent on a warm shutdown, raumschach_site.celery): its signal
  is handled by the task's thread only between Python instructions, never inside the C search,
  so the search runs in a thread of its own while the task's thread waits in short, signal-
  friendly joins; when the soft limit's exception arrives the search is stopped and the
  exception goes on to the task (which answers with a hurried search, bots.tasks).
"""
from __future__ import annotations

import logging
import signal
import threading

from engine.errors import UnsupportedVariantError
from engine.search import choose_move
from engine.search.searcher import SearchResult

from games.variants import move_coord

logger = logging.getLogger("bots.services")  # the bots' one log of searches and moves

_lock = threading.Lock()
_active: set = set()
_stopping = threading.Event()
JOIN_SLICE = 0.2  # seconds between chances for the waiting thread to take a signal


class SearchStopped(Exception):
    """The process is shutting down: the search was stopped and its move must not be played."""


def shutting_down() -> bool:
    return _stopping.is_set()


def stop_all_searches() -> int:
    """Stop every running search and refuse new ones (the process is going away). Returns how
    many were running."""
    _stopping.set()
    with _lock:
        running = list(_active)
    for searcher in running:
        _stop(searcher)
    return len(running)


def _stop(searcher) -> None:
    stop = getattr(searcher, "stop", None)  # the pure-Python searcher ends at its movetime
    if stop is not None:
        stop()


def bot_search(position, level: int, *, seed: int, movetime: float | None) -> SearchResult:
    """choose_move(position, level), stoppable as the module says. Raises SearchStopped when the
    process shuts down before or during the search."""
    if _stopping.is_set():
        raise SearchStopped()
    mine: list = []
    outcome: dict = {}

    def register(searcher) -> None:
        with _lock:
            _active.add(searcher)
            mine.append(searcher)
        if _stopping.is_set():
            _stop(searcher)

    def run() -> None:
        try:
            outcome["result"] = _variant_search(position, level, seed=seed, movetime=movetime,
                                                on_searcher=register)
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
            outcome["error"] = exc

    if not _signals_may_interrupt():  # a server's bot thread: stopped through `register`
        try:
            run()
        finally:
            with _lock:
                _active.difference_update(mine)
        return _outcome(outcome)
    # The search inherits this thread's scheduling priority (bots.runner lowers it).
    thread = threading.Thread(target=run, name="bot-search", daemon=True)
    thread.start()
    try:
        while thread.is_alive():
            thread.join(JOIN_SLICE)
    except BaseException:  # the soft time limit (or any signal's exception): stop, then go on
        for searcher in mine:
            _stop(searcher)
        thread.join()
        raise
    finally:
        with _lock:
            _active.difference_update(mine)
    return _outcome(outcome)


def _variant_search(position, level: int, *, seed: int, movetime: float | None,
                    on_searcher) -> SearchResult:
    """The level's move in `position`, searched by the rules of the position's own variant:
    on the native core when it was handed that variant, else on the pure-Python core (the
    reference, which plays every variant; the native core refuses a variant it was not given
    rather than search it by another's rules)."""
    try:
        result = choose_move(position, level, seed=seed, movetime=movetime,
                             on_searcher=on_searcher)
    except UnsupportedVariantError:
        logger.info("native core lacks %s: searching on the Python core", position.variant.key)
        return choose_move(position, level, seed=seed, movetime=movetime, core="python",
                           on_searcher=on_searcher)
    if not position.is_legal(result.move) and not _stopping.is_set():
        # A core that searched by another variant's rules: never play its move.
        logger.error("the search answered %s, illegal in %s; searching on the Python core",
                     move_coord(position, result.move), position.variant.key)
        return choose_move(position, level, seed=seed, movetime=movetime, core="python",
                           on_searcher=on_searcher)
    return result


def _outcome(outcome: dict) -> SearchResult:
    if "error" in outcome:
        raise outcome["error"]
    if _stopping.is_set():
        raise SearchStopped()
    return outcome["result"]


def _signals_may_interrupt() -> bool:
    """True in a Celery pool process's task thread, where the soft time limit arrives as
    SIGUSR1 (billiard installs its handler): only there must the search leave the thread."""
    soft = getattr(signal, "SIGUSR1", None)
    if soft is None or threading.current_thread() is not threading.main_thread():
        return False
    return signal.getsignal(soft) not in (signal.SIG_DFL, signal.SIG_IGN, None)
