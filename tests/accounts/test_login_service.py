"""user_login / user_logout: the services behind the HTML log-in page, rate limited."""
import pytest
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.test import RequestFactory

from games import services
from games.errors import InvalidCredentials, RateLimited
from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db


def request_from(address: str = "192.0.2.1"):
    request = RequestFactory().post("/login/", REMOTE_ADDR=address)
    request.session = SessionStore()
    return request


def test_logging_in_starts_a_session_and_logging_out_ends_it(alice):
    request = request_from()
    assert services.user_login(request=request, username="alice", password=PASSWORD) == alice
    assert request.session[SESSION_KEY] == str(alice.pk)
    services.user_logout(request=request)
    assert SESSION_KEY not in request.session


def test_a_wrong_password_starts_no_session(alice):
    request = request_from()
    with pytest.raises(InvalidCredentials):
        services.user_login(request=request, username="alice", password="nope")
    assert SESSION_KEY not in request.session


def test_login_attempts_are_limited_per_address(alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login": (2, 300)}
    for _ in range(2):
        with pytest.raises(InvalidCredentials):
            services.user_login(request=request_from(), username="alice", password="nope")
    with pytest.raises(RateLimited):
        services.user_login(request=request_from(), username="alice", password=PASSWORD)
    assert services.user_login(request=request_from("192.0.2.99"), username="alice",
                               password=PASSWORD) == alice


def test_a_forwarded_address_counts_only_behind_a_trusted_proxy(settings):
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1",
                                   HTTP_X_FORWARDED_FOR="203.0.113.5, 10.0.0.1")
    settings.RATE_LIMIT_TRUST_FORWARDED_FOR = False
    assert services.client_ip(request) == "10.0.0.1"
    settings.RATE_LIMIT_TRUST_FORWARDED_FOR = True
    assert services.client_ip(request) == "203.0.113.5"
