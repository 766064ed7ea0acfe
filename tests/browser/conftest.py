"""A real server process (Daphne) on a free port and a real Chromium driven by Playwright.

The server gets its own SQLite database in a temporary folder (migrated, so the bot accounts
exist). With REDIS_URL set it uses the Redis channel layer and a Celery worker plays the bots,
as in production; without it, one Daphne process with the in-memory channel layer and bots in
a background thread, as in the one-command local setup. Server logs and screenshots go to
test-artifacts/ (git-ignored).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
import secrets
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from tests.parallel import once_per_run, worker_suffix
from tests.realtime.servers import free_port

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PASSWORD = "a-long-Passphrase-7"
NAME_LETTERS = "bcdfijkmqtuvwxyz"  # the names' suffix letters: none of them in PASSWORD
# Checked here, not trusted: a new PASSWORD sharing these letters would bring back the sign-up
# refusals (Django's similarity check) the suffix exists to avoid.
assert not set(NAME_LETTERS) & set(PASSWORD.lower()), "NAME_LETTERS must share nothing with PASSWORD"
SERVER_START_TIMEOUT = 60  # seconds; migrations plus Daphne on a busy 2-core machine
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader",  # WebGL for the 3D view
                "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# Playwright's per-action wait (ms): generous because other test suites share the CPU.
ACTION_TIMEOUT_MS = 20_000


def _wait_for_http(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"server did not answer within {SERVER_START_TIMEOUT}s:\n"
                       f"{log.read_text()[-3000:]}")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Server:
    def __init__(self, url: str, env: dict) -> None:
        self.url = url
        self.env = env

    def shell(self, code: str) -> str:
        """Run Python in the server's Django setup (test arrangement only, e.g. a game from a
        chosen position); returns what it prints."""
        done = subprocess.run([sys.executable, "manage.py", "shell", "-v", "0", "-c", code], cwd=ROOT,
                              env=self.env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


@pytest.fixture(scope="session")
def server_process(tmp_path_factory) -> Server:
    ARTIFACTS.mkdir(exist_ok=True)
    workdir = tmp_path_factory.mktemp("browser-server")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}",
        "DEBUG": "1",  # static files straight from the source folders, no collectstatic
        "DJANGO_SETTINGS_MODULE": "raumschach_site.settings",
        # Every scenario signs up fresh users from 127.0.0.1; don't let the limits bite.
        "RATE_LIMIT_SIGNUP": "1000/60", "RATE_LIMIT_LOGIN": "1000/60",
        "PYTHONUNBUFFERED": "1",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT,
                   env=env, check=True, timeout=SERVER_START_TIMEOUT)
    processes = []
    if env.get("REDIS_URL"):
        worker_log = ARTIFACTS / f"browser-celery{worker_suffix()}.log"  # a server per xdist worker
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "raumschach_site", "worker",
             # `celery`: the default queue (live games' flag timers, draw answers, mail), as
             # docker-compose's `worker` takes it.
             "-Q", "bots,bots_deep,bots_live,analysis,celery", "--pool", "solo", "--loglevel", "info",
             "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=env, stdout=worker_log.open("w"), stderr=subprocess.STDOUT))
    port = free_port()
    log = ARTIFACTS / f"browser-server{worker_suffix()}.log"
    daphne = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "raumschach_site.asgi:application"],
        cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    processes.append(daphne)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_for_http(url + "/", daphne, log)
        yield Server(url, env)
    finally:
        for process in reversed(processes):
            _stop(process)


@pytest.fixture(scope="session")
def built_browser_engines(tmp_path_factory) -> None:
    """The browser's engine, both builds (narrow, wide), where the server serves them
    (scripts/test.sh builds them too; this keeps a test run on edited C honest). Once per run:
    the xdist workers share the source tree the servers serve it from."""
    from scripts.build_wasm import build_all

    once_per_run(tmp_path_factory, "browser-engines", build_all)


@pytest.fixture(scope="session")
def server_url(server_process) -> str:
    return server_process.url


# Package scope, not session: Playwright's sync API keeps its event loop marked as running in
# this thread while it is open, so async tests collected after tests/browser could not start.
@pytest.fixture(scope="package")
def browser():
    expect.set_options(timeout=ACTION_TIMEOUT_MS)

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
            args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Player:
    """One person in their own browser context (own cookies, own websocket)."""

    def __init__(self, browser, base: str, username: str, viewport: dict,
                 touch: bool = False) -> None:
        self.base = base
        self.username = username
        # touch: a phone's touch screen (pointer: coarse, no hover), not just its size.
        self.context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
        self.context.set_default_timeout(ACTION_TIMEOUT_MS)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        # Chromium reports every Content-Security-Policy violation on the console.
        self.page.on("console", lambda message: self.errors.append(message.text)
                     if "Content Security Policy" in message.text else None)

    def goto(self, path: str) -> None:
        self.page.goto(self.base + path)

    def sign_up(self) -> None:
        self.goto("/signup/")
        self.page.get_by_label("Username").fill(self.username)
        self.page.get_by_label("Password", exact=True).fill(PASSWORD)
        self.page.get_by_label("Password (again)").fill(PASSWORD)
        self.page.get_by_role("button", name="Sign up").click()
        expect(self.page.get_by_role("link", name=self.username, exact=True)).to_be_visible()

    def log_in(self, password: str = PASSWORD) -> None:
        self.goto("/login/")
        self.page.get_by_label("Username").fill(self.username)
        self.page.get_by_label("Password").fill(password)
        self.page.get_by_role("button", name="Log in").click()
        expect(self.page.get_by_role("link", name=self.username, exact=True)).to_be_visible()

    def cell(self, name: str):
        """The board cell button whose accessible name starts with `name` ("Cc3, ...")."""
        return self.page.get_by_role("button", name=re.compile(rf"^{name}, "))

    def click_move(self, coord: str) -> None:
        # After an opponent's move the page fetches the new legal moves; wait for them.
        expect(self.page.locator("#game")).to_have_attribute("data-ready", "true")
        self.cell(coord[:3]).click()
        self.cell(coord[3:6]).click()

    def screenshot(self, name: str) -> Path:
        path = ARTIFACTS / name
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def make_player(browser, server_url):
    created: list[Player] = []

    def make(prefix: str, viewport: dict | None = None, touch: bool = False) -> Player:
        # Unique names: every scenario shares the one server database. The suffix shares no
        # character with PASSWORD: with a hex suffix Django's similarity check refused the
        # password for "ed-st-phone-aa17ba" (0.70 of its characters in common).
        suffix = "".join(secrets.choice(NAME_LETTERS) for _ in range(6))
        player = Player(browser, server_url, f"{prefix}_{suffix}",
                        viewport or {"width": 1366, "height": 900}, touch=touch)
        created.append(player)
        return player

    yield make
    for player in created:
        player.context.close()
    # A script error or a CSP violation on any page fails the scenario, even if the checks
    # passed.
    errors = [f"{p.username}: {e}" for p in created for e in p.errors]
    assert not errors, errors


def arrange_game(server_process, white, black, fen: str | None = None,
                 variant: str = "") -> str:
    """Create both accounts and a game between them in the server's database (in `variant`,
    from `fen` or the variant's start), log both players in and open the game page in each
    browser."""
    fields = f", start_fen={fen!r}, fen={fen!r}" if fen else ""
    if variant:
        fields = (f", variant={variant!r}, start_fen=fen, fen=fen, "
                  "turn='white' if fen.split()[1] == 'w' else 'black'")
    setup = (f"fen = {fen!r} or engine.variant_by_key({variant!r}).start_fen; " if variant else "")
    game_id = server_process.shell(
        "import engine; from django.contrib.auth.models import User; from games.models import Game; "
        f"{setup}"
        f"w = User.objects.create_user({white.username!r}, password={PASSWORD!r}); "
        f"b = User.objects.create_user({black.username!r}, password={PASSWORD!r}); "
        f"print(Game.objects.create(white=w, black=b{fields}).public_id)")
    for player in (white, black):
        player.log_in()
        player.goto(f"/games/{game_id}/")
        expect(player.page.locator(".conn-status")).to_have_text("Live")
    return game_id
