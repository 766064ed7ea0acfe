"""Celery tasks of the games app: one line each over a service."""
from celery import shared_task

from games import services


@shared_task(name="games.tasks.sweep_expired_games", ignore_result=True)
def sweep_expired_games() -> int:
    return services.games_sweep_expired()


@shared_task(name="games.tasks.flag_game", ignore_result=True)
def flag_game(game_id: int, ply: int) -> bool:
    """A live game's timer (games/services/clocks.py): end it on time if its clock ran out."""
    return services.game_flag_if_due(game_id=game_id, ply=ply)


@shared_task(name="games.tasks.resume_flags", ignore_result=True)
def resume_flags() -> tuple[int, int]:
    """A worker's start: games whose time ran out end, running live games get their timers."""
    return services.games_flags_resume()


@shared_task(name="games.tasks.expire_seeks", ignore_result=True)
def expire_seeks() -> int:
    return services.seeks_expire()


@shared_task(name="games.tasks.refresh_statistics", ignore_result=True)
def refresh_statistics() -> list[str]:
    from core.statistics import statistics_refresh

    return statistics_refresh()
