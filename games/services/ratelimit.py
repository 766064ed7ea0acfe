"""Fixed-window rate limits kept in the cache (Redis in production, so all processes share
them). Limits are configured per scope in settings.RATE_LIMITS as (attempts, window seconds)."""
from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache

from games.errors import RateLimited


def ratelimit_consume(*, scope: str, key: str) -> None:
    """Count one attempt for (scope, key); raise RateLimited once the window's limit is passed."""
    limit, window = settings.RATE_LIMITS[scope]
    if limit <= 0:  # 0 disables the limit (e.g. for load tests)
        return
    now = time.time()
    bucket = int(now // window)
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]  # keys may hold user input
    cache_key = f"{settings.RATE_LIMIT_KEY_PREFIX}:{scope}:{digest}:{bucket}"
    cache.add(cache_key, 0, timeout=window + 1)
    try:
        count = cache.incr(cache_key)
    except ValueError:  # expired between add and incr
        cache.set(cache_key, 1, timeout=window + 1)
        count = 1
    if count > limit:
        retry_after = int(window - (now % window)) + 1
        raise RateLimited(
            f"Too many {scope} attempts; try again in {retry_after} seconds.",
            retry_after=retry_after,
        )
