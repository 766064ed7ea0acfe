"""The native core does not play Star Trek yet (cells that appear and disappear): it refuses
with UnsupportedVariantError, never playing another variant's rules, and core_for sends
Star Trek's perft and searches to the Python core."""
import pytest

from engine import Position
from engine import core as cores
from engine.errors import UnsupportedVariantError
from engine.native_tables import variant_tables
from engine.search.levels import core_for

from tests.engine.startrek.helpers import STARTREK


def test_its_tables_are_refused():
    with pytest.raises(UnsupportedVariantError, match="attack boards move"):
        variant_tables(STARTREK)


def test_the_native_core_is_not_handed_star_trek(native):
    pos = Position.start(STARTREK)
    assert not cores.native_supports(STARTREK)
    with pytest.raises(UnsupportedVariantError):
        cores.perft(pos, 1, core="native")
    with pytest.raises(UnsupportedVariantError):
        cores.legal_moves(pos, core="native")


@pytest.mark.parametrize("requested", ["native", "python", None])
def test_core_for_sends_it_to_the_python_core(requested):
    assert core_for(STARTREK, requested) == "python"
    assert cores.perft(Position.start(STARTREK), 2, core=core_for(STARTREK, requested)) == 225
