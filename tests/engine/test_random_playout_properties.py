"""Properties along random playouts (hypothesis): make/unmake, hashing, legality, round trips."""
from . import naive_raumschach as naive
from hypothesis import given, settings
from hypothesis import strategies as st
from .perft_positions import POSITIONS

import engine
from engine import Move, Position, parse_cell

STARTS = [fen for fen, _ in POSITIONS.values()]
playouts = st.tuples(st.sampled_from(STARTS), st.lists(st.integers(min_value=0, max_value=10_000), max_size=30))


def play_out(fen, choices):
    """Play the chosen moves (index modulo the number of legal moves) until mate or the end."""
    pos = Position.from_fen(fen)
    for choice in choices:
        moves = pos.legal_moves()
        if not moves:
            break
        yield pos
        pos.push(moves[choice % len(moves)])
    yield pos


@settings(max_examples=40, deadline=None)
@given(playouts)
def test_pop_restores_position_and_hash_after_every_push(playout):
    fen, choices = playout
    seen = []
    pos = None
    for pos in play_out(fen, choices):
        seen.append((pos.fen(), pos.zobrist))
    while pos.move_stack:
        seen.pop()
        pos.pop()
        assert (pos.fen(), pos.zobrist) == seen[-1]
    assert pos.fen() == Position.from_fen(fen).fen()


@settings(max_examples=40, deadline=None)
@given(playouts)
def test_the_incremental_hash_equals_a_hash_from_scratch(playout):
    for pos in play_out(*playout):
        assert pos.zobrist == engine.zobrist_hash(pos) == Position.from_fen(pos.fen()).zobrist


@settings(max_examples=40, deadline=None)
@given(playouts)
def test_the_position_string_round_trips(playout):
    for pos in play_out(*playout):
        again = Position.from_fen(pos.fen())
        assert again.fen() == pos.fen()
        assert sorted(again.legal_moves()) == sorted(pos.legal_moves())


@settings(max_examples=25, deadline=None)
@given(playouts)
def test_no_legal_move_leaves_the_movers_king_attacked(playout):
    for pos in play_out(*playout):
        mover = pos.turn
        before = (pos.fen(), pos.zobrist)
        for move in pos.legal_moves():
            pos.push(move)
            assert not pos.is_attacked(pos.king(mover), not mover)
            pos.pop()
        assert (pos.fen(), pos.zobrist) == before


@settings(max_examples=25, deadline=None)
@given(playouts)
def test_every_rejected_pseudo_legal_move_really_leaves_the_king_attacked(playout):
    for pos in play_out(*playout):
        mover = pos.turn
        board, side = naive.read(pos.fen())
        pseudo = {Move.from_coord(naive.coord(m)) for m in naive.pseudo_moves(board, side)}
        legal = set(pos.legal_moves())
        assert legal <= pseudo
        for move in pseudo - legal:
            pos.push(move)  # make/unmake works for any pseudo-legal move
            assert pos.is_attacked(pos.king(mover), not mover), move.coord()
            pos.pop()


@settings(max_examples=25, deadline=None)
@given(playouts)
def test_readable_moves_round_trip_through_the_parser(playout):
    for pos in play_out(*playout):
        for move in pos.legal_moves()[:10]:
            assert pos.parse_san(pos.san(move)) == move


def test_a_null_move_and_its_undo_restore_the_hash():
    pos = Position.start()
    pos.push(Move.from_coord("Bc2Cc2"))
    before = (pos.fen(), pos.zobrist)
    pos.push_null()
    assert pos.turn == engine.WHITE and pos.zobrist != before[1]
    assert pos.zobrist == engine.zobrist_hash(pos)
    pos.pop_null()
    assert (pos.fen(), pos.zobrist) == before
    assert pos.piece_at(parse_cell("Cc2")) == (engine.PAWN, engine.WHITE)
