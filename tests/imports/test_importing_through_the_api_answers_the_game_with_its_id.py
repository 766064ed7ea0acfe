"""POST /api/v1/games/import/ {text}: 201 with the game as GET /api/v1/games/{id}/ answers
it, `imported` true, the record's names as its sides; the game is stored finished and unrated,
by the importing account."""
import pytest

from games.models import Game

pytestmark = pytest.mark.django_db

RECORD = """[Event "Raumschach game"]
[Variant "Raumschach"]
[Date "2024.03.09"]
[White "Ferdinand Maack"]
[Black "A. N. Other"]
[Result "0-1"]
[Termination "resign"]

1. Bb2-Cb2 Dc4-Dc3 2. NAb1-Aa3 0-1
"""


def test_the_answer_is_the_stored_game_as_its_own_endpoint_gives_it(as_alice, alice):
    response = as_alice.post("/api/v1/games/import/", {"text": RECORD}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["imported"] is True and body["rated"] is False
    assert (body["white"], body["black"]) == ("Ferdinand Maack", "A. N. Other")
    assert (body["status"], body["result"], body["termination"]) == ("finished", "0-1", "resign")
    assert [m["san"] for m in body["moves"]] == ["Bb2-Cb2", "Dc4-Dc3", "NAb1-Aa3"]
    assert body["legal_moves"] == [] and body["your_color"] is None
    again = as_alice.get(f"/api/v1/games/{body['id']}/").json()
    assert again == body
    game = Game.objects.get(public_id=body["id"])
    assert game.imported and game.imported_by == alice and game.ply == 3
    assert game.created_at.date().isoformat() == "2024-03-09"


def test_the_archive_lists_it_marked_imported(as_alice, anon):
    game_id = as_alice.post("/api/v1/games/import/", {"text": RECORD}, format="json").json()["id"]
    rows = anon.get("/api/v1/games/").json()["results"]
    row = next(row for row in rows if row["id"] == game_id)
    assert row["imported"] is True and row["white"] == "Ferdinand Maack"
