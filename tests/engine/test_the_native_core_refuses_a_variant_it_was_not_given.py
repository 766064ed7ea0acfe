"""The native core plays only the variants it was handed (engine/core.py registers the known
ones on first use): a position of any other variant, a handle it never gave out (the narrow
and the wide build number theirs apart, so neither takes the other's) and a board larger than
its boards (128 bits narrow, 256 wide) are refused with UnsupportedVariantError - never
searched with another variant's rules."""
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


def test_a_handle_of_the_other_build_is_refused(native):
    from .variant_on_a_six_cube import VARIANT as WIDE_VARIANT

    wide = cores.native_module_for(WIDE_VARIANT)
    start, wide_start = Position.start(), Position.start(WIDE_VARIANT)
    with pytest.raises(UnsupportedVariantError, match="no variant with handle"):
        wide.legal_moves(cores.native_handle(RAUMSCHACH), start.sq, 0)
    with pytest.raises(UnsupportedVariantError, match="no variant with handle"):
        native.legal_moves(cores.native_handle(WIDE_VARIANT), wide_start.sq, 0)


def test_a_board_beyond_128_cells_is_refused_by_the_narrow_build_and_beyond_256_by_the_wide(native):
    from .variant_on_a_six_cube import VARIANT as WIDE_VARIANT

    tables = variant_tables(RAUMSCHACH)
    tables["ncells"] = 185  # Hexagonal Raumschach's count: 128-bit boards cannot hold it
    with pytest.raises(UnsupportedVariantError, match="at most 128"):
        native.register(tables)
    tables["ncells"] = 257
    with pytest.raises(UnsupportedVariantError, match="at most 256"):
        cores.native_module_for(WIDE_VARIANT).register(tables)


def test_rays_longer_than_the_core_holds_are_refused(native):
    from .variant_on_a_six_cube import VARIANT as WIDE_VARIANT

    tables = variant_tables(RAUMSCHACH)
    tables["rays"] = [[list(range(1, 10)) if d == 0 else ray for d, ray in enumerate(rays)] for rays in tables["rays"]]
    with pytest.raises(UnsupportedVariantError, match="at most 7"):
        native.register(tables)
    tables = variant_tables(WIDE_VARIANT)  # the wide build holds rays of 15 cells
    tables["rays"] = [[list(range(1, 17)) if d == 0 else ray for d, ray in enumerate(rays)] for rays in tables["rays"]]
    with pytest.raises(UnsupportedVariantError, match="at most 15"):
        cores.native_module_for(WIDE_VARIANT).register(tables)
