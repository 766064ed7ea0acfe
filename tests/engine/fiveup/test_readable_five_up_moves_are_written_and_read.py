"""Readable notation (ruling section 8): ``BBb1-Be4/G``, ``SAb1xDe4#``; typed moves in any case,
with the placement as ``/g``; a stored game's step writes the same."""
from engine import GUARD, Position
from engine.notation import parse_typed_move
from engine.step import play_step

from tests.engine.fiveup.helpers import FIVEUP


def test_a_placement_is_written_after_a_slash():
    pos = Position.start(FIVEUP)
    move = pos.parse_coord("Ab1Bb3/g")
    assert move.placement == GUARD and pos.coord(move) == "Ab1Bb3/g"
    assert pos.san(move) == "NAb1-Bb3/G"


def test_readable_and_typed_forms_are_read():
    pos = Position.start(FIVEUP)
    expected = pos.parse_coord("Ab1Bb3/g")
    for text in ("NAb1-Bb3/G", "ab1bb3/g", "Ab1-Bb3/g", "nab1 - bb3 / g"):
        assert parse_typed_move(pos, text) == expected, text
    assert pos.parse_san("NBb3/G") == expected


def test_a_stored_games_step_writes_the_same_text():
    step = play_step(FIVEUP.start_fen, "Ab1Bb3/g", variant=FIVEUP)
    assert step.coord == "Ab1Bb3/g" and step.san == "NAb1-Bb3/G"
    assert step.fen.split()[2] == "WSwgs"
    assert "Eb5Db3/s" in step.legal_moves and step.outcome is None
