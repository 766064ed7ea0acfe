"""Refresh the translation catalogues from the sources: Django's makemessages for German, both
domains (django, djangojs), with the site's ignores (core/i18n_catalogue.py). New marked strings
arrive untranslated; translate them in locale/de/LC_MESSAGES/*.po (docs/glossary-de.md), then
scripts/i18n_stats.py must show none untranslated or fuzzy. Needs GNU gettext (xgettext).

    DEBUG=1 .venv/bin/python scripts/make_messages.py
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "raumschach_site.settings")

import django  # noqa: E402

django.setup()

from core.i18n_catalogue import make_messages  # noqa: E402

if __name__ == "__main__":
    make_messages()
