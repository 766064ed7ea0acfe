"""The pages whose text is all marked show no English word in German (issue 45's walk, as far as
it goes): every word of the page's visible text (and its title, labels, placeholders) that is
also in its English rendering must be on the allowed list (names, notation, words German shares
with English); text in <code> or <pre> is an identifier or notation, not words. A page joins the lists once its templates, forms and messages are all marked."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

# Words the same in both languages, names (the site's; the bots'; Glicko-2; the games' names are
# added from the registry below), the game record's tag words (Tag, [Variant "..."]), and the
# language switch's own "English".
ALLOWED = {"raumschach", "english", "deutsch", "glicko", "beginner", "easy", "normal", "hard", "expert", "master", "alice", "bob",
           "lichess", "board",  # board: the Board API, a name
           "tag", "variant", "server", "tv", "an", "pool", "api", "rest", "token", "tokens",
           "mail", "mails", "e", "in", "name", "status", "bot", "bots", "arena", "blitz",
           "bullet", "live", "s", "editor", "link", "websockets"}


class _Text(HTMLParser):
    SKIP = {"script", "style", "code", "pre"}  # code, pre: identifiers and notation, not words

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self._skip += 1
        for name, value in attrs:
            if name in ("title", "placeholder", "aria-label", "alt", "data-label") and value:
                self.words += re.findall(r"[A-Za-zÄÖÜäöüß]+", value)

    def handle_endtag(self, tag):
        if tag in self.SKIP:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.words += re.findall(r"[A-Za-zÄÖÜäöüß]+", data)


def _words(html: str) -> set[str]:
    parser = _Text()
    parser.feed(html)
    return {word.lower() for word in parser.words if len(word) > 1}


def _variant_name_words() -> set[str]:
    """The games' names are names: the registered variants' (a test may register its own)."""
    import engine
    return {word.lower() for variant in engine.VARIANTS.values()
            for word in re.findall(r"[A-Za-z]+", variant.name)}


def _page(client: Client, path: str, language: str) -> str:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, path
    return response.content.decode()


ANONYMOUS = ["/login/", "/signup/", "/password/reset/", "/password/reset/done/", "/tv/",
             "/tournaments/", "/training/", "/editor/", "/leaderboard/", "/archive/"]
LOGGED_IN = ["/password/", "/players/alice/", "/mail/settings/", "/import/"]


@pytest.mark.parametrize("path", ANONYMOUS + LOGGED_IN)
def test_no_english_word_is_left_on_the_german_page(path, alice):
    client = Client()
    if path in LOGGED_IN:
        client.force_login(alice)
    english, german = _page(client, path, "en"), _page(client, path, "de")
    assert '<html lang="de">' in german
    left = sorted((_words(german) & _words(english)) - ALLOWED - _variant_name_words())
    assert left == [], f"English left on {path} in German: {left}"
