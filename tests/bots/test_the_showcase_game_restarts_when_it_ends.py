"""The home page's showcase: a bot-v-bot game that starts again (colours swapped) as soon as it
ends, heard through games.signals.game_ending; other games ending start nothing."""
import pytest

from bots import runner
from bots.models import Showcase
from bots.showcase import showcase_ensure, showcase_game
from games import services
from games.models import Game
from tests.bots.conftest import bot_user
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 60  # seconds; bounds a failure only


@pytest.fixture(autouse=True)
def fast_showcase(settings):
    # The quick levels: the bots' own moves run for real in the in-process runner.
    settings.SHOWCASE_ENABLED = True
    settings.SHOWCASE_LEVELS = (1, 0)
    settings.BOTS_RUN_IN_PROCESS = True
    yield
    settings.SHOWCASE_ENABLED = False  # stop the channel: end what runs without a successor
    for game in Game.objects.filter(status="active"):
        services.game_abort(game=game, user=game.white) if game.ply < 2 else \
            services.game_resign(game=game, user=game.white)
    assert runner.wait_until_idle(WAIT)


def test_the_showcase_starts_once_and_restarts_when_it_ends():
    first = showcase_ensure()
    assert (first.white, first.black, first.rated) == (bot_user(1), bot_user(0), False)
    assert showcase_ensure() == first  # already running: not a second one
    services.game_resign(game=first, user=bot_user(0))
    following = showcase_game()
    assert following is not None and following.pk != first.pk
    assert following.status == "active"
    assert (following.white, following.black) == (bot_user(0), bot_user(1))  # colours swapped
    assert Game.objects.filter(status="active").count() == 1


def test_an_ordinary_bot_game_ending_starts_no_showcase():
    game = make_game(bot_user(1), bot_user(0))
    showcase_ensure()
    count = Game.objects.count()
    services.game_resign(game=game, user=bot_user(0))
    assert Game.objects.count() == count
    assert Showcase.objects.get().game_id != game.pk


def test_a_disabled_showcase_does_not_start(settings):
    settings.SHOWCASE_ENABLED = False
    assert showcase_ensure() is None
    assert not Game.objects.exists()
