"""Malformed JSON, wrong content types, wrong methods and unknown paths are JSON errors,
never a 500 or an HTML page, and change nothing."""
import pytest

from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db

POST_ENDPOINTS = ["/api/v1/accounts/signup/", "/api/v1/accounts/token/",
                  "/api/v1/accounts/password/", "/api/v1/accounts/tokens/",
                  "/api/v1/challenges/", "/api/v1/games/{id}/moves/",
                  "/api/v1/games/{id}/draw/"]


@pytest.mark.parametrize("path", POST_ENDPOINTS)
def test_malformed_json_is_refused_with_400(as_alice, game, path):
    before = db_snapshot()
    response = as_alice.post(path.format(id=game.public_id), data='{"move": "Bb2Cb2", "ply": ',
                             content_type="application/json")
    assert_error(response, 400, "malformed_json")
    assert db_snapshot() == before


@pytest.mark.parametrize("path", POST_ENDPOINTS)
@pytest.mark.parametrize("payload", ['[1, 2]', '"text"', "null", "42"])
def test_a_json_body_that_is_not_an_object_is_refused_with_400(as_alice, game, path, payload):
    before = db_snapshot()
    response = as_alice.post(path.format(id=game.public_id), data=payload,
                             content_type="application/json")
    assert_error(response, 400, "invalid")
    assert db_snapshot() == before


def test_an_unsupported_content_type_is_refused_with_415(as_alice, game):
    before = db_snapshot()
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/", data="<move/>",
                             content_type="application/xml")
    assert_error(response, 415, "unsupported_media_type")
    assert db_snapshot() == before


def test_form_encoded_moves_work_too(as_alice, game):
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/", {"move": "Bb2Cb2", "ply": "0"})
    assert response.status_code == 201


def test_a_wrong_method_is_refused_with_405(as_alice, game):
    assert_error(as_alice.delete(f"/api/v1/games/{game.public_id}/"), 405, "method_not_allowed")
    assert_error(as_alice.get(f"/api/v1/games/{game.public_id}/moves/"), 405, "method_not_allowed")


@pytest.mark.parametrize("path", ["/api/v1/nothing/", "/api/v1/games/1/teleport/",
                                  "/api/v1/games/1/moves", "/api/v1/"])
def test_unknown_api_paths_are_json_404s(as_alice, path):
    assert_error(as_alice.get(path), 404, "not_found")
    assert_error(as_alice.post(path, {}, format="json"), 404, "not_found")
