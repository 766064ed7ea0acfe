"""Helpers for the Bot API tests over a real Daphne process: berserk clients pointed at it, and
streams read in background threads into queues."""
from __future__ import annotations

import queue
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import berserk
import requests

from tests.bots.workers import test_database_url
from tests.realtime.servers import DaphneServer

TIMEOUT = 30  # seconds; an event arrives in milliseconds, this only bounds a failure


def start_daphne(tmp_path: Path, *, port: int | None = None, **extra_env: str) -> DaphneServer:
    """A Daphne process on this test's PostgreSQL database, with 1 s keep-alives and stream
    slots of their own (earlier runs' slots, same ids, cannot collide)."""
    from django.db import connection

    assert connection.vendor == "postgresql", "the server process needs the same database"
    env = {"BOTAPI_KEEPALIVE_SECONDS": "1",
           "BOTAPI_STREAM_KEY_PREFIX": f"botapi-{uuid.uuid4().hex}", **extra_env}
    return DaphneServer(tmp_path / "daphne.log", database_url=test_database_url(),
                        extra_env=env, port=port)


def client(server: DaphneServer, token: str) -> berserk.Client:
    """berserk, unchanged, with the test server as its base URL (berserk.Client(base_url=))."""
    return berserk.Client(session=berserk.TokenSession(token), base_url=server.http)


class Reader:
    """Iterates a berserk stream in a daemon thread; `get()` hands out its items in order."""

    END = object()

    def __init__(self, stream: Iterator[dict]) -> None:
        self.items: queue.Queue = queue.Queue()
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(stream,), daemon=True)
        self._thread.start()

    def _run(self, stream: Iterator[dict]) -> None:
        try:
            for item in stream:
                self.items.put(item)
        except (requests.RequestException, berserk.exceptions.BerserkError) as exc:
            self.error = exc
        self.items.put(self.END)

    def get(self, timeout: float = TIMEOUT):
        item = self.items.get(timeout=timeout)
        return item

    def next_of(self, kind: str, timeout: float = TIMEOUT) -> dict:
        """The next item of type `kind`, skipping others."""
        while True:
            item = self.get(timeout)
            assert item is not self.END, f"stream ended before a {kind} ({self.error!r})"
            if item.get("type") == kind:
                return item

    def ended(self, timeout: float = TIMEOUT) -> bool:
        while True:
            if self.get(timeout) is self.END:
                return True
