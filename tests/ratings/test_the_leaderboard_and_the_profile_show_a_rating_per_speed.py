"""The leaderboard has a board per game and speed (a speed selector beside the game selector;
?speed= on the page and the API), and the profile a panel per game and speed played rated."""
from datetime import timedelta

import pytest
from django.utils import timezone

from ratings.models import Rating
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db


def _rating(user, speed: str, value: float) -> None:
    Rating.objects.create(user=user, variant="raumschach", speed=speed, rating=value, rd=60.0,
                          games_rated=12, rated_at=timezone.now() - timedelta(days=1))


@pytest.fixture
def boards(db):
    _rating(make_user("blitzer"), "blitz", 1901)
    _rating(make_user("corro"), "correspondence", 1777)


def test_the_blitz_board_lists_blitz_ratings_only(client, boards):
    page = client.get("/leaderboard/raumschach/?speed=blitz").content.decode()
    board = page[page.index('id="leaderboard"'):]
    assert "blitzer" in board and "corro" not in board
    assert 'data-speed="blitz" aria-current="page"' in page
    assert "Glicko-2 ratings in Raumschach (Blitz)" in page


def test_the_default_board_is_correspondence(client, boards):
    page = client.get("/leaderboard/raumschach/").content.decode()
    board = page[page.index('id="leaderboard"'):]
    assert "corro" in board and "blitzer" not in board
    assert 'href="/leaderboard/raumschach/?speed=bullet"' in page


def test_an_unknown_speed_is_a_404_page(client):
    response = client.get("/leaderboard/raumschach/?speed=hyper")
    assert response.status_code == 404
    assert "No such speed" in response.content.decode()


def test_the_api_leaderboard_takes_a_speed(anon, boards):
    rows = anon.get("/api/v1/leaderboard/?variant=raumschach&speed=blitz").json()
    assert [(r["username"], r["speed"]) for r in rows] == [("blitzer", "blitz")]
    bad = anon.get("/api/v1/leaderboard/?speed=hyper")
    assert bad.status_code == 400


def test_the_profile_has_a_panel_per_game_and_speed(client, anon):
    player = make_user("both")
    _rating(player, "blitz", 1650)
    _rating(player, "correspondence", 1550)
    page = client.get("/players/both/").content.decode()
    assert 'id="rating-raumschach-blitz"' in page and 'id="rating-raumschach"' in page
    assert 'id="rating-value-raumschach-blitz">1650' in page
    profile = anon.get("/api/v1/users/both/").json()
    assert {(r["variant"]["key"], r["speed"], r["rating"]) for r in profile["ratings"]} == {
        ("raumschach", "blitz", 1650), ("raumschach", "correspondence", 1550)}
