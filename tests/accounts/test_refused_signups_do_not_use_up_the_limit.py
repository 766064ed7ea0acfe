"""The sign-up limit counts accounts created, not attempts (issue 13, item 8): pupils behind one
school address who mistype a password or pick a taken name must not lock the class out."""
import pytest

from tests.site_fixtures import PASSWORD, assert_error

pytestmark = pytest.mark.django_db


def signup(client, **body):
    return client.post("/api/v1/accounts/signup/", body, format="json")


def test_refused_signups_do_not_count_against_the_address(anon, alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": (2, 3600)}
    for _ in range(4):
        assert signup(anon, username="alice", password=PASSWORD).status_code == 400  # taken
        assert signup(anon, username="weakling", password="123").status_code == 400  # weak
    assert signup(anon, username="u1", password=PASSWORD).status_code == 201
    assert signup(anon, username="u2", password=PASSWORD).status_code == 201
    assert_error(signup(anon, username="u3", password=PASSWORD), 429, "rate_limited")
