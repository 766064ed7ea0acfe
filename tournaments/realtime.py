"""The tournament page's socket, `ws/tournaments/<id>/`, on the game sockets' base (games.realtime):

  server -> client, on connect: {"type": "tournament", "tournament": <REST detail>}; then the
  same message each time the tournament changes (a player joins or withdraws, it starts, a game
  of it ends, a round is paired, it finishes). Reconnecting gets the current state again, so a
  client that missed messages is whole again at once.
  client -> server: nothing (every message is refused with `invalid`).

Anyone may watch (standings are public); a bad token is refused as on the game socket. Joining
the group comes before reading the state, so no change falls between the two.
"""
from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.urls import path
from django.utils.translation import gettext as _

from games.errors import InvalidInput
from games.realtime.consumers import (CLOSE_NOT_AUTHENTICATED, CLOSE_NOT_FOUND,
                                      NOT_AUTHENTICATED, _Consumer)

from . import events
from .errors import TournamentNotFound
from .state import tournament_state


detail_async = database_sync_to_async(tournament_state, thread_sensitive=False)


class TournamentConsumer(_Consumer):
    group: str = ""

    async def connect(self) -> None:
        await self.accept()
        if self.scope.get("auth_error"):
            await self.refuse(CLOSE_NOT_AUTHENTICATED, NOT_AUTHENTICATED, self.scope["auth_error"])
            return
        tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        group = events.tournament_group(tournament_id)
        if not tournament_id.isascii() or not tournament_id.isalnum():
            exc = TournamentNotFound()
            await self.refuse(CLOSE_NOT_FOUND, exc.code, str(exc.detail))
            return
        if not await self.join(group):
            return
        self.group = group
        try:
            data = await detail_async(tournament_id=tournament_id)
        except TournamentNotFound as exc:
            await self.refuse(CLOSE_NOT_FOUND, exc.code, str(exc.detail))
            return
        await self.send_json({"type": "tournament", "tournament": data})

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.leave(self.group)

    async def receive_json(self, content: Any, **kwargs) -> None:
        await self.send_error(InvalidInput.code, _("This socket only sends the tournament's state."))

    async def tournament_event(self, message: dict) -> None:
        await self.send_json({"type": message["event"], "tournament": message["data"]})


websocket_urlpatterns = [
    path("ws/tournaments/<str:tournament_id>/", TournamentConsumer.as_asgi()),
]
