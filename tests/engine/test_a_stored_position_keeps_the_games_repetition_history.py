"""`engine.step.stored_position`: a position string plus the stored repetition keys is, for the
repetition rules and both searches, the same as the game replayed move by move (what a server
no longer does), and keeps being so as moves are made on it."""
import random

import pytest
from engine import Position
from engine.core import position_args
from engine.errors import PositionError
from engine.moves import FROM_SHIFT, unpack_move
from engine.step import repetition_hashes, stored_position


def _reverse_of(packed: int) -> int:
    move = unpack_move(packed)
    return move.to_cell << FROM_SHIFT | move.from_cell


def _same_history(replayed: Position, stored: Position) -> None:
    assert stored.seen_before() == replayed.seen_before()  # the python search's test
    assert stored.is_repetition(2) == replayed.is_repetition(2)
    assert stored.is_repetition() == replayed.is_repetition()
    # What the native search is handed.
    assert position_args(stored)["history"] == position_args(replayed)["history"]


def _walk(rng: random.Random, plies: int) -> list[int]:
    """Random moves that often step a piece back where it came from: many repetitions."""
    pos, moves = Position.start(), []
    for _ in range(plies):
        legal = pos.generate_legal()
        move = rng.choice(legal)
        if len(moves) >= 2 and rng.random() < 0.6:
            back = _reverse_of(moves[-2])
            move = back if back in legal else move
        pos.make(move)
        moves.append(move)
    return moves


def test_a_stored_position_repeats_like_the_replayed_game():
    rng = random.Random(12)
    needs_keys = 0  # positions only the stored keys show as repeated
    for _ in range(150):
        moves = _walk(rng, 20)
        split = rng.randint(0, 16)
        replayed = Position.start()
        for move in moves[:split]:
            replayed.make(move)
        stored = stored_position(replayed.fen(), repetition_hashes(replayed))
        bare = Position.from_fen(replayed.fen())
        assert stored.ply == 0 and stored.hash == replayed.hash
        _same_history(replayed, stored)
        for move in moves[split:]:
            for pos in (replayed, stored, bare):
                pos.make(move)
            _same_history(replayed, stored)
            needs_keys += replayed.seen_before() and not bare.seen_before()
    assert needs_keys > 20  # the walks did reach positions seen only before the set-up


def test_keys_of_another_position_are_refused():
    game = Position.start()
    game.play_line(["Ab1Ac3", "Eb5Ec3"])
    with pytest.raises(PositionError):
        stored_position(Position.start().fen(), repetition_hashes(game))


def test_a_position_without_keys_has_no_history():
    stored = stored_position(Position.start().fen(), None)
    assert stored.history == [] and stored.prior == ()
