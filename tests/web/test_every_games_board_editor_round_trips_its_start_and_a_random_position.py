"""The board editor's page (/editor/<game>/) for every game: it draws the start position, or a
position string from the URL (a random reachable one comes back as it went in, with its
verdict); an illegal set-up is drawn with its reason; a string that does not read is said
over the start position (400); an unknown game is a 404; /editor/ lists the games; the
analysis board and the site menu link to it."""
import pytest

import engine
from tests.setup_positions import random_reachable
from tests.web.conftest import embedded_json

pytestmark = pytest.mark.django_db
KEYS = sorted(engine.VARIANTS)


@pytest.mark.parametrize("key", KEYS)
def test_the_editor_round_trips_the_start_and_a_random_reachable_position(client, key):
    variant = engine.VARIANTS[key]
    for fen in (None, random_reachable(variant, seed=5), random_reachable(variant, seed=6, plies=25)):
        response = client.get(f"/editor/{key}/", {"fen": fen} if fen else {})
        assert response.status_code == 200
        editor = embedded_json(response, "editor-context")
        assert editor["fen"] == (fen or variant.start_fen) and editor["start_fen"] == variant.start_fen
        assert editor["report"]["valid"] and editor["report"]["playable"] and editor["report"]["fen"] == editor["fen"]
        assert embedded_json(response, "variant-descriptor")["key"] == key
        assert f'value="{editor["fen"]}"' in response.content.decode()  # the text field holds it


def test_an_illegal_set_up_is_drawn_with_its_reason(client):
    fen = engine.START_FEN.replace("RNKNR", "PNKNR")
    response = client.get("/editor/raumschach/", {"fen": fen})
    assert response.status_code == 200
    editor = embedded_json(response, "editor-context")
    assert editor["fen"] == fen
    assert editor["report"]["code"] == "illegal_position" and editor["report"]["check"] == "pawns"
    assert 'data-valid="false"' in response.content.decode()


def test_a_string_that_does_not_read_is_said_over_the_start_position(client):
    response = client.get("/editor/fiveup/", {"fen": "rnk w"})
    assert response.status_code == 400
    assert "expected 7 space-separated fields" in response.content.decode()
    assert embedded_json(response, "editor-context")["fen"] == engine.VARIANTS["fiveup"].start_fen


def test_an_unknown_game_is_a_404_and_the_index_lists_every_game(client):
    assert client.get("/editor/chess960/").status_code == 404
    page = client.get("/editor/").content.decode()
    for key in KEYS:
        assert f'href="/editor/{key}/"' in page


def test_the_analysis_board_and_the_menu_link_to_the_editor(client):
    page = client.get("/analysis/", {"variant": "startrek"}).content.decode()
    assert 'class="editor-link" href="/editor/startrek/?fen=' in page
    assert 'href="/editor/"' in page
