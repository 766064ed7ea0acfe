"""A short-lived claim on (game, ply), so two jobs do not both burn CPU searching one ply.

Correctness never rests on it: the compare-and-set on the ply in `games.services` already
guarantees that one move is stored per ply. The claim only saves the work. It lives in the
Django cache: Redis when REDIS_URL is set (shared by all workers), per-process memory otherwise
(the in-process runner's threads).

A claim names its owner (the Celery task id). A re-delivered task has the same id as the one
that died holding the claim, so it takes the claim over instead of waiting for it to expire.
"""
from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.cache import cache

from games.models import Game

KEY_PREFIX = "bots:claim"


def claim_key(game: Game, ply: int) -> str:
    # The creation time is part of the key: game ids repeat when a database is recreated (tests,
    # a reset development database) while Redis and its keys live on.
    return f"{KEY_PREFIX}:{game.pk}:{game.created_at.timestamp():.6f}:{ply}"


@contextmanager
def ply_claim(game: Game, ply: int, *, owner: str | None, ttl: int) -> Iterator[str | None]:
    """Yield how the claim was got ("new", or "resumed" by a re-delivered owner), or None when
    another job holds it. Released on exit if still ours."""
    key = claim_key(game, ply)
    token = owner or f"anonymous-{uuid.uuid4().hex}"
    if cache.add(key, token, timeout=ttl):
        how = "new"
    elif owner is not None and cache.get(key) == owner:
        how = "resumed"
    else:
        yield None
        return
    try:
        yield how
    finally:
        # Not atomic with the read, but the worst case is deleting a claim whose ply is played.
        if cache.get(key) == token:
            cache.delete(key)
