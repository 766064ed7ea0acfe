"""Since v1.2 /api/v1 names a game by its public id (issue 28); an old integer id is sent on to
the same path under the public id: 301 for GET and HEAD, 308 (method and body kept) for the
rest, the new id and location in a JSON body as well; an integer no game has is a 404 with a
hint. Every answer names the game by its public id, never its integer key."""
import pytest

from games.models import Game
from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db


def test_a_get_by_integer_is_a_301_to_the_public_id_with_the_query(as_alice, game):
    response = as_alice.get(f"/api/v1/games/{game.pk}/?since_ply=0")
    assert response.status_code == 301
    assert response["Location"] == f"/api/v1/games/{game.public_id}/?since_ply=0"
    assert response.json()["id"] == game.public_id
    assert response.json()["error"] == "moved_permanently"
    followed = as_alice.get(response["Location"])
    assert followed.status_code == 200 and followed.json()["id"] == game.public_id


@pytest.mark.parametrize("rest", ["chat/", "conditional-moves/", "analysis/", "export/",
                                  "attackers/?cell=Cc3"])
def test_every_route_under_a_game_is_redirected(anon, as_alice, game, rest):
    path, _, query = rest.partition("?")
    response = as_alice.get(f"/api/v1/games/{game.pk}/{rest}")
    assert response.status_code == 301
    assert response["Location"] == (f"/api/v1/games/{game.public_id}/{path}"
                                     + (f"?{query}" if query else ""))


def test_a_post_by_integer_is_a_308_and_changes_nothing_until_followed(as_alice, game):
    before = db_snapshot()
    body = {"move": "Bb2Cb2", "ply": 0}
    response = as_alice.post(f"/api/v1/games/{game.pk}/moves/", body, format="json")
    assert response.status_code == 308  # not 301/302: a client must not turn it into a GET
    assert response["Location"] == f"/api/v1/games/{game.public_id}/moves/"
    assert db_snapshot() == before
    played = as_alice.post(response["Location"], body, format="json")
    assert played.status_code == 201 and played.json()["game"]["id"] == game.public_id
    assert Game.objects.get(pk=game.pk).ply == 1


def test_an_integer_no_game_has_is_a_404_with_a_hint(as_alice):
    for path in ("/api/v1/games/987654/", "/api/v1/games/987654/moves/",
                 f"/api/v1/games/{2**70}/chat/"):
        refused = assert_error(as_alice.get(path), 404, "not_found")
        assert "public id" in refused["detail"]


def test_a_public_id_no_game_has_is_a_plain_404(as_alice):
    assert_error(as_alice.get("/api/v1/games/NoSuchG1/"), 404, "not_found")
    assert_error(as_alice.get("/api/v1/games/NoSuchG1/chat/"), 404, "not_found")
    assert_error(as_alice.get(f"/api/v1/games/a{'b' * 40}/"), 404, "not_found")


def test_answers_name_games_by_public_id_only(as_alice, as_bob):
    created = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "color": "white"},
                            format="json").json()
    accepted = as_bob.post(f"/api/v1/challenges/{created['id']}/accept/").json()
    game = Game.objects.get(public_id=accepted["game"])
    assert accepted["game"] == created["id"]  # the game took the challenge's id
    assert as_alice.get(f"/api/v1/challenges/{created['id']}/").json()["game"] == game.public_id
    listed = as_alice.get("/api/v1/games/", {"player": "alice"}).json()["results"]
    assert [row["id"] for row in listed] == [game.public_id]
    said = as_alice.post(f"/api/v1/games/{game.public_id}/chat/", {"text": "hi"},
                         format="json").json()
    assert said["game"] == game.public_id
    plans = as_bob.get(f"/api/v1/games/{game.public_id}/conditional-moves/").json()
    assert plans["game"] == game.public_id
    profile = as_alice.get("/api/v1/users/alice/").json()
    assert [g["id"] for g in profile["recent_games"]] == [game.public_id]
