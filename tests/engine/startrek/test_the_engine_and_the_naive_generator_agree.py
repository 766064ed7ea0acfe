"""The engine and the naive generator written from the ruling alone (tests/engine/naive_startrek.py,
no code shared with engine/) agree: the legal move lists, move by move, on every node of the
tree to depth 4 from the start, and perft to depth 3 from 100 positions of random games
(slow: 2 s and 100 s of CPU; both run in CI)."""
import random

import pytest

from engine import Position
from engine.perft import perft

from tests.engine.naive_startrek import START, NaivePosition
from tests.engine.naive_startrek import perft as naive_perft
from tests.engine.startrek.helpers import STARTREK


def random_game_positions(count: int, seed: int = 26) -> list[str]:
    """Position strings along random games (a few from each game, 4 to 60 plies in)."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        pos = Position.start(STARTREK)
        for ply in range(60):
            moves = pos.generate_moves()
            if not moves or STARTREK.bare_royal_winner(pos) is not None:
                break
            pos.push_packed(rng.choice(moves))
            if ply >= 4 and rng.random() < 0.12:
                out.append(pos.fen())
    return out[:count]


def test_the_naive_generator_reads_the_start_as_the_engine_writes_it():
    assert START == STARTREK.start_fen


def same_trees(pos: Position, naive: NaivePosition, depth: int) -> int:
    """Compare the legal moves at every node to ``depth``; the number of leaves."""
    ours = sorted(pos.coord(m) for m in pos.generate_moves())
    assert ours == naive.legal_moves(), pos.fen()
    if depth == 1:
        return len(ours)
    total = 0
    for m in pos.generate_moves():
        text = pos.coord(m)
        pos.push_packed(m)
        total += same_trees(pos, naive.play(text), depth - 1)
        pos.pop_packed()
    return total


def test_the_start_position_s_tree_to_depth_3_move_by_move():
    assert same_trees(Position.start(STARTREK), NaivePosition.from_string(START), 3) == 4446


@pytest.mark.slow
def test_perft_4_from_the_start():
    assert naive_perft(NaivePosition.from_string(START), 4) == perft(Position.start(STARTREK), 4) == 87834


def test_the_move_lists_of_random_game_positions():
    for fen in random_game_positions(300, seed=3):
        assert sorted(Position.from_fen(fen, STARTREK).coord(m) for m in Position.from_fen(fen, STARTREK)
                      .generate_moves()) == NaivePosition.from_string(fen).legal_moves(), fen


def test_the_100_random_game_positions_are_distinct():
    assert len(set(random_game_positions(100))) == 100


# In four parts of 25 positions, so the test workers share the naive generator's ~75 s.
@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
def test_perft_3_from_100_random_game_positions(part):
    for fen in random_game_positions(100)[part * 25:(part + 1) * 25]:
        assert perft(Position.from_fen(fen, STARTREK), 3) == naive_perft(NaivePosition.from_string(fen), 3), fen
