"""The search's own board must move pieces exactly like the rules core."""
import random

from engine import Position
from engine.search.board import SearchBoard, Z_SIDE, ZOBRIST
from engine.search.tables import PST_EG, PST_MG

SEARCH_PROMOTIONS = (0, 2, 6)  # inside the tree a pawn promotes to a knight or a queen only


def search_legal_moves(b: SearchBoard) -> set:
    caps, quiets = b.generate()
    in_check = b.in_check()
    legal = set()
    for m in caps + quiets:
        if b.make_legal(m, in_check):
            legal.add(m)
        b.unmake()
    return legal


def recomputed(b: SearchBoard) -> tuple:
    h = Z_SIDE if b.side else 0
    mg = eg = 0
    for cell, code in enumerate(b.sq):
        if code:
            h ^= ZOBRIST[code][cell]
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


def test_the_search_board_generates_the_rules_cores_legal_moves_in_random_games():
    checked = 0
    for pos in random_positions(games=12, plies=100, seed=7):
        b = SearchBoard.from_position(pos)
        rules = {m for m in pos.generate_moves() if m >> 14 in SEARCH_PROMOTIONS}
        assert search_legal_moves(b) == rules, pos.fen()
        checked += 1
    assert checked > 600


def test_make_and_unmake_keep_hash_and_scores_equal_to_a_recomputation():
    for pos in random_positions(games=4, plies=80, seed=11):
        b = SearchBoard.from_position(pos)
        before = (b.sq[:], b.hash, b.mg, b.eg, b.phase, b.side, b.kings[:])
        assert recomputed(b) == (b.hash, b.mg, b.eg)
        for m in sorted(search_legal_moves(b)):
            b.make(m)
            assert recomputed(b) == (b.hash, b.mg, b.eg)
            b.unmake()
        assert (b.sq, b.hash, b.mg, b.eg, b.phase, b.side, b.kings) == before


def test_a_position_after_moves_replays_its_history_for_repetitions():
    pos = Position.start()
    for coord in ["Ab1Ac3", "Eb5Ec3", "Ac3Ab1", "Ec3Eb5"]:
        pos.push_checked(coord)
    b = SearchBoard.from_position(pos)
    assert len(b.history) == 4
    assert b.is_repetition()  # the start position stands again, with White to move
