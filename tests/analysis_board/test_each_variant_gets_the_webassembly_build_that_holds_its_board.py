"""The analysis board loads the WebAssembly build of the core that holds its variant's board,
as engine/core.py picks the native build: the narrow module (128-bit boards) for the cube's
125 cells, the wide one (-DRS_WIDE) for Hexagonal Raumschach's 185, Star Trek's 144 and the
216-cell test cube; a board neither holds has no browser engine (the page asks the server).
The file names are scripts/build_wasm.py's."""
import json
import re
from types import SimpleNamespace

import pytest
from django.test import Client

import engine
from engine import core
from engine.errors import UnsupportedVariantError
from engine.variants import VARIANTS
from engine.wasm_tables import WASM_FILES, wasm_build
from scripts.build_wasm import BUILDS
from tests.engine.variant_on_a_six_cube import VARIANT as SIXCUBE


def test_each_native_variant_gets_the_build_its_native_module_is():
    if not core.native_available():
        pytest.fail("the native core is not built (python setup.py build_ext --inplace)")
    played = [*VARIANTS.values(), SIXCUBE]
    names = {v.key: core.native_module_for(v).__name__.rsplit(".", 1)[1] for v in played}
    assert names["hexraumschach"] == names["startrek"] == "_rs_native_wide" and names["raumschach"] == "_rs_native"
    for variant in played:
        want = "wide" if names[variant.key] == "_rs_native_wide" else "narrow"
        assert wasm_build(variant) == want, variant.key


def test_a_board_beyond_the_wide_build_has_no_browser_build():
    huge = SimpleNamespace(key="huge", geometry=SimpleNamespace(ncells=257))
    with pytest.raises(UnsupportedVariantError, match="257 cells"):
        wasm_build(huge)


def test_the_site_serves_the_files_the_build_writes():
    assert {name: file for name, (file, _) in BUILDS.items()} == WASM_FILES
    assert BUILDS["wide"][1] == ["-DRS_WIDE"] and BUILDS["narrow"][1] == []


@pytest.mark.django_db
@pytest.mark.parametrize("key, file", [("raumschach", "rs_engine.wasm"), ("fiveup", "rs_engine.wasm"),
                                       ("hexraumschach", "rs_engine_wide.wasm")])
def test_the_analysis_page_names_its_variants_build(key, file):
    page = Client().get("/analysis/", {"variant": key})
    assert page.status_code == 200
    context = json.loads(re.search(r'id="analysis-context"[^>]*>(.*?)</script>', page.content.decode(), re.S)[1])
    assert context["variant_key"] == key
    assert context["urls"]["wasm"].rsplit("/", 1)[1].split(".")[0] == file.split(".")[0]
    assert engine.variant_by_key(key).geometry.ncells <= (128 if file == "rs_engine.wasm" else 256)
