"""POST /api/v1/accounts/signup/ creates an account and a working token; every refusal
changes nothing."""
import pytest
from django.contrib.auth import get_user_model

from tests.site_fixtures import PASSWORD, assert_error, db_snapshot

pytestmark = pytest.mark.django_db
User = get_user_model()


def signup(client, **body):
    return client.post("/api/v1/accounts/signup/", body, format="json")


def test_signing_up_returns_a_token_that_authenticates(anon):
    response = signup(anon, username="dora", password=PASSWORD, email="dora@example.org")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["username"] == "dora" and len(body["token"]) >= 40
    user = User.objects.get(username="dora")
    assert user.email == "dora@example.org" and user.check_password(PASSWORD)
    me = anon.get("/api/v1/accounts/me/", HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert me.status_code == 200 and me.json()["username"] == "dora"


def test_a_taken_username_is_refused_whatever_its_case(anon, alice):
    before = db_snapshot()
    assert_error(signup(anon, username="ALICE", password=PASSWORD), 400, "username_taken")
    assert db_snapshot() == before


def test_a_bot_name_cannot_be_taken(anon):
    before = db_snapshot()
    assert_error(signup(anon, username="master-bot", password=PASSWORD), 400, "username_taken")
    assert db_snapshot() == before


def test_a_weak_password_is_refused_with_the_validators_reasons(anon):
    before = db_snapshot()
    body = assert_error(signup(anon, username="dora", password="123"), 400, "weak_password")
    assert "short" in body["detail"]
    assert db_snapshot() == before


@pytest.mark.parametrize("username", ["has space", "semi;colon", "x" * 151])
def test_an_invalid_username_is_refused(anon, username):
    before = db_snapshot()
    response = signup(anon, username=username, password=PASSWORD)
    assert response.status_code == 400 and response.json()["error"] in (
        "invalid_username", "invalid")
    assert db_snapshot() == before


def test_an_invalid_email_is_refused(anon):
    before = db_snapshot()
    assert_error(signup(anon, username="dora", password=PASSWORD, email="not-an-email"),
                 400, "invalid_email")
    assert db_snapshot() == before


def test_missing_fields_are_refused(anon):
    before = db_snapshot()
    body = assert_error(signup(anon, username="dora"), 400, "invalid")
    assert "password" in body["detail"]
    assert db_snapshot() == before


def test_signups_are_rate_limited_per_client_address(anon, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": (2, 3600)}
    assert signup(anon, username="u1", password=PASSWORD).status_code == 201
    assert signup(anon, username="u2", password=PASSWORD).status_code == 201
    before = db_snapshot()
    response = signup(anon, username="u3", password=PASSWORD)
    assert_error(response, 429, "rate_limited")
    assert int(response["Retry-After"]) > 0
    assert db_snapshot() == before
    other = anon.post("/api/v1/accounts/signup/", {"username": "u4", "password": PASSWORD},
                      format="json", REMOTE_ADDR="10.1.2.3")
    assert other.status_code == 201  # another address has its own allowance
