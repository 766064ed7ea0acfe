"""Along random games with board moves: the search board's pseudo-legal moves filtered by
make_legal are exactly the legal moves; make/unmake restore the position, its hash (pieces, pins,
unmoved pawns) and its running sums; the position string round-trips; the evaluation scores a
position and its colour mirror alike."""
import random

from engine import Position
from engine.search.evaluate import Evaluator

from tests.engine.startrek.helpers import STARTREK, fen


def mirrored(pos: Position) -> Position:
    """Colours swapped, every piece on the mirrored cell (ruling section 2), pins mirrored."""
    g = STARTREK.geometry
    mirror_pin = {}
    for p in STARTREK.pins:
        cells = {g.reflect_cell(c) for c in p.cells}
        mirror_pin[p.name] = next(q.name for q in STARTREK.pins if set(q.cells) == cells)
    placement, side, pin_text, unmoved, half, _full = pos.fen().split()
    # White's pieces become Black's (lower case) and Black's White's
    pieces = {g.names[g.reflect_cell(c)]: STARTREK.letters[code & 15] if code < 16
              else STARTREK.letters[code & 15].upper() for c, code in enumerate(pos.sq) if code and code < 32}

    new_unmoved = ",".join(sorted((g.names[g.reflect_cell(g.parse_cell(c))] for c in unmoved.split(",")),
                                  key=g.parse_cell)) if unmoved != "-" else "-"
    text = fen(pieces, pins=",".join(sorted(mirror_pin[n] for n in pin_text.split(","))),
               unmoved=new_unmoved, side="b" if side == "w" else "w")
    return Position.from_fen(text, STARTREK)


def test_random_games():
    rng = random.Random(2026)
    board_moves = 0
    for _game in range(8):
        pos = Position.start(STARTREK)
        for _ply in range(80):
            legal = sorted(pos.generate_moves())
            if not legal:
                break
            b = pos.board_copy()
            in_check = b.in_check()
            caps, quiets = b.generate()
            kept = []
            for m in caps + quiets:
                if b.make_legal(m, in_check):
                    kept.append(m)
                b.unmake()
            assert sorted(kept) == legal, pos.fen()
            assert (b.hash, b.mg, b.eg, b.phase, b.sq) == (pos.hash, pos.mg, pos.eg, pos.phase, pos.sq)
            assert Evaluator().evaluate(pos) == Evaluator().evaluate(mirrored(pos)), pos.fen()
            m = rng.choice(legal)
            board_moves += bool(m >> 26 & 1)
            pos.push_packed(m)
            assert pos.compute_hash() == pos.hash
            again = Position.from_fen(pos.fen(), STARTREK)
            assert (again.fen(), again.hash, again.mg, again.eg) == (pos.fen(), pos.hash, pos.mg, pos.eg)
    assert board_moves > 10
