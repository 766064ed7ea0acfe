"""A position the engine refuses (a set-up no game can have) is refused in German with
Accept-Language: de - the site's sentence and the engine's reason both, translated at the
Django boundary - with the same code as in English (issue 45)."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

import engine
from tests.site_fixtures import assert_error

pytestmark = pytest.mark.django_db
URL = "/api/v1/analysis/position/"
START = engine.Position.start().fen()


def _detail(fen: str, language: str) -> str:
    response = APIClient().post(URL, {"fen": fen}, format="json", HTTP_ACCEPT_LANGUAGE=language)
    return assert_error(response, 400, "illegal_position")["detail"]


def test_a_side_without_its_king_is_said_in_german():
    fen = START.replace("RNKNR", "RNQNR")
    assert _detail(fen, "en") == "Illegal Raumschach position: white has no king."
    assert _detail(fen, "de") == "Illegale Stellung in Raumschach: Weiß hat keinen König."


def test_a_pawn_on_its_first_row_is_said_in_german():
    detail = _detail(START.replace("RNKNR", "PNKNR"), "de")
    assert detail.startswith("Illegale Stellung in Raumschach: Bauer (Weiß) auf Aa1: ")
    assert "pawn" not in detail and "white" not in detail
