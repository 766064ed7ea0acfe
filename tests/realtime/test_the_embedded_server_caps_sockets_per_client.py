"""The websocket cap in the embedded set-up (in-memory layer, one process): counted in the
process, per address and per account; over it the socket is told why and closed with 4429; a
closed socket gives its place back. (The Redis count across processes is
test_one_client_s_socket_flood_leaves_others_served.py.)"""
from __future__ import annotations

import pytest

from accounts import services as account_services
from tests.realtime.sockets import MEMORY_LAYER, TIMEOUT, communicator, receive_state
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def small_caps(settings):
    settings.CHANNEL_LAYERS = MEMORY_LAYER
    settings.TRUSTED_PROXY_COUNT = 1
    settings.WEBSOCKET_MAX_PER_ADDRESS = 3
    settings.WEBSOCKET_MAX_PER_ACCOUNT = 2


async def open_from(path: str, address: str, token: str | None = None):
    socket = communicator(path, token=token, origin=None if token else b"http://testserver")
    socket.scope["headers"].append((b"x-forwarded-for", address.encode()))
    accepted, _ = await socket.connect(timeout=TIMEOUT)
    assert accepted
    return socket


async def assert_refused(socket) -> None:
    message = await socket.receive_json_from(timeout=TIMEOUT)
    assert message["type"] == "error" and message["error"] == "too_many_sockets", message
    closed = await socket.receive_output(timeout=TIMEOUT)
    assert closed == {"type": "websocket.close", "code": 4429}


async def test_an_address_over_its_cap_is_closed_with_4429_and_a_closed_socket_frees_a_place():
    from asgiref.sync import sync_to_async

    game = await sync_to_async(lambda: make_game(make_user("alice"), make_user("bob")))()
    path = f"/ws/games/{game.public_id}/"
    served = []
    for _ in range(3):
        socket = await open_from(path, "192.0.2.1")
        await receive_state(socket)
        served.append(socket)
    await assert_refused(await open_from(path, "192.0.2.1"))
    other = await open_from(path, "192.0.2.2")  # another address is served meanwhile
    await receive_state(other)
    await served.pop().disconnect()
    again = await open_from(path, "192.0.2.1")
    await receive_state(again)
    for socket in [*served, other, again]:
        await socket.disconnect()


async def test_an_account_over_its_cap_is_closed_from_any_address():
    from asgiref.sync import sync_to_async

    def setup():
        alice = make_user("alice")
        game = make_game(alice, make_user("bob"))
        return game, account_services.api_token_create(user=alice, name="t")[1]

    game, token = await sync_to_async(setup)()
    path = f"/ws/games/{game.public_id}/"
    served = []
    for n in range(2):
        socket = await open_from(path, f"198.51.100.{n}", token)
        await receive_state(socket)
        served.append(socket)
    await assert_refused(await open_from(path, "198.51.100.9", token))
    for socket in served:
        await socket.disconnect()
