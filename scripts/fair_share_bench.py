"""Fair share under attack (issue 38): an Easy bot's reply to a sixth account while five accounts
each try to start 50 Master games (and play on in every game the cap lets them have) and ask
for 20 game analyses.

Measured as scripts/bot_latency.py measures a reply: from POSTing the move to the bot's reply
arriving on the game's socket. Every reply of the Easy game counts (it plays random legal moves
as White, a new game when one ends). Prints p50/p95/max of the reply, what the attackers were
answered (201/409/202/429...), how many Master moves and analyses ran meanwhile, and the load
average.

It starts its own Daphne and Celery workers (niced, as bot_latency does) against DATABASE_URL
(migrated here: give it a scratch database) and REDIS_URL, in the layout docker-compose.yml runs:
`worker` (queues bots,celery), `worker-deep` (bots_deep, nice +5), `worker-analysis` (analysis,
nice +10). `--layout single` runs one worker (-c 2) on every queue and lifts the bot-game cap
(MAX_BOT_GAMES=1000): run from a copy of the code before issue 38 (`git archive` of that
commit, this script copied in), where every task went to the one `bots` queue, it measures the
site as it was. (On this code the queues stay separate and the one worker takes from them in
turn, so a quick reply still waits for a free process: a search of up to 30 s.)

    createdb -h 127.0.0.1 -U postgres rs_fair_bench
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/rs_fair_bench \\
    REDIS_URL=redis://127.0.0.1:6379/6 .venv/bin/python scripts/fair_share_bench.py --replies 40
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import signal
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from bot_latency import PYTHON, REPLY_TIMEOUT, Stack, wait_for  # noqa: E402 - a sibling script

ATTACKERS = 5
GAMES_TRIED = 50  # Master games each attacker tries to start
ANALYSES_TRIED = 20  # analyses each attacker asks for
WORKERS = {  # name: (queues, concurrency, extra nice), as docker-compose.yml
    "split": [("worker", "bots,celery", 2, 0), ("worker-deep", "bots_deep", 2, 5),
              ("worker-analysis", "analysis", 1, 10)],
    "single": [("worker", "bots,bots_deep,analysis,celery", 2, 0)],
}


class BenchStack(Stack):
    def __init__(self, env, workdir, layout: str, port=None) -> None:
        super().__init__(env, workdir, port)
        self.layout = layout

    def start(self) -> None:
        self.manage("migrate", "--noinput")
        import subprocess

        subprocess.run([PYTHON, "-m", "celery", "-A", "raumschach_site", "purge", "-f", "-Q",
                        "bots,bots_deep,analysis,celery"], cwd=ROOT, env=self.env,
                       capture_output=True, check=True)
        for name, queues, concurrency, nice in WORKERS[self.layout]:
            log = self.spawn(name, [*(["nice", "-n", str(nice)] if nice else []),
                                    PYTHON, "-m", "celery", "-A", "raumschach_site", "worker",
                                    "-Q", queues, "-c", str(concurrency), "--pool=prefork",
                                    "-l", "INFO", "-n", f"{name}-{uuid.uuid4().hex[:6]}@%h",
                                    "--without-gossip", "--without-mingle",
                                    "--without-heartbeat"])
            wait_for(lambda log=log: re.search(r"\bready\.", log.read_text(errors="replace")),
                     f"the Celery {name} (see {log})")
        log = self.spawn("daphne", [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p",
                                    str(self.port), "raumschach_site.asgi:application"])
        from tests.realtime.servers import listens

        daphne = self.processes[-1]
        wait_for(lambda: listens(daphne.pid, self.port), f"Daphne (see {log})")


    def stop(self) -> None:
        super().stop()
        # A worker killed after its 30-s grace leaves its pool children (an analysis runs for
        # minutes): each process was started in its own session, so end its whole group.
        for process in self.processes:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


# ---- set-up through the site's services (this process uses the same database) --------------

def set_up(env: dict[str, str], plies: int) -> dict:
    """Six accounts with tokens; per attacker ANALYSES_TRIED finished games of `plies` moves
    to ask analyses of."""
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "REDIS_URL", "SECRET_KEY")
                       if k in env})
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from accounts import services as account_services
    from engine import Position
    from games import services
    from games.models import Game

    User = get_user_model()
    tag = uuid.uuid4().hex[:6]

    def account(name: str):
        user = User.objects.create_user(f"{name}-{tag}")
        return user, account_services.api_token_create(user=user, name="bench")[1]

    rng = random.Random(38)
    sparring, _ = account("sparring")
    attackers = []
    for index in range(ATTACKERS):
        user, token = account(f"attacker{index}")
        games = []
        for _ in range(ANALYSES_TRIED):
            start = Position.start().fen()
            game = Game.objects.create(white=user, black=sparring, fen=start, start_fen=start)
            position = Position.start()
            for ply in range(plies):
                moves = position.legal_moves()
                if not moves or position.outcome() is not None:
                    break
                move = rng.choice(moves)
                mover = user if ply % 2 == 0 else sparring
                services.game_play_move(game=game, user=mover, move=position.coord(move),
                                        ply=ply)
                game.refresh_from_db()
                position.push(move)
            if game.status == Game.Status.ACTIVE:
                services.game_resign(game=game, user=user)
            games.append(game.public_id)
        attackers.append({"token": token, "finished": games})
    _, victim = account("victim")
    from django.db import connections

    connections.close_all()
    return {"attackers": attackers, "victim": victim}


# ---- HTTP -------------------------------------------------------------------------------------

def call(stack: Stack, token: str, path: str, body: dict | None = None,
         method: str = "POST") -> tuple[int, dict]:
    request = urllib.request.Request(
        stack.http + path, data=None if method == "GET" else json.dumps(body or {}).encode(),
        method=method,
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


class Attacker(threading.Thread):
    """Tries GAMES_TRIED Master games and ANALYSES_TRIED analyses at once, then keeps going:
    plays a random legal move whenever a Master bot has answered (so the deep lane always has
    its searches), and asks again for a game and an analysis every few seconds (taking any
    place a cap frees)."""

    def __init__(self, stack: Stack, token: str, finished: list[str], stop: threading.Event):
        super().__init__(daemon=True)
        self.stack, self.token, self.finished, self.stop = stack, token, finished, stop
        self.games: list[str] = []
        self.answers: Counter = Counter()
        self.moves = 0
        self.rng = random.Random(token)

    def challenge(self) -> None:
        status, body = call(self.stack, self.token, "/api/v1/challenges/",
                            {"opponent": "master-bot", "color": "black", "days_per_move": None})
        self.answers[f"game {status} {body.get('error', '')}".strip()] += 1
        if status == 201 and body.get("game"):
            self.games.append(body["game"])

    def analyse(self, game: str) -> None:
        status, body = call(self.stack, self.token, f"/api/v1/games/{game}/analysis/")
        self.answers[f"analysis {status} {body.get('error', '')}".strip()] += 1

    def run(self) -> None:
        for _ in range(GAMES_TRIED):
            self.challenge()
        for game in self.finished:
            self.analyse(game)
        while not self.stop.is_set():
            for game in list(self.games):
                status, state = call(self.stack, self.token, f"/api/v1/games/{game}/",
                                     method="GET")
                if status != 200 or state.get("status") != "active":
                    self.games.remove(game)
                    continue
                if state.get("turn") == state.get("your_color") and state.get("legal_moves"):
                    moved, _ = call(self.stack, self.token, f"/api/v1/games/{game}/moves/",
                                    {"move": self.rng.choice(state["legal_moves"]),
                                     "ply": state["ply"]})
                    self.moves += moved == 200 or moved == 201
            self.challenge()
            self.analyse(self.rng.choice(self.finished))
            self.stop.wait(3)


# ---- the measured player ----------------------------------------------------------------------

async def easy_replies(stack: Stack, token: str, count: int) -> list[float]:
    """Seconds from POSTing each move to the Easy bot's reply on the socket, `count` replies.
    A reply that does not come within REPLY_TIMEOUT ends the measurement, counted as that
    long (a lower bound)."""
    rng = random.Random(6)
    replies: list[float] = []
    headers = {"Authorization": f"Token {token}"}
    while len(replies) < count:
        status, challenge = await asyncio.to_thread(
            call, stack, token, "/api/v1/challenges/",
            {"opponent": "easy-bot", "color": "white", "days_per_move": None})
        assert status == 201, (status, challenge)
        game = challenge["game"]
        async with websockets.connect(f"{stack.ws}/ws/games/{game}/",
                                      additional_headers=headers) as sock:
            state = json.loads(await sock.recv())
            ply, legal = state["game"]["ply"], state["game"]["legal_moves"]
            while legal and len(replies) < count:
                start = time.perf_counter()
                status, _ = await asyncio.to_thread(call, stack, token,
                                                    f"/api/v1/games/{game}/moves/",
                                                    {"move": rng.choice(legal), "ply": ply})
                assert status in (200, 201), status
                legal = []
                while True:
                    left = REPLY_TIMEOUT - (time.perf_counter() - start)
                    try:
                        message = json.loads(await asyncio.wait_for(sock.recv(), max(0.1, left)))
                    except asyncio.TimeoutError:
                        print(f"no Easy reply within {REPLY_TIMEOUT} s: stopping", flush=True)
                        replies.append(float(REPLY_TIMEOUT))
                        return replies
                    if message["type"] == "move" and message["ply"] == ply + 2:
                        replies.append(time.perf_counter() - start)
                        ply, legal = message["ply"], message["legal_moves"]
                        break
                    if message["type"] == "move" and not message["legal_moves"]:
                        break  # my move ended the game
                    if message["type"] == "game_over" or message.get("status") == "finished":
                        break
        await asyncio.to_thread(call, stack, token, f"/api/v1/games/{game}/resign/")
    return replies


def queue_lengths(env: dict[str, str]) -> dict[str, int]:
    import redis

    client = redis.Redis.from_url(env["REDIS_URL"])
    return {queue: client.llen(queue) for queue in ("bots", "bots_deep", "analysis")}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replies", type=int, default=40, help="Easy replies measured")
    parser.add_argument("--plies", type=int, default=60,
                        help="moves of each finished game the attackers ask analyses of")
    parser.add_argument("--warm-up", type=float, default=15.0,
                        help="seconds of attack before the Easy game starts")
    parser.add_argument("--layout", choices=sorted(WORKERS), default="split",
                        help="split: the workers of docker-compose.yml; single: one worker on "
                             "every queue and no bot-game cap (for the code before issue 38)")
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL") or not os.environ.get("REDIS_URL"):
        raise SystemExit("give DATABASE_URL (PostgreSQL, a scratch database) and REDIS_URL")

    workdir = Path(tempfile.mkdtemp(prefix="fair-share-"))
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "DEBUG": "0", "LOG_LEVEL": "WARNING",
           "SECURE_COOKIES": "0", "ALLOWED_HOSTS": "127.0.0.1,localhost",
           "SECRET_KEY": os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50),
           "SHOWCASE_ENABLED": "0"}
    if args.layout == "single":
        env["MAX_BOT_GAMES"] = "1000"
    print(f"layout {args.layout}; logs in {workdir}", flush=True)
    stack = BenchStack(env, workdir, args.layout, args.port)
    stop = threading.Event()
    try:
        stack.start()
        started = time.monotonic()
        accounts = set_up(env, args.plies)
        print(f"set-up {time.monotonic() - started:.0f} s", flush=True)
        attackers = [Attacker(stack, a["token"], a["finished"], stop)
                     for a in accounts["attackers"]]
        for attacker in attackers:
            attacker.start()
        time.sleep(args.warm_up)
        before = queue_lengths(env)
        load_before = os.getloadavg()
        started = time.monotonic()
        replies = asyncio.run(easy_replies(stack, accounts["victim"], args.replies))
        took = time.monotonic() - started
        after = queue_lengths(env)
        load = os.getloadavg()
        stop.set()
        for attacker in attackers:
            attacker.join(60)
    finally:
        stop.set()
        stack.stop()
    answers = sum((a.answers for a in attackers), Counter())
    result = {
        "layout": args.layout, "replies": len(replies),
        "p50_s": round(statistics.median(replies), 3),
        "p95_s": round(percentile(replies, 0.95), 3), "max_s": round(max(replies), 3),
        "window_s": round(took, 1), "attacker_moves_answered": sum(a.moves for a in attackers),
        "queues_before": before, "queues_after": after, "answers": dict(sorted(answers.items())),
        "loadavg_before": [round(x, 2) for x in load_before],
        "loadavg_after": [round(x, 2) for x in load],
    }
    print(f"Easy replies: {result['replies']} in {result['window_s']} s: p50 {result['p50_s']} s, "
          f"p95 {result['p95_s']} s, max {result['max_s']} s")
    print(f"attackers: {result['attacker_moves_answered']} of their moves answered by Master "
          f"during the run; queues before {before}, after {after}")
    print(f"attackers were answered: {result['answers']}")
    print(f"load average before {result['loadavg_before']}, after {result['loadavg_after']}")
    if args.json:
        print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
