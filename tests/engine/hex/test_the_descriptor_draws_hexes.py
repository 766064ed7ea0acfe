"""``describe()`` for the hex board (docs/variant-seam.md section 5 and the contract in the
coordination notes): cell_shape "hex", flat-topped hexes one unit apart, three shades."""
import json
import math

from tests.engine.hex.helpers import HEX


def test_the_descriptor():
    d = HEX.describe()
    json.dumps(d)
    assert d["key"] == "hexraumschach" and d["rules"] == "/rules/hexraumschach/"
    assert d["cell_shape"] == "hex"
    assert [b["id"] for b in d["boards"]] == list("ABCDE") and [b["z"] for b in d["boards"]] == [0, 1, 2, 3, 4]
    for board in d["boards"]:
        assert board["orientation"] == "flat" and board["colors"] == 3
        assert board["columns"] == list("abcdefg")
        assert math.isclose(board["width"], 3 * math.sqrt(3) + 1, abs_tol=1e-5) and board["height"] == 7
    assert len(d["cells"]) == 185 and {c["shade"] for c in d["cells"]} == {0, 1, 2}
    assert d["fen_fields"] == ["placement", "side", "halfmove", "fullmove"]
    assert d["promotion"] == ["q", "n", "r", "b", "u"] and d["reserve"] == []
    assert {p["letter"] for p in d["pieces"]} == set("KQRBNUP")
    assert d["placement_order"][:5] == ["Ea1", "Ea2", "Ea3", "Ea4", "Eb1"] and d["placement_order"][-1] == "Ag4"


def test_neighbouring_centres_are_one_apart_and_neighbours_differ_in_shade():
    cells = {c["name"]: c for c in HEX.describe()["cells"]}
    centre = cells["Cd4"]
    # the six in-level neighbours of Cd4 (ruling section 1): d5, e4, e3, d3, c3, c4
    for name in ("Cd5", "Ce4", "Ce3", "Cd3", "Cc3", "Cc4"):
        other = cells[name]
        assert math.isclose(math.hypot(other["x"] - centre["x"], other["y"] - centre["y"]), 1, abs_tol=1e-5)
        assert other["shade"] != centre["shade"]
    # a diagonal step (through a vertex) keeps the colour; one level up shifts it by one
    assert cells["Ce5"]["shade"] == centre["shade"]
    assert cells["Dd4"]["shade"] == (centre["shade"] + 1) % 3
    # 0 light, 1 medium, 2 dark: the centre of the board is medium, as Glinski's
    assert centre["shade"] == 1 and cells["Cd5"]["shade"] == 0 and cells["Cd3"]["shade"] == 2
    assert all(c["dark"] == (c["shade"] == 2) for c in cells.values())
    # every coordinate is drawable: x from 0, y from 0, inside the pane
    assert min(c["x"] for c in cells.values()) == 0 and min(c["y"] for c in cells.values()) == 0
    assert max(c["y"] for c in cells.values()) == 6
