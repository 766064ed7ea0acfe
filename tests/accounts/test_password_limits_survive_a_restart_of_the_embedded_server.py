"""In the embedded set-up (no Redis) the cache is the server process's memory, which a restart
clears: the counters of password checks and sign-ups are kept in the database instead (issue
24, finding 2: 19 accounts from one address in 35 minutes against a limit of 10/3600, each
restart clearing the count). A restart is simulated by clearing the process's cache."""
import pytest
from django.core.cache import cache

from accounts.models import RateLimitCounter
from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def embedded(settings):
    settings.REDIS_URL = ""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def test_sign_ups_stay_limited_across_a_restart(anon, embedded, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": (3, 3600)}
    codes = []
    for i in range(6):
        codes.append(anon.post("/api/v1/accounts/signup/",
                               {"username": f"new{i}", "password": PASSWORD},
                               format="json").status_code)
        cache.clear()  # the server restarted
    assert codes == [201] * 3 + [429] * 3


def test_wrong_passwords_stay_limited_across_a_restart(anon, alice, embedded, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login_account": (5, 900)}
    codes = []
    for i in range(8):
        codes.append(anon.post("/api/v1/accounts/token/",
                               {"username": "alice", "password": f"guess{i}"},
                               format="json", REMOTE_ADDR=f"192.0.2.{i + 1}").status_code)
        cache.clear()
    assert codes == [401] * 5 + [429] * 3
    assert RateLimitCounter.objects.filter(count__gte=5).exists()


def test_passed_windows_are_deleted(anon, embedded, settings, monkeypatch):
    from accounts import ratelimit

    RateLimitCounter.objects.create(key="rl-old:signup:x:1", count=3, expires_at=1.0)
    monkeypatch.setattr(ratelimit, "CLEANUP_CHANCE", 1.0)
    anon.post("/api/v1/accounts/signup/", {"username": "new", "password": PASSWORD},
              format="json")
    assert not RateLimitCounter.objects.filter(key="rl-old:signup:x:1").exists()
