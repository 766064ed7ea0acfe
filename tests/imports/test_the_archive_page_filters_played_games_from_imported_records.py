"""The archive page's "Source" filter: games played here, imported records, or both (the
default), as the API's `?imported=` does; an unknown source is refused with the form's error."""
import pytest

from games.services import imports
from tests.imports.helpers import finished_game

pytestmark = pytest.mark.django_db

RECORD = '[White "Ferdinand"]\n[Black "Maack"]\n\n1. Bb2-Cb2 Dc4-Dc3\n2. NAb1-Aa3 0-1\n'


@pytest.fixture
def both(alice, bob):
    played = finished_game(alice, bob, "raumschach", plies=6)
    imported = imports.game_import(user=alice, text=RECORD)
    return played, imported


def listed(client, **query) -> str:
    response = client.get("/archive/", query)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("source, shown, hidden", [
    ("", ("played", "imported"), ()),
    ("played", ("played",), ("imported",)),
    ("imported", ("imported",), ("played",)),
])
def test_each_source_lists_its_games(client, both, source, shown, hidden):
    games = dict(zip(("played", "imported"), both))
    page = listed(client, source=source) if source else listed(client)
    for name in shown:
        assert f"/games/{games[name].public_id}/" in page
    for name in hidden:
        assert f"/games/{games[name].public_id}/" not in page


def test_an_unknown_source_is_refused(client, both):
    response = client.get("/archive/", {"source": "elsewhere"})
    assert response.status_code == 400
    assert "archive-games" not in response.content.decode()
