"""Celery tasks of the puzzles: one line over a service (beat schedules the archive job)."""
from celery import shared_task

from . import mining


@shared_task(name="puzzles.tasks.mine_archive", ignore_result=True)
def mine_archive() -> dict:
    return mining.puzzles_mine_archive()
