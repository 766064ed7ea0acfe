"""describe(): what a board needs to draw Star Trek (docs/variant-seam.md section 10): 3 main
boards and 24 pin panes with their corners on the stand, 144 cells with file/rank positions,
the 24 pins with their cells, the position string's fields including the occupied pins, and
the board move's text."""
import json

from tests.engine.startrek.helpers import STARTREK


def test_the_stand_and_its_pins():
    d = STARTREK.describe()
    json.dumps(d)
    assert [b["id"] for b in d["boards"][:3]] == ["W", "N", "X"] and all(b["pin"] is None for b in d["boards"][:3])
    assert len(d["boards"]) == 27 and len(d["cells"]) == 144 and len(d["pins"]) == 24
    w = d["boards"][0]
    assert (w["width"], w["height"], w["z"], w["x0"], w["y0"]) == (4, 4, 1, 1, 1)
    q1d = next(p for p in d["pins"] if p["id"] == "Q1d")
    assert q1d["cells"] == ["Az0", "Aa0", "Az1", "Aa1"] and q1d["level"] == "A"
    pane = d["boards"][q1d["board"]]
    assert (pane["id"], pane["pin"], pane["x0"], pane["y0"], pane["width"]) == ("Q1d", "Q1d", 0, 0, 2)
    cell = next(c for c in d["cells"] if c["name"] == "Ba1")
    assert (cell["board"], cell["x"], cell["y"], cell["dark"]) == (0, 1, 1, True)
    assert d["fen_fields"] == ["placement", "side", "pins", "unmoved", "halfmove", "fullmove"]
    assert d["start_pins"] == STARTREK.start_fen.split()[2].split(",")
    assert len(d["placement_order"]) == 7 * 10 * 6 and d["placement_order"][:2] == ["Gz9", "Ga9"]
    assert d["promotion"] == ["q"] and d["board_move"]["example"] == "Q1dQ1u"
    assert [p["letter"] for p in d["pieces"]] == ["K", "Q", "R", "B", "N", "P"]
