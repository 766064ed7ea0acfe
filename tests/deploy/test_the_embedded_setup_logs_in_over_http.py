"""The README's one-command set-up (`bash scripts/serve.sh`) runs with DEBUG off, generates a
secret key file readable by its owner only and keeps it across restarts, and logging in works
over plain http on 127.0.0.1 with a real cookie jar (which, like a browser, never sends a
Secure cookie over http: with DEBUG=0 the cookies used to be Secure and the log-in failed the
CSRF check)."""
from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import socket
import stat
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.realtime.servers import free_port

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 180  # seconds: pip's check, migrations and collectstatic on a busy machine
PASSWORD = "a-long-Passphrase-7"

pytestmark = [pytest.mark.live_server_process, pytest.mark.slow]


class EmbeddedServer:
    def __init__(self, tmp_path: Path, port: int) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.log_path = tmp_path / f"serve-{port}.log"
        env = {k: v for k, v in os.environ.items()
               if k not in {"SECRET_KEY", "DEBUG", "REDIS_URL", "DJANGO_SETTINGS_MODULE"}}
        env.update(PORT=str(port), DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
                   SECRET_KEY_FILE=str(tmp_path / "secret_key"), PYTHONUNBUFFERED="1")
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(["bash", "scripts/serve.sh"], cwd=ROOT, env=env,
                                            stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log_path.read_text()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise AssertionError(f"serve.sh not listening:\n{self.log_path.read_text()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)


def browser() -> tuple[urllib.request.OpenerDirector, http.cookiejar.CookieJar]:
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)), jar


def log_in(opener, base: str, username: str) -> str:
    page = opener.open(f"{base}/login/", timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    form = urllib.parse.urlencode({"username": username, "password": PASSWORD,
                                   "csrfmiddlewaretoken": token}).encode()
    return opener.open(urllib.request.Request(f"{base}/login/", data=form),
                       timeout=30).read().decode()


def test_serve_sh_runs_without_debug_keeps_its_key_and_logs_in_over_http(tmp_path):
    server = EmbeddedServer(tmp_path, free_port())
    try:
        key_file = tmp_path / "secret_key"
        assert len(key_file.read_text().strip()) >= 50
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
        first_key = key_file.read_text()

        signup = urllib.request.Request(
            f"{server.url}/api/v1/accounts/signup/", method="POST",
            data=json.dumps({"username": "ann", "password": PASSWORD}).encode(),
            headers={"Content-Type": "application/json"})
        assert urllib.request.urlopen(signup, timeout=30).status == 201
        with pytest.raises(urllib.error.HTTPError) as not_found:  # DEBUG off: no URL list
            urllib.request.urlopen(f"{server.url}/no/such/page/", timeout=30)
        assert b"URLconf" not in not_found.value.read()

        opener, jar = browser()
        home = log_in(opener, server.url, "ann")
        assert re.search(r">\s*ann\s*<", home), home[:2000]  # logged in: the name is shown
        assert not any(cookie.secure for cookie in jar)
    finally:
        server.stop()

    # Restarted: the same key, so the session cookie from before still logs ann in.
    server = EmbeddedServer(tmp_path, free_port())
    try:
        assert key_file.read_text() == first_key
        for cookie in jar:
            cookie.port, cookie.port_specified = None, False
        home = opener.open(f"{server.url}/", timeout=30).read().decode()
        assert re.search(r">\s*ann\s*<", home)
    finally:
        server.stop()
