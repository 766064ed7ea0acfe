"""Who may open a socket: browsers by session cookie from an allowed origin, API clients by
token header; anonymous clients may watch a game read-only (issue 29 item 2) but get no
notifications, foreign origins never get in."""
import pytest

from accounts import services as account_services
from chat import services as chat_services
from games import services as game_services
from tests.realtime.sockets import (assert_closed_with, assert_silent, communicator, connected,
                                    db, receive, receive_state, session_cookie)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


def new_token(user) -> str:
    return account_services.api_token_create(user=user, name="socket")[1]


async def test_an_anonymous_notifications_client_is_told_to_log_in_and_closed_with_4401(game):
    socket = await connected("/ws/notifications/")
    message = await receive(socket)
    assert (message["type"], message["error"]) == ("error", "not_authenticated")
    await assert_closed_with(socket, 4401)


async def test_an_anonymous_visitor_watches_live_but_may_not_move_or_chat(game, alice, carol):
    socket = await connected(f"/ws/games/{game.public_id}/")
    state = await receive_state(socket)
    assert (state["status"], state["your_color"]) == ("active", None)
    await db(chat_services.chat_post)(game=game, user=carol, text="nice opening")
    await db(game_services.game_play_move)(game=game, user=alice, move="Bb2Cb2", ply=0)
    message = await receive(socket)
    assert (message["type"], message["ply"]) == ("move", 1)  # the chat line never came
    await socket.send_json_to({"type": "move", "move": "Db4Cb4", "ply": 1})
    assert (await receive(socket))["error"] == "not_authenticated"
    await socket.send_json_to({"type": "chat", "text": "hi"})
    assert (await receive(socket))["error"] == "not_authenticated"
    await assert_silent(socket)
    await socket.disconnect()


async def test_the_session_cookie_identifies_a_browser(game, bob):
    socket = await connected(f"/ws/games/{game.public_id}/", user=bob)
    assert (await receive_state(socket))["your_color"] == "black"
    await socket.disconnect()


async def test_a_token_header_identifies_an_api_client_even_without_an_origin(game, alice):
    token = await db(new_token)(alice)
    socket = await connected(f"/ws/games/{game.public_id}/", token=token, origin=None)
    assert (await receive_state(socket))["your_color"] == "white"
    await socket.disconnect()


async def test_a_token_wins_over_a_session_cookie(game, alice, bob):
    token = await db(new_token)(alice)
    cookie = await db(session_cookie)(bob)
    socket = communicator(f"/ws/games/{game.public_id}/", cookie=cookie, token=token)
    assert (await socket.connect())[0]
    assert (await receive_state(socket))["your_color"] == "white"
    await socket.disconnect()


@pytest.mark.parametrize("header", ["Token not-a-real-token", "Token", "Bearer abc", "Token a b"])
async def test_a_bad_token_header_is_refused_with_a_reason(game, alice, header):
    socket = communicator(f"/ws/games/{game.public_id}/", origin=None)
    socket.scope["headers"].append((b"authorization", header.encode()))
    assert (await socket.connect())[0]
    message = await receive(socket)
    assert (message["error"], "token" in message["detail"]) == ("not_authenticated", True)
    await assert_closed_with(socket, 4401)


async def test_a_revoked_token_no_longer_opens_a_socket(game, alice):
    token, raw = await db(account_services.api_token_create)(user=alice, name="gone")
    await db(account_services.api_token_revoke)(user=alice, token_id=token.pk)
    socket = await connected(f"/ws/games/{game.public_id}/", token=raw, origin=None)
    assert (await receive(socket))["error"] == "not_authenticated"
    await assert_closed_with(socket, 4401)


@pytest.mark.parametrize("origin", [b"http://evil.example", b"https://testserver.evil.example",
                                    b"null"])
@pytest.mark.parametrize("path", ["/ws/games/{id}/", "/ws/notifications/"])
async def test_a_foreign_origin_is_refused_at_the_handshake_even_with_a_session(
        game, alice, origin, path):
    cookie = await db(session_cookie)(alice)
    socket = communicator(path.format(id=game.public_id), cookie=cookie, origin=origin)
    accepted, _ = await socket.connect()
    assert not accepted


async def test_a_foreign_origin_is_refused_even_with_a_token(game, alice):
    token = await db(new_token)(alice)
    socket = communicator(f"/ws/games/{game.public_id}/", token=token, origin=b"http://evil.example")
    assert not (await socket.connect())[0]


async def test_a_cookie_without_an_origin_is_refused(game, alice):
    """Every browser sends Origin; a handshake with a cookie and no Origin is not trusted."""
    cookie = await db(session_cookie)(alice)
    socket = communicator(f"/ws/games/{game.public_id}/", cookie=cookie, origin=None)
    assert not (await socket.connect())[0]
