"""A correspondence game's "Move due ... (... left)" says the time left through the catalogue
(days by ngettext, hours and minutes by gettext), so a German page says "noch 2 Tage 23 Std."
instead of the English abbreviations "2 d 23 h"."""
import json
from pathlib import Path

import pytest

from tests.web.node import NODE, run_module

GAMEINFO_JS = Path(__file__).resolve().parents[2] / "games" / "static" / "games" / "js" / "gameinfo.js"
GERMAN = {"Move due %(when)s (%(left)s left).": "Zug fällig am %(when)s (noch %(left)s).",
          "%(n)s h": "%(n)s Std.", "%(n)s min": "%(n)s Min."}


def said(left_ms: int, catalogue: dict | None) -> str:
    fake = ""
    if catalogue is not None:
        fake = (f"const t = {json.dumps(catalogue)};\n"
                "globalThis.gettext = (s) => t[s] ?? s;\n"
                "globalThis.ngettext = (s, p, n) => n === 1 ? '%(n)s Tag' : '%(n)s Tage';\n")
    return run_module(fake + f"const g = await import({json.dumps(GAMEINFO_JS.as_uri())});\n"
                      f"const now = Date.UTC(2026, 10, 29, 12, 0);\n"
                      f"process.stdout.write(JSON.stringify(g.describeDeadline(new Date(now + {left_ms}), now)));")


@pytest.mark.skipif(NODE is None, reason="needs Node.js")
@pytest.mark.parametrize("left_ms,english,german", [
    ((2 * 24 + 23) * 3600_000 + 5 * 60_000, "2 days 23 h", "noch 2 Tage 23 Std."),
    ((24 + 1) * 3600_000, "1 day 1 h", "noch 1 Tag 1 Std."),
    (5 * 3600_000 + 7 * 60_000, "5 h 7 min", "noch 5 Std. 7 Min."),
    (9 * 60_000 + 30_000, "9 min", "noch 9 Min."),
])
def test_the_time_left_is_in_the_catalogue_s_words(left_ms, english, german):
    assert f"({english} left)." in said(left_ms, None)
    assert said(left_ms, GERMAN).endswith(f"({german}).")
