"""The server's search (the fallback of a browser that cannot run the engine) refuses the
position of a game in progress to its players, whatever the move counters say; a spectator,
or the same player once the game is over, gets the search. The page turns the browser's engine
off for them too."""
import json

import pytest

import engine
from games.models import Game
from tests.site_fixtures import MATE_IN_ONE_FEN, MATE_IN_ONE_MOVE, assert_error, make_game, play, token_client

pytestmark = pytest.mark.django_db
URL = "/api/v1/analysis/search/"


@pytest.fixture(autouse=True)
def short_search(settings):
    settings.ANALYSIS_BOARD_SEARCH_SECONDS = 0.05


def _counters_changed(fen: str) -> str:
    fields = fen.split()
    return " ".join(fields[:-2] + ["7", "40"])


def test_a_player_of_a_game_in_progress_is_refused_its_position(alice, bob, carol):
    game = play(make_game(alice, bob), "Bb2Bb3")
    for fen in (game.fen, _counters_changed(game.fen)):
        response = token_client(bob).post(URL, {"fen": fen}, format="json")
        assert "engine is off" in assert_error(response, 403, "game_in_progress")["detail"]
    answer = token_client(carol).post(URL, {"fen": game.fen}, format="json")
    assert answer.status_code == 200
    body = answer.json()
    assert body["depth"] >= 1 and body["pv"] and len(body["pv_text"]) == len(body["pv"])


def test_once_the_game_is_over_its_players_get_the_search(alice, bob):
    game = play(make_game(alice, bob), "Bb2Bb3")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, result="1-0")
    assert token_client(bob).post(URL, {"fen": game.fen}, format="json").status_code == 200


def test_the_page_turns_the_browser_engine_off_for_a_player(client, alice, bob, carol):
    game = play(make_game(alice, bob), "Bb2Bb3")
    client.force_login(alice)
    for query in ({"game": game.public_id}, {"fen": game.fen}):
        context = _context(client.get("/analysis/", query))
        assert context["engine_off"] and "engine is off" in context["engine_off"]
    client.force_login(carol)
    assert _context(client.get("/analysis/", {"game": game.public_id}))["engine_off"] is None


def test_a_position_with_no_move_left_is_not_searched(carol):
    pos = engine.Position.from_fen(MATE_IN_ONE_FEN)
    pos.push(engine.Move.from_coord(MATE_IN_ONE_MOVE, pos.variant))
    mated = pos.fen()
    assert_error(token_client(carol).post(URL, {"fen": mated}, format="json"), 400, "game_over")


def _context(response) -> dict:
    page = response.content.decode()
    start = page.index(">", page.index('id="analysis-context"')) + 1
    return json.loads(page[start:page.index("</script>", start)])
