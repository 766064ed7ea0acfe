"""Hexagonal Raumschach positions for the tests, written as the ruling's position string
(docs/rules/hexraumschach.md section 6) from a few pieces, without the engine's writer."""
from __future__ import annotations

from engine import variant_by_key

HEX = variant_by_key("hexraumschach")
LEVELS = "ABCDE"
FILES = "abcdefg"
FILE_LENGTHS = (4, 5, 6, 7, 6, 5, 4)


def placement(pieces: dict[str, str]) -> str:
    """Placement field from {cell name: letter} (upper case White): levels E..A, files a..g,
    each file from rank 1 upward."""
    levels = []
    for level in reversed(LEVELS):
        files = []
        for file, length in zip(FILES, FILE_LENGTHS):
            out, empty = "", 0
            for rank in range(1, length + 1):
                letter = pieces.get(f"{level}{file}{rank}")
                if letter:
                    out += (str(empty) if empty else "") + letter
                    empty = 0
                else:
                    empty += 1
            files.append(out + (str(empty) if empty else ""))
        levels.append("/".join(files))
    return "|".join(levels)


def fen(pieces: dict[str, str], side: str = "w") -> str:
    return f"{placement(pieces)} {side} 0 1"
