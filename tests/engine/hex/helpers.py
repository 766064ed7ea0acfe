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


def mirror(name: str) -> str:
    """Black's cell for White's (ruling section 3: (l, q, r) -> (4 - l, q, -r - q)): the level
    reflected, the file kept, the rank counted from the other end of the file."""
    level, file, rank = name[0], name[1], int(name[2:])
    return f"{LEVELS[4 - LEVELS.index(level)]}{file}{FILE_LENGTHS[FILES.index(file)] + 1 - rank}"


def quiet_kings(cell: str) -> tuple[str, str]:
    """Two cells for the kings that no straight line of the 26 directions, no knight leap and
    no two king steps join with ``cell`` or with each other: there the kings neither block, nor
    are reached, nor guard a cell next to ``cell`` (the naive generator's tables: no engine code)."""
    from tests.engine import naive_hex as naive

    lines = {(d[0] * k, d[1] * k, d[2] * k) for d in naive.QUEEN for k in range(1, 7)} | set(naive.KNIGHT)
    lines |= {(a[0] + b[0], a[1] + b[1], a[2] + b[2]) for a in naive.QUEEN for b in naive.QUEEN}

    def unrelated(a, b) -> bool:
        return (b[0] - a[0], b[1] - a[1], b[2] - a[2]) not in lines and a != b

    home = naive.parse_cell(cell)
    spots = [c for c in naive.ALL_CELLS if unrelated(home, c)]
    for a in spots:
        for b in spots:
            if unrelated(a, b):
                return naive.name(a), naive.name(b)
    raise AssertionError(f"no quiet cells for the kings around {cell}")
