"""The profile API returns rating, rd, provisional and games_rated; the archive filters by rated
and by a rating range; the export carries both players' ratings."""
import pytest

from games import services
from tests.ratings.helpers import rate_by_challenge
from tests.site_fixtures import assert_error

pytestmark = pytest.mark.django_db


def test_the_profile_api_returns_the_rating(anon, alice, bob):
    body = anon.get("/api/v1/users/alice/").json()
    assert (body["rating"], body["rd"], body["provisional"], body["games_rated"]) == (
        1500, 350, True, 0)
    game = rate_by_challenge(alice, bob)
    services.game_resign(game=game, user=bob)
    body = anon.get("/api/v1/users/alice/").json()
    assert body["rating"] > 1500 and body["rd"] < 350 and body["games_rated"] == 1


def test_the_archive_filters_rated_games_and_a_rating_range(anon, alice, bob, carol):
    rated = rate_by_challenge(alice, bob)
    services.game_resign(game=rated, user=bob)
    casual = rate_by_challenge(alice, carol, rated=False)
    services.game_resign(game=casual, user=carol)
    ids = lambda response: [g["id"] for g in response.json()["results"]]  # noqa: E731
    assert ids(anon.get("/api/v1/games/?rated=true")) == [rated.public_id]
    assert ids(anon.get("/api/v1/games/?rated=false")) == [casual.public_id]
    # alice won the rated game first: she is above 1600 in the casual one, carol at 1500.
    assert ids(anon.get("/api/v1/games/?rating_min=1400&rating_max=1600")) == [rated.public_id]
    assert ids(anon.get("/api/v1/games/?rating_min=1550")) == []  # carol is 1500
    assert ids(anon.get("/api/v1/games/?rating_max=1700")) == [casual.public_id, rated.public_id]
    assert ids(anon.get("/api/v1/games/?rating_min=1600")) == []
    row = anon.get("/api/v1/games/?rated=true").json()["results"][0]
    assert (row["rated"], row["white_rating"], row["black_rating"]) == (True, 1500, 1500)


def test_an_upside_down_rating_range_is_a_clear_error(anon):
    assert_error(anon.get("/api/v1/games/?rating_min=1800&rating_max=1200"), 400,
                 "bad_rating_range")


def test_the_export_carries_both_ratings(anon, alice, bob):
    game = rate_by_challenge(alice, bob)
    services.game_resign(game=game, user=bob)
    text = anon.get(f"/api/v1/games/{game.public_id}/export/").content.decode()
    assert '[WhiteElo "1500"]' in text and '[BlackElo "1500"]' in text
    assert '[Rated "yes"]' in text
