"""The browser's engine (the native core compiled to WebAssembly, run under Node) searches as
the native core does: on 30 Raumschach and 30 Five Up positions from seeded random games (and
10 of Five Up with castling) in the narrow build, and 60 Hexagonal Raumschach positions (185
cells), 20 of the 216-cell test cube (Five Up's reserves, unmoved pieces and en passant
beyond the 128th cell) and 30 of Star Trek (144 cells: VOID cells, occupied pins, board moves
carrying pieces, unmoved pawns, a bare king) in the wide build, each variant in the build the analysis board loads for it, at the
same fixed depth, the same best move, score, principal variation and node count as the native
build engine/core.py picks (the same algorithm on the same tables and keys, so any difference
is a bug in the build or in the tables' way to the browser); and the line as the page writes it
(engine_notation.js) reads as the engine's notation writes it."""
from __future__ import annotations

import pytest

import json

from analysis.board.selectors import engine_tables_json
from engine import core, unpack_move, variant_by_key
from engine.wasm_tables import position_numbers, wasm_build
from tests.engine.biased_random_positions import biased_positions
from tests.engine.fiveup_positions import fiveup_positions
from tests.engine.random_positions import random_game_positions
from tests.engine.startrek.random_games import positions as startrek_positions
from tests.engine.variant_on_a_six_cube import VARIANT as SIXCUBE

from .conftest import run_in_node

pytestmark = [pytest.mark.wasm, pytest.mark.slow]
TT_MIB = 16
HEX_DEPTH = 3  # ~1 M nodes over the 60 positions: about a second in each core
STARTREK_DEPTH = 4  # few moves a ply (15 from the start): depth 4 costs less than hex's 3


def _cases():
    raumschach = variant_by_key("raumschach")
    fiveup = variant_by_key("fiveup")
    fiveup_castling = fiveup.with_options(castling=True)
    hexraumschach = variant_by_key("hexraumschach")
    cases = [("raumschach", p, 4) for p in random_game_positions(30, seed=2711)]
    cases += [("fiveup", p, 3) for p in fiveup_positions(30, seed=2712)[0]]
    cases += [("fiveup+castling", p, 3) for p in fiveup_positions(10, seed=2713, castling=True)[0]]
    # Every 4th position of two biased random games (captures, pawn advances, a promotion).
    cases += [("hexraumschach", p, HEX_DEPTH) for p in biased_positions(hexraumschach, 240, seed=2714, plies=120)[0][::4]]
    cases += [("sixcube", p, 2) for p in biased_positions(SIXCUBE, 200, seed=2715, plies=100)[0][::10]]
    # Every 4th position of seeded biased random Star Trek games (board moves, carried pawns,
    # promotions, checks across the gaps; every third game from an endgame start).
    startrek = variant_by_key("startrek")
    cases += [("startrek", p, STARTREK_DEPTH) for p in startrek_positions(120, seed=2716)[0][::4]]
    variants = {"raumschach": raumschach, "fiveup": fiveup, "fiveup+castling": fiveup_castling,
                "hexraumschach": hexraumschach, "sixcube": SIXCUBE, "startrek": startrek}
    return cases, variants


def test_the_browser_engine_finds_the_native_cores_move_and_score(wasm_modules, tmp_path):
    if not core.native_available():
        pytest.fail("the native core is not built (python setup.py build_ext --inplace)")
    cases, variants = _cases()
    builds = {key: wasm_build(v) for key, v in variants.items()}
    assert builds["hexraumschach"] == builds["sixcube"] == builds["startrek"] == "wide"
    assert builds["raumschach"] == "narrow"
    positions = []
    for key, pos, depth in cases:
        numbers = position_numbers(pos)
        positions.append({**numbers, "variant": key, "depth": depth, "ttMib": TT_MIB})
    tables = {key: json.loads(engine_tables_json(v)) for key, v in variants.items()}
    results = run_in_node(wasm_modules, builds, tables, positions, tmp_path)
    assert len(results) == len(cases)
    differ = []
    for (key, pos, depth), got in zip(cases, results):
        args = core.position_args(pos)
        args["history"] = None  # the browser's position starts without earlier positions
        move, score, reached, nodes, _, pv, infos, *_threads = core.native_module_for(pos.variant).search(
            **args, depth=depth, tt_bytes=TT_MIB << 20)
        want = {"move": move, "score": score, "depth": reached, "pv": list(pv), "nodes": nodes,
                "infos": [i[0] for i in infos]}
        line, sans = pos.copy(), []
        for packed in pv:
            sans.append(line.san(unpack_move(packed)))
            line.push(unpack_move(packed))
        want["pvText"] = sans
        mine = {k: got.get(k) for k in want}
        if got.get("error") or mine != want:
            differ.append((key, pos.fen(), want, got))
    assert not differ, f"{len(differ)} of {len(cases)} positions differ; first: {differ[0]}"
    counts = {key: sum(1 for k, _, _ in cases if k == key) for key in variants}
    assert counts["hexraumschach"] >= 50 and min(counts.values()) >= 10, counts
