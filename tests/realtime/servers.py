"""A real Daphne server process for cross-process tests: the project's ASGI application on a
free loopback port, using this test's PostgreSQL database and the real Redis channel layer."""
from __future__ import annotations

import asyncio
import errno
import fcntl
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READY_TIMEOUT = 60  # seconds for Daphne to import Django and listen; ~2 s on an idle machine
START_ATTEMPTS = 5  # a server on a port of free_port()'s that someone took after all: try others

# free_port()'s reservations: a lock file per port, locked (flock) by the process it was handed
# to for as long as that process lives, so two test processes (xdist workers, test runs in other
# worktrees on the machine, the scripts that import this) are never handed the same port.
PORT_LOCKS = Path(tempfile.gettempdir()) / "raumschach-test-ports"
_reserved: dict[int, int] = {}  # port -> the descriptor of its locked file, held by this process


def _reservable_ports() -> range:
    """Ports the kernel never chooses by itself: from 20000 to just below its ephemeral range
    (net.ipv4.ip_local_port_range, which binding port 0 and every outgoing connection's local
    port draw from). A port from that range, free when probed, could be given to the next
    connection to PostgreSQL or Redis before the server binds it; one below it cannot."""
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768  # Linux's default
    return range(20000, low) if low - 20000 >= 1000 else range(0)


def _kernel_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _bindable(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A loopback port nobody listens on, reserved for this process: below the kernel's
    ephemeral range (no connection or port-0 bind is handed it meanwhile) and locked against
    the other processes that ask here (see PORT_LOCKS), until this process exits. A server
    started on it can still, rarely, meet EADDRINUSE (a program that binds fixed ports):
    DaphneServer then starts again on another port."""
    PORT_LOCKS.mkdir(mode=0o777, exist_ok=True)
    candidates = _reservable_ports()
    for _ in range(500):
        port = random.choice(candidates) if candidates else _kernel_port()
        if port in _reserved:
            continue
        fd = os.open(PORT_LOCKS / f"{port}.lock", os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EAGAIN, errno.EACCES):
                continue  # another process holds it
            raise
        if _bindable(port):
            _reserved[port] = fd
            return port
        os.close(fd)  # in use by something that does not ask here: the lock goes with it
    raise RuntimeError("no free loopback port found")


def listens(pid: int, port: int) -> bool:
    """Whether process `pid` holds the socket listening on 127.0.0.1:`port` (Linux's /proc;
    without it, whether anyone accepts a connection there)."""
    try:
        table = Path("/proc/net/tcp").read_text().splitlines()[1:]
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            return False
    address = int.from_bytes(socket.inet_aton("127.0.0.1"), sys.byteorder)  # as the kernel writes it
    local = f"{address:08X}:{port:04X}"
    sockets = {f"socket:[{fields[9]}]" for fields in map(str.split, table)
               if fields[1] == local and fields[3] == "0A"}  # 0A: LISTEN
    if not sockets:
        return False
    for fd in fds:
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") in sockets:
                return True
        except OSError:  # closed meanwhile
            continue
    return False


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
                 port: int | None = None, extra_args: tuple[str, ...] = ()):
        self.log_path = log_path
        self._log = open(log_path, "ab")  # noqa: SIM115 - closed in stop()
        env = {**os.environ, "DATABASE_URL": database_url, "PYTHONUNBUFFERED": "1",
               **(extra_env or {})}
        # A port of its own, or a stopped server's again (that one is not changed: a test
        # restarting its server expects the same address).
        for attempt in range(1 if port else START_ATTEMPTS):
            self.port = port or free_port()
            self._log_start = os.fstat(self._log.fileno()).st_size
            self.process = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
                 *extra_args, "raumschach_site.asgi:application"],
                cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                start_new_session=True)
            if self._wait_until_listening(retry=not port and attempt + 1 < START_ATTEMPTS):
                return

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def _own_log(self) -> str:
        """What this start of the process wrote (a restarted server appends to the same log)."""
        with open(self.log_path, "rb") as log:
            log.seek(self._log_start)
            return log.read().decode(errors="replace")

    def _wait_until_listening(self, *, retry: bool) -> bool:
        """True once this process listens on its port; False if it could not bind the port and
        `retry` (the caller starts another on a new port). The listening socket must be this
        process's: a connection accepted could come from another server that took the port."""
        deadline = time.monotonic() + READY_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                if retry and "Address already in use" in self._own_log():
                    return False
                raise AssertionError(f"daphne exited ({self.process.returncode}):\n{self.log()}")
            if listens(self.process.pid, self.port):
                return True
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


def in_thread(func, *args):
    """`func` in a worker thread, its database connection closed after (a connection left open
    by a thread would keep the test database from being dropped)."""
    from django.db import connections  # scripts import this module without Django set up

    def run():
        try:
            return func(*args)
        finally:
            connections.close_all()
    return asyncio.to_thread(run)
