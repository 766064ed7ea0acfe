"""Issue 38, finding 6: while Redis was down, open sockets silently missed moves (19 of 19 moves
never reached an open socket, and no close frame came): the browser only re-read the game when
a later move arrived.

A real Daphne server on this test's own Redis (never the machine's shared one) and PostgreSQL.
A socket is open on a game; Redis goes down for 30 s. The socket is closed with 4503 within
seconds (the channel layer's reader lost Redis: raumschach_site/redis_layer.py), so the client
knows it may have missed something; a reconnect during the outage is closed the same way (not
refused: the browser keeps trying). Moves made through REST during the outage are stored (the
event needs Redis, the move does not). Once Redis is back, the client reconnecting with
?since=<its last ply> receives every move it missed, then hears the next move live."""
from __future__ import annotations

import asyncio
import json
import time

import pytest
import websockets
from django.db import connection
from websockets.exceptions import ConnectionClosed

from core.layer import CLOSE_LAYER_GAP
from tests.bots import workers
from tests.chaos.test_redis_restarted_while_two_players_and_a_bot_play import (
    OwnRedis, Player, plies)
from tests.realtime.servers import DaphneServer, in_thread
from tests.site_fixtures import make_game, make_user

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.live_server_process,
              pytest.mark.slow, pytest.mark.django_db(transaction=True)]

OUTAGE = 30  # seconds
NOTICED_WITHIN = 10  # seconds from Redis going down to the socket's close
TIMEOUT = 15


@pytest.fixture
def stack(tmp_path):
    assert connection.vendor == "postgresql", "the server process shares this test's database"
    redis_dir = tmp_path / "redis"
    redis_dir.mkdir()
    redis = OwnRedis(redis_dir)
    redis.start()
    server = None
    try:
        server = DaphneServer(tmp_path / "daphne.log", database_url=workers.test_database_url(),
                              extra_env={"REDIS_URL": redis.url, "DEBUG": "0"})
        yield redis, server
    finally:
        if server is not None:
            server.stop()
        redis.stop()


async def follow(server: DaphneServer, token: str, game_id: str, since: int):
    """A socket on the game, and the moves it was sent before the state (?since=)."""
    socket = await websockets.connect(f"{server.ws}/ws/games/{game_id}/?since={since}",
                                      additional_headers={"Authorization": f"Token {token}"},
                                      open_timeout=TIMEOUT)
    missed = []
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
        if message["type"] == "state":
            return socket, missed
        missed.append(message)


async def closed_with(socket, within: float) -> int | None:
    """The close code the server sends within `within` seconds (messages before it ignored)."""
    try:
        async with asyncio.timeout(within):
            while True:
                await socket.recv()
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


async def next_move(socket) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))
        if message["type"] == "move":
            return message


async def test_a_redis_outage_closes_the_socket_and_a_resync_has_every_move(stack):
    redis, server = stack
    statuses: list[int] = []

    def setup():
        alice_user, bob_user = make_user("alice"), make_user("bob")
        game = make_game(alice_user, bob_user)
        return game, Player(server, alice_user, statuses), Player(server, bob_user, statuses)

    game, alice, bob = await in_thread(setup)
    socket, _ = await follow(server, bob.token, game.public_id, since=0)
    await in_thread(alice.move, game.public_id)
    assert (await next_move(socket))["ply"] == 1  # live before the outage
    last_seen = 1

    await in_thread(redis.stop)
    down_at = time.monotonic()
    code = await closed_with(socket, NOTICED_WITHIN)
    noticed_after = time.monotonic() - down_at
    print(f"\nthe socket was closed with {code} {noticed_after:.1f} s after Redis went down")
    assert code == CLOSE_LAYER_GAP
    # Moves during the outage are stored; a reconnect meanwhile is closed, not refused.
    moved = 1
    for _ in range(4):
        await in_thread((bob if moved % 2 else alice).move, game.public_id)
        moved += 1
    try:
        retry, _ = await follow(server, bob.token, game.public_id, since=last_seen)
    except ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == CLOSE_LAYER_GAP, closed
    else:
        assert await closed_with(retry, NOTICED_WITHIN) == CLOSE_LAYER_GAP
    while time.monotonic() - down_at < OUTAGE - 3:
        await in_thread((bob if moved % 2 else alice).move, game.public_id)
        moved += 1
        await asyncio.sleep(2)
    await asyncio.sleep(max(0.0, OUTAGE - (time.monotonic() - down_at)))
    assert await in_thread(plies, game) == list(range(1, moved + 1))

    await in_thread(redis.start)
    # The client retries as the browser does, with ?since= its last ply, until served.
    started = time.monotonic()
    while True:
        try:
            socket, missed = await follow(server, bob.token, game.public_id, since=last_seen)
            break
        except (ConnectionClosed, OSError, asyncio.TimeoutError):
            assert time.monotonic() - started < 30, "never served again after Redis came back"
            await asyncio.sleep(1)
    assert [m["ply"] for m in missed if m["type"] == "move"] == list(range(2, moved + 1))
    await in_thread((bob if moved % 2 else alice).move, game.public_id)
    assert (await next_move(socket))["ply"] == moved + 1  # and live again
    await socket.close()
    assert all(status < 500 for status in statuses), statuses
