"""A correspondence deadline is written by the game page's script (gameinfo.js's
describeDeadline, the date by toLocaleString in the page's language): in German its weekday and
month come abbreviated ("Do., 3. Dez."), and "Do", "Mo" are English words too.  The German walk
judged them by the day it ran on; here the page's own function writes a deadline on every
weekday of every month, in German, and each date passes the judge."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts import german_words
from tests.web.node import NODE, run_module

pytestmark = [pytest.mark.wordlists,
              pytest.mark.skipif(NODE is None, reason="needs Node.js (apt-get install nodejs)")]

GAMEINFO_JS = Path(__file__).resolve().parents[2] / "games" / "static" / "games" / "js" / "gameinfo.js"
# The date alone: the sentence around it comes from the catalogue, which the walk judges apart.
DATES = (
    "globalThis.document = {documentElement: {lang: 'de'}};\n"
    "globalThis.gettext = (s) => s === 'Move was due %(when)s.' ? '%(when)s' : s;\n"
    f"const g = await import({json.dumps(GAMEINFO_JS.as_uri())});\n"
    "const out = [];\n"
    "for (let month = 0; month < 12; month += 1) {\n"
    "  for (let day = 1; day <= 7; day += 1) {\n"
    "    const due = new Date(2026, month, day, 9, 30);\n"
    "    out.push(g.describeDeadline(due, due.getTime() + 1));\n"
    "  }\n"
    "}\n"
    "process.stdout.write(JSON.stringify(out));\n"
)


def test_every_german_weekday_and_month_abbreviation_passes_the_judge():
    dates = run_module(DATES)
    assert len(dates) == 84 and any(text.startswith("Do.") for text in dates), dates[:7]
    flagged = {text: german_words.english_words(text) for text in dates}
    assert {text: words for text, words in flagged.items() if words} == {}
