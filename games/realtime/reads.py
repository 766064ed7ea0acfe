"""The database work the consumers do, as plain sync functions over the same selectors and
services the REST API uses (the consumers run them with `database_sync_to_async`)."""
from __future__ import annotations

from django.utils.translation import gettext as _

from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime

from games import events, selectors, services
from games.errors import NotFound


@dataclass(frozen=True)
class GameSnapshot:
    """What a connecting client is sent before any live event: the moves it missed (when it
    asked with ?since=) and the full state, read consistently with each other."""

    missed_moves: list[dict]
    state: dict

    @property
    def ply(self) -> int:
        return self.state["ply"]

    @property
    def active(self) -> bool:
        return self.state["status"] == "active"


def game_key(*, ref: str) -> int:
    """The internal key of the game a socket URL names by its public id; NotFound otherwise
    (an old integer id too, with a hint: the REST API redirects those, a socket cannot)."""
    if ref.isascii() and ref.isdigit():
        raise NotFound(_("Game sockets name a game by its public id (8 letters and digits, the "
                         "`id` of its REST answer) since v1.2; integer ids are no longer used."))
    return selectors.game_key(public_id=ref)


def game_snapshot(*, game_id: int, user, since: int | None) -> GameSnapshot:
    """Raises games.errors.NotFound for an unknown game."""
    game = selectors.game_get(game_id=game_id)
    services.game_expire_if_due(game=game)  # like the REST read: a due clock ends the game now
    state = selectors.game_state(game, user)
    # The moves are read after the game row; a move committed in between would be listed
    # beyond the state's ply. Leave it out: its event is still on its way to this consumer.
    state["moves"] = [m for m in state["moves"] if m["ply"] <= state["ply"]]
    missed = [m for m in state["moves"] if m["ply"] > since] if since is not None else []
    return GameSnapshot(missed_moves=missed, state=state)


def game_play(*, game_id: int, user, move: object, ply: object, lag_ms: int = 0,
              received_at: datetime | None = None, outbox: events.Outbox | None = None) -> None:
    """Play a move exactly as POST /api/v1/games/<id>/moves/ does (the service locks and reads
    the game itself; the client hears the move as an event), with the lag the socket measured
    (games.realtime.lag) and the time the socket received it; raises GameError. With `outbox`
    (the consumer's), what the move announces after its commit is added to it for the caller
    to send (events.send_collected), also when it raises (a move after the flag ends the game);
    without, it is sent at once."""
    with events.collected(outbox) if outbox is not None else nullcontext():
        services.game_play_move(game=selectors.game_ref(game_id=game_id), user=user, move=move,
                                ply=ply, lag_ms=lag_ms, received_at=received_at)
