"""The native core plays Star Trek (its wide, 256-bit build: 144 cells): core_for sends its
perft and searches there, perft from the start is the Python core's (15, 225, 4,446, 87,834;
docs/rules/startrek.md), with and without bulk counting; the narrow build refuses the tables."""
import pytest

from engine import Position
from engine import core as cores
from engine.errors import UnsupportedVariantError
from engine.native_tables import variant_tables
from engine.search.levels import core_for

from tests.engine.startrek.helpers import STARTREK


@pytest.fixture
def wide(native):
    return cores.native_module_for(STARTREK)


def test_star_trek_is_played_by_the_wide_build(native, wide):
    assert cores.native_supports(STARTREK)
    assert wide is not native and wide.__name__ == "engine._rs_native_wide"
    assert core_for(STARTREK, "native") == "native" and core_for(STARTREK, "python") == "python"


def test_perft_from_the_start_is_the_python_cores(wide):
    start = Position.start(STARTREK)
    assert [cores.perft(start, d, core="native") for d in (1, 2, 3, 4)] == [15, 225, 4_446, 87_834]
    assert cores.perft(start, 3, bulk=False, core="native") == 4_446


def test_the_narrow_build_refuses_movable_boards(native):
    with pytest.raises(UnsupportedVariantError):
        native.register(variant_tables(STARTREK))
