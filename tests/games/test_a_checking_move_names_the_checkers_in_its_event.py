"""The move event carries the checking pieces of the new position (the game page no longer
reads the game again after a move, yet still draws the check line)."""
import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import services
from games.events import game_group
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db

# White: king Aa1, rook Ab5; Black: king Ea5. Ab5-Aa5 checks along the a5 column of levels.
FEN = "k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|1R3/5/5/5/K4 w 0 1"


def test_a_checking_move_names_the_checkers_in_its_event_and_its_answer(
        alice, bob, django_capture_on_commit_callbacks, monkeypatch):
    monkeypatch.setattr("bots.hooks.request_bot_move_if_needed", lambda game_id, player_id=None: None)
    game = make_game(alice, bob, fen=FEN)
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(game_group(game.pk), channel)
    with django_capture_on_commit_callbacks(execute=True):
        played = services.game_play_move(game=game, user=alice, move="ab5-AA5", ply=0)
    message = async_to_sync(layer.receive)(channel)
    assert message["event"] == "move" and message["data"]["san"].endswith("+")
    assert message["data"]["checkers"] == ["Aa5"]
    assert played.checkers == ["Aa5"]
