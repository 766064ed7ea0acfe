"""The German catalogue's statistics: messages, translated, fuzzy, untranslated per domain.
With --missing also the msgids marked in the sources but not translated in the catalogue
(needs xgettext). Exit status 1 if any message is fuzzy, untranslated or missing.

    .venv/bin/python scripts/i18n_stats.py [--missing]
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str]) -> int:
    from core.i18n_catalogue import catalogue_stats
    bad = 0
    for domain, counts in catalogue_stats().items():
        print(f"de/{domain}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        bad += counts["fuzzy"] + counts["untranslated"]
    if "--missing" in argv:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")
        os.environ.setdefault("DEBUG", "1")
        import django
        django.setup()
        from core.i18n_catalogue import missing_msgids
        for domain, msgids in missing_msgids().items():
            for msgid in msgids:
                print(f"missing in de/{domain}: {msgid!r}")
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
