"""After a move commits, the game's channel group hears it and the player to move is told."""
import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import services
from games.positions import legal_move_coords
from games.events import game_group, user_group

pytestmark = pytest.mark.django_db

RAUMSCHACH = {"key": "raumschach", "name": "Raumschach"}


def listen(group: str) -> str:
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(group, channel)
    return channel


def receive(channel: str) -> dict:
    return async_to_sync(get_channel_layer().receive)(channel)


def test_a_move_is_published_to_the_game_group_and_the_next_player(
        game, alice, bob, django_capture_on_commit_callbacks, monkeypatch):
    monkeypatch.setattr("bots.hooks.request_bot_move_if_needed", lambda game_id, player_id=None: None)
    game_channel = listen(game_group(game.pk))
    bob_channel = listen(user_group(bob.pk))
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    game.refresh_from_db()
    message = receive(game_channel)
    assert message["type"] == "game.event" and message["event"] == "move"
    assert message["data"] == {"game": game.public_id, "variant": RAUMSCHACH, "ply": 1,
                               "move": "Bb2Cb2", "san": "Bb2-Cb2",
                               "fen": game.fen, "turn": "black", "deadline": None,
                               "legal_moves": legal_move_coords(game), "checkers": [],
                               "clock_paused": False, "clock": None}
    note = receive(bob_channel)
    assert (note["type"], note["event"], note["data"]["game"]) == (
        "user.notification", "your_turn", game.public_id)


def test_a_resignation_publishes_the_end(game, alice, django_capture_on_commit_callbacks):
    game_channel = listen(game_group(game.pk))
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, user=alice)
    message = receive(game_channel)
    assert message["event"] == "end"
    assert message["data"] == {"game": game.public_id, "variant": RAUMSCHACH, "result": "0-1",
                               "termination": "resign", "clock": None}
