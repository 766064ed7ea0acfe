"""With Redis (the Celery broker) down, a human's move is stored and answered at once, and the
bot's task that could not be published is published as soon as the broker accepts it again,
not after the 5-minute stalled-move sweep. (The chaos test in tests/chaos does it with a real
Redis stopped and restarted.)"""
import logging
import time
from unittest import mock

import pytest
from kombu.exceptions import OperationalError

from bots import broker_retry, tasks
from tests.bots.workers import wait_until
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db(transaction=True)

OUTAGE = 2.0  # seconds the fake broker refuses publishes


class FlakyBroker:
    """apply_async that fails like a dead Redis until `until`, then records the publish."""

    def __init__(self, until: float) -> None:
        self.until = until
        self.attempts = 0
        self.published: list[tuple] = []

    def __call__(self, args=(), **options) -> None:
        self.attempts += 1
        if time.monotonic() < self.until:
            raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        self.published.append((args, options))


def test_the_move_is_stored_and_the_bot_task_published_once_the_broker_is_back(
        alice, easy_bot, settings, caplog):
    settings.BACKGROUND_IN_PROCESS = False
    broker = FlakyBroker(until=time.monotonic() + OUTAGE)
    with mock.patch.object(tasks.play_bot_move, "apply_async", broker), \
            caplog.at_level(logging.WARNING, logger="bots"):
        started = time.monotonic()
        game = play(make_game(alice, easy_bot), "Bb2Cb2")  # on_commit queues the bot's move
        assert time.monotonic() - started < 1.0  # the mover did not wait for the broker
        assert game.ply == 1 and game.moves.count() == 1
        assert broker_retry.pending_games() == [game.pk]

        assert wait_until(lambda: broker.published, timeout=OUTAGE + 10)
        back_after = time.monotonic() - broker.until
    assert back_after < broker_retry.MAX_DELAY + 1  # within seconds of the broker's return
    assert [args for args, _ in broker.published] == [(game.pk,)]
    assert broker.published[0][1]["time_limit"] > 0  # the level's limits are kept
    assert broker.attempts >= 2
    assert broker_retry.pending_games() == []
    assert "not queued" in caplog.text and "queued after the broker came back" in caplog.text
