"""A person may finish RATED_GAMES_PER_BOT_PER_DAY rated games a day against one bot (in each
game: tests/ratings/test_the_bot_rating_cap_counts_finished_games_of_each_game.py); after that
games against it are casual by default and an explicit rated request is refused."""
import pytest

from games import services
from games.errors import Conflict
from games.models import Challenge, Game
from tests.bots.conftest import bot_user

pytestmark = pytest.mark.django_db


def challenge_bot(user, bot, **kwargs) -> Challenge:
    return services.challenge_create(challenger=user, opponent=bot, color="white",
                                     days_per_move=None, **kwargs)


def finished(game: Game) -> Game:
    services.game_resign(game=game, user=game.white)
    return game


def test_rated_games_against_one_bot_stop_at_the_daily_cap(alice, settings):
    settings.RATED_GAMES_PER_BOT_PER_DAY = 2
    bot = bot_user(0)
    games = [finished(challenge_bot(alice, bot).game) for _ in range(3)]
    assert [g.rated for g in games] == [True, True, False]
    count = Challenge.objects.count()
    with pytest.raises(Conflict) as caught:
        challenge_bot(alice, bot, rated=True)
    assert caught.value.code == "bot_rating_cap"
    assert Challenge.objects.count() == count


def test_the_cap_is_per_bot(alice, settings):
    settings.RATED_GAMES_PER_BOT_PER_DAY = 1
    assert finished(challenge_bot(alice, bot_user(0)).game).rated
    assert challenge_bot(alice, bot_user(1)).game.rated


def test_the_cap_counts_only_the_last_24_hours(alice, settings):
    from datetime import timedelta

    from django.utils import timezone

    settings.RATED_GAMES_PER_BOT_PER_DAY = 1
    bot = bot_user(0)
    old = finished(challenge_bot(alice, bot).game)
    Game.objects.filter(pk=old.pk).update(ended_at=timezone.now() - timedelta(hours=25))
    assert challenge_bot(alice, bot).game.rated


def test_a_rated_bot_game_rates_the_bot_too(alice):
    from ratings.models import Rating

    bot_before = Rating.objects.get(user=bot_user(0), variant="raumschach").rating  # its measured start (bots.calibration)
    game = challenge_bot(alice, bot_user(0)).game
    services.game_resign(game=game, user=alice)
    assert Rating.objects.get(user=bot_user(0), variant="raumschach").rating > bot_before
    assert Rating.objects.get(user=alice).rating < 1500
