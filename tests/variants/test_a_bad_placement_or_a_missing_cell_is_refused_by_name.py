"""A Five Up move placing a piece the reserve never places (`Ab1Ac3/q`: a queen; `/x`: no
piece at all) and a Star Trek move naming a cell or pin the stand does not have (`K1dK9u`: there
is no K9u pin) are refused with a sentence that names the fault and a code of their own
(bad_placement, unknown_cell), not the generic "is not a move; type it as the move list shows
it": over the REST API, the game socket's move (games.realtime.reads.game_play, what the
consumer calls) and the Bot API alike, changing nothing."""
import pytest

from games.errors import GameError, MalformedMove
from games.realtime import reads
from tests.site_fixtures import accepted_challenge_game, assert_error, db_snapshot, token_client

from .conftest import bearer_client

pytestmark = pytest.mark.django_db

GENERIC = "type it as the move list shows it"
# (variant key, move, code, the start of the detail)
CASES = [
    ("fiveup", "Ab1Ac3/q", "bad_placement",
     "Ab1Ac3/q is not a move of Five Up: q is not a piece Five Up places; its placements are "
     "/w (wizard), /g (guard), /s (silver unicorn)."),
    ("fiveup", "Ab1Ac3/x", "bad_placement", "Ab1Ac3/x is not a move of Five Up: x is not a piece Five Up places"),
    ("raumschach", "Bb1Bc3/g", "bad_placement", "Bb1Bc3/g is not a move of Raumschach: Raumschach places no pieces."),
    ("fiveup", "Ab1Ac3/k", "bad_placement", "Ab1Ac3/k is not a move of Five Up: k is not a piece Five Up places"),
    ("startrek", "K1dK9u", "unknown_cell",
     "K1dK9u is not a move of Star Trek 3D chess: there is no K9u on its board (an attack board's pin is one of "
     "K1d, K1u,"),
    ("startrek", "K9uK1d", "unknown_cell", "K9uK1d is not a move of Star Trek 3D chess: there is no K9u"),
    ("startrek", "Bb2Cb3", "unknown_cell", "Bb2Cb3 is not a move of Star Trek 3D chess: there is no Cb3 on its board "
     "(level A-G"),
]
IDS = [f"{key}-{move}" for key, move, _code, _detail in CASES]


@pytest.mark.parametrize("key, move, code, detail", CASES, ids=IDS)
def test_the_rest_api(alice, bob, key, move, code, detail):
    game = accepted_challenge_game(alice, bob, key)
    client = token_client(alice)
    before = db_snapshot()
    body = assert_error(client.post(f"/api/v1/games/{game.public_id}/moves/",
                                                 {"move": move, "ply": 0}, format="json"), 400, code)
    assert body["detail"].startswith(detail), body
    assert GENERIC not in body["detail"]
    assert db_snapshot() == before


@pytest.mark.parametrize("key, move, code, detail", CASES, ids=IDS)
def test_the_game_socket(alice, bob, key, move, code, detail):
    game = accepted_challenge_game(alice, bob, key)
    before = db_snapshot()
    with pytest.raises(GameError) as raised:
        reads.game_play(game_id=game.pk, user=alice, move=move, ply=0)
    assert isinstance(raised.value, MalformedMove)  # still a malformed move to a broad catch
    assert raised.value.code == code and raised.value.status == 400
    assert str(raised.value.detail).startswith(detail)
    assert db_snapshot() == before


@pytest.mark.parametrize("key, move, code, detail", CASES, ids=IDS)
def test_the_bot_api(robo, alice, key, move, code, detail):
    game = accepted_challenge_game(robo, alice, key)
    client = bearer_client(robo)
    before = db_snapshot()
    response = client.post(f"/api/bot/game/{game.public_id}/move/{move}")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert response.json()["error"].startswith(detail)
    assert db_snapshot() == before


def test_a_placement_the_reserve_holds_is_still_played(alice, bob, robo):
    """The refusal is about the letter, not placements: /g (a guard) on a first move is fine,
    over the Bot API too (its path holds the placement's slash)."""
    game = accepted_challenge_game(alice, bob, "fiveup")
    played = token_client(alice).post(f"/api/v1/games/{game.public_id}/moves/",
                                      {"move": "Ab1Ac3/g", "ply": 0}, format="json")
    assert played.status_code == 201, played.content
    game = accepted_challenge_game(robo, alice, "fiveup")
    played = bearer_client(robo).post(f"/api/bot/game/{game.public_id}/move/Ab1Ac3/g")
    assert played.status_code == 200 and played.json() == {"ok": True}, played.content
