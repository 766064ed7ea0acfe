"""Analysis progress over the game's socket (games/events.py: group `game-<id>`, relayed as
{"type": "analysis", game, status, progress, total}). Called after commit only, like every
event: a client told "done" finds the stored analysis when it reads it. The events carry no
evaluation (a page reads the analysis through the API, where fair play is checked)."""
from __future__ import annotations

from games import events


def publish_analysis(*, game_id: int, status: str, progress: int, total: int) -> None:
    events.publish_to_group(events.game_group(game_id), "analysis",
                            {"game": game_id, "status": status, "progress": progress,
                             "total": total})
