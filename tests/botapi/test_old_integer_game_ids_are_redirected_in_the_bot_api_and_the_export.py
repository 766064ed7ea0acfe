"""Issue 38, finding 7: the Bot API (`POST /api/board/game/15/resign`) and lichess's
`/game/export/15` still acted on old integer game ids, where the REST API redirects them
(docs/api.md, "Game ids"). One rule everywhere over HTTP now: an integer id of a game is a
permanent redirect to the same path under its public id (301 for GET, 308 for the rest, which
keeps the method), acting on nothing itself; an integer no game has is a 404 with a hint."""
from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from tests.botapi.conftest import bearer_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob) -> Game:
    from tests.site_fixtures import make_game

    return make_game(alice, bob)


@pytest.mark.parametrize("tail,method,status", [
    ("resign", "post", 308), ("abort", "post", 308), ("draw/yes", "post", 308),
    ("move/Bb2Cb2", "post", 308), ("chat", "post", 308), ("chat", "get", 301)])
@pytest.mark.parametrize("role", ["board"])
def test_an_integer_id_in_a_bot_api_path_is_redirected_and_acts_on_nothing(
        game, alice, role, tail, method, status):
    client = bearer_client(alice)
    response = getattr(client, method)(f"/api/{role}/game/{game.pk}/{tail}")
    assert response.status_code == status, response.content
    assert response["Location"] == f"/api/{role}/game/{game.public_id}/{tail}"
    assert response.json()["id"] == game.public_id
    game.refresh_from_db()
    assert (game.status, game.ply) == (Game.Status.ACTIVE, 0)


def test_the_redirect_leads_to_the_same_action_under_the_public_id(game, alice):
    client = bearer_client(alice)
    location = client.post(f"/api/board/game/{game.pk}/resign")["Location"]
    assert client.post(location).json() == {"ok": True}
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_an_integer_id_of_a_stream_and_of_the_export_is_redirected(game, alice):
    client = bearer_client(alice)
    stream = client.get(f"/api/board/game/stream/{game.pk}")
    assert stream.status_code == 301
    assert stream["Location"] == f"/api/board/game/stream/{game.public_id}"
    export = Client().get(f"/game/export/{game.pk}?evals=false")
    assert export.status_code == 301
    assert export["Location"] == f"/game/export/{game.public_id}?evals=false"
    assert Client().get(export["Location"]).status_code == 200


@pytest.mark.parametrize("path", ["/api/board/game/987654/resign", "/game/export/987654",
                                  "/api/bot/game/stream/987654"])
def test_an_integer_no_game_has_is_a_404_with_the_hint(alice, path):
    client = bearer_client(alice)
    response = client.post(path) if path.endswith("resign") else client.get(path)
    assert response.status_code == 404
    body = response.json()  # lichess's shape, with the code
    assert body["code"] == "not_found" and "public id" in body["error"]
