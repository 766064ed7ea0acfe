"""Rate limits over a sliding window. Limits are configured per scope in settings.RATE_LIMITS
as (attempts, window seconds).

Counters are kept per fixed window, and a scope's count is the current window's plus the
previous window's weighted by how much of it still lies within the last `seconds`: a fixed
window alone forgives everything at its edge, so a lock-out could end a second after it began
(CI saw a guesser's 30 counted attempts forgotten when a 15-minute edge fell inside a test).

Where the counters live:
- the cache (Redis in production, so all processes share them; survives a Redis restart with
  the compose stack's append-only file), for every scope while it answers;
- the database (accounts.RateLimitCounter) for the scopes in settings.RATE_LIMIT_DURABLE_SCOPES
  (password checks, sign-ups, reset and confirmation mails): always in the embedded set-up,
  whose cache is process memory that a restart would clear, and as the fallback while Redis
  is unreachable, so an outage does not lift the limits on password guessing (issue 24);
- other scopes (chat, the Bot API's actions) fail open with a logged warning when the cache is
  unreachable: refusing every chat line because Redis is down would turn a cache outage into a
  site outage.
"""
from __future__ import annotations

import hashlib
import logging
import random
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.utils.translation import gettext, gettext_lazy

from core.errors import RateLimited

from .models import RateLimitCounter

logger = logging.getLogger(__name__)
CLEANUP_CHANCE = 0.01  # a counting call deletes passed windows' rows this often


@dataclass(frozen=True)
class _Window:
    limit: int
    seconds: int
    key: str
    previous_key: str
    now: float

    @property
    def expires_at(self) -> float:
        # Kept through the next window too, where it is the previous one.
        return (self.now // self.seconds + 2) * self.seconds

    @property
    def previous_weight(self) -> float:
        """The share of the previous window still within the last `seconds`."""
        return 1.0 - (self.now % self.seconds) / self.seconds

    def total(self, current: int, previous: int) -> int:
        return current + int(previous * self.previous_weight)

    def retry_after(self, current: int, previous: int) -> int:
        """Seconds until one more attempt fits, if no other attempt is made meanwhile."""
        into = self.now % self.seconds
        left = self.seconds - into
        if current < self.limit and previous:
            # Within this window, once the previous window's weight has fallen far enough.
            share = (self.limit - current) / previous  # weight at which it fits
            return int(max(0.0, (1.0 - share) * self.seconds - into)) + 1
        # Into the next window, where this one is the previous.
        share = self.limit / current if current else 1.0
        return int(left + max(0.0, 1.0 - share) * self.seconds) + 1


def _window(*, scope: str, key: str) -> _Window | None:
    limit, seconds = settings.RATE_LIMITS[scope]
    if limit <= 0:  # 0 disables the limit (e.g. for load tests)
        return None
    now = time.time()
    bucket = int(now // seconds)
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]  # keys may hold user input
    prefix = f"{settings.RATE_LIMIT_KEY_PREFIX}:{scope}:{digest}"
    return _Window(limit, seconds, f"{prefix}:{bucket}", f"{prefix}:{bucket - 1}", now)


# What a person reads for each scope (issue 29 item 16: "Too many login_account attempts").
SCOPE_WORDS = {
    "signup": gettext_lazy("sign-up attempts from this address"),
    "login": gettext_lazy("log-in attempts from this address"),
    "login_account": gettext_lazy("failed log-ins to this account"),
    "token": gettext_lazy("token requests from this address"),
    "password_change": gettext_lazy("wrong current passwords"),
    "password_reset": gettext_lazy("password reset requests"),
    "email_verify": gettext_lazy("confirmation mails asked for"),
    "chat": gettext_lazy("chat lines"),
}


def _refuse(*, scope: str, seconds: int, now: float, retry_after: int | None = None
            ) -> RateLimited:
    if retry_after is None:
        retry_after = int(seconds - (now % seconds)) + 1
    what = SCOPE_WORDS.get(scope) or gettext("%(scope)s requests") % {"scope": scope.replace("_", " ")}
    return RateLimited(gettext("Too many %(what)s; try again in %(seconds)s seconds.")
                       % {"what": what, "seconds": retry_after}, retry_after=retry_after)


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
            raise _refuse(scope=scope, seconds=window, now=now,
                          retry_after=int(recent[-limit] + window - now) + 1)
        cache.set(cache_key, (recent + [now])[-limit:], timeout=window + 1)
    except RateLimited:
        raise
    except Exception:  # any cache backend error: fail open
        logger.warning("rate limit %s not counted: cache unreachable", scope, exc_info=True)


def _in_database(scope: str) -> bool:
    return scope in settings.RATE_LIMIT_DURABLE_SCOPES and not settings.REDIS_URL


# ---- the database store ----

def _db_count(key: str) -> int:
    row = RateLimitCounter.objects.filter(key=key).values_list("count", flat=True).first()
    return row or 0


def _db_incr(window: _Window) -> int:
    """Count one attempt atomically (one upsert: concurrent requests never lose a count)."""
    table = connection.ops.quote_name(RateLimitCounter._meta.db_table)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (key, count, expires_at) VALUES (%s, 1, %s) "
            f"ON CONFLICT (key) DO UPDATE SET count = {table}.count + 1 RETURNING count",
            [window.key, window.expires_at])
        count = cursor.fetchone()[0]
        if random.random() < CLEANUP_CHANCE:
            RateLimitCounter.objects.filter(expires_at__lt=window.now).delete()
    return count


# ---- the cache store ----

def _cache_incr(window: _Window) -> int:
    timeout = 2 * window.seconds + 1  # it is the next window's previous one
    cache.add(window.key, 0, timeout=timeout)
    try:
        return cache.incr(window.key)
    except ValueError:  # expired between add and incr
        cache.set(window.key, 1, timeout=timeout)
        return 1


def _count(scope: str, window: _Window, *, incr: bool) -> tuple[int, int] | None:
    """The (current, previous) windows' counts, after counting one attempt if `incr`;
    None: not limited now."""
    if _in_database(scope):
        current = _db_incr(window) if incr else _db_count(window.key)
        return current, _db_count(window.previous_key)
    try:
        current = _cache_incr(window) if incr else cache.get(window.key, 0)
        previous = cache.get(window.previous_key, 0)
    except Exception:  # any cache backend error  # noqa: BLE001
        if scope in settings.RATE_LIMIT_DURABLE_SCOPES:
            logger.warning("rate limit %s counted in the database: cache unreachable", scope,
                           exc_info=True)
            current = _db_incr(window) if incr else _db_count(window.key)
            return current, _db_count(window.previous_key)
        logger.warning("rate limit %s not counted: cache unreachable", scope, exc_info=True)
        return None
    if scope in settings.RATE_LIMIT_DURABLE_SCOPES:
        # Attempts counted in the database while Redis was down still count.
        current += _db_count(window.key)
        previous += _db_count(window.previous_key)
    return current, previous


def ratelimit_check(*, scope: str, key: str) -> None:
    """Raise RateLimited if (scope, key) has used up its window, without counting an attempt."""
    window = _window(scope=scope, key=key)
    if window is None:
        return
    counts = _count(scope, window, incr=False)
    if counts is not None and window.total(*counts) >= window.limit:
        raise _refuse(scope=scope, seconds=window.seconds, now=window.now,
                      retry_after=window.retry_after(*counts))


def ratelimit_consume(*, scope: str, key: str) -> None:
    """Count one attempt for (scope, key); raise RateLimited once the window's limit is passed."""
    window = _window(scope=scope, key=key)
    if window is None:
        return
    counts = _count(scope, window, incr=True)
    if counts is not None and window.total(*counts) > window.limit:
        raise _refuse(scope=scope, seconds=window.seconds, now=window.now,
                      retry_after=window.retry_after(*counts))
