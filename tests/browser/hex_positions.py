"""Hexagonal Raumschach positions for the browser tests, written through the engine's own
geometry (its placement groups: levels E..A, files a..g, each from rank 1 up), so no test spells
a hex position string by hand."""
from __future__ import annotations

import engine

KEY = "hexraumschach"


def variant() -> engine.Variant:
    return engine.variant_by_key(KEY)


def fen(pieces: dict[str, str], side: str = "w", fullmove: int = 1) -> str:
    """The position string with `pieces` ({"Cd4": "K", "Ed7": "k", ...}) on an empty board."""
    geometry = variant().geometry
    by_cell = {geometry.parse_cell(name): letter for name, letter in pieces.items()}
    levels = []
    for group in geometry.placement_rows:
        rows = []
        for row in group:
            text, empty = "", 0
            for cell in row:
                if cell in by_cell:
                    text += (str(empty) if empty else "") + by_cell[cell]
                    empty = 0
                else:
                    empty += 1
            rows.append(text + (str(empty) if empty else ""))
        levels.append("/".join(rows))
    written = f"{'|'.join(levels)} {side} 0 {fullmove}"
    engine.Position.from_fen(written, variant())  # the engine reads it back, or the test is wrong
    return written


def legal(fen_text: str) -> list[str]:
    position = engine.Position.from_fen(fen_text, variant())
    return sorted(position.coord(m) for m in position.legal_moves())
