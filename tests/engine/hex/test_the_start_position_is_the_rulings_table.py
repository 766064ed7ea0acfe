"""The start position (docs/rules/hexraumschach.md section 3): White's pieces on c1 d1 d2 e1 and
pawns on the chevron b1 c2 d3 e2 f1 of levels A, B, C; Black's the mirror on E, D, C."""
from engine import Position

from tests.engine.hex.helpers import HEX, fen

WHITE = {
    "Ac1": "Q", "Ad1": "K", "Ad2": "R", "Ae1": "R",
    "Bc1": "U", "Bd1": "U", "Bd2": "U", "Be1": "N",
    "Cc1": "N", "Cd1": "B", "Cd2": "B", "Ce1": "B",
}
BLACK = {
    "Ec6": "q", "Ed7": "k", "Ed6": "r", "Ee6": "r",
    "Dc6": "u", "Dd7": "u", "Dd6": "u", "De6": "n",
    "Cc6": "n", "Cd7": "b", "Cd6": "b", "Ce6": "b",
}
PAWNS = {f"{lv}{cell}": "P" for lv in "ABC" for cell in ("b1", "c2", "d3", "e2", "f1")} | {
    f"{lv}{cell}": "p" for lv in "CDE" for cell in ("b5", "c5", "d5", "e5", "f5")}


def test_the_start_string_is_the_table_of_section_3():
    assert HEX.start_fen == fen(WHITE | BLACK | PAWNS)


def test_the_start_position_reads_and_writes_back_exactly():
    pos = Position.start(HEX)
    assert pos.fen() == HEX.start_fen
    occupied = {HEX.geometry.names[c]: HEX.letters[code & 15].upper() if code < 16 else HEX.letters[code & 15]
                for c, code in enumerate(pos.board) if code}
    assert occupied == WHITE | BLACK | PAWNS
    assert len(occupied) == 2 * (12 + 15)
