"""Celery tasks of the opening explorer: one line each over a service (beat schedules the
catch-up; embedded, notify's periodic timer runs it)."""
from celery import shared_task

from . import services


@shared_task(name="explorer.tasks.catch_up", ignore_result=True)
def catch_up() -> int:
    return services.explorer_catch_up()
