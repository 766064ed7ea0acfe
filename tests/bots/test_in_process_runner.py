"""Without REDIS_URL (the embedded default, SQLite) bot moves are computed in a background
thread of the server process: a human's move is answered by the bot on its own."""
import logging
from unittest import mock

import pytest

from bots import runner
from bots.models import Bot
from core import background
from games import services
from games.models import Game, Move
from tests.site_fixtures import make_user

# Committed data; tests/bots/conftest.py re-creates the bot accounts a flush removed.
pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 60  # seconds; an Easy reply takes well under one on this machine


@pytest.fixture(autouse=True)
def in_process_bots(settings):
    settings.BACKGROUND_IN_PROCESS = True
    yield
    assert background.wait_until_idle(WAIT), "a bot job was still running after the test"


def test_a_human_move_is_answered_by_the_bot_in_a_background_thread():
    alice = make_user("alice")
    bot = Bot.objects.get(level=1).user
    challenge = services.challenge_create(challenger=alice, opponent=bot, color="white",
                                          days_per_move=None)
    game = Game.objects.get(pk=challenge.game_id)
    services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    assert background.wait_until_idle(WAIT)
    game.refresh_from_db()
    assert game.ply == 2 and game.turn == "white"
    assert Move.objects.filter(game=game).count() == 2


def test_a_bot_playing_white_moves_as_soon_as_the_challenge_is_accepted():
    alice = make_user("alice")
    bot = Bot.objects.get(level=0).user
    challenge = services.challenge_create(challenger=alice, opponent=bot, color="black",
                                          days_per_move=None)
    assert background.wait_until_idle(WAIT)
    game = Game.objects.get(pk=challenge.game_id)
    assert game.white_id == bot.pk and game.ply == 1


def test_a_failing_bot_job_is_logged_and_the_pool_keeps_working(caplog):
    alice = make_user("alice")
    bot = Bot.objects.get(level=1).user
    game = Game.objects.create(white=bot, black=alice)
    with mock.patch("bots.services.choose_move", side_effect=RuntimeError("engine bug")), \
            caplog.at_level(logging.ERROR, logger="bots.runner"):
        runner.start_bot_move(game.pk).result(WAIT)
    assert f"bot move for game {game.pk} failed" in caplog.text
    assert "engine bug" in caplog.text
    runner.start_bot_move(game.pk).result(WAIT)
    game.refresh_from_db()
    assert game.ply == 1
