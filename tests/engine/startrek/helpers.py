"""Star Trek test helpers: the variant, and position strings written from a few named pieces
(placement by the ruling's section 7: levels G..A, ranks 9..0, files z..e)."""
from engine import Position
from engine.variants.startrek import STARTREK

START_PINS = "K1d,K6u,Q1d,Q3d,Q4u,Q6u"
FILES = "zabcde"
LEVELS = "ABCDEFG"


def fen(pieces: dict[str, str], pins: str = START_PINS, unmoved: str = "-", side: str = "w") -> str:
    """``{"Ad0": "K", "Gd9": "k"}`` -> a position string (unmoved: pawn cells or -)."""
    levels = []
    for lv in reversed(LEVELS):
        ranks = []
        for rk in range(9, -1, -1):
            row, empty = "", 0
            for fl in FILES:
                letter = pieces.get(f"{lv}{fl}{rk}")
                if letter:
                    row += (str(empty) if empty else "") + letter
                    empty = 0
                else:
                    empty += 1
            ranks.append(row + (str(empty) if empty else ""))
        levels.append("/".join(ranks))
    return f"{'|'.join(levels)} {side} {pins} {unmoved} 0 1"


def position(pieces: dict[str, str], **kw) -> Position:
    return Position.from_fen(fen(pieces, **kw), STARTREK)


def targets(pos: Position, frm: str) -> set[str]:
    """The cells the piece on ``frm`` may legally move to (names)."""
    names = STARTREK.geometry.names
    cell = STARTREK.geometry.parse_cell(frm)
    return {names[m.to_cell] for m in pos.legal_moves() if not m.board and m.from_cell == cell}


def board_moves(pos: Position) -> set[str]:
    return {pos.coord(m) for m in pos.legal_moves() if m.board}
