"""The header's language switch (on every page, in the phone menu too) sets German: the next page
declares `<html lang="de">` and speaks German; for a logged-in account the choice is stored and
follows it to its next log-in on another browser (and to its mails)."""
from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import Profile

pytestmark = pytest.mark.django_db


def test_a_visitor_switches_to_german_and_the_page_says_so():
    client = Client()
    page = client.get("/training/").content.decode()
    assert '<html lang="en">' in page and 'name="language" value="de"' in page
    response = client.post("/language/", {"language": "de", "next": "/training/"})
    assert response.status_code == 302 and response["Location"] == "/training/"
    page = client.get("/training/").content.decode()
    assert '<html lang="de">' in page
    assert ">Aufgaben<" in page and ">Turniere<" in page and ">Menü<" in page
    assert 'name="language" value="en"' in page  # and back


def test_the_browser_language_is_followed_until_a_choice_is_made():
    page = Client().get("/training/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").content.decode()
    assert '<html lang="de">' in page and ">Aufgaben<" in page


def test_an_account_choice_is_stored_and_used_at_its_next_log_in(alice):
    client = Client()
    client.force_login(alice)
    client.post("/language/", {"language": "de", "next": "/"})
    assert Profile.objects.get(user=alice).language == "de"
    elsewhere = Client()  # another browser, sending English
    elsewhere.force_login(alice)
    page = elsewhere.get("/training/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="de">' in page and ">Aufgaben<" in page


def test_an_unknown_language_changes_nothing(alice):
    client = Client()
    client.force_login(alice)
    client.post("/language/", {"language": "xx", "next": "/"})
    assert Profile.objects.get(user=alice).language == ""
    assert '<html lang="en">' in client.get("/training/").content.decode()


def test_the_switch_needs_a_post_with_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/language/", {"language": "de"}).status_code == 403
    assert client.get("/language/").status_code == 405
