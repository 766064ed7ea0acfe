"""Writes of the Bot API: upgrading an account to an external bot, the open-stream slots, and
the events the streams relay. Every game action goes through `games.services`."""
from __future__ import annotations

import logging
import math
import time
import uuid
from dataclasses import dataclass
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
STOP = "botapi.stop"  # a newer stream of the same token and target took this one's place


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

    def send(user, kind: str) -> None:
        publish_event(user.pk, challenge_event(kind, challenge, user))

    if challenge.status == Challenge.Status.PENDING:
        # lichess sends a new challenge to both sides' streams.
        send(challenge.opponent, "challenge")
        send(challenge.challenger, "challenge")
    elif challenge.status == Challenge.Status.CANCELLED:
        send(challenge.opponent, "challengeCanceled")
    elif challenge.status == Challenge.Status.DECLINED:
        send(challenge.challenger, "challengeDeclined")


def challenge_event(kind: str, challenge: Challenge, viewer) -> dict[str, Any]:
    """A challenge event as `viewer`'s event stream carries it (lichess's ChallengeEvent etc.)."""
    event: dict[str, Any] = {"type": kind,
                             "challenge": selectors.challenge_json(challenge, viewer=viewer)}
    if kind == "challenge":
        event["compat"] = selectors.COMPAT
    return event


# ----- open-stream slots (in the cache, so every server process shares them)
#
# Two keys per open stream: one per token and stream target (a game or the event stream) and
# one of the account's BOTAPI_MAX_STREAMS places. Each holds "<stream id> <expiry>", so a stream
# only ever refreshes or frees keys it still owns, and a refusal can say when a place lapses.

@dataclass(frozen=True)
class StreamSlot:
    id: str
    keys: tuple[str, ...]
    group: str  # the channel-layer group a replacing stream tells the old one to stop in


def stream_stop_group(token_id: int, what: str) -> str:
    return f"botapi-slot-{token_id}-{what}"


def _slot_ttl() -> int:
    # A crashed process's slots lapse after this; a live stream refreshes its slot well before.
    # Whole seconds: the expiry stored beside the owner is read back with int().
    keepalive = settings.BOTAPI_KEEPALIVE_SECONDS
    return settings.BOTAPI_STREAM_SLOT_SECONDS or max(30, math.ceil(keepalive * 6))


def _value(stream_id: str, ttl: int) -> str:
    return f"{stream_id} {int(time.time()) + ttl}"


def _owner_and_expiry(value: object) -> tuple[str, int]:
    parts = str(value).split()  # "<owner> <expiry>", then the account key on a token's key
    try:
        return parts[0], int(parts[1])
    except (IndexError, ValueError):
        return "", 0


def stream_slot_acquire(*, user_id: int, token_id: int, what: str) -> StreamSlot | int:
    """Reserve a slot for one open stream of `what` (a game or the event stream). A stream of
    the same token and target that is still open is replaced: it is told to stop and this one
    takes its place (a client that lost its connection without the server noticing reconnects
    at once). Otherwise one of the account's settings.BOTAPI_MAX_STREAMS places is taken; when
    all are in use, returns the seconds until the soonest of them lapses if its stream is gone
    without a word (an open stream refreshes its place, so a retry may be refused again)."""
    prefix = settings.BOTAPI_STREAM_KEY_PREFIX
    ttl = _slot_ttl()
    me = uuid.uuid4().hex
    one = f"{prefix}:tok:{token_id}:{what}"
    group = stream_stop_group(token_id, what)
    # An open event stream is what "online" means for an account the server does not play.
    extra = (selectors.online_key(user_id),) if what == "events" else ()
    previous = cache.get(one)
    if previous is not None:
        account_key = str(previous).rsplit(" ", 1)[1]
        cache.set_many({key: _value(me, ttl) for key in (account_key, *extra)}, timeout=ttl)
        cache.set(one, f"{_value(me, ttl)} {account_key}", timeout=ttl)
        _tell_stream_to_stop(group, me)
        return StreamSlot(me, (one, account_key, *extra), group)
    keys = [f"{prefix}:acct:{user_id}:{index}" for index in range(settings.BOTAPI_MAX_STREAMS)]
    for key in keys:
        if cache.add(key, _value(me, ttl), timeout=ttl):
            cache.set(one, f"{_value(me, ttl)} {key}", timeout=ttl)
            cache.set_many({key: _value(me, ttl) for key in extra}, timeout=ttl)
            return StreamSlot(me, (one, key, *extra), group)
    expiries = [_owner_and_expiry(v)[1] for v in cache.get_many(keys).values()]
    return max(1, min(expiries, default=0) - int(time.time()))


def _tell_stream_to_stop(group: str, replaced_by: str) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, {"type": STOP, "stream": replaced_by})


def _owned(slot: StreamSlot) -> list[str]:
    found = cache.get_many(list(slot.keys))
    return [key for key, value in found.items() if _owner_and_expiry(value)[0] == slot.id]


def stream_slot_refresh(slot: StreamSlot) -> bool:
    """Extend the slot's keys; False when another stream has replaced this one (its token
    and target's key names another stream). A key that lapsed (a stalled process, a cache
    restart) is taken again, so a stream still open never loses its place to time; an
    account place that another stream took meanwhile is left to it."""
    ttl = _slot_ttl()
    found = cache.get_many(list(slot.keys))
    token_key = slot.keys[0]
    owner = _owner_and_expiry(found[token_key])[0] if token_key in found else slot.id
    if owner != slot.id:
        return False
    for key in slot.keys:
        if key in found and _owner_and_expiry(found[key])[0] != slot.id:
            continue
        value = _value(slot.id, ttl)
        if key == token_key:
            value = f"{value} {slot.keys[1]}"
        cache.set(key, value, timeout=ttl)
    return True


def stream_slot_release(slot: StreamSlot) -> None:
    """Free what the stream still owns (a replaced stream owns nothing any more)."""
    owned = _owned(slot)
    if owned:
        cache.delete_many(owned)
