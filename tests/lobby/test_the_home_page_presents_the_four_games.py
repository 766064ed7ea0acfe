"""The home page, logged out and logged in, and the README's first lines present the four
games, each with its rules and its leaderboard (and, logged in, a link that starts one)."""
from pathlib import Path

import pytest

from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db

GAMES = {"raumschach": "Raumschach", "fiveup": "Five Up", "hexraumschach": "Hexagonal Raumschach",
         "startrek": "Star Trek"}
README = Path(__file__).resolve().parents[2] / "README.md"


def cards(page: str) -> str:
    start = page.index('id="games-offered"')
    return page[start:page.index("</section>", start)]


def test_a_visitor_sees_the_four_games(client):
    page = client.get("/").content.decode()
    intro = page[page.index("<h1>"):page.index('id="games-offered"')]
    for name in GAMES.values():
        assert name in intro
    offered = cards(page)
    for key, name in GAMES.items():
        assert f'data-variant="{key}"' in offered and name in offered
        assert f'href="/rules/{key}/"' in offered and f'href="/leaderboard/{key}/"' in offered
    assert "/new/?variant=" not in offered  # a visitor signs up first


def test_a_player_can_start_each_game_from_the_home_page(alice):
    offered = cards(logged_in(alice).get("/").content.decode())
    for key in GAMES:
        assert f'href="/new/?variant={key}"' in offered


def test_the_readme_names_the_four_games_first():
    opening = README.read_text().split("\n## ")[0]
    for name in GAMES.values():
        assert name in opening
