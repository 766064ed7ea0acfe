"""The settings page switches the vacation on and off (CSRF-protected forms) and shows it."""
from __future__ import annotations

import pytest
from django.test import Client

from games import services

pytestmark = pytest.mark.django_db


def test_a_player_goes_on_vacation_and_comes_back_from_the_settings_page(alice) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    page = client.get("/mail/settings/")
    assert b"Go on vacation" in page.content
    token = page.cookies["csrftoken"].value
    response = client.post("/mail/settings/vacation/", {"action": "start",
                                                         "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and services.vacation_active(user_id=alice.pk)
    assert b"End my vacation" in client.get("/mail/settings/").content
    client.post("/mail/settings/vacation/", {"action": "end", "csrfmiddlewaretoken": token})
    assert not services.vacation_active(user_id=alice.pk)


def test_without_the_csrf_token_nothing_changes(alice) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.post("/mail/settings/vacation/", {"action": "start"}).status_code == 403
    assert not services.vacation_active(user_id=alice.pk)


def test_the_settings_page_has_a_plain_title_and_one_vacation_form(alice) -> None:
    client = Client()
    client.force_login(alice)
    html = client.get("/mail/settings/").content.decode()
    title = html[html.index("<title>"):html.index("</title>")]
    assert "<form" not in title and "Vacation" not in title
    assert html.count('id="vacation-days"') == 1
