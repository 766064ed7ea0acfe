"""The Celery task that analyses a game (queue `analysis`, its own workers: see
CELERY_TASK_ROUTES and docker-compose.yml's `worker-analysis`): the body is
analysis.services.analysis_run, also run by the in-process `analysis` pool of the background
seam (core/background.py) when no broker is configured.

acks_late + reject_on_worker_lost: a worker killed mid-analysis gives the message back; the
re-delivered task finds the analysis running and leaves it (it is shown failed once older
than ANALYSIS_STALE_SECONDS, and may then be requested again). The time limits bound a search
on a starved machine (an 80-ply game takes ~17 s of one core at the default budget)."""
from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True,
             soft_time_limit=600, time_limit=660)
def analyse_game(analysis_id: int) -> str:
    return services.analysis_run(analysis_id=analysis_id)
