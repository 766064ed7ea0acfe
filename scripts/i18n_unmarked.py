"""A rough list of the English still unmarked in the templates (issue 45's remaining work):
text between tags, and title/placeholder/aria-label/alt attributes, holding a word of three or
more letters, outside {% translate %} / {% blocktranslate %} and template tags. Heuristic: it
may list a name or notation, and misses text built in Python or JavaScript.

    .venv/bin/python scripts/i18n_unmarked.py            # counts per template
    .venv/bin/python scripts/i18n_unmarked.py -v         # and each text
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCKS = re.compile(r"{%\s*blocktranslate.*?{%\s*endblocktranslate\s*%}|{#.*?#}|{%\s*comment\s*%}.*?"
                    r"{%\s*endcomment\s*%}|<script.*?</script>|<style.*?</style>", re.S)
TAGS = re.compile(r"{%.*?%}|{{.*?}}", re.S)
TEXT = re.compile(r">([^<>]+)<")
ATTR = re.compile(r'\b(?:title|placeholder|aria-label|alt)="([^"]*)"')
WORD = re.compile(r"[A-Za-z]{3,}")


def unmarked(path: Path) -> list[str]:
    source = BLOCKS.sub(" ", path.read_text(encoding="utf-8"))
    found = []
    for pattern in (TEXT, ATTR):
        for match in pattern.finditer(source):
            text = " ".join(TAGS.sub(" ", match.group(1)).split())
            if WORD.search(text):
                found.append(text)
    return found


def main(argv: list[str]) -> int:
    total = 0
    for path in sorted((ROOT / "templates").rglob("*.html")):
        texts = unmarked(path)
        total += len(texts)
        if texts:
            print(f"{len(texts):4d}  {path.relative_to(ROOT)}")
            if "-v" in argv:
                for text in texts:
                    print(f"        {text[:100]}")
    print(f"{total:4d}  in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
