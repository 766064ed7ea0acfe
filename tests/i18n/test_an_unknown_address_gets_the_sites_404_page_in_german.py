"""An address the site has no page for gets the site's own 404 page (its header, its language),
not Django's bare English "Not Found"."""
from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_an_unknown_address_is_answered_in_german():
    response = Client().get("/gibt-es-nicht/", HTTP_ACCEPT_LANGUAGE="de")
    page = response.content.decode()
    assert response.status_code == 404
    assert '<html lang="de">' in page
    assert "Unter dieser Adresse gibt es keine Seite." in page and "Not Found" not in page


def test_in_english_it_says_so_in_english(alice):
    client = Client()
    client.force_login(alice)
    page = client.get("/gibt-es-nicht/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "There is no page at this address." in page and 'class="site-header"' in page
