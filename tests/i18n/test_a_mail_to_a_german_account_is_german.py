"""A mail is written in its recipient's language (the account's choice), whatever language the
sender's request was in: a German account gets a German "your move" mail, footer included, and
an English account, in the same game, an English one."""
from __future__ import annotations

import pytest
from django.core import mail
from django.utils import translation

from accounts.models import Profile
from games import services
from tests.i18n.conftest import verify
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


def test_your_move_mail_is_german_for_a_german_account(alice, bob,
                                                        django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    verify(bob, "bob@example.org")
    Profile.objects.filter(user=bob).update(language="de")
    game = make_game(alice, bob, days_per_move=3)
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=alice, move="Bb2Bb3", ply=0)
    [message] = [m for m in mail.outbox if m.to == ["bob@example.org"]]
    assert message.subject == "Du bist am Zug gegen alice"
    assert message.body.startswith("Hallo bob,")
    assert "alice hat" in message.body and "Du bist am Zug." in message.body
    assert "Diese Mails mit einem Klick abbestellen" in message.body
    assert "Mail-Einstellungen" in message.body
    assert "Your move" not in message.body and "Unsubscribe" not in message.body


def test_the_same_mail_stays_english_for_an_account_without_a_choice(
        alice, bob, django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    verify(bob, "bob@example.org")
    game = make_game(alice, bob, days_per_move=3)
    with translation.override("de"), django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=alice, move="Bb2Bb3", ply=0)
    [message] = [m for m in mail.outbox if m.to == ["bob@example.org"]]
    assert message.subject == "Your move against alice"
    assert message.body.startswith("Hello bob,")
