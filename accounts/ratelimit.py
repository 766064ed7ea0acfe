"""Fixed-window rate limits kept in the cache (Redis in production, so all processes share
them). Limits are configured per scope in settings.RATE_LIMITS as (attempts, window seconds).

When the cache is unreachable the limits fail open with a logged warning: refusing every
sign-up and log-in because Redis is down would turn a cache outage into a site outage."""
from __future__ import annotations

import hashlib
import logging
import time

from django.conf import settings
from django.core.cache import cache

from core.errors import RateLimited

logger = logging.getLogger(__name__)


def _window(*, scope: str, key: str) -> tuple[int, int, str, float] | None:
    limit, window = settings.RATE_LIMITS[scope]
    if limit <= 0:  # 0 disables the limit (e.g. for load tests)
        return None
    now = time.time()
    bucket = int(now // window)
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]  # keys may hold user input
    return limit, window, f"{settings.RATE_LIMIT_KEY_PREFIX}:{scope}:{digest}:{bucket}", now


def _refuse(*, scope: str, window: int, now: float) -> RateLimited:
    retry_after = int(window - (now % window)) + 1
    return RateLimited(
        f"Too many {scope} attempts; try again in {retry_after} seconds.",
        retry_after=retry_after,
    )


def ratelimit_check(*, scope: str, key: str) -> None:
    """Raise RateLimited if (scope, key) has used up its window, without counting an attempt."""
    found = _window(scope=scope, key=key)
    if found is None:
        return
    limit, window, cache_key, now = found
    try:
        count = cache.get(cache_key, 0)
    except Exception:  # any cache backend error: fail open
        logger.warning("rate limit %s not checked: cache unreachable", scope, exc_info=True)
        return
    if count >= limit:
        raise _refuse(scope=scope, window=window, now=now)


def ratelimit_consume(*, scope: str, key: str) -> None:
    """Count one attempt for (scope, key); raise RateLimited once the window's limit is passed."""
    found = _window(scope=scope, key=key)
    if found is None:
        return
    limit, window, cache_key, now = found
    try:
        cache.add(cache_key, 0, timeout=window + 1)
        try:
            count = cache.incr(cache_key)
        except ValueError:  # expired between add and incr
            cache.set(cache_key, 1, timeout=window + 1)
            count = 1
    except Exception:  # any cache backend error: fail open
        logger.warning("rate limit %s not counted: cache unreachable", scope, exc_info=True)
        return
    if count > limit:
        raise _refuse(scope=scope, window=window, now=now)
