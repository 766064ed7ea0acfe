"""The leaderboard (API and page): non-provisional players with a rated game in the last 30
days, best first, bots marked."""
from datetime import timedelta

import pytest
from django.utils import timezone

from ratings.models import Rating
from tests.bots.conftest import bot_user
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_starting_ratings():
    # These tests are about whom the leaderboard lists and in what order; the bots' measured
    # starting ratings (bots.calibration, seeded after migrate) are tested on their own in
    # test_a_fresh_install_lists_its_bots_at_their_measured_ratings.py.
    Rating.objects.filter(games_rated=0, user__bot__isnull=False).delete()


def settled(user, rating, *, days_ago=1, rd=60):
    Rating.objects.create(user=user, rating=rating, rd=rd, games_rated=20,
                          rated_at=timezone.now() - timedelta(days=days_ago))


def test_the_leaderboard_lists_settled_active_players_best_first(anon):
    settled(make_user("strong"), 1900)
    settled(make_user("steady"), 1700)
    settled(bot_user(3), 1800)
    settled(make_user("newcomer"), 2300, rd=200)  # provisional
    settled(make_user("retired"), 2100, days_ago=45)  # not active in 30 days
    rows = anon.get("/api/v1/leaderboard/").json()
    assert [(r["rank"], r["username"], r["rating"]) for r in rows] == [
        (1, "strong", 1900), (2, bot_user(3).username, 1800), (3, "steady", 1700)]
    assert [r["is_bot"] for r in rows] == [False, True, False]


def test_the_leaderboard_page_marks_bots(client):
    settled(bot_user(2), 1650)
    settled(make_user("person"), 1600)
    page = client.get("/leaderboard/").content.decode()
    assert page.index(bot_user(2).username) < page.index("person")
    assert 'class="badge bot"' in page


def test_an_empty_leaderboard_says_why(client, anon):
    assert anon.get("/api/v1/leaderboard/").json() == []
    assert "Nobody has a settled rating in Raumschach (Correspondence) yet" in client.get(
        "/leaderboard/raumschach/").content.decode()
