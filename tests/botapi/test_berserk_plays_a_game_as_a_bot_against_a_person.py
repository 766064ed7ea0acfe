"""The whole Bot API over a real Daphne process, driven by berserk (lichess's Python client,
unchanged, base URL pointed at the server): upgrade, event stream, a person challenges the bot,
the bot accepts, streams the game, its move reaches the person's websocket, the person's move
reaches the bot's stream, a reconnect's gameFull carries every move, a reconnect with the same token replaces the old stream, resigning ends the game
for both event streams with gameFinish."""
from __future__ import annotations

import asyncio
import json
from datetime import timedelta

import berserk
import engine
import pytest
import websockets

from accounts import services as account_services
from games.models import Game, Move
from tests.botapi.live import Reader, TIMEOUT, client, start_daphne
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.redis,
              pytest.mark.slow]


@pytest.fixture
def daphne(tmp_path, transactional_db):
    server = start_daphne(tmp_path)
    yield server
    server.stop()


def token(user) -> str:
    return account_services.api_token_create(user=user, name="berserk")[1]


async def socket_message(socket) -> dict:
    return json.loads(await asyncio.wait_for(socket.recv(), TIMEOUT))


def test_berserk_plays_a_game_as_a_bot_against_a_person(daphne):
    robo_user, hugo_user = make_user("robo"), make_user("hugo")
    robo_token, hugo_token = token(robo_user), token(hugo_user)
    robo, hugo = client(daphne, robo_token), client(daphne, hugo_token)

    robo.account.upgrade_to_bot()
    assert robo.account.get()["title"] == "BOT"
    with pytest.raises(berserk.exceptions.ResponseError) as refused:
        robo.account.upgrade_to_bot()
    assert refused.value.status_code == 400

    robo_events = Reader(robo.bots.stream_incoming_events())
    hugo_events = Reader(hugo.board.stream_incoming_events())

    # hugo plays Black: robo, White, moves first.
    created = hugo.challenges.create("robo", rated=False, days=3, color="black",
                                     variant="raumschach")
    challenge = robo_events.next_of("challenge")["challenge"]
    assert challenge["id"] == created["id"]
    assert challenge["challenger"]["name"] == "hugo"
    assert challenge["variant"]["key"] == "raumschach"
    robo.bots.accept_challenge(challenge["id"])
    start = robo_events.next_of("gameStart")["game"]
    assert start["color"] == "white" and start["isMyTurn"]
    game_id = start["gameId"]
    assert hugo_events.next_of("gameStart")["game"]["gameId"] == game_id

    robo_game = Reader(robo.bots.stream_game_state(game_id))
    full = robo_game.next_of("gameFull")
    assert full["id"] == game_id
    assert full["variant"]["key"] == "raumschach"
    assert full["white"]["name"] == "robo" and full["white"]["title"] == "BOT"
    assert full["black"]["name"] == "hugo"
    # lichess's "startpos": the game starts from its variant's start position.
    assert full["initialFen"] == "startpos"
    assert Game.objects.get(public_id=game_id).start_fen == engine.START_FEN
    assert full["state"]["moves"] == "" and full["state"]["status"] == "started"

    async def play() -> None:
        async with websockets.connect(
                f"{daphne.ws}/ws/games/{game_id}/",
                additional_headers={"Authorization": f"Token {hugo_token}"}) as hugo_socket:
            assert (await socket_message(hugo_socket))["type"] == "state"
            await asyncio.to_thread(robo.bots.make_move, game_id, "Bb2Cb2")
            moved = await socket_message(hugo_socket)
            assert (moved["type"], moved["move"], moved["ply"]) == ("move", "Bb2Cb2", 1)
            assert (await asyncio.to_thread(robo_game.next_of, "gameState"))["moves"] == "Bb2Cb2"

            await hugo_socket.send(json.dumps({"type": "move", "move": "Db4Cb4", "ply": 1}))
            state = await asyncio.to_thread(robo_game.next_of, "gameState")
            assert state["moves"] == "Bb2Cb2 Db4Cb4"
            assert state["status"] == "started"
            # berserk turns the milliseconds into timedeltas. White (robo, to move) has until
            # the deadline, Black a full period.
            assert timedelta(days=2) < state["wtime"] <= timedelta(days=3)
            assert state["btime"] == timedelta(days=3)

    asyncio.run(play())

    # A reconnect with the same token (as after a connection that died unnoticed) replaces
    # the open stream: the old one ends, the new one starts with every move.
    again = Reader(robo.bots.stream_game_state(game_id))
    assert again.next_of("gameFull")["state"]["moves"] == "Bb2Cb2 Db4Cb4"
    assert robo_game.ended()
    robo_game = again
    # Another token's stream of the same game is a stream of its own.
    other = client(daphne, token(robo_user)).bots.stream_game_state(game_id)
    assert next(iter(other))["state"]["moves"] == "Bb2Cb2 Db4Cb4"

    hugo.board.resign_game(game_id)
    final = robo_game.next_of("gameState")
    assert (final["status"], final["winner"]) == ("resign", "white")
    assert robo_game.ended()
    for events in (robo_events, hugo_events):
        finish = events.next_of("gameFinish")["game"]
        assert finish["gameId"] == game_id and finish["winner"] == "white"
    assert list(Move.objects.filter(game__public_id=game_id).values_list("coord", flat=True)
                .order_by("ply")) == ["Bb2Cb2", "Db4Cb4"]
