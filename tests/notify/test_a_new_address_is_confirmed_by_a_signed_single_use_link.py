"""An address given at sign-up or added later gets a confirmation mail at once; the link in it
is signed, expires, works once, and mail goes only to a confirmed address."""
from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts import services
from notify import services as notify_services
from notify.models import MailSettings
from notify.outbox import verified_address

pytestmark = pytest.mark.django_db


def _link(message) -> str:
    return urlsplit(re.search(r"https://rs\.example\.org(/mail/verify/\S+/)", message.body)
                    .group(0)).path


def test_sign_up_with_an_address_mails_a_confirmation_at_once(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        user = services.user_signup(username="dora", password="a-long-Passphrase-7",
                                    email="dora@example.org", client_ip="1.2.3.4")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["dora@example.org"] and "Confirm" in message.subject
    assert verified_address(user) == ""
    response = Client().get(_link(message))
    assert response.status_code == 200 and b"Address confirmed" in response.content
    user.refresh_from_db()
    assert verified_address(user) == "dora@example.org"


def test_the_link_works_only_once(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        notify_services.email_change(user=alice, email="alice@example.org")
    link = _link(mail.outbox[0])
    assert Client().get(link).status_code == 200
    assert Client().get(link).status_code == 400


def test_an_address_added_later_on_the_settings_page_is_confirmed(
        alice, django_capture_on_commit_callbacks):
    client = Client()
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/mail/settings/", {"email": "new@example.org",
                                                   "your_turn": "on"})
    assert response.status_code == 302
    assert [m.to for m in mail.outbox] == [["new@example.org"]]
    assert Client().get(_link(mail.outbox[0])).status_code == 200
    assert MailSettings.objects.get(user=alice).verified_email == "new@example.org"


def test_an_expired_link_is_refused(alice, settings, monkeypatch,
                                    django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        notify_services.email_change(user=alice, email="alice@example.org")
    link = _link(mail.outbox[0])
    later = timezone.now() + timedelta(seconds=settings.EMAIL_VERIFY_MAX_AGE + 5)
    monkeypatch.setattr("time.time", lambda: later.timestamp())
    assert Client().get(link).status_code == 400
    assert verified_address(alice) == ""


def test_a_forged_or_tampered_link_is_refused(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        notify_services.email_change(user=alice, email="alice@example.org")
    token = _link(mail.outbox[0]).split("/")[-2]
    for bad in (token[:-3] + "abc", "not-a-token", token.replace(token[2], "x", 1)):
        assert Client().get(f"/mail/verify/{bad}/").status_code == 400
    assert verified_address(alice) == ""


def test_a_link_for_an_address_the_account_no_longer_has_is_refused(
        alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        notify_services.email_change(user=alice, email="old@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        notify_services.email_change(user=alice, email="new@example.org")
    old_link, new_link = (_link(m) for m in mail.outbox)
    assert Client().get(old_link).status_code == 400
    assert Client().get(new_link).status_code == 200
    assert verified_address(alice) == "new@example.org"


def test_changing_a_verified_address_unverifies_it_until_confirmed(
        alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        notify_services.email_change(user=alice, email="a@example.org")
    Client().get(_link(mail.outbox[0]))
    with django_capture_on_commit_callbacks(execute=True):
        notify_services.email_change(user=alice, email="b@example.org")
    alice.refresh_from_db()
    assert verified_address(alice) == ""
