"""The NDJSON streams, as async streaming responses: an idle stream is one coroutine waiting on
the channel layer, never a worker thread. Each stream subscribes before it reads the database,
so nothing that happens in between is lost, and re-reads the database on every announcement
(the database is the source of truth; the announcement only says "look again")."""
from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import aclosing

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils.translation import gettext_lazy

from core.layer import LAYER_GAP
from games import events as game_events

from . import selectors, services

logger = logging.getLogger(__name__)

NDJSON = "application/x-ndjson"
KEEPALIVE = b"\n"
REPLACED = object()  # the end of a stream's messages: a newer stream took its place
# The event stream's last line when a newer event stream of the same token took its place
# (ours; lichess clients pass over an unknown type).
REPLACED_REASON = gettext_lazy("Another client opened this account's event stream with the "
                               "same token; this stream ends.")


def replaced_event() -> dict:
    return {"type": "streamReplaced", "reason": str(REPLACED_REASON)}


def line(obj: dict) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode() + b"\n"


class Subscription:
    """A channel-layer channel in some groups, with a reader task feeding a local queue: the
    stream waits on the queue with a timeout (cancelling a queue wait is always safe)."""

    def __init__(self, groups: list[str], slot: services.StreamSlot | None = None) -> None:
        self.slot = slot
        self.groups = groups + ([slot.group] if slot is not None else [])
        self.layer = get_channel_layer()
        self.queue: asyncio.Queue = asyncio.Queue()
        self.channel: str | None = None
        self._reader: asyncio.Task | None = None
        self.was_replaced = False  # set when messages() ended because a newer stream took over

    async def __aenter__(self) -> Subscription:
        if self.layer is not None:
            # The default prefix: channels_redis reads every process-specific channel of a
            # process through one receive loop keyed to that prefix; another prefix would
            # block the websocket consumers' receives behind ours.
            self.channel = await self.layer.new_channel()
            for group in self.groups:
                await self.layer.group_add(group, self.channel)
            self._reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # a layer outage: say so and retry, the stream stays open
                logger.warning("botapi stream: channel layer receive failed", exc_info=True)
                await asyncio.sleep(1)
                continue
            self.queue.put_nowait(message)

    async def next(self, timeout: float) -> dict | None:
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except asyncio.TimeoutError:
            return None

    def replaced(self, message: dict | None) -> bool:
        """Whether `message` tells this stream a newer one of its token took its place."""
        return (message is not None and message.get("type") == services.STOP
                and self.slot is not None and message.get("stream") != self.slot.id)

    async def messages(self) -> AsyncIterator[dict | None]:
        """The messages as they come, and None after each BOTAPI_KEEPALIVE_SECONDS without one
        (the stream writes a keep-alive line then). The stream's slot is refreshed at every
        keep-alive and, while messages keep coming, once a keep-alive interval: an open
        stream never lets its slot lapse, busy or quiet (a slot refreshed only on quiet
        intervals lapsed during a busy minute and ended the stream in the pause after it).
        Ends when a newer stream of the same token and target replaced this one."""
        keepalive = settings.BOTAPI_KEEPALIVE_SECONDS
        loop = asyncio.get_running_loop()
        refreshed = loop.time()
        while True:
            message = await self.next(keepalive)
            if self.replaced(message):
                self.was_replaced = True
                return
            if message is not None and message.get("type") == LAYER_GAP:
                return  # events may have been lost: the client reopens and gets the full state
            if message is not None and message.get("type") == services.STOP:
                continue
            yield message
            if self.slot is not None and (message is None
                                          or loop.time() - refreshed >= keepalive):
                refreshed = loop.time()
                alive = await sync_to_async(services.stream_slot_refresh,
                                            thread_sensitive=False)(self.slot)
                if not alive:
                    self.was_replaced = True
                    return

    async def __aexit__(self, *exc) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self.layer is not None and self.channel is not None:
            for group in self.groups:
                try:
                    await self.layer.group_discard(group, self.channel)
                except Exception:  # the group entry expires by itself
                    logger.info("botapi stream: group_discard failed", exc_info=True)


async def released(content: AsyncIterator[bytes],
                   slot: services.StreamSlot) -> AsyncIterator[bytes]:
    """`content`, freeing the stream's slot in `finally`: when the stream ends, is replaced, or
    its client goes (the ASGI handler then cancels the response and closes this generator)."""
    try:
        async with aclosing(content) as chunks:
            async for chunk in chunks:
                yield chunk
    finally:
        await sync_to_async(services.stream_slot_release, thread_sensitive=False)(slot)


async def event_stream(*, user, slot: services.StreamSlot) -> AsyncIterator[bytes]:
    """gameStart for the games in progress and a `challenge` for each pending incoming
    challenge, then every event for this account as it happens."""
    # What the opening burst announced: the same fact may also arrive live (it happened
    # between subscribing and reading), and is not repeated.
    announced: set[tuple[str, str]] = set()
    async with Subscription([services.events_group(user.pk)], slot) as sub:
        # A first keep-alive line as soon as the stream listens: the client knows it is
        # connected, and anything after this line is heard.
        yield KEEPALIVE
        first = await database_sync_to_async(_event_stream_start)(user)
        for event in first:
            announced.add(_identity(event))
            yield line(event)
        async with aclosing(sub.messages()) as messages:
            async for message in messages:
                if message is None:
                    yield KEEPALIVE
                    continue
                event = message.get("event")
                if not isinstance(event, dict):
                    continue
                if _identity(event) in announced:
                    announced.discard(_identity(event))
                    continue
                yield line(event)
        if sub.was_replaced:
            # Another client of the same token opened the event stream: the newer one wins
            # (a client whose connection died must get back at once), and this one is told,
            # so that two programs on one token do not both play the account's games.
            yield line(replaced_event())


def _identity(event: dict) -> tuple[str, str]:
    kind = event.get("type", "")
    if kind in ("gameStart", "gameFinish"):
        return kind, str(event.get("game", {}).get("gameId"))
    return kind, str(event.get("challenge", {}).get("id"))


def _event_stream_start(user) -> list[dict]:
    games = [{"type": "gameStart", "game": selectors.event_game_json(game, user)}
             for game in selectors.games_in_progress(user=user)]
    challenges = [services.challenge_event("challenge", c, user)
                  for c in selectors.challenges_pending_to(user=user)]
    return games + challenges


async def game_stream(*, game_id: int, user_id: int, slot: services.StreamSlot,
                      read_full: Callable[[], Awaitable[dict]],
                      read_state: Callable[[], Awaitable[dict]]) -> AsyncIterator[bytes]:
    """gameFull (every move so far), then a gameState whenever the game changes and a chatLine
    for every line in the players' room; the stream ends after the state that ends the game."""
    groups = [game_events.game_group(game_id), game_events.game_player_group(game_id, user_id)]
    async with Subscription(groups, slot) as sub:
        full = await read_full()
        yield line(full)
        last = full["state"]
        async with aclosing(sub.messages()) as messages:
            while last["status"] in ("created", "started"):
                message = await anext(messages, REPLACED)
                if message is REPLACED:
                    return
                if message is None:
                    yield KEEPALIVE
                    continue
                # Several announcements may be queued: one read answers them all; chat lines are
                # passed on as they come (the player's group only carries what this player sees).
                changed = False
                while message is not None:
                    if sub.replaced(message):
                        return
                    if message.get("type") == services.STOP:
                        pass
                    elif message.get("event") == "chat":
                        yield line(_chat_line(message.get("data") or {}))
                    else:
                        changed = True
                    message = sub.queue.get_nowait() if not sub.queue.empty() else None
                if not changed:
                    continue
                state = await read_state()
                if _differs(state, last):
                    yield line(state)
                    last = state


def _chat_line(data: dict) -> dict:
    room = "spectator" if data.get("room") == "spectators" else "player"
    return {"type": "chatLine", "room": room, "username": data.get("author", ""),
            "text": data.get("text", "")}


def _differs(state: dict, last: dict) -> bool:
    # The clock fields change with every read; a new state is a new move, status or offer.
    keys = ("moves", "status", "winner", "wdraw", "bdraw", "wtakeback", "btakeback")
    return any(state.get(k) != last.get(k) for k in keys)
