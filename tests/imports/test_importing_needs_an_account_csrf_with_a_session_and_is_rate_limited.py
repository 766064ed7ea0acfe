"""Importing is a write: an account is needed (401), a session needs its CSRF token (403),
and each account may import so many records an hour (429 with Retry-After); a refused
request stores nothing."""
import pytest
from rest_framework.test import APIClient

from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db

TEXT = "1. Bb2-Cb2 Dc4-Dc3 1-0"


def test_anonymous_is_refused(anon, alice):
    before = db_snapshot()
    assert_error(anon.post("/api/v1/games/import/", {"text": TEXT}, format="json"), 401,
                 "not_authenticated")
    assert db_snapshot() == before


def test_a_session_without_its_csrf_token_is_refused_and_with_it_accepted(alice):
    browser = APIClient(enforce_csrf_checks=True)
    browser.force_login(alice)
    before = db_snapshot()
    response = browser.post("/api/v1/games/import/", {"text": TEXT}, format="json")
    assert response.status_code == 403, response.content
    assert db_snapshot() == before
    browser.get("/import/")  # the page sets the CSRF cookie
    token = browser.cookies["csrftoken"].value
    response = browser.post("/api/v1/games/import/", {"text": TEXT}, format="json",
                            HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201, response.content


def test_past_the_hourly_limit_an_account_is_refused_and_others_are_not(as_alice, as_bob,
                                                                        settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "game_import": (2, 3600)}
    for _ in range(2):
        assert as_alice.post("/api/v1/games/import/", {"text": TEXT},
                             format="json").status_code == 201
    before = db_snapshot()
    response = as_alice.post("/api/v1/games/import/", {"text": TEXT}, format="json")
    assert_error(response, 429, "rate_limited")
    assert int(response["Retry-After"]) > 0
    assert db_snapshot() == before
    assert as_bob.post("/api/v1/games/import/", {"text": TEXT}, format="json").status_code == 201


def test_a_text_that_is_not_a_string_is_refused(as_alice):
    before = db_snapshot()
    assert_error(as_alice.post("/api/v1/games/import/", {"text": 7}, format="json"), 400,
                 "invalid")
    assert_error(as_alice.post("/api/v1/games/import/", {}, format="json"), 400, "invalid")
    assert db_snapshot() == before
