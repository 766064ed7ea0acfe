"""Fair share (issue 38): a bot's move runs in its level's lane (bots/lanes.py) - the deep
levels (from BOTS_DEEP_FROM_LEVEL: Hard, Expert, Master) on the Celery queue `bots_deep` or the
embedded `bots_deep` threads, the quick ones (and draw answers) on `bots` - so a queue of deep
searches never stands in front of an Easy reply. The stalled-move sweep and the embedded
restart keep each move in its lane."""
import pytest

from bots import hooks, lanes, queueing, runner
from core import background
from engine.search import LEVELS

pytestmark = pytest.mark.django_db


def test_levels_from_the_setting_on_are_deep_the_others_quick(settings):
    settings.BOTS_DEEP_FROM_LEVEL = 3
    assert [lanes.lane(level) for level in sorted(LEVELS)] == [
        "bots", "bots", "bots", "bots_deep", "bots_deep", "bots_deep"]
    assert lanes.lane(None) == "bots"
    settings.BOTS_DEEP_FROM_LEVEL = 5
    assert lanes.lane(4) == "bots" and lanes.lane(5) == "bots_deep"


def test_with_a_broker_the_move_is_published_to_its_levels_queue(monkeypatch):
    published = []

    class Task:
        def apply_async(self, **options):
            published.append(options["queue"])

    monkeypatch.setattr(background, "task", lambda name: Task())
    for level in (1, 5):
        queueing.queue_bot_move(17, level=level)
    assert published == ["bots", "bots_deep"]


def test_without_a_broker_the_move_runs_in_its_levels_pool(monkeypatch):
    pools = []
    monkeypatch.setattr(background, "submit", lambda *a, pool, **k: pools.append(pool))
    hooks.dispatch_bot_move(17, 1)
    hooks.dispatch_bot_move(17, 5)
    runner.start_bot_move(17, level=4)
    assert pools == ["bots", "bots_deep", "bots_deep"]


def test_the_deep_pool_has_its_own_threads(settings):
    settings.BOTS_DEEP_THREADS = 1
    assert "bots_deep" in background.POOLS
    assert background.POOLS["bots_deep"].threads_setting == "BOTS_DEEP_THREADS"
    assert background.POOLS["bots_deep"].nice_setting == "BOTS_THREAD_NICE"
