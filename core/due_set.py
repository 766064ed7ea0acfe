"""Times things fall due, kept in one Redis sorted set (member -> Unix time), and claimed by
whoever polls first.

Live games' flags (games/services/clocks.py) use it with a broker: a move's new deadline is one
ZADD (was a Celery message with an ETA: a kombu message built, serialised and pushed at every
move), and a poller in each server process (games/runner.py) claims what is due. A claim is one
Lua script - the due members read and removed in the same atomic step - so a member due once is
claimed by exactly one poller, however many poll.

Scores only move earlier (`ZADD LT`): out-of-order writers (two processes' after-commit
callbacks, a poller putting back a deadline it read a moment before a move changed it) can
make a member fall due too early, never too late. Whoever claims it checks the truth (the
database) and puts the member back at the time it finds there. A member claimed by a process
that dies before it is done is lost here; the caller's sweep of the database is the net.
"""
from __future__ import annotations

import threading
from collections.abc import Iterable

from django.conf import settings

# The due members (at most ARGV[2]) with a score up to ARGV[1], removed as they are read; and
# the earliest score left (false when none), so a poller can sleep until it.
CLAIM_LUA = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
if #due > 0 then
    redis.call('ZREM', KEYS[1], unpack(due))
end
local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {due, first[2] or false}
"""

_clients: dict[str, object] = {}
_clients_lock = threading.Lock()


def client(url: str | None = None):
    """One synchronous Redis client per URL and process (redis-py's pool re-opens its
    connections in a forked child by itself)."""
    url = url or settings.REDIS_URL
    found = _clients.get(url)
    if found is None:
        import redis

        with _clients_lock:
            found = _clients.get(url)
            if found is None:
                found = _clients[url] = redis.Redis.from_url(
                    url, socket_connect_timeout=2, socket_timeout=5, health_check_interval=30)
    return found


class DueSet:
    """The sorted set `key` on the site's Redis (or `url`'s)."""

    def __init__(self, key: str, url: str | None = None) -> None:
        self.key = key
        self.url = url
        self._claim = None

    @property
    def redis(self):
        return client(self.url)

    def due_at(self, member: str | int, at: float) -> None:
        """`member` falls due at Unix time `at`, or earlier if it already was to."""
        self.redis.zadd(self.key, {str(member): at}, lt=True)

    def due_at_many(self, items: Iterable[tuple[str | int, float]], *, chunk: int = 500) -> int:
        """`due_at` for many members, in pipelines of `chunk`; returns how many were given."""
        count = 0
        pipe = self.redis.pipeline(transaction=False)
        for member, at in items:
            pipe.zadd(self.key, {str(member): at}, lt=True)
            count += 1
            if count % chunk == 0:
                pipe.execute()
        pipe.execute()
        return count

    def forget(self, member: str | int) -> None:
        self.redis.zrem(self.key, str(member))

    def claim(self, now: float, limit: int = 100) -> tuple[list[str], float | None]:
        """Take the members due by `now` (at most `limit`; each is given to one caller only)
        and return them with the earliest time still waiting (None: nothing waits)."""
        if self._claim is None:
            self._claim = self.redis.register_script(CLAIM_LUA)
        due, first = self._claim(keys=[self.key], args=[repr(now), limit])
        return ([member.decode() for member in due],
                float(first) if first not in (None, False) else None)

    def when(self, member: str | int) -> float | None:
        """When `member` falls due (None: not waiting)."""
        return self.redis.zscore(self.key, str(member))
