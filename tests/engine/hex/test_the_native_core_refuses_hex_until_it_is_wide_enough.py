"""Until the native core holds more than 128 cells (issue 25, wide-native), it refuses the hex
board with UnsupportedVariantError - never a crash - and every caller that goes through
engine.search.levels.core_for plays hex on the Python core."""
import pytest

from engine import Position, core
from engine.errors import UnsupportedVariantError
from engine.search.levels import choose_move, core_for

from tests.engine.conftest import require_native
from tests.engine.hex.helpers import HEX

pytestmark = pytest.mark.skipif(core.native_supports(HEX), reason="the native core plays hex now (wide-native)")


def test_the_native_core_refuses_the_185_cell_board():
    require_native()
    with pytest.raises(UnsupportedVariantError, match="185 cells"):
        core.native_handle(HEX)
    with pytest.raises(UnsupportedVariantError):
        core.perft(Position.start(HEX), 1, core="native")


def test_searches_perft_and_bots_go_to_the_python_core():
    assert core_for(HEX, "native") == "python"
    pos = Position.start(HEX)
    assert core.perft(pos, 2, core=core_for(HEX, "native")) == 2_807
    result = choose_move(pos, 2, seed=7, core="native")
    assert result.move in pos.legal_moves()
