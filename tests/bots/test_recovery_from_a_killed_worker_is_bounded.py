"""The broker's visibility timeout is short (a whole worker killed mid-search has its task
handed to another worker within ~20 s; issue 24: the bot used to answer 107-116 s after such a
kill), and a living worker keeps every message it holds fresh in the broker more often than the
timeout, so a task searching longer than the timeout is never handed out twice. The end-to-end
kill is in test_worker_killed_mid_search.py, the long search in
test_a_long_search_outlives_the_visibility_timeout_without_a_second_delivery.py."""
from django.conf import settings

from bots.budget import time_limits
from bots.tasks import play_bot_move
from raumschach_site.celery import (HurryOnShutdown, UnackedHeartbeat, app,
                                    heartbeat_interval)

BACK_ON_THE_QUEUE_WITHIN = 25  # seconds after the kill
EASY = 1


def transport_options() -> dict:
    return settings.CELERY_BROKER_TRANSPORT_OPTIONS


def test_a_killed_workers_task_is_back_on_the_queue_within_25_seconds():
    options = transport_options()
    sweep = options["unacked_restore_interval"] * options["unacked_restore_throttle"]
    # the last heartbeat came at most one interval before the kill
    assert options["visibility_timeout"] + sweep <= BACK_ON_THE_QUEUE_WITHIN
    # ...and an Easy bot's replayed search then answers within 30 s
    assert options["visibility_timeout"] + sweep + time_limits(EASY).budget < 30


def test_a_living_worker_refreshes_its_messages_well_within_the_timeout():
    assert heartbeat_interval() * 3 <= transport_options()["visibility_timeout"]


def test_the_celery_app_uses_these_options_the_heartbeat_and_acks_late():
    assert app.conf.broker_transport_options == transport_options()
    assert UnackedHeartbeat in app.steps["consumer"]
    assert HurryOnShutdown in app.steps["worker"]
    assert play_bot_move.acks_late and play_bot_move.reject_on_worker_lost
    assert app.conf.worker_prefetch_multiplier == 1
