"""Each game's rules page is written for players (issue 39): at most ~900 words in its main text,
no source file, test or folder of the project named, a drawn board (the start position) and the
piece demo, and a link at its foot to the full ruling, which stays reachable for engineers."""
from html.parser import HTMLParser

import pytest

from tests.conftest import declared_variant_keys

MAX_WORDS = 900
# What a page for players must never show: the project's files, folders and working words.
FORBIDDEN = [".py", ".md", ".js", "tests/", "engine/", "docs/", "games/", "RULING", "seed", "perft"]


class _MainText(HTMLParser):
    """The words a reader sees in <main>: no scripts (the embedded JSON), no attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.depth_main = 0
        self.skipping = 0
        self.words: list[str] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "main":
            self.depth_main += 1
        if tag in ("script", "style"):
            self.skipping += 1
        if tag == "a" and self.depth_main:
            self.hrefs.append(dict(attrs).get("href") or "")

    def handle_endtag(self, tag):
        if tag == "main":
            self.depth_main -= 1
        if tag in ("script", "style"):
            self.skipping -= 1

    def handle_data(self, data):
        if self.depth_main and not self.skipping:
            self.words.extend(data.split())


def _main_text(client, key: str) -> _MainText:
    response = client.get(f"/rules/{key}/")
    assert response.status_code == 200
    parser = _MainText()
    parser.feed(response.content.decode())
    return parser


def test_every_game_has_a_players_page():
    assert declared_variant_keys() == ["fiveup", "hexraumschach", "raumschach", "startrek"]


@pytest.mark.parametrize("key", declared_variant_keys())
def test_the_page_is_short_and_names_no_file(client, key):
    page = _main_text(client, key)
    text = " ".join(page.words)
    assert 250 <= len(page.words) <= MAX_WORDS, len(page.words)
    for pattern in FORBIDDEN:
        assert pattern not in text, pattern
    for href in page.hrefs:
        assert not any(pattern in href for pattern in FORBIDDEN[:4]), href


@pytest.mark.parametrize("key", declared_variant_keys())
def test_the_page_draws_the_board_and_links_the_full_ruling(client, key):
    html = client.get(f"/rules/{key}/").content.decode()
    assert 'class="board-root start-board"' in html and 'id="piece-demo"' in html
    assert "How to win" in html and "Special rules" in html
    assert f'href="/rules/{key}/full/"' in html
    full = client.get(f"/rules/{key}/full/")
    assert full.status_code == 200
    assert f'href="/rules/{key}/"' in full.content.decode()
