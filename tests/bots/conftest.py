"""Fixtures for the bot tests: the site fixtures plus the bot accounts by level."""
import importlib

import pytest
from django.apps import apps

from bots.models import Bot
from tests.site_fixtures import *  # noqa: F401,F403


def ensure_bot_accounts() -> None:
    """Run the data migrations that create and describe the bot accounts (both idempotent).

    A transactional test's flush deletes the accounts the migrations made. Re-creating them is
    used instead of `serialized_rollback`, which collides with the content types that a plain
    transactional test's flush re-creates (duplicate key on django_content_type, seen when a
    transactional test ran before a serialized one)."""
    for name, function in (("0002_create_bot_accounts", "create_bots"),
                           ("0003_describe_levels_as_built", "describe")):
        module = importlib.import_module(f"bots.migrations.{name}")
        getattr(module, function)(apps, None)


@pytest.fixture(autouse=True)
def _bot_accounts(request):
    if request.node.get_closest_marker("django_db") is not None:
        request.getfixturevalue("db")  # honours the test's transaction=True marker
        ensure_bot_accounts()


def bot_user(level: int):
    return Bot.objects.select_related("user").get(level=level).user


@pytest.fixture
def easy_bot(db):
    return bot_user(1)


@pytest.fixture
def beginner_bot(db):
    return bot_user(0)


@pytest.fixture
def workers(tmp_path):
    """Start real Celery workers (`workers(**Worker kwargs)`), stopped after the test; the tests
    that use it run on PostgreSQL, which the worker processes share."""
    from django.db import connection

    from tests.bots.workers import Worker, purge_bot_queue

    assert connection.vendor == "postgresql"
    purge_bot_queue()
    started: list[Worker] = []

    def start(**kwargs) -> Worker:
        worker = Worker(tmp_path / f"worker-{len(started)}.log", **kwargs)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()
