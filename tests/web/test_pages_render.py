"""Every page renders for the people allowed to see it, and sends the others to log in."""
import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from tests.site_fixtures import play
from tests.web.conftest import embedded_json

pytestmark = pytest.mark.django_db

PUBLIC = ["/", "/signup/", "/login/", "/archive/", "/players/alice/"]
PRIVATE = ["/new/", "/password/", "/profile/"]


@pytest.mark.parametrize("url", PUBLIC)
def test_public_pages_render_for_a_visitor(url, alice):
    response = Client().get(url)
    assert response.status_code == 200
    assert b"<h1" in response.content


@pytest.mark.parametrize("url", PRIVATE)
def test_private_pages_send_a_visitor_to_log_in(url):
    response = Client().get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(f"/login/?next={url}")


@pytest.mark.parametrize("url", ["/", "/new/", "/password/", "/archive/", "/players/alice/"])
def test_pages_render_for_a_logged_in_user(url, alice_client):
    response = alice_client.get(url)
    assert response.status_code == 200
    assert b"Log out" in response.content


def test_the_game_and_replay_pages_render_for_players_and_visitors(game, alice_client):
    play(game, "Bb2Cb2")
    for client in (alice_client, Client()):
        assert client.get(f"/games/{game.public_id}/").status_code == 200
        assert client.get(f"/games/{game.public_id}/replay/").status_code == 200


@pytest.mark.parametrize("url", ["/games/999999/", "/games/999999/replay/", "/players/nobody/",
                                 "/challenges/no-such-id/"])
def test_missing_things_are_a_404_page(url, alice_client):
    response = alice_client.get(url)
    assert response.status_code == 404
    assert b"Not found" in response.content


def test_every_piece_of_the_variant_has_its_picture_served(game, alice_client):
    response = alice_client.get(f"/games/{game.public_id}/")
    urls = embedded_json(response, "game-context")["piece_urls"]
    descriptor = embedded_json(response, "variant-descriptor")
    assert sorted(urls) == sorted(p["image"] for p in descriptor["pieces"])
    assert sorted(urls) == ["bishop", "king", "knight", "pawn", "queen", "rook", "unicorn"]
    for key, url in urls.items():
        path = finders.find(url.removeprefix("/static/"))
        assert path, f"{key} image missing"
        assert open(path).read().lstrip().startswith("<svg")
