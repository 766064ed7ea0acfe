"""Celery tasks of tournaments: one line each over a service."""
from celery import shared_task

from . import services


@shared_task(name="tournaments.tasks.sweep", ignore_result=True)
def sweep() -> int:
    return services.tournaments_sweep()
