"""Build the translation catalogues: every locale/<lang>/LC_MESSAGES/*.po into its .mo.

The .mo files are build output (git-ignored): scripts/serve.sh, scripts/test.sh and the
Dockerfile run this at install. It uses polib (pure Python, pinned in requirements.txt), so a
fresh machine needs no GNU gettext; `manage.py compilemessages` (msgfmt) makes the same files.
Fuzzy and untranslated messages are left out of the .mo, as msgfmt leaves them out.

    python scripts/compile_messages.py          # prints one line per catalogue
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent


def compile_all(root: Path = ROOT) -> list[Path]:
    """Compile every .po under root/locale whose .mo is missing or older; returns the .mo files."""
    built = []
    for po_path in sorted((root / "locale").glob("*/LC_MESSAGES/*.po")):
        mo_path = po_path.with_suffix(".mo")
        if not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
            tmp = mo_path.with_suffix(f".mo.{os.getpid()}.tmp")
            polib.pofile(str(po_path)).save_as_mofile(str(tmp))
            tmp.replace(mo_path)  # a server reading the old file never sees half a new one
        built.append(mo_path)
    return built


def main() -> int:
    for mo_path in compile_all():
        print(mo_path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
