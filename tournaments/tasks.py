"""Celery tasks of tournaments: one line each over a service."""
from celery import shared_task

from . import rounds


@shared_task(name="tournaments.tasks.sweep", ignore_result=True)
def sweep() -> int:
    return rounds.tournaments_sweep()
