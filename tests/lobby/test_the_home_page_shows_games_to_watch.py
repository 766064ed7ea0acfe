"""Watch: the home page (and the landing page for visitors) shows games being played now, the
latest finished games and the bot showcase."""
import pytest

from bots.models import Showcase
from games import services
from tests.bots.conftest import bot_user
from tests.site_fixtures import make_game, make_user, play
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db


def test_games_being_played_and_just_finished_are_listed(client, alice, bob, carol):
    running = play(make_game(alice, bob), "Bb2Cb2")
    not_started = make_game(bob, carol)
    finished = make_game(carol, alice)
    services.game_resign(game=finished, user=alice)
    for page in (client.get("/"), logged_in(carol).get("/")):
        html = page.content.decode()
        watch = html[html.index('id="watch"'):]
        playing = watch[watch.index('id="playing-now"'):watch.index("</table>")]
        assert f'href="/games/{running.public_id}/"' in playing
        assert f'href="/games/{not_started.public_id}/"' not in playing
        latest = watch[watch.index('id="finished-latest"'):]
        assert f'href="/games/{finished.public_id}/replay/"' in latest


def test_the_showcase_is_on_the_home_page(client):
    game = make_game(bot_user(4), bot_user(3))
    Showcase.objects.create(pk=1, game=game)
    html = logged_in(make_user("dora")).get("/").content.decode()
    showcase = html[html.index('id="showcase"'):]
    assert f'href="/tv/" data-game="{game.public_id}"' in showcase and "Bot TV" in showcase
