"""Each kind of mail is sent once, after commit, never for a rolled-back move, never to a bot
or to a player who switched it off; every mail has a plain-text part, a link to SITE_URL and a
signed one-click unsubscribe link (also in List-Unsubscribe)."""
from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.db import transaction
from django.test import Client
from django.utils import timezone

from bots.models import Bot
from games import services, signals
from games.models import Challenge, Game
from notify.mails import mail_clock_warnings
from notify.models import MailSettings, OutgoingMail
from tests.notify.conftest import verify
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(alice, bob):
    verify(alice, "alice@example.org")
    verify(bob, "bob@example.org")
    return alice, bob


def _mails_to(address: str) -> list:
    return [m for m in mail.outbox if m.to == [address]]


def test_your_move_is_mailed_once_after_the_commit(players, django_capture_on_commit_callbacks):
    alice, bob = players
    game = make_game(alice, bob, days_per_move=3)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.game_play_move(game=game, user=alice, move="Bb2Bb3", ply=0)
        assert mail.outbox == []  # nothing before the commit
    assert callbacks
    [message] = _mails_to("bob@example.org")
    assert message.subject == "Your move against alice"
    assert f"https://rs.example.org/games/{game.public_id}/" in message.body
    # The same event told again (a re-delivered signal) sends nothing more.
    with django_capture_on_commit_callbacks(execute=True):
        signals.send_after_commit(signals.turn_passed, game_id=game.pk)
    assert len(_mails_to("bob@example.org")) == 1


def test_every_mail_has_plain_text_html_and_a_working_one_click_unsubscribe(
        players, django_capture_on_commit_callbacks):
    alice, bob = players
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=make_game(alice, bob), user=alice, move="Bb2Bb3", ply=0)
    [message] = mail.outbox
    url = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert url in message.body and url.startswith("https://rs.example.org/mail/unsubscribe/")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message.alternatives[0][1] == "text/html"
    assert Client(enforce_csrf_checks=True).post(urlsplit(url).path).status_code == 200
    assert MailSettings.objects.get(user=bob).your_turn is False
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=make_game(alice, bob), user=alice, move="Bb2Bb3", ply=0)
    assert len(mail.outbox) == 1


def test_no_mail_for_a_rolled_back_move(players, django_capture_on_commit_callbacks):
    alice, bob = players
    game = make_game(alice, bob, days_per_move=3)
    with django_capture_on_commit_callbacks(execute=True):
        with pytest.raises(RuntimeError):
            with transaction.atomic():
                services.game_play_move(game=game, user=alice, move="Bb2Bb3", ply=0)
                raise RuntimeError("the surrounding transaction fails")
    assert mail.outbox == [] and not OutgoingMail.objects.exists()
    assert Game.objects.get(pk=game.pk).ply == 0


def test_a_challenge_is_mailed_once_to_the_challenged_player(
        players, django_capture_on_commit_callbacks):
    alice, bob = players
    with django_capture_on_commit_callbacks(execute=True):
        challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                              days_per_move=3)
    [message] = mail.outbox
    assert message.to == ["bob@example.org"] and "alice challenges you" in message.subject
    assert f"https://rs.example.org/challenges/{challenge.pk}/" in message.body
    with django_capture_on_commit_callbacks(execute=True):
        Challenge.objects.filter(pk=challenge.pk).first().save()  # saved again: no new mail
    assert len(mail.outbox) == 1


def test_the_end_of_a_game_is_mailed_once_to_both_players(
        players, django_capture_on_commit_callbacks):
    alice, bob = players
    game = make_game(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, user=bob)
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.org", "bob@example.org"]
    assert "is won" in _mails_to("alice@example.org")[0].body
    assert "is lost" in _mails_to("bob@example.org")[0].body


def test_a_clock_with_less_than_a_day_left_is_warned_once(
        players, django_capture_on_commit_callbacks):
    alice, bob = players
    soon = make_game(alice, bob, days_per_move=3, deadline=timezone.now() + timedelta(hours=20))
    make_game(alice, bob, days_per_move=3, deadline=timezone.now() + timedelta(days=2))
    with django_capture_on_commit_callbacks(execute=True):
        assert mail_clock_warnings() == 1
        assert mail_clock_warnings() == 0
    [message] = mail.outbox
    assert message.to == ["alice@example.org"] and "Less than a day" in message.subject
    assert f"/games/{soon.public_id}/" in message.body


def test_bots_get_no_mail(alice, django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    bot = Bot.objects.get(level=0).user
    verify(bot, "bot@example.org")
    game = make_game(alice, bot)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=alice, move="Bb2Bb3", ply=0)
        services.game_resign(game=game, user=alice)
    assert _mails_to("bot@example.org") == []


def test_an_unverified_address_gets_no_notification(alice, bob,
                                                    django_capture_on_commit_callbacks):
    bob.email = "bob@example.org"
    bob.save()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=make_game(alice, bob), user=alice, move="Bb2Bb3", ply=0)
    assert mail.outbox == []


def test_a_kind_switched_off_is_not_sent(players, django_capture_on_commit_callbacks):
    alice, bob = players
    MailSettings.objects.filter(user=bob).update(game_over=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=make_game(alice, bob), user=bob)
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]


def test_a_mail_whose_address_changed_before_delivery_is_dropped(
        players, monkeypatch, django_capture_on_commit_callbacks):
    from notify.outbox import mail_deliver

    alice, bob = players
    queued: list[int] = []
    monkeypatch.setattr("notify.dispatch.queue_delivery", queued.append)  # hold delivery back
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=make_game(alice, bob), user=alice, move="Bb2Bb3", ply=0)
    bob.email = "new@example.org"
    bob.save()
    mail.outbox.clear()
    assert [mail_deliver(mail_id=i) for i in queued] == [False]
    assert not [m for m in mail.outbox if "Your move" in m.subject]


def test_a_bots_reply_sends_no_your_move_mail(alice, django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    bot = Bot.objects.get(level=0).user
    game = make_game(bot, alice, days_per_move=3)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=bot, move="Bb2Bb3", ply=0)
    assert mail.outbox == []


def test_a_game_without_a_clock_mails_your_move_at_most_once_a_day(
        players, django_capture_on_commit_callbacks):
    alice, bob = players
    game = make_game(alice, bob)
    for user, move, ply in ((alice, "Bb2Bb3", 0), (bob, "Db4Db3", 1), (alice, "Bc2Bc3", 2)):
        with django_capture_on_commit_callbacks(execute=True):  # each move commits on its own
            services.game_play_move(game=game, user=user, move=move, ply=ply)
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.org", "bob@example.org"]


def test_each_new_deadline_gets_its_own_your_move_mail(players,
                                                      django_capture_on_commit_callbacks):
    alice, bob = players
    game = make_game(alice, bob, days_per_move=3)
    for user, move, ply in ((alice, "Bb2Bb3", 0), (bob, "Db4Db3", 1), (alice, "Bc2Bc3", 2)):
        with django_capture_on_commit_callbacks(execute=True):  # each move commits on its own
            services.game_play_move(game=game, user=user, move=move, ply=ply)
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.org", "bob@example.org",
                                                    "bob@example.org"]
