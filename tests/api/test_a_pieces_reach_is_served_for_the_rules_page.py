"""GET /api/v1/variants/<key>/reach/?piece=&cell=: where one piece moves and what it attacks on
an empty board (the rules page's demo), for anyone, logged in or not; bad input is a 400
naming what is wrong."""
import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def get(path: str):
    return APIClient().get(f"/api/v1/variants/{path}")


def test_a_unicorn_in_the_centre_reaches_the_sixteen_space_diagonal_cells():
    answer = get("raumschach/reach/?piece=U&cell=Cc3")
    assert answer.status_code == 200
    body = answer.json()
    assert (body["variant"], body["piece"], body["cell"]) == (
        {"key": "raumschach", "name": "Raumschach"}, "U", "Cc3")
    assert len(body["moves"]) == 16 and set(body["moves"]) == set(body["attacks"])
    assert {"Aa1", "Ee5", "Bb2", "Dd4"} <= set(body["moves"])
    assert body["fen"] == "5/5/5/5/5|5/5/5/5/5|5/5/2U2/5/5|5/5/5/5/5|5/5/5/5/5 w 0 1"


def test_a_pawn_attacks_where_it_cannot_move():
    body = get("raumschach/reach/?piece=p&cell=Dd4").json()
    assert body["moves"] == ["Cd4", "Dd3"]
    assert sorted(body["attacks"]) == ["Cc4", "Cd3", "Ce4", "Dc3", "De3"]


def test_five_ups_king_moves_orthogonally_and_attacks_more():
    body = get("fiveup/reach/?piece=K&cell=Cc3").json()
    assert len(body["moves"]) == 6 and len(body["attacks"]) == 14
    assert set(body["moves"]) < set(body["attacks"])


@pytest.mark.parametrize("path, code", [
    ("raumschach/reach/?piece=W&cell=Cc3", "bad_piece"),  # a Five Up piece in Raumschach
    ("raumschach/reach/?piece=UU&cell=Cc3", "bad_piece"),
    ("raumschach/reach/?piece=U&cell=Cc6", "bad_cell"),
    ("raumschach/reach/?piece=U", "bad_cell"),
    ("raumschach/reach/?cell=Cc3", "bad_piece"),
    ("raumschach/reach/?piece=U&cell=Cc3&colour=w", "invalid"),
    ("chess/reach/?piece=U&cell=Cc3", "unknown_variant"),
])
def test_bad_input_is_a_400_naming_what_is_wrong(path, code):
    answer = get(path)
    assert answer.status_code == 400
    assert answer.json()["error"] == code
