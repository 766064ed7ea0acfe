"""A fresh site ships puzzles: each variant's file holds at least 200, one JSON object a line in
the shape engine.puzzles.to_json writes, sorted, each position once, solver to move."""
import json

import pytest
from shipped import VARIANTS, lines

from engine import Position, variant_by_key
from engine.puzzles import from_json, to_json


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_file_holds_two_hundred_distinct_sorted_puzzles(variant):
    rows = lines(variant)
    assert len(rows) >= 200
    assert rows == sorted(rows)
    fens = [json.loads(r)["fen"] for r in rows]
    assert len(set(fens)) == len(fens)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_line_round_trips_and_names_a_playable_position(variant):
    v = variant_by_key(variant)
    for row in lines(variant):
        d = json.loads(row)
        puzzle = from_json(d, variant)
        assert to_json(puzzle) == d
        assert puzzle.source == "selfplay"
        assert len(puzzle.solution) % 2 == 1
        assert Position(puzzle.fen, v).legal_moves()
