"""A short-lived claim on (game, ply), so two jobs do not both burn CPU searching one ply.

Correctness never rests on it: the compare-and-set on the ply in `games.services` already
guarantees that one move is stored per ply. The claim only saves the work. It lives in the
Django cache: Redis when REDIS_URL is set (shared by all workers), per-process memory otherwise
(the in-process runner's threads).

A claim names its owner (the Celery task id). A re-delivered task has the same id as the one
that died holding the claim, so it takes the claim over instead of waiting for it to expire.
"""
from __future__ import annotations

import logging
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.cache import cache

from games.models import Game

logger = logging.getLogger(__name__)

KEY_PREFIX = "bots:claim"


def claim_key(game: Game, ply: int) -> str:
    # The creation time is part of the key: game ids repeat when a database is recreated (tests,
    # a reset development database) while Redis and its keys live on.
    return f"{KEY_PREFIX}:{game.pk}:{game.created_at.timestamp():.6f}:{ply}"


@contextmanager
def ply_claim(game: Game, ply: int, *, owner: str | None, ttl: int) -> Iterator[str | None]:
    """Yield how the claim was got ("new", "resumed" by a re-delivered owner, or "unguarded"
    when the cache is unreachable), or None when another job holds it. Released on exit if
    still ours."""
    key = claim_key(game, ply)
    token = owner or f"anonymous-{uuid.uuid4().hex}"
    try:
        if cache.add(key, token, timeout=ttl):
            how = "new"
        elif owner is not None and cache.get(key) == owner:
            how = "resumed"
        else:
            how = None
    except Exception as exc:  # noqa: BLE001 - Redis down: search anyway, the ply still guards
        logger.warning("no claim on game %s ply %s (cache unreachable: %s)", game.pk, ply, exc)
        how = "unguarded"
    if how in (None, "unguarded"):
        yield how
        return
    try:
        yield how
    finally:
        _release(key, token)


def _release(key: str, token: str) -> None:
    try:
        # Not atomic with the read, but the worst case is deleting a claim whose ply is played.
        if cache.get(key) == token:
            cache.delete(key)
    except Exception as exc:  # noqa: BLE001 - the claim expires on its own (ttl)
        logger.warning("claim %s not released (cache unreachable: %s)", key, exc)
