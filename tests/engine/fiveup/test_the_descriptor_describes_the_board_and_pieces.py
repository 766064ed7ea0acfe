"""``variant.describe()`` (docs/variant-seam.md section 5): what the browser draws from."""
import json

from engine import RAUMSCHACH

from tests.engine.fiveup.helpers import FIVEUP


def test_the_five_up_descriptor():
    d = FIVEUP.describe()
    json.dumps(d)  # plain JSON data
    assert d["key"] == "fiveup" and d["name"] == "Five Up" and d["rules"] == "/rules/fiveup/"
    assert [b["id"] for b in d["boards"]] == list("ABCDE") and d["boards"][4]["z"] == 4
    assert d["boards"][0]["columns"] == list("abcde") and d["boards"][0]["rows"] == list("12345")
    assert len(d["cells"]) == 125
    assert d["cells"][0] == {"name": "Aa1", "board": 0, "x": 0, "y": 0, "dark": True}
    assert d["cells"][62] == {"name": "Cc3", "board": 2, "x": 2, "y": 2, "dark": True}
    assert d["cell_pattern"] == "[A-E][a-e][1-5]"
    assert d["placement_order"][:6] == ["Ea5", "Eb5", "Ec5", "Ed5", "Ee5", "Ea4"]
    assert d["placement_order"][-1] == "Ae1" and len(d["placement_order"]) == 125
    assert {p["letter"] for p in d["pieces"]} == set("KQRBNUPWGS")
    assert {"letter": "S", "name": "silver unicorn", "image": "silver-unicorn", "royal": False} in d["pieces"]
    assert [p["letter"] for p in d["pieces"] if p["royal"]] == ["K"]
    assert d["promotion"] == ["q", "r", "b", "n", "u", "w", "g", "s"]
    assert d["reserve"] == ["w", "g", "s"]
    assert d["fen_fields"] == ["placement", "side", "reserves", "unmoved", "ep", "halfmove", "fullmove"]
    assert d["options"] == {"castling": {"default": False, "label": "Castling (optional rule)"}}


def test_the_raumschach_descriptor_has_no_reserve_and_four_fields():
    d = RAUMSCHACH.describe()
    assert d["reserve"] == [] and d["options"] == {}
    assert d["fen_fields"] == ["placement", "side", "halfmove", "fullmove"]
    assert d["promotion"] == ["q", "r", "b", "n", "u"]
