"""Which lane a bot's job runs in: the Celery queue with a broker, the thread pool of the
background seam (core/background.py) without. Three lanes:

- `bots` (quick): correspondence moves of Beginner, Easy, Normal - depth-limited searches of
  well under a second on the native core - and every bot's draw answer;
- `bots_deep`: correspondence moves from BOTS_DEEP_FROM_LEVEL (Hard, Expert, Master: seconds
  to 30 s a move);
- `bots_live` (issue 46): every move of a bot in a live game, at any level. Its clock runs
  while the move waits, so it must not wait behind correspondence work; its search is
  bounded by the bot's remaining time and increment (bots.budget.clock_movetime).

Each lane has its own workers (docker-compose.yml: `worker`, `worker-deep` and `worker-live`;
embedded: BOTS_THREADS, BOTS_DEEP_THREADS and BOTS_LIVE_THREADS threads), so a queue of deep
searches - however many accounts fill it - never stands in front of a quick reply (issue 38:
one account's Master games had an Easy reply wait 73 s), and neither stands in front of a
live move. How long a lane's queue can grow is bounded per account by MAX_BOT_GAMES
(games.services.limits): each game has at most one move queued. docs/architecture.md, "Fair
share"."""
from __future__ import annotations

from django.conf import settings

QUICK = "bots"
DEEP = "bots_deep"
LIVE = "bots_live"
ALL = (QUICK, DEEP, LIVE)


def lane(level: int | None, *, live: bool = False) -> str:
    """The lane of a move of the bot of `level` (None: unknown, the quick lane) in a live game
    (`live`: its clock runs) or a correspondence one."""
    if live:
        return LIVE
    if level is not None and level >= settings.BOTS_DEEP_FROM_LEVEL:
        return DEEP
    return QUICK
