"""The API reads and changes mail settings; a new address gets a confirmation mail; bad input
is a 400 JSON error and changes nothing."""
from __future__ import annotations

import pytest
from django.core import mail
from rest_framework.test import APIClient

from notify.models import MailSettings

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(alice):
    client = APIClient()
    client.force_authenticate(alice)
    return client


def test_defaults_are_every_kind_on_and_no_digest(api) -> None:
    body = api.get("/api/v1/mail/settings/").json()
    assert body == {"email": "", "email_verified": False, "your_turn": True, "challenge": True,
                    "game_over": True, "clock_warning": True, "tournament": True,
                    "digest": False}


def test_a_new_address_through_the_api_is_mailed_a_confirmation(
        api, alice, django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = api.patch("/api/v1/mail/settings/",
                             {"email": "alice@example.org", "digest": True}, format="json")
    assert response.status_code == 200
    assert response.json()["email_verified"] is False and response.json()["digest"] is True
    assert [m.to for m in mail.outbox] == [["alice@example.org"]]


def test_bad_input_is_a_400_and_changes_nothing(api, alice) -> None:
    for body in ({"email": "not-an-address"}, {"digest": "maybe"}):
        response = api.patch("/api/v1/mail/settings/", body, format="json")
        assert response.status_code == 400 and "error" in response.json()
    alice.refresh_from_db()
    assert alice.email == "" and not MailSettings.objects.exists()


def test_asking_again_for_a_link_is_rate_limited(api, alice, settings,
                                                 django_capture_on_commit_callbacks) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "email_verify": (2, 3600)}
    alice.email = "alice@example.org"
    alice.save()
    with django_capture_on_commit_callbacks(execute=True):
        codes = [api.post("/api/v1/mail/settings/verify/").status_code for _ in range(3)]
    assert codes == [202, 202, 429]


def test_anonymous_requests_are_refused(db) -> None:
    assert APIClient().get("/api/v1/mail/settings/").status_code == 401
