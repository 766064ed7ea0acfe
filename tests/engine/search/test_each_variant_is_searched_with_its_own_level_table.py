"""A bot level searches a position with the level table of the position's own variant: Five Up
declares its tuning on its Variant (fewer plies at the same budgets), Hexagonal Raumschach too
(two plies between its depth-limited levels, native core only), and Raumschach and a variant
without tuning get the default tables unchanged."""
import pytest

from engine import RAUMSCHACH, Position
from engine.search.bench import FIVEUP_POSITIONS
from engine.search.levels import NATIVE_LEVELS, PYTHON_LEVELS, choose_move, levels_for
from engine.variants import LevelTuning, variant_by_key
from tests.engine.variant_without_unicorns import VARIANT as NO_UNICORNS

FIVEUP = variant_by_key("fiveup")
HEX = variant_by_key("hexraumschach")
# A Five Up middlegame (seeded Easy self-play, 36 plies): cheap to search five plies deep.
FIVEUP_MIDDLEGAME = dict(FIVEUP_POSITIONS)["easy-36"]
RAUMSCHACH_ENDING = "5/5/5/5/2k2|5/2pp1/5/5/5|5/5/5/5/5|5/5/5/PP3/5|5/5/5/5/2K2 w 0 1"


def test_raumschach_and_an_untuned_variant_get_the_default_tables_unchanged():
    for core, table in (("native", NATIVE_LEVELS), ("python", PYTHON_LEVELS)):
        assert levels_for(core, RAUMSCHACH) is table
        assert levels_for(core, NO_UNICORNS) is table
        assert levels_for(core) is table
    assert [(NATIVE_LEVELS[n].depth, NATIVE_LEVELS[n].min_depth) for n in range(6)] == \
        [(0, 0), (2, 0), (4, 0), (6, 0), (None, 6), (None, 7)]
    assert "six plies" in NATIVE_LEVELS[3].description


def test_five_up_searches_fewer_plies_at_the_same_budgets():
    native, python = levels_for("native", FIVEUP), levels_for("python", FIVEUP)
    assert [(native[n].depth, native[n].min_depth) for n in range(6)] == \
        [(0, 0), (2, 0), (4, 0), (5, 0), (None, 4), (None, 5)]
    assert [(python[n].depth, python[n].min_depth) for n in range(6)] == \
        [(0, 0), (2, 0), (3, 0), (3, 0), (None, 3), (None, 4)]
    assert "five plies" in native[3].description and "three plies" in python[3].description
    for core, default in (("native", NATIVE_LEVELS), ("python", PYTHON_LEVELS)):
        table = levels_for(core, FIVEUP)
        # The same budgets; only Hard's safety cap is tighter (its < 5 s budget under load).
        assert [level.movetime for level in table.values()] == \
            [4.5 if level.number == 3 else level.movetime for level in default.values()]
        assert [level.name for level in table.values()] == [level.name for level in default.values()]
        assert [level.number for level in table.values()] == list(range(6))


def test_hexagonal_raumschach_puts_two_plies_between_its_native_depth_levels():
    native = levels_for("native", HEX)
    assert [(native[n].depth, native[n].min_depth) for n in range(6)] == \
        [(0, 0), (1, 0), (3, 0), (5, 0), (None, 6), (None, 7)]
    assert "one ply" in native[1].description and "three plies" in native[2].description
    assert "five plies" in native[3].description
    assert [level.movetime for level in native.values()] == [level.movetime for level in NATIVE_LEVELS.values()]
    assert levels_for("python", HEX) is PYTHON_LEVELS


def test_a_game_option_keeps_the_variants_levels():
    assert levels_for("native", FIVEUP.with_options(castling=True))[3].depth == 5


def test_choose_move_on_a_five_up_position_uses_five_ups_depth(core):
    pos = Position.from_fen(FIVEUP_MIDDLEGAME, FIVEUP)
    result = choose_move(pos, 3, seed=1, core=core)
    assert result.depth == levels_for(core, FIVEUP)[3].depth == {"native": 5, "python": 3}[core]
    assert pos.is_legal(result.move)


def test_choose_move_on_a_raumschach_position_uses_raumschachs_depth(native):
    result = choose_move(Position.from_fen(RAUMSCHACH_ENDING), 3, seed=1, core="native")
    assert result.depth == NATIVE_LEVELS[3].depth == 6


class MadeUp:
    """The two attributes levels_for reads from a Variant, with native tuning only."""

    def __init__(self, tuning: dict) -> None:
        self.key = "made-up"
        self.level_tuning = {"native": tuning}


def test_tuning_for_a_level_that_does_not_exist_is_refused():
    with pytest.raises(ValueError, match=r"unknown levels \[6\]"):
        levels_for("native", MadeUp({6: LevelTuning(depth=9)}))


def test_tuning_cannot_change_a_time_controlled_levels_budget_or_loosen_a_cap():
    with pytest.raises(ValueError, match="only tighten"):
        levels_for("native", MadeUp({4: LevelTuning(movetime=2.0)}))
    with pytest.raises(ValueError, match="only tighten"):
        levels_for("native", MadeUp({3: LevelTuning(movetime=60.0)}))
