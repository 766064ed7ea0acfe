"""A real Daphne server process for cross-process tests: the project's ASGI application on a
free loopback port, using this test's PostgreSQL database and the real Redis channel layer."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READY_TIMEOUT = 60  # seconds for Daphne to import Django and listen; ~2 s on an idle machine


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OnLoopback:
    """A server process listening on 127.0.0.1:`port`."""
    port: int

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


class DaphneServer(OnLoopback):
    def __init__(self, log_path: Path, *, database_url: str, extra_env: dict | None = None,
                 port: int | None = None):
        self.port = port or free_port()  # a port of its own, or a stopped server's again
        self.log_path = log_path
        env = {**os.environ, "DATABASE_URL": database_url, "PYTHONUNBUFFERED": "1",
               **(extra_env or {})}
        self._log = open(log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             "raumschach_site.asgi:application"],
            cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
            start_new_session=True)
        self._wait_until_listening()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def _wait_until_listening(self) -> None:
        deadline = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"daphne exited ({self.process.returncode}):\n{self.log()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"daphne not listening after {READY_TIMEOUT} s:\n{self.log()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # Daphne shuts down cleanly on SIGINT
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        self._log.close()
