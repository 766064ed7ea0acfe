"""GET /api/v1/games/: filters by player, status and result; paged by cursor, newest first."""
import pytest

from games import services
from tests.site_fixtures import assert_error, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def archive(alice, bob, carol):
    won = make_game(alice, bob)
    services.game_resign(game=won, user=bob)
    lost = make_game(bob, carol)
    services.game_resign(game=lost, user=bob)
    running = make_game(carol, alice)
    return {"won": won, "lost": lost, "running": running}


def ids(response):
    assert response.status_code == 200, response.content
    return {g["id"] for g in response.json()["results"]}


def test_filtering_by_player(anon, archive):
    assert ids(anon.get("/api/v1/games/?player=alice")) == {archive["won"].public_id,
                                                           archive["running"].public_id}


def test_filtering_by_status(anon, archive):
    assert ids(anon.get("/api/v1/games/?status=active")) == {archive["running"].public_id}
    assert ids(anon.get("/api/v1/games/?status=finished")) == {archive["won"].public_id,
                                                              archive["lost"].public_id}


def test_filtering_by_result_and_combining_filters(anon, archive):
    assert ids(anon.get("/api/v1/games/?result=1-0")) == {archive["won"].public_id}
    assert ids(anon.get("/api/v1/games/?result=black")) == {archive["lost"].public_id}
    assert ids(anon.get("/api/v1/games/?player=carol&status=finished")) == {archive["lost"].public_id}


def test_pages_hold_twenty_games_newest_first(anon, alice, bob):
    games = [make_game(alice, bob) for _ in range(25)]
    first = anon.get("/api/v1/games/").json()
    assert first["count"] == 25 and len(first["results"]) == 20
    assert first["results"][0]["id"] == games[-1].public_id
    assert first["count_capped"] is False and first["previous"] is None
    second = anon.get(first["next"]).json()
    assert len(second["results"]) == 5 and second["next"] is None
    assert second["results"][-1]["id"] == games[0].public_id


@pytest.mark.parametrize("query, status, code", [
    ("status=paused", 400, "invalid"),
    ("result=2-0", 400, "invalid"),
    ("player=nobody", 404, "not_found"),
    ("page=2", 400, "bad_cursor"),
    ("cursor=abc", 400, "bad_cursor"),
    ("cursor=bnx4fDIwMjYtMDEtMDFUMDA6MDA6MDArMDA6MDB8MQ", 400, "bad_cursor"),
    ("page_size=101", 400, "invalid"),
])
def test_bad_filters_are_json_errors(anon, archive, query, status, code):
    assert_error(anon.get(f"/api/v1/games/?{query}"), status, code)


def test_won_or_lost_without_a_player_is_refused_as_a_rule_not_as_malformed(anon, archive):
    # Each field is schema-valid on its own; only together do they lack a point of view.
    body = assert_error(anon.get("/api/v1/games/?result=lost&status=active"), 400, "needs_player")
    assert "needs a player" in body["detail"]
    assert ids(anon.get("/api/v1/games/?player=carol&result=won")) == {archive["lost"].public_id}
