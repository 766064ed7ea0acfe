"""Which lane a bot's job runs in: the Celery queue with a broker, the thread pool of the
background seam (core/background.py) without. Two lanes, by the depth of the level's search:

- `bots` (quick): Beginner, Easy, Normal - depth-limited searches of well under a second on
  the native core - and every bot's draw answer;
- `bots_deep`: from BOTS_DEEP_FROM_LEVEL (Hard, Expert, Master: seconds to 30 s a move).

Each lane has its own workers (docker-compose.yml: `worker` and `worker-deep`; embedded:
BOTS_THREADS and BOTS_DEEP_THREADS threads), so a queue of deep searches - however many
accounts fill it - never stands in front of a quick reply (issue 38: one account's Master
games had an Easy reply wait 73 s). How long the deep lane's queue can grow is bounded per
account by MAX_BOT_GAMES (games.services.limits). docs/architecture.md, "Fair share"."""
from __future__ import annotations

from django.conf import settings

QUICK = "bots"
DEEP = "bots_deep"


def lane(level: int | None) -> str:
    """The lane of a move of the bot of `level` (None: unknown, the quick lane)."""
    if level is not None and level >= settings.BOTS_DEEP_FROM_LEVEL:
        return DEEP
    return QUICK
