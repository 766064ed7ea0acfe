"""The API's human `detail` is in the language of Accept-Language; the machine `error` code
stays English (issue 45: codes are for programs, details for people)."""
from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _error(client: Client, language: str | None) -> tuple[int, dict]:
    headers = {"HTTP_ACCEPT_LANGUAGE": language} if language else {}
    response = client.get("/api/v1/challenges/no-such-challenge/", **headers)
    return response.status_code, response.json()


def test_the_detail_is_german_with_accept_language_de_and_the_code_unchanged(alice):
    client = Client()
    client.force_login(alice)
    status_en, english = _error(client, "en")
    status_de, german = _error(client, "de-DE,de;q=0.9,en;q=0.5")
    assert status_en == status_de == 404
    assert german["error"] == english["error"] == "not_found"
    assert english["detail"] == "No such challenge."
    assert german["detail"] == "Diese Herausforderung gibt es nicht."


def test_without_accept_language_the_detail_is_english(alice):
    client = Client()
    client.force_login(alice)
    assert _error(client, None)[1]["detail"] == "No such challenge."
