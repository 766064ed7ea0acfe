"""A live game's players are at the board with a clock running: no "your move" mail is sent for
its turns (each move sets a new deadline, so the mail would otherwise go out once a move),
while a correspondence game's turn is still mailed."""
from __future__ import annotations

import pytest
from django.core import mail

from games import services
from notify.models import OutgoingMail
from tests.notify.conftest import verify

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(alice, bob):
    verify(alice, "alice@example.org")
    verify(bob, "bob@example.org")
    return alice, bob


def started(alice, bob, **timing):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          **timing)
    return services.challenge_accept(challenge=challenge, user=bob)


def test_no_turn_of_a_live_game_is_mailed(players, django_capture_on_commit_callbacks):
    alice, bob = players
    with django_capture_on_commit_callbacks(execute=True):
        game = started(alice, bob, days_per_move=None, clock_limit=180, clock_increment=2)
    mail.outbox.clear()  # the challenge's own mail
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=alice, move="Bb2Bb3", ply=0)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=bob, move="Db4Db3", ply=1)
    assert mail.outbox == []
    assert not OutgoingMail.objects.filter(kind="your_turn").exists()


def test_a_correspondence_games_turn_is_still_mailed(players, django_capture_on_commit_callbacks):
    alice, bob = players
    with django_capture_on_commit_callbacks(execute=True):
        game = started(alice, bob, days_per_move=3)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=alice, move="Bb2Bb3", ply=0)
    assert [m.subject for m in mail.outbox] == ["Your move against alice"]
