"""With Celery (REDIS_URL set) every turn that passes to a built-in bot queues exactly one
`play_bot_move` task, and a bot's own move queues none for a person: nothing searches a ply
twice. Checked with the task publication recorded (the app's start-up run twice, as a worker's
Django set-up may, connects the hook once), then against a real worker, whose log shows one
search per ply and no task that found nothing to do."""
import re

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from bots import services, tasks
from bots.models import Bot
from games import services as game_services
from games.models import Game
from tests.bots.workers import Worker, purge_bot_queue, wait_until
from tests.site_fixtures import make_user

User = get_user_model()


@pytest.fixture
def queued(monkeypatch, settings):
    """The game ids of the bot-move tasks published (nothing reaches a broker)."""
    settings.BACKGROUND_IN_PROCESS = False
    published = []
    monkeypatch.setattr(tasks.play_bot_move, "apply_async",
                        lambda args, **options: published.append(args[0]))
    apps.get_app_config("bots").ready()  # a second start-up must not connect a second hook
    return published


def _staff():
    return User.objects.create_user("referee", password="x-long-pass-99", is_staff=True)


@pytest.mark.django_db(transaction=True)  # on-commit hooks run as in production
def test_a_persons_move_queues_one_bot_move_and_the_bots_reply_queues_none(queued):
    alice = make_user("alice")
    game = Game.objects.create(white=alice, black=Bot.objects.get(level=1).user)
    game_services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    assert queued == [game.pk]
    assert tasks.play_bot_move.apply(args=(game.pk,)).result == "played"  # the worker's run
    assert queued == [game.pk]  # the person is to move now: nothing more queued


@pytest.mark.django_db(transaction=True)
def test_in_a_bot_game_each_move_queues_the_other_bots_move_once(queued):
    game = services.bot_game_start(white_level=0, black_level=1, started_by=_staff())
    assert queued == [game.pk]
    for ply in range(1, 5):
        assert tasks.play_bot_move.apply(args=(game.pk,)).result == "played"
        assert queued == [game.pk] * (ply + 1), f"after ply {ply}"


@pytest.mark.celery
@pytest.mark.redis
@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_searches_each_ply_of_a_bot_game_once(tmp_path):
    purge_bot_queue()
    worker = Worker(tmp_path / "worker.log")
    try:
        game = services.bot_game_start(white_level=0, black_level=1, started_by=_staff())
        assert wait_until(lambda: Game.objects.get(pk=game.pk).ply >= 8, timeout=120)
    finally:
        worker.stop()  # finishes the running task: its line is in the log
    log = worker.log()
    plies = [int(p) for p in re.findall(rf"searching game {game.pk} at ply (\d+) ", log)]
    assert plies == list(range(len(plies))) and len(plies) >= 8, log
    assert not re.search(rf"game {game.pk} at ply \d+ (skipped|dropped|refused)", log), log
    assert not re.search(rf"bot move for game {game.pk} .*(dropped|skipped)", log), log
