"""The native core plays only the variants it was handed (engine/core.py registers the known
ones on first use): a position of any other variant, a handle it never gave out and a board
larger than its 128-bit boards are refused with UnsupportedVariantError - never searched with
another variant's rules."""
import copy

import pytest

from engine import Position
from engine import core as cores
from engine.errors import UnsupportedVariantError
from engine.native_tables import variant_tables
from engine.variants import RAUMSCHACH


def _unregistered(key: str):
    variant = copy.copy(RAUMSCHACH)
    variant.key = key
    return variant


@pytest.mark.parametrize("key", ["not-a-variant", "raumschach"])
def test_a_position_of_an_unregistered_variant_is_refused(native, key):
    pos = Position.start()
    pos.variant = _unregistered(key)  # same rules, but not the object the engine registered
    for call in (lambda: cores.perft(pos, 1, core="native"), lambda: cores.legal_moves(pos, core="native"),
                 lambda: cores.evaluate(pos, core="native"), lambda: cores.position_args(pos)):
        with pytest.raises(UnsupportedVariantError, match="not given the variant"):
            call()


def test_a_handle_the_core_never_gave_out_is_refused(native):
    start = Position.start()
    for handle in (-1, 10_000):
        with pytest.raises(UnsupportedVariantError, match="no variant with handle"):
            native.legal_moves(handle, start.sq, 0)
        with pytest.raises(UnsupportedVariantError):
            native.search(handle, start.sq, 0, 0, depth=1)


def test_a_board_beyond_128_cells_is_refused_at_registration(native):
    tables = variant_tables(RAUMSCHACH)
    tables["ncells"] = 185  # Hexagonal Raumschach's count: 128-bit boards cannot hold it
    with pytest.raises(UnsupportedVariantError, match="at most 128"):
        native.register(tables)


def test_rays_longer_than_the_core_holds_are_refused(native):
    tables = variant_tables(RAUMSCHACH)
    tables["rays"] = [[list(range(1, 10)) if d == 0 else ray for d, ray in enumerate(rays)] for rays in tables["rays"]]
    with pytest.raises(UnsupportedVariantError, match="at most 7"):
        native.register(tables)
