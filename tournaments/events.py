"""What tournaments tell clients live, after commit: the tournament's page hears its new state
on `ws/tournaments/<id>/` (group `tournament-<id>`), and each player of a new round a
"tournament_round" note on their notification socket (the header's, games.events)."""
from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import events as game_events

logger = logging.getLogger(__name__)

TOURNAMENT_EVENT = "tournament.event"  # the consumer's handler: tournament_event


def tournament_group(tournament_id: str) -> str:
    return f"tournament-{tournament_id}"


def publish_tournament(*, tournament_id: str) -> None:
    """The tournament's whole state (selectors.tournament_detail, as anyone sees it) to its
    page's sockets: standings, rounds and crosstable move at once."""
    from .selectors import tournament_detail, tournament_get

    data = tournament_detail(tournament_get(tournament_id=tournament_id))
    _send(tournament_group(tournament_id), {"type": TOURNAMENT_EVENT, "event": "tournament",
                                            "data": data})


def publish_round_started(*, tournament_id: str, name: str, round_number: int,
                          games: dict[int, str | None]) -> None:
    """To each player of the round: their game's id, or null for a bye."""
    for user_id, game in games.items():
        game_events.notify_user(user_id, "tournament_round", {
            "tournament": tournament_id, "name": name, "round": round_number, "game": game})


def _send(group: str, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(group, message)
