"""The transposition table has a fixed size and the two-slot replacement policy."""
from search_positions import MIDDLEGAME

from engine import Position
from engine.search import SearchLimits, Searcher
from engine.search.tt import EXACT, LOWER, TranspositionTable


def test_a_search_never_grows_the_table():
    searcher = Searcher(tt_bits=8)
    size = len(searcher.tt)
    searcher.search(Position.from_fen(MIDDLEGAME), SearchLimits(depth=4))
    assert len(searcher.tt) == size == 2 * 2**8
    assert searcher.tt.filled() <= size


def test_a_shallower_result_goes_to_the_always_replace_slot():
    tt = TranspositionTable(bits=4)
    a, b = 5, 5 + 16  # same bucket (low 4 bits equal)
    tt.store(a, depth=6, flag=EXACT, score=10, move=1)
    tt.store(b, depth=2, flag=LOWER, score=20, move=2)
    assert tt.probe(a)[1:5] == (6, EXACT, 10, 1)
    assert tt.probe(b)[1:5] == (2, LOWER, 20, 2)


def test_a_deeper_result_takes_the_depth_preferred_slot():
    tt = TranspositionTable(bits=4)
    tt.store(5, depth=2, flag=EXACT, score=1, move=1)
    tt.store(21, depth=7, flag=EXACT, score=2, move=2)
    assert tt.probe(21)[1] == 7
    assert tt.probe(5) is None


def test_entries_of_an_older_search_give_way():
    tt = TranspositionTable(bits=4)
    tt.store(5, depth=9, flag=EXACT, score=1, move=1)
    tt.new_search()
    tt.store(21, depth=1, flag=EXACT, score=2, move=2)
    assert tt.table[(5 & 15) * 2][0] == 21


def test_an_absurd_size_is_refused():
    import pytest

    with pytest.raises(ValueError):
        TranspositionTable(bits=30)
