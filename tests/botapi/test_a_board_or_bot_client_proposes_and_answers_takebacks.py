"""The lichess Bot API's takebacks (the Board API's route is the same view):
`POST {bot|board}/game/{id}/takeback/{yes|no}`
proposes or accepts (yes) and declines (no); the game state carries `wtakeback` / `btakeback`
(lichess's fields, checked against its schema) while a side proposes; a rated game refuses."""
import jsonschema
import pytest

from botapi import selectors
from games import services as game_services
from games.models import Game
from tests.botapi import lichess_shapes
from tests.botapi.conftest import bearer_client
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db


def state_of(game: Game) -> dict:
    game.refresh_from_db()
    state = selectors.game_state_json(game)
    jsonschema.Draft202012Validator(lichess_shapes.EVENTS["gameState"]).validate(state)
    return state


def test_a_proposal_shows_in_the_state_and_yes_from_the_other_side_takes_it_back(robo, as_robo):
    hugo = make_user("hugo")
    game = make_game(robo, hugo)
    game_services.game_play_move(game=game, user=robo, move="Bb2Cb2", ply=0)
    response = as_robo.post(f"/api/bot/game/{game.public_id}/takeback/yes")
    assert response.status_code == 200 and response.json() == {"ok": True}
    state = state_of(game)
    assert state["wtakeback"] is True and "btakeback" not in state
    game_services.game_takeback(game=game, user=hugo, action="accept")
    state = state_of(game)
    assert state["moves"] == "" and "wtakeback" not in state


def test_no_declines_the_opponents_proposal(robo, as_robo):
    hugo = make_user("hugo")
    game = make_game(hugo, robo)
    game_services.game_play_move(game=game, user=hugo, move="Bb2Cb2", ply=0)
    game_services.game_takeback(game=game, user=hugo, action="offer")
    assert state_of(game)["wtakeback"] is True
    response = as_robo.post(f"/api/bot/game/{game.public_id}/takeback/no")
    assert response.status_code == 200
    state = state_of(game)
    assert "wtakeback" not in state and state["moves"] == "Bb2Cb2"


def test_a_rated_game_refuses_a_proposal(robo, as_robo):
    hugo = make_user("hugo")
    game = make_game(robo, hugo)
    Game.objects.filter(pk=game.pk).update(rated=True)
    game_services.game_play_move(game=game, user=robo, move="Bb2Cb2", ply=0)
    response = as_robo.post(f"/api/bot/game/{game.public_id}/takeback/yes")
    # lichess's error shape: 400 with our code beside the message
    assert response.status_code == 400 and response.json()["code"] == "takeback_rated"
    assert "takeback" not in str(state_of(game))
