"""The rules pages' worked examples (/rules/<key>/, issue 45) speak German when the request is
German: each example's title and words, and the facts read off the engine around the move
(its moves, the king's escapes, no legal reply), while the notation stays as it is."""
import json
import re

import pytest

from tests.conftest import declared_variant_keys


def examples(client, key: str, language: str) -> list[dict]:
    page = client.get(f"/rules/{key}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    data = re.search(r'<script id="rules-examples-data" type="application/json">(.*?)</script>',
                     page, re.S)
    return json.loads(data.group(1))


@pytest.mark.parametrize("key", declared_variant_keys())
def test_every_example_title_and_text_differs_in_german(client, key):
    english, german = examples(client, key, "en"), examples(client, key, "de")
    assert [e["key"] for e in english] == [e["key"] for e in german] and english
    for en, de in zip(english, german):
        assert en["title"] != de["title"], en["title"]
        assert en["text"] != de["text"], en["text"]
        if en["facts"] != f"{en.get('san')}.":  # more than the move's notation: words
            assert en["facts"] != de["facts"], en["facts"]
        assert en.get("san") == de.get("san") and en.get("moves") == de.get("moves")


def test_the_raumschach_examples_read_german(client):
    german = {e["key"]: e for e in examples(client, "raumschach", "de")}
    assert german["pawn"]["title"] == "Wie ein Bauer zieht"
    assert german["pawn"]["facts"] == "Seine Züge: Cb4, Dd3, Cc4, Dc3."
    assert german["boardmate"]["title"] == "Brettmatt (++)"
    assert german["boardmate"]["facts"] == "QBd5-Cd5++. Der König auf De5 kann nach Ee5, Ee4 ziehen."
    assert german["spacemate"]["facts"] == "QDb3-Dd3#. Kein legaler Zug als Antwort."
    assert "Raummatt" in german["spacemate"]["text"]
