"""Measure (not a test): how soon scripts/bot_bridge.py plays its first move after it starts,
and how many plies a second two bridges play against each other (bot v bot, each with
scripts/tiny_engine.py, so the figure is the bridge, the API and the server, not a search).

It creates accounts with API tokens in the database in DATABASE_URL (a migrated scratch
database), starts one Daphne process on it (embedded set-up unless REDIS_URL is set), then:
- `--runs` times: a fresh account's bridge is started with `--upgrade --challenge beginner-bot`
  and the seconds from its start to its own first stored move are taken;
- `--runs` times: two fresh bots, bridge B listening, bridge A challenging B; the plies of
  their game are counted over `--plies` plies from its first move (both bridges then stopped).

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch && .venv/bin/python manage.py migrate
    .venv/bin/python scripts/bridge_bench.py --runs 3 --plies 200 [--no-action-limit]

Without --no-action-limit the server keeps its per-account action limit
(RATE_LIMIT_BOTAPI_ACTION, 120 a minute), which caps each bridge at 2 moves a second.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.realtime.servers import free_port, listens  # noqa: E402 - the tests' port reservation

TINY = f"{sys.executable} scripts/tiny_engine.py"


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()


def account(prefix: str) -> tuple[object, str]:
    from django.contrib.auth import get_user_model

    from accounts import services

    user = get_user_model().objects.create_user(f"{prefix}-{uuid.uuid4().hex[:8]}")
    return user, services.api_token_create(user=user, name="bench")[1]


def bridge(server: str, token: str, log: Path, *args: str) -> subprocess.Popen:
    config = log.with_suffix(".json")
    config.write_text(json.dumps({"server": server, "token": token, "engine": TINY}))
    with open(log, "ab") as out:
        return subprocess.Popen([sys.executable, "scripts/bot_bridge.py", "--config",
                                 str(config), *args], cwd=ROOT, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()


def games_of(user):
    from django.db.models import Q

    from games.models import Game

    return Game.objects.filter(Q(white=user) | Q(black=user))


def first_move_seconds(server: str, work: Path) -> float:
    from games.models import Move

    user, token = account("first")
    began = time.monotonic()
    process = bridge(server, token, work / f"{user.username}.log", "--upgrade",
                     "--challenge", "beginner-bot")
    try:
        while time.monotonic() - began < 120:
            game = games_of(user).first()
            if game is not None:
                mine = 1 if game.white_id == user.pk else 2
                if Move.objects.filter(game=game, ply=mine).exists():
                    return time.monotonic() - began
            time.sleep(0.02)
        raise SystemExit("no first move within 120 s")
    finally:
        stop(process)


def plies_per_second(server: str, work: Path, plies: int) -> tuple[float, int]:
    from games.models import Move

    (a, a_token), (b, b_token) = account("bot-a"), account("bot-b")
    listener = bridge(server, b_token, work / f"{b.username}.log", "--upgrade")
    time.sleep(3)  # B's event stream is open (a challenge to it is accepted by its bridge)
    challenger = bridge(server, a_token, work / f"{a.username}.log", "--upgrade",
                        "--challenge", b.username)
    try:
        deadline = time.monotonic() + 600
        game = None
        while game is None or not Move.objects.filter(game=game, ply=1).exists():
            game = games_of(a).first()
            if time.monotonic() > deadline:
                raise SystemExit("the bot-v-bot game did not start")
            time.sleep(0.02)
        first = Move.objects.get(game=game, ply=1).played_at
        while True:
            game.refresh_from_db()
            if game.ply >= plies or game.status != game.Status.ACTIVE:
                break
            if time.monotonic() > deadline:
                raise SystemExit("the bot-v-bot game stalled")
            time.sleep(0.2)
        last = Move.objects.filter(game=game).order_by("-ply").first()
        seconds = (last.played_at - first).total_seconds()
        return (last.ply - 1) / seconds, last.ply
    finally:
        stop(challenger)
        stop(listener)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--plies", type=int, default=200)
    parser.add_argument("--no-action-limit", action="store_true",
                        help="RATE_LIMIT_BOTAPI_ACTION=0/1 on the server")
    parser.add_argument("--server-log", default=os.devnull)
    args = parser.parse_args()
    setup_django()
    from tests.botapi.conftest import create_built_in_bots

    create_built_in_bots()
    port = free_port()
    env = {**os.environ, "BOTAPI_STREAM_KEY_PREFIX": f"bench-{uuid.uuid4().hex}",
           "SHOWCASE_ENABLED": "0", "RATE_LIMIT_BOTAPI_STREAM": "0/1",
           "RATE_LIMIT_BOTAPI_CHALLENGE": "0/1", "RATE_LIMIT_TOKEN": "0/1"}
    if args.no_action_limit:
        env["RATE_LIMIT_BOTAPI_ACTION"] = "0/1"
    log = open(args.server_log, "ab")  # noqa: SIM115 - open for the server's lifetime
    server = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p",
                               str(port), "raumschach_site.asgi:application"], cwd=ROOT,
                              env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            if listens(server.pid, port):
                break
            time.sleep(0.1)
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            firsts = []
            for _ in range(args.runs):
                firsts.append(first_move_seconds(url, work))
                print(f"bridge start to its first move: {firsts[-1]:.2f} s", flush=True)
            rates = []
            for _ in range(args.runs):
                rate, plies = plies_per_second(url, work, args.plies)
                rates.append(rate)
                print(f"bot v bot, two bridges: {rate:.1f} plies/s over {plies} plies",
                      flush=True)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    print(f"median of {args.runs}: first move {statistics.median(firsts):.2f} s after the "
          f"bridge starts; {statistics.median(rates):.1f} plies/s bot v bot "
          f"(action limit {'off' if args.no_action_limit else 'on'}); load "
          f"{os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
