"""An unknown variant key is a 400 `unknown_variant` naming the known keys, in every API that
takes one (REST challenges, seeks, the archive, the leaderboard, the rating history, the Bot
API's challenge and variant list), and nothing is stored."""
import pytest

from tests.site_fixtures import assert_error, db_snapshot

from .conftest import bearer_client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("body", [
    {"opponent": "bob", "variant": "chess960"},
    {"variant": "chess960", "public": True},
    {"variant": "chess960"},  # an open link
    {"opponent": "bob", "variant": ""},
    {"opponent": "bob", "variant": "RAUMSCHACH"},
])
def test_a_challenge_or_seek_in_an_unknown_variant_is_refused(as_alice, bob, body):
    before = db_snapshot()
    error = assert_error(as_alice.post("/api/v1/challenges/", body, format="json"), 400,
                         "unknown_variant")
    assert "raumschach" in error["detail"]
    assert db_snapshot() == before


@pytest.mark.parametrize("path", [
    "/api/v1/games/?variant=chess960",
    "/api/v1/seeks/?variant=chess960",
    "/api/v1/leaderboard/?variant=chess960",
    "/api/v1/users/alice/rating-history/?variant=chess960",
])
def test_a_read_filtered_by_an_unknown_variant_is_refused(as_alice, path):
    error = assert_error(as_alice.get(path), 400, "unknown_variant")
    assert "raumschach" in error["detail"]


def test_the_bot_api_refuses_an_unknown_variant(alice, robo):
    client, bot = bearer_client(alice), bearer_client(robo)
    before = db_snapshot()
    response = client.post("/api/challenge/robo", {"variant": "atomic"}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "unknown_variant"
    assert "raumschach" in response.json()["error"]
    response = bot.post("/api/bot/account/variants", {"variants": "raumschach,atomic"},
                        format="json")
    assert response.status_code == 400 and response.json()["code"] == "unknown_variant"
    assert db_snapshot() == before
    robo.bot.refresh_from_db()
    assert robo.bot.variants == ["raumschach"]
