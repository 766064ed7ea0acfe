"""Celery tasks of tournaments: one line each over a service."""
from celery import shared_task

from . import rounds, services


@shared_task(name="tournaments.tasks.sweep", ignore_result=True)
def sweep() -> int:
    return services.tournaments_sweep()


@shared_task(name=rounds.ADVANCE_TASK, ignore_result=True)
def advance(tournament_id: str) -> bool:
    return rounds.tournament_advance(tournament_id=tournament_id)
