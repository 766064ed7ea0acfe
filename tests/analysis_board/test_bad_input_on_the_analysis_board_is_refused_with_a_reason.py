"""The analysis board's bad input: a malformed position string, an illegal or malformed move,
an unknown variant or option, on the API (a 400 with the engine's reason) and on the page
(the reason shown over the start position, status 400); never a 500."""
import pytest
from rest_framework.test import APIClient

import engine
from tests.site_fixtures import assert_error

pytestmark = pytest.mark.django_db
URL = "/api/v1/analysis/position/"
START = engine.Position.start().fen()


@pytest.mark.parametrize("body, code, words", [
    ({"fen": "not a position"}, "bad_position", "Not a Raumschach position"),
    ({"fen": ""}, "bad_position", "Paste a Raumschach position string"),
    ({"fen": START.replace("RNKNR", "RNQNR")}, "illegal_position", "Illegal Raumschach position: white has no king"),
    ({"fen": START.replace("RNKNR", "PNKNR")}, "illegal_position", "white pawn on Aa1"),
    ({"fen": START, "move": "Bb2Bb5"}, "illegal_move", "Bb2Bb5"),
    ({"fen": START, "move": "hello"}, "illegal_move", "hello"),
    ({"fen": START, "variant": "tic-tac-toe"}, "unknown_variant", "No variant"),
    ({"fen": START, "variant_options": {"gravity": True}}, "bad_variant_option", ""),
])
def test_bad_input_is_a_400_with_the_reason(body, code, words):
    response = APIClient().post(URL, body, format="json")
    assert words in assert_error(response, 400, code)["detail"]


def test_a_malformed_position_string_on_the_page_is_said_over_the_start_position(client):
    response = client.get("/analysis/", {"fen": "rnk/ppp w"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Not a Raumschach position" in page
    assert 'id="analysis-context"' in page  # the board still comes up, from the start


def test_bad_options_and_an_unknown_game_on_the_page(client):
    assert client.get("/analysis/", {"options": "{nope"}).status_code == 400
    response = client.get("/analysis/", {"game": "999999"})
    assert response.status_code == 404 and "No such game" in response.content.decode()
