"""Celery tasks of the games app: one line each over a service."""
from celery import shared_task

from games import services


@shared_task(name="games.tasks.sweep_expired_games", ignore_result=True)
def sweep_expired_games() -> int:
    return services.games_sweep_expired()


@shared_task(name="games.tasks.expire_seeks", ignore_result=True)
def expire_seeks() -> int:
    return services.seeks_expire()


@shared_task(name="games.tasks.refresh_statistics", ignore_result=True)
def refresh_statistics() -> list[str]:
    from core.statistics import statistics_refresh

    return statistics_refresh()
