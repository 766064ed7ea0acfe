"""Put translations into a German catalogue from tab-separated lines on standard input:
`msgid<TAB>msgstr` (a plural: `msgid<TAB>singular<TAB>plural`, msgid being the singular; a
message with a context: `context::msgid<TAB>msgstr`).
For the lead after `scripts/make_messages.py` has added new msgids: the entries it names are
set and lose any fuzzy mark (makemessages guesses fuzzy translations from similar msgids;
they are usually wrong). Prints how many were set and any msgid the catalogue lacks.

    .venv/bin/python scripts/po_fill.py django < new.tsv     # or djangojs
"""
from __future__ import annotations

import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent


def fill(domain: str, lines: list[str], language: str = "de") -> tuple[int, set[str]]:
    path = ROOT / "locale" / language / "LC_MESSAGES" / f"{domain}.po"
    po = polib.pofile(str(path))
    table = {}
    for line in lines:
        parts = line.rstrip("\n").split("\t")
        if len(parts) >= 2:
            table[parts[0].replace("\\n", "\n")] = [p.replace("\\n", "\n") for p in parts[1:]]
    done = 0
    for entry in po:
        key = f"{entry.msgctxt}::{entry.msgid}" if entry.msgctxt else entry.msgid
        values = table.get(key)
        if values is None:
            continue
        if entry.msgid_plural:
            entry.msgstr_plural = {0: values[0], 1: values[-1]}
        else:
            entry.msgstr = values[0]
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
        entry.previous_msgid = entry.previous_msgid_plural = entry.previous_msgctxt = None
        done += 1
    po.save()
    return done, set(table) - {f"{e.msgctxt}::{e.msgid}" if e.msgctxt else e.msgid for e in po}


if __name__ == "__main__":
    count, unknown = fill(sys.argv[1], sys.stdin.readlines())
    print(f"{count} set")
    for msgid in sorted(unknown):
        print(f"not in the catalogue: {msgid!r}")
