"""Five Up positions for the tests, written as the ruling's position string (docs/rules/fiveup.md
section 9) from a few pieces, without the engine's writer."""
from __future__ import annotations

from engine import Position, variant_by_key

FIVEUP = variant_by_key("fiveup")
LEVELS = "ABCDE"
FILES = "abcde"


def coords(name: str) -> tuple[int, int, int]:
    """(level, rank, file) of a cell name."""
    return LEVELS.index(name[0]), int(name[2]) - 1, FILES.index(name[1])


def name(level: int, rank: int, file: int) -> str:
    return f"{LEVELS[level]}{FILES[file]}{rank + 1}"


def placement(pieces: dict[str, str]) -> str:
    """Placement field from {cell name: letter} (upper case White)."""
    levels = []
    for level in range(4, -1, -1):
        ranks = []
        for rank in range(4, -1, -1):
            out, empty = "", 0
            for file in range(5):
                letter = pieces.get(name(level, rank, file))
                if letter:
                    out += (str(empty) if empty else "") + letter
                    empty = 0
                else:
                    empty += 1
            ranks.append(out + (str(empty) if empty else ""))
        levels.append("/".join(ranks))
    return "|".join(levels)


def fen(pieces: dict[str, str], side: str = "w", reserves: str = "-", unmoved: str = "-", ep: str = "-",
        halfmove: int = 0, fullmove: int = 1) -> str:
    return f"{placement(pieces)} {side} {reserves} {unmoved} {ep} {halfmove} {fullmove}"


def position(pieces: dict[str, str], castling: bool = False, **fields) -> Position:
    variant = FIVEUP.with_options(castling=castling)
    return Position.from_fen(fen(pieces, **fields), variant)


def coords_of_moves(pos: Position, from_name: str | None = None) -> set[str]:
    texts = {pos.coord(m) for m in pos.legal_moves()}
    return {t for t in texts if from_name is None or t.startswith(from_name)}


def mirror(cell: str) -> str:
    """Black's cell for White's: levels and ranks reflected, files kept (ruling section 2)."""
    level, rank, file = coords(cell)
    return name(4 - level, 4 - rank, file)
