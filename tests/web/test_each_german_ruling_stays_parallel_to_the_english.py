"""Each full ruling's German text (docs/rules/de/<key>.md, issue 45) stays parallel to the English
one (docs/rules/<key>.md): the same headings at each level, the same section numbers, the same
notation (every `code` span and code block), the same tables with as many rows, and a RULING
marker of the English for each FESTLEGUNG of the German. A change to the English ruling that is
not made in the German fails here, saying what differs; translate it into the German file."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from tests.conftest import declared_variant_keys

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"
SECTION_NUMBER = re.compile(r"^(\d+(?:\.\d+)*)\.?\s")
# The English marks each decision the sources leave open RULING; the German FESTLEGUNG.
MARKER = {"en": re.compile(r"\bRULING\b"), "de": re.compile(r"\bFESTLEGUNG\b")}


def shape(text: str, language: str) -> dict[str, object]:
    """What a translation keeps of its original: structure, numbers and notation, not words."""
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    headings: Counter[str] = Counter()
    numbers: list[str] = []
    code: Counter[str] = Counter()
    table_rows: list[int] = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            headings[token.tag] += 1
            title = tokens[index + 1].content
            if match := SECTION_NUMBER.match(title):
                numbers.append(match.group(1))
        elif token.type == "table_open":
            table_rows.append(0)
        elif token.type == "tr_open":
            table_rows[-1] += 1
        elif token.type in ("fence", "code_block"):
            code[token.content.strip()] += 1
        if token.children:
            code.update(child.content for child in token.children if child.type == "code_inline")
    return {"headings per level": dict(sorted(headings.items())), "section numbers": numbers,
            "rows of each table": table_rows, "notation (code spans)": code,
            "decision markers": len(MARKER[language].findall(text))}


def differences(english: str, german: str) -> list[str]:
    """One line per way the German text has left the English one."""
    left, right = shape(english, "en"), shape(german, "de")
    found = []
    for what, value in left.items():
        if what == "notation (code spans)":
            missing, extra = value - right[what], right[what] - value
            if missing or extra:
                found.append(f"{what}: only in the English {sorted(missing.elements())}, "
                             f"only in the German {sorted(extra.elements())}")
        elif value != right[what]:
            found.append(f"{what}: English {value}, German {right[what]}")
    return found


@pytest.mark.parametrize("key", declared_variant_keys())
def test_the_german_ruling_has_the_english_rulings_structure_and_notation(key):
    english_file, german_file = RULES / f"{key}.md", RULES / "de" / f"{key}.md"
    assert german_file.is_file(), f"{german_file} is missing: translate {english_file}"
    found = differences(english_file.read_text(encoding="utf-8"),
                        german_file.read_text(encoding="utf-8"))
    assert not found, (f"{german_file.name} (German) no longer follows {english_file.name}: "
                       + "; ".join(found) + ". Change the German ruling with the English one.")


def test_a_heading_a_cell_name_a_table_row_or_a_ruling_added_to_the_english_alone_is_found():
    english = (RULES / "raumschach.md").read_text(encoding="utf-8")
    german = (RULES / "de" / "raumschach.md").read_text(encoding="utf-8")
    assert differences(english, german) == []
    assert "headings per level" in differences(english + "\n## New section\n", german)[0]
    assert "`Zz9`" not in english
    assert "only in the English ['Zz9']" in differences(english + "\nA pawn on `Zz9`.\n", german)[0]
    assert "rows of each table" in differences(
        english.replace("| Pawn P | see below |", "| Pawn P | see below |\n| Elf E | new |"), german)[0]
    assert "decision markers" in differences(english + "\n**RULING:** a new one.\n", german)[0]
    assert "section numbers" in differences("## 1. A\n## 2. B\n", "## 1. A\n## 3. B\n")[0]
