"""The home page's games to watch (being played now, just finished), logged out and in, name
each game's game: four games share the lists, and a Star Trek game must not read as a
Raumschach one (issue 39)."""
import re

import pytest

from games import services
from tests.site_fixtures import make_user
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db


def a_game(white, black, variant: str):
    challenge = services.challenge_create(challenger=white, opponent=black, color="white",
                                          days_per_move=None, variant=variant)
    return services.challenge_accept(challenge=challenge, user=black)


def row(html: str, table_id: str, game) -> str:
    table = html[html.index(f'id="{table_id}"'):]
    table = table[:table.index("</table>")]
    match = re.search(rf'<tr data-game="{game.public_id}">.*?</tr>', table, re.S)
    assert match, (table_id, game.public_id)
    return match.group(0)


def test_each_game_to_watch_names_its_game(client, alice, bob):
    trek = a_game(alice, bob, "startrek")
    services.game_play_move(game=trek, user=alice, move="Q1dQ1u", ply=0)
    hexagonal = a_game(bob, alice, "hexraumschach")
    services.game_resign(game=hexagonal, user=alice)
    for page in (client.get("/"), logged_in(make_user("carol")).get("/")):
        html = page.content.decode()
        assert "{#" not in html and "#}" not in html  # no template comment shown as text
        playing = row(html, "playing-now", trek)
        assert '<span class="hint game-name">Star Trek 3D chess</span>' in playing
        finished = row(html, "finished-latest", hexagonal)
        assert '<span class="hint game-name">Hexagonal Raumschach</span>' in finished
