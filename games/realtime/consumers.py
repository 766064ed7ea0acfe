"""Websocket consumers: a game's live events (`ws/games/<id>/`) and a user's notifications
(`ws/notifications/`).

Consumers are thin: reads and moves go through `games.realtime.reads`, i.e. the selectors and
services the REST API uses; nothing here writes a model. Every message to the client is flat
JSON with a `type` (see `games.events` for the event fields):

ws/games/<id>/[?since=<ply>]   (<id>: the game's public id; an old integer id is refused with
                               4404 and a hint, since v1.2)
  server -> client, on connect: with ?since=N first one {"type": "move", ...} per stored move
    after ply N, in order; then always {"type": "state", "game": <REST game detail>}.
    Then live: "move", "draw_offer", "draw_declined", "takeback_offer", "takeback_declined",
    "takeback", "end". A move event whose ply the client was already sent is dropped, so a
    move racing the resync is shown exactly once; a "takeback" sets that ply back.
  client -> server: {"type": "move", "move": "Bb2Cb2", "ply": 0}; on success the client hears
    the move like everyone else; a refusal comes back as
    {"type": "error", "error": <code>, "detail": <message>} (the REST API's error codes).
    Other apps add client message types through `games.realtime.handlers` (chat: "chat").
  Lag (live games: a player's socket, while the game runs): the server sends
    {"type": "ping", "id": n} at once and then every GAME_SOCKET_PING_SECONDS while it is that
    player's turn (n counts up); the client answers at once with {"type": "pong", "id": n}.
    The server keeps the smoothed round trip of this socket (games.realtime.lag) and passes
    it to the game service as the lag of each move sent on this socket, which credits the
    mover's clock with a bounded part of it. A pong to no ping awaiting one is ignored; a
    malformed one is refused ("invalid"). Spectators' sockets and correspondence games are
    not pinged.
  A player's socket also hears its own group `game-<id>-user-<uid>`, everybody else's the
  spectators' group `game-<id>-spectators` (see games.events): what is said in one is never
  sent to the other.
  Anonymous visitors may watch (read-only: every message they send is refused with
  not_authenticated, and they hear no chat).
ws/notifications/
  server -> client: "challenge_received", "challenge_accepted", "your_turn", "game_ended".

Refusals after the handshake: an error message, then a close with a 4xxx code (4400 bad
request, 4401 not logged in or a bad token, 4404 no such game, 4429 too many sockets from one
address or account: games.realtime.limits) so browsers can tell "refused" from "network
trouble" and stop retrying. When the channel layer loses Redis (events published meanwhile are
lost) or cannot reach it at the handshake, the socket is closed with 4503 (core.layer): not a
refusal, the client reconnects and resyncs with ?since=. Foreign origins never get this far:
`AllowedHostsOriginValidator` in `raumschach_site.asgi` rejects the handshake itself.
"""
from __future__ import annotations

import asyncio
import json
import logging
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import SiteError
from core.layer import CLOSE_LAYER_GAP
from games import events
from games.errors import GameError, InvalidInput, NotFound

from . import handlers, reads
from .lag import LagMeter

logger = logging.getLogger(__name__)

CLOSE_BAD_REQUEST = 4400
CLOSE_NOT_AUTHENTICATED = 4401
CLOSE_NOT_FOUND = 4404
# Characters; a move message is under 60, a chat line of CHAT_MAX_LENGTH (500) characters fits
# with room for JSON escapes; anything far larger is abuse.
MAX_CLIENT_MESSAGE = 4096
NOT_AUTHENTICATED = "not_authenticated"

# Each call is a self-contained unit (its own queries, its own transaction), so it need not
# run on the one thread Channels uses for thread-sensitive work: on the shared thread every
# socket of the process would queue behind every other socket's database round trips.
snapshot_async = database_sync_to_async(reads.game_snapshot, thread_sensitive=False)
key_async = database_sync_to_async(reads.game_key, thread_sensitive=False)
play_async = database_sync_to_async(reads.game_play, thread_sensitive=False)


class _Consumer(AsyncJsonWebsocketConsumer):
    async def dispatch(self, message: dict) -> None:
        # Channels' dispatch first closes stale database connections on its shared sync thread,
        # a hop to that thread and back for every message - each move event to each socket.
        # These consumers never touch the database on that thread: every read and move goes
        # through database_sync_to_async (thread_sensitive=False), which closes stale
        # connections itself in the thread it runs in. So the hop is skipped.
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def layer_gap(self, message: dict) -> None:
        """The layer lost Redis: events may have been lost; the client reconnects and resyncs."""
        await self.close(code=CLOSE_LAYER_GAP)

    async def join(self, *groups: str) -> bool:
        """Join the groups; False (the socket closed with CLOSE_LAYER_GAP) if the layer is away."""
        try:
            for group in groups:
                await self.channel_layer.group_add(group, self.channel_name)
        except Exception:  # noqa: BLE001 - Redis down: the client retries (not a refusal)
            logger.warning("socket: channel layer unreachable at connect", exc_info=True)
            await self.close(code=CLOSE_LAYER_GAP)
            return False
        return True

    async def leave(self, *groups: str) -> None:
        for group in groups:
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:  # noqa: BLE001 - Redis down: the membership expires by itself
                logger.info("socket: group_discard failed", exc_info=True)

    async def send_error(self, code: str, detail: str) -> None:
        await self.send_json({"type": "error", "error": code, "detail": detail})

    async def refuse(self, close_code: int, code: str, detail: str) -> None:
        await self.send_error(code, detail)
        await self.close(code=close_code)

    async def accept_logged_in(self, what: object) -> bool:
        """Accept the handshake; if nobody is logged in, say why and close (True = go on)."""
        await self.accept()
        self.user = self.scope.get("user")
        if self.user is not None and self.user.is_authenticated:
            return True
        detail = (self.scope.get("auth_error")
                  or _("Log in (session or API token) to %(what)s.") % {"what": what})
        await self.refuse(CLOSE_NOT_AUTHENTICATED, NOT_AUTHENTICATED, detail)
        return False

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        # The base class would let bad JSON raise and kill the connection; answer it instead.
        if text_data is None or len(text_data) > MAX_CLIENT_MESSAGE:
            await self.send_error(InvalidInput.code,
                                  _("Send JSON text messages under %(count)s characters.")
                                  % {"count": MAX_CLIENT_MESSAGE})
            return
        try:
            content = json.loads(text_data)
        except ValueError:
            await self.send_error(InvalidInput.code, _("That message is not JSON."))
            return
        await self.receive_json(content)


class GameConsumer(_Consumer):
    game_id: int
    group: str = ""
    role_group: str = ""  # the player's own group on this game, or the spectators'
    last_ply: int = -1  # highest move ply this client has been sent
    ended: bool = False  # whether this client has been told the game is over
    lag: LagMeter | None = None  # a player's socket on a live game: its measured round trip
    pinger: asyncio.Task | None = None
    color: str | None = None  # the player's side, on a player's socket
    turn: str | None = None  # the side to move, as this socket was last told

    async def connect(self) -> None:
        # Anyone may watch a game live (issue 29 item 2: Bot TV for logged-out visitors): an
        # anonymous socket is read-only and hears no chat. A bad token is still refused: the
        # client meant to be somebody.
        await self.accept()
        self.user = self.scope.get("user")
        if self.scope.get("auth_error"):
            await self.refuse(CLOSE_NOT_AUTHENTICATED, NOT_AUTHENTICATED, self.scope["auth_error"])
            return
        since = self._since()
        if since is False:
            await self.refuse(CLOSE_BAD_REQUEST, InvalidInput.code,
                              _("since must be a non-negative integer ply."))
            return
        # The URL names the game by its public id; the groups use its internal key, which is
        # needed before the snapshot is read (below), hence a lookup of its own.
        try:
            self.game_id = await key_async(ref=self.scope["url_route"]["kwargs"]["game_id"])
        except NotFound as exc:
            await self.refuse(CLOSE_NOT_FOUND, exc.code, exc.detail)
            return
        # Join before reading: a move stored after the read is announced to us after we joined,
        # so none is missed; one announced between joining and reading is in the snapshot too
        # and is dropped by its ply in game_event (handlers run one at a time, after connect).
        if not await self.join(events.game_group(self.game_id)):
            return
        self.group = events.game_group(self.game_id)
        try:
            snapshot = await snapshot_async(game_id=self.game_id, user=self.user, since=since)
        except NotFound as exc:
            await self.refuse(CLOSE_NOT_FOUND, exc.code, exc.detail)
            return
        color = snapshot.state.get("your_color")
        role_group = (events.game_player_group(self.game_id, self.user.pk) if color
                      else events.game_spectators_group(self.game_id))
        if not await self.join(role_group):
            return
        self.role_group = role_group
        for move in snapshot.missed_moves:
            await self.send_json({"type": "move", "game": snapshot.state["id"], **move})
        await self.send_json({"type": "state", "game": snapshot.state})
        self.last_ply = snapshot.ply
        self.ended = not snapshot.active
        self.color, self.turn = color, snapshot.state.get("turn")
        if color and snapshot.active and snapshot.state.get("clock"):
            self.lag = LagMeter(interval=settings.GAME_SOCKET_PING_SECONDS)
            self.pinger = asyncio.create_task(self._ping_until_stopped())

    async def _ping_until_stopped(self) -> None:
        """Ping this socket now, then every interval while it is this player's turn (the lag of
        a move is the mover's), until the game ends or the socket goes."""
        try:
            await self.send_json(self.lag.ping())
            while True:
                await asyncio.sleep(self.lag.interval)
                if self.turn == self.color:
                    await self.send_json(self.lag.ping())
        except Exception:  # noqa: BLE001 - a send on a socket going away: stop pinging it
            logger.info("socket: ping failed; not pinging this socket again", exc_info=True)

    def _stop_pinging(self) -> None:
        if self.pinger is not None:
            self.pinger.cancel()
            self.pinger = None

    def _since(self) -> int | None | bool:
        """The ?since= ply: None when absent, False when malformed."""
        values = parse_qs(self.scope.get("query_string", b"").decode("latin-1")).get("since")
        if not values:
            return None
        text = values[-1]
        return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else False

    async def disconnect(self, code: int) -> None:
        self._stop_pinging()
        await self.leave(*[group for group in (self.group, self.role_group) if group])

    async def receive_json(self, content: Any, **kwargs) -> None:
        if not self.group:
            return  # refused at connect; the close is on its way
        if isinstance(content, dict) and content.get("type") == "pong":
            await self._pong(content)
            return
        if not self.logged_in:
            await self.send_error(NOT_AUTHENTICATED,
                                  _("Log in to play or chat; watching needs no account."))
            return
        handler = handlers.handler_for(content.get("type")) if isinstance(content, dict) else None
        if handler is not None:
            try:
                await database_sync_to_async(handler, thread_sensitive=False)(
                    game_id=self.game_id, user=self.user, content=content)
            except SiteError as exc:  # any error of the one hierarchy, rate limits included
                await self.send_error(exc.code, exc.detail)
            return
        if not isinstance(content, dict) or content.get("type") != "move":
            await self.send_error(InvalidInput.code,
                                  _('Send {"type": "move", "move": "Bb2Cb2", "ply": 0}.'))
            return
        # The lag as measured up to this move's arrival (a pong queued behind it is not in it),
        # and the arrival itself: the clock is charged up to here, not up to when a database
        # thread took the move.
        lag_ms = self.lag.lag_ms() if self.lag is not None else 0
        # What the move announces comes back here to be sent from the loop (games.events.Outbox).
        outbox = events.Outbox()
        try:
            await play_async(game_id=self.game_id, user=self.user, move=content.get("move"),
                             ply=content.get("ply"), lag_ms=lag_ms, received_at=timezone.now(),
                             outbox=outbox)
        except GameError as exc:
            await events.send_collected(outbox)  # a move after the flag ends the game
            await self.send_error(exc.code, exc.detail)
            return
        except BaseException:
            outbox.abandon()  # e.g. cancelled: the thread (or the loop, later) still sends it
            raise
        await events.send_collected(outbox)

    async def _pong(self, content: dict) -> None:
        ping_id = content.get("id")
        if isinstance(ping_id, bool) or not isinstance(ping_id, int) or ping_id < 0:
            await self.send_error(InvalidInput.code,
                                  _('Answer a ping with {"type": "pong", "id": <its id>}.'))
            return
        if self.lag is not None:
            self.lag.pong(ping_id)  # an answer to no ping awaiting one is no sample

    @property
    def logged_in(self) -> bool:
        return self.user is not None and self.user.is_authenticated

    async def game_event(self, message: dict) -> None:
        event, data = message["event"], message["data"]
        if event == "chat" and not self.logged_in:
            return  # the spectators' chat is for accounts (moderated, muted by name)
        if event == "move":
            if data["ply"] <= self.last_ply:
                return  # already sent, by the resync or the state
            self.last_ply = data["ply"]
            self.turn = data.get("turn")
        elif event == "takeback":
            # The game went back to this ply: the moves played from it on are new ones.
            self.last_ply = data["ply"]
            self.turn = data.get("turn")
        elif event == "end":
            self._stop_pinging()
            if self.ended:
                return  # the state this client got already shows the game over
            self.ended = True
        await self.send_json({"type": event, **data})


class NotificationConsumer(_Consumer):
    group: str = ""

    async def connect(self) -> None:
        if not await self.accept_logged_in(_("receive notifications")):
            return
        # The lobby's seeks change for everyone (issue 15): one shared group.
        if await self.join(events.user_group(self.user.pk), events.LOBBY_GROUP):
            self.group = events.user_group(self.user.pk)

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.leave(self.group, events.LOBBY_GROUP)

    async def receive_json(self, content: Any, **kwargs) -> None:
        await self.send_error(InvalidInput.code, _("This socket only sends notifications."))

    async def user_notification(self, message: dict) -> None:
        await self.send_json({"type": message["event"], **message["data"]})
