"""Bot TV (the showcase) plays the site's four games in turn, one game after another, and /tv/
opens the game on now (the game page, which shows its current position) or, between two
games, a page that looks again; the home page names the game on TV and the four it cycles."""
import pytest

from bots import hooks
from bots.models import Showcase
from bots.showcase import showcase_ensure, showcase_game
from games import services
from tests.bots.conftest import bot_user
from tests.site_fixtures import play
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db(transaction=True)

ORDER = ["raumschach", "fiveup", "hexraumschach", "startrek", "raumschach"]


@pytest.fixture(autouse=True)
def no_bot_moves(settings, monkeypatch, site_games_only):
    settings.SHOWCASE_ENABLED = True
    settings.SHOWCASE_LEVELS = (4, 3)
    monkeypatch.setattr(hooks, "request_bot_move_if_needed", lambda game_id, **kwargs: None)


def test_each_game_is_followed_by_the_next_of_the_four(client):
    game = showcase_ensure()
    seen = []
    for _ in ORDER:
        seen.append(game.variant)
        assert game.status == "active" and game.fen == game.start_fen
        services.game_resign(game=game, user=game.black)
        game = showcase_game()
    assert seen == ORDER


def test_tv_opens_the_game_on_now_at_its_position(client):
    game = play(showcase_ensure(), "Bc2Cc2", "Dc4Cc4")
    response = client.get("/tv/")
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.public_id}/?tv=1"
    page = client.get(response["Location"]).content.decode()
    assert 'data-ply="2"' in page and 'data-tv="/tv/"' in page and "tv_follow.js" in page
    assert "tv_follow.js" not in client.get(f"/games/{game.public_id}/").content.decode()


def test_between_two_games_tv_says_the_next_is_starting(client):
    game = showcase_ensure()
    Showcase.objects.filter(pk=1).update(game=None)
    assert "Bot TV is off" in client.get("/tv/").content.decode()
    Showcase.objects.filter(pk=1).update(game=game)
    services.game_abort(game=game, user=bot_user(3))
    Showcase.objects.filter(pk=1).update(game=game)  # as in the instant before the next starts
    page = client.get("/tv/").content.decode()
    assert 'id="tv-waiting" data-tv="/tv/"' in page and "tv_follow.js" in page


def test_the_home_page_names_the_game_on_tv_and_the_four(client, alice):
    game = showcase_ensure()
    services.game_resign(game=game, user=game.black)  # now Five Up
    for page in (client.get("/").content.decode(), logged_in(alice).get("/").content.decode()):
        showcase = page[page.index('id="showcase"'):]
        showcase = showcase[:showcase.index("</div>")]
        assert "Five Up:" in showcase and 'href="/tv/"' in showcase
        assert '<span data-variant="fiveup" class="showcase-now">Five Up</span>' in showcase
        for key in ("raumschach", "hexraumschach", "startrek"):
            assert f'data-variant="{key}"' in showcase
