"""GET /api/bot|board/game/stream/{id} in-process: gameFull first, then one gameState per
change (none repeated) and a chatLine per line in the players' room, the stream ends after the game ends, and a client that dropped and
reconnects (same token: closing frees its slot) gets every move in its gameFull."""
from __future__ import annotations

import asyncio
import json

import pytest
from channels.db import database_sync_to_async

from accounts import services as account_services
from games import services
from tests.botapi.test_the_event_stream_tells_a_bot_what_happens import TIMEOUT, BearerClient
from tests.realtime.sockets import MEMORY_LAYER
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def memory_layer(settings):
    settings.CHANNEL_LAYERS = MEMORY_LAYER
    settings.BOTAPI_KEEPALIVE_SECONDS = 1


class GameStream:
    def __init__(self, response) -> None:
        assert response.status_code == 200, response.content
        self.response = response
        self.lines = aiter(response.streaming_content)

    async def next(self) -> dict | None:
        """The next object (keep-alive lines skipped); None when the stream has ended."""
        while True:
            try:
                chunk = await asyncio.wait_for(anext(self.lines), TIMEOUT)
            except StopAsyncIteration:
                return None
            if chunk.strip():
                return json.loads(chunk)

    async def close(self) -> None:
        await self.lines.aclose()
        await database_sync_to_async(self.response.close)()


def arrange():
    from botapi.services import account_upgrade_to_bot

    robo, alice = make_user("robo"), make_user("alice")
    account_upgrade_to_bot(user=robo)
    game = make_game(robo, alice)
    return (robo, alice, game, account_services.api_token_create(user=robo, name="t")[1],
            account_services.api_token_create(user=alice, name="t")[1])


def move(game, user, coord: str) -> None:
    game.refresh_from_db()
    services.game_play_move(game=game, user=user, move=coord, ply=game.ply)


async def test_a_reconnecting_client_gets_every_move_and_nothing_twice():
    robo, alice, game, robo_token, alice_token = await database_sync_to_async(arrange)()
    play = database_sync_to_async(move)
    robo_client = BearerClient(robo_token)
    stream = GameStream(await robo_client.get(f"/api/bot/game/stream/{game.public_id}"))
    full = await stream.next()
    assert full["type"] == "gameFull" and full["state"]["moves"] == ""
    await play(game, robo, "Bb2Cb2")
    assert (await stream.next())["moves"] == "Bb2Cb2"
    await play(game, alice, "Db4Cb4")
    assert (await stream.next())["moves"] == "Bb2Cb2 Db4Cb4"
    await stream.close()  # the connection drops

    await play(game, robo, "Bc2Cc2")  # missed by the dropped client
    stream = GameStream(await robo_client.get(f"/api/bot/game/stream/{game.public_id}"))
    try:
        full = await stream.next()
        assert full["state"]["moves"] == "Bb2Cb2 Db4Cb4 Bc2Cc2"
        await play(game, alice, "Dc4Cc4")
        state = await stream.next()
        assert state["moves"] == "Bb2Cb2 Db4Cb4 Bc2Cc2 Dc4Cc4"  # once, in order
        # alice says something in the players' room: a chatLine, and robo reads it back.
        said = await BearerClient(alice_token).post(f"/api/board/game/{game.public_id}/chat",
                                                    {"room": "player", "text": "good luck <3"})
        assert said.status_code == 200, said.content
        assert await stream.next() == {"type": "chatLine", "room": "player",
                                       "username": "alice", "text": "good luck <3"}
        history = await robo_client.get(f"/api/bot/game/{game.public_id}/chat")
        assert json.loads(history.content) == [{"user": "alice", "text": "good luck <3"}]
        await database_sync_to_async(services.game_draw)(game=game, user=alice, action="offer")
        offer = await stream.next()
        assert offer["bdraw"] is True and "wdraw" not in offer  # lichess omits a false offer
        assert offer["moves"] == state["moves"]
        await database_sync_to_async(services.game_resign)(game=game, user=alice)
        final = await stream.next()
        assert (final["status"], final["winner"]) == ("resign", "white")
        assert await stream.next() is None  # the stream ends with the game
    finally:
        await stream.close()

    # A person's client reads the finished game over the Board API: a gameFull, then the end.
    board = GameStream(await BearerClient(alice_token).get(f"/api/board/game/stream/{game.public_id}"))
    full = await board.next()
    assert full["state"]["status"] == "resign" and full["black"]["name"] == "alice"
    assert await board.next() is None
    await board.close()
