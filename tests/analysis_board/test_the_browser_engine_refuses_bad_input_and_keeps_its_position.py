"""The browser's engine (both WebAssembly builds, under Node) refuses what a page could hand it
wrongly with a reason, and keeps its position: a piece code the variant lacks, two kings, a
pawn on its promotion row, too few cells, an unknown handle, an illegal move; variant tables
that end early or describe a board the build cannot hold (hex's 185 cells in the narrow build,
300 in the wide one).  The legal move after all that is played from the unchanged position."""
import copy
import json
import subprocess
from pathlib import Path

import pytest

from analysis.board.selectors import engine_tables_json
from engine import Position, pack_move, variant_by_key
from engine.pieces import PAWN
from engine.wasm_tables import position_numbers, wasm_build

pytestmark = pytest.mark.wasm
RUNNER = Path(__file__).with_name("run_wasm_steps.js")
KEYS = ("raumschach", "hexraumschach")


def _run(wasm: dict[str, Path], tables: dict, steps: list[dict], tmp_path: Path) -> list[dict]:
    job = tmp_path / "steps.json"
    job.write_text(json.dumps({"wasm": {k: str(v) for k, v in wasm.items()}, "tables": tables, "steps": steps}))
    done = subprocess.run(["node", str(RUNNER), str(job)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def _bad_positions(start: dict, variant) -> dict[str, tuple[dict, str]]:
    def changed(**cells):
        position = copy.deepcopy(start)
        for cell, code in cells.items():
            position["codes"][int(cell[1:])] = code
        return position

    white_king = variant.royal_kind  # colour 0
    empty = start["codes"].index(0)
    # A cell of White's promotion row without a king (a pawn put there replaces what stands there).
    promotion = next(c for c in sorted(variant.promotion_cells[0]) if start["codes"][c] & 15 != variant.royal_kind)
    bad = {
        "unknown code": (changed(**{f"c{empty}": 14}), "no piece code of this variant"),
        "two kings": (changed(**{f"c{empty}": white_king}), "exactly one king"),
        "too few cells": ({**start, "codes": start["codes"][:-1]}, "too few cells"),
        "pawn on its promotion row": (changed(**{f"c{promotion}": PAWN}), "promotion row"),
    }
    return bad


def test_bad_input_is_refused_and_the_position_kept(wasm_modules, tmp_path):
    tables = {key: json.loads(engine_tables_json(variant_by_key(key))) for key in KEYS}
    steps, expected = [], []
    for handle_key in KEYS:
        variant = variant_by_key(handle_key)
        build = wasm_build(variant)
        start = Position.start(variant)
        numbers = position_numbers(start)
        steps += [{"build": build, "op": "register", "variant": handle_key},
                  {"build": build, "op": "set", "handle": 0, "position": numbers},
                  {"build": build, "op": "state"}]
        expected += [("ok", 0), ("ok", None), ("state", None)]
        for what, (position, words) in _bad_positions(numbers, variant).items():
            steps += [{"build": build, "op": "set", "handle": 0, "position": position}, {"build": build, "op": "state"}]
            expected += [("error", words), ("same", what)]
        move = start.legal_moves()[0]
        after = start.copy()
        after.push(move)
        steps += [{"build": build, "op": "set", "handle": 7, "position": numbers},
                  {"build": build, "op": "play", "move": 0},
                  {"build": build, "op": "state"},
                  {"build": build, "op": "register", "stream": [variant.geometry.ncells]},
                  {"build": build, "op": "register", "stream": [300]},
                  {"build": build, "op": "play", "move": pack_move(move)},
                  {"build": build, "op": "state"}]
        expected += [("error", "no such variant"), ("error", "not legal here"), ("same", "illegal move"),
                     ("error", "the tables end early"),
                     ("error", f"holds at most {256 if build == 'wide' else 128}"),
                     ("ok", None), ("codes", list(after.sq))]
    # Hex's tables in the narrow build: refused with the board's size, not read.
    steps.append({"build": "narrow", "op": "register", "variant": "hexraumschach"})
    expected.append(("error", "a board of 185 cells: this build of the native core holds at most 128"))
    results = _run(wasm_modules, tables, steps, tmp_path)
    assert len(results) == len(steps)
    state = None
    for step, (kind, want), got in zip(steps, expected, results):
        where = f"{step['build']} {step['op']}: {got}"
        if kind == "ok":
            assert "ok" in got and (want is None or got["ok"] == want), where
        elif kind == "error":
            assert want in got.get("error", ""), where
        elif kind == "state":
            state = got["ok"]
            assert sum(1 for c in state["codes"] if c) > 0, where
        elif kind == "same":
            assert got["ok"] == state, f"{want} changed the position: {where}"
        elif kind == "codes":
            assert got["ok"]["codes"] == want and got["ok"]["side"] == 1, where
