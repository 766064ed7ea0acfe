"""With the cache (Redis) unreachable, sign-up, token exchange and log-in still answer, with a
logged warning, instead of a 500 (issue 13, item 5): a cache outage is not a site outage."""
import logging
import socket

import pytest

from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def unreachable_redis_cache(settings):
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # Django rebuilds its cache handlers on the setting_changed signal.
    settings.CACHES = {"default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": f"redis://127.0.0.1:{port}/0",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }}


def test_signup_token_and_login_answer_with_a_warning_when_redis_is_down(
        anon, alice, unreachable_redis_cache, caplog):
    with caplog.at_level(logging.WARNING, logger="accounts.ratelimit"):
        response = anon.post("/api/v1/accounts/signup/",
                             {"username": "dora", "password": PASSWORD}, format="json")
        assert response.status_code == 201
        response = anon.post("/api/v1/accounts/token/",
                             {"username": "alice", "password": PASSWORD}, format="json")
        assert response.status_code == 200
        response = anon.post("/api/v1/accounts/token/",
                             {"username": "alice", "password": "wrong"}, format="json")
        assert response.status_code == 401
        response = anon.post("/login/", {"username": "alice", "password": PASSWORD})
        assert response.status_code == 302
    assert any("cache unreachable" in r.getMessage() for r in caplog.records)
