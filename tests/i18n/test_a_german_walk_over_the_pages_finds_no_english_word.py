"""Issue 45's walk in a real browser (scripts/german_walk.py): German set by the language cookie
and the accounts' Profile.language, the pages opened with real objects behind them, and no
English word in what a person sees or hears (visible text, title, placeholders, aria-labels,
alt texts, button values), judged by Debian's English and German word lists and the repo's
allowed list (scripts/german_words.py). A failure names the word, the page, the element and the
file its text likely comes from.

CI's share: one page of each route on the laptop (the first path listed for it, the first game
of the four), and a game page and the home page on the phone (its menu and the game's panels
are laid out differently); the script walks them all, on both: run it after a change of text.

tests/i18n/german_walk_owed.txt lists the English this walk still finds whose text is owed by
work under way elsewhere (Python literals, the browser's scripts, the rules' text), each line
with where it comes from: a word ("resign"), or a page ("page /rules/raumschach/full/", every
English word on it). They do not fail the walk; an entry the walk no longer needs fails it
(take it off), so the list only shrinks."""
from __future__ import annotations

import os

import pytest

from scripts import german_walk, german_words
from scripts.german_walk_site import Site
from tests.browser.test_every_page_fits_a_phone_and_a_laptop_without_a_console_error import (
    _excluded, _routes)

PHONE_PAGES = {"/", "/games/{live}/"}
OWED = german_words.ROOT / "tests" / "i18n" / "german_walk_owed.txt"


def _owed() -> tuple[set[str], set[str]]:
    """(owed words, owed pages) of OWED."""
    words, pages = set(), set()
    if OWED.is_file():
        for line in OWED.read_text(encoding="utf-8").splitlines():
            entry = line.split("#", 1)[0].split()
            if len(entry) == 2 and entry[0] == "page":
                pages.add(entry[1])
            elif len(entry) == 1:
                words.add(entry[0].lower())
    return words, pages


def test_the_walk_opens_every_route_or_it_is_excluded_with_a_reason():
    routes = set(_routes())
    walked = set(german_walk.PAGES) - {"404"}
    assert not sorted(r for r in routes if r not in walked and not _excluded(r)), \
        "pages the German walk never opens: add them to scripts/german_walk.py's PAGES"
    assert walked <= routes, "the walk names routes the site no longer has"


def _ci_share(objects: dict, viewport: str) -> list[tuple[str, str, str]]:
    if viewport == "desktop":
        table = {route: entries[:1] for route, entries in german_walk.PAGES.items()}
    else:
        table = {route: [e for e in entries if e[0] in PHONE_PAGES]
                 for route, entries in german_walk.PAGES.items()}
    return german_walk.pages(objects, table=table, variants=german_walk.VARIANTS[:1])


@pytest.mark.browser
@pytest.mark.live_server_process
@pytest.mark.wordlists
def test_a_german_walk_finds_no_english_word(tmp_path):
    from playwright.sync_api import sync_playwright

    site = Site(tmp_path).start()
    found, failed = [], []
    try:
        objects = site.arrange()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                args=german_walk.CHROMIUM_ARGS)
            for viewport in ("desktop", "phone"):
                more, broken = german_walk.walk(site.url, objects, browser, viewport, None,
                                                _ci_share(objects, viewport))
                found += more
                failed += broken
            browser.close()
    finally:
        site.stop()
    assert not failed, failed
    words, pages = _owed()
    owed_page = {item["page"] for item in found if item["page"] in pages}
    left = [item for item in found if item["word"] not in words and item["page"] not in owed_page]
    assert not left, "English on German pages:\n" + german_walk.report_text(left, failed)
    paid = sorted(words - {item["word"] for item in found if item["page"] not in owed_page})
    paid += sorted(f"page {page}" for page in pages - set(owed_page))
    assert not paid, f"no longer found, take them off {OWED.name}: {paid}"
