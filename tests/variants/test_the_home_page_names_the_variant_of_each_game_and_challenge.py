"""Games and challenges of several variants stand side by side on a player's home page, so
each row names its variant (a Five Up challenge must not read as a Raumschach one)."""
import re

import pytest
from django.test import Client

from games import services
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


def rows_of(html: str, table_id: str) -> list[str]:
    table = re.search(rf'<table[^>]*id="{table_id}".*?</table>', html, re.S)
    assert table, f"no table #{table_id}"
    return re.findall(r"<tr[^>]*>.*?</tr>", table.group(0).split("<tbody>", 1)[1], re.S)


def test_running_games_and_challenges_name_their_variant(fiveup, alice, bob, carol):
    game = make_game(alice, bob)
    game.variant = "fiveup"
    game.fen = game.start_fen = fiveup.start_fen
    game.save()
    make_game(alice, carol)  # Raumschach
    services.challenge_create(challenger=bob, opponent=alice, color="white", days_per_move=3,
                              public=False, variant="fiveup")
    services.challenge_create(challenger=alice, opponent=carol, color="black", days_per_move=3,
                              public=False)
    client = Client()
    client.force_login(alice)
    html = client.get("/").content.decode()

    running = rows_of(html, "active-games")
    by_opponent = {name: row for row in running for name in ("bob", "carol") if f">{name}<" in row}
    assert "Five Up" in by_opponent["bob"] and "Raumschach" not in by_opponent["bob"]
    assert "Raumschach" in by_opponent["carol"] and "Five Up" not in by_opponent["carol"]
    [incoming] = rows_of(html, "incoming-challenges")
    assert "Five Up" in incoming
    [outgoing] = rows_of(html, "outgoing-challenges")
    assert "Raumschach" in outgoing


def test_finished_games_name_their_variant(fiveup, alice, bob):
    game = make_game(alice, bob)
    game.variant = "fiveup"
    game.fen = game.start_fen = fiveup.start_fen
    game.save()
    services.game_resign(game=game, user=bob)
    client = Client()
    client.force_login(alice)
    html = client.get("/").content.decode()
    assert re.search(r'data-label="Game">Five Up<', html)
