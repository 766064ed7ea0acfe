"""Above RD 110 a rating is provisional and shown as "1500?"; a deviation grows back while the
player has no rated game (Glicko-2's inactivity rule over lichess-style time periods)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from ratings import selectors
from ratings.models import Rating
from ratings.periods import rd_after_inactivity

pytestmark = pytest.mark.django_db


def test_a_new_player_is_provisional(alice):
    view = selectors.rating_of(user_id=alice.pk)
    assert (view.rating, view.rd, view.provisional, view.shown) == (1500, 350, True, "1500?")
    assert not Rating.objects.filter(user=alice).exists()  # reading does not write a row


def test_a_narrow_deviation_is_not_provisional(alice):
    Rating.objects.create(user=alice, rating=1712.4, rd=60, rated_at=timezone.now())
    view = selectors.rating_of(user_id=alice.pk)
    assert (view.provisional, view.shown) == (False, "1712")


def test_inactivity_widens_the_deviation_until_the_rating_is_provisional_again(alice):
    Rating.objects.create(user=alice, rating=1800, rd=100,
                          rated_at=timezone.now() - timedelta(days=1000))
    view = selectors.rating_of(user_id=alice.pk)
    assert view.rating == 1800
    assert view.rd > 110 and view.provisional


def test_the_deviation_never_grows_beyond_the_starting_one():
    now = timezone.now()
    assert rd_after_inactivity(rd=300, volatility=0.06, since=now - timedelta(days=10**5),
                               now=now) == 350
    assert rd_after_inactivity(rd=80, volatility=0.06, since=now, now=now) == 80
