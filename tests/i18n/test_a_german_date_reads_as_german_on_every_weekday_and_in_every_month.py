"""A correspondence deadline is written by the browser (toLocaleString, the game page's
options): in German its weekday and month come abbreviated ("Do., 3. Dez."), and "Do", "Mo"
are English words too.  The German walk judged them by the day it ran on; here every weekday
and every month, as Node's ICU writes them with the page's options, passes the judge."""
from __future__ import annotations

import pytest

from scripts import german_words
from tests.web.node import NODE, run_module

pytestmark = [pytest.mark.wordlists,
              pytest.mark.skipif(NODE is None, reason="needs Node.js (apt-get install nodejs)")]

DATES = """
const options = {weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit"};
const out = [];
for (let month = 0; month < 12; month += 1) {
  for (let day = 1; day <= 7; day += 1) out.push(new Date(2026, month, day, 9, 30).toLocaleString("de", options));
}
console.log(JSON.stringify(out));
"""


def test_every_german_weekday_and_month_abbreviation_passes_the_judge():
    dates = run_module(DATES)
    assert len(dates) == 84 and any(text.startswith("Do.") for text in dates)
    flagged = {text: german_words.english_words(text) for text in dates}
    assert {text: words for text, words in flagged.items() if words} == {}
