"""The board's two generators agree, and make/unmake keep the running sums exact.

The search generates pseudo-legal moves and tests legality after making each one
(``make_legal``); the rules front generates fully legal moves from checks and pins.  Both
run on the one Board, and must give the same legal moves.
"""
import random

from engine import RAUMSCHACH, Position
from engine.board import Board
from engine.moves import CELL_MASK, PROMOTION_SHIFT
from engine.search.searcher import SEARCH_PROMOTIONS
from engine.zobrist import BLACK_TO_MOVE_KEY, PIECE_KEYS

# the board's tables: the game's own (its tuned weights, engine/tuned_weights.py), not values.py's
PST_MG, PST_EG = RAUMSCHACH.pst_mg, RAUMSCHACH.pst_eg
SEARCH_PROMOTION_KINDS = {0} | {bits >> PROMOTION_SHIFT for bits in SEARCH_PROMOTIONS}


def search_legal_moves(b: Board) -> set:
    caps, quiets = b.generate(False, SEARCH_PROMOTIONS)
    in_check = b.in_check()
    legal = set()
    for m in caps + quiets:
        if b.make_legal(m, in_check):
            legal.add(m)
        b.unmake()
    return legal


def recomputed(b: Board) -> tuple:
    h = BLACK_TO_MOVE_KEY if b.side else 0
    mg = eg = 0
    for cell, code in enumerate(b.sq):
        if code:
            h ^= PIECE_KEYS[code][cell]
            mg += PST_MG[code][cell]
            eg += PST_EG[code][cell]
    return h, mg, eg


def random_positions(games: int, plies: int, seed: int):
    rng = random.Random(seed)
    for _ in range(games):
        pos = Position.start()
        for _ in range(plies):
            moves = pos.generate_moves()
            if not moves:
                break
            yield pos
            pos.push_packed(rng.choice(sorted(moves)))


def test_pseudo_legal_moves_that_pass_make_legal_are_the_legal_moves_in_random_games():
    checked = 0
    for pos in random_positions(games=12, plies=100, seed=7):
        b = pos.board_copy()
        rules = {m for m in pos.generate_moves() if m >> PROMOTION_SHIFT in SEARCH_PROMOTION_KINDS}
        assert search_legal_moves(b) == rules, pos.fen()
        checked += 1
    assert checked > 600


def test_captures_only_generation_is_the_captures_and_promotions_of_the_full_generation():
    for pos in random_positions(games=4, plies=80, seed=5):
        caps, _ = pos.generate(False, SEARCH_PROMOTIONS)
        only, quiets = pos.generate(True, SEARCH_PROMOTIONS)
        assert sorted(only) == sorted(caps) and quiets == []
        assert sorted(pos.generate_legal(True)) == sorted(
            m for m in pos.generate_legal() if pos.sq[m & CELL_MASK] or m >> PROMOTION_SHIFT)


def test_make_and_unmake_keep_hash_and_scores_equal_to_a_recomputation():
    for pos in random_positions(games=4, plies=80, seed=11):
        b = pos.board_copy()
        before = (b.sq[:], b.hash, b.mg, b.eg, b.phase, b.side, b.kings[:])
        assert recomputed(b) == (b.hash, b.mg, b.eg)
        for m in sorted(search_legal_moves(b)):
            b.make(m)
            assert recomputed(b) == (b.hash, b.mg, b.eg)
            b.unmake()
        assert (b.sq, b.hash, b.mg, b.eg, b.phase, b.side, b.kings) == before


def test_a_position_after_moves_keeps_its_history_for_repetitions():
    pos = Position.start()
    for coord in ["Ab1Ac3", "Eb5Ec3", "Ac3Ab1", "Ec3Eb5"]:
        pos.push_checked(coord)
    b = pos.board_copy()
    assert len(b.history) == 4
    assert b.seen_before()  # the start position stands again, with White to move
