"""POST .../moves/ answers through MovePlayedOut, the serializer its schema declares; this pins
that the serializer drops nothing the game's state carries (a field missing from GameStateOut
would vanish from the answer, and this test names it)."""
import pytest

pytestmark = pytest.mark.django_db


def test_the_move_answer_carries_every_field_of_the_games_state(as_alice, game):
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/", {"move": "Bb2Cb2", "ply": 0},
                             format="json")
    assert response.status_code == 201, response.content
    answer = response.json()
    state = as_alice.get(f"/api/v1/games/{game.public_id}/").json()
    assert set(answer) == {"ply", "move", "san", "fen", "game"}
    assert set(answer["game"]) == set(state)
    assert answer["game"]["legal_moves"] == state["legal_moves"]
    assert answer["game"]["moves"] == state["moves"][-1:]
