"""to_json writes a data file's line and from_json reads it back (the variant from the file or
the dict); a line that is not a puzzle is refused with a ValueError that says what is wrong."""
import pytest
from puzzle_positions import ONE_MATE

from engine.puzzles import Puzzle, from_json, to_json

PUZZLE = Puzzle("raumschach", ONE_MATE, ("Bd2Ed2",), ("mate", "mateIn1"), 4, "selfplay")


def test_a_line_round_trips():
    line = to_json(PUZZLE)
    assert line == {"fen": ONE_MATE, "solution": ["Bd2Ed2"], "themes": ["mate", "mateIn1"], "depth": 4,
                    "source": "selfplay"}
    assert from_json(line, "raumschach") == PUZZLE
    assert from_json({**line, "variant": "raumschach"}) == PUZZLE


@pytest.mark.parametrize("change, message", [
    ({"solution": ["Bd2Ed2", "Dd1Dc1"]}, "odd length"),
    ({"solution": []}, "non-empty list"),
    ({"fen": ""}, "fen"),
    ({"depth": 0}, "depth"),
    ({"themes": "mate"}, "themes"),
])
def test_a_malformed_line_is_refused(change, message):
    with pytest.raises(ValueError, match=message):
        from_json({**to_json(PUZZLE), **change}, "raumschach")


def test_a_line_without_a_variant_needs_one():
    with pytest.raises(ValueError, match="variant"):
        from_json(to_json(PUZZLE))
