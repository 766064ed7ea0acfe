"""Across processes, as deployed: a real Daphne server (own process, this test's PostgreSQL
database, the Redis channel layer). A move POSTed to its REST API reaches websocket clients
connected to it, and so does a bot's move made by a separate Celery worker process."""
from __future__ import annotations

import asyncio
import importlib
import json
import urllib.error
import urllib.request

import pytest
import websockets
from django.db import connection
from django.test import Client

from accounts import services as account_services
from games.models import Game
from tests.bots.workers import Worker, purge_bot_queue
from tests.bots.workers import test_database_url as this_tests_database_url
from tests.realtime.servers import DaphneServer
from tests.site_fixtures import make_game, make_user

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.redis]

RECEIVE_TIMEOUT = 10  # seconds; a move arrives in milliseconds, this only bounds a failure
BOT_REPLY_TIMEOUT = 60  # seconds; an Easy bot answers well under one, this bounds a failure


@pytest.fixture
def daphne(tmp_path, transactional_db):
    # The server must read what this test commits: pytest-django's test database on PostgreSQL.
    assert connection.vendor == "postgresql", "the server process needs the same database"
    server = DaphneServer(tmp_path / "daphne.log", database_url=this_tests_database_url())
    yield server
    server.stop()


def api_post(server: DaphneServer, path: str, body: dict, token: str) -> dict:
    request = urllib.request.Request(
        server.http + path, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=RECEIVE_TIMEOUT) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        raise AssertionError(f"{exc.code} {exc.read()[:500]!r}") from None


async def next_message(socket) -> dict:
    return json.loads(await asyncio.wait_for(socket.recv(), RECEIVE_TIMEOUT))


def token(user) -> str:
    return account_services.api_token_create(user=user, name="live")[1]


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def test_a_move_posted_to_daphne_reaches_sockets_on_daphne(daphne):
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    game = make_game(alice, bob)
    alice_token, bob_token = token(alice), token(bob)
    carol_cookie = session_cookie(carol)

    async def scenario() -> None:
        # bob: an API client (token header, no Origin); carol: a browser (cookie + Origin).
        bob_headers = {"Authorization": f"Token {bob_token}"}
        async with websockets.connect(f"{daphne.ws}/ws/games/{game.public_id}/",
                                      additional_headers=bob_headers) as bob_game, \
                websockets.connect(f"{daphne.ws}/ws/notifications/",
                                   additional_headers=bob_headers) as bob_inbox, \
                websockets.connect(f"{daphne.ws}/ws/games/{game.public_id}/", origin=daphne.http,
                                   additional_headers={"Cookie": carol_cookie}) as carol_game:
            for socket in (bob_game, carol_game):
                state = await next_message(socket)
                assert (state["type"], state["game"]["ply"]) == ("state", 0)

            played = await asyncio.to_thread(api_post, daphne,
                                             f"/api/v1/games/{game.public_id}/moves/",
                                             {"move": "Bb2Cb2", "ply": 0}, alice_token)
            expected = {"type": "move", "game": game.public_id,
                        "variant": {"key": "raumschach", "name": "Raumschach"},
                        "ply": 1, "move": "Bb2Cb2",
                        "san": "Bb2-Cb2", "fen": played["fen"], "turn": "black",
                        "deadline": None, "legal_moves": played["game"]["legal_moves"],
                        "checkers": [], "clock_paused": False, "clock": None}
            assert await next_message(bob_game) == expected
            assert await next_message(carol_game) == expected
            note = await next_message(bob_inbox)
            assert (note["type"], note["game"], note["move"]) == ("your_turn", game.public_id,
                                                                  "Bb2Cb2")

            # And back over bob's socket: his move reaches carol through the server too.
            await bob_game.send(json.dumps({"type": "move", "move": "Db4Cb4", "ply": 1}))
            assert (await next_message(carol_game))["ply"] == 2

    asyncio.run(scenario())


def test_the_running_server_refuses_a_foreign_origin(daphne):
    carol_cookie = session_cookie(make_user("carol"))

    async def scenario() -> None:
        with pytest.raises(websockets.InvalidStatus) as refused:
            async with websockets.connect(f"{daphne.ws}/ws/notifications/",
                                          origin="http://evil.example",
                                          additional_headers={"Cookie": carol_cookie}):
                pass
        assert refused.value.response.status_code == 403

    asyncio.run(scenario())


def create_bot_accounts() -> None:
    """The bot accounts come from a data migration, which the flush after any earlier
    transactional test has wiped; run it again (serialized_rollback clashes with the content
    types that flush recreates)."""
    from django.apps import apps

    importlib.import_module("bots.migrations.0002_create_bot_accounts").create_bots(apps, None)


@pytest.mark.celery
@pytest.mark.slow
def test_a_bot_move_made_by_a_celery_worker_reaches_a_socket_on_daphne(daphne, tmp_path):
    create_bot_accounts()
    purge_bot_queue()
    worker = Worker(tmp_path / "worker.log")
    try:
        alice = make_user("alice")
        alice_token = token(alice)

        async def scenario() -> str:
            challenge = await asyncio.to_thread(api_post, daphne, "/api/v1/challenges/",
                                                {"opponent": "easy-bot", "color": "white"},
                                                alice_token)
            game_id = challenge["game"]
            async with websockets.connect(
                    f"{daphne.ws}/ws/games/{game_id}/",
                    additional_headers={"Authorization": f"Token {alice_token}"}) as socket:
                assert (await next_message(socket))["game"]["ply"] == 0
                await asyncio.to_thread(api_post, daphne, f"/api/v1/games/{game_id}/moves/",
                                        {"move": "Bb2Cb2", "ply": 0}, alice_token)
                assert (await next_message(socket))["ply"] == 1
                reply = json.loads(await asyncio.wait_for(socket.recv(), BOT_REPLY_TIMEOUT))
                assert (reply["type"], reply["ply"], reply["turn"]) == ("move", 2, "white")
            return game_id

        game_id = asyncio.run(scenario())
        # The worker logs the game's internal key; the API and the socket named it by its
        # public id.
        assert f"searching game {Game.objects.get(public_id=game_id).pk} at ply 1" in worker.log()
    finally:
        worker.stop()
