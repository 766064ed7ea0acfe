"""The daily cap of rated games against one bot is counted per game (each has its own rating)
and on finished games only: games of other games, running games and aborted games leave a
newcomer's next rated game rated."""
import pytest

from games import services
from games.errors import Conflict
from games.models import Game
from games.selectors import rated_games_against_bot_today
from tests.bots.conftest import bot_user

pytestmark = pytest.mark.django_db


def start(user, bot, variant: str = "raumschach", **kwargs) -> Game:
    return services.challenge_create(challenger=user, opponent=bot, color="white",
                                     days_per_move=None, variant=variant, **kwargs).game


def test_finished_games_of_other_games_do_not_count(alice, settings):
    settings.RATED_GAMES_PER_BOT_PER_DAY = 1
    bot = bot_user(0)
    for variant in ("raumschach", "fiveup", "hexraumschach"):
        game = start(alice, bot, variant)
        assert game.rated
        services.game_resign(game=game, user=alice)
    assert start(alice, bot, "startrek").rated
    assert rated_games_against_bot_today(user=alice, bot=bot, variant="raumschach") == 1
    assert rated_games_against_bot_today(user=alice, bot=bot, variant="startrek") == 0


def test_running_and_aborted_games_do_not_count(alice, settings):
    settings.RATED_GAMES_PER_BOT_PER_DAY = 1
    bot = bot_user(0)
    aborted = start(alice, bot)
    services.game_abort(game=aborted, user=alice)
    running = start(alice, bot)
    assert running.rated and running.status == Game.Status.ACTIVE
    assert rated_games_against_bot_today(user=alice, bot=bot, variant="raumschach") == 0
    assert start(alice, bot).rated  # the fourth game of the day, still rated


def test_a_finished_game_of_the_same_game_counts(alice, settings):
    settings.RATED_GAMES_PER_BOT_PER_DAY = 1
    bot = bot_user(0)
    services.game_resign(game=start(alice, bot, "fiveup"), user=alice)
    assert not start(alice, bot, "fiveup").rated  # casual by default
    with pytest.raises(Conflict) as caught:
        start(alice, bot, "fiveup", rated=True)
    assert caught.value.code == "bot_rating_cap" and "Five Up" in caught.value.detail
