"""POST /api/v1/games/{id}/moves/: every refusal has its status, error code, and changes
nothing in the database."""
import pytest

from tests.site_fixtures import assert_error, db_snapshot, make_game, play

pytestmark = pytest.mark.django_db


def post_move(client, game, move, ply):
    return client.post(f"/api/v1/games/{game.public_id}/moves/", {"move": move, "ply": ply},
                       format="json")


def test_a_legal_move_is_stored_and_answered_with_201(as_alice, game):
    response = post_move(as_alice, game, "Bb2Cb2", 0)
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["ply"], body["move"], body["san"]) == (1, "Bb2Cb2", "Bb2-Cb2")
    assert body["game"]["ply"] == 1 and body["game"]["turn"] == "black"
    game.refresh_from_db()
    assert game.ply == 1 and game.moves.count() == 1 and game.fen == body["fen"]


def test_a_stale_ply_is_refused_with_409(as_alice, game):
    play(game, "Bb2Cb2", "Dc4Dc3")
    before = db_snapshot()
    assert_error(post_move(as_alice, game, "Bc2Cc2", 0), 409, "stale_ply")
    assert db_snapshot() == before


def test_a_ply_from_the_future_is_refused_as_stale(as_alice, game):
    before = db_snapshot()
    assert_error(post_move(as_alice, game, "Bc2Cc2", 5), 409, "stale_ply")
    assert db_snapshot() == before


def test_moving_out_of_turn_is_refused_with_403(as_bob, game):
    before = db_snapshot()
    assert_error(post_move(as_bob, game, "Dc4Dc3", 0), 403, "not_your_turn")
    assert db_snapshot() == before


def test_a_non_player_cannot_move(as_carol, game):
    before = db_snapshot()
    assert_error(post_move(as_carol, game, "Bb2Cb2", 0), 403, "not_a_player")
    assert db_snapshot() == before


def test_an_anonymous_client_cannot_move(anon, game):
    before = db_snapshot()
    assert_error(post_move(anon, game, "Bb2Cb2", 0), 401, "not_authenticated")
    assert db_snapshot() == before


# "Bb2-Cb2" (the readable form) is a move since issue 16, and "Bb2" a short pawn move that is
# illegal here (see test_the_move_box_accepts_readable_notation).
# A cell the board lacks is named (unknown_cell, a kind of malformed_move).
@pytest.mark.parametrize("text, code", [("Zz9Cb2", "unknown_cell"), ("Bb2Cb2x", "malformed_move"),
                                        ("hello", "malformed_move"), ("Bb2~Cb2", "malformed_move")])
def test_a_malformed_move_is_refused_with_400(as_alice, game, text, code):
    before = db_snapshot()
    assert_error(post_move(as_alice, game, text, 0), 400, code)
    assert db_snapshot() == before


def test_an_illegal_move_is_refused_with_the_reason(as_alice, game):
    before = db_snapshot()
    body = assert_error(post_move(as_alice, game, "Cc3Cc4", 0), 400, "illegal_move")
    assert "Cc3" in body["detail"]  # the engine's reason names the empty cell
    assert db_snapshot() == before


def test_moving_an_opponents_piece_is_illegal(as_alice, game):
    before = db_snapshot()
    body = assert_error(post_move(as_alice, game, "Dc4Dc3", 0), 400, "illegal_move")
    assert "piece" in body["detail"]
    assert db_snapshot() == before


def test_a_move_in_a_finished_game_is_refused_with_409(as_alice, alice, bob):
    game = make_game(alice, bob)
    game.status, game.result, game.termination = "finished", "0-1", "resign"
    game.save()
    before = db_snapshot()
    assert_error(post_move(as_alice, game, "Bb2Cb2", 0), 409, "game_over")
    assert db_snapshot() == before


def test_a_move_to_an_unknown_game_is_a_json_404(as_alice, game):
    before = db_snapshot()
    response = as_alice.post("/api/v1/games/999999/moves/", {"move": "Bb2Cb2", "ply": 0},
                             format="json")
    assert_error(response, 404, "not_found")
    assert db_snapshot() == before


@pytest.mark.parametrize("payload", [
    {}, {"move": "Bb2Cb2"}, {"ply": 0}, {"move": "Bb2Cb2", "ply": -1},
    {"move": "Bb2Cb2", "ply": "zero"}, {"move": "Bb2Cb2", "ply": True},
    {"move": ["Bb2Cb2"], "ply": 0}, {"move": "Bb2Cb2", "ply": 1.5},
    {"move": "B" * 200, "ply": 0},
])
def test_a_body_of_the_wrong_shape_is_refused_with_400(as_alice, game, payload):
    before = db_snapshot()
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/", payload, format="json")
    assert_error(response, 400, "invalid")
    assert db_snapshot() == before
