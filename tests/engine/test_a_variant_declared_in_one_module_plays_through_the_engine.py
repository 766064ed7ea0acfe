"""A variant declared in one module outside engine/ (tests/engine/variant_without_unicorns.py)
plays through the engine with no edit anywhere else: registry, positions, moves, perft, a
stored game's steps to the end, the descriptor and a bot's search."""
import random

import pytest

import engine
from engine import MalformedMoveError, Position, PositionError
from engine.perft import perft
from engine.search.levels import choose_move
from engine.step import play_step

from tests.engine.variant_without_unicorns import VARIANT


def test_it_is_registered_and_found_by_key():
    assert engine.variant_by_key("no-unicorns") is VARIANT
    assert engine.VARIANTS["no-unicorns"] is VARIANT


def test_its_start_position_has_no_unicorns_and_reads_no_unicorn_letter():
    pos = Position.start(VARIANT)
    assert pos.fen() == VARIANT.start_fen
    assert perft(pos, 1) == len(pos.legal_moves()) > 0
    with pytest.raises(PositionError, match="bad letter 'u'"):
        Position.from_fen(engine.START_FEN, VARIANT)
    with pytest.raises(MalformedMoveError, match="not a move of Raumschach without unicorns"):
        pos.push_checked("De5Ee5u")


def test_perft_counts_every_leaf_played_and_bulk_counted_alike():
    pos = Position.start(VARIANT)
    assert perft(pos, 2) == perft(pos, 2, bulk=False)
    assert perft(pos, 2) != perft(Position.start(), 2)


def test_a_stored_game_is_played_to_its_end_step_by_step():
    rng = random.Random(22)
    fen, hashes = VARIANT.start_fen, None
    for _ in range(300):
        step = play_step(fen, rng.choice(Position.from_fen(fen, VARIANT).legal_moves()).coord(VARIANT), hashes,
                         variant=VARIANT)
        fen, hashes = step.fen, step.hashes
        if step.outcome is not None:
            break
    Position.from_fen(fen, VARIANT)  # every step wrote a string the variant reads back


def test_it_describes_itself_and_a_bot_plays_it():
    d = VARIANT.describe()
    assert d["key"] == "no-unicorns" and "U" not in {p["letter"] for p in d["pieces"]}
    result = choose_move(Position.start(VARIANT), 1, seed=5, core="python")
    assert result.move in Position.start(VARIANT).legal_moves()
