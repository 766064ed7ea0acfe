"""The players' room and the spectators' room of a game are separate both ways, over REST and
over the game socket: nobody reads (or writes) the other side's lines."""
import pytest

from chat.models import ChatMessage
from tests.realtime.sockets import assert_silent, connected, db, receive, receive_state
from tests.site_fixtures import assert_error, make_user, token_client

pytestmark = pytest.mark.django_db


def chat_url(game, room: str | None = None) -> str:
    return f"/api/v1/games/{game.public_id}/chat/" + (f"?room={room}" if room else "")


def say(client, game, text: str, room: str | None = None):
    return client.post(chat_url(game, room), {"text": text}, format="json")


def test_a_player_reads_only_the_players_room(game, as_alice, as_bob, as_carol,
                                              django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        assert say(as_bob, game, "good luck").status_code == 201
        assert say(as_carol, game, "white is lost").status_code == 201
    body = as_alice.get(chat_url(game)).json()
    assert body["room"] == "players"
    assert [(m["author"], m["text"]) for m in body["messages"]] == [("bob", "good luck")]


def test_a_spectator_reads_only_the_spectators_room(game, as_bob, as_carol):
    say(as_bob, game, "good luck")
    say(as_carol, game, "white is lost")
    body = as_carol.get(chat_url(game)).json()
    assert body["room"] == "spectators"
    assert [(m["author"], m["text"]) for m in body["messages"]] == [("carol", "white is lost")]


def test_a_spectator_asking_for_the_players_room_is_refused(game, as_bob, as_carol):
    say(as_bob, game, "secret plan")
    assert_error(as_carol.get(chat_url(game, "players")), 403, "not_a_player")
    assert_error(say(as_carol, game, "let me in", "players"), 403, "not_a_player")
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["secret plan"]


def test_a_player_asking_for_the_spectators_room_is_refused(game, as_alice, as_carol):
    say(as_carol, game, "white is lost")
    assert_error(as_alice.get(chat_url(game, "spectators")), 403, "spectators_only")
    assert_error(say(as_alice, game, "I can hear you", "spectators"), 403, "spectators_only")
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["white is lost"]


def test_an_unknown_room_is_a_400_and_a_missing_game_a_404(game, as_alice):
    assert_error(as_alice.get(chat_url(game, "lobby")), 400, "invalid")
    assert_error(as_alice.get("/api/v1/games/999999/chat/"), 404, "not_found")


def test_reading_the_chat_needs_a_login(game, anon):
    assert anon.get(chat_url(game)).status_code == 401


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("layer")
async def test_over_the_socket_each_room_reaches_only_its_own_side(game, alice, bob, carol):
    dave = await db(make_user)("dave")
    sockets = {}
    for user in (alice, bob, carol, dave):
        sockets[user.username] = await connected(f"/ws/games/{game.public_id}/", user=user)
        await receive_state(sockets[user.username])

    await sockets["bob"].send_json_to({"type": "chat", "text": "good luck"})
    for name in ("alice", "bob"):
        line = await receive(sockets[name])
        assert (line["type"], line["room"], line["author"], line["text"]) == (
            "chat", "players", "bob", "good luck")
    for name in ("carol", "dave"):
        await assert_silent(sockets[name])

    await sockets["carol"].send_json_to({"type": "chat", "text": "white is lost"})
    for name in ("carol", "dave"):
        line = await receive(sockets[name])
        assert (line["room"], line["author"], line["text"]) == (
            "spectators", "carol", "white is lost")
    for name in ("alice", "bob"):
        await assert_silent(sockets[name])

    # Naming the other side's room over the socket is refused like over REST.
    await sockets["carol"].send_json_to({"type": "chat", "text": "psst", "room": "players"})
    assert (await receive(sockets["carol"]))["error"] == "not_a_player"
    for name in ("alice", "bob", "dave"):
        await assert_silent(sockets[name])
    for socket in sockets.values():
        await socket.disconnect()


def test_a_spectator_token_client_cannot_post_as_a_player_of_another_game(alice, bob, carol):
    from tests.site_fixtures import make_game
    other = make_game(carol, bob)
    assert_error(say(token_client(alice), other, "hi", "players"), 403, "not_a_player")
