"""A player who mutes the other side no longer reads the opponent's lines (REST and socket);
the opponent still reads theirs, and unmuting brings the lines back."""
import pytest

from tests.realtime.sockets import assert_silent, connected, db, receive, receive_state
from tests.site_fixtures import assert_error, token_client

pytestmark = pytest.mark.django_db


def texts(client, game) -> list[str]:
    return [m["text"] for m in client.get(f"/api/v1/games/{game.public_id}/chat/").json()["messages"]]


def mute(client, game, muted: bool):
    return client.post(f"/api/v1/games/{game.public_id}/chat/mute/", {"muted": muted}, format="json")


def test_a_muting_player_reads_only_their_own_lines(game, as_alice, as_bob):
    as_alice.post(f"/api/v1/games/{game.public_id}/chat/", {"text": "hi bob"}, format="json")
    as_bob.post(f"/api/v1/games/{game.public_id}/chat/", {"text": "you will lose"}, format="json")
    assert mute(as_alice, game, True).json() == {"muted": True}
    body = as_alice.get(f"/api/v1/games/{game.public_id}/chat/").json()
    assert body["muted"] is True and [m["text"] for m in body["messages"]] == ["hi bob"]
    assert texts(as_bob, game) == ["hi bob", "you will lose"]
    assert mute(as_alice, game, False).json() == {"muted": False}
    assert texts(as_alice, game) == ["hi bob", "you will lose"]


def test_muting_twice_is_harmless_and_a_spectator_cannot_mute(game, as_alice, as_carol):
    assert mute(as_alice, game, True).status_code == 200
    assert mute(as_alice, game, True).status_code == 200
    assert_error(mute(as_carol, game, True), 403, "not_a_player")


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("layer")
async def test_a_muted_opponents_line_is_not_pushed(game, alice, bob):
    await db(lambda: mute(token_client(alice), game, True))()
    alice_socket = await connected(f"/ws/games/{game.public_id}/", user=alice)
    bob_socket = await connected(f"/ws/games/{game.public_id}/", user=bob)
    for socket in (alice_socket, bob_socket):
        await receive_state(socket)
    await bob_socket.send_json_to({"type": "chat", "text": "you will lose"})
    assert (await receive(bob_socket))["text"] == "you will lose"
    await assert_silent(alice_socket)
    await alice_socket.send_json_to({"type": "chat", "text": "la la la"})
    assert (await receive(alice_socket))["text"] == "la la la"
    assert (await receive(bob_socket))["text"] == "la la la"
    for socket in (alice_socket, bob_socket):
        await socket.disconnect()
