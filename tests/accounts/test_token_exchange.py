"""POST /api/v1/accounts/token/ trades a username and password for a new token."""
import pytest

from accounts.models import ApiToken
from tests.site_fixtures import PASSWORD, assert_error, db_snapshot

pytestmark = pytest.mark.django_db


def obtain(client, username, password):
    return client.post("/api/v1/accounts/token/", {"username": username, "password": password},
                       format="json")


def test_good_credentials_give_a_token(anon, alice):
    response = obtain(anon, "alice", PASSWORD)
    assert response.status_code == 200
    token = response.json()["token"]
    me = anon.get("/api/v1/accounts/me/", HTTP_AUTHORIZATION=f"Token {token}")
    assert me.json()["username"] == "alice"


def test_a_wrong_password_is_refused_with_401(anon, alice):
    before = db_snapshot()
    assert_error(obtain(anon, "alice", "wrong"), 401, "invalid_credentials")
    assert db_snapshot() == before


def test_an_unknown_user_gets_the_same_answer_as_a_wrong_password(anon):
    assert_error(obtain(anon, "nobody", "whatever"), 401, "invalid_credentials")


def test_a_bot_account_cannot_log_in(anon):
    assert_error(obtain(anon, "master-bot", ""), 400, "invalid")  # blank password
    assert_error(obtain(anon, "master-bot", "anything"), 401, "invalid_credentials")


def test_token_requests_are_rate_limited(anon, alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "token": (3, 300)}
    for _ in range(3):
        obtain(anon, "alice", "wrong")
    before = db_snapshot()
    assert_error(obtain(anon, "alice", PASSWORD), 429, "rate_limited")
    assert db_snapshot() == before
    assert ApiToken.objects.count() == 0
