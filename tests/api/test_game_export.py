"""GET /api/v1/games/{id}/export/: the record as text with headers and numbered moves."""
import pytest

from games import services
from tests.site_fixtures import assert_error, make_game, play

pytestmark = pytest.mark.django_db


def test_the_export_has_headers_and_numbered_readable_moves(anon, alice, bob):
    game = make_game(alice, bob, days_per_move=3)
    play(game, "Bb2Cb2", "Dc4Dc3", "Ab1Aa3")
    services.game_resign(game=game, user=bob)
    response = anon.get(f"/api/v1/games/{game.public_id}/export/")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    for header in ('[White "alice"]', '[Black "bob"]', '[Result "1-0"]',
                   '[Termination "resign"]', '[TimeControl "3 days per move"]',
                   f'[Date "{game.created_at:%Y.%m.%d}"]'):
        assert header in text
    assert text.rstrip().endswith("1. Bb2-Cb2 Dc4-Dc3 2. NAb1-Aa3 1-0")


def test_an_unfinished_game_exports_with_an_open_result(anon, game):
    text = anon.get(f"/api/v1/games/{game.public_id}/export/").content.decode()
    assert '[Result "*"]' in text and '[TimeControl "-"]' in text


def test_exporting_an_unknown_game_is_a_json_404(anon):
    assert_error(anon.get("/api/v1/games/424242/export/"), 404, "not_found")
