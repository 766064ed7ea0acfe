"""GET /api/v1/games/{id}/attackers/?cell=Cc3 names the pieces of each side attacking a cell in
the game's current position (the board's hover help); bad input is a 400 JSON error."""
import pytest
from rest_framework.test import APIClient

from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db

# White rook Aa2, bishop Ac1 and king Ae1; black king Ea5.
FEN = "k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/R4/2B1K w 0 1"


def url(game) -> str:
    return f"/api/v1/games/{game.public_id}/attackers/"


def test_a_cell_names_the_pieces_of_each_side_attacking_it(alice, bob):
    game = make_game(alice, bob, fen=FEN)
    response = APIClient().get(url(game), {"cell": "Ab2"})
    assert response.status_code == 200
    body = response.json()
    assert body["cell"] == "Ab2" and body["fen"] == FEN
    assert sorted(body["white"]) == ["Aa2", "Ac1"]
    assert body["black"] == []


def test_the_answer_follows_the_current_position(alice, bob):
    game = play(make_game(alice, bob, fen=FEN), "Aa2Ea2")
    body = APIClient().get(url(game), {"cell": "Ea4"}).json()
    assert body["white"] == ["Ea2"]
    assert body["black"] == ["Ea5"]


@pytest.mark.parametrize("query, code", [
    ({}, "bad_cell"), ({"cell": "Zz9"}, "bad_cell"), ({"cell": ""}, "bad_cell"),
    ({"cell": "Cc3", "square": "Cc3"}, "invalid"),
])
def test_a_missing_or_bad_cell_or_an_unknown_parameter_is_a_400(game, query, code):
    response = APIClient().get(url(game), query)
    assert response.status_code == 400
    assert response.json()["error"] == code


def test_an_unknown_game_is_a_404():
    response = APIClient().get("/api/v1/games/999999/attackers/", {"cell": "Cc3"})
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"
