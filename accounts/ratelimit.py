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


# What a person reads for each scope (issue 29 item 16: "Too many login_account attempts").
SCOPE_WORDS = {
    "signup": "sign-up attempts from this address",
    "login": "log-in attempts from this address",
    "login_account": "failed log-ins to this account",
    "token": "token requests from this address",
    "password_change": "wrong current passwords",
    "password_reset": "password reset requests",
    "email_verify": "confirmation mails asked for",
    "chat": "chat lines",
}


def _refuse(*, scope: str, window: int, now: float, retry_after: int | None = None
            ) -> RateLimited:
    if retry_after is None:
        retry_after = int(window - (now % window)) + 1
    what = SCOPE_WORDS.get(scope, f"{scope.replace('_', ' ')} requests")
    return RateLimited(f"Too many {what}; try again in {retry_after} seconds.",
                       retry_after=retry_after)


def ratelimit_consume_sliding(*, scope: str, key: str) -> None:
    """Count one attempt for (scope, key) over the last `window` seconds, whenever they began:
    no span of that length ever holds more than the limit. The fixed windows of
    ratelimit_consume let twice the limit through across a window's edge (issue 29 item 15:
    12 chat lines in 2 s); this keeps the times of the last `limit` attempts instead. Two
    attempts of one key at the same instant may both count as the first (a cache round trip
    apart); that costs one extra line at most, never a lock-out."""
    limit, window = settings.RATE_LIMITS[scope]
    if limit <= 0:
        return
    now = time.time()
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    cache_key = f"{settings.RATE_LIMIT_KEY_PREFIX}:{scope}:sliding:{digest}"
    try:
        recent = [t for t in cache.get(cache_key, []) if t > now - window]
        if len(recent) >= limit:
            raise _refuse(scope=scope, window=window, now=now,
                          retry_after=int(recent[-limit] + window - now) + 1)
        cache.set(cache_key, (recent + [now])[-limit:], timeout=window + 1)
    except RateLimited:
        raise
    except Exception:  # any cache backend error: fail open
        logger.warning("rate limit %s not counted: cache unreachable", scope, exc_info=True)


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
