"""A built-in bot's greeting and "good game" are stored as words, so they are worded in the
language of the player they are said to: German for an account that chose German, English for
one that did not."""
import pytest

from accounts.models import Profile
from bots.models import Bot
from chat.models import ChatMessage
from games import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_bot_moves(monkeypatch):
    monkeypatch.setattr("bots.hooks.dispatch_bot_move", lambda game_id: True)


def said(game) -> list[str]:
    return list(ChatMessage.objects.filter(game=game).order_by("id").values_list("text", flat=True))


def play_and_resign(player, django_capture_on_commit_callbacks) -> list[str]:
    bot = Bot.objects.get(level=0).user
    with django_capture_on_commit_callbacks(execute=True):
        challenge = services.challenge_create(challenger=player, opponent=bot, color="white",
                                              days_per_move=None)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=challenge.game, user=player)
    return said(challenge.game)


def test_a_bot_greets_and_thanks_a_german_player_in_german(alice, django_capture_on_commit_callbacks):
    Profile.objects.filter(user=alice).update(language="de")
    alice.refresh_from_db()
    assert play_and_resign(alice, django_capture_on_commit_callbacks) == [
        "Hallo! Viel Glück und viel Spaß.", "Gut gespielt! Danke für die Partie."]


def test_a_bot_speaks_english_to_a_player_who_chose_no_language(bob, django_capture_on_commit_callbacks):
    assert play_and_resign(bob, django_capture_on_commit_callbacks) == [
        "Hello! Good luck and have fun.", "Good game! Thank you for playing."]
