"""Writes of the Bot API: upgrading an account to an external bot, the open-stream slots, and
the events the streams relay. Every game action goes through `games.services`."""
from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache

from bots import services as bot_services
from bots.models import Bot
from games.models import Challenge, Game

from . import selectors

logger = logging.getLogger(__name__)

EVENT = "botapi.event"  # the channel-layer message type the event stream reads


def events_group(user_id: int) -> str:
    return f"botapi-user-{user_id}"


def account_upgrade_to_bot(*, user, description: str = "", variants: object = None) -> Bot:
    """Make `user` an external bot playing `variants` (bots owns the rule and the row; see
    bots.services.bot_upgrade_account)."""
    return bot_services.bot_upgrade_account(user=user, description=description,
                                            variants=variants)


def bot_variants_set(*, user, variants: object) -> Bot:
    """Set the variants an external bot plays (bots.services.bot_set_variants)."""
    return bot_services.bot_set_variants(user=user, variants=variants)


# ----- events for the event stream (sent after commit, from the games.signals receivers)

def publish_event(user_id: int, event: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(events_group(user_id), {"type": EVENT, "event": event})


def on_game_started(*, game_id: int) -> None:
    game = Game.objects.select_related("white", "black").filter(pk=game_id).first()
    if game is None:
        return
    for user in (game.white, game.black):
        publish_event(user.pk, {"type": "gameStart", "game": selectors.event_game_json(game, user)})


def on_game_ended(*, game_id: int) -> None:
    game = Game.objects.select_related("white", "black").filter(pk=game_id).first()
    if game is None:
        return
    for user in (game.white, game.black):
        publish_event(user.pk, {"type": "gameFinish",
                                "game": selectors.event_game_json(game, user)})


def on_challenge_changed(*, challenge_id: str) -> None:
    challenge = Challenge.objects.select_related("challenger", "opponent").filter(
        pk=challenge_id).first()
    if challenge is None or challenge.opponent is None:
        return
    data = selectors.challenge_json(challenge)
    if challenge.status == Challenge.Status.PENDING:
        # lichess sends a new challenge to both sides' streams.
        for user_id in (challenge.opponent_id, challenge.challenger_id):
            publish_event(user_id, {"type": "challenge", "challenge": data})
    elif challenge.status == Challenge.Status.CANCELLED:
        publish_event(challenge.opponent_id, {"type": "challengeCanceled", "challenge": data})
    elif challenge.status == Challenge.Status.DECLINED:
        publish_event(challenge.challenger_id, {"type": "challengeDeclined", "challenge": data})


# ----- open-stream slots (in the cache, so every server process shares them)

def _slot_ttl() -> int:
    # A crashed process's slots lapse after this; a live stream refreshes its slot well before.
    return max(30, settings.BOTAPI_KEEPALIVE_SECONDS * 6)


def stream_slot_acquire(*, user_id: int, token_id: int, what: str) -> list[str] | None:
    """Reserve a slot for one open stream: at most one per token per `what` (a game or the
    event stream) and settings.BOTAPI_MAX_STREAMS per account. Returns the keys to refresh
    and release, or None when over a limit."""
    prefix = settings.BOTAPI_STREAM_KEY_PREFIX
    ttl = _slot_ttl()
    one = f"{prefix}:tok:{token_id}:{what}"
    if not cache.add(one, 1, timeout=ttl):
        return None
    for index in range(settings.BOTAPI_MAX_STREAMS):
        key = f"{prefix}:acct:{user_id}:{index}"
        if cache.add(key, 1, timeout=ttl):
            return [one, key]
    cache.delete(one)
    return None


def stream_slot_refresh(keys: list[str]) -> None:
    ttl = _slot_ttl()
    for key in keys:
        cache.touch(key, ttl)


def stream_slot_release(keys: list[str]) -> None:
    cache.delete_many(keys)
