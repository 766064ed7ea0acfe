"""A real Celery worker for the bot tests: a subprocess consuming both bot queues on the real
Redis, with the test's own PostgreSQL database (passed through DATABASE_URL)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
READY_TIMEOUT = 60  # seconds for a worker to boot Django and connect; ~3 s when idle


def test_database_url() -> str:
    """The URL of the database this test process uses (pytest-django's test_<name>)."""
    s = connection.settings_dict
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    return (f"postgres://{s['USER']}{password}@{s['HOST'] or '127.0.0.1'}:"
            f"{s['PORT'] or 5432}/{s['NAME']}")


def purge_bot_queue() -> None:
    """Drop bot tasks queued by earlier tests or runs: they name games of other databases."""
    from raumschach_site.celery import app

    with app.connection_for_write() as conn:
        for queue in ("bots", "bots_deep"):  # both lanes (bots/lanes.py)
            conn.default_channel.queue_purge(queue)


class Worker:
    def __init__(self, log_path: Path, *, concurrency: int = 1,
                 extra_env: dict[str, str] | None = None, queues: str = "bots,bots_deep") -> None:
        self.log_path = log_path
        env = {**os.environ, "DATABASE_URL": test_database_url(), "PYTHONUNBUFFERED": "1",
               "LOG_LEVEL": "INFO", **(extra_env or {})}
        self.name = f"bots-test-{uuid.uuid4().hex[:8]}@%h"
        self._log = open(log_path, "ab")  # noqa: SIM115 - closed in stop()
        # Its own session: stop() can end the worker and its pool children as one group.
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "raumschach_site", "worker",
             "-Q", queues, "-c", str(concurrency), "--pool=prefork", "-l", "INFO",
             "-n", self.name,
             "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            start_new_session=True)
        self.wait_for_log(r"\bready\.", timeout=READY_TIMEOUT)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_for_log(self, pattern: str, *, timeout: float) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            match = re.search(pattern, self.log())
            if match:
                return match
            if self.process.poll() is not None:
                raise AssertionError(f"worker exited ({self.process.returncode}):\n{self.log()}")
            time.sleep(0.05)
        raise AssertionError(f"no {pattern!r} in the worker log after {timeout} s:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL the worker and its pool processes at once (a crashed machine or container)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()  # warm shutdown: finishes the running task
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # any pool child left behind
        except ProcessLookupError:
            pass
        self._log.close()


def wait_until(predicate, *, timeout: float, interval: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()
