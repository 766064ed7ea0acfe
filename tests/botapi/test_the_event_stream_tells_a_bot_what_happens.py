"""GET /api/stream/event in-process (the ASGI path, in-memory channel layer): it opens with the
games in progress and pending challenges, then relays challenge, challengeCanceled,
challengeDeclined (with the reason), gameStart and gameFinish as they happen, with keep-alive
empty lines in between; one account's streams are capped."""
from __future__ import annotations

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from django.test import AsyncClient

from accounts import services as account_services
from games import services
from tests.realtime.sockets import MEMORY_LAYER
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10  # seconds; only reached when a test fails


@pytest.fixture(autouse=True)
def fast_keepalive(settings):
    settings.CHANNEL_LAYERS = MEMORY_LAYER
    settings.BOTAPI_KEEPALIVE_SECONDS = 1


class Stream:
    def __init__(self, response) -> None:
        assert response.status_code == 200, response.content
        assert response["Content-Type"] == "application/x-ndjson"
        self.response = response
        self.lines = aiter(response.streaming_content)
        self.keepalives = 0

    async def next(self) -> dict:
        """The next object, counting the keep-alive lines skipped on the way."""
        while True:
            chunk = await asyncio.wait_for(anext(self.lines), TIMEOUT)
            if chunk.strip():
                return json.loads(chunk)
            self.keepalives += 1

    async def close(self) -> None:
        await self.lines.aclose()
        await database_sync_to_async(self.response.close)()


class BearerClient:
    """AsyncClient with the token header on every request (its client-wide `headers` do not
    reach an ASGI request's headers)."""

    def __init__(self, token: str) -> None:
        self.client = AsyncClient()
        self.headers = {"Authorization": f"Bearer {token}"}

    async def get(self, path: str):
        return await self.client.get(path, headers=self.headers)

    async def post(self, path: str, data: dict | None = None):
        return await self.client.post(path, data or {}, headers=self.headers)


async def open_stream(token: str) -> Stream:
    """A stream that is listening: the first line (a keep-alive) comes once it has subscribed
    (the test client only runs the stream while it is read)."""
    stream = Stream(await BearerClient(token).get("/api/stream/event"))
    assert await asyncio.wait_for(anext(stream.lines), TIMEOUT) == b"\n"
    return stream


def setup_accounts():
    robo, alice = make_user("robo"), make_user("alice")
    robo_token = account_services.api_token_create(user=robo, name="t")[1]
    alice_token = account_services.api_token_create(user=alice, name="t")[1]
    from botapi.services import account_upgrade_to_bot

    account_upgrade_to_bot(user=robo)
    return robo, alice, robo_token, alice_token


async def test_the_event_stream_relays_challenges_and_games():
    robo, alice, robo_token, alice_token = await database_sync_to_async(setup_accounts)()
    robo_stream, alice_stream = await open_stream(robo_token), await open_stream(alice_token)
    try:
        create = database_sync_to_async(services.challenge_create)
        first = await create(challenger=alice, opponent=robo, color="white", days_per_move=None)
        event = await robo_stream.next()
        assert event["type"] == "challenge" and event["challenge"]["id"] == first.pk
        assert (await alice_stream.next())["challenge"]["id"] == first.pk

        await database_sync_to_async(services.challenge_cancel)(challenge=first, user=alice)
        event = await robo_stream.next()
        assert (event["type"], event["challenge"]["status"]) == ("challengeCanceled", "canceled")

        second = await create(challenger=alice, opponent=robo, color="white", days_per_move=3)
        assert (await robo_stream.next())["challenge"]["id"] == second.pk
        assert (await alice_stream.next())["challenge"]["id"] == second.pk
        robo_client = BearerClient(robo_token)
        declined = await robo_client.post(f"/api/challenge/{second.pk}/decline",
                                          {"reason": "tooSlow"})
        assert declined.status_code == 200
        event = await alice_stream.next()
        assert event["type"] == "challengeDeclined"
        assert event["challenge"]["declineReasonKey"] == "tooslow"  # lichess: lower case

        third = await create(challenger=alice, opponent=robo, color="black", days_per_move=3)
        assert (await robo_stream.next())["challenge"]["id"] == third.pk
        assert (await alice_stream.next())["challenge"]["id"] == third.pk
        accepted = await robo_client.post(f"/api/challenge/{third.pk}/accept")
        assert accepted.status_code == 200
        start = await robo_stream.next()
        assert start["type"] == "gameStart"
        assert start["game"]["color"] == "white" and start["game"]["isMyTurn"] is True
        assert (await alice_stream.next())["game"]["color"] == "black"

        resigned = await robo_client.post(f"/api/bot/game/{start['game']['gameId']}/resign")
        assert resigned.status_code == 200
        for stream, winner in ((robo_stream, "black"), (alice_stream, "black")):
            finish = await stream.next()
            assert finish["type"] == "gameFinish" and finish["game"]["winner"] == winner
            assert finish["game"]["status"]["name"] == "resign"
        # Quiet now: only keep-alive lines.
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(robo_stream.next(), 2.5)
        assert robo_stream.keepalives >= 1
    finally:
        await robo_stream.close()
        await alice_stream.close()


async def test_a_new_stream_opens_with_the_games_in_progress_and_pending_challenges():
    def arrange():
        robo, alice, robo_token, _ = setup_accounts()
        game = make_game(alice, robo)
        bob = make_user("bob")
        challenge = services.challenge_create(challenger=bob, opponent=robo, color="random",
                                              days_per_move=None)
        return game, challenge, robo_token

    game, challenge, robo_token = await database_sync_to_async(arrange)()
    stream = await open_stream(robo_token)
    try:
        start = await stream.next()
        assert start["type"] == "gameStart" and start["game"]["gameId"] == game.public_id
        assert start["game"]["color"] == "black" and start["game"]["isMyTurn"] is False
        pending = await stream.next()
        assert pending["type"] == "challenge" and pending["challenge"]["id"] == challenge.pk
    finally:
        await stream.close()


async def test_streams_over_the_account_cap_are_refused_with_429(settings):
    settings.BOTAPI_MAX_STREAMS = 2
    robo, _, robo_token, _ = await database_sync_to_async(setup_accounts)()
    tokens = [robo_token] + [
        (await database_sync_to_async(account_services.api_token_create)(user=robo, name=f"t{i}"))[1]
        for i in range(2)]
    one, two = await open_stream(tokens[0]), await open_stream(tokens[1])
    try:
        client = BearerClient(tokens[2])
        refused = await client.get("/api/stream/event")
        assert refused.status_code == 429
        assert json.loads(refused.content)["code"] == "too_many_streams"
        # When the soonest place lapses if its client went without a word (a live stream
        # refreshes its place): within the slot's lifetime.
        assert 1 <= int(refused["Retry-After"]) <= max(30, settings.BOTAPI_KEEPALIVE_SECONDS * 6)
        # The same token again replaces its own stream (a client whose connection died
        # unnoticed reconnects at once): the old stream ends, the new one takes its place,
        # and the old one's last line says so (a second program on the token learns it).
        again = await open_stream(tokens[0])
        last = None
        with pytest.raises(StopAsyncIteration):
            while True:
                chunk = await asyncio.wait_for(anext(one.lines), TIMEOUT)
                last = json.loads(chunk) if chunk.strip() else last
        assert last["type"] == "streamReplaced" and last["reason"]
        await one.close()
        one = again
        assert (await client.get("/api/stream/event")).status_code == 429  # still two open
    finally:
        await one.close()
    # A closed stream frees its place.
    three = await open_stream(tokens[2])
    await three.close()
    await two.close()
