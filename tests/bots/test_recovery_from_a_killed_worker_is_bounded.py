"""The broker's visibility timeout is sized to the bot tasks: longer than the longest one may
run (else a task still searching is handed out twice), short enough that a whole worker killed
mid-search has its task replayed within 2 minutes (Celery's default of 1 hour left the game to
the 5-minute sweep). The end-to-end kill is in test_worker_killed_mid_search.py."""
from django.conf import settings

from bots.budget import longest_time_limits, time_limits
from bots.tasks import play_bot_move
from raumschach_site.celery import app

REPLAY_WITHIN = 120  # seconds after the kill
EXPERT = 4


def transport_options() -> dict:
    return settings.CELERY_BROKER_TRANSPORT_OPTIONS


def test_no_running_bot_task_outlives_the_visibility_timeout():
    assert transport_options()["visibility_timeout"] > longest_time_limits().hard
    assert play_bot_move.retry_backoff_max < transport_options()["visibility_timeout"]


def test_a_killed_workers_task_is_back_on_the_queue_within_two_minutes():
    options = transport_options()
    sweep = options["unacked_restore_interval"] * options["unacked_restore_throttle"]
    assert options["visibility_timeout"] + sweep < REPLAY_WITHIN
    # ...and an Expert's replayed search then fits in the same two minutes.
    assert options["visibility_timeout"] + sweep + time_limits(EXPERT).soft <= REPLAY_WITHIN


def test_the_celery_app_uses_these_options_and_acks_late():
    assert app.conf.broker_transport_options == transport_options()
    assert play_bot_move.acks_late and play_bot_move.reject_on_worker_lost
    assert app.conf.worker_prefetch_multiplier == 1
