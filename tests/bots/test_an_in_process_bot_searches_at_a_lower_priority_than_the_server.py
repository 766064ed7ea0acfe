"""In the embedded set-up a bot searches in a thread of the server process; that thread runs at
a lower scheduling priority (BOTS_THREAD_NICE steps of nice below the server's) so pages and moves are served first while a bot
thinks. Only the bot thread is lowered, never the server's own threads."""
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from core import background

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="per-thread nice values are Linux's")


def own_nice() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


STEPS = 3


def lower_than_now() -> int:
    """The nice value STEPS below this thread's (a test run may itself be niced)."""
    now = own_nice()
    if now + STEPS > 19:
        pytest.skip("the tests already run near the lowest priority")
    return now + STEPS


def test_a_bot_thread_runs_at_the_configured_lower_priority_and_the_server_thread_does_not(settings):
    before = own_nice()
    lower = lower_than_now()
    settings.BOTS_THREAD_NICE = STEPS
    with ThreadPoolExecutor(max_workers=1, initializer=background.lower_priority, initargs=("bots",)) as pool:
        in_bot_thread = pool.submit(own_nice).result()
    assert in_bot_thread == lower > before
    assert own_nice() == before


def test_the_runner_pool_lowers_its_threads(settings, monkeypatch):
    lower = lower_than_now()
    settings.BOTS_THREAD_NICE = STEPS
    monkeypatch.setattr(background, "_executors", {})
    pool = background.executor("bots")
    try:
        assert pool.submit(own_nice).result() == lower
    finally:
        pool.shutdown(wait=True)


def test_zero_keeps_the_servers_priority(settings):
    settings.BOTS_THREAD_NICE = 0
    before = own_nice()
    with ThreadPoolExecutor(max_workers=1, initializer=background.lower_priority, initargs=("bots",)) as pool:
        assert pool.submit(own_nice).result() == before
