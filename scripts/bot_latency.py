"""End-to-end bot reply latency per level, from the start position.

One run: a fresh game against the bot (the human plays White), a websocket on the game, then
the clock starts as the human's first move is POSTed and stops when the bot's reply arrives on
the socket. That is everything a player waits for: the HTTP request, the on-commit hook, the
queue (Celery on Redis) or the in-process thread, loading the game, the search, storing the move,
and the push through the channel layer to Daphne and the socket.

It starts its own Daphne server (and, with REDIS_URL, a Celery worker on the `bots` queue), both
niced, against the database in DATABASE_URL, which it migrates: give it a scratch database.

    # Celery + Redis + PostgreSQL (as deployed):
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/rs_bots_latency \\
    REDIS_URL=redis://127.0.0.1:6379/6 .venv/bin/python scripts/bot_latency.py
    # Embedded default (SQLite file, bots in a thread of the server process):
    .venv/bin/python scripts/bot_latency.py

Before/after the native engine core: run it with --core python, then --core native (default).
Another game: --variant KEY (e.g. fiveup); the first move is a pawn step: Bb2Cb2 on the cube
(Raumschach, Five Up), Cd3Cd4 in Hexagonal Raumschach (no cell Bb2Cb2 there is a pawn's), Bb2Bb3 in
Star Trek (a pawn on the main board's second rank).

Runs per level: --runs (default 5) for the levels that answer in about a second or less,
--slow-runs (default 2) for Expert (5 s a move) and Master (30 s a move).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.realtime.servers import free_port, listens  # noqa: E402 - the tests' port reservation

PYTHON = sys.executable
NAMES = {0: "beginner-bot", 1: "easy-bot", 2: "normal-bot", 3: "hard-bot", 4: "expert-bot",
         5: "master-bot"}
SLOW_LEVELS = {4, 5}  # Expert and Master think for a fixed 5 s / 30 s
FIRST_MOVES = {"hexraumschach": "Cd3Cd4", "startrek": "Bb2Bb3"}  # the human's first move per variant, a pawn step
FIRST_MOVE = "Bb2Cb2"  # every other variant's (the cube's)
BOOT_TIMEOUT = 90  # seconds for Daphne / the worker to start on a busy machine
REPLY_TIMEOUT = 180  # seconds; Master's budget is 30 s, Hard's cap 60 s
NICENESS = 10  # the machine is shared: measured processes yield to interactive work


def niced() -> None:
    os.nice(NICENESS)


class Stack:
    """Daphne (and a Celery worker with REDIS_URL) running the project on `env`."""

    def __init__(self, env: dict[str, str], workdir: Path, port: int | None = None) -> None:
        self.env, self.workdir = env, workdir
        self.processes: list[subprocess.Popen] = []
        self.port = port or free_port()
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"

    def manage(self, *args: str) -> str:
        done = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=self.env,
                              capture_output=True, text=True)
        if done.returncode:
            raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stderr}")
        return done.stdout

    def spawn(self, name: str, args: list[str]) -> Path:
        log = self.workdir / f"{name}.log"
        with open(log, "wb") as out:
            self.processes.append(subprocess.Popen(args, cwd=ROOT, env=self.env, stdout=out,
                                                   stderr=subprocess.STDOUT,
                                                   preexec_fn=niced, start_new_session=True))
        return log

    def start(self) -> None:
        self.manage("migrate", "--noinput")
        if self.env.get("REDIS_URL"):
            subprocess.run([PYTHON, "-m", "celery", "-A", "raumschach_site", "purge", "-f",
                            "-Q", "bots,bots_deep"], cwd=ROOT, env=self.env, capture_output=True,
                           check=True)
            log = self.spawn("worker", [
                PYTHON, "-m", "celery", "-A", "raumschach_site", "worker", "-Q", "bots,bots_deep",
                "-c", "1", "--pool=prefork", "-l", "INFO",
                "-n", f"latency-{uuid.uuid4().hex[:8]}@%h",
                "--without-gossip", "--without-mingle", "--without-heartbeat"])
            wait_for(lambda: re.search(r"\bready\.", log.read_text(errors="replace")),
                     f"the Celery worker (see {log})")
        log = self.spawn("daphne", [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p",
                                    str(self.port), "raumschach_site.asgi:application"])
        daphne = self.processes[-1]
        wait_for(lambda: listens(daphne.pid, self.port), f"Daphne (see {log})")

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()

    def new_player(self) -> str:
        """A fresh account and its API token (made directly: sign-up is rate limited)."""
        username = f"latency-{uuid.uuid4().hex[:10]}"
        code = ("from django.contrib.auth import get_user_model; from accounts import services; "
                f"u = get_user_model().objects.create_user({username!r}); "
                "print(services.api_token_create(user=u, name='latency')[1])")
        return self.manage("shell", "-c", code).strip().splitlines()[-1]


def wait_for(predicate, what: str) -> None:
    deadline = time.monotonic() + BOOT_TIMEOUT
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise SystemExit(f"{what} did not start within {BOOT_TIMEOUT} s")


def api(stack: Stack, token: str, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        stack.http + path, data=json.dumps(body or {}).encode(), method="POST",
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


async def one_reply(stack: Stack, token: str, level: int, variant: str) -> tuple[float, float]:
    """Seconds from POSTing the first move to the bot's reply on the socket, and the POST's."""
    challenge = await asyncio.to_thread(api, stack, token, "/api/v1/challenges/",
                                        {"opponent": NAMES[level], "color": "white", "variant": variant})
    game = challenge["game"]
    headers = {"Authorization": f"Token {token}"}
    async with websockets.connect(f"{stack.ws}/ws/games/{game}/",
                                  additional_headers=headers) as sock:
        state = json.loads(await sock.recv())
        assert state["type"] == "state" and state["game"]["ply"] == 0, state
        start = time.perf_counter()
        await asyncio.to_thread(api, stack, token, f"/api/v1/games/{game}/moves/",
                                {"move": first_move(variant), "ply": 0})
        posted = time.perf_counter() - start
        while True:
            message = json.loads(await asyncio.wait_for(sock.recv(), REPLY_TIMEOUT))
            if message["type"] == "move" and message["ply"] == 2:
                break
        replied = time.perf_counter() - start
    await asyncio.to_thread(api, stack, token, f"/api/v1/games/{game}/resign/")
    return replied, posted


def first_move(variant: str) -> str:
    return FIRST_MOVES.get(variant, FIRST_MOVE)


PAGE = "/"  # the home page: a template render and a few queries


def get_page(stack: Stack) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(stack.http + PAGE, timeout=60) as response:
        response.read()
    return time.perf_counter() - start


async def page_while_thinking(stack: Stack, token: str, level: int, samples: int) -> tuple[list, list]:
    """Page load times with the server idle, then while the bot of `level` thinks (embedded
    mode: in a thread of the same Daphne process)."""
    idle = [await asyncio.to_thread(get_page, stack) for _ in range(samples)]
    challenge = await asyncio.to_thread(api, stack, token, "/api/v1/challenges/",
                                        {"opponent": NAMES[level], "color": "white"})
    game = challenge["game"]
    headers = {"Authorization": f"Token {token}"}
    during: list[float] = []
    async with websockets.connect(f"{stack.ws}/ws/games/{game}/", additional_headers=headers) as sock:
        await sock.recv()
        await asyncio.to_thread(api, stack, token, f"/api/v1/games/{game}/moves/", {"move": FIRST_MOVE, "ply": 0})

        async def reply() -> None:
            while True:
                message = json.loads(await asyncio.wait_for(sock.recv(), REPLY_TIMEOUT))
                if message["type"] == "move" and message["ply"] == 2:
                    return

        waiting = asyncio.create_task(reply())
        await asyncio.sleep(0.2)  # let the search start
        while not waiting.done():
            during.append(await asyncio.to_thread(get_page, stack))
            await asyncio.sleep(0.05)
        await waiting
    await asyncio.to_thread(api, stack, token, f"/api/v1/games/{game}/resign/")
    return idle, during


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="0,1,2,3,4,5", help="comma-separated, e.g. 0,1,2")
    parser.add_argument("--runs", type=int, default=5, help="runs per level (Beginner..Hard)")
    parser.add_argument("--slow-runs", type=int, default=2, help="runs for Expert and Master")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--core", choices=("native", "python"), default=None,
                        help="engine core of the server and worker (RAUMSCHACH_CORE; default native): "
                             "run once with each for before/after figures")
    parser.add_argument("--page-during", type=int, default=None, metavar="LEVEL",
                        help="also time the home page idle and while the bot of LEVEL thinks (e.g. 5)")
    parser.add_argument("--variant", default="raumschach", help="the game the bots play (default raumschach)")
    parser.add_argument("--port", type=int, default=None,
                        help="Daphne's port (default: any free port; on a shared machine, one of yours)")
    args = parser.parse_args()
    levels = [int(level) for level in args.levels.split(",")]

    workdir = Path(tempfile.mkdtemp(prefix="bot-latency-"))
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "DEBUG": "0", "LOG_LEVEL": "WARNING",
           "SECURE_COOKIES": "0", "ALLOWED_HOSTS": "127.0.0.1,localhost"}
    for name in ("DATABASE_URL", "REDIS_URL"):
        if not env.get(name):  # unset or empty: the embedded default
            env.pop(name, None)
    env.setdefault("DATABASE_URL", f"sqlite:///{workdir / 'latency.sqlite3'}")
    env.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # a scratch server: DEBUG is off
    if args.core:
        env["RAUMSCHACH_CORE"] = args.core
    core = env.get("RAUMSCHACH_CORE", "native")
    mode = "celery+redis" if env.get("REDIS_URL") else "in-process thread"
    database = env["DATABASE_URL"].split("://")[0]
    print(f"bots: {mode}; database: {database}; engine core: {core}; variant: {args.variant}; "
          f"logs in {workdir}", flush=True)

    stack = Stack(env, workdir, args.port)
    results: dict = {}
    try:
        stack.start()
        token = stack.new_player()
        for level in levels:
            runs = args.slow_runs if level in SLOW_LEVELS else args.runs
            samples = [asyncio.run(one_reply(stack, token, level, args.variant)) for _ in range(runs)]
            replies = [reply for reply, _ in samples]
            results[level] = {
                "bot": NAMES[level], "runs": runs,
                "median_s": round(statistics.median(replies), 3),
                "min_s": round(min(replies), 3), "max_s": round(max(replies), 3),
                "post_median_s": round(statistics.median(p for _, p in samples), 3),
            }
            r = results[level]
            print(f"level {level} {r['bot']:<13} runs {runs}  median {r['median_s']:7.3f} s  "
                  f"min {r['min_s']:7.3f}  max {r['max_s']:7.3f}  "
                  f"(POST {r['post_median_s']:.3f} s)", flush=True)
        if args.page_during is not None:
            idle, during = asyncio.run(page_while_thinking(stack, token, args.page_during, 20))
            results["page"] = {"idle_median_s": round(statistics.median(idle), 3),
                               "during_median_s": round(statistics.median(during), 3),
                               "during_max_s": round(max(during), 3), "during_samples": len(during)}
            p = results["page"]
            print(f"page {PAGE}: idle median {p['idle_median_s']:.3f} s; while {NAMES[args.page_during]} thinks "
                  f"median {p['during_median_s']:.3f} s, max {p['during_max_s']:.3f} s "
                  f"({p['during_samples']} loads)", flush=True)
    finally:
        stack.stop()
    if args.json:
        print(json.dumps({"mode": mode, "database": database, "core": core, "variant": args.variant,
                          "move": first_move(args.variant),
                          "levels": results}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
