"""The replay page embeds every move with the position after it, and the start position."""
import pytest
from django.test import Client

from games.models import START_FEN
from tests.site_fixtures import play
from tests.web.conftest import embedded_json

pytestmark = pytest.mark.django_db


def test_the_replay_page_embeds_all_moves_and_the_start(game):
    play(game, "Bb2Cb2", "Dc4Dc3", "Ab1Aa3")
    response = Client().get(f"/games/{game.public_id}/replay/")
    state = embedded_json(response, "game-state")
    assert state["start_fen"] == START_FEN
    assert [(m["ply"], m["move"]) for m in state["moves"]] == [
        (1, "Bb2Cb2"), (2, "Dc4Dc3"), (3, "Ab1Aa3")]
    assert state["moves"][-1]["fen"] == state["fen"]
    html = response.content.decode()
    assert 'src="/static/games/js/replay.js"' in html
    assert f'href="/api/v1/games/{game.public_id}/export/"' in html


def test_the_text_export_it_links_lists_the_moves(game):
    play(game, "Bb2Cb2", "Dc4Dc3")
    text = Client().get(f"/api/v1/games/{game.public_id}/export/").content.decode()
    assert "1. Bb2-Cb2 Dc4-Dc3" in text


def test_a_finished_game_says_how_it_ended(game):
    from games import services
    play(game, "Bb2Cb2")
    services.game_resign(game=game, user=game.black)
    html = Client().get(f"/games/{game.public_id}/replay/").content.decode()
    assert "White won by resignation." in html
