"""/rules/<key>/full/ serves the ruling's German text (docs/rules/de/<key>.md, issue 45) when the
request's language is German, by the header language switch's cookie or by Accept-Language; the
English text otherwise, and the English one where a German text is missing. Each language's
rendering is kept apart (the cache is per key and language)."""
import pytest

from games.web.views import rules
from tests.conftest import declared_variant_keys

# A sentence of each German ruling, and the English one it translates.
GERMAN = {"raumschach": ("Weiß hat in der Grundstellung 61 legale Züge.",
                         "White has 61 legal moves in the start position."),
          "fiveup": ("Einsetzen der Reservefiguren", "Placement of the reserve pieces"),
          "hexraumschach": ("Brett und Namen", "Board and names"),
          "startrek": ("Wie die Engine es spielt", "How the engine plays it")}


@pytest.mark.parametrize("key", declared_variant_keys())
def test_the_ruling_is_german_by_accept_language_and_english_otherwise(client, key):
    german, english = GERMAN[key]
    page = client.get(f"/rules/{key}/full/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert german in page and english not in page
    assert "Vollständige Regelfassung" in page  # the page's own words follow too
    page = client.get(f"/rules/{key}/full/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert english in page and german not in page


def test_the_language_cookie_makes_the_ruling_german(client):
    client.cookies["django_language"] = "de"
    page = client.get("/rules/raumschach/full/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert GERMAN["raumschach"][0] in page


def test_a_ruling_without_its_german_text_is_served_in_english(tmp_path, monkeypatch, client):
    (tmp_path / "de").mkdir()
    (tmp_path / "raumschach.md").write_text("# Raumschach\n\nThe English ruling.\n")
    (tmp_path / "fiveup.md").write_text("# Five Up\n\nThe English ruling.\n")
    (tmp_path / "de" / "fiveup.md").write_text("# Five Up\n\nDie deutsche Regelfassung.\n")
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path)
    rules._rendered.cache_clear()
    try:
        missing = client.get("/rules/raumschach/full/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
        present = client.get("/rules/fiveup/full/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
        english = client.get("/rules/fiveup/full/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    finally:
        rules._rendered.cache_clear()
    assert "The English ruling." in missing
    assert "Die deutsche Regelfassung." in present and "The English ruling." not in present
    assert "The English ruling." in english and "Die deutsche" not in english


@pytest.mark.parametrize("language", [None, "en", "de", "de-at", "fr", "../de", ""])
def test_only_a_plain_language_code_picks_a_translated_file(language):
    path = rules.ruling_path("raumschach", language)
    if language in ("de", "de-at"):
        assert path == rules.RULES_DIR / "de" / "raumschach.md"
    else:
        assert path == rules.RULES_DIR / "raumschach.md"


def test_a_german_ruling_s_quotations_of_its_english_sources_are_marked_english(client):
    page = client.get("/rules/fiveup/full/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<q lang="en">an optional rule</q>' in page
    assert "&quot;" not in page.split("<main", 1)[1]


def test_only_quotations_outside_code_are_marked_and_the_english_ruling_is_left_as_it_is(client):
    html = '<p>&quot;one&quot; and <code>&quot;two&quot;</code> and &quot;<em>three</em>&quot;</p>'
    assert rules.quoted_sources_marked_english(html) == (
        '<p><q lang="en">one</q> and <code>&quot;two&quot;</code> and &quot;<em>three</em>&quot;</p>')
    english = client.get("/rules/fiveup/full/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<q " not in english
