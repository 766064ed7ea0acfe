"""One rule for old integer game ids on the pages, as in the APIs (issue 38; docs/api.md, "Game
ids"): every page or form that names a game sends an integer id on to the same URL under the
public id (301 for a read, 308 for a POST, which keeps the method and the form and changes
nothing until it is followed), and an integer no game has is a 404. The rematch form and the
analysis board's ?game= acted on the integer themselves."""
import pytest

from games import services
from games.models import Challenge
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


def test_a_game_page_and_its_replay_are_sent_on(game, client):
    moved = client.get(f"/games/{game.pk}/replay/", {"ply": "2"})
    assert (moved.status_code, moved["Location"]) == (301, f"/games/{game.public_id}/replay/?ply=2")
    moved = client.get(f"/games/{game.pk}/")
    assert (moved.status_code, moved["Location"]) == (301, f"/games/{game.public_id}/")


def test_a_rematch_by_integer_is_a_308_that_changes_nothing_until_followed(game, alice, bob,
                                                                           alice_client):
    services.game_resign(game=game, user=bob)
    moved = alice_client.post(f"/games/{game.pk}/rematch/")
    assert (moved.status_code, moved["Location"]) == (308, f"/games/{game.public_id}/rematch/")
    assert not Challenge.objects.exists()
    followed = alice_client.post(moved["Location"])
    assert followed.status_code == 302
    assert Challenge.objects.get(challenger=alice).opponent == bob


def test_the_analysis_board_of_a_game_by_integer_is_sent_on_with_its_query(alice, bob, client):
    game = make_game(alice, bob)
    moved = client.get("/analysis/", {"game": str(game.pk), "ply": "0"})
    assert moved.status_code == 301
    assert moved["Location"] == f"/analysis/?game={game.public_id}&ply=0"
    assert client.get(moved["Location"]).status_code == 200


@pytest.mark.parametrize("method, url", [
    ("get", "/games/987654/"), ("get", "/games/987654/replay/"),
    ("post", "/games/987654/rematch/"), ("get", "/analysis/?game=987654")])
def test_an_integer_no_game_has_is_a_404(alice_client, method, url):
    assert getattr(alice_client, method)(url).status_code == 404
