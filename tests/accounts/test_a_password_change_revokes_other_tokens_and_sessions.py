"""A password change shuts out every other API token and session of the account, and keeps
the one making the change working (issue 13, item 3)."""
import pytest
from django.test import Client

from tests.site_fixtures import PASSWORD, token_client

pytestmark = pytest.mark.django_db
NEW = "another-Long-passphrase-9"


def test_other_tokens_and_sessions_stop_working_the_current_token_keeps_working(alice):
    current, other = token_client(alice), token_client(alice)
    browser = Client()
    browser.force_login(alice)
    assert browser.get("/api/v1/accounts/me/").status_code == 200
    response = current.post("/api/v1/accounts/password/",
                            {"old_password": PASSWORD, "new_password": NEW}, format="json")
    assert response.status_code == 204
    assert current.get("/api/v1/accounts/me/").status_code == 200
    assert other.get("/api/v1/accounts/me/").status_code == 401
    assert browser.get("/api/v1/accounts/me/").status_code in (401, 403)


def test_a_session_changing_the_password_stays_logged_in_and_revokes_every_token(alice):
    token = token_client(alice)
    browser = Client()
    browser.force_login(alice)
    response = browser.post("/api/v1/accounts/password/",
                            {"old_password": PASSWORD, "new_password": NEW},
                            content_type="application/json")
    assert response.status_code == 204
    assert browser.get("/api/v1/accounts/me/").status_code == 200
    assert token.get("/api/v1/accounts/me/").status_code == 401
