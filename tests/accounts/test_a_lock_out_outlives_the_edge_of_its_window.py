"""A limit counts over the last `window` seconds, not per fixed window: a guesser locked out a
second before a window's edge is still locked out a second after it, and the lock lifts as the
old attempts age out (CI saw 30 counted wrong passwords forgotten at a 15-minute edge). Both
stores: the database (password scopes in the embedded set-up) and the cache (chat)."""
import pytest

from accounts import ratelimit
from core.errors import RateLimited

pytestmark = pytest.mark.django_db

WINDOW = 900
EDGE = 1_800_000 * WINDOW  # a window's first second


@pytest.fixture
def clock(monkeypatch):
    class Clock:
        now = float(EDGE - 1)
    monkeypatch.setattr(ratelimit.time, "time", lambda: Clock.now)
    return Clock


def consume(scope: str) -> bool:
    try:
        ratelimit.ratelimit_consume(scope=scope, key="carol")
    except RateLimited:
        return False
    return True


@pytest.mark.parametrize("scope", ["login_account", "botapi_action"])
def test_a_lock_out_outlives_the_edge_and_lifts_as_attempts_age(scope, clock, settings):
    settings.REDIS_URL = ""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, scope: (10, WINDOW)}
    assert [consume(scope) for _ in range(30)] == [True] * 10 + [False] * 20

    clock.now = EDGE + 1  # the next window: 30 attempts of the last 900 s still count
    with pytest.raises(RateLimited) as refused:
        ratelimit.ratelimit_check(scope=scope, key="carol")
    # Retry-After says when one more attempt fits: once 30 × weight < 10, two thirds in.
    assert 590 <= refused.value.retry_after <= 602

    clock.now = EDGE + 500  # weight 400/900: 13 still count
    assert not consume(scope)
    clock.now = EDGE + 700  # weight 200/900 of 30: 6, plus this window's 2 attempts
    assert consume(scope)

