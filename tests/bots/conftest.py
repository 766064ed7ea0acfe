"""Fixtures for the bot tests: the site fixtures plus the bot accounts by level."""
import pytest

from bots.models import Bot
from tests.site_fixtures import *  # noqa: F401,F403


def bot_user(level: int):
    return Bot.objects.select_related("user").get(level=level).user


@pytest.fixture
def easy_bot(db):
    return bot_user(1)


@pytest.fixture
def beginner_bot(db):
    return bot_user(0)
