"""Every answer under /api/ that is an error is the API's JSON error, also where Django answers
before any API view runs: a POST to an unknown path (the CSRF check's HTML page), paths outside
/api/v1/, bodies too large (refused on their declared length, before they are read),
unparsable and empty multipart bodies."""
import io

import pytest
from django.test import Client

from games.api.parsers import BodyTooLarge, LimitedJSONParser

from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db

TWENTY_MB = 20 * 1024 * 1024


@pytest.fixture
def browser_session(alice) -> Client:
    """A logged-in browser without the CSRF token: Django's CSRF check applies to it."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    return client


@pytest.mark.parametrize("path", ["/api/v1/nothing/", "/api/v1/games/1/teleport/"])
def test_a_post_to_an_unknown_api_path_is_a_json_404(browser_session, path):
    assert_error(browser_session.post(path, "{}", content_type="application/json"), 404,
                 "not_found")
    assert_error(Client(enforce_csrf_checks=True).post(path, {}), 404, "not_found")


def lichess_not_found(response) -> None:
    # Outside /api/v1/ the paths are lichess's (botapi): its 404, {"error": "Not found"}.
    assert response.status_code == 404, response.content
    assert response.json() == {"error": "Not found", "code": "not_found"}


@pytest.mark.parametrize("path", ["/api/nothing/", "/api/"])
def test_a_post_to_an_unknown_lichess_path_is_lichess_s_json_404(browser_session, path):
    lichess_not_found(browser_session.post(path, "{}", content_type="application/json"))
    lichess_not_found(Client(enforce_csrf_checks=True).post(path, {}))


def test_an_unknown_path_outside_v1_is_a_json_404(anon):
    lichess_not_found(anon.get("/api/v2/games/"))


def test_a_csrf_failure_on_a_known_endpoint_is_json(browser_session, game):
    before = db_snapshot()
    response = browser_session.post(f"/api/v1/games/{game.public_id}/moves/",
                                    '{"move": "Bb2Cb2", "ply": 0}',
                                    content_type="application/json")
    assert_error(response, 403, "csrf_failed")
    assert db_snapshot() == before


def test_a_20_mb_body_is_refused_with_413_before_it_is_read(as_alice, game):
    before = db_snapshot()
    padding = "x" * TWENTY_MB
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/",
                             data=f'{{"move": "Bb2Cb2", "ply": 0, "pad": "{padding}"}}',
                             content_type="application/json")
    assert_error(response, 413, "too_large")
    assert db_snapshot() == before


def test_the_json_parser_itself_reads_no_more_than_the_limit(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    stream = io.BytesIO(b'{"pad": "' + b"x" * 5000 + b'"}')
    with pytest.raises(BodyTooLarge):
        LimitedJSONParser().parse(stream)
    assert stream.tell() == 1001


@pytest.mark.parametrize("content_type, body", [
    ("multipart/form-data; boundary=xyz", b""),
    ("multipart/form-data", b""),
    ("multipart/form-data; boundary=xyz", b"--xyz\r\ngarbage"),
    ("multipart/form-data; boundary=", b"--\r\n"),
])
def test_empty_or_unparsable_multipart_bodies_are_json_400s(as_alice, game, content_type,
                                                           body):
    before = db_snapshot()
    response = as_alice.generic("POST", f"/api/v1/games/{game.public_id}/moves/", body,
                                content_type=content_type)
    assert response.status_code == 400, response.content
    assert response.json()["error"] in {"invalid", "malformed_body"}
    assert response.json()["detail"]
    assert db_snapshot() == before


def test_a_wrong_method_on_an_unknown_path_is_still_json(anon):
    for method in ("put", "patch", "delete", "options"):
        response = getattr(anon, method)("/api/v1/nowhere/")
        assert response["Content-Type"].startswith("application/json"), method
