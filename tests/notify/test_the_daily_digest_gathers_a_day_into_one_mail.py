"""With the digest on, a day's mails wait and then go out as one; nothing is sent twice."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import services
from notify.digest import mail_digests_send
from notify.models import MailSettings, OutgoingMail
from tests.notify.conftest import verify
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch):
    """A controlled clock: `clock.advance(hours)` moves timezone.now forward."""
    class Clock:
        now = timezone.now()

        def advance(self, hours: float) -> None:
            self.now += timedelta(hours=hours)

    c = Clock()
    monkeypatch.setattr(timezone, "now", lambda: c.now)
    return c


def test_a_day_of_events_becomes_one_mail(alice, bob, carol, clock,
                                          django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    verify(bob, "bob@example.org")
    MailSettings.objects.filter(user=bob).update(digest=True)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=make_game(alice, bob), user=alice, move="Bb2Bb3", ply=0)
        services.challenge_create(challenger=carol, opponent=bob, color="white",
                                  days_per_move=3)
    clock.advance(5)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=make_game(alice, bob), user=alice)
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]  # alice: single mails
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert mail_digests_send() == 0  # not a day yet
        clock.advance(19)
        assert mail_digests_send() == 1
        assert mail_digests_send() == 0
    [digest] = mail.outbox
    assert digest.to == ["bob@example.org"] and "3 items" in digest.subject
    for words in ("Your move against alice", "carol challenges you", "Game over against alice"):
        assert words in digest.body
    assert "List-Unsubscribe" in digest.extra_headers
    assert not OutgoingMail.objects.filter(sent_at__isnull=True).exists()


def test_the_next_digest_waits_a_day_after_the_last(alice, bob, clock,
                                                    django_capture_on_commit_callbacks):
    verify(bob, "bob@example.org")
    MailSettings.objects.filter(user=bob).update(digest=True)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=make_game(alice, bob), user=alice)
    clock.advance(25)
    with django_capture_on_commit_callbacks(execute=True):
        assert mail_digests_send() == 1
    clock.advance(1)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=make_game(alice, bob), user=alice)
    clock.advance(12)
    with django_capture_on_commit_callbacks(execute=True):
        assert mail_digests_send() == 0
        clock.advance(12)
        assert mail_digests_send() == 1
    assert len(mail.outbox) == 2 and "1 item" in mail.outbox[1].subject
