"""The committed German catalogue is complete: every message translated, none fuzzy, and each
translation keeps its msgid's placeholders (a lost %(name)s would raise at run time)."""
from __future__ import annotations

import re

import polib

from core.i18n_catalogue import DOMAINS, catalogue_stats, po_path

PLACEHOLDER = re.compile(r"%%|%\([a-z_]+\)[sdr]|%[sd]")


def test_no_message_is_empty_or_fuzzy():
    stats = catalogue_stats("de")
    assert "django" in stats and stats["django"]["messages"] > 500
    for domain, counts in stats.items():
        assert counts["fuzzy"] == 0, domain
        assert counts["untranslated"] == 0, domain
        assert counts["translated"] == counts["messages"], domain


def test_every_translation_keeps_its_placeholders():
    wrong = []
    for domain in DOMAINS:
        path = po_path("de", domain)
        if not path.exists():
            continue
        for entry in polib.pofile(str(path)):
            pairs = ([(entry.msgid, entry.msgstr)] if not entry.msgid_plural else
                     [(entry.msgid_plural, entry.msgstr_plural[1])]
                     # The singular may name its one thing in words ("One more challenge").
                     + ([(entry.msgid, entry.msgstr_plural[0])]
                        if PLACEHOLDER.findall(entry.msgid) else []))
            for source, translation in pairs:
                if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(translation)):
                    wrong.append((source, translation))
    assert wrong == []
