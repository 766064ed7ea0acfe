"""The rules pages. /rules/<key>/ is the players' page: how to play the game, in a template of
its own (templates/games/rules/<key>.html, translatable), with the board drawn by the site's
renderer, the piece demo and the worked examples. /rules/<key>/full/ is the engineers' ruling,
docs/rules/<key>.md rendered on the server, linked from the players' page's foot. Raw HTML in
the Markdown is shown as text, not passed through, and link targets are checked by the
renderer (no javascript: links): the pages are ours, but render safely. A ruling has a German
text beside it (docs/rules/de/<key>.md, issue 45), served when the request is German; a
language without its own text gets the English one. A translated ruling quotes its English
sources in straight double quotes ("an optional rule"; its own quotation marks are the
language's, „…“): they are rendered as English quotations, <q lang="en">, so a reader, a screen
reader and the German walk know them for English."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from markdown_it import MarkdownIt

import engine

from games.rules_examples import worked_examples
from games.variants import variant_keys
from games.web.variants import all_descriptors, piece_urls, variant_descriptor

RULES_DIR = settings.BASE_DIR / "docs" / "rules"


def ruling_path(key: str, language: str | None) -> Path:
    """The ruling's text in the language (its base: "de" for "de-at"), else the English one.
    The key is a known variant's (checked by the views) and the language one of the site's."""
    base = (language or "").split("-")[0].lower()
    if base and base != "en" and base.isalpha():
        translated = RULES_DIR / base / f"{key}.md"
        if translated.is_file():
            return translated
    return RULES_DIR / f"{key}.md"


_CODE = re.compile(r"(<code>.*?</code>)", re.S)
_SOURCE_QUOTE = re.compile(r"&quot;([^<>]+?)&quot;")


def quoted_sources_marked_english(html: str) -> str:
    """Each straight-quoted run of text outside code (rendered as &quot;) becomes <q lang="en">;
    a quotation broken by markup (emphasis, a link) is left as it is."""
    parts = _CODE.split(html)
    return "".join(part if part.startswith("<code>") else _SOURCE_QUOTE.sub(r'<q lang="en">\1</q>', part)
                   for part in parts)


@lru_cache(maxsize=32)
def _rendered(key: str, language: str | None = None) -> str:
    path = ruling_path(key, language)
    # "commonmark" with html off escapes any tag in the source; tables are GitHub's extension.
    html = MarkdownIt("commonmark", {"html": False}).enable("table").render(path.read_text(encoding="utf-8"))
    return html if path.parent == RULES_DIR else quoted_sources_marked_english(html)


@require_GET
def rules_index(request: HttpRequest) -> HttpResponse:
    """Every game the site plays, each with its one line and a link to its rules."""
    games = [d for d in all_descriptors() if (RULES_DIR / f"{d['key']}.md").is_file()]
    return render(request, "games/rules_index.html", {"games": games})


def _no_such_page(request: HttpRequest, key: str) -> HttpResponse | None:
    # Only a known variant's page: the key never reaches the file system otherwise.
    if key in variant_keys() and (RULES_DIR / f"{key}.md").is_file():
        return None
    return render(request, "games/not_found.html",
                  {"detail": _("No rules page for “%(key)s”. Known games: %(known)s.")
                   % {"key": key, "known": ", ".join(variant_keys())}}, status=404)


@require_GET
def rules_page(request: HttpRequest, key: str) -> HttpResponse:
    """How to play the game, for players (the ruling is one link away at the foot)."""
    if (missing := _no_such_page(request, key)) is not None:
        return missing
    variant = engine.VARIANTS[key]
    descriptor = variant_descriptor(key)
    return render(request, f"games/rules/{key}.html",
                  {"variant_name": variant.name, "pieces": descriptor["pieces"], "variant": descriptor,
                   "examples": worked_examples(key), "demo_cell": demo_cell(variant),
                   "context": {"key": key, "piece_urls": piece_urls(descriptor),
                               "start_fen": variant.start_fen}})


@require_GET
def rules_full(request: HttpRequest, key: str) -> HttpResponse:
    """The project's full ruling of the game, as its engineers keep it."""
    if (missing := _no_such_page(request, key)) is not None:
        return missing
    return render(request, "games/rules_full.html",
                  {"variant_name": engine.VARIANTS[key].name, "key": key,
                   "body": mark_safe(_rendered(key, get_language()))})  # noqa: S308


def demo_cell(variant: engine.Variant) -> str:
    """Where the piece demo starts: Cc3 (the cube's and the hex levels' middle level) where the
    variant has it, else the cell nearest the middle of all its cells (Star Trek: on the
    middle main board)."""
    names = variant.geometry.names
    if "Cc3" in names:
        return "Cc3"
    coords = variant.geometry.coords
    middle = [sum(axis) / len(coords) for axis in zip(*coords)]
    return names[min(variant.geometry.cells, key=lambda c: sum((a - m) ** 2 for a, m in zip(coords[c], middle)))]
