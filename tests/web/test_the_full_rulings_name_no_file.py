"""The full rulings (/rules/<key>/full/, linked from each rules page's foot) are pages of the
site too (issue 39): they cite their sources by public title or address and name no file or
folder of the project (its tests, scripts, modules, other rulings by file name). Where those
checks live is in the engineering notes, not on the page. The German texts (issue 45) likewise."""
import re

import pytest

from tests.conftest import declared_variant_keys
from tests.web.test_the_rules_pages_are_for_players import _MainText

URL = re.compile(r"https?://\S+")
# A file name (a word ending in a source or document extension) or a path into the project.
FILE = re.compile(r"[\w.…-]+\.(?:py|md|js|c|h|so|json|txt|ya?ml|html|css|toml)\b")
PROJECT_PATH = re.compile(
    r"\b(?:tests|engine|scripts|docs|games|templates|bots|ratings|raumschach_site)/")
MODULE = re.compile(r"\bengine\._\w+")  # a compiled module's import name
# A public source each ruling cites by its title or address.
SOURCE = {"raumschach": "A Guide to Fairy Chess", "fiveup": "5 Up Raumschach",
          "hexraumschach": "https://www.chessvariants.com/rules/hexagonal-raumschach",
          "startrek": "Tournament Rules for Three-Dimensional Chess"}


def full_ruling_text(client, key: str, language: str = "en") -> str:
    response = client.get(f"/rules/{key}/full/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    parser = _MainText()
    parser.feed(response.content.decode())
    return " ".join(parser.words)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("key", declared_variant_keys())
def test_the_full_ruling_names_no_file_of_the_project(client, key, language):
    text = full_ruling_text(client, key, language)
    assert SOURCE[key] in text  # still the ruling, citing its sources
    assert len(text.split()) > 500
    text = URL.sub(" ", text)
    named = FILE.findall(text) + PROJECT_PATH.findall(text) + MODULE.findall(text)
    assert not named, named


def test_the_patterns_catch_what_the_rulings_used_to_name():
    old = ("written from this page alone (`tests/engine/naive_fiveup.py`, no code shared with "
           "`engine/`), as `raumschach.md`, the wide build `engine._rs_native_wide`, the app's "
           "source (Chess3dView.js …); see http://thedance.net/~roth/TECHBLOG/chess.html")
    text = URL.sub(" ", old)
    assert FILE.findall(text) == ["naive_fiveup.py", "raumschach.md", "Chess3dView.js"]
    assert PROJECT_PATH.findall(text) == ["tests/", "engine/", "engine/"]
    assert MODULE.findall(text) == ["engine._rs_native_wide"]
