"""Ratings are kept per game and speed, as lichess keeps them: a rated blitz game changes both
players' blitz rating in that game and nothing else; the correspondence rating (every rating
from before live games) and the other speeds stay as they were."""
import pytest
from django.utils import timezone

from games import services
from ratings import selectors
from ratings.models import Rating, RatingChange
from tests.clocks.helpers import live_game, move_at

pytestmark = pytest.mark.django_db


def test_a_blitz_win_moves_the_blitz_ratings_only(alice, bob):
    Rating.objects.create(user=alice, variant="raumschach", rating=1700.0)  # correspondence
    game = live_game(alice, bob, limit=180, increment=2, rated=True)
    assert game.speed == "blitz"
    move_at(game, "Bb2Cb2", timezone.now())
    services.game_resign(game=game, user=bob)
    blitz = {row.user_id: row for row in Rating.objects.filter(speed="blitz")}
    assert blitz[alice.pk].rating > 1500 > blitz[bob.pk].rating
    assert (blitz[alice.pk].variant, blitz[alice.pk].games_rated) == ("raumschach", 1)
    assert Rating.objects.get(user=alice, speed="correspondence").rating == 1700.0
    assert not Rating.objects.filter(user=bob, speed="correspondence").exists()
    assert RatingChange.objects.filter(game=game).count() == 2
    assert selectors.rating_of(user_id=alice.pk, variant="raumschach",
                               speed="blitz").rating == round(blitz[alice.pk].rating)
    assert selectors.rating_of(user_id=alice.pk, variant="raumschach").rating == 1700


def test_a_correspondence_game_still_moves_the_correspondence_rating(alice, bob):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=3, rated=True)
    game = services.challenge_accept(challenge=challenge, user=bob)
    services.game_resign(game=game, user=alice)
    assert set(Rating.objects.values_list("speed", flat=True)) == {"correspondence"}
