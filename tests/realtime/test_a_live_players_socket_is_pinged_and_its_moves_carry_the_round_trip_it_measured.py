"""In a live game the server pings a player's game socket ({"type": "ping", "id": n}) at once and
then every GAME_SOCKET_PING_SECONDS while it is that player's turn; the client's pong
({"type": "pong", "id": n}) is a round trip the server measured itself, and a move sent on that
socket reaches the game service with that lag (`lag_ms`). A forged or missing pong gives none;
a malformed one is refused. Spectators and correspondence games are not pinged."""
import asyncio

import pytest

from games import services
from tests.realtime.sockets import assert_silent, connected, db, receive, receive_state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]

INTERVAL = 0.25  # seconds between pings in these tests


@pytest.fixture(autouse=True)
def _quick_pings(settings):
    settings.GAME_SOCKET_PING_SECONDS = INTERVAL


@pytest.fixture
def live_game(alice, bob):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None, clock_limit=60, clock_increment=0)
    return services.challenge_accept(challenge=challenge, user=bob)


@pytest.fixture
def lags(monkeypatch):
    """The lag_ms each move reached the game service with."""
    seen = []
    play = services.game_play_move

    def spy(**kwargs):
        seen.append(kwargs.get("lag_ms", 0))
        return play(**kwargs)

    monkeypatch.setattr(services, "game_play_move", spy)
    return seen


async def open_socket(game, user):
    socket = await connected(f"/ws/games/{game.public_id}/", user=user)
    state = await receive_state(socket)
    return socket, state


async def next_of_type(socket, kind: str) -> dict:
    while True:
        message = await receive(socket)
        if message["type"] == kind:
            return message


async def test_the_round_trip_the_server_measured_is_the_moves_lag(live_game, alice, lags):
    socket, state = await open_socket(live_game, alice)
    assert state["clock"] is not None
    ping = await receive(socket)
    assert ping == {"type": "ping", "id": 1}
    await asyncio.sleep(0.2)  # a slow link: the answer comes 200 ms after the ping
    await socket.send_json_to({"type": "pong", "id": 1})
    await asyncio.sleep(0.05)  # the pong is taken before the move (one socket, in order)
    await socket.send_json_to({"type": "move", "move": "Bb2Cb2", "ply": 0})
    assert (await next_of_type(socket, "move"))["ply"] == 1
    assert len(lags) == 1 and 200 <= lags[0] < 1000, lags
    await socket.disconnect()


async def test_pings_come_every_interval_while_it_is_the_players_turn(live_game, alice, lags):
    socket, _ = await open_socket(live_game, alice)
    ids = []
    for _ in range(3):
        ping = await next_of_type(socket, "ping")
        ids.append(ping["id"])
        await socket.send_json_to({"type": "pong", "id": ping["id"]})
    assert ids == [1, 2, 3]
    await socket.send_json_to({"type": "move", "move": "Bb2Cb2", "ply": 0})
    await next_of_type(socket, "move")
    assert len(lags) == 1 and 0 <= lags[0] < 1000, lags
    await socket.disconnect()


async def test_the_side_waiting_for_the_opponent_is_pinged_once_on_connect_only(live_game, bob):
    socket, _ = await open_socket(live_game, bob)  # White is to move
    assert await receive(socket) == {"type": "ping", "id": 1}
    await socket.send_json_to({"type": "pong", "id": 1})
    await asyncio.sleep(3 * INTERVAL)
    await assert_silent(socket)
    await socket.disconnect()


async def test_a_forged_pong_gives_no_lag(live_game, alice, lags):
    socket, _ = await open_socket(live_game, alice)
    assert (await receive(socket))["type"] == "ping"
    await asyncio.sleep(0.2)
    # Ids of no ping sent: far ahead, as pings keep coming every INTERVAL (an id of 2 was, once
    # on a loaded machine, the ping the server had sent by then: a true round trip of 135 ms).
    for forged in (700, 0, 200):
        await socket.send_json_to({"type": "pong", "id": forged})
    await socket.send_json_to({"type": "move", "move": "Bb2Cb2", "ply": 0})
    await next_of_type(socket, "move")
    assert lags == [0]
    await socket.disconnect()


async def test_an_unanswered_ping_gives_no_lag(live_game, alice, lags):
    socket, _ = await open_socket(live_game, alice)
    assert (await receive(socket))["type"] == "ping"
    await asyncio.sleep(0.3)
    await socket.send_json_to({"type": "move", "move": "Bb2Cb2", "ply": 0})
    await next_of_type(socket, "move")
    assert lags == [0]
    await socket.disconnect()


async def test_a_malformed_pong_is_refused_and_the_socket_stays(live_game, alice):
    socket, _ = await open_socket(live_game, alice)
    assert (await receive(socket))["type"] == "ping"
    for bad in ({"type": "pong"}, {"type": "pong", "id": "1"}, {"type": "pong", "id": -1},
                {"type": "pong", "id": True}):
        await socket.send_json_to(bad)
        reply = await next_of_type(socket, "error")
        assert reply["error"] == "invalid" and reply["detail"], reply
    await socket.send_json_to({"type": "move", "move": "Bb2Cb2", "ply": 0})
    assert (await next_of_type(socket, "move"))["ply"] == 1
    await socket.disconnect()


async def test_a_spectator_is_not_pinged(live_game, carol):
    socket, _ = await open_socket(live_game, carol)
    await asyncio.sleep(2 * INTERVAL)
    await assert_silent(socket)
    await socket.disconnect()


async def test_a_correspondence_games_player_is_not_pinged(game, alice):
    socket, state = await open_socket(game, alice)
    assert state["clock"] is None
    await asyncio.sleep(2 * INTERVAL)
    await assert_silent(socket)
    await socket.disconnect()


async def test_a_move_over_the_rest_api_has_no_lag(live_game, alice, lags):
    from rest_framework.test import APIClient

    def post():
        client = APIClient()
        client.force_authenticate(alice)
        return client.post(f"/api/v1/games/{live_game.public_id}/moves/",
                           {"move": "Bb2Cb2", "ply": 0}, format="json")

    response = await db(post)()
    assert response.status_code == 201, response.content
    assert lags == [0]
