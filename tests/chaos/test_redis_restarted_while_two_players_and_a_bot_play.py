"""Chaos with the real services: a Redis process of this test's own (another port, never the
machine's shared one; append-only file on, as in docker-compose.yml) is stopped and restarted
while two people play each other and one of them plays the Easy bot, through a real Daphne
server and a real Celery worker on this test's PostgreSQL database.

While Redis is down every request is answered (no 500), every move is stored; afterwards no
move is lost or duplicated, a client reconnecting with ?since gets what it missed, and the bot,
whose task could not be queued during the outage, answers within 2 minutes of Redis's return.
"""
from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import websockets
from django.db import connection

from bots.models import Bot
from accounts import services as account_services
from games.models import Game, Move
from tests.bots import workers
from tests.realtime.servers import DaphneServer, free_port
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.celery,
              pytest.mark.live_server_process, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

EASY = 1
BOT_BACK_WITHIN = 120  # seconds after Redis is back
OUTAGE_MOVES = 4  # moves the two people play while Redis is down


class OwnRedis:
    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is not installed"
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "yes", "--appendfsync", "always", "--dir", str(self.workdir)],
            stdout=(self.workdir / "redis.log").open("ab"), stderr=subprocess.STDOUT)
        assert workers.wait_until(self._answers, timeout=20), "own redis did not start"

    def _answers(self) -> bool:
        try:
            import redis

            return redis.Redis.from_url(self.url, socket_timeout=1).ping()
        except Exception:  # noqa: BLE001 - not up yet
            return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()  # SIGTERM: Redis flushes its append-only file and exits
            self.process.wait(20)


class Player:
    def __init__(self, server: DaphneServer, user, statuses: list[int]) -> None:
        self.server, self.user, self.statuses = server, user, statuses
        self.token = account_services.api_token_create(user=user, name="chaos")[1]

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict | str]:
        request = urllib.request.Request(
            self.server.http + path, method=method,
            data=json.dumps(body).encode() if body is not None else None,
            headers={"Content-Type": "application/json",
                     "Authorization": f"Token {self.token}"})
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                status, raw = answer.status, answer.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        self.statuses.append(status)
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw.decode(errors="replace")

    def state(self, game_id: str) -> dict:
        """`game_id`: the game's public id, as every URL and API answer names it."""
        status, body = self.call("GET", f"/api/v1/games/{game_id}/")
        assert status == 200, body
        return body

    def move(self, game_id: str) -> str:
        """Play the first legal move from the game's current ply; returns it."""
        game = self.state(game_id)
        move = sorted(game["legal_moves"])[0]
        status, body = self.call("POST", f"/api/v1/games/{game_id}/moves/",
                                 {"move": move, "ply": game["ply"]})
        assert status == 201, body
        return move


def page_status(server: DaphneServer, path: str) -> int:
    try:
        with urllib.request.urlopen(server.http + path, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def ply_of(game: Game) -> int:
    return Game.objects.get(pk=game.pk).ply


def plies(game: Game) -> list[int]:
    return list(Move.objects.filter(game=game).order_by("ply").values_list("ply", flat=True))


async def resync(server: DaphneServer, token: str, game_id: str, since: int) -> list[dict]:
    """What a client reconnecting with ?since=<ply> receives before the state message."""
    url = f"{server.ws}/ws/games/{game_id}/?since={since}"
    async with websockets.connect(url, additional_headers={
            "Authorization": f"Token {token}"}) as socket:
        missed = []
        while True:
            message = json.loads(await asyncio.wait_for(socket.recv(), 10))
            if message["type"] == "state":
                return missed
            missed.append(message)


def bot_tasks_all_done(redis: OwnRedis, worker) -> bool:
    """No bot task waits in the broker's queue, and every one the worker received has ended."""
    import redis as redis_client

    log = worker.log()
    received = set(re.findall(r"bots\.tasks\.play_bot_move\[([0-9a-f-]+)\] received", log))
    ended = set(re.findall(r"bots\.tasks\.play_bot_move\[([0-9a-f-]+)\] "
                           r"(?:succeeded|failed|raised)", log))
    return redis_client.Redis.from_url(redis.url).llen("bots") == 0 and received <= ended


@pytest.fixture
def stack(tmp_path):
    assert connection.vendor == "postgresql", "the server processes share this test's database"
    redis_dir = tmp_path / "redis"
    redis_dir.mkdir()
    redis = OwnRedis(redis_dir)
    redis.start()
    env = {"REDIS_URL": redis.url, "DEBUG": "0"}
    started = []
    try:
        server = DaphneServer(tmp_path / "daphne.log", database_url=workers.test_database_url(),
                              extra_env=env)
        started.append(server)
        worker = workers.Worker(tmp_path / "worker.log", extra_env=env)
        started.append(worker)
        yield redis, server, worker
    finally:
        for process in reversed(started):
            process.stop()
        redis.stop()


def test_redis_stopped_and_restarted_mid_game_loses_nothing_and_the_bot_answers(stack):
    redis, server, worker = stack
    statuses: list[int] = []
    alice_user, bob_user = make_user("alice"), make_user("bob")
    bot_user = Bot.objects.get(level=EASY).user
    people = Game.objects.create(white=alice_user, black=bob_user)
    versus_bot = Game.objects.create(white=alice_user, black=bot_user)
    alice, bob = Player(server, alice_user, statuses), Player(server, bob_user, statuses)

    # Before: both games under way, the bot answering through the worker.
    alice.move(people.public_id)
    bob.move(people.public_id)
    alice.move(versus_bot.public_id)
    assert workers.wait_until(lambda: ply_of(versus_bot) == 2, timeout=BOT_BACK_WITHIN), \
        worker.log()

    redis.stop()
    # During: people play on, pages and the API answer, alice's move against the bot is
    # stored (its bot task cannot be queued yet).
    for turn in range(OUTAGE_MOVES):
        (alice if turn % 2 == 0 else bob).move(people.public_id)
    alice.move(versus_bot.public_id)
    for path in ("/", "/archive/", "/login/", f"/games/{people.public_id}/", "/api/v1/bots/",
                 f"/api/v1/games/?player=alice"):
        assert page_status(server, path) == 200, path
    assert ply_of(people) == 2 + OUTAGE_MOVES and ply_of(versus_bot) == 3
    # The bot cannot move: its task was not queued (the server says so once the publish failed).
    assert workers.wait_until(
        lambda: f"bot move for game {versus_bot.pk} not queued" in server.log(), timeout=30), \
        server.log()
    assert ply_of(versus_bot) == 3

    redis.start()
    back_at = time.monotonic()
    assert workers.wait_until(lambda: ply_of(versus_bot) == 4, timeout=BOT_BACK_WITHIN,
                              interval=0.5), worker.log()
    answered_after = time.monotonic() - back_at
    print(f"\nthe bot answered {answered_after:.1f} s after Redis came back")

    # Nothing lost, nothing doubled; a reconnecting client catches up with ?since.
    assert plies(people) == list(range(1, 3 + OUTAGE_MOVES))
    assert plies(versus_bot) == [1, 2, 3, 4]
    missed = asyncio.run(resync(server, bob.token, people.public_id, since=2))
    assert [m["ply"] for m in missed if m["type"] == "move"] == list(range(3, 3 + OUTAGE_MOVES))
    # A duplicate bot task would be in the queue or in the worker: wait until both are empty
    # (every task the worker received has finished), then nothing more can be played.
    assert workers.wait_until(lambda: bot_tasks_all_done(redis, worker), timeout=60), \
        worker.log()
    assert plies(versus_bot) == [1, 2, 3, 4]
    assert 500 not in statuses and all(status < 500 for status in statuses), statuses
    assert " 500 " not in server.log()
    assert "queued after the broker came back" in server.log()
