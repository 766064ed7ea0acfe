"""The sign-up limit counts accounts created, not refused attempts (issue 13, item 8): a club
behind one address whose members mistype a password or pick a taken name is not locked out."""
import pytest

from tests.site_fixtures import PASSWORD, assert_error

pytestmark = pytest.mark.django_db


def signup(client, **body):
    return client.post("/api/v1/accounts/signup/", body, format="json")


def test_refused_signups_do_not_use_up_the_addresss_allowance(anon, alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": (2, 3600)}
    for _ in range(5):
        assert_error(signup(anon, username="dora", password="123"), 400, "weak_password")
        assert_error(signup(anon, username="alice", password=PASSWORD), 400, "username_taken")
    assert signup(anon, username="u1", password=PASSWORD).status_code == 201
    assert signup(anon, username="u2", password=PASSWORD).status_code == 201
    assert_error(signup(anon, username="u3", password=PASSWORD), 429, "rate_limited")
