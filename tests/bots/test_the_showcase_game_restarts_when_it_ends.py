"""The home page's showcase: a bot-v-bot game that starts again (colours swapped) as soon as it
ends, heard through games.signals.game_ending; other games ending start nothing.

The bots' moves themselves are not played here (tests/bots covers them): the request for the
first move is recorded instead, so no search thread outlives a test's database."""
import pytest

from bots import hooks
from bots.models import Showcase
from bots.showcase import showcase_ensure, showcase_game
from games import services
from games.models import Game
from tests.bots.conftest import bot_user
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def move_requests(settings, monkeypatch) -> list[int]:
    settings.SHOWCASE_ENABLED = True
    settings.SHOWCASE_LEVELS = (4, 3)
    requested: list[int] = []
    monkeypatch.setattr(hooks, "request_bot_move_if_needed",
                        lambda game_id, **kwargs: requested.append(game_id))
    return requested


def test_the_showcase_starts_once_and_restarts_when_it_ends(move_requests):
    first = showcase_ensure()
    assert (first.white, first.black, first.rated) == (bot_user(4), bot_user(3), False)
    assert move_requests == [first.pk]  # the bot to move is asked to move after commit
    assert showcase_ensure() == first  # already running: not a second one
    services.game_resign(game=first, user=bot_user(3))
    following = showcase_game()
    assert following is not None and following.pk != first.pk
    assert following.status == "active"
    assert (following.white, following.black) == (bot_user(3), bot_user(4))  # colours swapped
    assert move_requests == [first.pk, following.pk]
    assert Game.objects.filter(status="active").count() == 1


def test_an_aborted_showcase_restarts_too(move_requests):
    first = showcase_ensure()
    services.game_abort(game=first, user=bot_user(3))
    assert showcase_game().status == "active" and showcase_game().pk != first.pk


def test_an_ordinary_bot_game_ending_starts_no_showcase(move_requests):
    game = make_game(bot_user(1), bot_user(0))
    showcase_ensure()
    count = Game.objects.count()
    services.game_resign(game=game, user=bot_user(0))
    assert Game.objects.count() == count
    assert Showcase.objects.get().game_id != game.pk


def test_a_disabled_showcase_does_not_start(move_requests, settings):
    settings.SHOWCASE_ENABLED = False
    assert showcase_ensure() is None
    assert not Game.objects.exists() and not Showcase.objects.exists()
