"""Wrong current passwords at POST accounts/password/ are limited per account, so a stolen token
or session can't be used to brute-force the password (issue 13, item 3)."""
import pytest

from tests.site_fixtures import PASSWORD, assert_error

pytestmark = pytest.mark.django_db
NEW = "another-Long-passphrase-9"


def change(client, old):
    return client.post("/api/v1/accounts/password/", {"old_password": old, "new_password": NEW},
                       format="json")


def test_wrong_guesses_are_limited_and_then_even_the_right_one_waits(as_alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_change": (3, 300)}
    for _ in range(3):
        assert_error(change(as_alice, "guess"), 400, "wrong_password")
    assert_error(change(as_alice, PASSWORD), 429, "rate_limited")


def test_a_correct_change_uses_no_allowance(as_alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_change": (1, 300)}
    assert change(as_alice, PASSWORD).status_code == 204
    assert_error(change(as_alice, "guess"), 400, "wrong_password")
