"""Announce already-stored facts to the channel layer; the websocket consumers relay them.

The database is the source of truth and the socket only announces: services call these
functions only through `transaction.on_commit` (`games.services.commit.after_commit`, robust),
so nobody hears of a move that was rolled back, and a broken channel layer cannot undo a
stored move. A client that missed an announcement reads the database again (`?since=<ply>`).

Groups and channel-layer messages (`type` names the consumer handler, Channels style):
- `game-<id>`: {"type": "game.event", "event": <name>, "data": {...}} with <name>
  - "move":          {game, ply, move, san, fen, turn, deadline, legal_moves, clock_paused,
                     clock}
                     (legal_moves: of the side to move now, [] when the move ended the game;
                     the same list a fresh GET of the game gives, so clients need not re-read;
                     clock_paused: the player to move is on vacation; clock: a live game's
                     {limit, increment, white, black, running} as of the move's receipt,
                     increment added; null without a clock)
  - "clock":         {game, deadline, clock_paused}  (a vacation stopped or restarted it)
  - "draw_offer":    {game, by}            (by: "white" | "black")
  - "draw_declined": {game, by}
  - "takeback_offer":    {game, by}     (a player asks to take their last move back)
  - "takeback_declined": {game, by}     (by: the player who declined)
  - "takeback":      {game, by, ply, fen, turn, deadline, legal_moves, checkers, clock_paused,
                      clock}
                     (accepted: the game is back at `ply`; moves after it are gone)
  - "end":           {game, result, termination, clock}  (clock: as it stopped, or null)
- `user-<id>`: {"type": "user.notification", "event": <name>, "data": {...}} with <name>
  - "challenge_received": {challenge, from}
  - "challenge_accepted": {challenge, game, by}
  - "your_turn":          {game, ply, move, san, deadline}  (move/san: the opponent's last
                           move, null at the start of a game)
  - "game_ended":         {game, result, termination}
- `game-<id>-user-<uid>`: the same "game.event" messages, for one player's game sockets only
  (other apps: a player's chat lines, a player's own conditional moves).
- `game-<id>-spectators`: "game.event" messages for the game sockets of non-players (their chat).
- `lobby` (every notification socket joins it): {"type": "user.notification", "event": "lobby",
  "data": {"challenge", "change"}} (change: "new" | "taken" | "gone") when a seek changes.
Every message above (not the narrower groups' chat and conditional lines) also carries
`variant`: {"key", "name"} of the game's (or the challenge's) variant.
The consumers send each to the browser flat, as {"type": <name>, **data}.
`game` in every message is the game's public id (the id of every URL and API answer); the
group names use the internal integer key, which no client sees. Publishers pass both.
"""
from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.variants import variant_json

logger = logging.getLogger(__name__)

GAME_EVENT = "game.event"
USER_NOTIFICATION = "user.notification"


LOBBY_GROUP = "lobby"


def game_group(game_id: int) -> str:
    return f"game-{game_id}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def game_player_group(game_id: int, user_id: int) -> str:
    """One player's sockets on one game: what only that player may see there."""
    return f"game-{game_id}-user-{user_id}"


def game_spectators_group(game_id: int) -> str:
    """The sockets on a game of everybody who does not play in it."""
    return f"game-{game_id}-spectators"


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


Messages = list[tuple[str, dict[str, Any]]]

# A thread's outbox while it runs work for a server's event loop that sends what it announces
# itself, after the work (`collected`, `send_collected`).
_outbox = threading.local()


def _send(group: str, message: dict[str, Any]) -> None:
    _send_all([(group, message)])


def _send_all(messages: Messages) -> None:
    outbox = getattr(_outbox, "messages", None)
    if outbox is not None:
        outbox.extend(messages)
        return
    layer = get_channel_layer()
    if layer is None:
        return
    # Runs in a worker thread of the server (or a Celery worker); async_to_sync hands the sends
    # to the event loop of the server when there is one - once for all of them.
    async_to_sync(_send_now)(layer, messages)


async def _send_now(layer, messages: Messages) -> None:
    send_many = getattr(layer, "group_send_many", None)  # the Redis layer's: one hand-over
    if send_many is not None:
        await send_many(messages)
        return
    for group, message in messages:
        await layer.group_send(group, message)


class Outbox(list):
    """What a database thread announced for the event loop to send when the thread is done
    (`collected`, `send_collected`). If the loop stops waiting (its task cancelled: the socket
    went), whichever side finishes last sends it, so a stored move is never left unannounced."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._closed = False  # the thread is done adding
        self._abandoned = False  # the loop no longer waits for the thread

    def close(self) -> bool:
        """The thread is done; True if the loop gave up waiting, so the thread must send."""
        with self._lock:
            self._closed = True
            return self._abandoned

    def abandon(self) -> None:
        """The loop stops waiting; if the thread is already done, the loop sends it now."""
        with self._lock:
            self._abandoned = True
            closed = self._closed
        if closed and self:
            task = asyncio.get_running_loop().create_task(send_collected(self))
            _abandoned_sends.add(task)  # a task nobody awaits is kept until it is done
            task.add_done_callback(_abandoned_sends.discard)


_abandoned_sends: set[asyncio.Task] = set()


@contextmanager
def collected(outbox: Outbox) -> Iterator[Outbox]:
    """Within this block (in a thread the event loop waits on), what is announced is added to
    `outbox` instead of sent; the loop sends it with `send_collected` when the thread is done.
    A socket's move otherwise hops from its database thread back to the loop and waits there
    for Redis (async_to_sync), only for the loop to hop back. Still only committed facts: the
    announcements are added by the same after-commit callbacks, in their order."""
    _outbox.messages = outbox
    try:
        yield outbox
    finally:
        _outbox.messages = None
        if outbox.close() and outbox:
            _send_all(list(outbox))


async def send_collected(outbox: Messages) -> None:
    """Send what `collected` gathered, in order; a failure is logged, as after a commit (the
    facts are stored; clients that missed them resync)."""
    layer = get_channel_layer()
    if not outbox or layer is None:
        return
    try:
        await _send_now(layer, outbox)
    except Exception:  # noqa: BLE001 - like on_commit(robust=True): logged, the move stands
        logger.exception("events: sending %s collected message(s) failed", len(outbox))


def _game_event(game_id: int, event: str, data: dict[str, Any]) -> None:
    _send(game_group(game_id), {"type": GAME_EVENT, "event": event, "data": data})


def publish_to_group(group: str, event: str, data: dict[str, Any]) -> None:
    """A "game.event" to one of a game's narrower groups (a player's, the spectators')."""
    _send(group, {"type": GAME_EVENT, "event": event, "data": data})


def notify_user(user_id: int, event: str, data: dict[str, Any]) -> None:
    _send(user_group(user_id), {"type": USER_NOTIFICATION, "event": event, "data": data})


def publish_move(*, game_id: int, public_id: str, variant: str, ply: int, move: str, san: str,
                 fen: str, turn: str, deadline: datetime | None, legal_moves: list[str],
                 checkers: list[str] | None = None, next_player_id: int | None = None,
                 clock_paused: bool = False, clock: dict | None = None) -> None:
    """The move to the game's group and, when the game goes on, "your_turn" to the player to
    move (`next_player_id`), in one hand-over to the channel layer. `clock_paused`: the player
    to move is on vacation (their clock stands still, deadline null)."""
    named = variant_json(variant)
    messages = [(game_group(game_id), {
        "type": GAME_EVENT, "event": "move",
        "data": {"game": public_id, "variant": named, "ply": ply, "move": move, "san": san,
                 "fen": fen, "turn": turn, "deadline": _iso(deadline),
                 "legal_moves": legal_moves, "checkers": checkers or [],
                 "clock_paused": clock_paused, "clock": clock}})]
    if next_player_id is not None:
        messages.append((user_group(next_player_id), {
            "type": USER_NOTIFICATION, "event": "your_turn",
            "data": {"game": public_id, "variant": named, "ply": ply, "move": move, "san": san,
                     "deadline": _iso(deadline)}}))
    _send_all(messages)


def publish_clock(*, game_id: int, public_id: str, variant: str, deadline: datetime | None,
                  clock_paused: bool) -> None:
    """A vacation stopped or restarted the clock of the player to move."""
    _game_event(game_id, "clock", {"game": public_id, "variant": variant_json(variant),
                                   "deadline": _iso(deadline), "clock_paused": clock_paused})


def publish_draw_offer(*, game_id: int, public_id: str, variant: str, by: str) -> None:
    _game_event(game_id, "draw_offer", {"game": public_id, "variant": variant_json(variant),
                                        "by": by})


def publish_draw_declined(*, game_id: int, public_id: str, variant: str, by: str) -> None:
    _game_event(game_id, "draw_declined", {"game": public_id,
                                           "variant": variant_json(variant), "by": by})


def publish_takeback_offer(*, game_id: int, public_id: str, variant: str, by: str) -> None:
    _game_event(game_id, "takeback_offer", {"game": public_id, "variant": variant_json(variant),
                                            "by": by})


def publish_takeback_declined(*, game_id: int, public_id: str, variant: str, by: str) -> None:
    _game_event(game_id, "takeback_declined", {"game": public_id,
                                               "variant": variant_json(variant), "by": by})


def publish_takeback(*, game_id: int, public_id: str, variant: str, by: str, ply: int, fen: str,
                     turn: str, deadline: datetime | None, legal_moves: list[str],
                     checkers: list[str], clock_paused: bool, clock: dict | None = None) -> None:
    """A takeback was accepted: the position at `ply`, with what a client needs to go on
    playing from it without reading the game again (as a move event; `clock` as of the
    takeback in a live game, else null)."""
    _game_event(game_id, "takeback", {
        "game": public_id, "variant": variant_json(variant), "by": by, "ply": ply, "fen": fen,
        "turn": turn, "deadline": _iso(deadline), "legal_moves": legal_moves,
        "checkers": checkers, "clock_paused": clock_paused, "clock": clock})


def publish_end(*, game_id: int, public_id: str, variant: str, result: str, termination: str,
                player_ids: tuple[int, int], clock: dict | None = None) -> None:
    data = {"game": public_id, "variant": variant_json(variant), "result": result,
            "termination": termination, "clock": clock}
    _game_event(game_id, "end", data)
    for user_id in player_ids:
        notify_user(user_id, "game_ended", data)


def publish_your_turn(*, public_id: str, variant: str, user_id: int, ply: int,
                      deadline: datetime | None, move: str | None = None,
                      san: str | None = None) -> None:
    """Tell `user_id` it is their turn; `move`/`san` is the opponent's move that made it so."""
    notify_user(user_id, "your_turn", {"game": public_id, "variant": variant_json(variant),
                                       "ply": ply, "move": move, "san": san,
                                       "deadline": _iso(deadline)})


def publish_challenge_received(*, challenge_id: str, variant: str, user_id: int,
                               challenger: str) -> None:
    notify_user(user_id, "challenge_received", {"challenge": challenge_id, "from": challenger,
                                                "variant": variant_json(variant)})


def publish_challenge_accepted(*, challenge_id: str, variant: str, user_id: int,
                               public_id: str, by: str) -> None:
    notify_user(user_id, "challenge_accepted",
                {"challenge": challenge_id, "game": public_id, "by": by,
                 "variant": variant_json(variant)})


def publish_lobby_changed(*, challenge_id: str, variant: str, change: str) -> None:
    """A seek was posted, taken or withdrawn: every open notification socket hears it (the home
    page's lobby re-reads itself)."""
    _send(LOBBY_GROUP, {"type": USER_NOTIFICATION, "event": "lobby",
                        "data": {"challenge": challenge_id, "change": change,
                                 "variant": variant_json(variant)}})
