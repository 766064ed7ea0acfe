"""Open game pages learn of a vacation at once: starting and ending it announces the clock on
the game's group, and a move into a paused game says the clock stands still."""
import pytest

from games import services
from games.events import game_group
from tests.games.test_events_published import listen, receive
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db


def test_the_clock_event_follows_the_vacation(alice, bob, django_capture_on_commit_callbacks):
    game = play(make_game(alice, bob, days_per_move=3), "Bb2Bb3", "Db4Db3")  # alice to move
    channel = listen(game_group(game.pk))
    with django_capture_on_commit_callbacks(execute=True):
        services.vacation_start(user=alice)
    event = receive(channel)
    assert (event["event"], event["data"]["clock_paused"], event["data"]["deadline"]) == (
        "clock", True, None)
    with django_capture_on_commit_callbacks(execute=True):
        services.vacation_end(user_id=alice.pk)
    event = receive(channel)
    assert event["event"] == "clock" and event["data"]["clock_paused"] is False
    assert event["data"]["deadline"]


def test_a_move_into_a_paused_clock_says_so(alice, bob, django_capture_on_commit_callbacks):
    game = play(make_game(alice, bob, days_per_move=3), "Bb2Bb3")  # bob to move
    services.vacation_start(user=alice)
    channel = listen(game_group(game.pk))
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=bob, move="Db4Db3", ply=1)
    event = receive(channel)
    assert event["event"] == "move"
    assert (event["data"]["clock_paused"], event["data"]["deadline"]) == (True, None)
