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
    from .state import tournament_state

    data = tournament_state(tournament_id=tournament_id)
    _send(tournament_group(tournament_id), {"type": TOURNAMENT_EVENT, "event": "tournament",
                                            "data": data})


def publish_round_started(*, tournament_id: str, name: str, round_number: int | None,
                          games: dict[int, list[str]]) -> None:
    """To each player of the round: their new games' ids ([] for a bye); `round` null for a
    round robin, whose every round starts at once."""
    for user_id, ids in games.items():
        game_events.notify_user(user_id, "tournament_round", {
            "tournament": tournament_id, "name": name, "round": round_number, "games": ids})


def _send(group: str, message: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(group, message)
