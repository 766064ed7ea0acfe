"""Star Trek positions for the site and browser tests, written through the engine's own
position-string writer (placement over the whole stand, the pins, the unmoved pawns), so no
test spells a Star Trek position string by hand."""
from __future__ import annotations

import engine
from engine.pieces import COLOR_SHIFT, KIND_MASK

KEY = "startrek"


def variant() -> engine.Variant:
    return engine.variant_by_key(KEY)


def fen(pieces: dict[str, str], pins: tuple[str, ...], side: str = "w", unmoved: tuple[str, ...] = (),
        fullmove: int = 1) -> str:
    """The position string with `pieces` ({"Bb1": "K", "Gd9": "k", ...}) on the stand whose
    attack boards stand on `pins`; `unmoved`: the pawns that may still make their two-step."""
    v = variant()
    board = [0] * v.geometry.ncells
    for name, letter in pieces.items():
        board[v.geometry.parse_cell(name)] = v.kind_by_letter[letter.lower()] | (0 if letter.isupper() else 1) << COLOR_SHIFT
    placement = "|".join("/".join(_row(board, v, level, rank) for rank in range(9, -1, -1)) for level in "GFEDCBA")
    written = " ".join([placement, side, ",".join(sorted(pins)), ",".join(unmoved) or "-", "0", str(fullmove)])
    position = engine.Position.from_fen(written, v)  # the engine reads it back, or the test is wrong
    assert position.fen() == written, (position.fen(), written)
    return written


def _row(board: list[int], v: engine.Variant, level: str, rank: int) -> str:
    text, empty = "", 0
    for file in "zabcde":
        try:
            code = board[v.geometry.parse_cell(f"{level}{file}{rank}")]
        except ValueError:
            code = 0
        if code:
            letter = v.letters[code & KIND_MASK]
            text += (str(empty) if empty else "") + (letter.upper() if not code >> COLOR_SHIFT else letter.lower())
            empty = 0
        else:
            empty += 1
    return text + (str(empty) if empty else "")


def legal(fen_text: str) -> list[str]:
    position = engine.Position.from_fen(fen_text, variant())
    return sorted(position.coord(m) for m in position.legal_moves())
