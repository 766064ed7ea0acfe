"""Without REDIS_URL (the embedded set-up) a committed move's mail is sent by notify's
background thread, and the periodic jobs run without Celery beat."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from core import background
from games import services
from notify.models import OutgoingMail
from notify.periodic import notify_periodic
from tests.notify.conftest import verify
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db(transaction=True)
WAIT = 30  # seconds


@pytest.fixture(autouse=True)
def in_process(settings):
    settings.BACKGROUND_IN_PROCESS = True
    yield
    assert background.wait_until_idle(WAIT)


def test_a_move_is_mailed_from_the_background_thread():
    alice, bob = make_user("alice"), make_user("bob")
    verify(bob, "bob@example.org")
    services.game_play_move(game=make_game(alice, bob), user=alice, move="Bb2Bb3", ply=0)
    assert background.wait_until_idle(WAIT)
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]
    assert OutgoingMail.objects.get().sent_at is not None


def test_the_periodic_jobs_run_without_beat():
    alice, bob = make_user("alice"), make_user("bob")
    verify(alice, "alice@example.org")
    make_game(alice, bob, days_per_move=3, deadline=timezone.now() + timedelta(hours=3))
    done = notify_periodic()
    assert done["clock_warnings"] == 1
    assert background.wait_until_idle(WAIT)
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]
