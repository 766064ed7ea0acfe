"""Fair share (issue 38): 60 create/cancel rounds used to mail the challenged player 60 times.
Challenge mails to one player are coalesced (at most one per CHALLENGE_MAIL_INTERVAL; the one
sent says that later ones wait on the home page), and the per-pair limit counts cancelled
challenges, so 30 rounds leave at most a few mails whatever the limits."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import services
from games.errors import ChallengeRateLimited
from notify.models import OutgoingMail
from tests.notify.conftest import verify

pytestmark = pytest.mark.django_db
ROUNDS = 30


@pytest.fixture
def players(alice, bob):
    verify(alice, "alice@example.org")
    verify(bob, "bob@example.org")
    return alice, bob


def rounds(challenger, opponent, capture, count: int = ROUNDS) -> int:
    """Create and cancel `count` challenges; returns how many the limits let through."""
    created = 0
    for _ in range(count):
        try:
            with capture(execute=True):
                challenge = services.challenge_create(challenger=challenger, opponent=opponent,
                                                      color="white", days_per_move=3)
        except ChallengeRateLimited:
            continue
        created += 1
        services.challenge_cancel(challenge=challenge, user=challenger)
    return created


def test_thirty_rounds_mail_the_player_once_even_with_no_limit_on_challenges(
        players, settings, django_capture_on_commit_callbacks):
    settings.CHALLENGE_RATE_PAIR = settings.CHALLENGE_RATE_SENT = (1000, 3600)
    settings.CHALLENGE_RATE_RECEIVED = (1000, 3600)
    alice, bob = players
    assert rounds(alice, bob, django_capture_on_commit_callbacks) == ROUNDS
    [message] = mail.outbox
    assert message.to == ["bob@example.org"] and "alice challenges you" in message.subject
    assert "not mailed one by one" in message.body


def test_thirty_rounds_with_the_default_limits_leave_at_most_a_few_mails(
        players, django_capture_on_commit_callbacks):
    alice, bob = players
    created = rounds(alice, bob, django_capture_on_commit_callbacks)
    assert created < ROUNDS  # the pair limit counts the cancelled ones
    assert len([m for m in mail.outbox if m.to == ["bob@example.org"]]) <= 2


def test_several_challengers_at_once_still_make_one_mail(
        players, carol, settings, django_capture_on_commit_callbacks):
    alice, bob = players
    for challenger in (alice, carol, alice, carol):
        rounds(challenger, bob, django_capture_on_commit_callbacks, count=1)
    assert OutgoingMail.objects.filter(user=bob, kind="challenge").count() == 1


def test_a_challenge_after_the_interval_is_mailed_again(
        players, settings, monkeypatch, django_capture_on_commit_callbacks):
    alice, bob = players
    rounds(alice, bob, django_capture_on_commit_callbacks, count=1)
    later = timezone.now() + timedelta(seconds=settings.CHALLENGE_MAIL_INTERVAL + 1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    rounds(alice, bob, django_capture_on_commit_callbacks, count=1)
    assert OutgoingMail.objects.filter(user=bob, kind="challenge").count() == 2
    assert len(mail.outbox) == 2
