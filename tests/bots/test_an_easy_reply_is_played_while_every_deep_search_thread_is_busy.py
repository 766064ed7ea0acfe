"""Embedded mode (no broker), fair share (issue 38): the deep levels' searches have their own
threads (`bots_deep`), so with every one of them busy - say, one account's Master games - an
Easy bot still answers at once in the `bots` threads. Before, one pool served every level and
the Easy reply waited for a Master search to end."""
import threading

import pytest

from bots.models import Bot
from core import background
from games import services
from games.models import Game
from tests.bots.workers import wait_until
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db(transaction=True)

REPLY_TIMEOUT = 30  # seconds; an Easy reply takes well under one, this only bounds a failure


@pytest.fixture(autouse=True)
def embedded_mode(settings):
    settings.BACKGROUND_IN_PROCESS = True
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def deep_threads_busy():
    """Every thread of the deep lane held until the test ends (as long searches would)."""
    release = threading.Event()
    pool = background.executor("bots_deep")
    held = [pool.submit(release.wait, REPLY_TIMEOUT * 2) for _ in range(pool._max_workers)]
    yield
    release.set()
    for future in held:
        future.result()
    assert background.wait_until_idle(REPLY_TIMEOUT)


def test_the_easy_bot_answers_while_the_deep_lane_is_full(deep_threads_busy):
    alice, easy = make_user("alice"), Bot.objects.get(level=1).user
    challenge = services.challenge_create(challenger=alice, opponent=easy, color="white",
                                          days_per_move=None)
    game = Game.objects.get(pk=challenge.game_id)
    services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    assert wait_until(lambda: Game.objects.get(pk=game.pk).ply == 2, timeout=REPLY_TIMEOUT)
