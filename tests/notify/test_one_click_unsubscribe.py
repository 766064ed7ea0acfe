"""A signed link in a mail switches off that kind of mail, with no log-in; forged links don't."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.test import Client

from notify.models import MailSettings
from notify.unsubscribe import make_token, unsubscribe_url

pytestmark = pytest.mark.django_db


def _path(url: str) -> str:
    return urlsplit(url).path


def test_the_link_points_at_the_public_site_url(settings, alice) -> None:
    settings.SITE_URL = "https://raumschach.example.org"
    assert unsubscribe_url(user_id=alice.pk, kind="your_turn").startswith(
        "https://raumschach.example.org/mail/unsubscribe/")


def test_a_post_from_a_mail_client_without_csrf_unsubscribes(alice) -> None:
    url = unsubscribe_url(user_id=alice.pk, kind="your_turn")
    response = Client(enforce_csrf_checks=True).post(_path(url))
    assert response.status_code == 200
    prefs = MailSettings.objects.get(user=alice)
    assert (prefs.your_turn, prefs.challenge, prefs.game_over, prefs.clock_warning) == (
        False, True, True, True)


def test_opening_the_link_unsubscribes_only_that_kind(alice) -> None:
    MailSettings.objects.create(user=alice, your_turn=False)
    response = Client().get(_path(unsubscribe_url(user_id=alice.pk, kind="game_over")))
    assert response.status_code == 200 and b"game over" in response.content
    prefs = MailSettings.objects.get(user=alice)
    assert (prefs.your_turn, prefs.game_over, prefs.challenge) == (False, False, True)


def test_a_tampered_link_changes_nothing(alice, bob) -> None:
    token = make_token(user_id=alice.pk, kind="your_turn")
    forged = token.replace(token.split(":")[0], make_token(user_id=bob.pk, kind="x").split(":")[0])
    for bad in (forged, token[:-2] + "xx", "not-a-token"):
        response = Client().get(f"/mail/unsubscribe/{bad}/")
        assert response.status_code == 400
    assert not MailSettings.objects.exists()


def test_a_token_for_an_unknown_kind_or_user_changes_nothing(alice) -> None:
    for token in (make_token(user_id=alice.pk, kind="user_id"),
                  make_token(user_id=alice.pk + 1000, kind="your_turn")):
        assert Client().post(f"/mail/unsubscribe/{token}/").status_code == 400
    assert not MailSettings.objects.exists()


def test_the_digests_link_switches_off_every_kind(alice) -> None:
    MailSettings.objects.create(user=alice, digest=True)
    response = Client().post(_path(unsubscribe_url(user_id=alice.pk, kind="digest")))
    assert response.status_code == 200
    prefs = MailSettings.objects.get(user=alice)
    assert not any((prefs.your_turn, prefs.challenge, prefs.game_over, prefs.clock_warning))
