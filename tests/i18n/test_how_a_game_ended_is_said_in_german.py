"""How a game ended is said in German where Python words it (issue 45): the replay page's
sentence ("Weiß gewann durch Aufgabe."), the archive's column (the stored termination's label)
and the words the game page's script is given; in English all stay as they were."""
from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from games import services
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def resigned(alice, bob):
    game = make_game(alice, bob)
    services.game_resign(game=game, user=bob)
    return game


def _get(path: str, language: str) -> str:
    response = Client().get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, path
    return response.content.decode()


def test_the_replay_page_says_who_won_and_how_in_german(resigned):
    german = _get(f"/games/{resigned.public_id}/replay/", "de")
    english = _get(f"/games/{resigned.public_id}/replay/", "en")
    assert "Weiß gewann durch Aufgabe." in german and "White won by resignation." not in german
    assert "White won by resignation." in english


def test_the_archive_names_the_ending_in_german(resigned):
    assert re.search(r">\s*Aufgabe\s*<", _get("/archive/", "de"))
    assert re.search(r">\s*Resignation\s*<", _get("/archive/", "en"))


def test_the_game_page_s_script_gets_the_endings_in_german(resigned):
    page = _get(f"/games/{resigned.public_id}/", "de")
    context = json.loads(re.search(r'<script id="game-context" type="application/json">(.*?)'
                                   r"</script>", page, re.S).group(1))
    assert context["termination_words"]["resign"] == "Aufgabe"
    assert context["termination_words"]["checkmate"] == "Matt"
    assert context["termination_words"]["fifty_moves"] == "die 50-Züge-Regel"
