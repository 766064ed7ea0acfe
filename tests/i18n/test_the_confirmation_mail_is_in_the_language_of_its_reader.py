"""The mail confirming an address is written in its reader's language (issue 45): a visitor
signing up on the German site gets it in German (the account has no choice yet: the request's
language), an account that chose German gets it in German from an English request, and an
English sign-up gets it in English."""
from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.utils import translation

from accounts.models import Profile
from notify import services

pytestmark = pytest.mark.django_db

SIGN_UP = {"username": "dora", "email": "dora@example.org",
           "password": "a-long-Passphrase-7", "password_again": "a-long-Passphrase-7"}


def _sign_up(language: str, capture) -> mail.EmailMessage:
    with capture(execute=True):
        response = Client().post("/signup/", SIGN_UP, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302
    [message] = [m for m in mail.outbox if m.to == ["dora@example.org"]]
    return message


def test_a_german_sign_up_gets_a_german_mail(django_capture_on_commit_callbacks):
    message = _sign_up("de", django_capture_on_commit_callbacks)
    assert message.subject == "Bestätige deine Adresse für Raumschach"
    assert message.body.startswith("Hallo dora,")
    assert "Bitte bestätige, dass dies deine Adresse für Raumschach ist" in message.body
    assert "Please confirm" not in message.body


def test_an_english_sign_up_gets_an_english_mail(django_capture_on_commit_callbacks):
    message = _sign_up("en", django_capture_on_commit_callbacks)
    assert message.subject == "Confirm your address for Raumschach"
    assert message.body.startswith("Hello dora,")


def test_an_account_s_choice_wins_over_the_request_s_language(
        alice, django_capture_on_commit_callbacks):
    type(alice).objects.filter(pk=alice.pk).update(email="alice@example.org")
    alice.refresh_from_db()
    Profile.objects.filter(user=alice).update(language="de")
    alice.refresh_from_db()
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        assert services.email_verification_send(user=alice, limited=False)
    [message] = [m for m in mail.outbox if m.to == ["alice@example.org"]]
    assert message.subject == "Bestätige deine Adresse für Raumschach"
