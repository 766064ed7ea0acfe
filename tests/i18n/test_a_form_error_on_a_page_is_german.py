"""A form's error on a page is in the page's language (issue 45): the archive's filter with its
end date before its start date is refused on a German page in German, the English sentence
nowhere on it; the same request in English says it in English."""
from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

REVERSED = {"date_from": "2026-03-10", "date_to": "2026-03-01"}


def _page(language: str) -> str:
    response = Client().get("/archive/", REVERSED, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    return response.content.decode()


def test_the_reversed_date_range_is_refused_in_german():
    page = _page("de")
    assert "Das Enddatum liegt vor dem Startdatum." in page
    assert "The end date is before the start date." not in page


def test_the_same_error_stays_english_in_english():
    assert "The end date is before the start date." in _page("en")
