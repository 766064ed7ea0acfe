"""A JSON body states types, and the API holds clients to the schema's: a number where text is
expected, or text where a number is, is refused (DRF coerced `"ply": "0"` and `"username": 5`).
Form-encoded bodies carry only text and are still read as before."""
import pytest

from tests.site_fixtures import PASSWORD, assert_error, db_snapshot

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ply", ["0", 0.0, True, None, [0]])
def test_a_ply_that_is_not_a_json_integer_is_refused(as_alice, game, ply):
    before = db_snapshot()
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/",
                             data={"move": "Bb2Cb2", "ply": ply}, format="json")
    body = assert_error(response, 400, "invalid")
    assert "ply" in body["fields"]
    assert db_snapshot() == before


@pytest.mark.parametrize("path", ["/api/v1/accounts/signup/", "/api/v1/accounts/token/"])
def test_a_username_that_is_not_a_json_string_is_refused(anon, alice, path):
    before = db_snapshot()
    response = anon.post(path, data={"username": 5, "password": PASSWORD}, format="json")
    body = assert_error(response, 400, "invalid")
    assert "username" in body["fields"]
    assert db_snapshot() == before


def test_a_move_that_is_not_a_json_string_is_refused(as_alice, game):
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/",
                             data={"move": 12, "ply": 0}, format="json")
    assert_error(response, 400, "invalid")


def test_a_too_long_name_counts_the_text_as_sent_before_trimming(as_alice):
    response = as_alice.post("/api/v1/accounts/tokens/", data={"name": " " * 60 + "x" * 10},
                             format="json")
    assert_error(response, 400, "invalid")


def test_well_typed_json_and_form_bodies_are_accepted(as_alice, game):
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/",
                             data={"move": "Bb2Cb2", "ply": 0}, format="json")
    assert response.status_code == 201, response.content
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/", {"move": "Bb4Cb4", "ply": "1"})
    assert_error(response, 403, "not_your_turn")  # read as ply 1: the form's text is fine


@pytest.mark.parametrize("since", ["x", "-1", "1.5"])
def test_a_since_ply_that_is_not_a_count_is_refused(anon, game, since):
    assert_error(anon.get(f"/api/v1/games/{game.public_id}/?since_ply={since}"), 400, "invalid")
