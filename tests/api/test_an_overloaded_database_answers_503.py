"""When the database cannot be reached (pool exhausted, too many clients, connection lost) the
API answers 503 in its JSON error format instead of a 500, and nothing is written."""
import pytest
from django.db import OperationalError

from games.services import play as play_service
from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db


def test_a_move_during_a_database_outage_gets_503_and_changes_nothing(as_alice, game,
                                                                      monkeypatch):
    def no_connection(*args, **kwargs):
        raise OperationalError("couldn't get a connection after 10.00 sec")

    monkeypatch.setattr(play_service, "_lock", no_connection)
    before = db_snapshot()
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/", {"move": "Bb2Cb2", "ply": 0},
                             format="json")
    assert_error(response, 503, "unavailable")
    assert response["Retry-After"] == "1"
    assert db_snapshot() == before
