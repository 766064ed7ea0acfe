"""position.js (the board's reading of cells, pieces, position strings and moves) knows no
board size: run under Node with Raumschach's descriptor, Five Up's, a made-up variant of
three 4×3 boards and a made-up one of two small hexagons, it reads each one's own position
strings and moves."""
import json
import math
import re
from pathlib import Path

import pytest

from tests.web.descriptors import FIVEUP_START, fiveup, raumschach
from tests.web.node import NODE, run_module

POSITION_JS = Path(__file__).resolve().parents[2] / "games/static/games/js/position.js"
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the board script")


def run(descriptor: dict, body: str):
    """Evaluate `body` (JS; `v` is the Variant) and return what it returns, as JSON."""
    script = (f"import {{ Variant }} from {json.dumps(POSITION_JS.as_uri())};\n"
              f"const v = new Variant({json.dumps(descriptor)});\n"
              f"const out = (() => {{ {body} }})();\n"
              "process.stdout.write(JSON.stringify(out));\n")
    return run_module(script)


def small_variant() -> dict:
    """Three boards of 4 files × 3 ranks, names like "Xb2"; not the cube anywhere."""
    boards = [{"id": b, "label": b, "width": 4, "height": 3, "z": i} for i, b in enumerate("XYZ")]
    cells = [{"name": f"{b}{'abcd'[x]}{y + 1}", "board": i, "x": x, "y": y, "dark": (x + y) % 2 == 0}
             for i, b in enumerate("XYZ") for y in range(3) for x in range(4)]
    order = [c["name"] for c in sorted(cells, key=lambda c: (-c["board"], -c["y"], c["x"]))]
    return {"key": "small", "name": "Small", "boards": boards, "cells": cells,
            "cell_pattern": "[XYZ][a-d][1-3]", "placement_order": order,
            "pieces": [{"letter": "K", "name": "king", "image": "king", "royal": True},
                       {"letter": "R", "name": "rook", "image": "rook"}],
            "promotion": ["r"], "reserve": [], "fen_fields": ["placement", "side"]}


def small_hex_variant() -> dict:
    """Two levels, each a hexagon of side 2 (7 cells, flat tops, centres 1 apart): cells named
    level + file (a..c) + rank from the bottom of the file, as Glinski's. Not hex-engine's board."""
    cells = []
    for level, letter in enumerate("XY"):
        for q in (-1, 0, 1):
            for r in (-1, 0, 1):
                if abs(q + r) > 1:
                    continue
                rank = r - max(-1, -1 - q) + 1
                cells.append({"name": f"{letter}{'abc'[q + 1]}{rank}", "board": level,
                              "x": round(q * math.sqrt(3) / 2, 6), "y": r + q / 2,
                              "dark": False, "shade": (q - r + level) % 3})
    boards = [{"id": b, "label": b, "width": 2.732, "height": 3, "z": i, "orientation": "flat", "colors": 3,
               "columns": ["a", "b", "c"], "rows": []} for i, b in enumerate("XY")]
    order = [c["name"] for c in sorted(cells, key=lambda c: (-c["board"], c["x"], c["y"]))]
    return {"key": "tinyhex", "name": "Tiny hex", "cell_shape": "hex", "boards": boards, "cells": cells,
            "cell_pattern": "[XY](?:a[12]|b[1-3]|c[12])", "placement_order": order,
            "pieces": [{"letter": "K", "name": "king", "image": "king", "royal": True},
                       {"letter": "R", "name": "rook", "image": "rook"}],
            "promotion": ["r"], "reserve": [], "fen_fields": ["placement", "side"]}


def test_a_hex_board_reads_its_lines_neighbours_and_extent():
    out = run(small_hex_variant(), """
      const c = (n) => v.parseCell(n);
      const names = (cells) => cells.map((x) => v.cellName(x));
      const p = v.parseFen("K1/3/1R|2/3/2 w");
      const box = v.paneBox(0);
      return {hex: v.hex, k: v.cellName(p.board.findIndex((x) => x && x.kind === "k")),
              column: names(v.lineBetween(c("Xb1"), c("Xb3"))),
              diagonal: v.lineBetween(c("Xa1"), c("Xb3")).length,
              slanted: names(v.lineBetween(c("Xa1"), c("Xc2"))),
              across: names(v.lineBetween(c("Xa1"), c("Yc2"))),
              up: v.cellName(v.cellNear(1, v.cells[c("Xb2")].x, v.cells[c("Xb2")].y)),
              right: v.cellName(v.neighbourToward(c("Xb2"), 1, 0)),
              down: v.cellName(v.neighbourToward(c("Xb2"), 0, -1)),
              edge: v.neighbourToward(c("Xc1"), 1, 0) ?? null,
              shade: v.shadeOf(c("Yb2")), width: box.width, height: box.height,
              corners: v.hexCorners(0).length};""")
    assert out["hex"] and out["k"] == "Ya1"
    assert out["column"] == ["Xb2"]  # a rook's line up a file
    assert out["diagonal"] == 0  # Xa1 to Xb3 is one diagonal step: nothing between
    assert out["slanted"] == ["Xb2"]  # two steps up-right, through the centre
    assert out["across"] == []  # a leap across a level and a file: no line
    assert out["up"] == "Yb2" and out["right"] in ("Xc1", "Xc2") and out["down"] == "Xb1"
    assert out["edge"] is None and out["shade"] == 1 and out["corners"] == 6
    # Three columns 0.866 apart plus a hex's two half-widths (1/sqrt(3) each); three rows + 1.
    assert out["width"] == pytest.approx(math.sqrt(3) + 2 / math.sqrt(3))
    assert out["height"] == pytest.approx(3)


def test_raumschach_start_and_moves():
    out = run(raumschach(), f"""
      const p = v.parseFen({json.dumps("rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|5/5/5/PPPPP/RNKNR w 0 1")});
      const at = (n) => p.board[v.parseCell(n)];
      let placementRefused = false;
      try {{ v.parseCoordMove("Bb1Be4/g"); }} catch {{ placementRefused = true; }}
      return {{pieces: p.board.filter(Boolean).length, ac1: at("Ac1"), ec5: at("Ec5"), turn: p.turn,
               fullmove: p.fullmove, promo: v.parseCoordMove("De5Ee5q"), placementRefused,
               line: v.lineBetween(v.parseCell("Aa1"), v.parseCell("Ee5")).map((c) => v.cellName(c)),
               leap: v.lineBetween(v.parseCell("Aa1"), v.parseCell("Bb3")).length}};""")
    assert out["pieces"] == 40 and out["turn"] == "white" and out["fullmove"] == 1
    assert out["ac1"] == {"kind": "k", "color": "white"} and out["ec5"] == {"kind": "k", "color": "black"}
    assert out["promo"]["promotion"] == "q" and out["promo"]["placement"] is None
    assert out["placementRefused"]
    assert out["line"] == ["Bb2", "Cc3", "Dd4"] and out["leap"] == 0


def test_fiveup_reserves_placements_and_new_pieces():
    out = run(fiveup(), f"""
      const p = v.parseFen({json.dumps(FIVEUP_START)});
      const later = v.parseFen({json.dumps(FIVEUP_START.replace("WGSwgs", "Ws"))});
      let fourFields = false;
      try {{ v.parseFen("5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K w 0 1"); }} catch {{ fourFields = true; }}
      return {{pieces: p.board.filter(Boolean).length, reserves: p.reserves, later: later.reserves,
               ba1: p.board[v.parseCell("Ba1")], move: v.parseCoordMove("Bb1Be4/g"),
               silver: v.pieceName("s"), image: v.pieceImage("s"), fourFields}};""")
    assert out["pieces"] == 40
    assert out["reserves"] == {"white": ["w", "g", "s"], "black": ["w", "g", "s"]}
    assert out["later"] == {"white": ["w"], "black": ["s"]}
    assert out["ba1"] == {"kind": "u", "color": "white"}
    assert out["move"]["placement"] == "g" and out["move"]["promotion"] is None
    assert out["silver"] == "silver unicorn" and out["image"] == "silver-unicorn"
    assert out["fourFields"], "a Raumschach string must not read as a Five Up one"


def test_a_variant_that_is_not_the_cube():
    out = run(small_variant(), """
      const p = v.parseFen("K3/4/4|4/4/4|4/4/3R b");
      const name = (c) => (c === undefined ? null : v.cellName(c));
      return {k: name(p.board.findIndex((x) => x && x.kind === "k")),
              r: name(p.board.findIndex((x) => x && x.kind === "r")), turn: p.turn,
              move: v.parseCoordMove("Xd1Zd3").to, n: v.ncells, royal: v.royal,
              above: name(v.cellAt(1, 3, 0))};""")
    assert out == {"k": "Za3", "r": "Xd1", "turn": "black", "move": 35, "n": 36, "royal": "k",
                   "above": "Yd1"}


def test_no_board_script_names_the_cube():
    """The cube lives in the descriptor only: no script spells its cells or its size."""
    # The 3D view's modules (board3d/) too: the split must not hide a board size from this check.
    scripts = sorted([*POSITION_JS.parent.glob("*.js"), *POSITION_JS.parent.glob("board3d/*.js")])
    cube = re.compile(r"ABCDE|abcde|\[A-E\]|\[a-e\]|\[1-5\]|\b125\b|\b25\b|cellIndex|SIZE\b"
                      r"|\b37\b|\b185\b")  # nor the hex board's level and board sizes
    found = [f"{path.name}:{n}: {line.strip()}" for path in scripts if path.name != "three.js"
             for n, line in enumerate(path.read_text().splitlines(), 1) if cube.search(line)]
    assert scripts and not found, found
