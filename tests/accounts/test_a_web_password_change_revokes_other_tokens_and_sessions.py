"""Changing the password on the web page ends the account's other sessions and revokes all its
API tokens; the browser that made the change stays logged in (issue 13, item 3)."""
import pytest
from django.test import Client

from tests.site_fixtures import PASSWORD, token_client

pytestmark = pytest.mark.django_db
NEW = "An0ther-long-phrase"


def test_the_web_password_change_shuts_out_other_sessions_and_tokens(alice):
    token = token_client(alice)
    this_browser, other_browser = Client(), Client()
    this_browser.force_login(alice)
    other_browser.force_login(alice)
    response = this_browser.post("/password/", {"old_password": PASSWORD, "new_password": NEW,
                                                "new_password_again": NEW})
    assert response.status_code == 302
    assert this_browser.get("/new/").status_code == 200
    assert other_browser.get("/new/").status_code == 302
    assert token.get("/api/v1/accounts/me/").status_code == 401


def test_wrong_current_passwords_on_the_web_page_are_limited(alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_change": (2, 300)}
    browser = Client()
    browser.force_login(alice)
    body = {"old_password": "wrong", "new_password": NEW, "new_password_again": NEW}
    for _ in range(2):
        assert browser.post("/password/", body).status_code == 400
    assert browser.post("/password/", {**body, "old_password": PASSWORD}).status_code == 429
