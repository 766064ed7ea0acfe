"""The browser's engine (both WebAssembly builds, under Node) refuses what a page could hand it
wrongly with a reason, and keeps its position: a piece code the variant lacks, two kings, a
pawn on its promotion row, too few cells, an unknown handle, an illegal move; variant tables
that end early or describe a board the build cannot hold (hex's 185 cells in the narrow build,
300 in the wide one).  The legal move after all that is played from the unchanged position.
Star Trek (wide build) adds its own: missing cells against the occupied pins, the pin list,
moves onto missing cells and board moves against the rules."""
import copy
import json
import subprocess
from pathlib import Path

import pytest

from analysis.board.selectors import engine_tables_json
from engine import Position, pack_move, variant_by_key
from engine.board_pins import VOID
from engine.moves import BOARD_MOVE_FLAG, CELL_MASK, FROM_SHIFT
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
    _check(steps, expected, results)


def _check(steps: list[dict], expected: list[tuple], results: list[dict]) -> None:
    """Each step's result as expected: ("ok", value or None), ("error", words in the message),
    ("state", None: remember it), ("same", what: the remembered state unchanged), ("codes",
    the board after a played move)."""
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


def test_star_trek_bad_input_is_refused_and_the_position_kept(wasm_modules, tmp_path):
    """Star Trek in the wide build: missing cells that do not match the occupied pins, a pin list
    cut off or naming no pin, a move onto a cell no board holds now and board moves that break
    the rules (a board carrying the king, an empty board, a taken pin) are refused and change
    nothing; the narrow build refuses the variant's board; a legal board move then carries its
    pieces as the Python board does."""
    variant = variant_by_key("startrek")
    start = Position.start(variant)
    numbers = position_numbers(start)
    pins = sorted(start.pins)
    head = numbers["extra"][: -1 - len(pins)]  # the extra state before the pins' count and indices
    cell, pin = variant.geometry.parse_cell, variant.pin_by_name
    hole = list(numbers["codes"])
    hole[cell("Bb1")] = VOID  # a main board's cell marked missing
    moved = [p for p in pins if p != pin["Q3d"].index] + [pin["Q2u"].index]  # cells left as at the start
    bad = {
        "pins that do not match the missing cells": ({**numbers, "extra": head + [len(moved), *sorted(moved)]},
                                                    "where no board stands"),
        "a main board's cell missing": ({**numbers, "codes": hole}, "marked missing"),
        "no pin list": ({**numbers, "extra": head}, "bad pin list"),
        "a pin beyond the last": ({**numbers, "extra": head + [1, len(variant.pins)]}, "not a pin"),
    }
    illegal = {
        "onto a missing cell": cell("Bd2") << FROM_SHIFT | cell("Cd3"),
        "a board carrying the king": _board_move(variant, "K1d", "K1u"),
        "an empty board": _board_move(variant, "Q3d", "K3d"),
        "onto a taken pin": _board_move(variant, "Q1d", "Q6u"),
    }
    legal = next(m for m in start.generate_legal() if m & BOARD_MOVE_FLAG
                 and any(start.sq[c] for c in variant.pin_by_anchor[m >> FROM_SHIFT & CELL_MASK].cells))
    after = start.copy()
    after.push_packed(legal)
    tables = {"startrek": json.loads(engine_tables_json(variant))}
    steps = [{"build": "wide", "op": "register", "variant": "startrek"},
             {"build": "wide", "op": "set", "handle": 0, "position": numbers},
             {"build": "wide", "op": "state"}]
    expected = [("ok", 0), ("ok", None), ("state", None)]
    for what, (position, words) in bad.items():
        steps += [{"build": "wide", "op": "set", "handle": 0, "position": position}, {"build": "wide", "op": "state"}]
        expected += [("error", words), ("same", what)]
    for what, move in illegal.items():
        assert move not in start.generate_legal(), what
        steps += [{"build": "wide", "op": "play", "move": move}, {"build": "wide", "op": "state"}]
        expected += [("error", "not legal here"), ("same", what)]
    steps += [{"build": "narrow", "op": "register", "variant": "startrek"},
              {"build": "wide", "op": "play", "move": legal}, {"build": "wide", "op": "state"}]
    expected += [("error", "a board of 144 cells: this build of the native core holds at most 128"),
                 ("ok", None), ("codes", list(after.sq))]
    results = _run(wasm_modules, tables, steps, tmp_path)
    _check(steps, expected, results)


def _board_move(variant, frm: str, to: str) -> int:
    return BOARD_MOVE_FLAG | variant.pin_by_name[frm].anchor << FROM_SHIFT | variant.pin_by_name[to].anchor
