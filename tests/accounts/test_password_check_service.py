"""user_authenticate: the password check behind the log-in page, the admin's log-in and the
token exchange; plain values in (no request), rate limited per address."""
import pytest
from django.test import RequestFactory

from accounts import services
from accounts.errors import InvalidCredentials
from core.errors import RateLimited
from accounts.http import client_ip
from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db


def check(password: str, address: str = "192.0.2.1", username: str = "alice"):
    return services.user_authenticate(username=username, password=password, client_ip=address)


def test_the_right_password_gives_the_user(alice):
    assert check(PASSWORD) == alice


def test_the_name_may_be_given_in_any_case_or_width(alice):
    assert check(PASSWORD, username="ＡＬＩＣＥ") == alice


def test_a_wrong_password_is_refused(alice):
    with pytest.raises(InvalidCredentials):
        check("nope")


def test_login_attempts_are_limited_per_address(alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login": (2, 300)}
    for _ in range(2):
        with pytest.raises(InvalidCredentials):
            check("nope")
    with pytest.raises(RateLimited):
        check(PASSWORD)
    assert check(PASSWORD, "192.0.2.99") == alice


def test_a_forwarded_address_counts_only_behind_a_trusted_proxy(settings):
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1",
                                   HTTP_X_FORWARDED_FOR="203.0.113.5, 10.0.0.1")
    settings.RATE_LIMIT_TRUST_FORWARDED_FOR = False
    assert client_ip(request) == "10.0.0.1"
    settings.RATE_LIMIT_TRUST_FORWARDED_FOR = True
    assert client_ip(request) == "203.0.113.5"
