"""The Maackesgeist reference: plain alpha-beta, captures first, material + centrality."""
from search_positions import MATE_IN_ONE, MIDDLEGAME, mating_moves

from engine import Position
from engine.search.reference import REF, ReferenceEngine


def test_the_reference_evaluates_the_symmetric_start_as_equal():
    b = Position.start()
    assert ReferenceEngine().evaluate(b) == 0


def test_centrality_is_rewarded_as_the_paper_says():
    queen, unicorn, bishop = 6, 5, 3
    centre, corner = 62, 0  # Cc3, Aa1
    assert REF[queen][centre] - REF[queen][corner] == 60  # 6 x 100 / 10
    assert REF[unicorn][centre] - REF[unicorn][corner] == 60
    assert REF[bishop][centre] - REF[bishop][corner] == 6 * 33 // 10 + 2 * 8  # + level bonus


def test_the_reference_finds_a_mate_in_one_at_depth_four():
    pos = Position.from_fen(MATE_IN_ONE[2])
    assert ReferenceEngine(4).search(pos).move in mating_moves(pos)


def test_the_reference_is_deterministic_and_leaves_the_position_alone():
    pos = Position.from_fen(MIDDLEGAME)
    fen = pos.fen()
    a = ReferenceEngine(3).search(pos)
    b = ReferenceEngine(3).search(pos)
    assert (a.move, a.score, a.nodes) == (b.move, b.score, b.nodes)
    assert a.move in pos.legal_moves()
    assert pos.fen() == fen


def test_a_deeper_reference_searches_more_nodes_without_a_transposition_table():
    pos = Position.from_fen(MIDDLEGAME)
    assert ReferenceEngine(3).search(pos).nodes > 10 * ReferenceEngine(2).search(pos).nodes
