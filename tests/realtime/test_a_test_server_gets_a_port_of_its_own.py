"""free_port() (tests/realtime/servers.py) reserves the port it hands out: one below the kernel's
ephemeral range (which port-0 binds and outgoing connections draw from), locked against every
other process that asks; and a DaphneServer whose port someone took after all starts again on
another port instead of taking the other listener for its own."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.realtime import servers
from tests.realtime.servers import PORT_LOCKS, DaphneServer, free_port, listens

TRY_LOCK = ("import fcntl, os, sys\n"
            "fd = os.open(sys.argv[1], os.O_RDWR)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)\n")


def test_free_port_is_below_the_ephemeral_range_and_locked_for_this_process():
    ephemeral_low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    ports = [free_port() for _ in range(3)]
    assert len(set(ports)) == 3
    for port in ports:
        assert 20000 <= port < ephemeral_low
        with socket.socket() as probe:  # free to bind: nobody listens there
            probe.bind(("127.0.0.1", port))
        other = subprocess.run([sys.executable, "-c", TRY_LOCK, str(PORT_LOCKS / f"{port}.lock")],
                               capture_output=True, text=True, timeout=30)
        assert other.returncode != 0 and "BlockingIOError" in other.stderr, other.stderr


def test_listens_tells_a_process_s_own_listener_from_another_s():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        assert listens(os.getpid(), port)
        other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        try:
            assert not listens(other.pid, port)
        finally:
            other.kill()
            other.wait()
    assert not listens(os.getpid(), port)


@pytest.mark.live_server_process
def test_a_server_whose_port_was_taken_starts_on_another(tmp_path, monkeypatch):
    squatter = socket.socket()
    squatter.bind(("127.0.0.1", free_port()))
    squatter.listen()
    taken = squatter.getsockname()[1]
    handed = iter([taken])  # free_port's first answer: a port someone took after all
    real_free_port = servers.free_port
    monkeypatch.setattr(servers, "free_port", lambda: next(handed, None) or real_free_port())
    server = None
    try:
        server = DaphneServer(tmp_path / "daphne.log",
                              database_url=f"sqlite:///{tmp_path}/db.sqlite3")
        assert server.port != taken
        assert listens(server.process.pid, server.port)
        assert "Address already in use" in server.log()  # the first start met the squatter
    finally:
        if server is not None:
            server.stop()
        squatter.close()
