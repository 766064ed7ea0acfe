"""With the cache (Redis) unreachable, sign-up, token exchange and log-in still answer instead
of a 500 (issue 13, item 5), and the limits on password checks and sign-ups still limit: their
counters fall back to the database (issue 24, finding 2; they used to fail open: 30 wrong
passwords in a second, then the right one accepted). Scopes that are not about passwords
(chat) still fail open with a warning: a cache outage is not a site outage."""
import logging
import socket

import pytest

from tests.site_fixtures import PASSWORD, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def unreachable_redis_cache(settings):
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"redis://127.0.0.1:{port}/0"
    settings.REDIS_URL = url  # the site runs with Redis...
    # ...which is down. Django rebuilds its cache handlers on the setting_changed signal.
    settings.CACHES = {"default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": url,
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


def test_wrong_passwords_for_one_account_are_still_limited_while_redis_is_down(
        anon, alice, unreachable_redis_cache, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login_account": (10, 900)}
    codes = []
    for i in range(30):  # spread over addresses: only the per-account limit can stop it
        codes.append(anon.post("/api/v1/accounts/token/", {"username": "alice",
                                                           "password": f"guess{i}"},
                               format="json", REMOTE_ADDR=f"192.0.2.{i + 1}").status_code)
    assert codes == [401] * 10 + [429] * 20
    response = anon.post("/api/v1/accounts/token/", {"username": "alice", "password": PASSWORD},
                         format="json", REMOTE_ADDR="192.0.2.200")
    assert response.status_code == 429


def test_sign_ups_from_one_address_are_still_limited_while_redis_is_down(
        anon, unreachable_redis_cache, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": (3, 3600)}
    codes = [anon.post("/api/v1/accounts/signup/", {"username": f"new{i}", "password": PASSWORD},
                       format="json").status_code for i in range(5)]
    assert codes == [201] * 3 + [429] * 2


def test_chat_fails_open_with_a_warning_while_redis_is_down(
        alice, bob, as_alice, unreachable_redis_cache, settings, caplog):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "chat": (2, 30)}
    game = make_game(alice, bob)
    with caplog.at_level(logging.WARNING, logger="accounts.ratelimit"):
        codes = [as_alice.post(f"/api/v1/games/{game.public_id}/chat/", {"text": f"line {i}"},
                               format="json").status_code for i in range(4)]
    assert codes == [201] * 4
    assert any("chat not counted: cache unreachable" in r.getMessage() for r in caplog.records)
