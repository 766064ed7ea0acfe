"""The deployment shape, for real (issue 23): nginx (with deploy/proxy.conf, the rules the
compose stack's proxy uses) in front of two Daphne processes, on PostgreSQL and Redis, with a
Celery worker. Two players whose sockets are served by different processes play a game through
the proxy, REST and sockets both, and a bot (in the worker) answers a move."""
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

from accounts import services as account_services
from games.models import Game
from tests.bots.conftest import ensure_bot_accounts
from tests.bots.workers import Worker, purge_bot_queue
from tests.bots.workers import test_database_url as this_tests_database_url
from tests.realtime.servers import DaphneServer, OnLoopback, free_port
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.proxy, pytest.mark.live_server_process, pytest.mark.postgres,
              pytest.mark.redis, pytest.mark.celery, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 10  # seconds; a move arrives in milliseconds, this only bounds a failure
BOT_REPLY_TIMEOUT = 60  # seconds; an Easy bot answers well under one

NGINX_CONF = """
daemon off;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log;
events {{ worker_connections 256; }}
http {{
    access_log {tmp}/nginx-access.log;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    limit_conn_zone $binary_remote_addr zone=raumschach_conn:10m;
    limit_req_zone $binary_remote_addr zone=raumschach_req:10m rate=30r/s;
    upstream raumschach {{ server 127.0.0.1:{first}; server 127.0.0.1:{second}; }}
    server {{
        listen 127.0.0.1:{port};
        set $raumschach_web http://raumschach;
        include {proxy_conf};
    }}
}}
"""


class Nginx(OnLoopback):
    def __init__(self, tmp: Path, upstream_ports: tuple[int, int]) -> None:
        self.port = free_port()
        self.tmp = tmp
        conf = tmp / "nginx.conf"
        conf.write_text(NGINX_CONF.format(tmp=tmp, first=upstream_ports[0],
                                          second=upstream_ports[1], port=self.port,
                                          proxy_conf=ROOT / "deploy" / "proxy.conf"))
        self.process = subprocess.Popen([shutil.which("nginx") or "/usr/sbin/nginx",
                                         "-c", str(conf), "-p", str(tmp)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + TIMEOUT
        while True:
            if self.process.poll() is not None:
                raise AssertionError((tmp / "nginx-error.log").read_text(errors="replace"))
            try:
                urllib.request.urlopen(f"{self.http}/api/v1/bots/", timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


@pytest.fixture
def stack(tmp_path, transactional_db):
    assert connection.vendor == "postgresql", "the server processes need the test's database"
    ensure_bot_accounts()  # an earlier transactional test's flush removed them
    purge_bot_queue()
    database = this_tests_database_url()
    servers = [DaphneServer(tmp_path / f"daphne-{n}.log", database_url=database)
               for n in (1, 2)]
    worker = Worker(tmp_path / "worker.log")
    proxy = Nginx(tmp_path, (servers[0].port, servers[1].port))
    yield proxy, servers, worker
    proxy.stop()
    worker.stop()
    for server in servers:
        server.stop()


def call(proxy: Nginx, method: str, path: str, token: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(
        proxy.http + path, method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as exc:
        raise AssertionError(f"{method} {path}: {exc.code} {exc.read()[:500]!r}") from None


async def message(socket, kind: str, timeout: float = TIMEOUT) -> dict:
    """The next message of type `kind` on `socket` (others, such as chat, are passed over)."""
    deadline = time.monotonic() + timeout
    while True:
        found = json.loads(await asyncio.wait_for(socket.recv(), deadline - time.monotonic()))
        if found["type"] == kind:
            return found


async def move_at(socket, ply: int, timeout: float = TIMEOUT) -> dict:
    """The move event of `ply` (a player's socket hears its own moves too)."""
    deadline = time.monotonic() + timeout
    while True:
        found = await message(socket, "move", deadline - time.monotonic())
        if found["ply"] == ply:
            return found


def socket_connections(server: DaphneServer, path: str) -> int:
    return len(re.findall(rf"WSCONNECT {re.escape(path)}", server.log()))


def test_two_players_on_different_processes_play_through_the_proxy_and_a_bot_answers(stack):
    proxy, servers, worker = stack
    alice, bob = make_user("alice"), make_user("bob")
    alice_token = account_services.api_token_create(user=alice, name="deploy")[1]
    bob_token = account_services.api_token_create(user=bob, name="deploy")[1]

    challenge = call(proxy, "POST", "/api/v1/challenges/", alice_token,
                     {"opponent": "bob", "color": "white"})
    game_id = call(proxy, "POST", f"/api/v1/challenges/{challenge['id']}/accept/",
                   bob_token)["game"]
    path = f"/ws/games/{game_id}/"

    async def the_game() -> None:
        # nginx hands connections to the two processes in turn: alice's socket to one, bob's
        # to the other (checked in the servers' logs below).
        async with websockets.connect(proxy.ws + path, additional_headers={
                    "Authorization": f"Token {alice_token}"}) as alice_socket:
            assert (await message(alice_socket, "state"))["game"]["ply"] == 0
            async with websockets.connect(proxy.ws + path, additional_headers={
                        "Authorization": f"Token {bob_token}"}) as bob_socket:
                assert (await message(bob_socket, "state"))["game"]["ply"] == 0
                # alice moves over her socket; bob hears it on his, from the other process.
                await alice_socket.send(json.dumps({"type": "move", "move": "Bb2Cb2",
                                                    "ply": 0}))
                heard = await move_at(bob_socket, 1)
                assert heard["move"] == "Bb2Cb2"
                # bob moves over REST through the proxy; alice hears it on her socket.
                await asyncio.to_thread(call, proxy, "POST", f"/api/v1/games/{game_id}/moves/",
                                        bob_token, {"move": "Dd4Cd4", "ply": 1})
                heard = await move_at(alice_socket, 2)
                assert (heard["move"], heard["turn"]) == ("Dd4Cd4", "white")
                await alice_socket.send(json.dumps({"type": "move", "move": "Bc2Cc2",
                                                    "ply": 2}))
                assert (await move_at(bob_socket, 3))["move"] == "Bc2Cc2"
                assert (await move_at(alice_socket, 3))["move"] == "Bc2Cc2"

    asyncio.run(the_game())
    state = call(proxy, "GET", f"/api/v1/games/{game_id}/", bob_token)
    assert [m["move"] for m in state["moves"]] == ["Bb2Cb2", "Dd4Cd4", "Bc2Cc2"]
    assert [socket_connections(server, path) for server in servers] == [1, 1], \
        "the two players' sockets were not served by different processes"

    # A bot: its move is computed by the Celery worker and reaches alice's socket.
    bot_game = call(proxy, "POST", "/api/v1/challenges/", alice_token,
                    {"opponent": "easy-bot", "color": "white"})["game"]

    async def against_the_bot() -> dict:
        async with websockets.connect(f"{proxy.ws}/ws/games/{bot_game}/", additional_headers={
                    "Authorization": f"Token {alice_token}"}) as socket:
            assert (await message(socket, "state"))["game"]["ply"] == 0
            await socket.send(json.dumps({"type": "move", "move": "Bb2Cb2", "ply": 0}))
            assert (await move_at(socket, 1))["move"] == "Bb2Cb2"
            return await move_at(socket, 2, BOT_REPLY_TIMEOUT)

    reply = asyncio.run(against_the_bot())
    assert (reply["ply"], reply["turn"]) == (2, "white")
    # The worker logs the game's internal key; the API and the socket named it by its public id.
    bot_key = Game.objects.get(public_id=bot_game).pk
    assert f"searching game {bot_key} at ply 1" in worker.log()
