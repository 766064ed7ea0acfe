"""A bot says a short greeting in the players' room when a game with it starts, and "good
game" when it ends; both only once the game's change is committed."""
import pytest

from bots.models import Bot
from chat import receivers
from chat.models import ChatMessage
from games import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_bot_moves(monkeypatch):
    monkeypatch.setattr("bots.hooks.dispatch_bot_move", lambda game_id: True)


def lines(game) -> list[tuple[str, str, str]]:
    return list(ChatMessage.objects.filter(game=game).order_by("id")
                .values_list("room", "author__username", "text"))


def test_a_bot_greets_at_the_start_and_says_good_game_at_the_end(
        alice, django_capture_on_commit_callbacks):
    bot = Bot.objects.get(level=0).user
    with django_capture_on_commit_callbacks(execute=True):
        challenge = services.challenge_create(challenger=alice, opponent=bot, color="white",
                                              days_per_move=None)
    game = challenge.game
    assert lines(game) == [("players", bot.username, receivers.BOT_GREETING)]
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, user=alice)
    assert lines(game)[-1] == ("players", bot.username, receivers.BOT_GOOD_GAME)
    assert len(lines(game)) == 2


def test_nothing_is_said_before_the_commit_nor_for_a_rolled_back_ending(
        alice, django_capture_on_commit_callbacks):
    bot = Bot.objects.get(level=0).user
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        challenge = services.challenge_create(challenger=alice, opponent=bot, color="white",
                                              days_per_move=None)
    assert lines(challenge.game) == [] and callbacks  # the greeting waits for the commit
    for callback in callbacks:
        callback()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.game_resign(game=challenge.game, user=alice)
    assert len(lines(challenge.game)) == 1  # "good game" not yet


def test_humans_do_not_get_automatic_lines(game, alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, user=alice)
    assert lines(game) == []
