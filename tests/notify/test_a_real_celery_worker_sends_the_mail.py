"""With REDIS_URL, a committed move's mail is sent by the Celery task in a real worker (the
default `celery` queue the deployment's worker consumes), once, to the file backend."""
from __future__ import annotations

import email
import os
import signal
import subprocess
import sys
import uuid

import pytest

from games import services
from notify.models import OutgoingMail
from tests.bots.workers import READY_TIMEOUT, ROOT, wait_until
from tests.bots.workers import test_database_url as database_url
from tests.notify.conftest import verify
from tests.site_fixtures import make_game, make_user

pytestmark = [pytest.mark.celery, pytest.mark.redis, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]
DELIVERY = 60  # seconds for the worker to pick the task up and send


@pytest.fixture
def mail_worker(tmp_path, settings):
    from raumschach_site.celery import app

    settings.BACKGROUND_IN_PROCESS = False
    app.conf.task_always_eager = False
    with app.connection_for_write() as conn:
        conn.default_channel.queue_purge("celery")  # tasks of other runs name other databases
    outbox = tmp_path / "mail"
    log = open(tmp_path / "worker.log", "ab")  # noqa: SIM115 - closed below
    env = {**os.environ, "DATABASE_URL": database_url(), "PYTHONUNBUFFERED": "1",
           "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
           "EMAIL_FILE_PATH": str(outbox), "SITE_URL": "https://rs.example.org"}
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "raumschach_site", "worker", "-Q", "celery",
         "-c", "1", "--pool=solo", "-l", "INFO", "-n", f"mail-test-{uuid.uuid4().hex[:8]}@%h",
         "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        assert wait_until(lambda: b" ready." in (tmp_path / "worker.log").read_bytes(),
                          timeout=READY_TIMEOUT, interval=0.2)
        yield outbox
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(30)
        log.close()


def test_the_worker_sends_the_mail_of_a_committed_move_once(mail_worker):
    alice, bob = make_user("alice"), make_user("bob")
    verify(bob, "bob@example.org")
    services.game_play_move(game=make_game(alice, bob, days_per_move=3), user=alice,
                            move="Bb2Bb3", ply=0)
    assert wait_until(lambda: OutgoingMail.objects.filter(sent_at__isnull=False).exists(),
                      timeout=DELIVERY, interval=0.2)
    files = list(mail_worker.iterdir())
    assert len(files) == 1
    message = email.message_from_string(files[0].read_text().rsplit("\n-------", 1)[0])
    assert message["To"] == "bob@example.org"
    assert message["Subject"] == "Your move against alice"
    assert message["List-Unsubscribe"].strip().startswith(
        "<https://rs.example.org/mail/unsubscribe/")
