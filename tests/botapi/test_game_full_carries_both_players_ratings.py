"""gameFull and gameStart name each player's rating, as lichess clients display it."""
import pytest
from django.utils import timezone

from botapi import selectors
from ratings.models import Rating
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db


def test_game_full_carries_both_players_ratings_and_the_provisional_mark():
    ann, ben = make_user("ann"), make_user("ben")
    Rating.objects.create(user=ann, rating=1712.4, rd=60.0, rated_at=timezone.now())
    game = make_game(ann, ben)
    full = selectors.game_full_json(game)
    assert (full["white"]["rating"], full["white"]["provisional"]) == (1712, False)
    assert (full["black"]["rating"], full["black"]["provisional"]) == (1500, True)
    assert selectors.event_game_json(game, ben)["opponent"]["rating"] == 1712
