"""lichess's short game links, as lichess clients print them (`/<id>`, `/<id>/white`,
`/<id>/black`), redirect to the game's page; an unknown id is a 404; the site's own pages of the
same shape (an 8-letter path) are unaffected."""
from __future__ import annotations

import pytest

from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("tail", ["", "/", "/white", "/black", "/white/"])
def test_a_short_link_redirects_to_the_game_page(client, alice, bob, tail):
    game = make_game(alice, bob)
    response = client.get(f"/{game.public_id}{tail}")
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.public_id}/"
    assert client.get(response["Location"]).status_code == 200


def test_an_unknown_id_is_not_found(client, db):
    assert client.get("/zzzz9999/white").status_code == 404
    assert client.get("/zzzz9999").status_code == 404


def test_a_page_with_an_eight_letter_path_is_still_the_page():
    from django.urls import resolve

    assert resolve("/password/").url_name == "password_change"  # "password": 8 letters
    assert resolve("/abcd1234/white").url_name == "lichess-game-link-color"
