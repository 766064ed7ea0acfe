"""Analysis progress over the game's socket (games/events.py: group `game-<id>`, relayed as
{"type": "analysis", game, status, progress, total}). Sent only after what it announces is
stored: a client told "done" finds the stored analysis when it reads it. The events carry no
evaluation (a page reads the analysis through the API, where fair play is checked). A channel
layer that is down loses the event, never the analysis: pages re-read it when their socket
comes back, and poll meanwhile."""
from __future__ import annotations

import logging

from games import events

logger = logging.getLogger(__name__)


def publish_analysis(*, game_id: int, public_id: str, status: str, progress: int,
                     total: int) -> None:
    """`game_id` names the group (the internal key), `public_id` the game in the event."""
    try:
        events.publish_to_group(events.game_group(game_id), "analysis",
                                {"game": public_id, "status": status, "progress": progress,
                                 "total": total})
    except Exception as exc:  # noqa: BLE001 - e.g. Redis down: the analysis goes on
        logger.warning("analysis event for game %s not sent: %s", game_id, exc)
