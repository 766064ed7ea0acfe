"""The descriptor the pages embed (docs/variant-seam.md section 5) says everything the board
script needs, and says it the engine's way."""
import engine
from engine import geometry
from tests.web.descriptors import raumschach

from .conftest import embedded_json


def test_cells_are_indexed_like_the_engines_with_layout_and_colour():
    d = raumschach()
    assert len(d["cells"]) == 125 and len(d["boards"]) == 5
    for cell, described in enumerate(d["cells"]):
        assert described["name"] == geometry.cell_name(cell)
        assert described["board"] == geometry.cell_level(cell)
        assert (described["x"], described["y"]) == (geometry.cell_file(cell), geometry.cell_rank(cell))
        assert described["dark"] == geometry.is_dark(cell)
    assert [b["label"] for b in d["boards"]] == list("ABCDE")
    assert all(b["columns"] == list("abcde") and b["rows"] == list("12345") for b in d["boards"])
    assert [b["z"] for b in d["boards"]] == [0, 1, 2, 3, 4]


def test_placement_order_is_the_position_strings_order():
    d = raumschach()
    order = d["placement_order"]
    assert order[:6] == ["Ea5", "Eb5", "Ec5", "Ed5", "Ee5", "Ea4"] and order[-1] == "Ae1"
    assert sorted(order) == sorted(c["name"] for c in d["cells"])


def test_pieces_promotion_and_fields_come_from_the_engine():
    d = raumschach()
    assert {p["letter"]: p["image"] for p in d["pieces"]} == {
        "K": "king", "Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "U": "unicorn", "P": "pawn"}
    assert [p["letter"] for p in d["pieces"] if p["royal"]] == ["K"]
    assert d["promotion"] == ["q", "r", "b", "n", "u"] and d["reserve"] == []
    assert d["fen_fields"] == ["placement", "side", "halfmove", "fullmove"]
    assert len(engine.START_FEN.split()) == 4
    assert d["rules"] == "/rules/raumschach/"


def test_the_game_and_replay_pages_embed_the_games_descriptor(game, alice_client):
    for url in (f"/games/{game.public_id}/", f"/games/{game.public_id}/replay/"):
        embedded = embedded_json(alice_client.get(url), "variant-descriptor")
        assert embedded == raumschach()
