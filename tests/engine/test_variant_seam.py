"""A variant is data the one board reads: Raumschach is the default, and another set of
declarations really changes how the pieces move."""
import pytest

from engine import (
    BISHOP, KING, KNIGHT, PAWN, QUEEN, RAUMSCHACH, ROOK, START_FEN, UNICORN, VARIANTS, Position, PositionError, cell_level,
)
from engine.variants import PawnRules, PieceType, Variant
from engine.variants.raumschach import PAWN_RULES, VALUES

FLAT_PAWNS = Variant(
    key="flat-pawns",
    name="Raumschach with pawns that never climb",
    pieces=RAUMSCHACH.pieces,
    pawn=PawnRules(pushes=((0, 1, 0),), captures=((0, 1, -1), (0, 1, 1)), promotion_cells=PAWN_RULES.promotion_cells),
    promotion_kinds=RAUMSCHACH.promotion_kinds,
    start_fen=START_FEN,
    minor_kinds=RAUMSCHACH.minor_kinds,
    values=VALUES,
)


def test_positions_are_raumschach_unless_told_otherwise():
    assert RAUMSCHACH.key == "raumschach" and VARIANTS["raumschach"] is RAUMSCHACH
    assert Position.start().variant is RAUMSCHACH
    assert Position.start(variant=RAUMSCHACH).fen() == START_FEN == RAUMSCHACH.start_fen
    assert Position.from_fen(START_FEN, variant=RAUMSCHACH) == Position.start()


def test_the_variants_pawn_rules_decide_how_pawns_move():
    pos = Position.start(variant=FLAT_PAWNS)
    pawn_moves = [m for m in pos.legal_moves() if pos.piece_at(m.from_cell)[0] == PAWN]
    assert pawn_moves and all(cell_level(m.from_cell) == cell_level(m.to_cell) for m in pawn_moves)
    raumschach = Position.start()
    assert any(cell_level(m.from_cell) != cell_level(m.to_cell)
               for m in raumschach.legal_moves() if raumschach.piece_at(m.from_cell)[0] == PAWN)


def test_a_variant_without_unicorns_reads_no_unicorn_letter():
    no_unicorns = Variant(
        key="no-unicorns", name="No unicorns",
        pieces=tuple(p for p in RAUMSCHACH.pieces if p.kind != UNICORN),
        pawn=PAWN_RULES, promotion_kinds=(QUEEN, ROOK, BISHOP, KNIGHT),
        start_fen=START_FEN.replace("u", "1").replace("U", "1"), minor_kinds=frozenset((KNIGHT, BISHOP)),
        values=VALUES,
    )
    assert len(Position.start(variant=no_unicorns).legal_moves()) > 0
    with pytest.raises(PositionError, match="bad letter 'u'"):
        Position.from_fen(START_FEN, variant=no_unicorns)


def test_a_variant_needs_exactly_one_royal_piece():
    with pytest.raises(ValueError, match="royal"):
        Variant(key="x", name="x", pieces=(PieceType(PAWN), PieceType(KING, leaps=((0, 0, 1),))), pawn=PAWN_RULES,
                promotion_kinds=(), start_fen=START_FEN, minor_kinds=frozenset(), values=VALUES)
