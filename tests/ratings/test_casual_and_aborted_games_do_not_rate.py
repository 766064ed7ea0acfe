"""Casual games and aborted games never change a rating."""
import pytest

from games import services
from ratings.models import Rating, RatingChange
from tests.ratings.helpers import rate_by_challenge, rated_game
from tests.site_fixtures import play

pytestmark = pytest.mark.django_db


def test_a_casual_game_does_not_rate(alice, bob):
    game = rate_by_challenge(alice, bob, rated=False)
    assert game.rated is False
    services.game_resign(game=game, user=bob)
    assert not RatingChange.objects.exists()
    assert not Rating.objects.filter(games_rated__gt=0).exists()


def test_an_aborted_rated_game_does_not_rate(alice, bob):
    game = rated_game(alice, bob)
    play(game, "Bb2Cb2")
    services.game_abort(game=game, user=bob)
    assert game.status == "aborted"
    assert not RatingChange.objects.exists()


def test_a_game_aborted_by_the_clock_does_not_rate(alice, bob):
    from datetime import timedelta

    from django.utils import timezone

    game = rated_game(alice, bob, days_per_move=1,
                      deadline=timezone.now() - timedelta(minutes=1))
    assert services.game_expire_if_due(game=game)
    assert game.status == "aborted"
    assert not RatingChange.objects.exists()
