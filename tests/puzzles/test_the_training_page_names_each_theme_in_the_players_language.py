"""The API answers a puzzle's themes by lichess's keys; the training page shows each by a name in
the player's language, from a table the page gets with its context."""
import json
import re
from pathlib import Path

import pytest
from django.utils import translation

from engine.puzzles import MAX_PLIES
from puzzles.theme_names import theme_names


def test_every_theme_the_shipped_puzzles_have_and_every_mate_length_has_a_name():
    names = theme_names()
    shipped = set()
    for path in (Path(__file__).resolve().parents[2] / "puzzles" / "data").glob("*.jsonl"):
        for line in path.read_text().splitlines():
            shipped.update(json.loads(line)["themes"])
    assert shipped and shipped <= set(names)
    assert f"mateIn{(MAX_PLIES + 1) // 2}" in names and f"mateIn{(MAX_PLIES + 1) // 2 + 1}" not in names


def test_the_names_are_german_for_a_german_player():
    with translation.override("de"):
        names = theme_names()
    assert names["crushing"] == "Vernichtend"
    assert names["mateIn2"] == "Matt in 2 Zügen" and names["mateIn1"] == "Matt in 1 Zug"
    assert names["oneMove"] == "Einzüger"


@pytest.mark.django_db
@pytest.mark.parametrize("language,word", [("de", "Vernichtend"), ("en", "Crushing")])
def test_the_training_page_carries_the_names_in_the_request_s_language(client, language, word):
    page = client.get("/training/raumschach/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    context = json.loads(re.search(r'<script id="puzzle-context" type="application/json">(.*?)</script>',
                                   page, re.S).group(1))
    assert context["theme_names"]["crushing"] == word
