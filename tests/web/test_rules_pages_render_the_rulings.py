"""/rules/<key>/full/ renders docs/rules/<key>.md on the server, safely (the players' page,
/rules/<key>/, links to it); an unknown key is a 404 on both."""
import pytest

from games.web.views import rules


@pytest.mark.parametrize("key, heading", [("raumschach", "Raumschach"), ("fiveup", "Five Up"),
                                          ("hexraumschach", "Hexagonal Raumschach"),
                                          ("startrek", "Star Trek")])
def test_each_variants_rules_page_renders_its_ruling(client, key, heading):
    response = client.get(f"/rules/{key}/full/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>" in html and heading in html
    assert "<table>" in html and "<li>" in html


@pytest.mark.parametrize("key", ["chess", "RAUMSCHACH", "architecture"])
def test_an_unknown_key_is_a_404_page(client, key):
    for path in (f"/rules/{key}/", f"/rules/{key}/full/"):
        response = client.get(path)
        assert response.status_code == 404
        assert b"No rules page for" in response.content


@pytest.mark.parametrize("path", ["/rules/../", "/rules/raumschach.md/", "/rules/%2e%2e%2fREADME/",
                                  "/rules/raumschach.md/full/", "/rules/../full/"])
def test_a_path_that_is_no_key_never_reaches_the_files(client, path):
    assert client.get(path).status_code == 404


def test_html_in_the_markdown_is_shown_as_text_and_bad_links_are_dropped(tmp_path, monkeypatch):
    (tmp_path / "raumschach.md").write_text(
        "# Rules\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=y>\n")
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path)
    rules._rendered.cache_clear()
    try:
        html = rules._rendered("raumschach")
    finally:
        rules._rendered.cache_clear()
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<img" not in html and "href=\"javascript" not in html and "<a " not in html
