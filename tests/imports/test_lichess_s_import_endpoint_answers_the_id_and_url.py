"""lichess's POST /api/import (form field `pgn`, a Bearer token) imports as the REST endpoint
does and answers lichess's {id, url}; a refusal is lichess's error shape with the code and the
line; lichess's JSON export of the game names its sides without accounts, source `import`."""
import pytest
from rest_framework.test import APIClient

from accounts import services as account_services
from games.models import Game
from tests.site_fixtures import db_snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def lichess_client(alice) -> APIClient:
    _, raw = account_services.api_token_create(user=alice, name="lichess client")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client


def test_a_record_posted_as_pgn_is_imported(lichess_client, alice):
    text = '[White "Ann"]\n[Black "Ben"]\n\n1. Bb2-Cb2 Dc4-Dc3 1/2-1/2\n'
    response = lichess_client.post("/api/import", {"pgn": text})
    assert response.status_code == 200, response.content
    body = response.json()
    game = Game.objects.get(public_id=body["id"])
    assert game.imported and game.imported_by == alice and game.result == "1/2-1/2"
    assert body["url"].endswith(f"/games/{game.public_id}/")
    exported = lichess_client.get(f"/game/export/{game.public_id}",
                                  HTTP_ACCEPT="application/json").json()
    assert exported["players"] == {"white": {"name": "Ann"}, "black": {"name": "Ben"}}
    assert exported["source"] == "import" and exported["rated"] is False


def test_a_refused_record_is_lichess_s_error_with_the_code_and_nothing_is_stored(lichess_client):
    before = db_snapshot()
    response = lichess_client.post("/api/import", {"pgn": "1. Bb2-Cb2 Dc4-Dc3 2. Bb2-Cb3"})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "illegal_move" and body["error"].startswith("Line 1: 2. Bb2-Cb3")
    assert db_snapshot() == before
