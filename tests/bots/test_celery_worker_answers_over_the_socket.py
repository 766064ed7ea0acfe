"""Against a real Celery worker and real Redis: a human's move posted to the API is answered by
the bot in the worker, and the bot's move is pushed to the human's connected websocket."""
import os

import pytest
from django.db import connection

from bots.models import Bot
from games.models import Game, Move
from tests.bots.workers import Worker, purge_bot_queue
from tests.realtime.sockets import connected, db, receive, receive_state
from tests.site_fixtures import make_user, token_client

pytestmark = [
    pytest.mark.celery, pytest.mark.redis, pytest.mark.postgres, pytest.mark.slow,
    # Committed data, so the worker process sees it (conftest re-creates the bot accounts).
    pytest.mark.django_db(transaction=True),
]

BOT_REPLY_TIMEOUT = 60  # seconds; an Easy reply takes well under one, this only bounds a failure


@pytest.fixture
def redis_layer(settings):
    # The worker publishes through the settings' layer (REDIS_URL, default prefix): listen on
    # the same one, fresh for this test's event loop.
    settings.CHANNEL_LAYERS = {"default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [os.environ["REDIS_URL"]]}}}


@pytest.fixture
def worker(tmp_path):
    assert connection.vendor == "postgresql"
    purge_bot_queue()
    worker = Worker(tmp_path / "worker.log")
    yield worker
    worker.stop()


def post(user, path: str, body: dict) -> dict:
    response = token_client(user).post(path, body, format="json")
    assert response.status_code in (200, 201), response.content
    return response.json()


async def test_the_workers_reply_reaches_the_humans_socket(redis_layer, worker):
    alice = await db(make_user)("alice")
    challenge = await db(post)(alice, "/api/v1/challenges/",
                               {"opponent": "easy-bot", "color": "white"})
    game_id = challenge["game"]
    socket = await connected(f"/ws/games/{game_id}/", user=alice)
    assert (await receive_state(socket))["ply"] == 0

    await db(post)(alice, f"/api/v1/games/{game_id}/moves/", {"move": "Bb2Cb2", "ply": 0})
    mine = await receive(socket)
    assert (mine["type"], mine["ply"], mine["move"]) == ("move", 1, "Bb2Cb2")
    reply = await socket.receive_json_from(timeout=BOT_REPLY_TIMEOUT)
    assert (reply["type"], reply["ply"], reply["turn"]) == ("move", 2, "white")

    # The API and the socket name the game by its public id; the moves' rows and the worker's
    # log by its internal key.
    key = await db(lambda: Game.objects.get(public_id=game_id).pk)()
    stored = await db(lambda: list(Move.objects.filter(game_id=key).order_by("ply")
                                   .values_list("ply", "coord")))()
    assert stored == [(1, "Bb2Cb2"), (2, reply["move"])]
    assert f"Easy searching game {key} at ply 1" in worker.log()
    await socket.disconnect()


async def test_a_bot_playing_white_opens_from_the_worker(redis_layer, worker):
    alice = await db(make_user)("alice")
    easy = await db(lambda: Bot.objects.select_related("user").get(level=1).user)()
    challenge = await db(post)(alice, "/api/v1/challenges/",
                               {"opponent": easy.username, "color": "black"})
    socket = await connected(f"/ws/games/{challenge['game']}/", user=alice)
    state = await receive_state(socket)
    if state["ply"] == 0:  # the worker had not answered before the socket connected
        reply = await socket.receive_json_from(timeout=BOT_REPLY_TIMEOUT)
        assert (reply["type"], reply["ply"]) == ("move", 1)
    else:
        assert state["ply"] == 1
    await socket.disconnect()
