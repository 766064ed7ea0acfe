"""Token and browser-session authentication; sessions must send the CSRF token."""
import pytest
from django.test import Client

from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db


def test_no_credentials_gets_401_with_a_token_challenge(anon):
    response = anon.get("/api/v1/accounts/me/")
    assert_error(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"] == "Token"


@pytest.mark.parametrize("header", ["Token not-a-real-token", "Token", "Token a b",
                                    "Token \u00e9\u00e9"])
def test_a_bad_token_is_refused_with_401(anon, header):
    response = anon.get("/api/v1/accounts/me/", HTTP_AUTHORIZATION=header)
    assert_error(response, 401, "authentication_failed")


def test_a_deactivated_users_token_stops_working(as_alice, alice):
    alice.is_active = False
    alice.save()
    assert_error(as_alice.get("/api/v1/accounts/me/"), 401, "authentication_failed")


def test_a_session_can_read_without_csrf(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.get("/api/v1/accounts/me/").json()["username"] == "alice"


def test_a_session_write_without_the_csrf_token_is_refused(alice, game):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    before = db_snapshot()
    response = client.post(f"/api/v1/games/{game.public_id}/moves/", {"move": "Bb2Cb2", "ply": 0},
                           content_type="application/json")
    assert_error(response, 403, "csrf_failed")
    assert db_snapshot() == before


def test_a_session_write_with_the_csrf_token_is_accepted(alice, game):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    client.get("/")  # any page that renders the token sets the cookie
    token = client.cookies["csrftoken"].value
    response = client.post(f"/api/v1/games/{game.public_id}/moves/", {"move": "Bb2Cb2", "ply": 0},
                           content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201, response.content
