"""The translation catalogues' one extraction recipe and their statistics (issue 45).

`make_messages()` is what scripts/make_messages.py runs to refresh locale/ (Django's
makemessages with the site's ignores); `missing_msgids()` runs the same extraction into a
temporary copy of the sources and names every marked string the committed German catalogue
lacks (tests/i18n fails on one); `catalogue_stats()` counts messages, translated, fuzzy
(scripts/i18n_stats.py prints them). Extraction needs GNU gettext's xgettext; reading and the
statistics need only polib.
"""
from __future__ import annotations

import fnmatch
import os
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGUAGES = ("de",)
DOMAINS = ("django", "djangojs")
# Not the site's own text: environments, build output, tests, third-party scripts.
IGNORE = [".venv", "venv", "staticfiles", "node_modules", "tests", "build", "tablebases",
          "match-records", "*/vendor/*", "*.min.js"]
SOURCE_SUFFIXES = (".py", ".html", ".txt", ".js", ".email")


def po_path(language: str = "de", domain: str = "django", locale: Path = LOCALE) -> Path:
    return locale / language / "LC_MESSAGES" / f"{domain}.po"


def make_messages(*, locale: Path = LOCALE, cwd: Path = ROOT) -> None:
    """Django's makemessages for every language and domain, into `locale`."""
    from django.core.management import call_command
    from django.test.utils import override_settings

    with override_settings(LOCALE_PATHS=[str(locale)]), _chdir(cwd):
        for domain in DOMAINS:
            call_command("makemessages", locale=list(LANGUAGES), domain=domain, ignore_patterns=IGNORE,
                         no_obsolete=True, verbosity=0)


def _source_files(root: Path) -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=root,
                                capture_output=True, text=True, check=True).stdout.split("\n")
        paths = [root / name for name in listed if name]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout
        paths = [p for p in root.rglob("*") if p.is_file()]
    return [p for p in paths if p.suffix in SOURCE_SUFFIXES and p.is_file()
            and not any(fnmatch.fnmatch(str(p.relative_to(root)), pat)
                        or pat in p.relative_to(root).parts for pat in IGNORE)]


def missing_msgids(language: str = "de") -> dict[str, list[str]]:
    """{domain: msgids marked in the sources but absent, untranslated or fuzzy in the committed
    catalogue}: what the catalogue still owes, found without touching locale/."""
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for path in _source_files(ROOT):
            target = tmp / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        make_messages(locale=tmp / "locale", cwd=tmp)
        missing = {}
        for domain in DOMAINS:
            fresh = po_path(language, domain, tmp / "locale")
            if not fresh.exists():  # nothing marked in this domain
                continue
            committed = po_path(language, domain)
            done = set()
            if committed.exists():
                done = {(e.msgctxt, e.msgid) for e in polib.pofile(str(committed))
                        if e.translated() and not e.obsolete}
            owed = [e.msgid for e in polib.pofile(str(fresh))
                    if (e.msgctxt, e.msgid) not in done]
            if owed:
                missing[domain] = owed
        return missing


def catalogue_stats(language: str = "de") -> dict[str, dict[str, int]]:
    """{domain: {"messages", "translated", "fuzzy", "untranslated"}} of the committed catalogue."""
    stats = {}
    for domain in DOMAINS:
        path = po_path(language, domain)
        if not path.exists():
            continue
        po = polib.pofile(str(path))
        entries = [e for e in po if not e.obsolete]
        stats[domain] = {"messages": len(entries),
                         "translated": len(po.translated_entries()),
                         "fuzzy": len(po.fuzzy_entries()),
                         "untranslated": len(po.untranslated_entries())}
    return stats


@contextmanager
def _chdir(path: Path):
    before = os.getcwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)
