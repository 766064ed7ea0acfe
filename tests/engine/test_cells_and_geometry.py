"""Cell numbering, names and colours (docs/rules/raumschach.md: Board and names)."""
import pytest

import engine
from engine import BISHOP, KNIGHT, RAUMSCHACH
from engine.geometry import CELL_NAMES, is_dark

BISHOP_RAYS = RAUMSCHACH.rays[BISHOP]
KNIGHT_TARGETS = RAUMSCHACH.leaps[KNIGHT]


def test_cell_numbers_follow_level_rank_file():
    cell = engine.parse_cell("Cc3")
    assert cell == 2 * 25 + 2 * 5 + 2
    assert (engine.cell_level(cell), engine.cell_rank(cell), engine.cell_file(cell)) == (2, 2, 2)


def test_corner_names_match_the_rules():
    assert engine.cell_name(0) == "Aa1"
    assert engine.cell_name(124) == "Ee5"
    assert engine.cell_name(engine.parse_cell("Bd4")) == "Bd4"


def test_every_cell_name_round_trips():
    assert [engine.parse_cell(engine.cell_name(c)) for c in engine.CELLS] == list(engine.CELLS)
    assert len(set(CELL_NAMES)) == 125


@pytest.mark.parametrize("bad", ["", "Cc", "cc3", "Fc3", "Cf3", "Cc6", "Cc0", "Cc33", None])
def test_a_bad_cell_name_is_a_value_error(bad):
    with pytest.raises(ValueError):
        engine.parse_cell(bad)


def test_aa1_and_the_centre_are_dark_and_colours_alternate_along_every_axis():
    assert is_dark(engine.parse_cell("Aa1")) and is_dark(engine.parse_cell("Cc3"))
    assert not is_dark(engine.parse_cell("Ab1"))
    assert not is_dark(engine.parse_cell("Aa2"))
    assert not is_dark(engine.parse_cell("Ba1"))


def test_bishop_lines_never_change_colour_and_knight_leaps_always_do():
    for cell in engine.CELLS:
        for ray in BISHOP_RAYS[cell]:
            assert all(is_dark(t) == is_dark(cell) for t in ray)
        assert all(is_dark(t) != is_dark(cell) for t in KNIGHT_TARGETS[cell])
