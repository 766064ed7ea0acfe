"""Helpers for the Bot API tests over a real Daphne process: berserk clients pointed at it,
streams read in background threads into queues, and scripts/bot_bridge.py started against it."""
from __future__ import annotations

import queue
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import berserk
import requests

from tests.bots.workers import test_database_url
from tests.realtime.servers import ROOT, DaphneServer

TIMEOUT = 30  # seconds; an event arrives in milliseconds, this only bounds a failure

# The server of the bridge's runs (scripts/bot_bridge.py against the built-in bots): embedded
# set-up (no Redis: the built-in bots move in a server thread), their waiting moves resumed
# when the server restarts, 2 s keep-alives, no showcase games.
BRIDGE_SERVER_ENV = {"REDIS_URL": "", "BOTS_RESUME_ON_START": "1", "BOTAPI_KEEPALIVE_SECONDS": "2",
                     "SHOWCASE_ENABLED": "0"}
BRIDGE_USER = "bridged"  # the account the bridge plays as


def start_daphne(tmp_path: Path, *, port: int | None = None, **extra_env: str) -> DaphneServer:
    """A Daphne process on this test's PostgreSQL database, with 1 s keep-alives and stream
    slots of their own (earlier runs' slots, same ids, cannot collide)."""
    from django.db import connection

    assert connection.vendor == "postgresql", "the server process needs the same database"
    env = {"BOTAPI_KEEPALIVE_SECONDS": "1",
           "BOTAPI_STREAM_KEY_PREFIX": f"botapi-{uuid.uuid4().hex}", **extra_env}
    return DaphneServer(tmp_path / "daphne.log", database_url=test_database_url(),
                        extra_env=env, port=port)


def bridged_games():
    """The games of the bridge's account (BRIDGE_USER), as a queryset."""
    from django.db.models import Q

    from games.models import Game

    return Game.objects.filter(Q(white__username=BRIDGE_USER) | Q(black__username=BRIDGE_USER))


def start_bridge(config: Path, log: Path, *extra: str) -> subprocess.Popen:
    """scripts/bot_bridge.py on `config`, verbose, its output appended to `log`, in a session
    of its own (a signal to it reaches neither pytest nor the server)."""
    with open(log, "ab") as out:
        return subprocess.Popen(
            [sys.executable, "scripts/bot_bridge.py", "--config", str(config), "--verbose",
             *extra], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)


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
