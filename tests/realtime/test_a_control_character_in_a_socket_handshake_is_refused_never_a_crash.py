"""Issue 38, finding 5, on the sockets: a NUL in a handshake's path, query or session cookie is
refused or ignored, never a crash (PostgreSQL refuses NUL in a lookup). Run on PostgreSQL
(DATABASE_URL) for the finding's sake; it holds on SQLite too."""
from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.realtime.sockets import MEMORY_LAYER, TIMEOUT, communicator, receive_state
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def memory_layer(settings):
    settings.CHANNEL_LAYERS = MEMORY_LAYER


async def test_a_nul_in_the_session_cookie_is_ignored():
    game = await sync_to_async(lambda: make_game(make_user("alice"), make_user("bob")))()
    socket = communicator(f"/ws/games/{game.public_id}/", cookie=b"sessionid=abcdefgh\x00ijkl")
    accepted, _ = await socket.connect(timeout=TIMEOUT)
    assert accepted
    state = await receive_state(socket)  # served as a visitor: the cookie was not read
    assert state["id"] == game.public_id and state.get("your_color") is None
    await socket.disconnect()


@pytest.mark.parametrize("path,code", [("/ws/games/a\x00b/", 4404),
                                       ("/ws/games/{id}/?since=%00", 4400)])
async def test_a_nul_in_the_path_or_query_is_refused_with_its_code(path, code):
    game = await sync_to_async(lambda: make_game(make_user("alice"), make_user("bob")))()
    socket = communicator(path.format(id=game.public_id))
    accepted, _ = await socket.connect(timeout=TIMEOUT)
    assert accepted
    assert (await socket.receive_json_from(timeout=TIMEOUT))["type"] == "error"
    assert await socket.receive_output(timeout=TIMEOUT) == {"type": "websocket.close",
                                                            "code": code}
