"""Password reset by email: the link goes only to a confirmed address, points at SITE_URL,
expires, works once and cannot be forged; the answer never reveals whether an address is
known; the form is rate limited."""
from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from accounts.models import ApiToken
from accounts.services import api_token_create
from tests.notify.conftest import verify
from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "another-long-Passphrase-9"


def _ask(email: str, client: Client | None = None):
    return (client or Client()).post("/password/reset/", {"email": email})


def _link(message) -> str:
    url = re.search(r"https://rs\.example\.org/password/reset/\S+/", message.body).group(0)
    return urlsplit(url).path


def _reset(link: str, password: str = NEW_PASSWORD):
    client = Client()
    form = client.get(link, follow=True)  # Django moves the token into the session first
    if form.status_code != 200 or b"Choose a new password" not in form.content:
        return form
    return client.post(form.redirect_chain[-1][0] if form.redirect_chain else link,
                       {"new_password1": password, "new_password2": password})


def test_a_confirmed_address_gets_a_link_that_sets_a_new_password(
        alice, django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    api_token_create(user=alice, name="old")
    with django_capture_on_commit_callbacks(execute=True):
        response = _ask("ALICE@example.org")
    assert response.status_code == 302 and response["Location"] == "/password/reset/sent/"
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]
    response = _reset(_link(mail.outbox[0]))
    assert response.status_code == 302 and response["Location"] == "/password/reset/done/"
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)
    assert not ApiToken.objects.filter(user=alice).exists()


def test_the_answer_is_the_same_whether_or_not_the_address_is_known(
        alice, bob, django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    bob.email = "bob@example.org"  # not confirmed: treated like an unknown address
    bob.save()
    mail.outbox.clear()
    answers = []
    for email in ("alice@example.org", "nobody@example.org", "bob@example.org"):
        with django_capture_on_commit_callbacks(execute=True):
            response = _ask(email)
        page = Client().get(response["Location"])
        # The CSRF token is random per page (in the head and in the header's language switch);
        # everything else must be the same.
        content = re.sub(rb'name="csrf-token" content="[^"]*"', b"", page.content)
        content = re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", content)
        answers.append((response.status_code, response["Location"], content))
    assert answers[0] == answers[1] == answers[2]
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]


def test_a_link_works_only_once(alice, django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        _ask("alice@example.org")
    link = _link(mail.outbox[0])
    assert _reset(link).status_code == 302
    second = _reset(link, "yet-another-Passphrase-3")
    assert b"This link is not valid" in second.content
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)


def test_an_expired_link_is_refused(alice, settings, monkeypatch,
                                    django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        _ask("alice@example.org")
    link = _link(mail.outbox[0])
    later = timezone.now() + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT + 60)
    monkeypatch.setattr("django.contrib.auth.tokens.PasswordResetTokenGenerator._now",
                        lambda self: later.replace(tzinfo=None))
    assert b"This link is not valid" in _reset(link).content
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


def test_a_forged_link_is_refused(alice, bob, django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        _ask("alice@example.org")
    _, _, _, uid, token, _ = _link(mail.outbox[0]).split("/")
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    bob_uid = urlsafe_base64_encode(force_bytes(bob.pk))
    for path in (f"/password/reset/{bob_uid}/{token}/", f"/password/reset/{uid}/{token[:-2]}zz/",
                 f"/password/reset/{uid}/1-abcdef/"):
        assert b"This link is not valid" in _reset(path).content
    alice.refresh_from_db()
    bob.refresh_from_db()
    assert alice.check_password(PASSWORD) and bob.check_password(PASSWORD)


def test_the_form_is_rate_limited_for_known_and_unknown_addresses_alike(
        alice, settings, django_capture_on_commit_callbacks):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_reset": (2, 3600)}
    verify(alice, "alice@example.org")
    for email in ("alice@example.org", "nobody@example.org"):
        with django_capture_on_commit_callbacks(execute=True):
            codes = [_ask(email, Client(REMOTE_ADDR=f"10.0.0.{i}")).status_code
                     for i in range(3)]
        assert codes == [302, 302, 429]
    assert len(mail.outbox) == 2
